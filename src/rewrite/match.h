/* match.h: matching rule patterns against nodes, checking guards, and building templates.
 *
 * A Match records what each slot of a rule matched and which dtype each type class took. Matching
 * is structural (hash-consing makes a repeated variable a pointer compare) and tries one operand
 * order: the rule's pattern variants cover the commutative orders. */
#ifndef VSIMP_REWRITE_MATCH_H
#define VSIMP_REWRITE_MATCH_H

#include <stdbool.h>

#include "ir/node.h"
#include "rules/rule.h"

typedef struct {
  Node *slot[RULE_MAX_SLOTS];
  uint8_t class_dt[RULE_MAX_ALL_CLASSES]; /* DT_COUNT: not yet known */
} Match;

void match_reset(const Rule *r, Match *m);
/* Matches pattern p (of rule r) against n, extending m. On failure m is left partly filled: reset it. */
bool match_pat(const Rule *r, const Pat *p, Node *n, Match *m);
/* Evaluates the guard of r on a complete match (NULL guard: true). */
bool guard_holds(const Rule *r, const Match *m);
/* Builds the template t of r under a complete match. NULL if a node cannot be built. */
Node *template_build(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m);
/* The bit pattern a literal pattern denotes at dtype dt; false if the value does not exist there
 * exactly (a literal `-1` at u8, `0.5` at an integer dtype, `1e40` at f32). */
bool pat_literal_bits(const Pat *p, DType dt, uint64_t *bits);
/* The canonical order of operands that G_ORDER tests: true when a should come after b. Constants
 * go last; otherwise the older node (smaller id) goes first. */
bool node_orders_after(const Node *a, const Node *b);

#endif
