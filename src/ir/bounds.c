/* bounds.c: value ranges [vmin, vmax] of integer and bool nodes (see bounds.h for the contract).
 *
 * Every transfer function works on exact numbers (i128 holds every value of every dtype, and every
 * product of two of them except the largest u64 x u64 ones, which the checked helpers catch). The
 * scheme for ops that can wrap is always the same: compute the exact mathematical interval of the
 * result; if it lies within the dtype's range, no wrap happened for any operand values and it is the
 * answer; otherwise the dtype's full range. Ops that cannot wrap (min, max, %, >>, the bitwise ops,
 * comparisons) get their interval directly.
 *
 * Each case is one small function whose comment states the lemma it relies on, in terms of operand
 * values a in [al, ah], b in [bl, bh], ... drawn from the operand intervals and making the op defined.
 * Division by zero and out-of-range shift amounts are UB, so those operand values are excluded before
 * the bound is computed: a result interval only needs to cover defined evaluations.
 *
 * The lemmas are proved: each comment names the lemmas of src/rules/bounds.rules (family `lemma`)
 * that state it over symbolic bounds in the dtype's exact semantics, and `vsimp rules verify` proves
 * them per dtype (docs/rules.md, "Range analysis lemmas"). A lemma holds for every interval, so also
 * for the sub-intervals bounds.c applies it to (a divisor's sign parts, the in-range shift amounts).
 * The full range needs no lemma: every value of dt lies in it.
 *
 * Cost: constant work per node (pow: at most ~66 multiplications), no allocation. */
#include "ir/bounds.h"

#include "ir/bounds_ops.h"
#include "ir/bounds_trust.h"

typedef BoundsIv Iv;

static inline Iv iv(i128 lo, i128 hi) { return (Iv){lo, hi}; }
static inline i128 min128(i128 a, i128 b) { return a < b ? a : b; }
static inline i128 max128(i128 a, i128 b) { return a > b ? a : b; }
static inline Iv iv_union(Iv a, Iv b) { return iv(min128(a.lo, b.lo), max128(a.hi, b.hi)); }
static inline bool iv_is(Iv a, i128 v) { return a.lo == v && a.hi == v; }
static inline bool iv_has(Iv a, i128 v) { return a.lo <= v && v <= a.hi; }

Iv bounds_full(DType dt) {
  if (dt_is_float(dt)) return iv(0, 0);
  return iv(im_min(dt), im_max(dt)); /* bool: [0, 1] */
}

/* Lemma FIT: if the exact result v lies in dt's range, wrap(v) == v. So an exact interval inside the
 * range is the result's interval; any other exact interval may wrap and gives the full range. (Each
 * op's lemma below includes FIT: its guard asks the exact interval's ends to fit.) */
static Iv iv_fit(DType dt, Iv r) {
  if (r.lo <= r.hi && im_fits(dt, r.lo) && im_fits(dt, r.hi)) return r;
  return bounds_full(dt);
}

/* Exact interval helpers: false when i128 itself would overflow (the caller then gives up). */

static bool ex_add(Iv a, Iv b, Iv *r) { return im_add_ok(a.lo, b.lo, &r->lo) && im_add_ok(a.hi, b.hi, &r->hi); }
static bool ex_sub(Iv a, Iv b, Iv *r) { return im_sub_ok(a.lo, b.hi, &r->lo) && im_sub_ok(a.hi, b.lo, &r->hi); }

/* Lemma MUL-CORNERS: a*b is bilinear, so over a box its min and max are among the four corner
 * products al*bl, al*bh, ah*bl, ah*bh. */
static bool ex_mul(Iv a, Iv b, Iv *r) {
  i128 p[4];
  if (!im_mul_ok(a.lo, b.lo, &p[0]) || !im_mul_ok(a.lo, b.hi, &p[1]) || !im_mul_ok(a.hi, b.lo, &p[2]) ||
      !im_mul_ok(a.hi, b.hi, &p[3]))
    return false;
  *r = iv(p[0], p[0]);
  for (int i = 1; i < 4; i++) *r = iv_union(*r, iv(p[i], p[i]));
  return true;
}

/* ---- arithmetic that wraps: exact interval, then FIT ---- */

/* ADD: a + b in [al + bl, ah + bh] exactly. Lemmas bounds_add_lo, bounds_add_hi. */
static Iv b_add(DType dt, Iv a, Iv b) {
  Iv r;
  return ex_add(a, b, &r) ? iv_fit(dt, r) : bounds_full(dt);
}

/* SUB: a - b in [al - bh, ah - bl] exactly. Lemmas bounds_sub_lo, bounds_sub_hi. */
static Iv b_sub(DType dt, Iv a, Iv b) {
  Iv r;
  return ex_sub(a, b, &r) ? iv_fit(dt, r) : bounds_full(dt);
}

/* MUL: a * b in [min corner product, max corner product] exactly (MUL-CORNERS). Lemmas bounds_mul_lo,
 * bounds_mul_hi (all four corners fit iff the least and the greatest do). */
static Iv b_mul(DType dt, Iv a, Iv b) {
  Iv r;
  return ex_mul(a, b, &r) ? iv_fit(dt, r) : bounds_full(dt);
}

/* NEG: 0 - a in [-ah, -al] exactly (for unsigned, only a == 0 fits). Lemmas bounds_neg_lo, bounds_neg_hi. */
static Iv b_neg(DType dt, Iv a) { return iv_fit(dt, iv(-a.hi, -a.lo)); }

/* MULACC: a*b + c is computed exactly before one wrap, so its exact interval is the exact product
 * interval plus [cl, ch]; the product itself need not fit. Lemma bounds_mulacc. */
static Iv b_mulacc(DType dt, Iv a, Iv b, Iv c) {
  Iv p, r;
  return ex_mul(a, b, &p) && ex_add(p, c, &r) ? iv_fit(dt, r) : bounds_full(dt);
}

/* ---- division and remainder ---- */

/* Division by zero is UB, so only the nonzero divisors of [bl, bh] matter: its negative part
 * [bl, min(bh, -1)] and its positive part [max(bl, 1), bh]. Returns how many parts (0: always UB).
 * The division and remainder lemmas are stated per part (vmax(y) <= -1, vmin(y) >= 1); a defined
 * evaluation has its divisor in one part, so the union of the parts' intervals covers it. */
static int divisor_parts(Iv b, Iv part[2]) {
  int n = 0;
  if (b.lo <= -1) part[n++] = iv(b.lo, min128(b.hi, -1));
  if (b.hi >= 1) part[n++] = iv(max128(b.lo, 1), b.hi);
  return n;
}

/* Lemma DIV-CORNERS: on a box whose divisor side excludes 0, the real quotient a/b is monotone in a
 * for each fixed b (the direction is b's sign, fixed on the part) and monotone in b for each fixed a;
 * floor and trunc are non-decreasing, so floor(a/b) and trunc(a/b) take their extremes at the
 * corners. The exact quotient may be 2^(w-1) (MIN / -1), which does not fit and so gives full range. */
static Iv ex_div_corners(Iv a, Iv b, bool floor_div) {
  i128 q[4];
  i128 as[2] = {a.lo, a.hi}, bs[2] = {b.lo, b.hi};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) q[i * 2 + j] = floor_div ? im_floordiv(as[i], bs[j]) : as[i] / bs[j];
  Iv r = iv(q[0], q[0]);
  for (int i = 1; i < 4; i++) r = iv_union(r, iv(q[i], q[i]));
  return r;
}

/* IDIV (floor) and TDIV (trunc; for unsigned operands they coincide): the union over the divisor's
 * nonzero parts of DIV-CORNERS, then FIT. A divisor that is always 0 makes the node always UB: any
 * interval is sound; we give the full range. Lemmas bounds_div_pos_lo, bounds_div_pos_hi,
 * bounds_div_neg_lo, bounds_div_neg_hi, bounds_tdiv_pos_lo, bounds_tdiv_pos_hi, bounds_tdiv_neg_lo,
 * bounds_tdiv_neg_hi (the negative part's guard excludes exactly the MIN / -1 corner, which FIT turns
 * into the full range). */
static Iv b_div(DType dt, Iv a, Iv b, bool floor_div) {
  Iv part[2];
  int n = divisor_parts(b, part);
  if (n == 0) return bounds_full(dt);
  Iv r = ex_div_corners(a, part[0], floor_div);
  if (n == 2) r = iv_union(r, ex_div_corners(a, part[1], floor_div));
  return iv_fit(dt, r);
}

/* Lemma MOD-PART (floor remainder, divisor part P = [pl, ph] of one sign; r = a - floor(a/b)*b, never
 * wraps):
 *   - P > 0: 0 <= r <= b - 1 <= ph - 1; if a >= 0 also r <= a; if 0 <= a < b then r == a.
 *   - P < 0: pl + 1 <= b + 1 <= r <= 0; if a <= 0 also r >= a; if b < a <= 0 then r == a.
 *   - P = {c}: if floor(al/c) == floor(ah/c) == q then floor(a/c) == q on all of [al, ah] (floor
 *     division by a constant is monotone), and r = a - q*c is increasing in a: [al - qc, ah - qc].
 * Lemmas: bounds_mod_pos_small, bounds_mod_pos_lo, bounds_mod_pos_hi, bounds_mod_pos_le_x (P > 0);
 * bounds_mod_neg_small, bounds_mod_neg_hi, bounds_mod_neg_lo, bounds_mod_neg_ge_x (P < 0);
 * bounds_mod_const (P = {c}; al - qc is al % c). */
static Iv ex_mod_part(Iv a, Iv p) {
  if (p.lo == p.hi) {
    i128 c = p.lo, q = im_floordiv(a.lo, c);
    if (q == im_floordiv(a.hi, c)) return iv(a.lo - q * c, a.hi - q * c);
  }
  if (p.lo > 0) {
    if (a.lo >= 0 && a.hi < p.lo) return a;
    return iv(0, a.lo >= 0 ? min128(a.hi, p.hi - 1) : p.hi - 1);
  }
  if (a.hi <= 0 && a.lo > p.hi) return a;
  return iv(a.hi <= 0 ? max128(a.lo, p.lo + 1) : p.lo + 1, 0);
}

/* MOD (floor; unsigned: plain remainder): union of MOD-PART over the divisor's nonzero parts. */
static Iv b_mod(DType dt, Iv a, Iv b) {
  Iv part[2];
  int n = divisor_parts(b, part);
  if (n == 0) return bounds_full(dt);
  Iv r = ex_mod_part(a, part[0]);
  if (n == 2) r = iv_union(r, ex_mod_part(a, part[1]));
  return iv_fit(dt, r);
}

/* Lemma TMOD (r = a - trunc(a/b)*b, never wraps; tmod(MIN, -1) == 0): r depends on |b| only (trunc
 * is odd), has the sign of a or is 0, and |r| <= |b| - 1, |r| <= |a|. With |b| in [ml, mh] over the
 * nonzero divisors:
 *   lo = (al >= 0) ? (ah < ml ? al : 0) : max(al, 1 - mh)     (0 <= a < |b| gives r == a)
 *   hi = (ah <= 0) ? (al > -ml ? ah : 0) : min(ah, mh - 1)
 * and when |b| is a constant m with trunc(al/m) == trunc(ah/m) == q, r = a - q*m on all of [al, ah]
 * (trunc division by a constant is monotone): [al - qm, ah - qm]. Also the unsigned remainder.
 * Lemmas: bounds_tmod_small_pos, bounds_tmod_small_neg (r == a), bounds_tmod_sign_pos,
 * bounds_tmod_sign_neg, bounds_tmod_ge_x, bounds_tmod_le_x (sign of a, |r| <= |a|),
 * bounds_tmod_hi_divisor, bounds_tmod_lo_divisor (|r| <= mh - 1, mh = max(-bl, bh) in all three
 * cases), bounds_tmod_const (|b| == m; al - qm is tmod(al, b) for b = m and b = -m alike). */
static Iv b_tmod(DType dt, Iv a, Iv b) {
  i128 ml, mh;
  if (b.lo >= 0) {
    if (b.hi == 0) return bounds_full(dt); /* always UB */
    ml = max128(b.lo, 1);
    mh = b.hi;
  } else if (b.hi <= 0) {
    ml = max128(-b.hi, 1);
    mh = -b.lo;
  } else {
    ml = 1;
    mh = max128(-b.lo, b.hi);
  }
  if (ml == mh) {
    i128 q = a.lo / ml;
    if (q == a.hi / ml) return iv_fit(dt, iv(a.lo - q * ml, a.hi - q * ml));
  }
  i128 lo = a.lo >= 0 ? (a.hi < ml ? a.lo : 0) : max128(a.lo, 1 - mh);
  i128 hi = a.hi <= 0 ? (a.lo > -ml ? a.hi : 0) : min128(a.hi, mh - 1);
  return iv_fit(dt, iv(lo, hi));
}

/* ---- bitwise ops on integers (never wrap) ---- */

/* The smallest 2^k - 1 >= v, for 0 <= v < 2^64. */
static i128 low_mask(i128 v) {
  uint64_t u = (uint64_t)v;
  return u == 0 ? 0 : (i128)(UINT64_MAX >> __builtin_clzll(u));
}

/* Lemma NOT-INT: two's complement ~x == -x - 1 (signed), ~x == MAX - x (unsigned, MAX = 2^w - 1). Both
 * are decreasing, so [al, ah] maps to [~ah, ~al]. Lemmas bounds_not_signed, bounds_not_unsigned. */
static Iv cpl(Iv a) { return iv(-a.hi - 1, -a.lo - 1); }

/* Lemmas for non-negative operands (0 <= a <= ah, 0 <= b <= bh; bits above the top bit of
 * max(ah, bh) are zero in both, so in every result):
 *   AND-NN: 0 <= a & b <= min(a, b)            (the result's bits are a subset of each operand's)
 *   OR-NN:  max(a, b) <= a | b <= low_mask(max(ah, bh))   (a superset of each operand's bits)
 *   XOR-NN: 0 <= a ^ b <= low_mask(max(ah, bh))
 * Lemmas bounds_and_nn_nn, bounds_or_nn_nn, bounds_xor_nn_nn (stated for any mask 2^k - 1 above both
 * maxima, low_mask's value being one). */
static Iv and_nn(Iv a, Iv b) { return iv(0, min128(a.hi, b.hi)); }
static Iv or_nn(Iv a, Iv b) { return iv(max128(a.lo, b.lo), low_mask(max128(a.hi, b.hi))); }
static Iv xor_nn(Iv a, Iv b) { return iv(0, low_mask(max128(a.hi, b.hi))); }

/* Signed operands are split into a negative part and a non-negative part; for negative parts, De
 * Morgan with NOT-INT (~ maps negatives to non-negatives) reduces to the NN lemmas:
 *   AND(neg, neg) = ~(~a | ~b)      OR(neg, neg) = ~(~a & ~b)      XOR(neg, neg) = ~a ^ ~b
 *   AND(nn a, neg b) in [0, ah]     (a subset of a's bits, sign bit clear)
 *   OR(nn a, neg b) in [bl, -1]     (a superset of b's bits: sign bit set and, among negatives, the
 *                                    numeric order is the order of the bit patterns)
 *   XOR(nn a, neg b) = ~(a ^ ~b)
 * Lemmas bounds_and_nn_neg, bounds_or_nn_neg, bounds_xor_nn_neg, bounds_and_neg_neg,
 * bounds_or_neg_neg, bounds_xor_neg_neg: the intervals these reductions compute, proved directly. */
static Iv bitop_parts(Op op, Iv a, bool a_neg, Iv b, bool b_neg) {
  if (a_neg && !b_neg) { /* commutative: put the non-negative one first */
    Iv t = a;
    a = b;
    b = t;
    a_neg = false;
    b_neg = true;
  }
  if (!a_neg && !b_neg) return op == OP_AND ? and_nn(a, b) : op == OP_OR ? or_nn(a, b) : xor_nn(a, b);
  if (!a_neg) return op == OP_AND ? iv(0, a.hi) : op == OP_OR ? iv(b.lo, -1) : cpl(xor_nn(a, cpl(b)));
  Iv na = cpl(a), nb = cpl(b);
  return op == OP_AND ? cpl(or_nn(na, nb)) : op == OP_OR ? cpl(and_nn(na, nb)) : xor_nn(na, nb);
}

/* AND/OR/XOR on integers: the union of bitop_parts over the sign parts of both operands (each result
 * lies in dt's range: non-negative results are bounded by the operands' masks, negative ones by the
 * complements of non-negative values of dt). */
static Iv b_bitop_int(DType dt, Op op, Iv a, Iv b) {
  /* part [0]: negative, [1]: non-negative; has[] says which exist (at least one of each pair) */
  Iv pa[2] = {iv(a.lo, min128(a.hi, -1)), iv(max128(a.lo, 0), a.hi)};
  Iv pb[2] = {iv(b.lo, min128(b.hi, -1)), iv(max128(b.lo, 0), b.hi)};
  bool has_a[2] = {a.lo < 0, a.hi >= 0}, has_b[2] = {b.lo < 0, b.hi >= 0};
  bool any = false;
  Iv r = iv(0, 0);
  for (int i = 0; i < 2; i++) {
    for (int j = 0; j < 2; j++) {
      if (!has_a[i] || !has_b[j]) continue;
      Iv p = bitop_parts(op, pa[i], i == 0, pb[j], j == 0);
      r = any ? iv_union(r, p) : p;
      any = true;
    }
  }
  return iv_fit(dt, r);
}

/* NOT on integers: NOT-INT (bounds_not_signed, bounds_not_unsigned). */
static Iv b_not_int(DType dt, Iv a) {
  if (dt_is_signed(dt)) return cpl(a);
  return iv(im_max(dt) - a.hi, im_max(dt) - a.lo);
}

/* ---- bool logic: values 0/1, all four ops monotone or decided ---- */

/* Lemma BOOL-LOGIC: & and | are non-decreasing in both operands, so [al & bl, ah & bh] and
 * [al | bl, ah | bh]; ^ is decided only when both operands are; !a is [1 - ah, 1 - al]. Lemmas
 * bounds_bool_and, bounds_bool_or, bounds_bool_xor, bounds_bool_not. */
static Iv b_bool_logic(Op op, Iv a, Iv b) {
  switch (op) {
  case OP_AND: return iv(a.lo & b.lo, a.hi & b.hi);
  case OP_OR: return iv(a.lo | b.lo, a.hi | b.hi);
  default: /* XOR */
    if (a.lo == a.hi && b.lo == b.hi) return iv(a.lo ^ b.lo, a.lo ^ b.lo);
    return iv(0, 1);
  }
}

/* ---- shifts ---- */

/* A shift amount outside [0, w) is UB, so only amounts in [max(sl, 0), min(sh, w - 1)] matter.
 * Returns false if there are none (the node is always UB). */
static bool shift_amounts(DType dt, Iv s, i128 *lo, i128 *hi) {
  *lo = max128(s.lo, 0);
  *hi = min128(s.hi, dt_bits(dt) - 1);
  return *lo <= *hi;
}

/* SHL: a << s == wrap(a * 2^s). a * 2^s is monotone in a for fixed s and monotone in s for fixed a, so
 * its exact extremes are at the corners (MUL-CORNERS with 2^s); then FIT. Lemmas bounds_shl_lo,
 * bounds_shl_hi (a corner fits iff shifting it back gives its a). */
static Iv b_shl(DType dt, Iv a, Iv s) {
  i128 sl, sh;
  if (!shift_amounts(dt, s, &sl, &sh)) return bounds_full(dt);
  Iv r;
  return ex_mul(a, iv((i128)1 << sl, (i128)1 << sh), &r) ? iv_fit(dt, r) : bounds_full(dt);
}

/* SHR: arithmetic (signed) and logical (unsigned, a >= 0) shifts are both floor(a / 2^s), with 2^s > 0:
 * DIV-CORNERS. |floor(a / 2^s)| <= |a|, so it never wraps. Lemmas bounds_shr_lo, bounds_shr_hi. */
static Iv b_shr(DType dt, Iv a, Iv s) {
  i128 sl, sh;
  if (!shift_amounts(dt, s, &sl, &sh)) return bounds_full(dt);
  return iv_fit(dt, ex_div_corners(a, iv((i128)1 << sl, (i128)1 << sh), true));
}

/* ---- pow ---- */

/* POW: pow(a, e) == wrap(a^e), with a^0 == 1 and e < 0 UB (signed); so e ranges over
 * [max(el, 0), eh].
 *   - eh == 0: 1. Lemma bounds_pow_exp_zero.
 *   - |a| <= 1 (a in [-1, 1]): a^0 == 1 and, for e >= 1, a^e == a except (-1)^even == 1: never wraps.
 *     Lemmas bounds_pow_unit, bounds_pow_01, bounds_pow_01_pos.
 *   - otherwise only exponents 2 and 3, the ones the lemmas state (a symbolic exponent's power has no
 *     exact bound the rule DSL can state): e == 3 is increasing, [al^3, ah^3]; e == 2 is |x|^2,
 *     [0 if 0 in [al, ah] else min(al^2, ah^2), max(al^2, ah^2)]; exact, then FIT (an endpoint power
 *     outside dt's range is attained, so it wraps: full range). Lemmas bounds_pow_even_nonneg,
 *     bounds_pow_even_lo, bounds_pow_even_hi, bounds_pow_odd. Any other exponent: the full range. */
static Iv b_pow(DType dt, Iv a, Iv e) {
  i128 el = max128(e.lo, 0), eh = e.hi;
  if (el > eh) return bounds_full(dt); /* always UB */
  if (eh == 0) return iv(1, 1);
  if (a.lo >= -1 && a.hi <= 1) {
    Iv r = a.lo == -1 ? iv(-1, 1) : a; /* e >= 1 */
    return el == 0 ? iv_union(r, iv(1, 1)) : r;
  }
  if (el < 2 || eh > 3) return bounds_full(dt);
  i128 pl = 1, ph = 1; /* al^k, ah^k */
  Iv r = iv(1, 1);
  bool any = false;
  for (i128 k = 0; k <= eh; k++) {
    if (k > 0 && (!im_mul_ok(pl, a.lo, &pl) || !im_mul_ok(ph, a.hi, &ph))) return bounds_full(dt);
    if (!im_fits(dt, pl) || !im_fits(dt, ph)) return bounds_full(dt);
    if (k < el) continue;
    Iv x;
    if (k == 0) x = iv(1, 1);
    else if (k % 2 == 1) x = iv(pl, ph);
    else x = iv(iv_has(a, 0) ? 0 : min128(pl, ph), max128(pl, ph));
    r = any ? iv_union(r, x) : x;
    any = true;
  }
  return iv_fit(dt, r);
}

/* ---- comparisons, min/max, select ---- */

static Iv decided(bool v) { return v ? iv(1, 1) : iv(0, 0); }

/* Lemma CMP: for a in [al, ah], b in [bl, bh]:
 *   ah < bl  => a < b;   al >= bh => !(a < b);   ah <= bl => a <= b;   al > bh => !(a <= b);
 *   disjoint intervals => a != b;   al == ah == bl == bh => a == b.
 * Float operands carry no interval: [0, 1]. Lemmas bounds_lt_true, bounds_lt_false, bounds_le_true,
 * bounds_le_false, bounds_eq_false, bounds_ne_true, bounds_eq_true, bounds_ne_false. */
static Iv b_cmp(Op op, DType adt, Iv a, Iv b) {
  if (dt_is_float(adt)) return iv(0, 1);
  bool disjoint = a.hi < b.lo || b.hi < a.lo, same = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
  switch (op) {
  case OP_EQ: return disjoint ? decided(false) : same ? decided(true) : iv(0, 1);
  case OP_NE: return disjoint ? decided(true) : same ? decided(false) : iv(0, 1);
  case OP_LT: return a.hi < b.lo ? decided(true) : a.lo >= b.hi ? decided(false) : iv(0, 1);
  default: /* LE */ return a.hi <= b.lo ? decided(true) : a.lo > b.hi ? decided(false) : iv(0, 1);
  }
}

/* MIN/MAX: both non-decreasing in each operand: [min(al, bl), min(ah, bh)], [max(al, bl), max(ah, bh)].
 * Lemmas bounds_min, bounds_max. */
static Iv b_min(Iv a, Iv b) { return iv(min128(a.lo, b.lo), min128(a.hi, b.hi)); }
static Iv b_max(Iv a, Iv b) { return iv(max128(a.lo, b.lo), max128(a.hi, b.hi)); }

/* SELECT: a defined select yields the chosen operand, which is defined: the union of the branches'
 * intervals, or just one branch when the condition's interval decides it. Lemmas bounds_select,
 * bounds_select_bool, bounds_select_true, bounds_select_false. */
static Iv b_select(Iv c, Iv t, Iv f) {
  if (iv_is(c, 1)) return t;
  if (iv_is(c, 0)) return f;
  return iv_union(t, f);
}

/* ---- conversions ---- */

/* CAST to int from int/bool: the result is the value's low w bits (sign- or zero-extended per the
 * source), which equal the value itself iff it lies in the target's range (FIT on the source interval).
 * From float: a defined result lies in the target's range: full range. To bool: x != 0, decided when
 * the source interval is {0} or excludes 0 (floats: [0, 1]). Lemmas bounds_cast_fit (c1, c2 being the
 * source interval's ends as target constants), bounds_cast_bool_false, bounds_cast_bool_true. */
static Iv b_cast(DType to, DType from, Iv a) {
  if (dt_is_float(from)) return bounds_full(to);
  if (to == DT_BOOL) return iv_is(a, 0) ? decided(false) : !iv_has(a, 0) ? decided(true) : iv(0, 1);
  return iv_fit(to, a);
}

/* BITCAST int -> int (same width): the same bits read in the other signedness, which is the same
 * number iff it lies in both ranges (FIT, the source interval being within the source's range). From
 * a float: full range. Lemma bounds_bitcast_fit. */
static Iv b_bitcast(DType to, DType from, Iv a) {
  if (dt_is_float(from)) return bounds_full(to);
  return iv_fit(to, a);
}

/* ---- dispatch ---- */

Iv bounds_transfer(Op op, DType dt, const DType *adt, const Iv *a, int nargs) {
  if (dt_is_float(dt)) return iv(0, 0);
  Iv r;
  Iv x = nargs > 0 ? a[0] : iv(0, 0), y = nargs > 1 ? a[1] : iv(0, 0);
  bool is_bool = nargs > 0 && adt[0] == DT_BOOL;
  /* A case is used only where its lemmas are proved (bounds_trust.h); elsewhere the full range, which
   * needs no proof. Comparisons are keyed by their operands' dtype, casts by both ends. */
  bool cmp = op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE;
  DType key = cmp && nargs > 0 ? adt[0] : dt;
  if (!bounds_trusted(op, key) || ((op == OP_CAST || op == OP_BITCAST) && nargs > 0 && !bounds_trusted(op, adt[0])))
    return bounds_full(dt);
  switch (op) {
  case OP_ADD: r = b_add(dt, x, y); break;
  case OP_SUB: r = b_sub(dt, x, y); break;
  case OP_MUL: r = b_mul(dt, x, y); break;
  case OP_NEG: r = b_neg(dt, x); break;
  case OP_MULACC: r = b_mulacc(dt, x, y, a[2]); break;
  case OP_IDIV: r = b_div(dt, x, y, true); break;
  case OP_TDIV: r = b_div(dt, x, y, false); break;
  case OP_MOD: r = b_mod(dt, x, y); break;
  case OP_TMOD: r = b_tmod(dt, x, y); break;
  case OP_AND:
  case OP_OR:
  case OP_XOR: r = is_bool ? b_bool_logic(op, x, y) : b_bitop_int(dt, op, x, y); break;
  case OP_NOT: r = is_bool ? iv(1 - x.hi, 1 - x.lo) : b_not_int(dt, x); break;
  case OP_SHL: r = b_shl(dt, x, y); break;
  case OP_SHR: r = b_shr(dt, x, y); break;
  case OP_EQ:
  case OP_NE:
  case OP_LT:
  case OP_LE: r = b_cmp(op, adt[0], x, y); break;
  case OP_MIN: r = b_min(x, y); break;
  case OP_MAX: r = b_max(x, y); break;
  case OP_POW: r = b_pow(dt, x, y); break;
  case OP_SELECT: r = b_select(x, y, a[2]); break;
  case OP_CAST: r = b_cast(dt, adt[0], x); break;
  case OP_BITCAST: r = b_bitcast(dt, adt[0], x); break;
  default: r = bounds_full(dt); break; /* float-only ops never reach here with an int dt */
  }
  /* Every case above yields a non-empty interval within dt; this keeps that invariant if one did not. */
  return iv_fit(dt, r);
}

/* RANGE: its value r lies in [0, E) for its end E <= vmax(E), so in [0, vmax(E) - 1]; a domain that
 * may be empty (vmax(E) <= 0) has no value at all, and [0, 0] holds vacuously. Lemma bounds_range.
 * Loads, reductions and values after effects: the full range (a buffer holds any value; a reduction
 * wraps). */
static Iv b_graph(const Node *n, DType dt) {
  if (n->op != OP_RANGE || !bounds_trusted(OP_RANGE, DT_INDEX)) return bounds_full(dt);
  i128 e = vs_vmax(n->args[0]);
  return iv(0, e > 1 ? e - 1 : 0);
}

/* The value of a bit pattern of an integer dtype of w <= 32 bits (signed or not), as im_value gives
 * it, in 64 bits. */
static inline int64_t narrow_value(bool sgn, int w, uint64_t bits) {
  uint64_t s = sgn ? im_sext_bits(bits, w) : bits & im_mask(w);
  return (s >> 63) ? -(int64_t)(~s) - 1 : (int64_t)s;
}

/* im_min and im_max of the integer dtypes of at most 32 bits (others unused). */
static const int64_t narrow_min[DT_COUNT] = {[DT_I8] = INT8_MIN, [DT_I16] = INT16_MIN, [DT_I32] = INT32_MIN};
static const int64_t narrow_max[DT_COUNT] = {[DT_I8] = INT8_MAX,    [DT_I16] = INT16_MAX,  [DT_I32] = INT32_MAX,
                                             [DT_U8] = UINT8_MAX,   [DT_U16] = UINT16_MAX, [DT_U32] = UINT32_MAX};

/* The common binary ops (+ - * min max and the comparisons) on integer operands of at most 32 bits,
 * where every value, sum and difference is a 64-bit integer: the same interval as bounds_transfer's
 * cases (the same lemmas, FIT included), without i128. A product of two corners that leaves int64 has a
 * magnitude of 2^63 or more, beyond every such dtype, so FIT gives the full range, as it does for the
 * exact product. False when n is not such a node (bounds_transfer decides). */
static bool narrow_binary(Node *n) {
  Op op = (Op)n->op;
  DType dt = (DType)n->dtype, at = (DType)n->args[0]->dtype;
  bool cmp = op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE;
  if (!cmp && op != OP_ADD && op != OP_SUB && op != OP_MUL && op != OP_MIN && op != OP_MAX) return false;
  int w = dt_bits(at);
  if (!dt_is_int(at) || w > 32 || n->args[1]->dtype != at || dt != (cmp ? DT_BOOL : at) || !bounds_trusted(op, at))
    return false;
  bool sgn = dt_is_signed(at);
  int64_t al = narrow_value(sgn, w, n->args[0]->lo), ah = narrow_value(sgn, w, n->args[0]->hi);
  int64_t bl = narrow_value(sgn, w, n->args[1]->lo), bh = narrow_value(sgn, w, n->args[1]->hi);
  int64_t lo = 0, hi = 0;
  bool full = false;
  switch (op) {
  case OP_ADD: full = __builtin_add_overflow(al, bl, &lo) || __builtin_add_overflow(ah, bh, &hi); break;
  case OP_SUB: full = __builtin_sub_overflow(al, bh, &lo) || __builtin_sub_overflow(ah, bl, &hi); break;
  case OP_MUL: {
    int64_t p[4];
    full = __builtin_mul_overflow(al, bl, &p[0]) || __builtin_mul_overflow(al, bh, &p[1]) ||
           __builtin_mul_overflow(ah, bl, &p[2]) || __builtin_mul_overflow(ah, bh, &p[3]);
    lo = hi = p[0];
    for (int i = 1; !full && i < 4; i++) {
      if (p[i] < lo) lo = p[i];
      if (p[i] > hi) hi = p[i];
    }
    break;
  }
  case OP_MIN:
    lo = al < bl ? al : bl;
    hi = ah < bh ? ah : bh;
    break;
  case OP_MAX:
    lo = al > bl ? al : bl;
    hi = ah > bh ? ah : bh;
    break;
  default: { /* CMP, as b_cmp */
    bool disjoint = ah < bl || bh < al, same = al == ah && bl == bh && al == bl, t = false, f = false;
    switch (op) {
    case OP_EQ: f = disjoint, t = !disjoint && same; break;
    case OP_NE: t = disjoint, f = !disjoint && same; break;
    case OP_LT: t = ah < bl, f = !t && al >= bh; break;
    default: t = ah <= bl, f = !t && al > bh; break; /* LE */
    }
    lo = t ? 1 : 0;
    hi = f ? 0 : 1;
    break;
  }
  }
  /* FIT (iv_fit): an interval that leaves dt is the full range. A comparison's [0, 1] always fits. */
  if (!cmp && (full || lo > hi || lo < narrow_min[dt] || hi > narrow_max[dt])) {
    lo = narrow_min[dt];
    hi = narrow_max[dt];
  }
  uint64_t mask = cmp ? 1 : im_mask(w);
  n->lo = (uint64_t)lo & mask;
  n->hi = (uint64_t)hi & mask;
  return true;
}

/* Every node but narrow_binary's: out of line, so that the common case pays none of its set-up. */
__attribute__((noinline)) static void general_bounds(Node *n) {
  DType dt = (DType)n->dtype;
  if (n->op == OP_CONST || n->op == OP_VAR || n->op == OP_INVALID || n->op == OP_BUFFER) return; /* set when the leaf was built */
  if (dt_is_float(dt) || n->kind != NK_VALUE) {
    n->lo = n->hi = 0;
    return;
  }
  if (op_is_graph((Op)n->op)) {
    Iv r = b_graph(n, dt);
    n->lo = im_from_value(dt, r.lo);
    n->hi = im_from_value(dt, r.hi);
    return;
  }
  if (op_is_vec((Op)n->op)) {
    /* A vector's bounds hold for every lane, so building or taking apart vectors keeps the hull of
     * the operands' bounds (GEP and BCAST: their one operand's). Lane-wise ops then transfer hulls,
     * which is sound because each lane's operands lie in those hulls. */
    i128 lo = vs_vmin(n->args[0]), hi = vs_vmax(n->args[0]);
    for (int i = 1; i < n->nargs; i++) {
      if (vs_vmin(n->args[i]) < lo) lo = vs_vmin(n->args[i]);
      if (vs_vmax(n->args[i]) > hi) hi = vs_vmax(n->args[i]);
    }
    n->lo = im_from_value(dt, lo);
    n->hi = im_from_value(dt, hi);
    return;
  }
  Iv a[3];
  DType adt[3];
  int k = n->nargs <= 3 ? n->nargs : 3;
  for (int i = 0; i < k; i++) {
    adt[i] = (DType)n->args[i]->dtype;
    a[i] = dt_is_float(adt[i]) ? iv(0, 0) : iv(vs_vmin(n->args[i]), vs_vmax(n->args[i]));
  }
  Iv r = bounds_transfer((Op)n->op, dt, adt, a, k);
  n->lo = im_from_value(dt, r.lo);
  n->hi = im_from_value(dt, r.hi);
}

void bounds_compute(Node *n) {
  /* narrow_binary takes value ops only (+ - * min max and comparisons over integers of at most 32
   * bits), never a leaf, a graph or vector op or a float. */
  if (n->nargs == 2 && narrow_binary(n)) return;
  general_bounds(n);
}
