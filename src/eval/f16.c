#include "eval/f16.h"

#include <string.h>

/* Both directions work on the bit patterns, so the result does not depend on the host's rounding mode
 * or on a compiler's half-precision support. */

uint16_t f16_from_double(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  uint16_t sign = (uint16_t)((b >> 48) & 0x8000);
  int field = (int)((b >> 52) & 0x7ff);
  uint64_t frac = b & UINT64_C(0xfffffffffffff);
  if (field == 0x7ff) return frac ? 0x7e00 : (uint16_t)(sign | 0x7c00);
  /* Double subnormals are far below half of the smallest f16 subnormal (2^-25): they round to zero. */
  if (field == 0) return sign;
  int e = field - 1023;                    /* |d| = m * 2^(e-52), m a 53-bit integer */
  uint64_t m = frac | (UINT64_C(1) << 52);
  if (e > 15) return (uint16_t)(sign | 0x7c00);
  /* The f16 quantum at this magnitude is 2^(qe) with qe = max(e, -14) - 10 (below 2^-14 the spacing of
   * subnormals, 2^-24). Counting |d| in quanta, n = |d| / 2^qe rounded to even, the encoding is
   * ((max(e,-14) + 14) << 10) + n: for normals n is in [1024, 2048] and its implicit bit lands in the
   * exponent field, for subnormals n < 1024 (or exactly 1024 = the smallest normal), and a carry out of
   * the largest binade yields 0x7c00, the infinity encoding. */
  int ee = e < -14 ? -14 : e;
  int shift = 52 + (ee - 10) - e; /* >= 42 */
  if (shift > 63) return sign;    /* |d| < 2^-26: below half the smallest subnormal */
  uint64_t n = m >> shift;
  uint64_t rem = m & ((UINT64_C(1) << shift) - 1);
  uint64_t half = UINT64_C(1) << (shift - 1);
  if (rem > half || (rem == half && (n & 1))) n++;
  uint64_t enc = ((uint64_t)(ee + 14) << 10) + n;
  if (enc >= 0x7c00) enc = 0x7c00;
  return (uint16_t)(sign | enc);
}

double f16_to_double(uint16_t h) {
  uint64_t sign = (uint64_t)(h & 0x8000) << 48;
  unsigned field = (h >> 10) & 0x1f;
  uint64_t frac = h & 0x3ff;
  uint64_t b;
  if (field == 0x1f) {
    b = frac ? UINT64_C(0x7ff8000000000000) : sign | UINT64_C(0x7ff0000000000000);
  } else if (field == 0) {
    /* Subnormal: frac * 2^-24, exact in double (at most 10 significant bits). */
    double v = (double)frac * 0x1p-24;
    memcpy(&b, &v, sizeof b);
    b |= sign;
  } else {
    b = sign | ((uint64_t)(field - 15 + 1023) << 52) | (frac << 42);
  }
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}
