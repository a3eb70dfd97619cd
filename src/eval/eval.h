/* eval.h: the reference evaluator. It computes docs/semantics.md exactly, on bit patterns, for every
 * op and dtype: a value or UB. It shares no code with the SMT encoding (smt/), so the two can check
 * each other. */
#ifndef VSIMP_EVAL_EVAL_H
#define VSIMP_EVAL_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"
#include "ir/value.h"
#include "ir/vector.h"


/* Applies n's op (with n's dtypes) to already-evaluated operand values. For SELECT, args[1] or args[2]
 * may be UB without making the result UB when the other is chosen. n's own operands are not read
 * except for their dtypes. */
Value eval_op(const Node *n, const Value *args);

/* Evaluates root under env (every variable of root must be bound, else returns false and sets *out to
 * UB). Shared subexpressions are evaluated once. Scalar expressions only: an expression with a vector
 * node (NF_HAS_VEC) returns false here and in evaluator_new; eval_vec_expr takes it. So does a graph
 * expression (NF_HAS_GRAPH: eval_graph.h). */
bool eval_expr(Node *root, const VarValue *env, size_t nenv, Value *out);

/* An evaluator prepared for one expression, for evaluating it at many points quickly. */
typedef struct Evaluator Evaluator;
Evaluator *evaluator_new(Node *root);
void evaluator_free(Evaluator *ev);
/* The distinct variables of the expression, in post-order of first appearance. */
size_t evaluator_vars(const Evaluator *ev, const Node *const **vars);
/* Evaluates with the variables' values given in the order of evaluator_vars(). */
Value evaluator_run(Evaluator *ev, const uint64_t *var_bits);


/* ---- vectors (eval_vector.c) ---- */


/* Applies n's op lane by lane to evaluated operand values (one per operand of n). */
VecValue eval_vec_op(const Node *n, const VecValue *args);
/* Evaluates any expression, scalar or vector, under env (every variable bound, else false). */
bool eval_vec_expr(Node *root, const VecVarValue *env, size_t nenv, VecValue *out);
/* Refinement's sameness, lane-wise: both UB, or both defined with the same lanes. */
bool vec_value_same(const VecValue *a, const VecValue *b);

#endif
