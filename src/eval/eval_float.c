/* Float ops. Every float dtype is computed in binary64 and rounded once to its own format: exact for
 * f64, and for f32 and f16 innocuous for + - * / sqrt because 53 >= 2p + 2 (p = 24, 11), so the
 * double rounding through binary64 gives the correctly rounded result. It also makes the results
 * independent of FLT_EVAL_METHOD 0 vs 1 (float evaluated in double). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "eval/eval_internal.h"
#include "eval/f16.h"

#if !defined(FLT_EVAL_METHOD) || (FLT_EVAL_METHOD != 0 && FLT_EVAL_METHOD != 1)
#error "the evaluator needs double arithmetic evaluated in binary64 (FLT_EVAL_METHOD 0 or 1)"
#endif

double ev_float_to_double(DType dt, uint64_t bits) {
  switch (dt) {
  case DT_F16: return f16_to_double((uint16_t)bits);
  case DT_F32: {
    uint32_t u = (uint32_t)bits;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
  }
  default: {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  }
}

uint64_t ev_float_from_double(DType dt, double d) {
  switch (dt) {
  case DT_F16: return f16_from_double(d); /* already canonical */
  case DT_F32: {
    if (isnan(d)) return vs_nan_bits(DT_F32);
    float f = (float)d; /* round to nearest even under the default rounding mode */
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
  }
  default: {
    if (isnan(d)) return vs_nan_bits(DT_F64);
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
  }
  }
}

static uint64_t sign_mask(DType dt) { return UINT64_C(1) << (ev_width(dt) - 1); }

/* IEEE 754-2019 minimum/maximum on operands already in the dtype: the chosen operand's bits are the
 * result, no rounding involved. */
static Value minmax(DType dt, uint64_t a, double x, uint64_t b, double y, bool is_max) {
  if (isnan(x) || isnan(y)) return ev_val(vs_nan_bits(dt));
  if (x == y) {
    /* Equal values differ only for the two zeros: min prefers -0.0, max prefers +0.0. */
    bool aneg = (a & sign_mask(dt)) != 0;
    return ev_val(aneg != is_max ? a : b);
  }
  return ev_val((x < y) != is_max ? a : b);
}

Value ev_float_op(Op op, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c) {
  double x = ev_float_to_double(adt, a);
  double y = ev_arity(op) >= 2 ? ev_float_to_double(adt, b) : 0.0;
  double r;
  switch (op) {
  case OP_EQ: return ev_val(x == y);
  case OP_NE: return ev_val(x != y);
  case OP_LT: return ev_val(x < y);
  case OP_LE: return ev_val(x <= y);
  case OP_MIN: return minmax(dt, a, x, b, y, false);
  case OP_MAX: return minmax(dt, a, x, b, y, true);
  case OP_NEG: return ev_val(vs_canon_bits(dt, a ^ sign_mask(dt)));
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL: r = x * y; break;
  case OP_FDIV: r = x / y; break;
  case OP_RECIP: r = 1.0 / x; break;
  case OP_SQRT: r = sqrt(x); break; /* sqrt(-0.0) is -0.0 by IEEE */
  case OP_TRUNC: r = trunc(x); break;
  case OP_FLOOR: r = floor(x); break;
  case OP_CEIL: r = ceil(x); break;
  case OP_ROUND: r = nearbyint(x); break; /* ties to even in the default rounding mode */
  case OP_MULACC: {
    /* Two roundings, never fused: the product is rounded to the dtype before the addition. The
     * volatile keeps a compiler that contracts across statements from forming an fma. */
    volatile double p = ev_float_to_double(dt, ev_float_from_double(dt, x * y));
    r = p + ev_float_to_double(dt, c);
    break;
  }
  /* Uninterpreted in the SMT encoding; these values are a convenience, not part of the contract. */
  case OP_EXP2: r = exp2(x); break;
  case OP_LOG2: r = log2(x); break;
  case OP_SIN: r = sin(x); break;
  case OP_POW: r = pow(x, y); break;
  default: return ev_ub(); /* not a float op: the type checker never builds one */
  }
  return ev_val(ev_float_from_double(dt, r));
}
