#include "text/literal.h"

#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/node.h"
#include "text/text.h"

bool lit_int_magnitude(const char *s, size_t len, u128 *out) {
  u128 v = 0;
  unsigned base = 10;
  size_t i = 0;
  if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, i = 2;
  if (i == len) return false;
  for (; i < len; i++) {
    char c = s[i];
    unsigned d;
    if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
    else return false;
    if (v > (LIT_INT_MAX - d) / base) return false;
    v = v * base + d;
  }
  *out = v;
  return true;
}

void lit_error_message(LitStatus st, bool is_float, bool neg, const char *text, size_t len, DType dt, char *buf,
                       size_t size) {
  char lit[64];
  size_t n = len > 40 ? 40 : len;
  snprintf(lit, sizeof lit, "%s%.*s%s", neg ? "-" : "", (int)n, text, len > 40 ? "..." : "");
  const char *t = dt_name(dt);
  switch (st) {
  case LIT_NOFIT: snprintf(buf, size, "literal %s does not fit in %s", lit, t); return;
  case LIT_INEXACT: snprintf(buf, size, "literal %s is not exactly representable in %s", lit, t); return;
  case LIT_OVERFLOW: snprintf(buf, size, "literal %s is out of range for %s (rounds to infinity)", lit, t); return;
  case LIT_NOMEM: snprintf(buf, size, "out of memory"); return;
  default: break;
  }
  if (is_float) snprintf(buf, size, "float literal %s cannot have type %s", lit, t);
  else if (dt == DT_BOOL) snprintf(buf, size, "integer literal %s cannot have type bool (write true or false)", lit);
  else snprintf(buf, size, "literal %s cannot have type %s", lit, t);
}

/* ---- binary16 ---- */

double lit_f16_to_double(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  unsigned m = h & 0x3ff;
  double v;
  if (e == 0x1f) v = m ? NAN : INFINITY;
  else if (e == 0) v = ldexp((double)m, -24);
  else v = ldexp((double)(m | 0x400), e - 25);
  return (h & 0x8000) ? -v : v;
}

/* Rounds d to binary16. `dir` breaks an exact tie between two binary16 values: it is the sign of
 * (true value - d) for a d that is itself a rounding of some longer decimal, 0 when d is exact. */
static uint16_t f16_round(double d, int dir) {
  if (isnan(d)) return 0x7e00;
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  double a = fabs(d);
  if (sign) dir = -dir; /* from here on, dir is about the magnitude */
  if (isinf(a)) return sign | 0x7c00;
  if (a == 0) return sign;
  int ex;
  (void)frexp(a, &ex);
  int e = ex - 1; /* a in [2^e, 2^(e+1)) */
  if (e < -14) e = -14; /* subnormals share the quantum of the smallest binade */
  if (e > 16) return sign | 0x7c00;
  double n = ldexp(a, 10 - e); /* a in units of the quantum 2^(e-10): exact scaling */
  double fl = floor(n);
  double frac = n - fl;
  uint32_t m = (uint32_t)fl;
  if (frac > 0.5 || (frac == 0.5 && (dir > 0 || (dir == 0 && (m & 1))))) m++;
  /* Normal: (e+15) is the biased exponent and m holds the implicit bit (1024..2048, a carry into the
   * exponent is the right result). Subnormal (e == -14): the same formula yields m. */
  uint32_t bits = ((uint32_t)(e + 15) << 10) + m - 1024;
  if (bits >= 0x7c00) return sign | 0x7c00;
  return (uint16_t)(sign | bits);
}

uint16_t lit_f16_from_double(double d) { return f16_round(d, 0); }

/* Is d exactly halfway between two adjacent binary16 values (or at the overflow threshold)? */
static bool f16_is_tie(double d) {
  double a = fabs(d);
  if (!isfinite(a) || a == 0) return false;
  int ex;
  (void)frexp(a, &ex);
  int e = ex - 1;
  if (e < -14) e = -14;
  if (e > 16) return false;
  double n = ldexp(a, 10 - e);
  return n - floor(n) == 0.5;
}

double lit_float_value(DType dt, uint64_t bits) {
  if (dt == DT_F16) return lit_f16_to_double((uint16_t)bits);
  if (dt == DT_F32) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
  }
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static uint64_t double_bits(DType dt, double d) {
  if (dt == DT_F16) return lit_f16_from_double(d);
  if (dt == DT_F32) {
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
  }
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

static int bit_length(u128 v) {
  int n = 0;
  while (v) v >>= 1, n++;
  return n;
}

static int trailing_zeros(u128 v) {
  int n = 0;
  while (!(v & 1)) v >>= 1, n++;
  return n;
}

LitStatus lit_int_bits(DType dt, i128 v, uint64_t *bits) {
  if (dt == DT_BOOL) return LIT_BADTYPE;
  if (dt_is_int(dt)) {
    if (!im_fits(dt, v)) return LIT_NOFIT;
    *bits = im_from_value(dt, v);
    return LIT_OK;
  }
  bool neg = v < 0;
  u128 m = neg ? -(u128)v : (u128)v;
  if (m == 0) {
    *bits = 0; /* an integer zero has no sign: it is +0.0 */
    return LIT_OK;
  }
  int prec = dt == DT_F16 ? 11 : dt == DT_F32 ? 24 : 53;
  int emax = dt == DT_F16 ? 15 : dt == DT_F32 ? 127 : 1023;
  int len = bit_length(m);
  if (len - trailing_zeros(m) > prec || len - 1 > emax) return LIT_INEXACT;
  double d = (double)m; /* exact: at most 53 significant bits */
  *bits = vs_canon_bits(dt, double_bits(dt, neg ? -d : d));
  return LIT_OK;
}

/* strtod/strtof under a given rounding mode. The text is copied: the source is not NUL-terminated. */
static double parse_double(const char *s, int mode) {
  int saved = fegetround();
  fesetround(mode);
  double d = strtod(s, NULL);
  fesetround(saved);
  return d;
}

LitStatus lit_float_bits(DType dt, const char *s, size_t len, bool neg, uint64_t *bits) {
  if (!dt_is_float(dt)) return LIT_BADTYPE;
  char small[80];
  char *buf = len + 2 <= sizeof small ? small : malloc(len + 2);
  if (!buf) return LIT_NOMEM;
  buf[0] = '-';
  memcpy(buf + 1, s, len);
  buf[len + 1] = 0;
  const char *text = neg ? buf : buf + 1;
  uint64_t b;
  if (dt == DT_F32) {
    int saved = fegetround();
    fesetround(FE_TONEAREST);
    float f = strtof(text, NULL);
    fesetround(saved);
    uint32_t b32;
    memcpy(&b32, &f, sizeof b32);
    b = b32;
  } else {
    double d = parse_double(text, FE_TONEAREST);
    if (dt == DT_F64) {
      memcpy(&b, &d, sizeof b);
    } else {
      /* Rounding the decimal to binary64 first and then to binary16 is right except when the binary64
       * value lands exactly on a binary16 tie: then the decimal may lie above, below or exactly on it,
       * which directed roundings of the decimal tell apart. */
      int dir = 0;
      if (f16_is_tie(d)) {
        if (parse_double(text, FE_UPWARD) > d) dir = 1;
        else if (parse_double(text, FE_DOWNWARD) < d) dir = -1;
      }
      b = f16_round(d, dir);
    }
  }
  if (buf != small) free(buf);
  if (isinf(lit_float_value(dt, b))) return LIT_OVERFLOW;
  *bits = b;
  return LIT_OK;
}

/* ---- formatting ---- */

/* The shortest decimal of a finite float constant that parses back to the same bits, as a float
 * literal: positional for moderate magnitudes (`100.0`, `0.00015`), scientific otherwise (`1e+16`);
 * a '.' or an exponent is always present. */
static void format_float(DType dt, uint64_t bits, char *out, size_t size) {
  double v = lit_float_value(dt, bits);
  int maxp = dt == DT_F16 ? 5 : dt == DT_F32 ? 9 : 17;
  char sci[64];
  int p = 1;
  for (; p <= maxp; p++) {
    snprintf(sci, sizeof sci, "%.*e", p - 1, v);
    bool neg = sci[0] == '-';
    uint64_t back;
    if (lit_float_bits(dt, sci + neg, strlen(sci + neg), neg, &back) == LIT_OK && back == bits) break;
  }
  if (p > maxp) p = maxp;
  int exp10 = atoi(strchr(sci, 'e') + 1);
  char tmp[64];
  /* The same p significant digits in positional notation: %.*f rounds at the same digit. */
  if (exp10 >= -5 && exp10 < 16) snprintf(tmp, sizeof tmp, "%.*f", p - 1 - exp10 > 0 ? p - 1 - exp10 : 0, v);
  else snprintf(tmp, sizeof tmp, "%s", sci);
  if (!strpbrk(tmp, ".e")) strcat(tmp, ".0");
  snprintf(out, size, "%s", tmp);
}

char *vs_format_literal(DType dt, uint64_t bits, bool typed, char *buf, size_t size) {
  if (!buf || size == 0) return buf;
  bits = vs_canon_bits(dt, bits);
  if (dt == DT_BOOL) {
    snprintf(buf, size, "%s", bits ? "true" : "false");
    return buf;
  }
  char num[64];
  if (dt_is_float(dt)) {
    double v = lit_float_value(dt, bits);
    if (isnan(v)) {
      snprintf(buf, size, "nan_%s", dt_name(dt));
      return buf;
    }
    if (isinf(v)) {
      snprintf(buf, size, "%sinf_%s", v < 0 ? "-" : "", dt_name(dt));
      return buf;
    }
    format_float(dt, bits, num, sizeof num);
  } else {
    im_format(im_value(dt, bits), num);
  }
  if (typed) snprintf(buf, size, "%s_%s", num, dt_name(dt));
  else snprintf(buf, size, "%s", num);
  return buf;
}
