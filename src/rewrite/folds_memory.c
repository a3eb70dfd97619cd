/* where_on_load: a select that guards a load moves its condition into the load's mask.
 *
 *   select(c1 && c2 && c3, load(index(b, select(v, x, invalid))), 0)
 *     => select(c3, load(index(b, select(v && c1, x, invalid))), 0)
 *
 * A masked load of a false mask loads 0, so the select's 0 branch and the load's mask say the same;
 * folding them lets the load be gated once, in the index, where the code generator wants it. As in
 * tinygrad's where_on_load, the condition is split into its clauses and a clause moves only if the
 * loop variables it uses are all used by the index (moving it elsewhere would drag the load into a loop
 * it is not in) and every pointer it reads is one the index reads too (no new data dependence); a clause
 * the mask already has is dropped from the select. `select(c, 0, load(...))` moves the negated
 * condition, as one clause. Those choices are heuristics: the lemmas (memory.rules, where_load_*) hold
 * for any split, and bool_and_comm/bool_and_assoc regroup the clauses. The lemmas with a mask v need
 * v to be UB-free (it is evaluated where the source skipped it), which node_may_ub decides. */
#include <stdlib.h>

#include "analysis/may_ub.h"
#include "ir/graph.h"
#include "rewrite/folds.h"

enum { MAX_CLAUSES = 16 };

static bool is_zero(const Node *n) { return n->op == OP_CONST && n->aux.bits == 0; }

bool fold_where_load_applies(const Node *n) {
  if (n->op != OP_SELECT || n->kind != NK_VALUE) return false;
  return (n->args[1]->op == OP_LOAD && is_zero(n->args[2])) || (n->args[2]->op == OP_LOAD && is_zero(n->args[1]));
}

/* The clauses of a conjunction (bool &&), left to right; false if there are too many. */
static bool split_and(Node *c, Node **out, int *n) {
  if (c->op == OP_AND && c->dtype == DT_BOOL) return split_and(c->args[0], out, n) && split_and(c->args[1], out, n);
  if (*n == MAX_CLAUSES) return false;
  out[(*n)++] = c;
  return true;
}

static Node *and_all(VsCtx *ctx, Node *const *cl, int n) {
  Node *acc = n ? cl[0] : NULL;
  for (int i = 1; i < n && acc; i++) acc = vs_bin(ctx, OP_AND, acc, cl[i]);
  return acc;
}

static bool member(Node *const *set, int n, const Node *x) {
  for (int i = 0; i < n; i++)
    if (set[i] == x) return true;
  return false;
}

/* Whether every pointer under c is under idx too (a clause that loads from elsewhere would make the
 * load depend on another load). */
static bool same_pointers(Node *c, Node *idx) {
  if (!(c->flags & NF_HAS_MEM)) return true;
  Node **order;
  size_t n = vs_postorder(c, &order);
  bool ok = n > 0;
  for (size_t i = 0; ok && i < n; i++)
    if (order[i]->op == OP_INDEX) ok = graph_contains(idx, order[i]);
  free(order);
  return ok;
}

/* Whether clause c may move into idx's mask: its free ranges are among idx's, its pointers too. */
static bool movable(Node *c, Node *idx) {
  Node **cr, **ir;
  size_t nc = graph_free_ranges(c, &cr), ni = nc == SIZE_MAX ? SIZE_MAX : graph_free_ranges(idx, &ir);
  bool ok = nc != SIZE_MAX && ni != SIZE_MAX;
  for (size_t i = 0; ok && i < nc; i++) {
    bool found = false;
    for (size_t j = 0; j < ni && !found; j++) found = cr[i] == ir[j];
    ok = found;
  }
  if (nc != SIZE_MAX) free(cr);
  if (ni != SIZE_MAX) free(ir);
  return ok && same_pointers(c, idx);
}

Node *fold_where_on_load(VsCtx *ctx, Node *n) {
  bool neg = n->args[1]->op != OP_LOAD;
  Node *load = neg ? n->args[2] : n->args[1], *zero = neg ? n->args[1] : n->args[2];
  Node *ptr = load->args[0], *buf = ptr->args[0], *idx = ptr->args[1];
  Node *v = NULL, *x = idx;
  /* The lemmas are about a declared buffer: a load through after(b, E) runs E even where the mask is
   * false, where the source evaluated nothing (corpus/regressions/graph_where_on_load_after_ub.vs). */
  if (buf->op != OP_BUFFER) return NULL;
  if (idx->op == OP_SELECT && idx->args[2]->op == OP_INVALID) {
    v = idx->args[0];
    x = idx->args[1];
  }
  /* Other shapes of INVALID, and a mask that may be UB, are not what the lemmas state. */
  if ((x->flags & NF_HAS_INVALID) || (v && ((v->flags & NF_HAS_INVALID) || node_may_ub(v)))) return NULL;
  Node *cl[MAX_CLAUSES], *vc[MAX_CLAUSES], *keep[MAX_CLAUSES], *moved[2 * MAX_CLAUSES];
  int ncl = 0, nvc = 0, nkeep = 0, nmoved = 0, ndup = 0;
  if (neg) {
    if (!(cl[0] = vs_un(ctx, OP_NOT, n->args[0]))) return NULL;
    ncl = 1;
  } else if (!split_and(n->args[0], cl, &ncl)) {
    return NULL;
  }
  if (v && !split_and(v, vc, &nvc)) return NULL;
  for (int i = 0; i < nvc; i++) moved[nmoved++] = vc[i];
  int first_new = nmoved;
  for (int i = 0; i < ncl; i++) {
    bool dup = member(vc, nvc, cl[i]) || member(moved + first_new, nmoved - first_new, cl[i]);
    if (dup && neg) return NULL; /* the lemmas state no dropping of a negated condition */
    if (dup) ndup++;
    else if (movable(cl[i], idx)) moved[nmoved++] = cl[i];
    else keep[nkeep++] = cl[i];
  }
  if (nmoved == first_new && !ndup) return NULL;
  Node *nload = load;
  if (nmoved > first_new) {
    Node *mask = and_all(ctx, moved, nmoved);
    Node *nidx = mask ? vs_tern(ctx, OP_SELECT, mask, x, vs_invalid(ctx)) : NULL;
    Node *nptr = nidx ? vs_ptr(ctx, buf, nidx) : NULL;
    nload = nptr ? vs_load(ctx, nptr) : NULL;
  }
  if (!nload || !nkeep) return nload;
  Node *k = and_all(ctx, keep, nkeep);
  return k ? vs_tern(ctx, OP_SELECT, k, nload, zero) : NULL;
}
