/* Guard arithmetic (guard_arith.h). */
#include "rules/guard_arith.h"

#include "analysis/lin.h"

bool guard_arith_unary(GuardKind k) { return k == G_ABS || k == G_POW2; }

bool guard_arith(GuardKind k, i128 a, i128 b, i128 *out) {
  /* The magnitude of -2^127 does not fit i128 (and negating it is undefined). */
  const i128 i128_min = -(i128)(((u128)1 << 127) - 1) - 1;
  switch (k) {
  case G_ABS: return im_sub_ok(0, a, out) && (*out = a < 0 ? *out : a, true);
  case G_POW2:
    if (a < 0 || a > 64) return false;
    *out = (i128)1 << (int)a;
    return true;
  case G_ADD: return im_add_ok(a, b, out);
  case G_SUB: return im_sub_ok(a, b, out);
  case G_MUL: return im_mul_ok(a, b, out);
  case G_DIV:
  case G_MOD:
    /* Operands come from 64-bit values and small sums of them: far from the i128 edge, but check. */
    if (b == 0 || a < -((i128)1 << 120) || a > ((i128)1 << 120)) return false;
    *out = k == G_DIV ? im_floordiv(a, b) : im_floormod(a, b);
    return true;
  case G_MIN: *out = a < b ? a : b; return true;
  case G_MAX: *out = a > b ? a : b; return true;
  case G_GCD:
    if (a == i128_min || b == i128_min) return false;
    *out = lin_gcd(a, b);
    return true;
  default: return false;
  }
}
