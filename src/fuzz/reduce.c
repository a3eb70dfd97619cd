/* reduce.c: the IR reducer (see reduce.h). */
#include "fuzz/reduce.h"

#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "ir/graph.h"
#include "ir/nodemap.h"
#include "ir/rebuild.h"
#include "ir/vector.h"
#include "ir/timer.h"

/* ---- rebuilding ---- */

typedef struct {
  Node *from, *to;     /* one substitution (from may be NULL) */
  const uint8_t *dmap; /* dtype narrowing (NULL: none) */
  bool uses_only;      /* from is a range: replace its uses, keep it where a loop binds it */
} Rebuild;

/* A constant of dtype dt converted to dtype to (wrapping integers, rounding floats). */
static Node *convert_const(VsCtx *ctx, Node *c, DType to) {
  DType dt = (DType)c->dtype;
  if (dt == to) return c;
  if (dt == DT_BOOL || dt_is_int(dt)) return vs_const_int(ctx, to, vs_const_value(c));
  Node *cast = vs_cast(ctx, to, c);
  Outcome v;
  if (!cast || !eval_at(cast, NULL, &v, NULL, 0) || v.value.ub) return NULL;
  return vs_const(ctx, to, v.value.lane[0]);
}

static Node *map_leaf(VsCtx *ctx, Node *n, const Rebuild *rb) {
  DType dt = (DType)n->dtype, to = rb->dmap ? (DType)rb->dmap[dt] : dt;
  if (n->op == OP_CONST) return convert_const(ctx, n, to);
  if (to == dt) return n;
  /* A buffer keeps its name and size with a narrower element dtype; `invalid` exists at index only,
   * and noop has no dtype to narrow: no candidate. */
  if (n->op == OP_BUFFER) return vs_buffer(ctx, n->aux.name, to, n->lo, n->hi);
  if (n->op != OP_VAR) return NULL;
  i128 lo = vs_vmin(n), hi = vs_vmax(n);
  if (dt_is_float(to)) lo = hi = 0;
  else {
    if (lo < im_min(to)) lo = im_min(to);
    if (hi > im_max(to)) hi = im_max(to);
    if (lo > hi) lo = im_min(to), hi = im_max(to);
  }
  return vs_var_lanes(ctx, n->aux.name, to, n->lanes, dt_is_float(to) ? im_min(DT_I64) : lo,
                      dt_is_float(to) ? im_max(DT_I64) : hi);
}

static Node *rebuild_one(void *ud, VsCtx *ctx, Node *x, Node **args) {
  const Rebuild *rb = ud;
  if (x == rb->from) return rb->to;
  if (!x->nargs) return map_leaf(ctx, x, rb);
  for (int j = 0; j < x->nargs; j++)
    if (rb->uses_only && x->args[j] == rb->from && vs_binds(x, j)) args[j] = rb->from;
  DType to = rb->dmap ? (DType)rb->dmap[x->dtype] : (DType)x->dtype;
  if (to == x->dtype) return vs_rebuild_node(ctx, x, args);
  /* a gep's selection (aux) and a bcast's lane count carry over, as in the engine */
  return vs_make_ex(ctx, (Op)x->op, to, x->lanes, x->aux.bits, args, x->nargs);
}

static Node *rebuild(VsCtx *ctx, Node *root, const Rebuild *rb) { return vs_rebuild(ctx, root, rebuild_one, (void *)rb); }

/* ---- the size measure ---- */

typedef struct {
  size_t tree, nvars, ranged, bits;
  uint64_t bufsize; /* the buffers' element counts */
  u128 consts;
} Cost;

static u128 const_cost(const Node *c) {
  DType dt = (DType)c->dtype;
  if (dt_is_float(dt)) {
    uint64_t b = c->aux.bits, sign = UINT64_C(1) << (dt_bits(dt) - 1);
    if (b == 0) return 0;
    if (b == sign) return 2;
    return 3 + (u128)__builtin_popcountll(b);
  }
  i128 v = vs_const_value(c);
  return (u128)(v < 0 ? -v : v) * 2 + (v < 0);
}

static Cost cost_of(Node *root) {
  Cost c = {0};
  c.tree = vs_tree_size(root);
  Node **order;
  size_t n = vs_postorder(root, &order);
  for (size_t i = 0; i < n; i++) {
    Node *x = order[i];
    c.bits += (size_t)dt_bits((DType)x->dtype) * x->lanes;
    if (x->op == OP_BUFFER) {
      c.nvars++; /* a buffer is a declaration like a variable */
      c.bufsize = c.bufsize + x->lo < c.bufsize ? UINT64_MAX : c.bufsize + x->lo;
    } else if (x->op == OP_VAR) {
      c.nvars++;
      DType dt = (DType)x->dtype;
      if (!dt_is_float(dt) && (vs_vmin(x) != im_min(dt) || vs_vmax(x) != im_max(dt))) c.ranged++;
    } else if (x->op == OP_CONST) {
      u128 k = const_cost(x);
      c.consts = c.consts + k < c.consts ? ~(u128)0 : c.consts + k;
    }
  }
  free(order);
  return c;
}

static bool cost_less(const Cost *a, const Cost *b) {
  if (a->tree != b->tree) return a->tree < b->tree;
  if (a->nvars != b->nvars) return a->nvars < b->nvars;
  if (a->ranged != b->ranged) return a->ranged < b->ranged;
  if (a->bits != b->bits) return a->bits < b->bits;
  if (a->bufsize != b->bufsize) return a->bufsize < b->bufsize;
  return a->consts < b->consts;
}

/* ---- candidates ---- */

typedef struct {
  Node **roots;
  size_t n, cap;
} Cands;

static void cand_add(Cands *cs, Node *r) {
  if (!r) return;
  for (size_t i = 0; i < cs->n; i++)
    if (cs->roots[i] == r) return;
  if (cs->n == cs->cap) {
    size_t cap = cs->cap ? cs->cap * 2 : 64;
    Node **nr = realloc(cs->roots, cap * sizeof *nr);
    if (!nr) return;
    cs->roots = nr;
    cs->cap = cap;
  }
  cs->roots[cs->n++] = r;
}

/* Replaces from by to in root; a scalar replacing a vector is broadcast, so that every leaf candidate
 * below (constants, variables) also replaces vector subterms, and a vec or gep can give way to one of
 * its lanes. */
static void subst(VsCtx *ctx, Cands *cs, Node *root, Node *from, Node *to) {
  if (to && to->lanes == 1 && from->lanes > 1) to = vs_bcast(ctx, to, from->lanes);
  if (to && to != from && to->dtype == from->dtype && to->lanes == from->lanes && to->kind == from->kind)
    cand_add(cs, vs_substitute(ctx, root, from, to));
}

/* The declarations of root (variables and buffers), in post-order. */
static size_t vars_of(Node *root, Node **vars, size_t max) {
  Node **order;
  size_t n = vs_postorder(root, &order), k = 0;
  for (size_t i = 0; i < n && k < max; i++)
    if (order[i]->op == OP_VAR || order[i]->op == OP_BUFFER) vars[k++] = order[i];
  free(order);
  return k;
}

static Node *fresh_var(VsCtx *ctx, Node *const *vars, size_t nvars, DType dt, int lanes) {
  GenCase tmp;
  memset(&tmp, 0, sizeof tmp);
  for (size_t i = 0; i < nvars && i < GEN_CASE_VARS; i++) tmp.vars[tmp.nvars++] = vars[i];
  char name[16];
  return vs_var_lanes(ctx, gen_var_name(&tmp, name), dt, lanes, im_min(dt), im_max(dt));
}

/* i64, index -> i32 -> i16 -> i8; u64 -> u32 -> u16 -> u8; f64 -> f32 -> f16. */
static DType narrower(DType dt) {
  switch (dt) {
  case DT_I64: case DT_INDEX: return DT_I32;
  case DT_I32: return DT_I16;
  case DT_I16: return DT_I8;
  case DT_U64: return DT_U32;
  case DT_U32: return DT_U16;
  case DT_U16: return DT_U8;
  case DT_F64: return DT_F32;
  case DT_F32: return DT_F16;
  default: return dt;
  }
}

/* Graph nodes: a loop or an after with one operand of its list left out (a range the body still uses
 * becomes free); a range with a small constant end (0, 1, 2: empty, single-trip, two iterations); a
 * buffer with fewer elements, or another buffer of its dtype in its place. */
static void graph_candidates(VsCtx *ctx, Cands *cs, Node *root, Node *x, Node *const *vars, size_t nv) {
  if ((x->op == OP_REDUCE || x->op == OP_END || x->op == OP_AFTER) && x->nargs > 1) {
    Node *args[VS_MAX_GRAPH_LIST + 1];
    for (int j = 1; j < x->nargs; j++) {
      int m = 0;
      for (int i = 0; i < x->nargs; i++)
        if (i != j) args[m++] = x->args[i];
      subst(ctx, cs, root, x, vs_make_ex(ctx, (Op)x->op, (DType)x->dtype, 1, x->aux.bits, args, m));
    }
  } else if (x->op == OP_RANGE) {
    for (int c = 0; c <= 2; c++) {
      Node *e = vs_const_int(ctx, DT_INDEX, c);
      if (e != x->args[0]) subst(ctx, cs, root, x, vs_range(ctx, e, x->aux.name));
    }
    for (int c = 0; c <= 1; c++) { /* the loop variable's uses by a constant, the loop kept */
      Rebuild rb = {x, vs_const_int(ctx, DT_INDEX, c), NULL, true};
      cand_add(cs, rebuild(ctx, root, &rb));
    }
  } else if (x->op == OP_BUFFER) {
    const uint64_t sizes[4] = {0, 1, x->lo / 2, x->lo ? x->lo - 1 : 0};
    for (int k = 0; k < 4; k++)
      if (sizes[k] < x->lo) subst(ctx, cs, root, x, vs_buffer(ctx, x->aux.name, (DType)x->dtype, sizes[k], sizes[k]));
    for (size_t k = 0; k < nv; k++)
      if (vars[k]->op == OP_BUFFER && vars[k]->dtype == x->dtype) subst(ctx, cs, root, x, vars[k]);
  }
}

static void candidates(VsCtx *ctx, Node *root, Cands *cs) {
  cs->n = 0;
  Node **order;
  size_t n = vs_postorder(root, &order);
  Node *vars[64];
  size_t nv = vars_of(root, vars, 64);
  /* Any subexpression as the whole case (of whatever dtype; a value or an effect): the quickest cut. */
  for (size_t i = n; i-- > 0;)
    if (order[i] != root && order[i]->nargs && (order[i]->kind == NK_VALUE || order[i]->kind == NK_EFFECT))
      cand_add(cs, order[i]);
  /* Root first: cutting near the root removes the most. */
  for (size_t i = n; i-- > 0;) {
    Node *x = order[i];
    DType dt = (DType)x->dtype;
    for (int j = 0; j < x->nargs; j++) subst(ctx, cs, root, x, x->args[j]);
    if (op_is_graph((Op)x->op)) graph_candidates(ctx, cs, root, x, vars, nv);
    if (x->kind == NK_EFFECT && x->op != OP_NOOP) subst(ctx, cs, root, x, vs_noop(ctx));
    if (x->kind != NK_VALUE) continue; /* buffers, pointers, effects: done */
    if (x->op == OP_CONST) {
      if (dt == DT_BOOL) {
        subst(ctx, cs, root, x, vs_bool(ctx, false));
      } else if (dt_is_float(dt)) {
        subst(ctx, cs, root, x, vs_const(ctx, dt, 0));
        Node *one = vs_cast(ctx, dt, vs_const_int(ctx, DT_I8, 1));
        Outcome v;
        if (one && eval_at(one, NULL, &v, NULL, 0) && !v.value.ub) subst(ctx, cs, root, x, vs_const(ctx, dt, v.value.lane[0]));
      } else {
        i128 v = vs_const_value(x);
        const i128 smaller[] = {0, 1, -1, v / 2, v > 0 ? v - 1 : v + 1};
        for (size_t k = 0; k < sizeof smaller / sizeof smaller[0]; k++)
          if (im_fits(dt, smaller[k])) subst(ctx, cs, root, x, vs_const_int(ctx, dt, smaller[k]));
      }
      continue;
    }
    /* Leaves instead of x: constants, the variables of its dtype, a fresh variable. */
    if (dt == DT_BOOL) {
      subst(ctx, cs, root, x, vs_bool(ctx, false));
      subst(ctx, cs, root, x, vs_bool(ctx, true));
    } else {
      subst(ctx, cs, root, x, vs_const(ctx, dt, 0));
      if (!dt_is_float(dt)) subst(ctx, cs, root, x, vs_const_int(ctx, dt, 1));
    }
    for (size_t k = 0; k < nv; k++) subst(ctx, cs, root, x, vars[k]);
    if (x->op != OP_VAR) subst(ctx, cs, root, x, fresh_var(ctx, vars, nv, dt, x->lanes)); /* a vector variable keeps lanes apart */
    else if (!dt_is_float(dt) && (vs_vmin(x) != im_min(dt) || vs_vmax(x) != im_max(dt)))
      subst(ctx, cs, root, x, vs_var_lanes(ctx, x->aux.name, dt, x->lanes, im_min(dt), im_max(dt)));
  }
  /* Narrower dtypes, one at a time. */
  bool present[DT_COUNT] = {false};
  for (size_t i = 0; i < n; i++) present[order[i]->dtype] = true;
  for (int d = 0; d < DT_COUNT; d++) {
    if (!present[d] || narrower((DType)d) == (DType)d) continue;
    uint8_t dmap[DT_COUNT];
    for (int e = 0; e < DT_COUNT; e++) dmap[e] = (uint8_t)e;
    dmap[d] = (uint8_t)narrower((DType)d);
    Rebuild rb = {NULL, NULL, dmap, false};
    cand_add(cs, rebuild(ctx, root, &rb));
  }
  free(order);
}

/* ---- the loop ---- */

static unsigned check_flags(const FuzzFinding *f) {
  unsigned fl = FUZZ_NO_STATS | FUZZ_NO_TEXT;
  if (f->kind == FIND_DISAGREE || (f->kind == FIND_UNSOUND && !strcmp(f->oracle, "smt"))) fl |= FUZZ_SMT_ALWAYS;
  else fl |= FUZZ_SMT_NEVER;
  return fl;
}

bool fuzz_reduce(FuzzWorker *w, const FuzzCase *c, FuzzFinding *f, const ReduceOptions *opts) {
  unsigned max_checks = opts && opts->max_checks ? opts->max_checks : 3000;
  double max_seconds = opts && opts->max_seconds > 0 ? opts->max_seconds : 60;
  VsCtx *ctx = fuzz_worker_ctx(w);
  FuzzStats saved = *fuzz_worker_stats(w);
  double t0 = vs_seconds();
  unsigned flags = check_flags(f);
  uint64_t seed0 = fuzz_hash(f->input, f->input_size, FUZZ_HASH_INIT);
  Node *cur = c->root;
  Cost cur_cost = cost_of(cur);
  Cands cs = {0};
  unsigned checks = 0;
  bool progress = true;
  FuzzFinding tmp;
  while (progress && checks < max_checks && vs_seconds() - t0 < max_seconds) {
    progress = false;
    candidates(ctx, cur, &cs);
    for (size_t i = 0; i < cs.n && checks < max_checks; i++) {
      Cost k = cost_of(cs.roots[i]);
      if (!cost_less(&k, &cur_cost)) continue;
      Node *vars[64];
      size_t nv = vars_of(cs.roots[i], vars, 64);
      FuzzCase cand = {vars, nv, cs.roots[i], c->simple_matcher};
      checks++;
      fuzz_worker_set_seed(w, seed0);
      FindKind got = fuzz_check(w, &cand, flags, &tmp);
      fuzz_finding_free(&tmp);
      if (got == f->kind) {
        cur = cs.roots[i];
        cur_cost = k;
        progress = true;
        break;
      }
      if (vs_seconds() - t0 >= max_seconds) break;
    }
  }
  free(cs.roots);
  bool shrank = cur != c->root;
  if (shrank) {
    Node *vars[64];
    size_t nv = vars_of(cur, vars, 64);
    FuzzCase fin = {vars, nv, cur, c->simple_matcher};
    fuzz_worker_set_seed(w, seed0);
    FindKind got = fuzz_check(w, &fin, flags & ~(unsigned)FUZZ_NO_TEXT, &tmp);
    if (got == f->kind) {
      tmp.input = f->input;
      tmp.input_size = f->input_size;
      f->input = NULL;
      tmp.reduced = true;
      tmp.nodes_before = vs_tree_size(c->root);
      tmp.nodes_after = vs_tree_size(cur);
      fuzz_finding_free(f);
      *f = tmp;
    } else {
      fuzz_finding_free(&tmp);
      shrank = false;
    }
  }
  /* Reduction is not fuzzing: leave the worker's statistics as they were. */
  fuzz_worker_set_stats(w, &saved);
  return shrank;
}
