/* Term collection and comparison offset moving, on linear forms (rewrite/lin.h). */
#include "rewrite/folds.h"
#include "analysis/lin.h"

bool fold_terms_applies(const Node *n) {
  return (n->op == OP_ADD || n->op == OP_SUB || n->op == OP_NEG || n->op == OP_MUL) && dt_is_int((DType)n->dtype);
}

bool fold_cmp_applies(const Node *n) {
  return (n->op == OP_LT || n->op == OP_LE || n->op == OP_EQ || n->op == OP_NE) && dt_is_int((DType)n->args[0]->dtype);
}

/* term_collect (lemmas lin_*): a sum of products by constants is rebuilt with like terms collected
 * and the constants summed, in canonical order (rewrite/lin.h). Ring arithmetic modulo 2^w: no side
 * condition. It fires only when the result has fewer terms than the expression had (so it cannot
 * undo what the rules make of its output). */
Node *fold_term_collect(VsCtx *ctx, Node *n) {
  Lin L;
  if (!fold_terms_applies(n) || !lin_of(n, &L) || lin_size_mod(&L) >= L.atoms) return NULL;
  return lin_build(ctx, &L);
}

/* move_offset (lemmas cmp_move_<op> and cmp_move_<op>_rev): a + ka OP b + kb, with a and b the terms
 * of each side and ka, kb their constants, becomes (a - b) OP (kb - ka), common terms cancelling, or
 * (ka - kb) OP (b - a) when every remaining coefficient of a - b is negative. For == and != this is
 * ring arithmetic; for < and <= both sides, both term parts, a - b and kb - ka must be exact (their
 * exact intervals fit the dtype) and ka, kb representable. Fires when the result is smaller. */
Node *fold_move_offset(VsCtx *ctx, Node *n) {
  if (!fold_cmp_applies(n)) return NULL;
  DType dt = (DType)n->args[0]->dtype;
  Lin A, B, D;
  if (!lin_of(n->args[0], &A) || !lin_of(n->args[1], &B)) return NULL;
  lin_init(&D, dt);
  if (!lin_add_lin(&D, &A, 1) || !lin_add_lin(&D, &B, -1)) return NULL;
  i128 K = -D.k; /* kb - ka */
  D.k = 0;
  bool rev = D.n > 0;
  for (int i = 0; i < D.n; i++) rev &= D.t[i].a < 0;
  Lin out = D;
  out.k = K;
  if (lin_size_mod(&out) >= A.atoms + B.atoms) return NULL;
  if (n->op == OP_LT || n->op == OP_LE) {
    Lin Ta = A, Tb = B;
    Ta.k = Tb.k = 0;
    if (!lin_fits(&A) || !lin_fits(&B) || !lin_fits(&Ta) || !lin_fits(&Tb) || !im_fits(dt, A.k) || !im_fits(dt, B.k) ||
        !lin_fits_scaled(&D, rev ? -1 : 1) || !im_fits(dt, rev ? -K : K))
      return NULL;
  }
  Lin T;
  lin_init(&T, dt);
  if (!lin_add_lin(&T, &D, rev ? -1 : 1)) return NULL;
  Node *t = lin_build(ctx, &T);
  Node *k = vs_const_int(ctx, dt, rev ? -K : K);
  if (!t || !k) return NULL;
  return rev ? vs_bin(ctx, (Op)n->op, k, t) : vs_bin(ctx, (Op)n->op, t, k);
}
