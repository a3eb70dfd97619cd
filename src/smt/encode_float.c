#include "smt/encode.h"

/* Exponent and fraction field widths of the float dtypes. */
static void fp_fields(DType dt, int *ebits, int *fbits) {
  switch (dt) {
  case DT_F16: *ebits = 5, *fbits = 10; break;
  case DT_F32: *ebits = 8, *fbits = 23; break;
  default: *ebits = 11, *fbits = 52; break;
  }
}

/* The bit pattern of (neg ? -1 : 1) * 2^k in dt, k >= 0, or false when 2^k exceeds dt's largest
 * exponent: then it has no exact representation, and a comparison against a rounded stand-in (inf)
 * would be a different comparison. */
static bool fp_pow2_bits(DType dt, int k, bool neg, uint64_t *bits) {
  int eb, fb;
  fp_fields(dt, &eb, &fb);
  int bias = (1 << (eb - 1)) - 1;
  if (k > bias) return false;
  *bits = (uint64_t)(k + bias) << fb | (uint64_t)neg << (eb + fb);
  return true;
}

static Z3_ast fp_pow2(Enc *e, DType dt, int k, bool neg) {
  uint64_t bits = 0;
  if (!fp_pow2_bits(dt, k, neg, &bits)) return NULL;
  return enc_const(e, dt, bits);
}

Z3_ast enc_fp_minmax(Enc *e, Z3_ast a, Z3_ast b, DType dt, bool is_max) {
  /* IEEE 754-2019 minimum/maximum. fp.min/fp.max return the other operand for a NaN (minNum) and are
   * unspecified on two zeros of different signs, so both cases are decided here first. */
  Z3_ast any_nan = enc_or(e, enc_ap1(e, Z3_mk_fpa_is_nan, a), enc_ap1(e, Z3_mk_fpa_is_nan, b));
  Z3_ast both_zero = enc_and(e, enc_ap1(e, Z3_mk_fpa_is_zero, a), enc_ap1(e, Z3_mk_fpa_is_zero, b));
  Z3_ast a_neg = enc_ap1(e, Z3_mk_fpa_is_negative, a);
  /* Two zeros: min is -0 if either is, max is +0 if either is. */
  Z3_ast zero_res = is_max ? enc_ite(e, a_neg, b, a) : enc_ite(e, a_neg, a, b);
  Z3_ast num = enc_ap2(e, is_max ? Z3_mk_fpa_max : Z3_mk_fpa_min, a, b);
  Z3_ast nan = e->failed ? NULL : enc_hold(e, Z3_mk_fpa_nan(e->z, e->s->sort[dt]));
  return enc_ite(e, any_nan, nan, enc_ite(e, both_zero, zero_res, num));
}

Z3_ast enc_fp_to_int(Enc *e, Z3_ast x, DType from, DType to, Z3_ast *def) {
  if (to == DT_BOOL) return enc_not(e, enc_ap1(e, Z3_mk_fpa_is_zero, x)); /* NaN -> true, never UB */
  int w = dt_bits(to);
  bool sgn = dt_is_signed(to);
  Z3_ast finite = enc_not(e, enc_or(e, enc_ap1(e, Z3_mk_fpa_is_nan, x), enc_ap1(e, Z3_mk_fpa_is_infinite, x)));
  /* The range test is on the truncated value r, an integer, against exact powers of two:
   * signed -2^(w-1) <= r < 2^(w-1), unsigned 0 <= r < 2^w (r = -0.0 passes: -0.0 >= +0.0). A bound
   * whose power of two is beyond the format's range lies beyond every finite value, so its test is
   * dropped (f16 -> u16, f16 -> i32, ...). */
  Z3_ast r = enc_ap2(e, Z3_mk_fpa_round_to_integral, e->s->rm[SMT_RM_RTZ], x);
  Z3_ast ok = finite;
  Z3_ast lo = sgn ? fp_pow2(e, from, w - 1, true) : enc_const(e, from, 0);
  Z3_ast hi = fp_pow2(e, from, sgn ? w - 1 : w, false);
  if (lo) ok = enc_and(e, ok, enc_ap2(e, Z3_mk_fpa_geq, r, lo));
  if (hi) ok = enc_and(e, ok, enc_ap2(e, Z3_mk_fpa_lt, r, hi));
  *def = enc_and(e, *def, ok);
  if (e->failed || !x) return NULL;
  Z3_ast rtz = e->s->rm[SMT_RM_RTZ];
  return enc_hold(e, sgn ? Z3_mk_fpa_to_sbv(e->z, rtz, x, (unsigned)w) : Z3_mk_fpa_to_ubv(e->z, rtz, x, (unsigned)w));
}

Z3_ast enc_int_to_fp(Enc *e, Z3_ast x, DType from, DType to) {
  if (from == DT_BOOL) return enc_ite(e, x, fp_pow2(e, to, 0, false), enc_const(e, to, 0));
  if (e->failed || !x) return NULL;
  Z3_ast rne = e->s->rm[SMT_RM_RNE];
  Z3_sort so = e->s->sort[to];
  return enc_hold(e, dt_is_signed(from) ? Z3_mk_fpa_to_fp_signed(e->z, rne, x, so)
                                       : Z3_mk_fpa_to_fp_unsigned(e->z, rne, x, so));
}
