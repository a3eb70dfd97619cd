/* value.h: what an expression denotes and what it is evaluated at, the data that the reference
 * evaluator (src/eval) computes and the SMT side (src/smt) reads out of a model. Both implementations
 * of the semantics (docs/semantics.md) produce and consume these types; neither calls the other.
 *
 * A scalar result is a Value (one lane: a bit pattern, UB, or INVALID); a vector result is a VecValue
 * (every lane, one UB flag for the whole value); a graph expression's result is a GraphResult (a
 * value, or the buffers' final contents). Inputs: VarValue / VecVarValue per variable, GraphEnv for
 * graph expressions (variables, free ranges, initial buffers). */
#ifndef VSIMP_IR_VALUE_H
#define VSIMP_IR_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/bufdata.h"
#include "ir/node.h"
#include "ir/vector.h"

/* A result: the bit pattern of the value in the node's dtype (masked to its width; floats as their
 * IEEE bits, NaN canonical), or UB, or (index dtype only) INVALID, the sentinel that is no integer
 * (docs/semantics.md, "The invalid index"). ub and inv are never both set; bits is 0 for either. */
typedef struct {
  uint64_t bits;
  bool ub;
  bool inv;
} Value;

/* A variable's value in an assignment. */
typedef struct {
  const Node *var;
  uint64_t bits;
} VarValue;

/* True when two results are the same under refinement: both UB, both INVALID, or both values with
 * equal bits (NaN is canonical, so NaN equals NaN; -0.0 and +0.0 differ). */
static inline bool value_same(Value a, Value b) {
  return a.ub == b.ub && a.inv == b.inv && (a.ub || a.inv || a.bits == b.bits);
}

/* A scalar or vector result: `lanes` lane bit patterns as in Value, and one UB flag for the whole value
 * (docs/semantics.md, "Vectors": a vector op is UB when any lane is). Lanes of a UB value are 0. */
typedef struct {
  uint64_t lane[VS_MAX_LANES];
  uint8_t lanes;
  bool ub;
} VecValue;

/* A variable's value: lane[0..var->lanes). */
typedef struct {
  const Node *var;
  uint64_t lane[VS_MAX_LANES];
} VecVarValue;

/* The inputs of an expression. Every variable, every free range and every buffer the expression uses
 * must be given (extra entries are ignored). A buffer's data.size must lie within the BUFFER node's
 * size range [lo, hi]. */
typedef struct {
  const VarValue *vars; /* scalar variables */
  size_t nvars;
  const VarValue *ranges; /* free ranges: var is the RANGE node, bits its value (an index) */
  size_t nranges;
  const BufValue *bufs; /* initial contents */
  size_t nbufs;
} GraphEnv;

typedef struct {
  /* A value root: the result (Value.ub, Value.inv as for scalars). An effect root: value.ub says
   * whether the effect is UB. */
  Value value;
  /* An effect root that is not UB: the final contents of every buffer of env, in env's order (malloc'd;
   * graph_result_free releases them; not NULL even when env has no buffer). NULL for value roots and UB
   * effects. */
  BufValue *bufs;
  size_t nbufs;
  /* Some free range's value lies outside its domain (0 <= r < end, end defined): the point is not
   * admissible and nothing was evaluated (value is UB, bufs NULL). */
  bool out_of_domain;
} GraphResult;

/* Frees the buffers of a graph result (either implementation fills them). */
void graph_result_free(GraphResult *r);

#endif
