#include "rules/catalog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/arena.h"
#include "rules/embedded.h"
#include "rules/family.h"
#include "rules/rule_parse.h"

struct Catalog {
  Arena arena;
  Rule **rules;
  size_t n, cap;
  Action *actions[2][OP_COUNT]; /* [simple][op] */
  size_t nactions[2][OP_COUNT];
  bool indexed;
};

Catalog *catalog_new(void) { return calloc(1, sizeof(Catalog)); }

static void drop_index(Catalog *c) {
  for (int s = 0; s < 2; s++)
    for (int op = 0; op < OP_COUNT; op++) {
      free(c->actions[s][op]);
      c->actions[s][op] = NULL;
      c->nactions[s][op] = 0;
    }
  c->indexed = false;
}

void catalog_free(Catalog *c) {
  if (!c) return;
  drop_index(c);
  for (size_t i = 0; i < c->n; i++) free(c->rules[i]->proved);
  free(c->rules);
  arena_free(&c->arena);
  free(c);
}

size_t catalog_rule_count(const Catalog *c) { return c->n; }
Rule *catalog_rule(const Catalog *c, size_t i) { return i < c->n ? c->rules[i] : NULL; }

const Rule *catalog_find(const Catalog *c, const char *name) {
  for (size_t i = 0; i < c->n; i++)
    if (!strcmp(c->rules[i]->name, name)) return c->rules[i];
  return NULL;
}

static bool add_rule(void *ud, Rule *r, VsDiag *diag) {
  Catalog *c = ud;
  const Rule *old = catalog_find(c, r->name);
  if (old) {
    snprintf(diag->file, sizeof diag->file, "%s", r->file);
    diag->line = r->line;
    diag->col = 1;
    snprintf(diag->msg, sizeof diag->msg, "rule '%s' is already defined at %s:%d", r->name, old->file, old->line);
    return false;
  }
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 256;
    Rule **nr = realloc(c->rules, cap * sizeof *nr);
    if (!nr) {
      snprintf(diag->file, sizeof diag->file, "%s", r->file);
      diag->line = r->line;
      diag->col = 1;
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return false;
    }
    c->rules = nr;
    c->cap = cap;
  }
  r->order = (int)c->n; /* catalog order: file order across the whole load */
  c->rules[c->n++] = r;
  drop_index(c);
  return true;
}

bool catalog_load_text(Catalog *c, const char *name, const char *text, size_t len, VsDiag *diag) {
  const char *stable = arena_strndup(&c->arena, name, strlen(name));
  return stable && rules_parse(&c->arena, stable, text, len, add_rule, c, diag);
}

bool catalog_load_builtin(Catalog *c, VsDiag *diag) {
  for (size_t i = 0; i < vs_embedded_rules_count; i++) {
    char name[128];
    snprintf(name, sizeof name, "src/rules/%s", vs_embedded_rules[i].name);
    if (!catalog_load_text(c, name, (const char *)vs_embedded_rules[i].data, vs_embedded_rules[i].len, diag))
      return false;
  }
  return true;
}

bool catalog_load_file(Catalog *c, const char *path, VsDiag *diag) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t len = 0, cap = 0;
  if (f) {
    for (;;) {
      if (len == cap) {
        cap = cap ? cap * 2 : 65536;
        char *nb = cap <= (64u << 20) ? realloc(buf, cap) : NULL;
        if (!nb) break;
        buf = nb;
      }
      size_t got = fread(buf + len, 1, cap - len, f);
      len += got;
      if (got == 0) break;
    }
  }
  if (!f || ferror(f) || !buf) {
    snprintf(diag->file, sizeof diag->file, "%s", path);
    diag->line = diag->col = 1;
    snprintf(diag->msg, sizeof diag->msg, "cannot read file: %s", strerror(f ? EIO : errno));
    if (f) fclose(f);
    free(buf);
    return false;
  }
  fclose(f);
  bool ok = catalog_load_text(c, path, buf, len, diag);
  free(buf);
  return ok;
}

/* ---- proofs ---- */

static bool parse_instance(const Rule *r, const char *s, unsigned *idx) {
  uint8_t dts[RULE_MAX_CLASSES];
  int n = 0;
  if (!strcmp(s, "-")) {
    *idx = 0;
    return r->nfree == 0;
  }
  while (*s && n < RULE_MAX_CLASSES) {
    size_t len = strcspn(s, ",");
    DType dt;
    if (!dt_from_name(s, len, &dt)) return false;
    dts[n++] = (uint8_t)dt;
    s += len;
    if (*s == ',') s++;
  }
  if (n != r->nfree || *s) return false;
  unsigned v = 0;
  for (int i = n - 1; i >= 0; i--) v = v * DT_COUNT + dts[i];
  *idx = v;
  return true;
}

static void mark_proved(Rule *r, unsigned idx) {
  if (!r->proved && !(r->proved = calloc(RULE_INSTANCES / 8 + 1, 1))) return;
  r->proved[idx >> 3] |= (uint8_t)(1u << (idx & 7));
}

void catalog_apply_ledger(Catalog *c, const char *text, size_t len) {
  size_t pos = 0;
  while (pos < len) {
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    char line[512];
    size_t n = end - pos < sizeof line - 1 ? end - pos : sizeof line - 1;
    memcpy(line, text + pos, n);
    line[n] = 0;
    pos = end + 1;
    char hash[32], name[160], inst[64], status[32];
    if (line[0] == '#' || sscanf(line, "%31s %159s %63s %31s", hash, name, inst, status) != 4) continue;
    if (strcmp(status, "proved")) continue;
    Rule *r = (Rule *)catalog_find(c, name);
    unsigned idx;
    char want[32];
    if (!r) continue;
    snprintf(want, sizeof want, "%016llx", (unsigned long long)r->text_hash);
    if (strcmp(hash, want) || !parse_instance(r, inst, &idx)) continue;
    mark_proved(r, idx);
  }
}

void catalog_apply_builtin_ledger(Catalog *c) {
  for (size_t i = 0; i < vs_embedded_ledger_count; i++)
    catalog_apply_ledger(c, (const char *)vs_embedded_ledger[i].data, vs_embedded_ledger[i].len);
}

void catalog_trust_all_for_testing(Catalog *c) {
  for (size_t i = 0; i < c->n; i++) {
    unsigned total = 1;
    for (int k = 0; k < c->rules[i]->nfree; k++) total *= DT_COUNT;
    for (unsigned idx = 0; idx < total; idx++) mark_proved(c->rules[i], idx);
  }
}

/* ---- the action index ---- */

static int action_cmp(const void *a, const void *b) {
  const Action *x = a, *y = b;
  if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static bool push_action(Catalog *c, int s, int op, Action a) {
  Action *na = realloc(c->actions[s][op], (c->nactions[s][op] + 1) * sizeof *na);
  if (!na) return false;
  c->actions[s][op] = na;
  na[c->nactions[s][op]++] = a;
  return true;
}

static void build_index(Catalog *c) {
  drop_index(c);
  for (int s = 0; s < 2; s++) {
    for (size_t i = 0; i < c->n; i++) {
      const Rule *r = c->rules[i];
      if (r->is_lemma || (s && !families[r->family_rank].in_simple)) continue;
      push_action(c, s, r->lhs->op, (Action){.rule = r, .rank = r->family_rank, .order = r->order});
    }
    for (size_t i = 0; i < fold_count(); i++) {
      const Fold *f = fold_get(i);
      int rank = family_rank(f->family);
      if (s && !families[rank].in_simple) continue;
      for (int op = 0; op < OP_COUNT; op++)
        push_action(c, s, op, (Action){.fold = f, .rank = rank, .order = -1 - (int)i});
    }
    for (int op = 0; op < OP_COUNT; op++)
      if (c->nactions[s][op]) qsort(c->actions[s][op], c->nactions[s][op], sizeof(Action), action_cmp);
  }
  c->indexed = true;
}

const Action *catalog_actions(Catalog *c, bool simple, int op, size_t *n) {
  if (!c->indexed) build_index(c);
  *n = c->nactions[simple][op];
  return c->actions[simple][op];
}
