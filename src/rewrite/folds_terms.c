/* Term collection and comparison offset moving, on linear forms (analysis/lin.h). Both only choose; the
 * engine decides (folds.h). */
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
  if (!fold_terms_applies(n) || !lin_of(n, &L) || lin_size_mod(&L) >= L.atoms) return false;
  out->lemma = NULL;
  out->ring_result = lin_build(ctx, &L);
  return out->ring_result != NULL;
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
  if (!lin_of(n->args[0], &A) || !lin_of(n->args[1], &B)) return false;
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
