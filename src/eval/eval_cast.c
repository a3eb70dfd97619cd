/* Casts and bitcasts (docs/semantics.md, "Casts"). */
#include <math.h>

#include "eval/eval_internal.h"

/* An integer value (as a 64-bit pattern plus whether it is to be read unsigned) rounded to a float
 * dtype. C's integer-to-floating conversions round correctly under the default rounding mode, but to
 * f16 a conversion through double would be a second rounding of an inexact double; it is not: every
 * integer below 65520 in magnitude is exact in double, and from 65520 on the f16 result is infinity
 * (65520 is the midpoint between 65504, the largest f16, and the next binade's 65536). */
static uint64_t int_to_float(DType to, uint64_t bits, bool is_signed) {
  bool neg = is_signed && (bits >> 63);
  uint64_t mag = neg ? 0 - bits : bits; /* |v|, also for INT64_MIN (2^63) */
  if (to == DT_F16) {
    if (mag >= 65520) return neg ? 0xfc00 : 0x7c00;
    double d = (double)mag;
    return ev_float_from_double(DT_F16, neg ? -d : d);
  }
  if (to == DT_F32) {
    /* Converting the magnitude and negating is exact (rounding is symmetric under RNE). */
    float f = (float)mag;
    return ev_float_from_double(DT_F32, neg ? -(double)f : (double)f);
  }
  double d = (double)mag;
  return ev_float_from_double(DT_F64, neg ? -d : d);
}

/* A float value converted to an integer dtype: UB when NaN, infinite, or trunc(x) outside the range.
 * The range test compares against powers of two, which are exact in double, so no bound is rounded. */
static Value float_to_int(DType to, double x) {
  if (isnan(x) || isinf(x)) return ev_ub();
  double t = trunc(x);
  int w = ev_width(to);
  double lo, hi; /* lo <= t < hi */
  if (ev_signed(to)) {
    lo = -ldexp(1.0, w - 1);
    hi = ldexp(1.0, w - 1);
  } else {
    lo = 0.0; /* -0.0 and (-1, 0) truncate to a zero, which passes */
    hi = ldexp(1.0, w);
  }
  if (!(t >= lo && t < hi)) return ev_ub();
  uint64_t bits;
  if (t >= 0x1p63) bits = (uint64_t)(t - 0x1p63) + (UINT64_C(1) << 63); /* only u64 gets here */
  else if (t < 0) bits = (uint64_t)(int64_t)t;                        /* in [-2^63, 0): exact */
  else bits = (uint64_t)t;
  return ev_val(ev_wrap(to, bits));
}

Value ev_cast(DType to, DType from, uint64_t bits) {
  if (ev_float(from)) {
    double x = ev_float_to_double(from, bits);
    if (to == DT_BOOL) return ev_val(x != 0.0); /* NaN != 0 is true; -0.0 == 0 */
    if (ev_float(to)) return ev_val(ev_float_from_double(to, x));
    return float_to_int(to, x);
  }
  /* Integer or bool source: read the value as a 64-bit pattern, sign-extended for signed sources. */
  bool is_signed = ev_signed(from);
  uint64_t v = is_signed ? im_sext_bits(bits, ev_width(from)) : bits;
  if (to == DT_BOOL) return ev_val(v != 0);
  if (ev_float(to)) return ev_val(int_to_float(to, v, is_signed));
  return ev_val(ev_wrap(to, v));
}

Value ev_bitcast(DType to, DType from, uint64_t bits) {
  (void)from; /* same width; the operand's NaN, if any, is already the canonical pattern */
  return ev_val(vs_canon_bits(to, bits));
}
