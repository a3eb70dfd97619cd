/* GEP composition and pushing (folds.h; docs/rules.md, "Vectors" and "Lane steps"): a gep moves down
 * through lane moves and lane-wise ops until it meets the scalars or vectors it selects from.
 *
 * Why C and not rules: the rule DSL fixes every term's lane count by the rule's text, and a gep's
 * selection is part of its text, so a rule per operand lane count and selection would be thousands of
 * rules (16^16 selections of 16 lanes from 16) for one fact. But each fold's fact holds lane by lane:
 * lane k of the result is the lemma about one lane, gep(SOURCE, J) => T_J, at J = S[k]
 * (src/rules/lemmas_vector.rules: one lemma per source lane count and lane, proved at every dtype).
 * So the folds here only choose: the lemma record (a name prefix) and its bindings, as a lane step
 * (FoldStep.lanes); the engine (fold_step.c) checks every lane's lemma and builds the result.
 *
 * gep_compose is the exception: its per-lane fact, lane k of gep(gep(x, s), t) is lane s[t[k]] of x, is
 * the definition of gep that every lane step itself rests on; as a lemma it would have to name the inner
 * selection s (N^M of them), so it stays justified by the semantics alone (docs/semantics.md, "Vectors";
 * the conformance check compares the evaluator and the Z3 encoding on gep). */
#include <stdarg.h>
#include <stdio.h>

#include "ir/vector.h"
#include "rewrite/folds.h"

/* The selection of gep n, lane by lane, into sel; returns its lane count. */
static int gep_sel(const Node *n, int *sel) {
  for (int k = 0; k < n->lanes; k++) sel[k] = vs_gep_lane(n, k);
  return n->lanes;
}

/* Starts a lane step on the record PREFIX (printf-style); false when the name does not fit. */
__attribute__((format(printf, 2, 3))) static bool lane_step(FoldStep *out, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(out->prefix, sizeof out->prefix, fmt, ap);
  va_end(ap);
  out->lanes = true;
  out->lemma = out->prefix;
  return w > 0 && (size_t)w < sizeof out->prefix;
}

/* ---- lane moves ---- */

/* gep(gep(x, s), t) => gep(x, s[t]): lane k of the result is lane t[k] of the inner selection. */
bool fold_gep_compose_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_GEP; }

Node *fold_gep_compose(VsCtx *ctx, Node *n) {
  const Node *inner = n->args[0];
  int sel[VS_MAX_LANES];
  int m = gep_sel(n, sel);
  for (int k = 0; k < m; k++) sel[k] = vs_gep_lane(inner, sel[k]);
  return vs_gep(ctx, inner->args[0], sel, m);
}

/* gep(vec(a0, ..., an), s) and gep(bcast(x, n), s): lane J is aJ (lemmas gep_vec_N_J of vector.rules,
 * gep_vec_lane_16_J at 16 lanes) or x (gep_bcast_N_J). The engine makes the lanes vec(ai, aj, ...) and
 * bcast(x, m). The rules of vector.rules take the single lanes of vecs of at most 8 lanes first. */
bool fold_gep_extract_applies(const Node *n) {
  return n->op == OP_GEP && (n->args[0]->op == OP_VEC || n->args[0]->op == OP_BCAST);
}

static const char *const lane_var[VS_MAX_LANES] = {"x0", "x1", "x2",  "x3",  "x4",  "x5",  "x6",  "x7",
                                                   "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15"};

bool fold_gep_extract(VsCtx *ctx, Node *n, FoldStep *out) {
  (void)ctx;
  Node *v = n->args[0];
  if (v->op == OP_BCAST) return lane_step(out, "gep_bcast_%d", v->lanes) && fold_bind(out, "x", v->args[0]);
  if (!lane_step(out, v->lanes == 16 ? "gep_vec_lane_%d" : "gep_vec_%d", v->lanes)) return false;
  for (int i = 0; i < v->nargs; i++)
    if (!fold_bind(out, lane_var[i], v->args[i])) return false;
  return true;
}

/* gep(cat(p0, p1, ...), s) => gep(pj, s - offset(pj)) when every selected lane lies in one part pj: the
 * lemma gep_cat_J_L0_L1..., J the part and L0, L1, ... the parts' lane counts (every cat of two or three
 * parts and of four equal parts). A selection across parts stays: splitting it would build a cat of
 * geps, no smaller than the gep. */
bool fold_gep_cat_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_CAT; }

bool fold_gep_cat(VsCtx *ctx, Node *n, FoldStep *out) {
  (void)ctx;
  static const char *const part_var[] = {"a", "b", "u", "v"};
  const Node *c = n->args[0];
  int sel[VS_MAX_LANES];
  int m = gep_sel(n, sel);
  if (c->nargs > 4) return false;
  for (int j = 0, off = 0; j < c->nargs; off += c->args[j]->lanes, j++) {
    int inside = 0;
    for (int k = 0; k < m; k++) inside += sel[k] >= off && sel[k] < off + c->args[j]->lanes;
    if (inside == 0) continue;
    if (inside < m) return false;
    char shape[32] = "";
    for (int i = 0, len = 0; i < c->nargs; i++) len += snprintf(shape + len, sizeof shape - (size_t)len, "_%d", c->args[i]->lanes);
    if (!lane_step(out, "gep_cat_%d%s", j, shape)) return false;
    for (int i = 0; i < c->nargs; i++)
      if (!fold_bind(out, part_var[i], c->args[i])) return false;
    return true;
  }
  return false;
}

/* ---- lane-wise ops ---- */

/* gep(select(c, a, b), s) => select(gep(c, s), gep(a, s), gep(b, s)), any dtype (gep_select_lane).
 * Defined where the source is: the source's mask is defined and no lane picks a UB operand, and the
 * target picks a subset of the same lanes. A select is one op per lane either way: the graph does not
 * grow. */
bool fold_gep_select_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_SELECT; }

bool fold_gep_select(VsCtx *ctx, Node *n, FoldStep *out) {
  (void)ctx;
  const Node *a = n->args[0];
  return lane_step(out, "gep_select_lane_%d", a->lanes) && fold_bind(out, "m", a->args[0]) &&
         fold_bind(out, "a", a->args[1]) && fold_bind(out, "b", a->args[2]);
}

/* gep(mulacc(a, b, c), s) => mulacc(gep(a, s), gep(b, s), gep(c, s)), any dtype (gep_mulacc_lane). */
bool fold_gep_mulacc_applies(const Node *n) { return n->op == OP_GEP && n->args[0]->op == OP_MULACC; }

bool fold_gep_mulacc(VsCtx *ctx, Node *n, FoldStep *out) {
  (void)ctx;
  const Node *a = n->args[0];
  return lane_step(out, "gep_mulacc_lane_%d", a->lanes) && fold_bind(out, "a", a->args[0]) &&
         fold_bind(out, "b", a->args[1]) && fold_bind(out, "z", a->args[2]);
}

/* gep(T(v), s) => T(gep(v, s)) for casts and bitcasts (lane-wise: a vector bitcast converts each lane,
 * docs/semantics.md), any dtypes (gep_cast_lane, gep_bitcast_lane): the cast then acts on what is left
 * of v, often a scalar the scalar cast rules know. */
bool fold_gep_cast_applies(const Node *n) {
  return n->op == OP_GEP && (n->args[0]->op == OP_CAST || n->args[0]->op == OP_BITCAST);
}

bool fold_gep_cast(VsCtx *ctx, Node *n, FoldStep *out) {
  (void)ctx;
  const Node *a = n->args[0];
  return lane_step(out, a->op == OP_CAST ? "gep_cast_lane_%d" : "gep_bitcast_lane_%d", a->lanes) &&
         fold_bind(out, "x", a->args[0]);
}

/* gep(a OP b, s) => gep(a, s) OP gep(b, s) for the binary ALU ops of the index dtype only (gep_index_OP).
 * Pushing a single-lane gep through an ALU op turns one vector op into one scalar op per extracted lane:
 * a kernel whose every lane is extracted would be rebuilt lane by lane, lanes x depth scalar ops instead
 * of depth vector ops. On index arithmetic that is where the scalar rules pay off (the lanes of an
 * address computation are affine in the loop variables and collapse by term collection:
 * bench/gep_bench.c); on data (i32, f32 values) nothing collapses and the graph just grows, so the gep
 * stays outside. */
static const char *index_alu_name(Op op) {
  switch (op) {
  case OP_ADD: return "add";
  case OP_SUB: return "sub";
  case OP_MUL: return "mul";
  case OP_IDIV: return "div";
  case OP_MOD: return "mod";
  case OP_TDIV: return "tdiv";
  case OP_TMOD: return "tmod";
  case OP_EDIV: return "ediv";
  case OP_EMOD: return "emod";
  case OP_AND: return "and";
  case OP_OR: return "or";
  case OP_XOR: return "xor";
  case OP_SHL: return "shl";
  case OP_SHR: return "shr";
  case OP_MIN: return "min";
  case OP_MAX: return "max";
  case OP_POW: return "pow";
  default: return NULL;
  }
}

bool fold_gep_index_alu_applies(const Node *n) {
  if (n->op != OP_GEP) return false;
  const Node *a = n->args[0];
  return a->dtype == DT_INDEX && a->nargs == 2 && index_alu_name((Op)a->op);
}

bool fold_gep_index_alu(VsCtx *ctx, Node *n, FoldStep *out) {
  (void)ctx;
  const Node *a = n->args[0];
  return lane_step(out, "gep_index_%s_%d", index_alu_name((Op)a->op), a->lanes) && fold_bind(out, "x", a->args[0]) &&
         fold_bind(out, "y", a->args[1]);
}
