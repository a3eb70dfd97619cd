#include "rules/family.h"

#include <string.h>

const Family families[] = {
  {"invalid", true},          {"memory", true},           /* loads and stores: masks reach them first */
  {"constant_folding", true}, {"identity", true},
  {"vector", true},           /* lane moves: before any rule looks inside a vec or bcast */
  {"canonical", false},       {"self_fold", true},        {"zero_fold", true},
  {"division", false},        {"cast", false},            {"term_combine", false},
  {"alu_chain", false},       {"advanced_division", false}, {"divmod_recombine", false},
  {"comparison", false},      {"boolean", true},          {"minmax", false},
  {"select", false},          {"power", false},           {"negation", false},
  {"range_divmod", false},    {"dead_code", false},       {"lemma", false},
};

int family_count(void) { return (int)(sizeof families / sizeof families[0]); }

int family_rank(const char *name) {
  for (int i = 0; i < family_count(); i++)
    if (!strcmp(families[i].name, name)) return i;
  return -1;
}

bool family_is_lemma(int rank) { return rank >= 0 && !strcmp(families[rank].name, "lemma"); }
