/* eval_graph.h: the reference evaluator of the tensor-graph layer (docs/semantics.md, "Memory, loops
 * and reductions"): buffers and memory states, loads and stores, loop variables, reductions, loop nests
 * of effects, after. It runs the definition directly and shares no code with smt/encode_graph.c, so
 * the two check each other (src/check/conformance_graph.c). Value ops inside graph expressions are
 * computed with eval_op, the scalar evaluator's per-op semantics.
 *
 * Scalar expressions only (no vectors, which the IR keeps out of graph expressions), and no abstract
 * effects (OP_EFFECT: they stand for every effect and have no value). */
#ifndef VSIMP_EVAL_EVAL_GRAPH_H
#define VSIMP_EVAL_EVAL_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/eval.h"
#include "ir/bufdata.h"

/* Iterations one evaluation may run in all loops together; more is an evaluation error, not UB. */
#define VS_EVAL_MAX_ITERATIONS ((uint64_t)1 << 22)
/* Effect runs and private states (an `after` value, a load through `after`) one evaluation may make in
 * all; more is an evaluation error, not UB. An effect runs where it is referenced, so a DAG that names
 * one effect from several afters asks for exponentially many runs without any loop. */
#define VS_EVAL_MAX_RUNS ((uint64_t)1 << 24)


/* Evaluates root (a value or an effect) under env in the initial state env->bufs. Returns false, with a
 * message in err, when an input is missing or malformed, the expression has an abstract effect or a
 * vector, or the loops run more than VS_EVAL_MAX_ITERATIONS iterations (or the effects and private states
 * exceed VS_EVAL_MAX_RUNS). */
bool eval_graph(Node *root, const GraphEnv *env, GraphResult *out, char *err, size_t errsize);

/* Refinement's sameness of a source and a target result at one admissible point (both evaluated from
 * the same env), for a source that is not UB: the target is not UB and has the same value (values:
 * as value_same) or leaves every buffer with the same contents (effects). */
bool graph_result_refines(const GraphResult *src, const GraphResult *tgt);

#endif
