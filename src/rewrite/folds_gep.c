/* GEP composition and pushing (folds.h; docs/rules.md, "Vectors"): a gep moves down through lane moves
 * and lane-wise ops until it meets the scalars or vectors it selects from.
 *
 * Why C and not rules: the rule DSL fixes every term's lane count by the rule's text, and a variable
 * under a gep has none (`gep(x + y, 1)`: how many lanes have x and y?). A rule per operand lane count
 * and selection would be thousands of rules (5 lane counts times every selection) for one fact.
 *
 * Justification, as for vector_constant_fold: the semantics itself (docs/semantics.md, "Vectors"). Lane
 * k of a lane-wise op is the scalar op on lane k of its operands, and the lane moves are defined lane by
 * lane; the vector evaluator and the Z3 encoding are built exactly so (extract the lanes, apply the
 * scalar op, concatenate) and the conformance check holds them to each other on every lane-wise op and
 * lane move. Every fold here returns, lane for lane, the lanes the gep selected, so the values agree;
 * and the result is UB only where the source is (a vector op is UB as a whole, so dropping the lanes
 * a gep does not select can only drop UB: `gep(v // w, 0)` becomes `gep(v, 0) // gep(w, 0)`, defined
 * where w's lane 0 is nonzero). tests/test_gep.c checks each fold's results with Z3 besides. */
#include "ir/vector.h"
#include "rewrite/folds.h"

/* The selection of gep n, lane by lane, into sel; returns its lane count. */
static int gep_sel(const Node *n, int *sel) {
  for (int k = 0; k < n->lanes; k++) sel[k] = vs_gep_lane(n, k);
  return n->lanes;
}

/* gep(v, sel) for a new operand v: scalar for one lane. */
static Node *regep(VsCtx *ctx, Node *v, const int *sel, int n) { return vs_gep(ctx, v, sel, n); }

/* ---- lane moves ---- */

/* gep(gep(x, s), t) => gep(x, s[t]): lane k of the result is lane t[k] of the inner selection. */
bool fold_gep_compose_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_GEP; }

Node *fold_gep_compose(VsCtx *ctx, Node *n) {
  const Node *inner = n->args[0];
  int sel[VS_MAX_LANES];
  int m = gep_sel(n, sel);
  for (int k = 0; k < m; k++) sel[k] = vs_gep_lane(inner, sel[k]);
  return regep(ctx, inner->args[0], sel, m);
}

/* gep(vec(a0, ..., an), [i, j, ...]) => vec(ai, aj, ...) and gep(bcast(x, n), [...]) => bcast(x, m):
 * the selections the rules of vector.rules do not list (several lanes, and single lanes of 16-lane
 * vecs, whose rules would need 16 pattern variables). */
bool fold_gep_extract_applies(const Node *n) {
  return n->op == OP_GEP && (n->args[0]->op == OP_VEC || n->args[0]->op == OP_BCAST);
}

Node *fold_gep_extract(VsCtx *ctx, Node *n) {
  Node *v = n->args[0];
  int sel[VS_MAX_LANES];
  int m = gep_sel(n, sel);
  if (v->op == OP_BCAST) return m == 1 ? v->args[0] : vs_bcast(ctx, v->args[0], m);
  if (m == 1) return v->args[sel[0]];
  Node *elems[VS_MAX_LANES];
  for (int k = 0; k < m; k++) elems[k] = v->args[sel[k]];
  return vs_vec(ctx, elems, m);
}

/* gep(cat(p0, p1, ...), s) => gep(pj, s - offset(pj)) when every selected lane lies in one part pj. A
 * selection across parts stays: splitting it would build a cat of geps, no smaller than the gep. */
bool fold_gep_cat_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_CAT; }

Node *fold_gep_cat(VsCtx *ctx, Node *n) {
  const Node *c = n->args[0];
  int sel[VS_MAX_LANES];
  int m = gep_sel(n, sel);
  for (int j = 0, off = 0; j < c->nargs; off += c->args[j]->lanes, j++) {
    int inside = 0;
    for (int k = 0; k < m; k++) inside += sel[k] >= off && sel[k] < off + c->args[j]->lanes;
    if (inside == 0) continue;
    if (inside < m) return NULL;
    for (int k = 0; k < m; k++) sel[k] -= off;
    return regep(ctx, c->args[j], sel, m);
  }
  return NULL;
}

/* ---- lane-wise ops ---- */

/* The op with each operand replaced by its gep (the op keeps its dtype; the lanes follow the operands). */
static Node *push(VsCtx *ctx, Node *n) {
  const Node *a = n->args[0];
  int sel[VS_MAX_LANES];
  int m = gep_sel(n, sel);
  Node *args[3];
  for (int i = 0; i < a->nargs; i++)
    if (!(args[i] = regep(ctx, a->args[i], sel, m))) return NULL;
  return vs_make_ex(ctx, (Op)a->op, (DType)a->dtype, m, 0, args, a->nargs);
}

/* gep(select(c, a, b), s) => select(gep(c, s), gep(a, s), gep(b, s)), any dtype. Defined where the
 * source is: the source's mask is defined and no lane picks a UB operand, and the target picks a subset
 * of the same lanes. A select is one op per lane either way: the graph does not grow. */
bool fold_gep_select_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_SELECT; }

/* gep(mulacc(a, b, c), s) => mulacc(gep(a, s), gep(b, s), gep(c, s)), any dtype. */
bool fold_gep_mulacc_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_MULACC; }

/* gep(T(v), s) => T(gep(v, s)) for casts and bitcasts (lane-wise: a vector bitcast converts each lane,
 * docs/semantics.md), any dtypes: the cast then acts on what is left of v, often a scalar the scalar
 * cast rules know. */
bool fold_gep_cast_applies(const Node *n) {
  return n->op == OP_GEP && (n->args[0]->op == OP_CAST || n->args[0]->op == OP_BITCAST);
}

/* gep(a OP b, s) => gep(a, s) OP gep(b, s) for the binary ALU ops of the index dtype only. Pushing a
 * single-lane gep through an ALU op turns one vector op into one scalar op per extracted lane: a kernel
 * whose every lane is extracted would be rebuilt lane by lane, lanes x depth scalar ops instead of depth
 * vector ops. On index arithmetic that is where the scalar rules pay off (the lanes of an address
 * computation are affine in the loop variables and collapse by term collection: bench/gep_bench.c); on
 * data (i32, f32 values) nothing collapses and the graph just grows, so the gep stays outside. */
bool fold_gep_index_alu_applies(const Node *n) {
  if (n->op != OP_GEP) return false;
  const Node *a = n->args[0];
  return a->dtype == DT_INDEX && a->nargs == 2 && !op_is_vec((Op)a->op) && !op_is_cmp((Op)a->op);
}

Node *fold_gep_push(VsCtx *ctx, Node *n) { return push(ctx, n); }
