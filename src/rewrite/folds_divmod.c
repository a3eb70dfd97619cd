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
static bool setup(const Node *n, i128 *c, Lin *S) {
  if (!fold_divmod_applies(n)) return false;
  *c = vs_const_value(n->args[1]);
  return *c > 0 && lin_of(n->args[0], S);
}

/* S = c*Q + R: Q takes a/c of every coefficient a that c divides; with `floor_parts`, also a // c of
 * the positive coefficients a > c (R keeping a % c), and k // c of a constant outside [0, c). */
static bool split(const Lin *S, i128 c, bool floor_parts, Lin *Q, Lin *R) {
  lin_init(Q, S->dt);
  lin_init(R, S->dt);
  for (int i = 0; i < S->n; i++) {
    i128 a = S->t[i].a;
    bool ok;
    if (a % c == 0) ok = lin_add(Q, S->t[i].t, a / c);
    else if (floor_parts && a > c) ok = lin_add(Q, S->t[i].t, a / c) && lin_add(R, S->t[i].t, a % c);
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

/* cancel_divmod: R lies in one quotient window [q*c, q*c + c): S // c == Q + q, S % c == R - q*c. */
static bool cancel(VsCtx *ctx, Node *n, bool trunc, FoldStep *out) {
  static const char *const lemmas[4] = {"cancel_divmod_div", "cancel_divmod_mod", "cancel_tdivmod_div",
                                        "cancel_tdivmod_mod"};
  i128 c, rlo, rhi;
  Lin S, Q, R;
  if (is_trunc(n) != trunc || !setup(n, &c, &S) || !split(&S, c, false, &Q, &R) || !lin_range(&R, &rlo, &rhi))
    return false;
  i128 q = im_floordiv(rlo, c);
  if (im_floordiv(rhi, c) != q) return false;
  return bind_split(ctx, n, &Q, &R, for_op(n, lemmas), out) && fold_bind_int(out, ctx, "c1", S.dt, q);
}

bool fold_cancel_divmod(VsCtx *ctx, Node *n, FoldStep *out) { return cancel(ctx, n, false, out); }
bool fold_cancel_tdivmod(VsCtx *ctx, Node *n, FoldStep *out) { return cancel(ctx, n, true, out); }

/* factor_remainder: S // c == Q + R // c and S % c == R % c, Q the multiples of c split off. */
static bool factor(VsCtx *ctx, Node *n, bool trunc, FoldStep *out) {
  static const char *const lemmas[4] = {"factor_remainder_div", "factor_remainder_mod", "factor_remainder_tdiv",
                                        "factor_remainder_tmod"};
  i128 c;
  Lin S, Q, R;
  if (is_trunc(n) != trunc || !setup(n, &c, &S) || !split(&S, c, true, &Q, &R)) return false;
  if (Q.n == 0 && Q.k == 0) return false;
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
  if (n->op != OP_MOD || !setup(n, &c, &S)) return false;
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
  if (n->op != OP_MOD || !setup(n, &c, &S) || c < 2) return false;
  out->lemma = "divmod_congruence";
  for (int i = S.n - 1; i >= 0; i--) {
    i128 a = S.t[i].a, r = im_floormod(a, c);
    if (r > c / 2) r -= c;
    if ((r < 0 ? -r : r) >= (a < 0 ? -a : a)) continue;
    Lin Y = without(&S, i);
    return fold_bind(out, "x", S.t[i].t) && fold_bind_int(out, ctx, "c1", S.dt, a) &&
           fold_bind_int(out, ctx, "c2", S.dt, r) && fold_bind(out, "y", lin_build(ctx, &Y)) &&
           fold_bind(out, "c", n->args[1]);
  }
  i128 r = im_floormod(S.k, c);
  if (r == S.k) return false;
  Lin Y = S;
  Y.k = 0;
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
    if (!lin_add(T, S->t[i].t, S->t[i].a / g)) return false;
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
  if (!setup(n, &c, &S) || S.n == 0) return false;
  i128 g = form_gcd(&S, c, true);
  if (g <= 1 || !divided(&S, g, &T)) return false;
  out->lemma = for_op(n, lemmas);
  return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind_int(out, ctx, "c1", S.dt, g) &&
         fold_bind(out, "c2", n->args[1]) && fold_bind_int(out, ctx, "c3", S.dt, c / g);
}

/* gcd_with_remainder: g divides every coefficient and c but not the constant k; with c4 = k // g,
 * (T*g + k) // c == (T + c4) // (c/g), and the remainder likewise. Floor division only. */
bool fold_gcd_with_remainder(VsCtx *ctx, Node *n, FoldStep *out) {
  i128 c;
  Lin S, T;
  if (is_trunc(n) || !setup(n, &c, &S) || S.n == 0) return false;
  i128 g = form_gcd(&S, c, false);
  if (g <= 1 || S.k % g == 0 || !divided(&S, g, &T)) return false;
  i128 c4 = T.k; /* floor(k / g) */
  T.k = 0;
  out->lemma = is_div(n) ? "gcd_with_remainder_div" : "gcd_with_remainder_mod";
  return fold_bind(out, "x", lin_build(ctx, &T)) && fold_bind_int(out, ctx, "c1", S.dt, g) &&
         fold_bind_int(out, ctx, "c2", S.dt, S.k) && fold_bind(out, "c3", n->args[1]) &&
         fold_bind_int(out, ctx, "c4", S.dt, c4) && fold_bind_int(out, ctx, "c5", S.dt, c / g);
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
