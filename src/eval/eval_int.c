/* Integer and bool ops. Values stay bit patterns in uint64_t words: arithmetic wraps modulo 2^64 and
 * is then masked to the width, which is the same as wrapping modulo 2^w. No signed C arithmetic ever
 * touches an operand that could overflow. */
#include "eval/eval_internal.h"

/* A key whose unsigned order is the numeric order of the dtype's values: flipping the sign bit of the
 * sign-extended pattern maps [-2^63, 2^63) monotonically onto [0, 2^64). */
static uint64_t order_key(DType dt, uint64_t bits) {
  if (ev_signed(dt)) return im_sext_bits(bits, ev_width(dt)) ^ (UINT64_C(1) << 63);
  return bits;
}

/* The int64 value of a 64-bit two's complement pattern, without implementation-defined conversion. */
static int64_t to_s64(uint64_t u) { return (u >> 63) ? -(int64_t)(~u) - 1 : (int64_t)u; }

/* Signed division of the values of a and b (b != 0), floor or truncating. The one quotient that does
 * not fit (MIN / -1) is why b == -1 takes its own path: there the division is exact and the quotient
 * is the wrapped negation. */
static void sdivmod(DType dt, uint64_t a, uint64_t b, bool floor, uint64_t *q, uint64_t *r) {
  int w = ev_width(dt);
  uint64_t sa = im_sext_bits(a, w), sb = im_sext_bits(b, w);
  if (sb == UINT64_MAX) {
    *q = ev_wrap(dt, 0 - sa);
    *r = 0;
    return;
  }
  int64_t x = to_s64(sa), y = to_s64(sb);
  int64_t qq = x / y, rr = x % y;
  if (floor && rr != 0 && ((rr < 0) != (y < 0))) {
    qq -= 1; /* |qq| <= 2^62 here since |y| >= 2 */
    rr += y; /* opposite signs: no overflow */
  }
  *q = ev_wrap(dt, (uint64_t)qq);
  *r = ev_wrap(dt, (uint64_t)rr);
}

/* a^b modulo 2^64 by square-and-multiply: at most 64 rounds for any exponent. */
static uint64_t upow(uint64_t a, uint64_t b) {
  uint64_t r = 1;
  while (b) {
    if (b & 1) r *= a;
    a *= a;
    b >>= 1;
  }
  return r;
}

/* The shift amount if it is in [0, w), else -1. */
static int shift_amount(DType dt, uint64_t b) {
  int w = ev_width(dt);
  if (ev_signed(dt) && (im_sext_bits(b, w) >> 63)) return -1;
  return b < (uint64_t)w ? (int)b : -1;
}

Value ev_int_op(Op op, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c) {
  switch (op) {
  case OP_NEG: return ev_val(ev_wrap(dt, 0 - a));
  case OP_NOT: return ev_val(ev_wrap(dt, ~a));
  case OP_ADD: return ev_val(ev_wrap(dt, a + b));
  case OP_SUB: return ev_val(ev_wrap(dt, a - b));
  case OP_MUL: return ev_val(ev_wrap(dt, a * b));
  case OP_MULACC: return ev_val(ev_wrap(dt, a * b + c));
  case OP_AND: return ev_val(a & b);
  case OP_OR: return ev_val(a | b);
  case OP_XOR: return ev_val(a ^ b);
  case OP_IDIV:
  case OP_MOD:
  case OP_TDIV:
  case OP_TMOD: {
    if (b == 0) return ev_ub();
    uint64_t q, r;
    if (ev_signed(dt)) {
      sdivmod(dt, a, b, op == OP_IDIV || op == OP_MOD, &q, &r);
    } else {
      q = a / b; /* unsigned: floor and truncation agree */
      r = a % b;
    }
    return ev_val(op == OP_IDIV || op == OP_TDIV ? q : r);
  }
  case OP_SHL: {
    int s = shift_amount(dt, b);
    if (s < 0) return ev_ub();
    return ev_val(ev_wrap(dt, a << s));
  }
  case OP_SHR: {
    int s = shift_amount(dt, b);
    if (s < 0) return ev_ub();
    if (!ev_signed(dt)) return ev_val(a >> s);
    uint64_t x = im_sext_bits(a, ev_width(dt));
    /* Arithmetic shift (floor division by 2^s) via complements, since >> on a negative signed
     * integer is implementation-defined in C. */
    uint64_t r = (x >> 63) ? ~(~x >> s) : x >> s;
    return ev_val(ev_wrap(dt, r));
  }
  case OP_EQ: return ev_val(a == b);
  case OP_NE: return ev_val(a != b);
  case OP_LT: return ev_val(order_key(adt, a) < order_key(adt, b));
  case OP_LE: return ev_val(order_key(adt, a) <= order_key(adt, b));
  case OP_MIN: return ev_val(order_key(dt, a) <= order_key(dt, b) ? a : b);
  case OP_MAX: return ev_val(order_key(dt, a) >= order_key(dt, b) ? a : b);
  case OP_POW:
    if (ev_signed(dt) && (im_sext_bits(b, ev_width(dt)) >> 63)) return ev_ub();
    return ev_val(ev_wrap(dt, upow(a, b)));
  default:
    /* Not an integer op (the type checker never builds one): no value to give. */
    return ev_ub();
  }
}
