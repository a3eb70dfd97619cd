/* The div/mod engine: folds of  S // c,  S % c,  tdiv(S, c),  tmod(S, c)  with S read as a linear form
 * (rewrite/lin.h) and c a positive constant (binary_numerator: any nonzero constant).
 *
 * Each fold instantiates lemmas of src/rules/lemmas_divmod.rules (named in its comment) and checks
 * their guards on the instance, in exact i128 arithmetic: the lemma's pattern variables become nodes
 * built from parts of S (their bounds: the parts' exact intervals, sound because each part fits the
 * dtype), its constants become numbers that must be representable in the dtype. Floor (//, %) and
 * truncating (tdiv, tmod) division have their own lemmas; the truncating ones only where every part
 * is nonnegative. */
#include <string.h>

#include "rewrite/folds.h"
#include "analysis/lin.h"

static bool is_div(const Node *n) { return n->op == OP_IDIV || n->op == OP_TDIV; }
static bool is_trunc(const Node *n) { return n->op == OP_TDIV || n->op == OP_TMOD; }

bool fold_divmod_applies(const Node *n) {
  return (n->op == OP_IDIV || n->op == OP_MOD || n->op == OP_TDIV || n->op == OP_TMOD) &&
         dt_is_int((DType)n->dtype) && n->args[1]->op == OP_CONST && n->args[0]->op != OP_CONST;
}

/* The positive constant divisor of n, and its numerator as a linear form that fits the dtype. */
static bool setup(const Node *n, i128 *c, Lin *S) {
  if (!fold_divmod_applies(n)) return false;
  *c = vs_const_value(n->args[1]);
  return *c > 0 && lin_of(n->args[0], S) && lin_fits(S);
}

static bool lo_of(const Lin *l, i128 *lo) {
  i128 hi;
  return lin_range(l, lo, &hi);
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
  /* The guards' no_overflow(x * c + y): x = Q, y = R and x * c fit, and so does their sum S. */
  return lin_fits(Q) && lin_fits_scaled(Q, c) && lin_fits(R);
}

/* cancel_divmod (lemmas cancel_divmod_div, cancel_divmod_mod; truncating: cancel_tdivmod_*):
 * R lies in one quotient window [q*c, q*c + c): S // c == Q + q and S % c == R - q*c. */
static Node *cancel(VsCtx *ctx, Node *n, bool trunc) {
  i128 c, rlo, rhi, qlo, qc;
  Lin S, Q, R;
  if (is_trunc(n) != trunc || !setup(n, &c, &S) || !split(&S, c, false, &Q, &R) || !lin_range(&R, &rlo, &rhi))
    return NULL;
  i128 q = im_floordiv(rlo, c);
  if (im_floordiv(rhi, c) != q || !im_fits(S.dt, q) || !im_mul_ok(q, c, &qc)) return NULL;
  if (trunc && (!lo_of(&Q, &qlo) || qlo < 0 || rlo < 0)) return NULL;
  if (is_div(n)) {
    Q.k = q; /* Q has no constant of its own: split keeps S's constant in R */
    return lin_build(ctx, &Q);
  }
  if (!im_sub_ok(R.k, qc, &R.k)) return NULL;
  return lin_build(ctx, &R);
}

Node *fold_cancel_divmod(VsCtx *ctx, Node *n) { return cancel(ctx, n, false); }
Node *fold_cancel_tdivmod(VsCtx *ctx, Node *n) { return cancel(ctx, n, true); }

/* factor_remainder (lemmas factor_remainder_div/_mod; truncating: factor_remainder_tdiv/_tmod):
 * S // c == Q + R // c and S % c == R % c, Q the multiples of c split off. */
static Node *factor(VsCtx *ctx, Node *n, bool trunc) {
  i128 c, qlo, rlo;
  Lin S, Q, R;
  if (is_trunc(n) != trunc || !setup(n, &c, &S) || !split(&S, c, true, &Q, &R)) return NULL;
  if (Q.n == 0 && Q.k == 0) return NULL;
  if (trunc && (!lo_of(&Q, &qlo) || !lo_of(&R, &rlo) || qlo < 0 || rlo < 0)) return NULL;
  Node *r = lin_build(ctx, &R);
  r = r ? vs_bin(ctx, (Op)n->op, r, n->args[1]) : NULL;
  if (!r || !is_div(n)) return r;
  return lin_add(&Q, r, 1) ? lin_build(ctx, &Q) : NULL;
}

Node *fold_factor_remainder(VsCtx *ctx, Node *n) { return factor(ctx, n, false); }
Node *fold_factor_tremainder(VsCtx *ctx, Node *n) { return factor(ctx, n, true); }

/* S without its term i. */
static Lin without(const Lin *S, int i) {
  Lin r = *S;
  memmove(&r.t[i], &r.t[i + 1], (size_t)(r.n - i - 1) * sizeof r.t[0]);
  r.n--;
  return r;
}

/* Whether a * t fits (the exact interval of one term). */
static bool term_fits(DType dt, Node *t, i128 a) {
  Lin one;
  lin_init(&one, dt);
  return lin_add(&one, t, a) && lin_fits(&one);
}

/* remove_nested_mod (lemma remove_nested_mod; for tmod(x, c1) inside: remove_nested_tmod): in
 * (a * (x % c1) + y) % c with c | c1, the term becomes a * x. */
static Node *nested(VsCtx *ctx, Node *n, Op inner) {
  i128 c;
  Lin S;
  if (n->op != OP_MOD || !setup(n, &c, &S)) return NULL;
  for (int i = 0; i < S.n; i++) {
    Node *t = S.t[i].t;
    i128 a = S.t[i].a;
    if (t->op != inner || t->args[1]->op != OP_CONST) continue;
    i128 c1 = vs_const_value(t->args[1]);
    if (c1 <= 0 || c1 % c != 0 || !im_fits(S.dt, a)) continue;
    Lin R = without(&S, i), S2 = R;
    if (!lin_fits(&R) || !term_fits(S.dt, t, a) || !term_fits(S.dt, t->args[0], a) || !lin_add(&S2, t->args[0], a) ||
        !lin_fits(&S2))
      continue;
    Node *s2 = lin_build(ctx, &S2);
    return s2 ? vs_bin(ctx, OP_MOD, s2, n->args[1]) : NULL;
  }
  return NULL;
}

Node *fold_remove_nested_mod(VsCtx *ctx, Node *n) { return nested(ctx, n, OP_MOD); }
Node *fold_remove_nested_tmod(VsCtx *ctx, Node *n) { return nested(ctx, n, OP_TMOD); }

/* fold_divmod_congruence (lemma divmod_congruence, once per changed coefficient): in S % c a
 * coefficient a becomes its residue nearest to zero when that is smaller in magnitude, and the
 * constant its residue in [0, c). Each step is checked on the form as it stands. */
Node *fold_divmod_congruence(VsCtx *ctx, Node *n) {
  i128 c;
  Lin S;
  if (n->op != OP_MOD || !setup(n, &c, &S) || c < 2) return NULL;
  bool changed = false;
  for (int i = S.n - 1; i >= 0; i--) {
    i128 a = S.t[i].a, r = im_floormod(a, c);
    if (r > c / 2) r -= c;
    if ((r < 0 ? -r : r) >= (a < 0 ? -a : a)) continue;
    Node *t = S.t[i].t;
    Lin R = without(&S, i), S2 = R;
    if (!im_fits(S.dt, a) || !im_fits(S.dt, r) || !lin_fits(&R) || !term_fits(S.dt, t, a) || !term_fits(S.dt, t, r) ||
        !lin_add(&S2, t, r) || !lin_fits(&S2))
      continue;
    S = S2;
    changed = true;
  }
  i128 r = im_floormod(S.k, c);
  if (r != S.k && im_fits(S.dt, S.k)) { /* the constant: x = 1, c1 = k, c2 = r */
    Lin S2 = S;
    S2.k = r;
    Lin R = S2;
    R.k = 0;
    if (lin_fits(&R) && lin_fits(&S2)) {
      S = S2;
      changed = true;
    }
  }
  if (!changed) return NULL;
  Node *s = lin_build(ctx, &S);
  return s ? vs_bin(ctx, OP_MOD, s, n->args[1]) : NULL;
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

/* divide_by_gcd (lemmas divide_by_gcd_div/_mod/_tdiv/_tmod, one per op): g divides every coefficient,
 * the constant and c: (T*g) // (c3*g) == T // c3, (T*g) % (c3*g) == (T % c3) * g, likewise truncating. */
Node *fold_divide_by_gcd(VsCtx *ctx, Node *n) {
  i128 c;
  Lin S, T;
  if (!setup(n, &c, &S) || S.n == 0) return NULL;
  i128 g = form_gcd(&S, c, true);
  if (g <= 1 || !divided(&S, g, &T) || !lin_fits(&T) || !lin_fits_scaled(&T, g)) return NULL;
  Node *t = lin_build(ctx, &T);
  Node *c3 = vs_const_int(ctx, S.dt, c / g);
  Node *q = t && c3 ? vs_bin(ctx, (Op)n->op, t, c3) : NULL;
  if (!q || is_div(n)) return q;
  return vs_bin(ctx, OP_MUL, q, vs_const_int(ctx, S.dt, g));
}

/* gcd_with_remainder (lemmas gcd_with_remainder_div/_mod): g divides every coefficient and c but not
 * the constant k; with c4 = k // g:  (T*g + k) // c == (T + c4) // (c/g)  and
 * (T*g + k) % c == ((T + c4) % (c/g)) * g + (k - c4*g). Floor division only. */
Node *fold_gcd_with_remainder(VsCtx *ctx, Node *n) {
  i128 c;
  Lin S, T;
  if (is_trunc(n) || !setup(n, &c, &S) || S.n == 0) return NULL;
  i128 g = form_gcd(&S, c, false);
  if (g <= 1 || S.k % g == 0 || !im_fits(S.dt, S.k) || !divided(&S, g, &T)) return NULL;
  i128 c4 = T.k; /* floor(k / g) */
  Lin Tx = T;
  Tx.k = 0;
  if (!im_fits(S.dt, c4) || !lin_fits(&Tx) || !lin_fits_scaled(&Tx, g) || !lin_fits(&T)) return NULL;
  Node *t = lin_build(ctx, &T);
  Node *c5 = vs_const_int(ctx, S.dt, c / g);
  Node *q = t && c5 ? vs_bin(ctx, (Op)n->op, t, c5) : NULL;
  if (!q || is_div(n)) return q;
  Lin out;
  lin_init(&out, S.dt);
  if (!lin_add(&out, q, g)) return NULL;
  out.k = S.k - c4 * g; /* in [0, g) */
  return lin_build(ctx, &out);
}

/* fold_binary_numerator (lemmas binary_numerator_div/_mod/_tdiv/_tmod, one per op): a numerator x
 * with vmax(x) == vmin(x) + 1 gives  x op c == x * (q1 - q0) + (q0 - vmin(x) * (q1 - q0)), q0 and q1
 * the results at vmin(x) and vmax(x). */
Node *fold_binary_numerator(VsCtx *ctx, Node *n) {
  if (!fold_divmod_applies(n)) return NULL;
  DType dt = (DType)n->dtype;
  Node *x = n->args[0];
  i128 c = vs_const_value(n->args[1]), lo = vs_vmin(x), hi = vs_vmax(x), q0, q1;
  if (c == 0 || hi - lo != 1) return NULL;
  switch (n->op) {
  case OP_IDIV: q0 = im_floordiv(lo, c), q1 = im_floordiv(hi, c); break;
  case OP_MOD: q0 = im_floormod(lo, c), q1 = im_floormod(hi, c); break;
  case OP_TDIV: q0 = lo / c, q1 = hi / c; break;
  default: q0 = lo % c, q1 = hi % c; break;
  }
  /* The floor lemmas name q0 and q1 as constants of the dtype (only MIN // -1 does not fit); the
   * truncating ones compute them in the dtype, which wraps like the form built here. */
  if (!is_trunc(n) && (!im_fits(dt, q0) || !im_fits(dt, q1))) return NULL;
  i128 d = q1 - q0, ld;
  Lin out;
  lin_init(&out, dt);
  if (!im_mul_ok(lo, d, &ld) || !lin_add(&out, x, d)) return NULL;
  out.k = q0 - ld;
  return lin_build(ctx, &out);
}
