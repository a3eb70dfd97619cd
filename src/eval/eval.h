/* eval.h: the reference evaluator. It computes docs/semantics.md exactly, on bit patterns, for every
 * op, dtype and lane count, and for the tensor-graph layer (memory, loops and reductions): a value, UB
 * or INVALID, or an effect's final buffers. It shares no code with the SMT encoding (smt/), so the two
 * can check each other; they share only the value model of ir/value.h. */
#ifndef VSIMP_EVAL_EVAL_H
#define VSIMP_EVAL_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"
#include "ir/value.h"
#include "ir/vector.h"

/* Iterations one evaluation may run in all loops together; more is an evaluation error, not UB. */
#define VS_EVAL_MAX_ITERATIONS ((uint64_t)1 << 22)
/* Effect runs and private states (an `after` value, a load through `after`) one evaluation may make in
 * all; more is an evaluation error, not UB. An effect runs where it is referenced, so a DAG that names
 * one effect from several afters asks for exponentially many runs without any loop. */
#define VS_EVAL_MAX_RUNS ((uint64_t)1 << 24)

/* The evaluator: root (any expression: scalar, vector or graph; a value or an effect) at point p (NULL:
 * no inputs), into *out (outcome_free releases an effect's buffers). Shared subexpressions are
 * evaluated once. Returns false, with a message in err (when errsize > 0), when an input root uses is
 * missing from p or malformed, the expression has an abstract effect or value (they stand for every
 * effect and have no value), a vector inside a graph expression, or its loops run more than
 * VS_EVAL_MAX_ITERATIONS iterations (or its effects and private states exceed VS_EVAL_MAX_RUNS); *out
 * is then UB. A free range outside its domain sets out->out_of_domain (graph expressions only). */
bool eval_at(Node *root, const Point *p, Outcome *out, char *err, size_t errsize);

/* ---- the per-op semantics ---- */

/* Applies n's op (with n's dtypes) to already-evaluated one-lane operand values. For SELECT, args[1]
 * or args[2] may be UB without making the result UB when the other is chosen. n's own operands are not
 * read except for their dtypes. */
Value eval_op(const Node *n, const Value *args);
/* The same for any lane count (one value per operand of n): every scalar op lane by lane, and VEC,
 * GEP, CAT, BCAST as lane moves. */
LaneValue eval_lanes_op(const Node *n, const LaneValue *args);

/* ---- the prepared scalar evaluator ----
 *
 * An evaluator prepared for one scalar expression (no vector, no graph node: evaluator_new returns
 * NULL for those), for evaluating it at many points quickly (exhaustive checks, the fuzzer's concrete
 * oracle, the rule verifier's concrete search). It computes what eval_at computes. */
typedef struct Evaluator Evaluator;
Evaluator *evaluator_new(Node *root);
void evaluator_free(Evaluator *ev);
/* The distinct variables of the expression, in post-order of first appearance. */
size_t evaluator_vars(const Evaluator *ev, const Node *const **vars);
/* Evaluates with the variables' values given in the order of evaluator_vars(). */
Value evaluator_run(Evaluator *ev, const uint64_t *var_bits);

#endif
