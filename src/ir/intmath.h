/* intmath.h: width-exact integer helpers.
 *
 * vsimp's own code never does signed arithmetic on values that come from input: a value of dtype dt
 * travels as its bit pattern in a uint64_t (masked to the width), arithmetic happens on unsigned
 * words (which wrap by definition), and a value is read as a number only through im_value(), which
 * yields an i128 that holds every value of every integer dtype exactly. Interval arithmetic on i128
 * uses the checked helpers below, which report overflow instead of wrapping. */
#ifndef VSIMP_IR_INTMATH_H
#define VSIMP_IR_INTMATH_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/dtype.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

static inline uint64_t im_mask(int bits) { return bits >= 64 ? UINT64_MAX : ((UINT64_C(1) << bits) - 1); }

/* The bit pattern of a value, truncated to the width of dt. */
static inline uint64_t im_wrap(DType dt, uint64_t bits) { return bits & im_mask(dt_bits(dt)); }

/* Sign-extends the low `width` bits of `bits` into a full 64-bit pattern. */
static inline uint64_t im_sext_bits(uint64_t bits, int width) {
  if (width >= 64) return bits;
  uint64_t sign = UINT64_C(1) << (width - 1);
  bits &= im_mask(width);
  return (bits ^ sign) - sign; /* unsigned: wraps by definition */
}

/* The numeric value of a bit pattern of an integer (or bool) dtype. */
static inline i128 im_value(DType dt, uint64_t bits) {
  if (dt_is_signed(dt)) {
    uint64_t s = im_sext_bits(bits, dt_bits(dt));
    return (s >> 63) ? -(i128)(~s) - 1 : (i128)s;
  }
  return (i128)im_wrap(dt, bits);
}

/* The bit pattern of a numeric value, wrapped to dt's width (two's complement). */
static inline uint64_t im_from_value(DType dt, i128 v) { return im_wrap(dt, (uint64_t)(u128)v); }

/* The least and greatest values of each dtype (floats: 0 and their bit mask, as for unsigned), as a
 * table: they sit under every bounds transfer function (FIT) and guard, where computing them from the
 * width costs a dozen branches. */
extern const i128 im_min_of[DT_COUNT], im_max_of[DT_COUNT];
static inline i128 im_min(DType dt) {
  if ((unsigned)dt < DT_COUNT) return im_min_of[dt];
  return 0;
}
static inline i128 im_max(DType dt) {
  if ((unsigned)dt < DT_COUNT) return im_max_of[dt];
  return (i128)UINT64_MAX;
}
static inline bool im_fits(DType dt, i128 v) { return v >= im_min(dt) && v <= im_max(dt); }

/* The trailing zero bits of v's two's-complement pattern: 128 for 0. */
static inline int im_ctz(u128 v) {
  if ((uint64_t)v) return __builtin_ctzll((uint64_t)v);
  return (uint64_t)(v >> 64) ? 64 + __builtin_ctzll((uint64_t)(v >> 64)) : 128;
}

/* Checked i128 arithmetic: false on overflow of i128 itself (only reachable from products of 64-bit
 * values or repeated arithmetic on already-large intervals). */
static inline bool im_add_ok(i128 a, i128 b, i128 *r) { return !__builtin_add_overflow(a, b, r); }
static inline bool im_sub_ok(i128 a, i128 b, i128 *r) { return !__builtin_sub_overflow(a, b, r); }
static inline bool im_mul_ok(i128 a, i128 b, i128 *r) { return !__builtin_mul_overflow(a, b, r); }

/* Truncating a / b and a % b on i128 (b != 0, not I128_MIN / -1), as the operators give them; when
 * both fit in 64 bits (nearly always: coefficients and divisors of the folds and bounds), in 64-bit
 * arithmetic rather than the library's 128-bit division. b == -1 takes the 128-bit path (INT64_MIN /
 * -1 does not fit). */
static inline bool im_in64(i128 v) { return v >= INT64_MIN && v <= INT64_MAX; }
static inline i128 im_tdiv(i128 a, i128 b) {
  if (im_in64(a) && im_in64(b) && b != -1) return (i128)((int64_t)a / (int64_t)b);
  return a / b;
}
static inline i128 im_tmod(i128 a, i128 b) {
  if (im_in64(a) && im_in64(b) && b != -1) return (i128)((int64_t)a % (int64_t)b);
  return a % b;
}

/* Floor division and modulo on i128 (b != 0, and not (a == I128_MIN && b == -1): callers hold values
 * of at most 65 bits). */
static inline i128 im_floordiv(i128 a, i128 b) {
  i128 q = im_tdiv(a, b);
  if ((im_tmod(a, b) != 0) && ((a < 0) != (b < 0))) q -= 1;
  return q;
}
static inline i128 im_floormod(i128 a, i128 b) { return a - im_floordiv(a, b) * b; }

/* Formats an i128 in decimal into buf (at least 48 bytes); returns buf. */
char *im_format(i128 v, char *buf);

#endif
