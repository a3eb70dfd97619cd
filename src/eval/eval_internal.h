/* eval_internal.h: the evaluator's op semantics, split by operand class. Private to src/eval.
 *
 * Every function takes operand values that are already defined (not UB) and masked to their dtype,
 * except ev_apply, which also handles UB propagation and select. `adt` is the dtype of the first
 * operand (the one that decides integer vs float semantics, the cast source, the compared dtype). */
#ifndef VSIMP_EVAL_EVAL_INTERNAL_H
#define VSIMP_EVAL_EVAL_INTERNAL_H

#include "eval/eval.h"

/* The two halves of eval_at (eval.h): scalar and vector expressions, evaluated lane-generically in one
 * pass over the DAG (eval_lanes.c), and graph expressions (eval_graph.c). */
bool ev_lanes_at(Node *root, const Point *p, Outcome *out, char *err, size_t errsize);
bool ev_graph_at(Node *root, const Point *p, Outcome *out, char *err, size_t errsize);

/* An op code: the Op, with EV_NSW set for a no-signed-overflow op (docs/semantics.md; the node's
 * VS_AUX_NSW, which the node builders keep at signed integer dtypes only). */
enum { EV_OP_MASK = 0x7f, EV_NSW = 0x80 };
_Static_assert((int)OP_COUNT <= (int)EV_OP_MASK, "op codes leave room for EV_NSW");
static inline unsigned ev_code(const Node *n) { return (unsigned)n->op | (vs_is_nsw(n) ? EV_NSW : 0u); }

/* The op of code applied with result dtype dt and first-operand dtype adt to a[0..arity), UB
 * propagation and the laziness of SELECT included. Not for CONST/VAR. */
Value ev_apply(unsigned code, DType dt, DType adt, const Value *a);
/* The op of code (not SELECT, CONST, VAR) applied to defined operand values a, b, c (0 where op has
 * fewer). The operands travel in registers: the prepared evaluator calls this once per node. */
Value ev_compute(unsigned code, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c);

/* Integer and bool operands (adt is an integer dtype or bool). */
Value ev_int_op(unsigned code, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c);
/* Float operands (adt is a float dtype); comparisons yield bool. */
Value ev_float_op(Op op, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c);
/* CAST from `from` to `to`. */
Value ev_cast(DType to, DType from, uint64_t bits);
/* BITCAST from `from` to `to` (same width, neither bool). */
Value ev_bitcast(DType to, DType from, uint64_t bits);

/* The exact double value of a float bit pattern of dtype dt. */
double ev_float_to_double(DType dt, uint64_t bits);
/* d rounded to nearest-even in dtype dt, as canonical bits. */
uint64_t ev_float_from_double(DType dt, double d);

static inline Value ev_val(uint64_t bits) { return (Value){bits, false, false}; }
static inline Value ev_ub(void) { return (Value){0, true, false}; }
static inline Value ev_inv(void) { return (Value){0, false, true}; }
/* An op with an INVALID operand and no UB one: INVALID if it yields an index, UB otherwise
 * (docs/semantics.md, "The invalid index"). */
static inline Value ev_from_inv(DType result) { return result == DT_INDEX ? ev_inv() : ev_ub(); }

/* dtype.h and op.h facts as inline functions: the evaluator's inner loop calls them per node, and the
 * out-of-line versions cost more than the arithmetic they guard. */
static inline int ev_width(DType dt) {
  switch (dt) {
  case DT_BOOL: return 1;
  case DT_I8: case DT_U8: return 8;
  case DT_I16: case DT_U16: case DT_F16: return 16;
  case DT_I32: case DT_U32: case DT_F32: return 32;
  default: return 64;
  }
}
static inline bool ev_signed(DType dt) {
  return dt == DT_I8 || dt == DT_I16 || dt == DT_I32 || dt == DT_I64 || dt == DT_INDEX;
}
static inline bool ev_float(DType dt) { return dt == DT_F16 || dt == DT_F32 || dt == DT_F64; }
static inline uint64_t ev_wrap(DType dt, uint64_t bits) { return bits & im_mask(ev_width(dt)); }
static inline int ev_arity(unsigned code) {
  switch ((Op)(code & EV_OP_MASK)) {
#define EV_OP_ARITY(e, s, a, f) case OP_##e: return a;
    VS_OP_LIST(EV_OP_ARITY)
#undef EV_OP_ARITY
  default: return 0;
  }
}

#endif
