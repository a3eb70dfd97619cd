/* family.h: the rule families and their fixed order (docs/rules.md, "Order"). Within a matcher the
 * engine tries families in this order; `simple` is the cheap matcher (folding and identities),
 * `full` runs everything. */
#ifndef VSIMP_RULES_FAMILY_H
#define VSIMP_RULES_FAMILY_H

#include <stdbool.h>

typedef struct {
  const char *name;
  bool in_simple;
} Family;

/* Families in order; family_count() of them. */
extern const Family families[];
int family_count(void);
/* The rank (index) of a family, or -1 if there is none of that name. `lemma` is a family too: its
 * rules are proved but never matched (they justify procedural folds and range analysis). */
int family_rank(const char *name);
bool family_is_lemma(int rank);

#endif
