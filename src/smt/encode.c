#include "smt/encode.h"

#include "ir/grow.h"

#include "ir/vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void enc_init(Enc *e, SmtCtx *s) {
  memset(e, 0, sizeof *e);
  e->s = s;
  e->z = s->z;
  nodemap_init(&e->memo);
  e->ranges = s->t_true;
  e->portable = true;
}

void enc_fini(Enc *e) {
  for (size_t i = 0; i < e->nheld; i++) Z3_dec_ref(e->z, e->held[i]);
  free(e->held);
  free(e->terms);
  free(e->vars);
  free(e->fpbits);
  nodemap_free(&e->memo);
  memset(e, 0, sizeof *e);
}

static Z3_ast fail(Enc *e) {
  e->failed = true;
  return NULL;
}

Z3_ast enc_hold(Enc *e, Z3_ast a) {
  if (!a || smt_z3_failed(NULL, 0)) return fail(e);
  if (!vs_grow((void **)&e->held, &e->hcap, e->nheld + 1, sizeof *e->held)) return fail(e);
  Z3_inc_ref(e->z, a);
  e->held[e->nheld++] = a;
  return a;
}

Z3_ast enc_ap1(Enc *e, EncFn1 f, Z3_ast a) {
  if (e->failed || !a) return fail(e);
  return enc_hold(e, f(e->z, a));
}

Z3_ast enc_ap2(Enc *e, EncFn2 f, Z3_ast a, Z3_ast b) {
  if (e->failed || !a || !b) return fail(e);
  return enc_hold(e, f(e->z, a, b));
}

Z3_ast enc_ap3(Enc *e, EncFn3 f, Z3_ast a, Z3_ast b, Z3_ast c) {
  if (e->failed || !a || !b || !c) return fail(e);
  return enc_hold(e, f(e->z, a, b, c));
}

/* The Boolean helpers fold literal true/false: most definedness terms are `true`, and conjoining them
 * verbatim would bury the few real conditions in noise (and slow down ground evaluation). */
Z3_ast enc_and(Enc *e, Z3_ast a, Z3_ast b) {
  if (e->failed || !a || !b) return fail(e);
  SmtCtx *s = e->s;
  if (a == s->t_true || b == s->t_false || a == b) return b;
  if (b == s->t_true || a == s->t_false) return a;
  Z3_ast args[2] = {a, b};
  return enc_hold(e, Z3_mk_and(e->z, 2, args));
}

Z3_ast enc_or(Enc *e, Z3_ast a, Z3_ast b) {
  if (e->failed || !a || !b) return fail(e);
  SmtCtx *s = e->s;
  if (a == s->t_false || b == s->t_true || a == b) return b;
  if (b == s->t_false || a == s->t_true) return a;
  Z3_ast args[2] = {a, b};
  return enc_hold(e, Z3_mk_or(e->z, 2, args));
}

Z3_ast enc_not(Enc *e, Z3_ast a) {
  if (e->failed || !a) return fail(e);
  if (a == e->s->t_true) return e->s->t_false;
  if (a == e->s->t_false) return e->s->t_true;
  return enc_hold(e, Z3_mk_not(e->z, a));
}

Z3_ast enc_ite(Enc *e, Z3_ast c, Z3_ast a, Z3_ast b) {
  if (e->failed || !c || !a || !b) return fail(e);
  if (c == e->s->t_true || a == b) return a;
  if (c == e->s->t_false) return b;
  return enc_hold(e, Z3_mk_ite(e->z, c, a, b));
}

Z3_ast enc_eq(Enc *e, Z3_ast a, Z3_ast b) { return enc_ap2(e, Z3_mk_eq, a, b); }

Z3_ast enc_extract(Enc *e, unsigned hi, unsigned lo, Z3_ast a) {
  if (e->failed || !a) return fail(e);
  return enc_hold(e, Z3_mk_extract(e->z, hi, lo, a));
}

static Z3_ast extend(Enc *e, bool sign, unsigned by, Z3_ast a) {
  if (e->failed || !a) return fail(e);
  return enc_hold(e, sign ? Z3_mk_sign_ext(e->z, by, a) : Z3_mk_zero_ext(e->z, by, a));
}

Z3_ast enc_bv(Enc *e, uint64_t bits, int w) {
  if (e->failed) return NULL;
  Z3_sort so;
  switch (w) {
  case 8: so = e->s->sort[DT_U8]; break;
  case 16: so = e->s->sort[DT_U16]; break;
  case 32: so = e->s->sort[DT_U32]; break;
  case 64: so = e->s->sort[DT_U64]; break;
  default:
    /* Uncached widths (1, for bit tests): the numeral holds on to the sort. */
    so = Z3_mk_bv_sort(e->z, (unsigned)w);
    if (!so) return fail(e);
    break;
  }
  return enc_hold(e, Z3_mk_unsigned_int64(e->z, bits & im_mask(w), so));
}

Z3_ast enc_const(Enc *e, DType dt, uint64_t bits) {
  if (e->failed) return NULL;
  if (dt == DT_BOOL) return bits & 1 ? e->s->t_true : e->s->t_false;
  Z3_ast bv = enc_bv(e, bits, dt_bits(dt));
  if (!dt_is_float(dt) || !bv) return bv;
  return enc_hold(e, Z3_mk_fpa_to_fp_bv(e->z, bv, e->s->sort[dt]));
}

Z3_ast enc_fp_bits_eval(Enc *e, Z3_ast x, DType dt) {
  if (e->failed || !x) return fail(e);
  Z3_ast raw = enc_ap1(e, Z3_mk_fpa_to_ieee_bv, x);
  return enc_ite(e, enc_ap1(e, Z3_mk_fpa_is_nan, x), enc_bv(e, vs_nan_bits(dt), dt_bits(dt)), raw);
}

/* x's entry of fresh bits b with (fp b) == x, made once per term x; NULL on failure. */
static struct EncBits *portable_bits(Enc *e, Z3_ast x, DType dt) {
  for (size_t i = 0; i < e->nfpbits; i++)
    if (e->fpbits[i].x == x) return &e->fpbits[i];
  Z3_ast b = NULL;
  if (vs_grow((void **)&e->fpbits, &e->fbcap, e->nfpbits + 1, sizeof *e->fpbits))
    b = enc_hold(e, Z3_mk_fresh_const(e->z, "fpbits", Z3_mk_bv_sort(e->z, (unsigned)dt_bits(dt))));
  if (!b) {
    fail(e);
    return NULL;
  }
  Z3_ast back = enc_hold(e, Z3_mk_fpa_to_fp_bv(e->z, b, e->s->sort[dt]));
  e->ranges = enc_and(e, e->ranges, enc_eq(e, back, x));
  e->fpbits[e->nfpbits] = (struct EncBits){x, b, NULL};
  return &e->fpbits[e->nfpbits++];
}

Z3_ast enc_fp_bits(Enc *e, Z3_ast x, DType dt) {
  if (e->failed || !x) return fail(e);
  if (!e->portable) return enc_fp_bits_eval(e, x, dt);
  struct EncBits *fb = portable_bits(e, x, dt);
  if (!fb) return NULL;
  /* fp.to_ieee_bv leaves NaN's pattern unspecified: pin it to the canonical one. */
  Z3_ast canon = enc_ite(e, enc_ap1(e, Z3_mk_fpa_is_nan, x), enc_bv(e, vs_nan_bits(dt), dt_bits(dt)), fb->b);
  if (canon) fb->canon = canon; /* for enc_fp_of_bits */
  return canon;
}

/* What bits hi..lo of a are as a term of its own, read through extracts and concats (extract(h, l,
 * concat(A, B)) is B's or A's bits when [l, h] lies in one of them; extract(h, l, extract(h2, l2, A))
 * is bits h + l2..l + l2 of A) down to a term that is neither, whose bits they must be all of: NULL
 * where they straddle two parts of a concat or are part of another term. Only reads terms. */
static Z3_ast bits_of(Enc *e, Z3_ast a, unsigned hi, unsigned lo) {
  Z3_context z = e->z;
  for (int depth = 0; a && depth < 4 * VS_MAX_LANES; depth++) {
    Z3_app app = Z3_get_ast_kind(z, a) == Z3_APP_AST ? Z3_to_app(z, a) : NULL;
    Z3_func_decl d = app ? Z3_get_app_decl(z, app) : NULL;
    Z3_decl_kind k = d ? Z3_get_decl_kind(z, d) : Z3_OP_UNINTERPRETED;
    if (k != Z3_OP_EXTRACT && k != Z3_OP_CONCAT)
      return lo == 0 && hi + 1 == Z3_get_bv_sort_size(z, Z3_get_sort(z, a)) ? a : NULL;
    if (k == Z3_OP_EXTRACT) {
      unsigned l2 = (unsigned)Z3_get_decl_int_parameter(z, d, 1);
      a = Z3_get_app_arg(z, app, 0);
      hi += l2;
      lo += l2;
      continue;
    }
    unsigned n = Z3_get_app_num_args(z, app), off = 0;
    Z3_ast part = NULL;
    for (unsigned i = n; i-- > 0 && !part;) { /* the last operand holds the lowest bits */
      Z3_ast arg = Z3_get_app_arg(z, app, i);
      unsigned wi = Z3_get_bv_sort_size(z, Z3_get_sort(z, arg));
      if (lo >= off && hi < off + wi) {
        part = arg;
        hi -= off;
        lo -= off;
      }
      off += wi;
    }
    a = part;
  }
  return NULL;
}

Z3_ast enc_fp_of_bits(Enc *e, Z3_ast a, unsigned hi, unsigned lo) {
  Z3_ast bits = e->nfpbits ? bits_of(e, a, hi, lo) : NULL;
  for (size_t i = 0; bits && i < e->nfpbits; i++)
    if (e->fpbits[i].canon == bits) return e->fpbits[i].x;
  return NULL;
}

/* ---- variables ---- */

/* The symbol is the name (characters outside [A-Za-z0-9_] replaced) and the dtype, e.g. `x_i8`, so the
 * SMT-LIB2 dump reads like the source. Two distinct variables of one query that still land on the same
 * symbol (same name and dtype with different ranges, or names equal after the replacement) would be one
 * Z3 constant; the later one gets its node id appended. */
static Z3_ast var_const(Enc *e, const Node *n, Z3_sort sort) {
  size_t len = strlen(n->aux.name);
  char *sym = malloc(len + 48);
  if (!sym) return fail(e);
  for (size_t i = 0; i < len; i++) {
    char c = n->aux.name[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    sym[i] = ok ? c : '_';
  }
  Z3_ast c = NULL;
  char ty[16];
  vs_node_type_name(n, ty, sizeof ty);
  for (int attempt = 0; attempt < 2 && !e->failed; attempt++) {
    if (attempt == 0) snprintf(sym + len, 48, "_%s", ty);
    else snprintf(sym + len, 48, "_%s_%u", ty, (unsigned)n->id);
    c = enc_hold(e, Z3_mk_const(e->z, Z3_mk_string_symbol(e->z, sym), sort));
    bool clash = false;
    for (size_t i = 0; c && i < e->nvars; i++) clash |= e->vars[i].c == c;
    if (!clash) break;
    c = NULL;
  }
  free(sym);
  if (!c) return fail(e);
  return c;
}

static Z3_ast var_range(Enc *e, const Node *n, Z3_ast x) {
  DType dt = (DType)n->dtype;
  if (dt == DT_BOOL) {
    if (n->lo == n->hi) return n->lo ? x : enc_not(e, x);
    return e->s->t_true;
  }
  if (!dt_is_int(dt)) return e->s->t_true;
  int w = dt_bits(dt);
  bool sgn = dt_is_signed(dt);
  EncFn2 le = sgn ? Z3_mk_bvsle : Z3_mk_bvule;
  Z3_ast r = e->s->t_true;
  if (vs_vmin(n) != im_min(dt)) r = enc_and(e, r, enc_ap2(e, le, enc_bv(e, n->lo, w), x));
  if (vs_vmax(n) != im_max(dt)) r = enc_and(e, r, enc_ap2(e, le, x, enc_bv(e, n->hi, w)));
  return r;
}

/* A vector variable is one bit-vector of all its lanes (encode_vector.c), each lane in its range. */
Z3_ast enc_var(Enc *e, const Node *n) {
  Z3_sort sort = e->s->sort[n->dtype];
  if (n->lanes > 1 && !e->failed) {
    sort = Z3_mk_bv_sort(e->z, (unsigned)(n->lanes * dt_bits((DType)n->dtype)));
    if (!sort) return fail(e);
  }
  Z3_ast c = var_const(e, n, sort);
  if (!c) return NULL;
  if (!vs_grow((void **)&e->vars, &e->vcap, e->nvars + 1, sizeof *e->vars)) return fail(e);
  e->vars[e->nvars].node = n;
  e->vars[e->nvars++].c = c;
  if (n->lanes == 1) e->ranges = enc_and(e, e->ranges, var_range(e, n, c));
  else
    for (int k = 0; k < n->lanes; k++) {
      DType dt = (DType)n->dtype;
      Z3_ast lane = enc_lane(e, c, dt, k);
      e->ranges = enc_and(e, e->ranges, var_range(e, n, lane));
      /* A float lane is held as bits, and a value has one NaN: the other NaN patterns are not values
       * (the evaluator canonicalizes inputs), so they are excluded rather than compared. */
      if (dt_is_float(dt))
        e->ranges = enc_and(e, e->ranges, enc_eq(e, enc_lane_bits(e, lane, dt), enc_extract(e,
                            (unsigned)(k + 1) * (unsigned)dt_bits(dt) - 1, (unsigned)k * (unsigned)dt_bits(dt), c)));
    }
  return c;
}

/* ---- integer ops ---- */

static Z3_ast int_div(Enc *e, Op op, Z3_ast x, Z3_ast y, DType dt) {
  if (!dt_is_signed(dt)) {
    /* Unsigned: floor and truncation agree. */
    return enc_ap2(e, op == OP_IDIV || op == OP_TDIV ? Z3_mk_bvudiv : Z3_mk_bvurem, x, y);
  }
  switch (op) {
  case OP_TDIV: return enc_ap2(e, Z3_mk_bvsdiv, x, y);
  case OP_TMOD: return enc_ap2(e, Z3_mk_bvsrem, x, y);
  case OP_MOD: return enc_ap2(e, Z3_mk_bvsmod, x, y); /* SMT-LIB bvsmod takes the divisor's sign */
  default: break;
  }
  /* Floor division: the truncated quotient, minus one when the division is inexact and the exact
   * quotient is negative, i.e. the remainder (which has x's sign) and y differ in sign. MIN // -1 is
   * exact, so it stays bvsdiv's wrapped MIN. */
  int w = dt_bits(dt);
  Z3_ast q = enc_ap2(e, Z3_mk_bvsdiv, x, y);
  Z3_ast r = enc_ap2(e, Z3_mk_bvsrem, x, y);
  Z3_ast zero = enc_bv(e, 0, w);
  Z3_ast inexact = enc_not(e, enc_eq(e, r, zero));
  Z3_ast signs_differ = enc_ap2(e, Z3_mk_bvslt, enc_ap2(e, Z3_mk_bvxor, r, y), zero);
  return enc_ite(e, enc_and(e, inexact, signs_differ), enc_ap2(e, Z3_mk_bvsub, q, enc_bv(e, 1, w)), q);
}

/* Euclidean division (docs/semantics.md): 0 <= remainder < |y|, and a zero divisor gives 0 for both.
 * Built from the truncating division, which SMT-LIB has: its remainder takes x's sign, so where it is
 * negative the Euclidean remainder is |y| more and the quotient one step toward -sign(y). MIN / -1
 * is exact (remainder 0) and keeps bvsdiv's wrapped MIN. */
static Z3_ast int_ediv(Enc *e, Op op, Z3_ast x, Z3_ast y, DType dt) {
  int w = dt_bits(dt);
  Z3_ast zero = enc_bv(e, 0, w);
  Z3_ast y0 = enc_eq(e, y, zero);
  if (!dt_is_signed(dt)) return enc_ite(e, y0, zero, enc_ap2(e, op == OP_EDIV ? Z3_mk_bvudiv : Z3_mk_bvurem, x, y));
  Z3_ast q = enc_ap2(e, Z3_mk_bvsdiv, x, y), r = enc_ap2(e, Z3_mk_bvsrem, x, y), one = enc_bv(e, 1, w);
  Z3_ast rneg = enc_ap2(e, Z3_mk_bvslt, r, zero), yneg = enc_ap2(e, Z3_mk_bvslt, y, zero);
  Z3_ast v;
  if (op == OP_EDIV)
    v = enc_ite(e, rneg, enc_ite(e, yneg, enc_ap2(e, Z3_mk_bvadd, q, one), enc_ap2(e, Z3_mk_bvsub, q, one)), q);
  else
    v = enc_ite(e, rneg, enc_ap2(e, Z3_mk_bvadd, r, enc_ite(e, yneg, enc_ap1(e, Z3_mk_bvneg, y), y)), r);
  return enc_ite(e, y0, zero, v);
}

/* The definedness of a no-signed-overflow op (docs/semantics.md): its exact result fits the signed
 * dtype. The operands are sign-extended to a width that holds the exact result (w + 1 bits for + and
 * -, 2w for *), the op is computed there, and the result fits when it equals the sign extension of its
 * low w bits. (Z3 4.8.12's bvmul_no_underflow is wrong on small negative products, which the
 * conformance check caught: nsw(-2_i8 * 8) came out UB.) For << (LLVM's shl nsw), shifting back
 * arithmetically gives the operand: no bit shifted out differs from the result's sign bit. */
static Z3_ast nsw_def(Enc *e, Op op, Z3_ast x, Z3_ast y, Z3_ast v, int w) {
  if (e->failed || !x || !v || (op != OP_NEG && !y)) return fail(e);
  if (op == OP_SHL) return enc_eq(e, enc_ap2(e, Z3_mk_bvashr, v, y), x);
  unsigned by = op == OP_MUL ? (unsigned)w : 1;
  Z3_ast xx = extend(e, true, by, x), yy = op == OP_NEG ? NULL : extend(e, true, by, y), exact;
  switch (op) {
  case OP_ADD: exact = enc_ap2(e, Z3_mk_bvadd, xx, yy); break;
  case OP_SUB: exact = enc_ap2(e, Z3_mk_bvsub, xx, yy); break;
  case OP_MUL: exact = enc_ap2(e, Z3_mk_bvmul, xx, yy); break;
  case OP_NEG: exact = enc_ap1(e, Z3_mk_bvneg, xx); break;
  default: return fail(e);
  }
  return enc_eq(e, extend(e, true, by, enc_extract(e, (unsigned)w - 1, 0, exact)), exact);
}

/* Square-and-multiply, unrolled over the exponent's bits: the product of a^(2^i) over the set bits i.
 * The sign bit of a signed exponent is skipped: where it is set the result is UB anyway. */
static Z3_ast int_pow(Enc *e, Z3_ast a, Z3_ast b, DType dt) {
  int w = dt_bits(dt);
  int nbits = dt_is_signed(dt) ? w - 1 : w;
  Z3_ast one = enc_bv(e, 1, w), bit_one = enc_bv(e, 1, 1);
  /* A literal exponent (the common case, and every ground evaluation of a constant pow) needs only
   * the squarings up to its top bit and the factors of its set bits. */
  uint64_t kb = 0;
  bool lit = !e->failed && b && Z3_is_numeral_ast(e->z, b) && Z3_get_numeral_uint64(e->z, b, &kb);
  if (lit) {
    kb &= im_mask(nbits);
    nbits = 0;
    while (nbits < 64 && (kb >> nbits)) nbits++;
  }
  /* Z3's rewriter flattens nested products, so a plain chain of squarings of a variable would become
   * a product of 2^i factors (pow(x, 2^31 - 1) never gets to the solver). Once 2^i >= w, a^(2^i) is 0
   * for even a and odd for odd a, so from there on the square is written ite(a odd, sq(p), 0) with
   * sq(p) = 4q(q + 1) + 1 for q = p >> 1 (exact for odd p = 2q + 1), as the bits of q(q + 1) above two
   * bits 01: a form the rewriter can neither flatten, where it knows that a is odd and drops the ite
   * (a base such as 42x + 31: the chain became 2^31 factors and Z3_simplify overflowed a buffer;
   * corpus/regressions/programs/pow_odd_base_flatten.vs), nor expand into a sum of monomials (the
   * same square as the sum 4q(q + 1) + 1 made one query of a fuzz campaign run for minutes). */
  int lg = 0;
  while ((1 << lg) < w) lg++;
  Z3_ast odd = enc_eq(e, enc_extract(e, 0, 0, a), bit_one), zero = enc_bv(e, 0, w);
  Z3_ast acc = one, p = a;
  for (int i = 0; i < nbits; i++) {
    Z3_ast factor = p;
    if (!lit) factor = enc_ite(e, enc_eq(e, enc_extract(e, (unsigned)i, (unsigned)i, b), bit_one), p, one);
    if (!lit || (kb >> i & 1)) acc = acc == one ? factor : enc_ap2(e, Z3_mk_bvmul, acc, factor);
    if (i + 1 < nbits) {
      if (i + 1 < lg) {
        p = enc_ap2(e, Z3_mk_bvmul, p, p);
      } else {
        Z3_ast q = enc_ap2(e, Z3_mk_bvlshr, p, one);
        Z3_ast m = enc_ap2(e, Z3_mk_bvmul, q, enc_ap2(e, Z3_mk_bvadd, q, one));
        Z3_ast sq = enc_ap2(e, Z3_mk_concat, enc_extract(e, (unsigned)w - 3, 0, m), enc_bv(e, 1, 2));
        p = enc_ite(e, odd, sq, zero);
      }
    }
  }
  return acc;
}

static Z3_ast int_cast(Enc *e, Z3_ast x, DType from, DType to) {
  if (to == DT_BOOL) return enc_not(e, enc_eq(e, x, enc_bv(e, 0, dt_bits(from))));
  int wt = dt_bits(to);
  if (from == DT_BOOL) return enc_ite(e, x, enc_bv(e, 1, wt), enc_bv(e, 0, wt));
  int wf = dt_bits(from);
  if (wf == wt) return x;
  if (wf > wt) return enc_extract(e, (unsigned)wt - 1, 0, x);
  return extend(e, dt_is_signed(from), (unsigned)(wt - wf), x);
}

static Z3_ast cast(Enc *e, Z3_ast x, DType from, DType to, Z3_ast *def) {
  if (from == to) return x;
  if (dt_is_float(from)) {
    if (dt_is_float(to)) {
      if (e->failed || !x) return fail(e);
      return enc_hold(e, Z3_mk_fpa_to_fp_float(e->z, e->s->rm[SMT_RM_RNE], x, e->s->sort[to]));
    }
    return enc_fp_to_int(e, x, from, to, def);
  }
  if (dt_is_float(to)) return enc_int_to_fp(e, x, from, to);
  return int_cast(e, x, from, to);
}

static Z3_ast bitcast(Enc *e, Z3_ast x, DType from, DType to) {
  if (from == to || (!dt_is_float(from) && !dt_is_float(to))) return x;
  if (dt_is_float(from) && dt_is_float(to)) return fail(e); /* same width means same dtype */
  if (dt_is_float(from)) return enc_fp_bits(e, x, from);
  if (e->failed || !x) return fail(e);
  return enc_hold(e, Z3_mk_fpa_to_fp_bv(e->z, x, e->s->sort[to]));
}

/* Z3 4.8.12 lowers an FP function to a bit-vector function of the operands' internal encodings, in
 * which NaN has many: f(x) and f(y) can differ although x and y are both NaN, i.e. equal. Passing NaN
 * operands as the one NaN constant restores congruence (the one fact we want the solver to know). */
static Z3_ast uf_app(Enc *e, int uf, DType dt, Z3_ast *args, unsigned n) {
  if (e->failed) return NULL;
  Z3_ast canon[2];
  for (unsigned i = 0; i < n && i < 2; i++) {
    if (!args[i]) return fail(e);
    Z3_ast nan = enc_hold(e, Z3_mk_fpa_nan(e->z, e->s->sort[dt]));
    canon[i] = enc_ite(e, enc_ap1(e, Z3_mk_fpa_is_nan, args[i]), nan, args[i]);
  }
  Z3_func_decl d = e->failed ? NULL : smt_z3_uf(e->s, uf, dt);
  if (!d) return fail(e);
  return enc_hold(e, Z3_mk_app(e->z, d, n, canon));
}

/* ---- one node ---- */

bool enc_arg_term(const Enc *e, const Node *a, SmtTerm *t) {
  uint64_t idx;
  if (!nodemap_get(&e->memo, a, &idx)) return false;
  *t = e->terms[idx];
  return true;
}

/* The bit pattern of operand i when it is a constant: UB conditions on constant operands are decided
 * here rather than left to Z3, which keeps dumps readable and ground evaluation short. */
static bool const_arg(const Node *n, bool consts, int i, uint64_t *bits) {
  if (!consts || n->args[i]->op != OP_CONST) return false;
  *bits = n->args[i]->aux.bits;
  return true;
}

/* Applies n's op (at n's dtypes) to operand terms a (already in commutative order). `def` is the
 * definedness so far; the op conjoins its own conditions (select replaces it). With `consts`, UB
 * conditions on constant operands of n are decided here; the lane-wise encoding (encode_vector.c)
 * passes false, since its operands are lanes, not n's operands. */
bool enc_scalar_op(Enc *e, const Node *n, const SmtTerm *a, Z3_ast def, bool consts, SmtTerm *out) {
  SmtCtx *s = e->s;
  Op op = (Op)n->op;
  DType dt = (DType)n->dtype;
  DType adt = n->nargs ? (DType)n->args[0]->dtype : dt; /* operand dtype */
  bool isf = dt_is_float(adt), isb = adt == DT_BOOL, sgn = dt_is_signed(adt);
  int w = dt_bits(adt);
  Z3_ast x = a[0].val, y = a[1].val, v = NULL;
  Z3_ast rne = s->rm[SMT_RM_RNE];
  uint64_t kb;
  switch (op) {
  case OP_CONST: v = enc_const(e, dt, n->aux.bits); break;
  case OP_VAR: v = enc_var(e, n); break;
  case OP_NEG: v = enc_ap1(e, isf ? Z3_mk_fpa_neg : Z3_mk_bvneg, x); break;
  case OP_NOT: v = isb ? enc_not(e, x) : enc_ap1(e, Z3_mk_bvnot, x); break;
  case OP_CAST: v = cast(e, x, adt, dt, &def); break;
  case OP_BITCAST: v = bitcast(e, x, adt, dt); break;
  case OP_SQRT: v = enc_ap2(e, Z3_mk_fpa_sqrt, rne, x); break;
  case OP_TRUNC: v = enc_ap2(e, Z3_mk_fpa_round_to_integral, s->rm[SMT_RM_RTZ], x); break;
  case OP_FLOOR: v = enc_ap2(e, Z3_mk_fpa_round_to_integral, s->rm[SMT_RM_RTN], x); break;
  case OP_CEIL: v = enc_ap2(e, Z3_mk_fpa_round_to_integral, s->rm[SMT_RM_RTP], x); break;
  case OP_ROUND: v = enc_ap2(e, Z3_mk_fpa_round_to_integral, rne, x); break;
  case OP_RECIP: v = enc_ap3(e, Z3_mk_fpa_div, rne, enc_int_to_fp(e, s->t_true, DT_BOOL, dt), x); break;
  case OP_EXP2: v = uf_app(e, SMT_UF_EXP2, dt, &x, 1); break;
  case OP_LOG2: v = uf_app(e, SMT_UF_LOG2, dt, &x, 1); break;
  case OP_SIN: v = uf_app(e, SMT_UF_SIN, dt, &x, 1); break;
  case OP_ADD: v = isf ? enc_ap3(e, Z3_mk_fpa_add, rne, x, y) : enc_ap2(e, Z3_mk_bvadd, x, y); break;
  case OP_SUB: v = isf ? enc_ap3(e, Z3_mk_fpa_sub, rne, x, y) : enc_ap2(e, Z3_mk_bvsub, x, y); break;
  case OP_MUL: v = isf ? enc_ap3(e, Z3_mk_fpa_mul, rne, x, y) : enc_ap2(e, Z3_mk_bvmul, x, y); break;
  case OP_FDIV: v = enc_ap3(e, Z3_mk_fpa_div, rne, x, y); break;
  case OP_IDIV:
  case OP_MOD:
  case OP_TDIV:
  case OP_TMOD:
    if (!const_arg(n, consts, 1, &kb)) def = enc_and(e, def, enc_not(e, enc_eq(e, y, enc_bv(e, 0, w))));
    else if (kb == 0) def = s->t_false;
    v = int_div(e, op, x, y, adt);
    break;
  case OP_EDIV:
  case OP_EMOD: v = int_ediv(e, op, x, y, adt); break; /* never UB */
  case OP_AND: v = isb ? enc_and(e, x, y) : enc_ap2(e, Z3_mk_bvand, x, y); break;
  case OP_OR: v = isb ? enc_or(e, x, y) : enc_ap2(e, Z3_mk_bvor, x, y); break;
  case OP_XOR: v = enc_ap2(e, isb ? Z3_mk_xor : Z3_mk_bvxor, x, y); break;
  case OP_SHL:
  case OP_SHR:
    /* Unsigned y < w also excludes negative signed amounts, whose patterns are >= 2^(w-1) >= w. */
    if (!const_arg(n, consts, 1, &kb)) def = enc_and(e, def, enc_ap2(e, Z3_mk_bvult, y, enc_bv(e, (uint64_t)w, w)));
    else if (kb >= (uint64_t)w) def = s->t_false;
    v = enc_ap2(e, op == OP_SHL ? Z3_mk_bvshl : sgn ? Z3_mk_bvashr : Z3_mk_bvlshr, x, y);
    break;
  case OP_EQ:
  case OP_NE:
    v = isf ? enc_ap2(e, Z3_mk_fpa_eq, x, y) : enc_eq(e, x, y);
    if (op == OP_NE) v = enc_not(e, v);
    break;
  case OP_LT:
    if (isf) v = enc_ap2(e, Z3_mk_fpa_lt, x, y);
    else if (isb) v = enc_and(e, enc_not(e, x), y);
    else v = enc_ap2(e, sgn ? Z3_mk_bvslt : Z3_mk_bvult, x, y);
    break;
  case OP_LE:
    if (isf) v = enc_ap2(e, Z3_mk_fpa_leq, x, y);
    else if (isb) v = enc_or(e, enc_not(e, x), y);
    else v = enc_ap2(e, sgn ? Z3_mk_bvsle : Z3_mk_bvule, x, y);
    break;
  case OP_MIN:
  case OP_MAX:
    if (isf) v = enc_fp_minmax(e, x, y, adt, op == OP_MAX);
    else if (isb) v = op == OP_MAX ? enc_or(e, x, y) : enc_and(e, x, y);
    else {
      Z3_ast lt = enc_ap2(e, sgn ? Z3_mk_bvslt : Z3_mk_bvult, x, y);
      v = op == OP_MAX ? enc_ite(e, lt, y, x) : enc_ite(e, lt, x, y);
    }
    break;
  case OP_POW:
    if (isf) {
      Z3_ast args[2] = {x, y};
      v = uf_app(e, SMT_UF_POW, adt, args, 2);
    } else {
      if (sgn && !const_arg(n, consts, 1, &kb)) def = enc_and(e, def, enc_ap2(e, Z3_mk_bvsge, y, enc_bv(e, 0, w)));
      else if (sgn && (kb >> (w - 1) & 1)) def = s->t_false;
      v = int_pow(e, x, y, adt);
    }
    break;
  case OP_SELECT:
    v = enc_ite(e, x, a[1].val, a[2].val);
    def = enc_and(e, a[0].def, enc_ite(e, x, a[1].def, a[2].def));
    break;
  case OP_MULACC:
    if (isf) v = enc_ap3(e, Z3_mk_fpa_add, rne, enc_ap3(e, Z3_mk_fpa_mul, rne, x, y), a[2].val);
    else v = enc_ap2(e, Z3_mk_bvadd, enc_ap2(e, Z3_mk_bvmul, x, y), a[2].val);
    break;
  default: {
      fail(e);
      return false;
    }
  }
  if (vs_is_nsw(n) && !isf) def = enc_and(e, def, nsw_def(e, op, x, y, v, w));
  if (e->failed || !v || !def) {
      fail(e);
      return false;
    }
  out->val = v;
  out->def = def;
  out->inv = NULL;
  return true;
}

Z3_ast enc_inv(const Enc *e, SmtTerm t) { return t.inv ? t.inv : e->s->t_false; }

Z3_ast enc_same(Enc *e, SmtTerm src, SmtTerm tgt) {
  Z3_ast si = enc_inv(e, src), ti = enc_inv(e, tgt);
  if (si == e->s->t_false && ti == e->s->t_false) return enc_and(e, tgt.def, enc_eq(e, src.val, tgt.val));
  Z3_ast both_inv = enc_and(e, si, ti);
  Z3_ast both_val = enc_and(e, enc_and(e, enc_not(e, si), enc_not(e, ti)), enc_eq(e, src.val, tgt.val));
  return enc_and(e, tgt.def, enc_or(e, both_inv, both_val));
}

/* INVALID on top of the scalar encoding (docs/semantics.md, "The invalid index"): with an INVALID
 * operand and no UB one, an op is INVALID when it yields an index and UB otherwise; its own UB
 * conditions do not apply (it is not computed). `defargs` is the operands' definedness, *out the
 * scalar encoding computed on the operands' (meaningless where INVALID) values. */
static void add_invalid(Enc *e, const Node *n, const SmtTerm *a, Z3_ast defargs, SmtTerm *out) {
  Z3_ast f = e->s->t_false;
  if (n->op == OP_SELECT) {
    out->inv = enc_ite(e, a[0].val, enc_inv(e, a[1]), enc_inv(e, a[2]));
    if (out->inv == f) out->inv = NULL;
    return;
  }
  Z3_ast any = f;
  for (int i = 0; i < n->nargs && i < 3; i++) any = enc_or(e, any, enc_inv(e, a[i]));
  if (any == f) return;
  if (n->dtype == DT_INDEX) {
    out->def = enc_or(e, enc_and(e, any, defargs), out->def);
    out->inv = any;
  } else {
    out->def = enc_and(e, out->def, enc_not(e, any));
  }
}

bool enc_node_terms(Enc *e, const Node *n, const SmtTerm *args, SmtTerm *out) {
  SmtCtx *s = e->s;
  Op op = (Op)n->op;
  SmtTerm a[3] = {{NULL, NULL, NULL}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
  Z3_ast def = s->t_true;
  for (int i = 0; i < n->nargs && i < 3; i++) {
    a[i] = args[i];
    if (op != OP_SELECT) def = enc_and(e, def, a[i].def);
  }
  if (n->flags & NF_HAS_INVALID) {
    SmtTerm b[3] = {a[0], a[1], a[2]};
    if ((op_is_comm(op) || op == OP_MULACC) && n->args[0]->id > n->args[1]->id) {
      b[0] = a[1];
      b[1] = a[0];
    }
    if (!enc_scalar_op(e, n, b, def, true, out)) return false;
    add_invalid(e, n, a, def, out);
    return !e->failed;
  }
  /* Commutative ops take their operands in node-id order, so that a + b and b + a become the same Z3
   * term. Z3 sorts bit-vector sums and products itself, but not fp.add or fp.mul, and proving a float
   * op commutative by bit-blasting can take longer than any timeout (f64 addition: minutes). Every
   * OPF_COMM op is commutative at every dtype (one NaN; IEEE +0 + -0 is +0 either way round). */
  if ((op_is_comm(op) || op == OP_MULACC) && n->args[0]->id > n->args[1]->id) {
    SmtTerm t = a[0];
    a[0] = a[1];
    a[1] = t;
  }
  return enc_scalar_op(e, n, a, def, true, out);
}

static bool encode_node(Enc *e, const Node *n, SmtTerm *out) {
  if (n->lanes > 1 || op_is_vec((Op)n->op)) return enc_vector_node(e, n, out);
  if (n->op == OP_INVALID) {
    /* The value bits are never read where inv holds; 0 keeps the term ground. */
    *out = (SmtTerm){enc_bv(e, 0, dt_bits(DT_INDEX)), e->s->t_true, e->s->t_true};
    return !e->failed;
  }
  SmtTerm a[3] = {{NULL, NULL, NULL}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
  for (int i = 0; i < n->nargs && i < 3; i++) {
    if (!enc_arg_term(e, n->args[i], &a[i])) {
      fail(e);
      return false;
    }
  }
  return enc_node_terms(e, n, a, out);
}

bool enc_expr(Enc *e, Node *root, SmtTerm *out) {
  if (e->failed || !root) {
      fail(e);
      return false;
    }
  uint64_t idx;
  if (nodemap_get(&e->memo, root, &idx)) {
    *out = e->terms[idx];
    return true;
  }
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (!n) {
      fail(e);
      return false;
    }
  for (size_t i = 0; i < n && !e->failed; i++) {
    if (nodemap_get(&e->memo, order[i], NULL)) continue;
    SmtTerm t;
    if (!encode_node(e, order[i], &t)) break;
    if (!vs_grow((void **)&e->terms, &e->tcap, e->nterms + 1, sizeof *e->terms) ||
        !nodemap_put(&e->memo, order[i], e->nterms)) {
      fail(e);
      break;
    }
    e->terms[e->nterms++] = t;
  }
  free(order);
  if (e->failed || !nodemap_get(&e->memo, root, &idx)) return false;
  *out = e->terms[idx];
  return true;
}
