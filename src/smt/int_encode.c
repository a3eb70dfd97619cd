#include "smt/int_encode.h"

#include "ir/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ienc_init(IntEnc *ie, Enc *e) {
  memset(ie, 0, sizeof *ie);
  ie->e = e;
  nodemap_init(&ie->memo);
  ie->ranges = e->s->t_true;
  ie->side = e->s->t_true;
  /* The Int sort lives as long as the context (Z3's arithmetic plugin owns it). */
  ie->sort = e->failed ? NULL : Z3_mk_int_sort(e->z);
  if (!ie->sort) e->failed = true;
}

void ienc_fini(IntEnc *ie) {
  nodemap_free(&ie->memo);
  free(ie->terms);
  free(ie->divs);
  memset(ie, 0, sizeof *ie);
}

static Z3_ast nary(IntEnc *ie, Z3_ast (*f)(Z3_context, unsigned, const Z3_ast[]), Z3_ast a, Z3_ast b) {
  Enc *e = ie->e;
  if (e->failed || !a || !b) {
    e->failed = true;
    return NULL;
  }
  Z3_ast args[2] = {a, b};
  return enc_hold(e, f(e->z, 2, args));
}

Z3_ast ienc_num(IntEnc *ie, i128 v) {
  Enc *e = ie->e;
  if (e->failed) return NULL;
  char buf[48];
  return enc_hold(e, Z3_mk_numeral(e->z, im_format(v, buf), ie->sort));
}

Z3_ast ienc_add(IntEnc *ie, Z3_ast a, Z3_ast b) { return nary(ie, Z3_mk_add, a, b); }
Z3_ast ienc_sub(IntEnc *ie, Z3_ast a, Z3_ast b) { return nary(ie, Z3_mk_sub, a, b); }
Z3_ast ienc_mul(IntEnc *ie, Z3_ast a, Z3_ast b) { return nary(ie, Z3_mk_mul, a, b); }
Z3_ast ienc_lt(IntEnc *ie, Z3_ast a, Z3_ast b) { return enc_ap2(ie->e, Z3_mk_lt, a, b); }
Z3_ast ienc_le(IntEnc *ie, Z3_ast a, Z3_ast b) { return enc_ap2(ie->e, Z3_mk_le, a, b); }

Z3_ast ienc_in(IntEnc *ie, Z3_ast a, i128 lo, i128 hi) {
  return enc_and(ie->e, ienc_le(ie, ienc_num(ie, lo), a), ienc_le(ie, a, ienc_num(ie, hi)));
}

Z3_ast ienc_fresh(IntEnc *ie, const char *prefix, bool is_bool) {
  Enc *e = ie->e;
  if (e->failed) return NULL;
  /* Z3_mk_fresh_const names are unique in the context: a fresh variable never aliases a variable of
   * the expression or another fresh one. */
  return enc_hold(e, Z3_mk_fresh_const(e->z, prefix, is_bool ? Z3_mk_bool_sort(e->z) : ie->sort));
}

static void add_side(IntEnc *ie, Z3_ast c) { ie->side = enc_and(ie->e, ie->side, c); }

static bool is_numeral(IntEnc *ie, Z3_ast a, i128 *v) {
  Enc *e = ie->e;
  int64_t x;
  uint64_t u;
  if (e->failed || !a || !Z3_is_numeral_ast(e->z, a)) return false;
  if (Z3_get_numeral_int64(e->z, a, &x)) *v = x;
  else if (Z3_get_numeral_uint64(e->z, a, &u)) *v = u;
  else return false;
  return true;
}

static bool is_exact(const IntEnc *ie, const Node *n) {
  for (size_t i = 0; i < ie->nexact; i++)
    if (ie->exact[i] == n) return true;
  return false;
}

int ienc_sign_of(const IntEnc *ie, const Node *n) {
  if (!n || !dt_is_int((DType)n->dtype)) return 0;
  if (n->op == OP_CONST) {
    i128 v = vs_const_value(n);
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  }
  for (size_t i = 0; i < ie->nsigns; i++)
    if (ie->sign_node[i] == n) return ie->sign[i];
  /* A product or sum that computes its exact value has the sign arithmetic gives it (c1 * c2 with
   * c1, c2 > 0 under no_overflow(c1 * c2)). The depth of the recursion is that of the expression. */
  if ((n->op == OP_MUL || n->op == OP_ADD) && is_exact(ie, n)) {
    int a = ienc_sign_of(ie, n->args[0]), b = ienc_sign_of(ie, n->args[1]);
    if (n->op == OP_MUL) return a * b;
    return a == b ? a : 0;
  }
  return 0;
}

/* Floor division. Soundness rests on the constraints being definitional (int_encode.h):
 *   a == b*q + r                                   always (for b == 0 it forces r = a, q stays free)
 *   b > 0 -> 0 <= r < b;   b < 0 -> b < r <= 0
 * For b != 0 exactly one (q, r) satisfies them: q = floor(a/b) (for b < 0, q <= a/b < q + 1 multiplied
 * by b gives b*q >= a > b*q + b) and r = a - b*q. For b == 0 (a UB division) every q has a matching r,
 * so no assignment of the operands is excluded. The equation is stated unconditionally (not under
 * b != 0) so that Z3's solve-eqs can use it to eliminate a variable dividend, which is what makes most
 * division rules easy for the arithmetic solver. When b's sign is known, only its case is asserted. */
static void floor_divmod(IntEnc *ie, Z3_ast a, Z3_ast b, int bsign, Z3_ast *q, Z3_ast *r) {
  Enc *e = ie->e;
  i128 bv = 0;
  if (is_numeral(ie, b, &bv)) bsign = bv > 0 ? 1 : bv < 0 ? -1 : 0;
  else if (ie->ndivisors < sizeof ie->divisors / sizeof ie->divisors[0]) {
    bool seen = false;
    for (size_t i = 0; i < ie->ndivisors; i++) seen |= ie->divisors[i] == b;
    if (!seen) ie->divisors[ie->ndivisors++] = b;
  }
  Z3_ast qq = ienc_fresh(ie, "q", false), rr = ienc_fresh(ie, "r", false), zero = ienc_num(ie, 0);
  add_side(ie, enc_eq(e, a, ienc_add(ie, ienc_mul(ie, b, qq), rr)));
  Z3_ast pos_case = enc_and(e, ienc_le(ie, zero, rr), ienc_lt(ie, rr, b));
  Z3_ast neg_case = enc_and(e, ienc_lt(ie, b, rr), ienc_le(ie, rr, zero));
  if (bsign > 0) add_side(ie, pos_case);
  else if (bsign < 0) add_side(ie, neg_case);
  else if (!is_numeral(ie, b, &bv)) {
    add_side(ie, enc_or(e, enc_not(e, ienc_lt(ie, zero, b)), pos_case));
    add_side(ie, enc_or(e, enc_not(e, ienc_lt(ie, b, zero)), neg_case));
  }
  *q = qq;
  *r = rr;
}

/* Truncating division from the floor division of the same operands: the two quotients differ exactly
 * when the exact quotient is negative and not an integer, i.e. the floor remainder r is nonzero and a
 * and b have opposite signs; then truncation rounds up: q_t = q + 1 and r_t = a - b*(q + 1) = r - b
 * (r in (0, b) for b > 0 gives r_t in (-b, 0), the sign of a < 0; r in (b, 0) for b < 0 gives
 * r_t in (0, -b), the sign of a > 0). Otherwise q_t = q and r_t = r. Deriving it this way, instead of
 * from constraints of its own, lets tdiv and tmod share the floor quotient that the guard's `%` and
 * `//` use (tdiv_fold_mul: the guard's c1 % c2 == 0 makes r = 0 and the adjustment vanish). */
void ienc_divmod(IntEnc *ie, Z3_ast a, Z3_ast b, int bsign, bool trunc, Z3_ast *q, Z3_ast *r) {
  Enc *e = ie->e;
  *q = *r = NULL;
  if (e->failed || !a || !b) {
    e->failed = true;
    return;
  }
  for (size_t i = 0; i < ie->ndivs; i++)
    if (ie->divs[i].a == a && ie->divs[i].b == b && ie->divs[i].trunc == trunc) {
      *q = ie->divs[i].q;
      *r = ie->divs[i].r;
      return;
    }
  Z3_ast qq, rr;
  if (!trunc) floor_divmod(ie, a, b, bsign, &qq, &rr);
  else {
    Z3_ast fq, fr;
    ienc_divmod(ie, a, b, bsign, false, &fq, &fr);
    Z3_ast zero = ienc_num(ie, 0);
    i128 bv;
    if (is_numeral(ie, b, &bv)) bsign = bv > 0 ? 1 : bv < 0 ? -1 : 0;
    Z3_ast aneg = ienc_lt(ie, a, zero);
    Z3_ast opposite = bsign > 0   ? aneg
                      : bsign < 0 ? ienc_lt(ie, zero, a)
                                  : enc_not(e, enc_eq(e, aneg, ienc_lt(ie, b, zero)));
    Z3_ast up = enc_and(e, enc_not(e, enc_eq(e, fr, zero)), opposite);
    qq = enc_ite(e, up, ienc_add(ie, fq, ienc_num(ie, 1)), fq);
    rr = enc_ite(e, up, ienc_sub(ie, fr, b), fr);
  }
  if (e->failed || !vs_grow((void **)&ie->divs, &ie->dcap, ie->ndivs + 1, sizeof *ie->divs)) {
    e->failed = true;
    return;
  }
  ie->divs[ie->ndivs++] = (IntDiv){a, b, qq, rr, trunc};
  *q = qq;
  *r = rr;
}

/* ---- wraparound ---- */

static i128 pow2(int w) { return (i128)1 << w; }

/* v's exact value reduced into dt's range, given that v lies in [vlo, vhi] whenever the operands it
 * was computed from are in their ranges (the case the encoding must get exactly right; see the header).
 *   - [vlo, vhi] within the range: v itself.
 *   - within one modulus of it (sums and differences): v, v - 2^w or v + 2^w by comparisons.
 *   - otherwise (products, `unbounded`): a fresh t with v == t + 2^w*k for a fresh k and t in range, which has
 *     exactly one solution for every v. */
static Z3_ast wrap(IntEnc *ie, Z3_ast v, DType dt, i128 vlo, i128 vhi, bool unbounded) {
  Enc *e = ie->e;
  i128 lo = im_min(dt), hi = im_max(dt), m = pow2(dt_bits(dt));
  if (!unbounded && vlo >= lo && vhi <= hi) return v;
  if (!unbounded && vlo >= lo - m && vhi <= hi + m) {
    Z3_ast out = v;
    if (vhi > hi) out = enc_ite(e, ienc_lt(ie, ienc_num(ie, hi), v), ienc_sub(ie, v, ienc_num(ie, m)), out);
    if (vlo < lo) out = enc_ite(e, ienc_lt(ie, v, ienc_num(ie, lo)), ienc_add(ie, v, ienc_num(ie, m)), out);
    return out;
  }
  Z3_ast t = ienc_fresh(ie, "wrap", false), k = ienc_fresh(ie, "k", false);
  add_side(ie, enc_eq(e, v, ienc_add(ie, t, ienc_mul(ie, ienc_num(ie, m), k))));
  add_side(ie, ienc_in(ie, t, lo, hi));
  return t;
}

/* ---- nodes ---- */

static bool arg_term(const IntEnc *ie, const Node *a, SmtTerm *t) {
  uint64_t idx;
  if (!nodemap_get(&ie->memo, a, &idx)) return false;
  *t = ie->terms[idx];
  return true;
}

static bool unsupported(IntEnc *ie) {
  ie->unsupported = true;
  return false;
}

static bool encode_node(IntEnc *ie, const Node *n, SmtTerm *out) {
  Enc *e = ie->e;
  SmtCtx *s = e->s;
  Op op = (Op)n->op;
  DType dt = (DType)n->dtype;
  if (dt_is_float(dt)) return unsupported(ie);
  SmtTerm a[3] = {{NULL, NULL, NULL}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
  Z3_ast def = s->t_true;
  for (int i = 0; i < n->nargs && i < 3; i++) {
    if (dt_is_float((DType)n->args[i]->dtype)) return unsupported(ie);
    if (!arg_term(ie, n->args[i], &a[i])) {
      e->failed = true;
      return false;
    }
    if (op != OP_SELECT) def = enc_and(e, def, a[i].def);
  }
  DType adt = n->nargs ? (DType)n->args[0]->dtype : dt; /* operand dtype */
  bool isb = adt == DT_BOOL;
  /* A node the hypotheses say computes its exact value: no wraparound (int_encode.h). A
   * no-signed-overflow op is its exact value wherever it is defined, and defined exactly where that
   * value fits its dtype (docs/semantics.md). */
  bool nsw = vs_is_nsw(n);
  bool exact = is_exact(ie, n) || nsw;
  i128 lo = isb ? 0 : im_min(adt), hi = isb ? 1 : im_max(adt);
  Z3_ast x = a[0].val, y = a[1].val, v = NULL, zero = NULL;
  switch (op) {
  case OP_CONST:
    v = dt == DT_BOOL ? (n->aux.bits & 1 ? s->t_true : s->t_false) : ienc_num(ie, vs_const_value(n));
    break;
  case OP_VAR: {
    char name[96];
    snprintf(name, sizeof name, "%s_%s", n->aux.name, dt_name(dt));
    v = ienc_fresh(ie, name, dt == DT_BOOL);
    if (dt == DT_BOOL) {
      if (n->lo == n->hi) ie->ranges = enc_and(e, ie->ranges, n->lo ? v : enc_not(e, v));
    } else {
      ie->ranges = enc_and(e, ie->ranges, ienc_in(ie, v, vs_vmin(n), vs_vmax(n)));
    }
    break;
  }
  case OP_NEG:
    if (isb) return unsupported(ie);
    v = enc_ap1(e, Z3_mk_unary_minus, x);
    if (!exact) v = wrap(ie, v, adt, -hi, -lo, false);
    break;
  case OP_NOT:
    if (!isb) return unsupported(ie);
    v = enc_not(e, x);
    break;
  case OP_AND:
  case OP_OR:
  case OP_XOR:
    if (!isb) return unsupported(ie);
    v = op == OP_AND ? enc_and(e, x, y) : op == OP_OR ? enc_or(e, x, y) : enc_ap2(e, Z3_mk_xor, x, y);
    break;
  case OP_ADD:
    v = ienc_add(ie, x, y);
    if (!exact) v = wrap(ie, v, adt, 2 * lo, 2 * hi, false);
    break;
  case OP_SUB:
    v = ienc_sub(ie, x, y);
    if (!exact) v = wrap(ie, v, adt, lo - hi, hi - lo, false);
    break;
  /* Products span far more than one modulus at every width: always the fresh-variable wrap. */
  case OP_MUL:
    v = ienc_mul(ie, x, y);
    if (!exact) v = wrap(ie, v, adt, 0, 0, true);
    break;
  case OP_MULACC: v = wrap(ie, ienc_add(ie, ienc_mul(ie, x, y), a[2].val), adt, 0, 0, true); break;
  /* pow with a literal exponent k (docs/semantics.md: wrap(a^k), pow(a, 0) == 1, a negative exponent UB):
   * a product of k factors, wrapped once (the product modulo 2^w is the wrapped product). Symbolic and
   * large exponents stay with the bit-vector encoding. */
  case OP_POW: {
    i128 k;
    if (isb || !is_numeral(ie, y, &k) || k > 8) return unsupported(ie);
    if (k < 0) {
      def = s->t_false;
      v = ienc_num(ie, 0);
      break;
    }
    v = ienc_num(ie, 1);
    for (i128 i = 0; i < k; i++) v = i ? ienc_mul(ie, v, x) : x;
    if (k >= 2) v = wrap(ie, v, adt, 0, 0, true);
    break;
  }
  case OP_IDIV:
  case OP_MOD:
  case OP_TDIV:
  case OP_TMOD: {
    if (isb) return unsupported(ie);
    zero = ienc_num(ie, 0);
    i128 bv;
    if (!is_numeral(ie, y, &bv)) def = enc_and(e, def, enc_not(e, enc_eq(e, y, zero)));
    else if (bv == 0) def = s->t_false;
    /* Unsigned operands are nonnegative: truncation and floor are the same division. */
    bool trunc = (op == OP_TDIV || op == OP_TMOD) && dt_is_signed(adt);
    Z3_ast q, r;
    int sign = ienc_sign_of(ie, n->args[1]);
    ienc_divmod(ie, x, y, sign, trunc, &q, &r);
    /* The quotient exceeds the range only for MIN // -1 (= 2^(w-1), wrapping to MIN), so never for a
     * positive divisor; a remainder is always smaller in magnitude than the divisor. */
    if (op == OP_IDIV || op == OP_TDIV)
      v = wrap(ie, q, adt, lo, dt_is_signed(adt) && sign <= 0 ? hi + 1 : hi, false);
    else v = r;
    break;
  }
  case OP_EQ:
  case OP_NE:
    v = enc_eq(e, x, y);
    if (op == OP_NE) v = enc_not(e, v);
    break;
  case OP_LT:
    v = isb ? enc_and(e, enc_not(e, x), y) : ienc_lt(ie, x, y);
    break;
  case OP_LE:
    v = isb ? enc_or(e, enc_not(e, x), y) : ienc_le(ie, x, y);
    break;
  case OP_MIN:
  case OP_MAX:
    if (isb) v = op == OP_MAX ? enc_or(e, x, y) : enc_and(e, x, y);
    else {
      Z3_ast lt = ienc_lt(ie, x, y);
      v = op == OP_MAX ? enc_ite(e, lt, y, x) : enc_ite(e, lt, x, y);
    }
    break;
  case OP_SELECT:
    v = enc_ite(e, x, a[1].val, a[2].val);
    def = enc_and(e, a[0].def, enc_ite(e, x, a[1].def, a[2].def));
    break;
  case OP_CAST:
    if (dt == DT_BOOL) v = isb ? x : enc_not(e, enc_eq(e, x, ienc_num(ie, 0)));
    else if (isb) v = enc_ite(e, x, ienc_num(ie, 1), ienc_num(ie, 0));
    else v = wrap(ie, x, dt, lo, hi, false); /* the low w bits of the value: its value modulo 2^w */
    break;
  case OP_EDIV:
  case OP_EMOD: {
    /* Euclidean (docs/semantics.md): the floor division, one step up where the divisor is negative
     * and the division inexact (remainder r - y, in (0, -y)); 0 and 0 for a zero divisor, which leaves
     * the floor quotient free (its equation says r = x) and is then overridden. Never UB. */
    if (isb) return unsupported(ie);
    zero = ienc_num(ie, 0);
    int sign = ienc_sign_of(ie, n->args[1]);
    i128 bv = 0;
    bool ynum = is_numeral(ie, y, &bv);
    if (ynum) sign = bv > 0 ? 1 : bv < 0 ? -1 : 0;
    Z3_ast q, r;
    ienc_divmod(ie, x, y, sign, false, &q, &r);
    if (dt_is_signed(adt) && sign <= 0) {
      Z3_ast up = enc_and(e, ienc_lt(ie, y, zero), enc_not(e, enc_eq(e, r, zero)));
      q = enc_ite(e, up, ienc_add(ie, q, ienc_num(ie, 1)), q);
      r = enc_ite(e, up, ienc_sub(ie, r, y), r);
    }
    v = op == OP_EDIV ? wrap(ie, q, adt, lo, dt_is_signed(adt) && sign <= 0 ? hi + 1 : hi, false) : r;
    if (ynum && bv == 0) v = zero;
    else if (!ynum && sign == 0) v = enc_ite(e, enc_eq(e, y, zero), zero, v);
    break;
  }
  default: return unsupported(ie);
  }
  if (nsw && v) def = enc_and(e, def, ienc_in(ie, v, lo, hi));
  if (e->failed || !v || !def) {
    e->failed = true;
    return false;
  }
  out->val = v;
  out->def = def;
  out->inv = NULL; /* the integer encoding has no INVALID: it fails on the leaf (default case) */
  return true;
}

bool ienc_expr(IntEnc *ie, Node *root, SmtTerm *out) {
  Enc *e = ie->e;
  if (e->failed || ie->unsupported || !root) return false;
  uint64_t idx;
  if (nodemap_get(&ie->memo, root, &idx)) {
    *out = ie->terms[idx];
    return true;
  }
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (!n) {
    e->failed = true;
    return false;
  }
  for (size_t i = 0; i < n && !e->failed && !ie->unsupported; i++) {
    if (nodemap_get(&ie->memo, order[i], NULL)) continue;
    SmtTerm t;
    if (!encode_node(ie, order[i], &t)) break;
    if (!vs_grow((void **)&ie->terms, &ie->tcap, ie->nterms + 1, sizeof *ie->terms) ||
        !nodemap_put(&ie->memo, order[i], ie->nterms)) {
      e->failed = true;
      break;
    }
    ie->terms[ie->nterms++] = t;
  }
  free(order);
  if (e->failed || ie->unsupported || !nodemap_get(&ie->memo, root, &idx)) return false;
  *out = ie->terms[idx];
  return true;
}
