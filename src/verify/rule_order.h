/* rule_order.h: termination of the rule catalog (docs/rules.md, "Termination").
 *
 * Every rule must rewrite a term into one strictly smaller in a reduction order on terms, the
 * Knuth-Bendix order (KBO) over the catalog's ops:
 *   - a term's weight is the sum of its nodes' weights (1, but - 3, + 2, comparisons 3, pow 9, reduce 3, cast 4, % and tmod 3:
 *     rule_order.c, `op_weight`), where every constant counts as one node of weight 1: a constant
 *     variable, a literal, vmin/vmax/dtmin/dtmax, and any template subterm made of them alone (the
 *     engine builds `c1 + c2` and constant folding makes it one constant);
 *   - no pattern variable may occur more often in the template than in the pattern (otherwise a big
 *     term bound to it makes the result bigger);
 *   - s > t when s weighs more, or weighs the same and its root op comes later in the op precedence
 *     (rule_order.c, `precedence`), or has the same root op and its operands are greater in
 *     lexicographic order from the last operand to the first (constants and the other operands move to
 *     the end of chains); a variable the guard says is not a constant (`!is_const(y)`, a top-level
 *     conjunct) is greater than a constant.
 * The order is checked for every commutative variant of the pattern (the engine matches each).
 *
 * Exception class, checked: a canonical reordering. A rule whose guard has a top-level conjunct
 * order(b, a), and whose template is its pattern (every commutative variant of it) with the same ops in
 * the same places and the leaves permuted so that, reading the leaves from the last one, at the first
 * position where they differ the pattern has a and the template b: order(b, a) says "b orders after a"
 * in a strict total order on nodes (rewrite/match.h, node_orders_after), so each firing makes the leaf
 * sequence read backwards greater in that order, and reorderings cannot cycle among themselves (they
 * keep the weight: same ops, same leaves).
 *
 * A rule that neither decreases nor reorders can loop: the check says why, and looks for a cycle of
 * actual rewrites from its pattern (any rule of the catalog at any position, guards evaluated as the
 * engine does) and prints the terms that cycle when it finds one. Documented exceptions (built-in rules
 * listed in docs/rules.md with the reason they terminate) are reported, not rejected. */
#ifndef VSIMP_VERIFY_RULE_ORDER_H
#define VSIMP_VERIFY_RULE_ORDER_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/catalog.h"

typedef enum {
  ORDER_DECREASES,  /* strictly smaller in the order, every variant */
  ORDER_REORDERS,   /* a checked canonical reordering */
  ORDER_DOCUMENTED, /* violates the order, listed in docs/rules.md with its reason */
  ORDER_MAY_LOOP,   /* rejected */
} OrderVerdict;

typedef struct {
  const Rule *rule;
  OrderVerdict verdict;
  char why[400];  /* ORDER_MAY_LOOP, ORDER_DOCUMENTED: why */
  char *cycle;    /* ORDER_MAY_LOOP: the terms of a cycle found, one rewrite a line (malloc'd), or NULL */
} OrderItem;

/* Checks one rule; cat (may be NULL) gives the rules a cycle search may use. */
OrderItem order_check_rule(const Catalog *cat, const Rule *r);
void order_item_free(OrderItem *it);
const char *order_verdict_name(OrderVerdict v);
/* The documented exception of a rule, or NULL. */
const char *order_documented(const char *name);

#endif
