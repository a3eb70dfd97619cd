/* The div/mod engine: folds of  S // c,  S % c,  tdiv(S, c),  tmod(S, c)  with S read as a linear form
 * (analysis/lin.h) and c a constant.
 *
 * Each fold only chooses: it splits S into the parts its lemma (src/rules/lemmas_divmod.rules) names,
 * builds them as nodes, binds the lemma's variables to them and to the constants it picks (a quotient
 * window, a gcd, a residue), and hands the step to the engine, which checks the lemma's proof at the
 * instance, that the lemma's pattern so instantiated is the node (up to the ring identities lin_*),
 * and the lemma's guard (its no_overflow and bound conditions, on the bound nodes' ranges), and builds
 * the lemma's template. The exact arithmetic below (im_*, lin_range) is for choosing, never for
 * deciding: a wrong choice is a step the engine refuses. Floor (//, %) and truncating (tdiv, tmod)
 * division have their own lemmas. */
#include <string.h>

#include "analysis/lin.h"
#include "rewrite/folds.h"

static bool is_div(const Node *n) { return n->op == OP_IDIV || n->op == OP_TDIV; }
static bool is_trunc(const Node *n) { return n->op == OP_TDIV || n->op == OP_TMOD; }

/* The lemma of a family for n's op: names[0] for //, [1] for %, [2] for tdiv, [3] for tmod. */
static const char *for_op(const Node *n, const char *const names[4]) {
  return names[n->op == OP_IDIV ? 0 : n->op == OP_MOD ? 1 : n->op == OP_TDIV ? 2 : 3];
}

bool fold_divmod_applies(const Node *n) {
  return (n->op == OP_IDIV || n->op == OP_MOD || n->op == OP_TDIV || n->op == OP_TMOD) &&
         dt_is_int((DType)n->dtype) && n->args[1]->op == OP_CONST && n->args[0]->op != OP_CONST;
}

/* The constant divisor of n when positive, and its numerator as a linear form. */
static bool setup(const Node *n, i128 *c, Lin *S, const FoldStep *out) {
  if (!fold_divmod_applies(n)) return false;
  *c = vs_const_value(n->args[1]);
  return *c > 0 && fold_lin_of(out, n->args[0], S);
}


/* S = c*Q + R: Q takes a/c of every coefficient a that c divides; with `floor_parts`, also a // c of
 * the positive coefficients a > c (R keeping a % c), and k // c of a constant outside [0, c). */
static bool split(const Lin *S, i128 c, bool floor_parts, Lin *Q, Lin *R) {
  lin_init(Q, S->dt);
  lin_init(R, S->dt);
  for (int i = 0; i < S->n; i++) {
    i128 a = S->t[i].a;
    bool ok;
    if (im_tmod(a, c) == 0) ok = lin_add(Q, S->t[i].t, im_tdiv(a, c));
    else if (floor_parts && a > c) ok = lin_add(Q, S->t[i].t, im_tdiv(a, c)) && lin_add(R, S->t[i].t, im_tmod(a, c));
    else ok = lin_add(R, S->t[i].t, a);
    if (!ok) return false;
  }
  if (floor_parts && (S->k < 0 || S->k >= c)) {
    Q->k = im_floordiv(S->k, c);
    R->k = im_floormod(S->k, c);
  } else {
    R->k = S->k;
  }
  return true;
}

/* The step `lemma` with x = Q, c = n's divisor, y = R (the lemmas' names for the parts of x*c + y). */
static bool bind_split(VsCtx *ctx, Node *n, const Lin *Q, const Lin *R, const char *lemma, FoldStep *out) {
  out->lemma = lemma;
  return fold_bind(out, "x", lin_build(ctx, Q)) && fold_bind(out, "c", n->args[1]) &&
         fold_bind(out, "y", lin_build(ctx, R));
}

/* cancel_divmod: S = c*Q + R with R in one quotient window [q*c, q*c + c): S // c == Q + q and
 * S % c == R - q*c. Q takes, of each coefficient a that c does not divide, a // c or a // c + 1 (the
 * first choice, in that order, whose R fits a window: `(3*a + 3) // 4` is a when a is in [0, 3]);
 * multiples of c go to Q whole, the constant stays in R. */
enum { CANCEL_CHOICES = 6 }; /* terms whose rounding is searched (2^6 splits); the rest round down */

static bool cancel(VsCtx *ctx, Node *n, bool trunc, FoldStep *out) {
  static const char *const lemmas[4] = {"cancel_divmod_div", "cancel_divmod_mod", "cancel_tdivmod_div",
                                        "cancel_tdivmod_mod"};
  i128 c;
  Lin S;
  if (is_trunc(n) != trunc || !setup(n, &c, &S, out)) return false;
  int idx[LIN_MAX_TERMS], m = 0;
  for (int i = 0; i < S.n; i++)
    if (im_tmod(S.t[i].a, c) != 0 && m < CANCEL_CHOICES) idx[m++] = i;
  /* Each term's part of every split, worked out once (a split was built and measured whole, term by
   * term, for each of up to 2^6 masks): for a searched term both roundings (choice 0: a // c, 1:
   * a // c + 1), for the others their one. ok: the quotient and remainder coefficients exist and
   * lin_add takes them; for a nonzero remainder r, its interval over the term's bounds as lin_range
   * computes it (range_ok false where lin_range's products overflow). A split is then its terms'
   * parts summed in order as lin_range sums them, and only the first split that fits a window is
   * built, by the same loop as before. */
  struct {
    bool ok, zero, range_ok;
    i128 lo, hi;
  } part[LIN_MAX_TERMS][2];
  for (int i = 0, j = 0; i < S.n; i++) {
    bool searched = j < m && idx[j] == i;
    if (searched) j++;
    for (int b = 0; b < (searched ? 2 : 1); b++) {
      i128 a = S.t[i].a, q = im_floordiv(a, c), r, x = 0, y = 0;
      if (searched) q += b;
      else if (im_tmod(a, c) != 0) q = 0; /* past the searched terms: whole in R */
      part[i][b].ok = im_mul_ok(q, c, &r) && im_sub_ok(a, r, &r) && lin_coef_ok(q) && lin_coef_ok(r);
      if (!part[i][b].ok || (part[i][b].zero = r == 0)) continue;
      part[i][b].range_ok = im_mul_ok(r, vs_vmin(S.t[i].t), &x) && im_mul_ok(r, vs_vmax(S.t[i].t), &y);
      part[i][b].lo = x > y ? y : x;
      part[i][b].hi = x > y ? x : y;
    }
  }
  /* A split fits a window only when its remainder spans less than c, and the span phi - plo below is
   * the sum of the chosen parts' widths: when even the narrowest choice of every term sums to c or
   * more, or some term has no choice that fits, no split does (checked once instead of per mask; most
   * tries end here). A width too large to subtract counts as 0, which only weakens the test. */
  i128 span = 0;
  for (int i = 0, j = 0; i < S.n && span < c; i++) {
    bool searched = j < m && idx[j] == i;
    if (searched) j++;
    i128 w = -1; /* the narrowest choice that can fit; -1: none */
    for (int b = 0; b < (searched ? 2 : 1); b++) {
      i128 wb = 0;
      if (!part[i][b].ok || (!part[i][b].zero && !part[i][b].range_ok)) continue;
      if (!part[i][b].zero && !im_sub_ok(part[i][b].hi, part[i][b].lo, &wb)) wb = 0;
      if (w < 0 || wb < w) w = wb;
    }
    if (w < 0) return false;
    if (!im_add_ok(span, w, &span)) span = c;
  }
  if (span >= c) return false;
  for (unsigned mask = 0; mask < (1u << m); mask++) {
    i128 plo = S.k, phi = S.k;
    bool fits = true;
    for (int i = 0, j = 0; i < S.n && fits; i++) {
      int b = j < m && idx[j] == i ? (int)((mask >> j++) & 1) : 0;
      fits = part[i][b].ok && (part[i][b].zero || (part[i][b].range_ok && im_add_ok(plo, part[i][b].lo, &plo) &&
                                                   im_add_ok(phi, part[i][b].hi, &phi)));
    }
    if (!fits || im_floordiv(plo, c) != im_floordiv(phi, c)) continue;
    Lin Q, R;
    lin_init(&Q, S.dt);
    lin_init(&R, S.dt);
    R.k = S.k;
    bool ok = true;
    for (int i = 0, j = 0; i < S.n && ok; i++) {
      i128 a = S.t[i].a, q = im_floordiv(a, c), r;
      if (j < m && idx[j] == i) q += (mask >> j++) & 1;
      else if (im_tmod(a, c) != 0) q = 0; /* past the searched terms: whole in R */
      ok = im_mul_ok(q, c, &r) && im_sub_ok(a, r, &r) && lin_add(&Q, S.t[i].t, q) && lin_add(&R, S.t[i].t, r);
    }
    i128 rlo, rhi;
    if (!ok || !lin_range(&R, &rlo, &rhi)) continue;
    i128 q = im_floordiv(rlo, c);
    if (im_floordiv(rhi, c) != q) continue;
    return bind_split(ctx, n, &Q, &R, for_op(n, lemmas), out) && fold_bind_int(out, ctx, "c1", S.dt, q);
  }
  return false;
}

bool fold_cancel_divmod(VsCtx *ctx, Node *n, FoldStep *out) { return cancel(ctx, n, false, out); }
bool fold_cancel_tdivmod(VsCtx *ctx, Node *n, FoldStep *out) { return cancel(ctx, n, true, out); }

/* factor_remainder: S // c == Q + R // c and S % c == R % c, Q the multiples of c split off (for
 * floor division also the quotient parts a // c of coefficients a > c, and of the constant; a negative
 * divisor takes its exact multiples and the constant only). Not chosen when it would repeat a term. */
static bool factor(VsCtx *ctx, Node *n, bool trunc, FoldStep *out) {
  static const char *const lemmas[4] = {"factor_remainder_div", "factor_remainder_mod", "factor_remainder_tdiv",
                                        "factor_remainder_tmod"};
  Lin S, Q, R;
  if (is_trunc(n) != trunc || !fold_divmod_applies(n) || !fold_lin_of(out, n->args[0], &S)) return false;
  i128 c = vs_const_value(n->args[1]);
  if (c > 0) {
    if (!split(&S, c, true, &Q, &R)) return false;
  } else if (c < 0 && !trunc) {
    lin_init(&Q, S.dt);
    lin_init(&R, S.dt);
    for (int i = 0; i < S.n; i++) {
      bool whole = im_tmod(S.t[i].a, c) == 0;
      if (!lin_add(whole ? &Q : &R, S.t[i].t, whole ? im_tdiv(S.t[i].a, c) : S.t[i].a)) return false;
    }
    Q.k = im_floordiv(S.k, c);
    R.k = im_floormod(S.k, c);
  } else {
    return false;
  }
  if (Q.n == 0 && Q.k == 0) return false;
  /* A term split between Q and R (a coefficient a > c, not a multiple) would appear twice in the
   * quotient: chosen only when no term does (then the result is no larger). */
  if (is_div(n))
    for (int i = 0; i < Q.n; i++)
      for (int j = 0; j < R.n; j++)
        if (Q.t[i].t == R.t[j].t) return false;
  return bind_split(ctx, n, &Q, &R, for_op(n, lemmas), out);
}

bool fold_factor_remainder(VsCtx *ctx, Node *n, FoldStep *out) { return factor(ctx, n, false, out); }
bool fold_factor_tremainder(VsCtx *ctx, Node *n, FoldStep *out) { return factor(ctx, n, true, out); }

/* S without its term i. */
static Lin without(const Lin *S, int i) {
  Lin r = *S;
  memmove(&r.t[i], &r.t[i + 1], (size_t)(r.n - i - 1) * sizeof r.t[0]);
  r.n--;
  return r;
}

/* remove_nested_mod (for tmod(x, c1) inside: remove_nested_tmod): in (a * (x % c1) + y) % c with c | c1,
 * the term becomes a * x. The first such term. */
static bool nested(VsCtx *ctx, Node *n, Op inner, FoldStep *out) {
  i128 c;
  Lin S;
  if (n->op != OP_MOD || !setup(n, &c, &S, out)) return false;
  for (int i = 0; i < S.n; i++) {
    Node *t = S.t[i].t;
    if (t->op != inner || t->args[1]->op != OP_CONST) continue;
    i128 c1 = vs_const_value(t->args[1]);
    if (c1 <= 0 || c1 % c != 0 || !im_fits(S.dt, S.t[i].a)) continue;
    Lin Y = without(&S, i);
    out->lemma = inner == OP_MOD ? "remove_nested_mod" : "remove_nested_tmod";
    return fold_bind(out, "m", t) && fold_bind(out, "x", t->args[0]) && fold_bind(out, "c1", t->args[1]) &&
           fold_bind_int(out, ctx, "c2", S.dt, S.t[i].a) && fold_bind(out, "y", lin_build(ctx, &Y)) &&
           fold_bind(out, "c", n->args[1]);
  }
  return false;
}

bool fold_remove_nested_mod(VsCtx *ctx, Node *n, FoldStep *out) { return nested(ctx, n, OP_MOD, out); }
bool fold_remove_nested_tmod(VsCtx *ctx, Node *n, FoldStep *out) { return nested(ctx, n, OP_TMOD, out); }

/* divmod_congruence: in S % c, one coefficient becomes its residue nearest to zero when that is
 * smaller in magnitude (the last such term first), or else the constant its residue in [0, c) (then x
 * is the constant 1). One coefficient per step: the engine fires the fold again on the result. */
bool fold_divmod_congruence(VsCtx *ctx, Node *n, FoldStep *out) {
  i128 c;
  Lin S;
  if (n->op != OP_MOD || !setup(n, &c, &S, out) || c < 2) return false;
  /* Modulo a power of two, wrapping changes no residue (2^w is a multiple of c): the multiple a - r of
   * c leaves the sum whether or not it is exact (divmod_congruence_pow2: x = the term, c1 = a - r). */
  bool pow2 = (c & (c - 1)) == 0;
  out->lemma = pow2 ? "divmod_congruence_pow2" : "divmod_congruence";
  for (int i = S.n - 1; i >= 0; i--) {
    i128 a = S.t[i].a, r = im_floormod(a, c), d;
    if (r > im_tdiv(c, 2)) r -= c;
    if ((r < 0 ? -r : r) >= (a < 0 ? -a : a)) continue;
    Lin Y = without(&S, i);
    if (pow2) {
      if (!im_sub_ok(a, r, &d) || !lin_add(&Y, S.t[i].t, r)) return false;
      return fold_bind(out, "x", S.t[i].t) && fold_bind_int(out, ctx, "c1", S.dt, d) &&
             fold_bind(out, "y", lin_build(ctx, &Y)) && fold_bind(out, "c2", n->args[1]);
    }
    return fold_bind(out, "x", S.t[i].t) && fold_bind_int(out, ctx, "c1", S.dt, a) &&
           fold_bind_int(out, ctx, "c2", S.dt, r) && fold_bind(out, "y", lin_build(ctx, &Y)) &&
           fold_bind(out, "c", n->args[1]);
  }
  i128 r = im_floormod(S.k, c), d;
  if (r == S.k) return false;
  Lin Y = S;
  Y.k = pow2 ? r : 0;
  if (pow2)
    return im_sub_ok(S.k, r, &d) && fold_bind_int(out, ctx, "x", S.dt, 1) && fold_bind_int(out, ctx, "c1", S.dt, d) &&
           fold_bind(out, "y", lin_build(ctx, &Y)) && fold_bind(out, "c2", n->args[1]);
  return fold_bind_int(out, ctx, "x", S.dt, 1) && fold_bind_int(out, ctx, "c1", S.dt, S.k) &&
         fold_bind_int(out, ctx, "c2", S.dt, r) && fold_bind(out, "y", lin_build(ctx, &Y)) &&
         fold_bind(out, "c", n->args[1]);
}

/* The gcd of the divisor and every coefficient (and the constant, with `with_k`). */
static i128 form_gcd(const Lin *S, i128 c, bool with_k) {
  i128 g = c;
  for (int i = 0; i < S->n; i++) g = lin_gcd(g, S->t[i].a);
  return with_k ? lin_gcd(g, S->k) : g;
}

/* S / g, term by term (g divides every coefficient; the constant rounded down). */
static bool divided(const Lin *S, i128 g, Lin *T) {
  lin_init(T, S->dt);
  for (int i = 0; i < S->n; i++)
    if (!lin_add(T, S->t[i].t, im_tdiv(S->t[i].a, g))) return false;
  T->k = im_floordiv(S->k, g);
  return true;
}

/* divide_by_gcd: g divides every coefficient, the constant and c: (T*g) // (c3*g) == T // c3, and
 * (T*g) % (c3*g) == (T % c3) * g, likewise truncating. */
bool fold_divide_by_gcd(VsCtx *ctx, Node *n, FoldStep *out) {
  static const char *const lemmas[4] = {"divide_by_gcd_div", "divide_by_gcd_mod", "divide_by_gcd_tdiv",
                                        "divide_by_gcd_tmod"};
  i128 c;
  Lin S, T;
  if (!setup(n, &c, &S, out) || S.n == 0) return false;
  i128 g = form_gcd(&S, c, true);
  if (g <= 1 || !divided(&S, g, &T)) return false;
  out->lemma = for_op(n, lemmas);
  return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind_int(out, ctx, "c1", S.dt, g) &&
         fold_bind(out, "c2", n->args[1]) && fold_bind_int(out, ctx, "c3", S.dt, c / g);
}

/* gcd_with_remainder: S = g*T + R with g > 1 dividing c, and R (the constant and what T leaves of the
 * terms) in one window [c4*g, c4*g + g): S // c == (T + c4) // (c/g), and the remainder likewise. A
 * term a*t whose coefficient g does not divide goes to R whole, or leaves R its residue a - g*q with q
 * the quotient rounded down or up (tinygrad's nested factor: (160a + 5b + 4c + 1) // 60 with c in
 * [0, 1] is (5*(32a + b + c) + 1 - c) // 60, R = 1 - c in [0, 5)). The largest such g, and for it
 * the first split that works (whole terms first). Floor division only. */
enum { GCD_SPLIT_MAX = 6 }; /* terms g does not divide, beyond which only whole terms are tried */
bool fold_gcd_with_remainder(VsCtx *ctx, Node *n, FoldStep *out) {
  i128 c;
  Lin S;
  if (is_trunc(n) || !setup(n, &c, &S, out) || S.n == 0) return false;
  /* The candidates: gcd(c, a) of each coefficient a and of all of them together; the largest first. */
  i128 cand[LIN_MAX_TERMS + 1], all = c;
  int nc = 0;
  for (int i = 0; i < S.n; i++) {
    i128 g = lin_gcd(c, S.t[i].a);
    all = lin_gcd(all, S.t[i].a);
    bool seen = g <= 1;
    for (int j = 0; j < nc && !seen; j++) seen = cand[j] == g;
    if (!seen) cand[nc++] = g;
  }
  if (all > 1) {
    bool seen = false;
    for (int j = 0; j < nc && !seen; j++) seen = cand[j] == all;
    if (!seen) cand[nc++] = all;
  }
  for (int a = 0; a < nc; a++) /* descending */
    for (int b = a + 1; b < nc; b++)
      if (cand[b] > cand[a]) {
        i128 t = cand[a];
        cand[a] = cand[b];
        cand[b] = t;
      }
  for (int ci = 0; ci < nc; ci++) {
    i128 g = cand[ci];
    /* The splits: per term g does not divide, whole (0), quotient rounded down (1) or up (2); 3^m of
     * them for m such terms. For a remainder only whole terms: its residues come back as terms of the
     * result, which then grows. */
    int m = 0, splits = 1;
    for (int i = 0; i < S.n; i++) m += im_tmod(S.t[i].a, g) != 0;
    if (is_div(n) && m <= GCD_SPLIT_MAX)
      for (int i = 0; i < m; i++) splits *= 3;
    for (int sp = 0; sp < splits; sp++) {
      Lin T, R;
      lin_init(&T, S.dt);
      lin_init(&R, S.dt);
      R.k = S.k;
      bool ok = true;
      for (int i = 0, code = sp; i < S.n && ok; i++) {
        i128 a = S.t[i].a, q = 0, r;
        if (im_tmod(a, g) == 0) q = im_tdiv(a, g);
        else {
          int how = code % 3;
          code /= 3;
          q = how == 0 ? 0 : im_floordiv(a, g) + (how == 2);
        }
        ok = im_mul_ok(q, g, &r) && im_sub_ok(a, r, &r) && (!q || lin_add(&T, S.t[i].t, q)) &&
             (!r || lin_add(&R, S.t[i].t, r));
      }
      i128 rlo, rhi;
      if (!ok || T.n == 0 || (R.n == 0 && R.k % g == 0) || !lin_range(&R, &rlo, &rhi)) continue;
      i128 c4 = im_floordiv(rlo, g);
      if (im_floordiv(rhi, g) != c4) continue;
      out->lemma = is_div(n) ? "gcd_with_remainder_div" : "gcd_with_remainder_mod";
      return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind_int(out, ctx, "c1", S.dt, g) &&
             fold_bind(out, "y", lin_build(ctx, &R)) && fold_bind(out, "c3", n->args[1]) &&
             fold_bind_int(out, ctx, "c4", S.dt, c4) && fold_bind_int(out, ctx, "c5", S.dt, c / g);
    }
  }
  return false;
}

bool fold_divmod_var_applies(const Node *n) {
  return (n->op == OP_IDIV || n->op == OP_MOD) && dt_is_int((DType)n->dtype) && n->args[1]->op != OP_CONST;
}

/* divide_by_gcd with a variable divisor: S // D with g > 1 dividing every coefficient and constant
 * of both: (T*g) // (E*g) == T // E, and the remainder likewise (divide_by_gcd_var_div/_mod). */
bool fold_divide_by_gcd_var(VsCtx *ctx, Node *n, FoldStep *out) {
  if (!fold_divmod_var_applies(n)) return false;
  Lin S, D, T, E;
  if (!lin_of(n->args[0], &S) || !lin_of(n->args[1], &D) || D.n == 0) return false;
  i128 g = 0;
  for (int i = 0; i < S.n; i++) g = lin_gcd(g, S.t[i].a);
  for (int i = 0; i < D.n; i++) g = lin_gcd(g, D.t[i].a);
  g = lin_gcd(lin_gcd(g, S.k), D.k);
  if (g <= 1 || !divided(&S, g, &T) || !divided(&D, g, &E)) return false;
  out->lemma = n->op == OP_IDIV ? "divide_by_gcd_var_div" : "divide_by_gcd_var_mod";
  return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind(out, "y", lin_build(ctx, &E)) &&
         fold_bind_int(out, ctx, "c", S.dt, g);
}

/* The cofactor of y in the product t (t == u * y or y * u, compared as nodes), or NULL. */
static Node *cofactor(Node *t, const Node *y) {
  if (t->op != OP_MUL || (t->aux.bits & VS_AUX_NSW)) return NULL;
  return t->args[1] == y ? t->args[0] : t->args[0] == y ? t->args[1] : NULL;
}

/* S with the factor v taken out of every term (a term v itself leaves 1): false when some term is no
 * product by v, or S has a constant. */
static bool without_factor(const Lin *S, const Node *v, Lin *T) {
  lin_init(T, S->dt);
  if (S->k != 0 || S->n == 0) return false;
  for (int i = 0; i < S->n; i++) {
    if (S->t[i].t == v) {
      if (!im_add_ok(T->k, S->t[i].a, &T->k)) return false;
      continue;
    }
    Node *u = cofactor(S->t[i].t, v);
    if (!u || !lin_add(T, u, S->t[i].a)) return false;
  }
  return true;
}

/* A variable factor d of every term of both sides: (x*d) // (y*d) == x // y where d has one sign and
 * neither product wraps (divide_by_var_*; the lemma's guard decides, on the bounds of the built x*d
 * and y*d). d is tried among the operands of the numerator's first product. */
bool fold_divide_by_var_applies(const Node *n) {
  return (n->op == OP_IDIV || n->op == OP_MOD || n->op == OP_TDIV || n->op == OP_TMOD) && n->lanes == 1 &&
         dt_is_int((DType)n->dtype) && n->args[1]->op != OP_CONST && n->args[0]->op != OP_CONST;
}

bool fold_divide_by_var(VsCtx *ctx, Node *n, FoldStep *out) {
  static const char *const lemmas[4] = {"divide_by_var_div", "divide_by_var_mod", "divide_by_var_tdiv",
                                        "divide_by_var_tmod"};
  if (!fold_divide_by_var_applies(n)) return false;
  Lin S, D, T, E;
  if (!lin_of(n->args[0], &S) || !lin_of(n->args[1], &D) || S.n == 0 || D.n == 0) return false;
  const Node *first = NULL;
  for (int i = 0; i < S.n && !first; i++)
    if (S.t[i].t->op == OP_MUL && !(S.t[i].t->aux.bits & VS_AUX_NSW)) first = S.t[i].t;
  if (!first) return false;
  for (int k = 0; k < 2; k++) {
    Node *d = first->args[k];
    if (d->op == OP_CONST || !without_factor(&S, d, &T) || !without_factor(&D, d, &E)) continue;
    out->lemma = for_op(n, lemmas);
    return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind(out, "y", lin_build(ctx, &E)) &&
           fold_bind(out, "d", d);
  }
  return false;
}

/* A variable divisor y (or y * c2) of a sum holding a multiple of it, u * y * c1 with c2 | c1: that term
 * leaves the division, one at a time (div_var_factor_mul, mod_var_factor_mul; the lemmas' guards
 * demand vmin(y) > 0 and an exact numerator). (b*d + a*d*4 + 2) // d becomes b + (a*d*4 + 2) // d,
 * then b + a*4 + 2 // d. */
bool fold_div_var_factor_terms(VsCtx *ctx, Node *n, FoldStep *out) {
  if (!fold_divmod_var_applies(n) || n->lanes != 1) return false;
  Node *y = n->args[1];
  i128 c2 = 1;
  if (y->op == OP_MUL && y->args[1]->op == OP_CONST && !(y->aux.bits & VS_AUX_NSW)) {
    c2 = vs_const_value(y->args[1]);
    y = y->args[0];
  }
  Lin S;
  if (c2 <= 0 || y->op == OP_CONST || !fold_lin_of(out, n->args[0], &S) || S.n == 0) return false;
  for (int i = 0; i < S.n; i++) {
    Node *u = cofactor(S.t[i].t, y);
    if (!u || S.t[i].a % c2 != 0) continue;
    Lin Z;
    lin_init(&Z, S.dt);
    Z.k = S.k;
    for (int k = 0; k < S.n; k++)
      if (k != i && !lin_add(&Z, S.t[k].t, S.t[k].a)) return false;
    out->lemma = n->op == OP_IDIV ? "div_var_factor_mul" : "mod_var_factor_mul";
    return fold_bind(out, "x", u) && fold_bind(out, "y", y) && fold_bind_int(out, ctx, "c1", S.dt, S.t[i].a) &&
           fold_bind_int(out, ctx, "c2", S.dt, c2) && fold_bind(out, "z", lin_build(ctx, &Z));
  }
  return false;
}

/* A remainder by a power of two of a sum of multiples of it: 0 at every width (mod_mul_pow2,
 * tmod_mul_pow2, with x the sum divided: wrapping keeps the multiple). */
bool fold_pow2_multiple(VsCtx *ctx, Node *n, FoldStep *out) {
  if ((n->op != OP_MOD && n->op != OP_TMOD) || !fold_divmod_applies(n)) return false;
  i128 c = vs_const_value(n->args[1]);
  Lin S, T;
  if (c < 2 || (c & (c - 1)) != 0 || !fold_lin_of(out, n->args[0], &S) || S.k % c != 0) return false;
  for (int i = 0; i < S.n; i++)
    if (S.t[i].a % c != 0) return false;
  if (!divided(&S, c, &T)) return false;
  out->lemma = n->op == OP_MOD ? "mod_mul_pow2" : "tmod_mul_pow2";
  return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind(out, "c1", n->args[1]) && fold_bind(out, "c2", n->args[1]);
}

/* binary_numerator: a numerator x with vmax(x) == vmin(x) + 1 is the line through its two results:
 * the floor lemmas name those results c1 and c2, the truncating ones the two values of x. */
bool fold_binary_numerator(VsCtx *ctx, Node *n, FoldStep *out) {
  static const char *const lemmas[4] = {"binary_numerator_div", "binary_numerator_mod", "binary_numerator_tdiv",
                                        "binary_numerator_tmod"};
  if (!fold_divmod_applies(n)) return false;
  DType dt = (DType)n->dtype;
  Node *x = n->args[0];
  i128 c = vs_const_value(n->args[1]), lo = vs_vmin(x), hi = vs_vmax(x), c1 = lo, c2 = hi;
  if (c == 0 || hi - lo != 1) return false;
  if (n->op == OP_IDIV) c1 = im_floordiv(lo, c), c2 = im_floordiv(hi, c);
  else if (n->op == OP_MOD) c1 = im_floormod(lo, c), c2 = im_floormod(hi, c);
  out->lemma = for_op(n, lemmas);
  return fold_bind(out, "x", x) && fold_bind(out, "c", n->args[1]) && fold_bind_int(out, ctx, "c1", dt, c1) &&
         fold_bind_int(out, ctx, "c2", dt, c2);
}
