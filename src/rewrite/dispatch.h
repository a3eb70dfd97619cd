/* dispatch.h: which rules and folds the engine tries on a node.
 *
 * The engine looks up a node's candidates here instead of trying the whole catalog: actions are
 * indexed by root op (and by matcher), then filtered by the node's shape two levels down, so a node
 * tries only the rules that can match it (and that have a proved instance at its dtypes). The index
 * and the per-shape cache live with the catalog (catalog_set_cache) and are rebuilt whenever its rules
 * or proofs change. */
#ifndef VSIMP_REWRITE_DISPATCH_H
#define VSIMP_REWRITE_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rewrite/folds.h"
#include "rewrite/match.h"
#include "rules/catalog.h"

/* What the engine tries on a node, in order: rules and folds of the node's op, by family rank. */
typedef struct {
  const Rule *rule; /* one of rule, fold */
  const Fold *fold;
  int rank;
  int order;
  /* A fold: bit dt is set when every lemma it declares is proved at dtype dt (each free type class
   * of the lemma taken as dt); resolved when the index is built. */
  uint16_t fold_dtypes;
} Action;

/* The dtype a fold's lemmas are instantiated at for node n: the operands' dtype for a comparison,
 * n's dtype otherwise. */
static inline DType fold_subject_dtype(const Node *n) {
  return (n->op == OP_EQ || n->op == OP_NE || n->op == OP_LT || n->op == OP_LE) ? (DType)n->args[0]->dtype
                                                                                 : (DType)n->dtype;
}
/* Whether a fold action may fire on n: its lemmas are proved at n's subject dtype. */
static inline bool action_fold_proved(const Action *a, const Node *n) {
  return (a->fold_dtypes >> fold_subject_dtype(n)) & 1;
}

/* The actions for nodes of op `op` under a matcher ("simple" or "full"). Built on first use after
 * the last load. */
const Action *dispatch_actions(Catalog *c, bool simple, int op, size_t *n);

/* An action worth trying on a node, with the variants of its rule's pattern worth trying. */
enum { DISPATCH_MAX_VARIANTS = 16 }; /* the bits of Candidate.variants */
typedef struct {
  const Action *action;
  uint16_t variants;      /* a rule: bit v set when pattern variant v may match (a fold: 0); the
                           * first DISPATCH_MAX_VARIANTS variants only */
  const MatchProg *progs; /* a rule: its variants compiled (match_compile), or NULL: use match_pat */
} Candidate;

/* The actions of dispatch_actions(c, simple, n->op) that can fire on n, in the same order: a rule
 * whose pattern fits n's shape (its op, dtype and first operand's dtype, its operands' ops and, for a
 * binary node, theirs: a constant variable or a literal needs a constant of its value class, a
 * sub-pattern its op, a repeated variable one node, a fixed type class its dtype, a marked op a marked
 * node) and that has a proved instance at those dtypes; a fold whose lemmas are proved at n's subject
 * dtype and whose declared needs (Fold.needs) n's shape meets. On a vector node, only vector rules and
 * folds that fire on vectors (what the engine would refuse is not listed). The op's swaps
 * (dispatch_swap_rules) are not listed: the engine applies them to every node before building it
 * (engine.c, swap_early), and steps only nodes it built that way, where a swap cannot fire (the
 * operands are in order, or the swap failed the very tests a step would make).
 * Variants whose template is the variant itself are left out too (they can only rebuild the matched
 * node, which the engine discards: the commuted variant of x + y => y + x). Leaving out the others
 * changes nothing (they cannot fire), and the engine still checks everything
 * (match, proof, guard) before anything fires. Cached per shape on first use; the cache is dropped
 * whenever the catalog or its proofs change (so Rule.proved must change only through the catalog's
 * functions). Like dispatch_actions, not for concurrent use: one catalog per thread. */
const Candidate *dispatch_candidates(Catalog *c, bool simple, const Node *n, size_t *count);
/* The same through the catalog's dispatch state, fetched once (dispatch_state; NULL when out of
 * memory, and then every action is tried): the engine asks at every step. The state lives until the
 * catalog's rules or proofs change, which they do not while a rewrite runs. */
typedef struct Dispatch Dispatch;
Dispatch *dispatch_state(Catalog *c);
const Candidate *dispatch_candidates_of(Dispatch *d, bool simple, const Node *n, size_t *count);
/* A number that names d among every dispatch state the process builds (never 0, never reused): a new
 * one is built whenever the catalog's rules or proofs change, so what was derived under one serial
 * (the engine's fixpoints) holds while the catalog's state has that serial. */
uint64_t dispatch_serial(const Dispatch *d);

/* The constant-folding fold's action for nodes of op under d's matcher when it is the first action
 * that can fire on such a node whose operands are all constants (every action before it is a rule
 * whose pattern needs an operation among the operands), else NULL. Then the engine may fold a constant
 * operation where a template builds it, as its first step on that node would. */
const Action *dispatch_constant_fold_first(const Dispatch *d, bool simple, int op);

/* The canonical operand swaps of op (docs/rules.md, "Operand order at construction"): the rules
 * `op(x, y) => op(y, x)` whose guard has order(x, y) as a top-level conjunct (canonical.rules:
 * add_swap_nsw, add_swap, mul_swap, min_swap, ...), as they stand in dispatch_actions(c, simple, op):
 * the first such rule and those right after it, up to the first other action. The engine applies
 * them to a node it is about to rebuild, before building it. Empty under a matcher or catalog
 * without them. */
enum { DISPATCH_MAX_SWAPS = 4 };
typedef struct {
  const Rule *rule[DISPATCH_MAX_SWAPS];
  const MatchProg *prog[DISPATCH_MAX_SWAPS]; /* the rule's pattern as written, compiled, or NULL */
  int n;
} SwapRules;
/* Indexed by op; built with the action index. NULL when out of memory. */
const SwapRules *dispatch_swap_rules(Catalog *c, bool simple);

/* The rules of c that have the shape of a fact (fold_is_fact_rule) and some proved instance, in
 * catalog order: what the Boolean and substitution folds look for facts among. Built on first use. */
const Rule *const *dispatch_fact_rules(Catalog *c, size_t *n);

#endif
