/* value.h: the value model both implementations of the semantics (docs/semantics.md) share: the reference
 * evaluator (src/eval) computes it, the SMT side (src/smt) reads it out of a model, and verify and fuzz
 * compare the two. Neither implementation calls the other; only these types are shared.
 *
 * A point is an assignment of every input of an expression: each variable with all its lanes, each free
 * range, each buffer's initial contents. An outcome is what an expression yields at a point: a value of
 * any lane count (a scalar is one lane) that may be UB or INVALID, or for an effect the final contents of
 * every buffer, or "out of domain" when a free range's value lies outside its loop's domain. Scalars,
 * vectors and tensor graphs are the same model: a scalar expression's point has one-lane variables and
 * no buffers, its outcome one lane.
 *
 * Value is one lane of it, what a single op computes on single lanes (the per-op semantics and the
 * prepared scalar evaluator work on it). */
#ifndef VSIMP_IR_VALUE_H
#define VSIMP_IR_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/bufdata.h"
#include "ir/node.h"
#include "ir/vector.h"

/* One lane: the bit pattern of the value in the node's dtype (masked to its width; floats as their
 * IEEE bits, NaN canonical), or UB, or (index dtype only) INVALID, the sentinel that is no integer
 * (docs/semantics.md, "The invalid index"). ub and inv are never both set; bits is 0 for either. */
typedef struct {
  uint64_t bits;
  bool ub;
  bool inv;
} Value;

/* True when two results are the same under refinement: both UB, both INVALID, or both values with
 * equal bits (NaN is canonical, so NaN equals NaN; -0.0 and +0.0 differ). */
static inline bool value_same(Value a, Value b) {
  return a.ub == b.ub && a.inv == b.inv && (a.ub || a.inv || a.bits == b.bits);
}

/* A value of any lane count: `lanes` bit patterns as in Value (a scalar is one lane), one UB flag for
 * the whole value (docs/semantics.md, "Vectors": a vector op is UB when any lane is), and INVALID (a
 * scalar index only: no vector holds an INVALID index). Lanes of a UB or INVALID value are 0. */
typedef struct {
  uint64_t lane[VS_MAX_LANES];
  uint8_t lanes;
  bool ub;
  bool inv;
} LaneValue;

/* A one-lane value. */
static inline LaneValue lane_value(Value v) {
  LaneValue r = {.lanes = 1, .ub = v.ub, .inv = v.inv};
  r.lane[0] = v.bits;
  return r;
}

/* Refinement's sameness of any lane count: both UB, both INVALID, or both values with the same lanes. */
bool lane_value_same(const LaneValue *a, const LaneValue *b);

/* An input's value in a point: a variable's lanes (lane[0] for a scalar), or a free range's value (an
 * index, in lane[0]). */
typedef struct {
  const Node *var;
  uint64_t lane[VS_MAX_LANES];
} VarValue;

/* A scalar input's value. */
static inline VarValue var_value(const Node *var, uint64_t bits) {
  VarValue r = {.var = var};
  r.lane[0] = bits;
  return r;
}

/* A point: the inputs of an expression. Every variable, every free range and every buffer the
 * expression uses must be given (extra entries are ignored); a buffer's data.size must lie within the
 * BUFFER node's size range [lo, hi]. A point the caller builds may live anywhere; a point a function
 * returns (a solver's model, a counterexample) owns its arrays and the buffers' data: point_free. */
typedef struct {
  VarValue *vars; /* variables (OP_VAR), every lane */
  size_t nvars;
  VarValue *ranges; /* free ranges: var is the RANGE node, lane[0] its value (an index) */
  size_t nranges;
  BufValue *bufs; /* initial contents */
  size_t nbufs;
} Point;

void point_free(Point *p);
/* A deep copy (dst's old contents are not freed). False when out of memory (dst then empty). */
bool point_copy(Point *dst, const Point *src);

/* What an expression yields at a point. */
typedef struct {
  /* A value root: its value. An effect root: value.ub says whether the effect is UB. */
  LaneValue value;
  /* An effect root that is not UB: the final contents of every buffer of the point, in the point's
   * order (malloc'd, not NULL even when the point has no buffer; outcome_free releases them). NULL for
   * value roots and UB effects. */
  BufValue *bufs;
  size_t nbufs;
  /* Some free range's value lies outside its domain (0 <= r < end, end defined): the point is not
   * admissible and nothing was evaluated (value is UB, bufs NULL). */
  bool out_of_domain;
} Outcome;

/* Releases the buffers of an outcome (either implementation fills them). */
void outcome_free(Outcome *o);
/* Whether two implementations computed the same outcome at one point: both out of domain, or the same
 * value (lane_value_same) and, for effects, the same final contents of every buffer. */
bool outcome_same(const Outcome *a, const Outcome *b);
/* Refinement at one point (both outcomes computed at the same point): the source is out of domain or
 * UB, or the target is admissible, not UB, and has the same value or leaves every buffer with the same
 * contents. */
bool outcome_refines(const Outcome *src, const Outcome *tgt);
/* Whether a precondition's outcome holds: admissible, defined, not INVALID, and true. */
bool outcome_holds(const Outcome *o);

#endif
