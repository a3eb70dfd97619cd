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

/* Euclidean division (Halide's `/` and `%`): the remainder is never negative, 0 <= r < |b|, so the
 * quotient rounds down for b > 0 and up for b < 0; a zero divisor gives quotient 0 and remainder 0
 * (never UB). From the floor division: its remainder has b's sign, so it differs only for b < 0 and an
 * inexact division, where the Euclidean quotient is one more and the remainder r - b. */
static void edivmod(DType dt, uint64_t a, uint64_t b, uint64_t *q, uint64_t *r) {
  if (b == 0) {
    *q = *r = 0;
    return;
  }
  if (!ev_signed(dt)) {
    *q = a / b;
    *r = a % b;
    return;
  }
  sdivmod(dt, a, b, true, q, r);
  if (im_sext_bits(*r, ev_width(dt)) >> 63) { /* r < 0: b < 0 and the division is inexact */
    *q = ev_wrap(dt, *q + 1);
    *r = ev_wrap(dt, *r - b);
  }
}

Value ev_int_op(unsigned code, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c) {
  Op op = (Op)(code & EV_OP_MASK);
  if (code & EV_NSW) {
    /* A no-signed-overflow op (docs/semantics.md), only at signed dtypes (the node builders drop the
     * mark elsewhere): its exact value if that fits dt, else UB. Values are read as numbers (im_value)
     * and combined with the checked helpers of ir/intmath.h, which hold every exact result of two
     * 64-bit operands. */
    i128 x = im_value(dt, a), y = im_value(dt, b), r = 0;
    bool ok;
    switch (op) {
    case OP_ADD: ok = im_add_ok(x, y, &r); break;
    case OP_SUB: ok = im_sub_ok(x, y, &r); break;
    case OP_MUL: ok = im_mul_ok(x, y, &r); break;
    case OP_NEG: ok = im_sub_ok(0, x, &r); break;
    case OP_SHL: {
      /* LLVM's shl nsw: no bit shifted out may differ from the result's sign bit, i.e. a * 2^b fits. */
      int s = shift_amount(dt, b);
      if (s < 0) return ev_ub();
      ok = im_mul_ok(x, (i128)1 << s, &r);
      break;
    }
    default: ok = false; break;
    }
    if (!ok || !im_fits(dt, r)) return ev_ub();
    return ev_val(im_from_value(dt, r));
  }
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
  case OP_EDIV:
  case OP_EMOD: {
    uint64_t q, r;
    edivmod(dt, a, b, &q, &r);
    return ev_val(op == OP_EDIV ? q : r);
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
