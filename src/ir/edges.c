#include "ir/edges.h"

#include <string.h>

#include "ir/intmath.h"

static size_t add_unique(uint64_t *out, size_t n, uint64_t v, size_t cap) {
  for (size_t i = 0; i < n; i++)
    if (out[i] == v) return n;
  if (n < cap) out[n++] = v;
  return n;
}

static size_t add_int(DType dt, uint64_t *out, size_t n, i128 v, size_t cap) {
  if (dt == DT_BOOL) return add_unique(out, n, v != 0, cap);
  return add_unique(out, n, im_from_value(dt, v), cap);
}

/* Float bit patterns from a double: exact for the values used below in every format where they are
 * representable; values that overflow a format become its infinity. */
static uint64_t float_bits(DType dt, double d) {
  if (dt == DT_F64) {
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
  }
  if (dt == DT_F32) {
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
  }
  /* f16: the inputs here are powers of two, small integers, halves and 0.1; build them by hand. */
  uint64_t sign = d < 0 ? 0x8000 : 0;
  double m = d < 0 ? -d : d;
  if (m == 0) return sign;
  if (m >= 65520.0) return sign | 0x7c00;
  int e = 0;
  while (m >= 2.0) { m /= 2; e++; }
  while (m < 1.0) { m *= 2; e--; }
  if (e < -14) { /* subnormal: value = frac * 2^-24 */
    double frac = d < 0 ? -d : d;
    for (int i = 0; i < 24; i++) frac *= 2;
    return sign | (uint64_t)(frac + 0.5);
  }
  uint64_t mant = (uint64_t)((m - 1.0) * 1024.0 + 0.5);
  if (mant == 1024) { mant = 0; e++; }
  return sign | (uint64_t)(e + 15) << 10 | mant;
}

static size_t float_specials(DType dt, uint64_t *out, size_t n, size_t cap) {
  int w = dt_bits(dt);
  uint64_t sign = UINT64_C(1) << (w - 1);
  int mant = dt == DT_F16 ? 10 : dt == DT_F32 ? 23 : 52;
  uint64_t exp_mask = (im_mask(w - 1) >> mant) << mant;
  uint64_t specials[] = {
    0, sign,                                 /* +-0 */
    exp_mask, exp_mask | sign,               /* +-inf */
    exp_mask | (UINT64_C(1) << (mant - 1)),  /* NaN (canonical) */
    1, 1 | sign,                             /* smallest subnormal */
    im_mask(mant),                           /* largest subnormal */
    UINT64_C(1) << mant,                     /* smallest normal */
    exp_mask - 1, (exp_mask - 1) | sign,     /* largest finite */
  };
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) n = add_unique(out, n, specials[i], cap);
  return n;
}

size_t edge_values(DType dt, uint64_t *out) {
  size_t n = 0;
  if (dt_is_float(dt)) {
    n = float_specials(dt, out, n, EDGE_MAX);
    const double plain[] = {1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3, 0.1, -7, 65504, 2147483648.0,
                            -2147483648.0, 9223372036854775808.0, -9223372036854775808.0,
                            18446744073709551616.0, 4294967296.0, 255.5, -128.5, 127.5};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) n = add_unique(out, n, float_bits(dt, plain[i]), EDGE_MAX);
    return n;
  }
  int w = dt_bits(dt);
  i128 lo = im_min(dt), hi = im_max(dt);
  const i128 small[] = {0, 1, -1, 2, -2, 3, 7};
  for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) n = add_int(dt, out, n, small[i], EDGE_MAX);
  if (dt == DT_BOOL) return n;
  n = add_int(dt, out, n, lo, EDGE_MAX);
  n = add_int(dt, out, n, lo + 1, EDGE_MAX);
  n = add_int(dt, out, n, hi, EDGE_MAX);
  n = add_int(dt, out, n, hi - 1, EDGE_MAX);
  i128 half = (i128)1 << (w - 1);
  n = add_int(dt, out, n, half + 1, EDGE_MAX);
  n = add_int(dt, out, n, half - 1, EDGE_MAX);
  i128 mid = (i128)1 << (w / 2);
  n = add_int(dt, out, n, mid, EDGE_MAX);
  n = add_int(dt, out, n, mid - 1, EDGE_MAX);
  n = add_int(dt, out, n, mid + 1, EDGE_MAX);
  n = add_int(dt, out, n, -mid, EDGE_MAX);
  n = add_int(dt, out, n, w - 1, EDGE_MAX);
  n = add_int(dt, out, n, w, EDGE_MAX);
  n = add_unique(out, n, im_wrap(dt, UINT64_C(0x0ff00ff00ff00ff0)), EDGE_MAX); /* runs of set bits */
  n = add_unique(out, n, im_wrap(dt, UINT64_C(0x5555555555555555)), EDGE_MAX);
  return n;
}

size_t edge_pow2_values(DType dt, uint64_t *out) {
  size_t n = 0;
  if (dt == DT_BOOL) return edge_values(dt, out);
  if (dt_is_float(dt)) {
    for (int k = 0; k <= 64; k++) {
      double p = 1;
      for (int i = 0; i < k; i++) p *= 2;
      n = add_unique(out, n, float_bits(dt, p), POW2_EDGE_MAX);
      n = add_unique(out, n, float_bits(dt, -p), POW2_EDGE_MAX);
      n = add_unique(out, n, float_bits(dt, p + 1), POW2_EDGE_MAX);
    }
    return n;
  }
  for (int k = 0; k < dt_bits(dt); k++) {
    i128 p = (i128)1 << k;
    for (int d = -1; d <= 1; d++) {
      n = add_int(dt, out, n, p + d, POW2_EDGE_MAX);
      if (dt_is_signed(dt)) n = add_int(dt, out, n, -(p + d), POW2_EDGE_MAX);
    }
  }
  return n;
}
