/* Term collection and comparison offset moving, on linear forms (analysis/lin.h). Both only choose; the
 * engine decides (folds.h). */
#include "ir/intmath.h"

#include "analysis/lin.h"
#include "rewrite/folds.h"

bool fold_terms_applies(const Node *n) {
  return (n->op == OP_ADD || n->op == OP_SUB || n->op == OP_NEG || n->op == OP_MUL) && dt_is_int((DType)n->dtype);
}

bool fold_cmp_applies(const Node *n) {
  return (n->op == OP_LT || n->op == OP_LE || n->op == OP_EQ || n->op == OP_NE) && dt_is_int((DType)n->args[0]->dtype);
}

/* term_collect (a ring step, lemmas lin_*): a sum of products by constants rebuilt with like terms
 * collected and the constants summed, in canonical order. Chosen only when the result has fewer terms
 * than the expression had (so it cannot undo what the rules make of its output). */
bool fold_term_collect(VsCtx *ctx, Node *n, FoldStep *out) {
  Lin L;
  if (!fold_terms_applies(n) || (out->aux && out->aux->shapes && !lin_shape_may_collect(out->aux->shapes, n)) ||
      !fold_lin_of(out, n, &L) || lin_size_mod(&L) >= L.atoms)
    return false;
  out->lemma = NULL;
  out->result = lin_build(ctx, &L);
  return out->result != NULL;
}

/* ---- a common factor out of a sum ---- */

/* The nodes of n's +, -, negation and product-by-constant skeleton (constants included, atoms not), as
 * lin_of reads it; stops counting past cap. */
static int skeleton_size(const Node *n, int depth, int cap) {
  if (cap <= 0) return 0;
  if (n->op == OP_CONST) return 1;
  if (depth < 64) switch (n->op) {
    case OP_ADD:
    case OP_SUB: {
      int a = skeleton_size(n->args[0], depth + 1, cap - 1);
      return 1 + a + skeleton_size(n->args[1], depth + 1, cap - 1 - a);
    }
    case OP_NEG: return 1 + skeleton_size(n->args[0], depth + 1, cap - 1);
    case OP_MUL:
      for (int i = 0; i < 2; i++)
        if (n->args[i]->op == OP_CONST) return 2 + skeleton_size(n->args[1 - i], depth + 1, cap - 2);
      break;
    default: break;
    }
  return 0;
}

/* The skeleton lin_build gives m terms with coefficients a[] (the atoms themselves not counted), with
 * a nonzero constant when k: one node per + or -, a product and its constant per coefficient other than
 * 1 and -1, a negation when every coefficient is -1. */
static int flat_size(const i128 *a, int m, bool k) {
  int s = m > 0 ? m - 1 : 0;
  bool pos = false;
  for (int i = 0; i < m; i++) {
    pos |= a[i] > 0;
    if (a[i] != 1 && a[i] != -1) s += 2;
  }
  if (m > 0 && !pos && a[0] == -1) s++;
  return s + (k ? 2 : 0) + (m == 0 && k ? -1 : 0);
}

/* Splits a[0..m) by g: the quotients of the multiples of g into in (negated when all are negative, *sign
 * then -1), the others into rest followed by *sign, the product's coefficient. Returns the count in in. */
static int split_by(const i128 *a, int m, i128 g, i128 *in, i128 *rest, int *nrest, i128 *sign) {
  int ni = 0, no = 0, negs = 0;
  for (int i = 0; i < m; i++)
    if (im_tmod(a[i], g) == 0) {
      in[ni++] = im_tdiv(a[i], g);
      negs += a[i] < 0;
    } else {
      rest[no++] = a[i];
    }
  *sign = negs == ni ? -1 : 1;
  for (int i = 0; i < ni; i++) in[i] *= *sign;
  rest[no++] = *sign;
  *nrest = no;
  return ni;
}

/* The least skeleton a form with coefficients a[0..m) (and a constant when k) reaches by factoring: flat,
 * or for a factor g with at least two coefficients exactly +-g, the inner form's least skeleton, the
 * product and the outer form. *gbest: the factor of the first step (0: flat). */
static int least_size(const i128 *a, int m, bool k, int depth, i128 *gbest) {
  int best = flat_size(a, m, k);
  *gbest = 0;
  if (depth > 8) return best;
  for (int i = 0; i < m; i++) {
    i128 c = a[i] < 0 ? -a[i] : a[i], gi;
    int cnt = 0, first = 1;
    if (c < 2) continue;
    for (int j = 0; j < m; j++) {
      cnt += a[j] == c || a[j] == -c;
      if (j < i && (a[j] == c || a[j] == -c)) first = 0;
    }
    if (cnt < 2 || !first) continue;
    i128 in[LIN_MAX_TERMS], rest[LIN_MAX_TERMS + 1], sign;
    int nrest, ni = split_by(a, m, c, in, rest, &nrest, &sign);
    int s = least_size(in, ni, false, depth + 1, &gi) + 2 + flat_size(rest, nrest, k);
    if (s < best || (s == best && *gbest && c < *gbest)) {
      best = s;
      *gbest = c;
    }
  }
  return best;
}

/* The magnitudes of the coefficients of n's skeleton atoms, occurrence by occurrence (lin_of's walk
 * without collecting): false when there are more than max or a product leaves the i128 range. */
static bool atom_coefs(const Node *n, i128 m, int depth, i128 *out, int *cnt, int max) {
  if (n->op == OP_CONST) return true;
  if (depth < 64) switch (n->op) {
    case OP_ADD:
    case OP_SUB:
      return atom_coefs(n->args[0], m, depth + 1, out, cnt, max) &&
             atom_coefs(n->args[1], m, depth + 1, out, cnt, max);
    case OP_NEG: return atom_coefs(n->args[0], m, depth + 1, out, cnt, max);
    case OP_MUL:
      for (int i = 0; i < 2; i++)
        if (n->args[i]->op == OP_CONST) {
          i128 v;
          return im_mul_ok(m, vs_const_value(n->args[i]), &v) && atom_coefs(n->args[1 - i], v, depth + 1, out, cnt, max);
        }
      break;
    default: break;
    }
  if (*cnt == max) return false;
  out[(*cnt)++] = m < 0 ? -m : m;
  return true;
}

/* Whether two atom occurrences of n have one coefficient of magnitude 2 or more (or the walk gave up):
 * what term_factor needs before it reads the form. */
static bool factor_candidate(const Node *n) {
  i128 a[LIN_MAX_TERMS];
  int cnt = 0;
  if (!atom_coefs(n, 1, 0, a, &cnt, LIN_MAX_TERMS)) return true;
  for (int i = 0; i < cnt; i++)
    for (int j = i + 1; j < cnt && a[i] >= 2; j++)
      if (a[j] == a[i]) return true;
  return false;
}

/* term_factor (a ring step, lemmas lin_*): the terms of a sum whose coefficients are multiples of g,
 * with at least two of them exactly +-g, become one product (sum of their quotients) * g, Halide's
 * `x*c + y*c => (x + y)*c` over the whole sum ((f // 4)*8 + y*8 + k*64 + 3 becomes
 * (f // 4 + y + k*8)*8 + 3; the inner sum then factors again). The constant stays outside (mul_add_const
 * would take it out again). g is the factor whose nest of such steps gives the least skeleton. Chosen
 * only when the skeleton shrinks, so it cannot undo term_collect or itself. */
bool fold_term_factor(VsCtx *ctx, Node *n, FoldStep *out) {
  Lin L;
  if (n->lanes != 1 || !fold_terms_applies(n) || (out->aux && out->aux->shapes && !lin_shape_may_factor(out->aux->shapes, n)) ||
      !factor_candidate(n) || !fold_lin_of(out, n, &L) || L.n < 2)
    return false;
  i128 a[LIN_MAX_TERMS], g;
  for (int i = 0; i < L.n; i++) a[i] = L.t[i].a;
  int least = least_size(a, L.n, L.k != 0, 0, &g);
  if (g == 0 || least >= skeleton_size(n, 0, least + 1)) return false;
  /* The product's sign as split_by chooses it: -1 when every multiple of g is negative. */
  int ni = 0, negs = 0;
  for (int i = 0; i < L.n; i++)
    if (im_tmod(L.t[i].a, g) == 0) {
      ni++;
      negs += L.t[i].a < 0;
    }
  i128 sign = negs == ni ? -1 : 1;
  Lin I, O;
  lin_init(&I, L.dt);
  lin_init(&O, L.dt);
  O.k = L.k;
  for (int i = 0; i < L.n; i++)
    if (im_tmod(L.t[i].a, g) == 0 ? !lin_add(&I, L.t[i].t, im_tdiv(L.t[i].a, g) * sign) : !lin_add(&O, L.t[i].t, L.t[i].a))
      return false;
  Node *inner = lin_build(ctx, &I), *gc = im_fits(L.dt, g) ? vs_const_int(ctx, L.dt, g) : NULL;
  Node *prod = inner && gc ? vs_bin(ctx, OP_MUL, inner, gc) : NULL;
  if (!prod || !lin_add(&O, prod, sign)) return false;
  out->lemma = NULL;
  out->result = lin_build(ctx, &O);
  return out->result != NULL;
}

/* The coefficient of atom t in l (0 if absent). */
static i128 coef(const Lin *l, const Node *t) {
  for (int i = 0; i < l->n; i++)
    if (l->t[i].t == t) return l->t[i].a;
  return 0;
}

/* move_offset (lemmas cmp_move_<op>, cmp_move_<op>_rev): the sides A = x + z + c1 and B = y + z + c2,
 * z their common part (for an atom on both sides, B's coefficient), become (x - y) OP (c2 - c1), or
 * (c1 - c2) OP (y - x) when every coefficient of x - y is negative. Chosen when the result has fewer
 * terms than the comparison had. */
bool fold_move_offset(VsCtx *ctx, Node *n, FoldStep *out) {
  static const char *const lemmas[4][2] = {{"cmp_move_lt", "cmp_move_lt_rev"},
                                           {"cmp_move_le", "cmp_move_le_rev"},
                                           {"cmp_move_eq", "cmp_move_eq_rev"},
                                           {"cmp_move_ne", "cmp_move_ne_rev"}};
  if (!fold_cmp_applies(n)) return false;
  DType dt = (DType)n->args[0]->dtype;
  Lin A, B, X, Y, Z, D;
  if (!fold_lin_of(out, n->args[0], &A) || !fold_lin_of(out, n->args[1], &B)) return false;
  lin_init(&D, dt);
  if (!lin_add_lin(&D, &A, 1) || !lin_add_lin(&D, &B, -1)) return false;
  i128 K;
  if (!im_sub_ok(B.k, A.k, &K)) return false;
  D.k = K;
  if (lin_size_mod(&D) >= A.atoms + B.atoms) return false;
  lin_init(&X, dt);
  lin_init(&Y, dt);
  lin_init(&Z, dt);
  for (int i = 0; i < A.n; i++) {
    i128 b = coef(&B, A.t[i].t), a = A.t[i].a, d;
    if (!im_sub_ok(a, b, &d) || (d && !lin_add(&X, A.t[i].t, d)) || (b && !lin_add(&Z, A.t[i].t, b))) return false;
  }
  for (int j = 0; j < B.n; j++)
    if (!coef(&A, B.t[j].t) && !lin_add(&Y, B.t[j].t, B.t[j].a)) return false;
  bool rev = X.n + Y.n > 0;
  for (int i = 0; i < X.n; i++) rev &= X.t[i].a < 0;
  for (int j = 0; j < Y.n; j++) rev &= Y.t[j].a > 0;
  int op = n->op == OP_LT ? 0 : n->op == OP_LE ? 1 : n->op == OP_EQ ? 2 : 3;
  out->lemma = lemmas[op][rev];
  return fold_bind(out, "x", lin_build(ctx, &X)) && fold_bind(out, "y", lin_build(ctx, &Y)) &&
         fold_bind(out, "z", lin_build(ctx, &Z)) && fold_bind_int(out, ctx, "c1", dt, A.k) &&
         fold_bind_int(out, ctx, "c2", dt, B.k);
}

/* ---- a scaled sum against a constant ---- */

bool fold_cmp_scaled_applies(const Node *n) {
  return (n->op == OP_LT || n->op == OP_LE) && n->args[1]->op == OP_CONST && dt_is_int((DType)n->args[0]->dtype) &&
         n->lanes == 1 && fold_terms_applies(n->args[0]);
}

/* S < c2 (or <=) where S is g*X + Y as forms: X the terms whose coefficients share the factor g, Y the
 * rest with the constant, lying in [0, g) once a multiple q*g of the constant moves into X as q. Then
 * the comparison is X's against c2 // g (lemmas
 * lt_scaled_sum, le_scaled_sum, whose guards decide exactness and Y's range): x1*5632 + (u % 22)*256 +
 * tx*8 + v < 11008 with tx*8 + v in [0, 255] is x1*22 + u % 22 < 43. Each positive coefficient c
 * proposes g, the gcd of the coefficients it divides; the largest g that works is taken. */
bool fold_cmp_scaled(VsCtx *ctx, Node *n, FoldStep *out) {
  if (!fold_cmp_scaled_applies(n)) return false;
  Lin S;
  if (!lin_of(n->args[0], &S) || S.n < 2) return false;
  i128 c2 = vs_const_value(n->args[1]), best = 0, bestq = 0;
  for (int i = 0; i < S.n; i++) {
    i128 c = S.t[i].a, g = 0, lo, hi;
    if (c <= 1) continue;
    Lin Y;
    lin_init(&Y, S.dt);
    Y.k = S.k;
    for (int k = 0; k < S.n; k++)
      if (S.t[k].a % c == 0) g = lin_gcd(g, S.t[k].a);
      else if (!lin_add(&Y, S.t[k].t, S.t[k].a)) return false;
    /* Y's window: q*g of it (a multiple of g in its constant) moves into X as q. */
    if (g <= best || !lin_range(&Y, &lo, &hi)) continue;
    i128 q = im_floordiv(lo, g), r = c2 % g, qg, span;
    if (!im_mul_ok(q, g, &qg) || !im_sub_ok(hi, qg, &span) || span >= g) continue;
    if (r < 0) r += g;
    if (r != (n->op == OP_LT ? 0 : g - 1)) continue;
    best = g;
    bestq = q;
  }
  if (best <= 1) return false;
  Lin X, Y;
  lin_init(&X, S.dt);
  lin_init(&Y, S.dt);
  X.k = bestq;
  if (!im_mul_ok(bestq, best, &Y.k) || !im_sub_ok(S.k, Y.k, &Y.k)) return false;
  for (int k = 0; k < S.n; k++)
    if (!(S.t[k].a % best == 0 ? lin_add(&X, S.t[k].t, S.t[k].a / best) : lin_add(&Y, S.t[k].t, S.t[k].a)))
      return false;
  out->lemma = n->op == OP_LT ? "lt_scaled_sum" : "le_scaled_sum";
  return fold_bind(out, "x", lin_build(ctx, &X)) && fold_bind_int(out, ctx, "c1", S.dt, best) &&
         fold_bind(out, "y", lin_build(ctx, &Y)) && fold_bind(out, "c2", n->args[1]);
}

/* ---- div/mod recombination inside sums ---- */

/* Whether t is `x OP c` with a nonzero constant c. */
static bool is_divmod_by_const(const Node *t, Op op) {
  return t->op == op && t->args[1]->op == OP_CONST && vs_const_value(t->args[1]) != 0;
}

/* The div and mod terms by constants in the +/- tree at n (through negations and products by
 * constants, as deep as lin_of reads): bit 0 a floor or truncating quotient, bit 1 a remainder. A
 * cheap test before the linear form is built: most sums hold neither, and every recombination needs
 * one (the congruent one both). */
static unsigned divmod_terms(const Node *n, int depth) {
  switch (n->op) {
  case OP_IDIV:
  case OP_TDIV: return n->args[1]->op == OP_CONST ? 1u : 0u;
  case OP_MOD:
  case OP_TMOD: return n->args[1]->op == OP_CONST ? 2u : 0u;
  default: break;
  }
  if (depth >= 64) return 0;
  if (n->op == OP_ADD || n->op == OP_SUB) return divmod_terms(n->args[0], depth + 1) | divmod_terms(n->args[1], depth + 1);
  if (n->op == OP_NEG) return divmod_terms(n->args[0], depth + 1);
  if (n->op == OP_MUL)
    return n->args[1]->op == OP_CONST   ? divmod_terms(n->args[0], depth + 1)
           : n->args[0]->op == OP_CONST ? divmod_terms(n->args[1], depth + 1)
                                        : 0u;
  return 0;
}

/* divmod_terms(n, 0), from the rewriter's skeleton summary when it has one (exact, except that 3 may
 * also mean "not certain"). */
static unsigned divmod_bits(const Node *n, const FoldStep *st) {
  unsigned b = st->aux && st->aux->shapes ? lin_shape_divmod(st->aux->shapes, n) : 3;
  return b != 3 ? b : divmod_terms(n, 0);
}

/* False only when n's +/- tree certainly holds at most one remainder by a constant (the rewriter's
 * skeleton summary knows; without one, true): then no pair of remainders is among the terms of its
 * linear form. */
static bool may_pair_rem(const Node *n, const FoldStep *st) {
  return !(st->aux && st->aux->shapes) || lin_shape_may_pair_rem(st->aux->shapes, n);
}

/* False only when the skeleton summary is certain that no quotient by a constant among n's terms has
 * its numerator, a remainder of it, or a remainder of a quotient of it beside it; without one, true. */
static bool may_pair_quot(const Node *n, const FoldStep *st) {
  return !(st->aux && st->aux->shapes) || lin_shape_may_pair_quot(st->aux->shapes, n);
}

/* A lemma's ring context: the rest Y built and the scale (in Y's dtype, where it fits). */
static bool bind_rest(VsCtx *ctx, const Lin *Y, i128 scale, FoldStep *out) {
  out->rest = lin_build(ctx, Y);
  out->scale = im_fits(Y->dt, scale) ? vs_const_int(ctx, Y->dt, scale) : NULL;
  return out->rest && out->scale;
}

/* The ring context of a pair of S's terms: scale s and the rest (every other term and the constant). */
static bool bind_context(VsCtx *ctx, const Lin *S, int i, int j, i128 scale, FoldStep *out) {
  Lin Y;
  lin_init(&Y, S->dt);
  Y.k = S->k;
  for (int k = 0; k < S->n; k++)
    if (k != i && k != j && !lin_add(&Y, S->t[k].t, S->t[k].a)) return false;
  return bind_rest(ctx, &Y, scale, out);
}

/* S + m*(r - p[0..np)), each p[k] a term with its coefficient: what a lemma P => r applied at scale m
 * in the ring context of S leaves. False on i128 overflow or too many terms. */
static bool lin_replaced(const Lin *S, const LinTerm *p, int np, Node *r, i128 m, Lin *Y) {
  lin_init(Y, S->dt);
  if (!lin_add_lin(Y, S, 1)) return false;
  for (int k = 0; k < np; k++) {
    i128 v;
    if (!im_mul_ok(m, p[k].a, &v) || !im_sub_ok(0, v, &v) || !lin_add(Y, p[k].t, v)) return false;
  }
  return r ? lin_add(Y, r, m) : true;
}

/* The ring context of a lemma whose pattern is p[0..np) (terms with coefficients) at scale m within S:
 * scale m and the rest S - m*P, which need not be free of P's terms. */
static bool bind_scaled(VsCtx *ctx, const Lin *S, const LinTerm *p, int np, i128 m, FoldStep *out) {
  Lin Y;
  return lin_replaced(S, p, np, NULL, m, &Y) && bind_rest(ctx, &Y, m, out);
}

/* a - b as a linear form (false when either is not one). */
static bool lin_diff(const Node *a, const Node *b, Lin *D) {
  Lin A, B;
  if (!lin_of(a, &A) || !lin_of(b, &B)) return false;
  lin_init(D, A.dt);
  return lin_add_lin(D, &A, 1) && lin_add_lin(D, &B, -1);
}

/* (y - x) / c as a node when y - x, read as linear forms, is a multiple of c term by term (exact
 * coefficients); NULL otherwise. */
static Node *congruent_quotient(VsCtx *ctx, const Node *y, const Node *x, i128 c) {
  Lin D;
  if (c <= 1 || !lin_diff(y, x, &D)) return NULL;
  Lin Q;
  lin_init(&Q, D.dt);
  if (D.k % c != 0) return NULL;
  Q.k = D.k / c;
  for (int i = 0; i < D.n; i++) {
    if (D.t[i].a == 0) continue;
    if (D.t[i].a % c != 0 || !lin_add(&Q, D.t[i].t, D.t[i].a / c)) return NULL;
  }
  return lin_build(ctx, &Q);
}

/* Partial recombination: x, x % c and x // c (or tmod and tdiv) all in the sum, at coefficients a, b
 * and d that do not pair exactly. Through x == x % c + (x // c) * c the remainder leaves: the lemma
 * divmod_recombine (tdivmod_recombine), P = x % c + (x // c) * c and R = x, at scale b in the ring
 * context of the sum, which leaves x at a + b and x // c at d - b*c. x + y // 8 + y % 8 - y becomes
 * x + (y // 8) * -7. Chosen only when the sum loses a term, modulo 2^w, so no step undoes it (with only
 * two of the three present, only the exact pairings of fold_divmod_recombine shrink the sum). */
static bool partial_recombine(VsCtx *ctx, const Lin *S, FoldStep *out) {
  int size = lin_size_mod(S);
  for (int i = 0; i < S->n; i++) {
    Node *q = S->t[i].t;
    for (int trunc = 0; trunc < 2; trunc++) {
      Op dop = trunc ? OP_TDIV : OP_IDIV, mop = trunc ? OP_TMOD : OP_MOD;
      if (!is_divmod_by_const(q, dop)) continue;
      Node *x = q->args[0], *cn = q->args[1], *rem = NULL;
      i128 b = 0;
      bool has_x = false;
      for (int j = 0; j < S->n; j++) {
        Node *u = S->t[j].t;
        if (u == x) has_x = true;
        else if (u->op == mop && u->args[0] == x && u->args[1] == cn) {
          rem = u;
          b = S->t[j].a;
        }
      }
      if (!has_x || !rem || !im_fits(S->dt, b)) continue;
      const LinTerm p[2] = {{rem, 1}, {q, vs_const_value(cn)}};
      Lin Y;
      if (!lin_replaced(S, p, 2, x, b, &Y) || lin_size_mod(&Y) >= size) continue;
      out->lemma = trunc ? "tdivmod_recombine" : "divmod_recombine";
      return fold_bind(out, "x", x) && fold_bind(out, "y", cn) && bind_scaled(ctx, S, p, 2, b, out);
    }
  }
  return false;
}

/* In a sum, a pair of terms that is a scaled instance of a recombination rule, the rule applied in
 * that ring context (folds.h): x*k - (x // c)*(c*k) is (x % c)*k (mod_from_sub; truncating:
 * tmod_from_sub), (x % c)*k + (x // c)*(c*k) is x*k (divmod_recombine, tdivmod_recombine), and
 * ((x // c1) % c2)*k + (x // c3)*(c2*k) with c3 == c1*c2 is (x // c1)*k (divmod_chain), and
 * (x % c1)*k + ((x // c1) % c2)*(c1*k) is (x % (c1*c2))*k (divmod_split). The first
 * pair found; the rule's guard and the ring identities decide. Else the partial recombination above. */
bool fold_divmod_recombine(VsCtx *ctx, Node *n, FoldStep *out) {
  Lin S;
  /* Every pair has a quotient (x // c with x, with x % c, or with (x // c1) % c2), or else is two
   * remainders (divmod_split). */
  unsigned b;
  if (!fold_terms_applies(n) || !(b = divmod_bits(n, out)) ||
      (!((b & 1) && may_pair_quot(n, out)) && !may_pair_rem(n, out)) || !fold_lin_of(out, n, &S) || S.n < 2)
    return false;
  for (int i = 0; i < S.n; i++) {
    Node *t = S.t[i].t;
    for (int trunc = 0; trunc < 2; trunc++) {
      Op dop = trunc ? OP_TDIV : OP_IDIV, mop = trunc ? OP_TMOD : OP_MOD;
      if (!is_divmod_by_const(t, dop)) continue;
      Node *x = t->args[0];
      i128 c = vs_const_value(t->args[1]);
      for (int j = 0; j < S.n; j++) {
        Node *u = S.t[j].t;
        i128 k = S.t[j].a, want;
        if (j == i || !im_mul_ok(k, c, &want)) continue;
        if (u == x && im_sub_ok(0, want, &want) && want == S.t[i].a) {
          out->lemma = trunc ? "tmod_from_sub" : "mod_from_sub";
          return fold_bind(out, "x", x) && fold_bind(out, "y", t->args[1]) && bind_context(ctx, &S, i, j, k, out);
        }
        if (u->op == mop && u->args[0] == x && u->args[1] == t->args[1] && want == S.t[i].a) {
          out->lemma = trunc ? "tdivmod_recombine" : "divmod_recombine";
          return fold_bind(out, "x", x) && fold_bind(out, "y", t->args[1]) && bind_context(ctx, &S, i, j, k, out);
        }
      }
    }
    /* (x % c1) * k paired with ((x // c1) % c2) * (c1 * k) */
    if (is_divmod_by_const(t, OP_MOD)) {
      Node *x = t->args[0];
      i128 c1 = vs_const_value(t->args[1]), want;
      if (im_mul_ok(S.t[i].a, c1, &want)) /* a negative c1 too: the lemma's guard decides */
        for (int j = 0; j < S.n; j++) {
          Node *u = S.t[j].t;
          if (j == i || S.t[j].a != want || !is_divmod_by_const(u, OP_MOD) || u->args[0]->op != OP_IDIV ||
              u->args[0]->args[0] != x || u->args[0]->args[1] != t->args[1])
            continue;
          out->lemma = "divmod_split";
          return fold_bind(out, "x", x) && fold_bind(out, "c1", t->args[1]) && fold_bind(out, "c2", u->args[1]) &&
                 bind_context(ctx, &S, i, j, S.t[i].a, out);
        }
    }
    /* ((x // c1) % c2) * k paired with (x // c3) * (c2 * k) */
    if (is_divmod_by_const(t, OP_MOD) && is_divmod_by_const(t->args[0], OP_IDIV)) {
      Node *d = t->args[0], *x = d->args[0];
      i128 c1 = vs_const_value(d->args[1]), c2 = vs_const_value(t->args[1]), c3, want;
      if (c1 <= 0 || c2 <= 0 || !im_mul_ok(c1, c2, &c3) || !im_mul_ok(S.t[i].a, c2, &want)) continue;
      for (int j = 0; j < S.n; j++) {
        Node *u = S.t[j].t;
        if (j == i || !is_divmod_by_const(u, OP_IDIV) || u->args[0] != x || vs_const_value(u->args[1]) != c3 ||
            S.t[j].a != want)
          continue;
        out->lemma = "divmod_chain";
        return fold_bind(out, "x", x) && fold_bind(out, "c1", d->args[1]) && fold_bind(out, "c2", t->args[1]) &&
               fold_bind(out, "c3", u->args[1]) && bind_context(ctx, &S, i, j, S.t[i].a, out);
      }
    }
  }
  return (b & 1) && partial_recombine(ctx, &S, out);
}

/* ---- digits of one quotient spelled from the numerator ---- */

/* q as x // c1 + c4 (c1 > 0 a constant, c4 a constant, 0 when q is the quotient itself). */
static bool offset_quotient(Node *q, Node **x, Node **c1, i128 *c4) {
  *c4 = 0;
  if (q->op == OP_ADD && q->args[1]->op == OP_CONST) {
    *c4 = vs_const_value(q->args[1]);
    q = q->args[0];
  }
  if (!is_divmod_by_const(q, OP_IDIV) || vs_const_value(q->args[1]) <= 0) return false;
  *x = q->args[0];
  *c1 = q->args[1];
  return true;
}

/* Whether a - b is the constant want as forms modulo 2^w (no term left). */
static bool differs_by(const Node *a, const Node *b, i128 want) {
  if (a == b) return want == 0;
  Lin D;
  if (!lin_diff(a, b, &D)) return false;
  for (int i = 0; i < D.n; i++)
    if (im_from_value(D.dt, D.t[i].a) != 0) return false;
  return im_from_value(D.dt, D.k) == im_from_value(D.dt, want);
}

/* The digit pairs of lemmas divmod_chain_off, divmod_split_off and divmod_split_nested (kind 0, 1, 2)
 * in a sum S, the first found: q % c2 with q = x // c1 + c4, beside (x + c1*c4) // (c1*c2) (chain),
 * beside x % c1 as its lower digit (split), or beside that quotient's own digit % c6 (nested). The
 * lemma's guard decides exactness; the ring identities decide that the pair is the pattern. */
static bool fold_digits(VsCtx *ctx, Node *n, FoldStep *out, int kind) {
  static const char *const lemma[3] = {"divmod_chain_off", "divmod_split_off", "divmod_split_nested"};
  Lin S;
  /* Every pair has the remainder q % c2 and beside it a quotient (chain) or another remainder (split,
   * nested). */
  unsigned b;
  if (!fold_terms_applies(n) || !((b = divmod_bits(n, out)) & 2) || (kind == 0 ? b != 3 : !may_pair_rem(n, out)) ||
      !fold_lin_of(out, n, &S) || S.n < 2)
    return false;
  DType dt = S.dt;
  for (int i = 0; i < S.n; i++) {
    Node *t = S.t[i].t, *x, *c1;
    i128 c4, c5, want;
    if (!is_divmod_by_const(t, OP_MOD) || vs_const_value(t->args[1]) <= 0) continue;
    if (kind == 1) {
      /* t is the lower digit x % c1; its partner (x // c1 + c4) % c2 weighs c1 times more. */
      i128 lc1 = vs_const_value(t->args[1]);
      if (!im_mul_ok(S.t[i].a, lc1, &want)) continue;
      for (int j = 0; j < S.n; j++) {
        Node *u = S.t[j].t, *ux, *uc1;
        if (j == i || S.t[j].a != want || !is_divmod_by_const(u, OP_MOD) || vs_const_value(u->args[1]) <= 0 ||
            !offset_quotient(u->args[0], &ux, &uc1, &c4) || ux != t->args[0] || uc1 != t->args[1] ||
            !im_mul_ok(lc1, c4, &c5) || !im_fits(dt, c5))
          continue;
        i128 c3;
        if (!im_mul_ok(lc1, vs_const_value(u->args[1]), &c3) || !im_fits(dt, c3)) continue;
        out->lemma = lemma[1];
        return fold_bind(out, "x", ux) && fold_bind(out, "c1", uc1) && fold_bind(out, "c2", u->args[1]) &&
               fold_bind_int(out, ctx, "c3", dt, c3) && fold_bind_int(out, ctx, "c4", dt, c4) &&
               fold_bind_int(out, ctx, "c5", dt, c5) && bind_context(ctx, &S, i, j, S.t[i].a, out);
      }
      continue;
    }
    /* t is q % c2 with q = x // c1 + c4. */
    i128 c2 = vs_const_value(t->args[1]), c3;
    if (!offset_quotient(t->args[0], &x, &c1, &c4) || !im_mul_ok(vs_const_value(c1), c2, &c3) || !im_fits(dt, c3) ||
        !im_mul_ok(vs_const_value(c1), c4, &c5) || !im_fits(dt, c5) || !im_mul_ok(S.t[i].a, c2, &want))
      continue;
    for (int j = 0; j < S.n; j++) {
      Node *u = S.t[j].t, *d = u;
      if (j == i || S.t[j].a != want) continue;
      if (kind == 2) {
        if (!is_divmod_by_const(u, OP_MOD) || vs_const_value(u->args[1]) <= 0) continue;
        d = u->args[0];
      }
      if (!is_divmod_by_const(d, OP_IDIV) || vs_const_value(d->args[1]) != c3 || !differs_by(d->args[0], x, c5))
        continue;
      out->lemma = lemma[kind];
      if (!fold_bind(out, "x", x) || !fold_bind(out, "c1", c1) || !fold_bind(out, "c2", t->args[1]) ||
          !fold_bind(out, "c3", d->args[1]) || !fold_bind_int(out, ctx, "c4", dt, c4) ||
          !fold_bind_int(out, ctx, "c5", dt, c5))
        return false;
      if (kind == 2) {
        i128 c7;
        if (!im_mul_ok(c2, vs_const_value(u->args[1]), &c7) || !fold_bind(out, "c6", u->args[1]) ||
            !fold_bind_int(out, ctx, "c7", dt, c7))
          return false;
      }
      return bind_context(ctx, &S, i, j, S.t[i].a, out);
    }
  }
  return false;
}

bool fold_divmod_chain_off(VsCtx *ctx, Node *n, FoldStep *out) { return fold_digits(ctx, n, out, 0); }
bool fold_divmod_split_off(VsCtx *ctx, Node *n, FoldStep *out) { return fold_digits(ctx, n, out, 1); }
bool fold_divmod_split_nested(VsCtx *ctx, Node *n, FoldStep *out) { return fold_digits(ctx, n, out, 2); }

/* For the lemma families stated per literal power of two M in 2 4 8 16 32 64: log2(c) (1 to 6) when c is
 * one of them, else 0. */
static int pow2_member(i128 c) {
  return c >= 2 && c <= 64 && (c & (c - 1)) == 0 ? (int)im_ctz((u128)c) : 0;
}

/* The first pair of S's terms (y % c)*k + (x // c)*(c*k) with y - x = z*c as forms; false when there is
 * none. */
static bool find_cong_pair(VsCtx *ctx, const Lin *S, int *pi, int *pj, Node **pz) {
  for (int i = 0; i < S->n; i++) {
    Node *t = S->t[i].t;
    if (!is_divmod_by_const(t, OP_IDIV)) continue;
    Node *x = t->args[0];
    i128 c = vs_const_value(t->args[1]);
    for (int j = 0; j < S->n; j++) {
      Node *u = S->t[j].t, *z;
      i128 k = S->t[j].a, want;
      if (j == i || u->op != OP_MOD || u->args[1] != t->args[1] || u->args[0] == x || !im_mul_ok(k, c, &want) ||
          want != S->t[i].a || !(z = congruent_quotient(ctx, u->args[0], x, c)))
        continue;
      *pi = i;
      *pj = j;
      *pz = z;
      return true;
    }
  }
  return false;
}

/* (y % c)*k + (x // c)*(c*k) in a sum, where y - x is z*c as forms: a remainder the div/mod engine
 * rewrote from x's ((b*31 + 1) % 18 became (b*-5 + 1) % 18) recombines with x's quotient, in the ring
 * context. Modulo c from 2 to 64 a power of two, the sums need not be exact: wrapping changes no
 * residue (2^w is a multiple of c), so y % c is (y + z'*c) % c, z' = -z, whatever they do (lemmas
 * divmod_recombine_cong_pow2_C, one per c since the symbolic form is unknown at 64 bits, stated from
 * the remainder's side: its numerator usually lost terms of x, and a lemma's pattern may name no term
 * the node does not). Otherwise lemma divmod_recombine_cong, whose guard decides that y is exact. A fold
 * of its own, so that the recombinations above do not wait for these lemmas' proofs. */
bool fold_divmod_recombine_cong(VsCtx *ctx, Node *n, FoldStep *out) {
  static const char *const pow2[7] = {NULL, "divmod_recombine_cong_pow2_2", "divmod_recombine_cong_pow2_4",
                                      "divmod_recombine_cong_pow2_8", "divmod_recombine_cong_pow2_16",
                                      "divmod_recombine_cong_pow2_32", "divmod_recombine_cong_pow2_64"};
  Lin S;
  int i, j;
  Node *z;
  if (!fold_terms_applies(n) || divmod_bits(n, out) != 3 || !fold_lin_of(out, n, &S) || S.n < 2 ||
      !find_cong_pair(ctx, &S, &i, &j, &z))
    return false;
  Node *t = S.t[i].t, *y = S.t[j].t->args[0];
  i128 c = vs_const_value(t->args[1]);
  int log2 = pow2_member(c);
  if (log2) {
    out->lemma = pow2[log2];
    return (z = congruent_quotient(ctx, t->args[0], y, c)) && fold_bind(out, "y", y) && fold_bind(out, "z", z) &&
           bind_context(ctx, &S, i, j, S.t[j].a, out);
  }
  out->lemma = "divmod_recombine_cong";
  return fold_bind(out, "x", t->args[0]) && fold_bind(out, "z", z) && fold_bind(out, "c", t->args[1]) &&
         bind_context(ctx, &S, i, j, S.t[j].a, out);
}

/* (y % M)*k + (X // c3)*(M*k) in a sum, M a power of two from 2 to 64 and c3 = c1*M: where X reads
 * as x1*c1 + x2 (x1 the terms whose coefficients c1 divides, x2 the rest) and y - (x1 + x2 // c1) is
 * z*M as forms, the pair is (x1 + x2 // c1)*k (lemma divmod_chain_split_M). The digit (X // c1) % M,
 * rewritten by the engine before its partner was seen ((a*15 + b) // 5 % 2 became (a + b // 5) % 2),
 * goes back with the quotient it is a digit of; the lemma's guard decides that x2 is not negative and
 * that the sums are exact. The divisor M a literal: the symbolic form is unknown. */
bool fold_divmod_chain_split(VsCtx *ctx, Node *n, FoldStep *out) {
  static const char *const lemma[7] = {NULL, "divmod_chain_split_2", "divmod_chain_split_4", "divmod_chain_split_8",
                                       "divmod_chain_split_16", "divmod_chain_split_32", "divmod_chain_split_64"};
  Lin S;
  if (!fold_terms_applies(n) || divmod_bits(n, out) != 3 || !fold_lin_of(out, n, &S) || S.n < 2) return false;
  DType dt = S.dt;
  for (int j = 0; j < S.n; j++) {
    Node *u = S.t[j].t;
    if (!is_divmod_by_const(u, OP_MOD)) continue;
    i128 m = vs_const_value(u->args[1]), want;
    int log2 = pow2_member(m);
    if (!log2 || !im_mul_ok(S.t[j].a, m, &want)) continue;
    for (int i = 0; i < S.n; i++) {
      Node *t = S.t[i].t;
      if (i == j || S.t[i].a != want || !is_divmod_by_const(t, OP_IDIV)) continue;
      i128 c3 = vs_const_value(t->args[1]), c1 = c3 / m;
      Lin X, L1, L2;
      if (c3 <= m || c3 % m != 0 || !lin_of(t->args[0], &X)) continue;
      lin_init(&L1, dt);
      lin_init(&L2, dt);
      L2.k = X.k;
      bool ok = true;
      for (int q = 0; q < X.n && ok; q++)
        ok = X.t[q].a % c1 == 0 ? lin_add(&L1, X.t[q].t, X.t[q].a / c1) : lin_add(&L2, X.t[q].t, X.t[q].a);
      if (!ok || !L1.n) continue; /* nothing leaves the quotient: the chain folds above see the pair */
      Node *x1 = lin_build(ctx, &L1), *x2 = lin_build(ctx, &L2), *c1n = vs_const_int(ctx, dt, c1);
      Node *d = x2 && c1n ? vs_bin(ctx, OP_IDIV, x2, c1n) : NULL, *q = x1 && d ? vs_bin(ctx, OP_ADD, x1, d) : NULL;
      Node *z = q ? congruent_quotient(ctx, u->args[0], q, m) : NULL;
      if (!z) continue;
      out->lemma = lemma[log2];
      return fold_bind(out, "x1", x1) && fold_bind(out, "x2", x2) && fold_bind(out, "c1", c1n) &&
             fold_bind(out, "c3", t->args[1]) && fold_bind(out, "z", z) && bind_context(ctx, &S, i, j, S.t[j].a, out);
    }
  }
  return false;
}

/* ---- selects of one condition inside sums ---- */

/* Whether the +/- tree at n (through negations and products by constants, to a small depth) holds two
 * selects: a cheap test before the linear form is built. */
static int count_selects(const Node *n, int depth) {
  if (n->op == OP_SELECT) return 1;
  if (depth > 12) return 0;
  if (n->op == OP_ADD || n->op == OP_SUB) return count_selects(n->args[0], depth + 1) + count_selects(n->args[1], depth + 1);
  if (n->op == OP_NEG) return count_selects(n->args[0], depth + 1);
  if (n->op == OP_MUL && n->args[1]->op == OP_CONST) return count_selects(n->args[0], depth + 1);
  return 0;
}

bool fold_select_lift_terms_applies(const Node *n) {
  return (n->op == OP_ADD || n->op == OP_SUB) && dt_is_int((DType)n->dtype) && n->lanes == 1 &&
         count_selects(n, 0) >= 2;
}

/* In a sum, two selects of one condition with one coefficient k become one select of the sums of their
 * branches: select_lift_add in the ring context (scale k, the other terms the rest). */
bool fold_select_lift_terms(VsCtx *ctx, Node *n, FoldStep *out) {
  Lin S;
  if (!fold_select_lift_terms_applies(n) || !fold_lin_of(out, n, &S) || S.n < 2) return false;
  for (int i = 0; i < S.n; i++) {
    Node *t = S.t[i].t;
    if (t->op != OP_SELECT || t->lanes != 1) continue;
    for (int j = i + 1; j < S.n; j++) {
      Node *u = S.t[j].t;
      if (u->op != OP_SELECT || u->args[0] != t->args[0] || S.t[j].a != S.t[i].a) continue;
      out->lemma = "select_lift_add";
      return fold_bind(out, "b", t->args[0]) && fold_bind(out, "x", t->args[1]) && fold_bind(out, "y", t->args[2]) &&
             fold_bind(out, "z", u->args[1]) && fold_bind(out, "w", u->args[2]) &&
             bind_context(ctx, &S, i, j, S.t[i].a, out);
    }
  }
  return false;
}

/* ---- single values, min/max chains ---- */

bool fold_single_value_applies(const Node *n) {
  DType dt = (DType)n->dtype;
  return n->op != OP_CONST && n->lanes == 1 && n->kind == NK_VALUE && (dt_is_int(dt) || dt == DT_BOOL) &&
         n->lo == n->hi;
}

/* A node whose range is one value is that value (lemma single_value). */
bool fold_single_value(VsCtx *ctx, Node *n, FoldStep *out) {
  if (!fold_single_value_applies(n)) return false;
  out->lemma = "single_value";
  return fold_bind(out, "x", n) && fold_bind(out, "c", vs_const(ctx, (DType)n->dtype, n->lo));
}

bool fold_minmax_chain_applies(const Node *n) {
  return (n->op == OP_MIN || n->op == OP_MAX) && dt_is_int((DType)n->dtype) && n->lanes == 1 &&
         (n->args[0]->op == n->op || n->args[1]->op == n->op);
}

enum { CHAIN_MAX = 64 };

/* The operands of the maximal chain of n's op at n, each once, in order of first appearance; false
 * when there are more than CHAIN_MAX. *dups counts the repeated ones. */
static bool chain_operands(const Node *n, Op op, Node **ops, int *nops, int *dups) {
  if (n->op != op || n->dtype != ((const Node *)ops[-1])->dtype) {
    for (int i = 0; i < *nops; i++)
      if (ops[i] == n) {
        (*dups)++;
        return true;
      }
    if (*nops == CHAIN_MAX) return false;
    ops[(*nops)++] = (Node *)n;
    return true;
  }
  return chain_operands(n->args[0], op, ops, nops, dups) && chain_operands(n->args[1], op, ops, nops, dups);
}

/* A min (max) chain that names an operand twice, at any depth and order, becomes the chain of its
 * distinct operands in order of first appearance (a lattice step). */
bool fold_minmax_chain(VsCtx *ctx, Node *n, FoldStep *out) {
  if (!fold_minmax_chain_applies(n)) return false;
  Node *buf[CHAIN_MAX + 1], **ops = buf + 1;
  buf[0] = n; /* the chain's dtype, for chain_operands */
  int nops = 0, dups = 0;
  if (!chain_operands(n->args[0], (Op)n->op, ops, &nops, &dups) ||
      !chain_operands(n->args[1], (Op)n->op, ops, &nops, &dups) || !dups)
    return false;
  Node *acc = ops[0];
  for (int i = 1; i < nops && acc; i++) acc = vs_bin(ctx, (Op)n->op, acc, ops[i]);
  out->lemma = NULL;
  out->lattice = true;
  out->result = acc;
  return acc != NULL;
}

/* ---- min/max of two forms a constant apart ---- */

static bool is_sum(const Node *n) { return n->op == OP_ADD || n->op == OP_SUB; }

/* Two sums (a form with a constant is a sum; x against x + c is min_add_self's). */
bool fold_minmax_offset_applies(const Node *n) {
  return (n->op == OP_MIN || n->op == OP_MAX) && dt_is_int((DType)n->dtype) && n->lanes == 1 &&
         n->args[0] != n->args[1] && is_sum(n->args[0]) && is_sum(n->args[1]);
}

/* min(a, b) (max) where a and b are one form up to their constants, x + c1 and x + c2, though not one
 * node (one side's terms were collected, the other's not): lemma min_add_consts (max_add_consts), whose
 * guard decides that both sums are exact; the result x + min(c1, c2) in canonical form. */
bool fold_minmax_offset(VsCtx *ctx, Node *n, FoldStep *out) {
  Lin A, B;
  if (!fold_minmax_offset_applies(n) || !fold_lin_of(out, n->args[0], &A) || !fold_lin_of(out, n->args[1], &B) || A.n != B.n || A.n == 0)
    return false;
  for (int i = 0; i < A.n; i++)
    if (coef(&B, A.t[i].t) != A.t[i].a) return false;
  i128 c1 = A.k, c2 = B.k;
  B.k = 0;
  out->lemma = n->op == OP_MIN ? "min_add_consts" : "max_add_consts";
  return fold_bind(out, "x", lin_build(ctx, &B)) && fold_bind_int(out, ctx, "c1", A.dt, c1) &&
         fold_bind_int(out, ctx, "c2", A.dt, c2);
}
