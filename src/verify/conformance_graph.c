/* The tensor-graph part of the conformance check (conformance.h): the evaluator (eval_graph) and Z3
 * (smt_eval_graph) run the same expressions over the same concrete buffers and must agree, value for
 * value and UB for UB, and for effects on every element of every buffer afterwards.
 *
 * Per element dtype: loads and stores at in-bounds, negative, past-the-end, INVALID and UB indices
 * (masked pointers both ways), stores of edge values, UB values and (index) INVALID values; loads and
 * stores through after, after on values and on effects, effect sequences; reductions with each op over
 * empty, single and several iterations, a last iteration out of bounds, nests of two loops (each empty,
 * single or longer, and triangular), no range at all, a UB body that never runs; end over the same loop
 * shapes, with a body that reads what earlier iterations wrote; free ranges in and out of their domain. */
#include <stdlib.h>
#include <string.h>

#include "verify/conformance.h"
#include "eval/eval_graph.h"
#include "ir/edges.h"
#include "ir/graph.h"
#include "text/text.h"

typedef struct {
  SmtCtx *smt;
  VsCtx *ctx;
  const ConformanceOptions *opts;
  ConformanceReport *rep;
  FILE *log;
  DType dt;
  Node *a, *z; /* a: dt[4] with edge values; z: dt[0] */
  BufValue bufs[2];
  VarValue range_val; /* a free range's value, for the cases that have one */
  bool has_range;
  uint64_t seq; /* cases met (for opts->sample) */
} GRun;

static void describe(GRun *r, Node *n, const char *what) {
  if (!r->log || r->rep->mismatches > r->opts->max_report) return;
  char *text = vs_print(n);
  fprintf(r->log, "conformance mismatch (graph, %s): %s\n", what, text ? text : "?");
  free(text);
}

static bool same_results(const GraphResult *a, const GraphResult *b) {
  if (a->out_of_domain || b->out_of_domain) return a->out_of_domain == b->out_of_domain;
  if (!value_same(a->value, b->value)) return false;
  if (a->value.ub || !a->bufs) return !b->bufs || a->value.ub;
  if (!b->bufs || a->nbufs != b->nbufs) return false;
  for (size_t i = 0; i < a->nbufs; i++)
    if (a->bufs[i].buf != b->bufs[i].buf || !bufdata_equal(&a->bufs[i].data, &b->bufs[i].data)) return false;
  return true;
}

/* Runs both implementations on n (NULL: not buildable at this dtype, skipped). */
static void compare(GRun *r, Node *n) {
  if (!n) return;
  if (r->opts->sample > 1 && r->seq++ % r->opts->sample) return;
  GraphEnv env = {.bufs = r->bufs, .nbufs = 2, .ranges = r->has_range ? &r->range_val : NULL,
                  .nranges = r->has_range ? 1 : 0};
  GraphResult ev, zv;
  char err[160];
  memset(&ev, 0, sizeof ev);
  memset(&zv, 0, sizeof zv);
  if (!eval_graph(n, &env, &ev, err, sizeof err)) {
    describe(r, n, err); /* every case here is evaluable: an evaluator failure is a mismatch too */
    r->rep->mismatches++;
    r->rep->cases++;
    r->rep->graph_cases++;
    graph_result_free(&ev);
    return;
  }
  r->rep->cases++;
  r->rep->graph_cases++;
  if (!smt_eval_graph(r->smt, n, &env, &zv, err, sizeof err)) {
    r->rep->unreduced++;
  } else if (!same_results(&ev, &zv)) {
    r->rep->mismatches++;
    describe(r, n, ev.value.ub != zv.value.ub ? "UB differs" : "results differ");
  }
  graph_result_free(&ev);
  graph_result_free(&zv);
}

/* ---- building blocks ---- */

static Node *ix(GRun *r, i128 v) { return vs_const_int(r->ctx, DT_INDEX, v); }
/* UB of any dtype: 0 // 0 (i8), cast. */
static Node *ub(GRun *r, DType dt) {
  Node *zero = vs_const(r->ctx, DT_I8, 0);
  Node *d = vs_bin(r->ctx, OP_IDIV, zero, zero);
  return dt == DT_I8 ? d : vs_cast(r->ctx, dt, d);
}
static Node *ld(GRun *r, Node *buf, Node *i) { return vs_load(r->ctx, vs_ptr(r->ctx, buf, i)); }
static Node *st(GRun *r, Node *buf, Node *i, Node *v) { return vs_store(r->ctx, vs_ptr(r->ctx, buf, i), v); }
static Node *rg(GRun *r, Node *end, const char *name) { return vs_range(r->ctx, end, name); }
/* An index as a value of dt (loop variables stored into buffers). */
static Node *as_dt(GRun *r, Node *i) { return r->dt == DT_INDEX ? i : vs_cast(r->ctx, r->dt, i); }

/* The indices every access is tried at: inside, at both ends, outside on both sides, INVALID, UB,
 * and masked both ways. */
static size_t indices(GRun *r, Node **out) {
  size_t n = 0;
  out[n++] = ix(r, 0);
  out[n++] = ix(r, 3);
  out[n++] = ix(r, -1);
  out[n++] = ix(r, 4);
  out[n++] = vs_invalid(r->ctx);
  out[n++] = ub(r, DT_INDEX);
  out[n++] = vs_tern(r->ctx, OP_SELECT, vs_bool(r->ctx, true), ix(r, 2), vs_invalid(r->ctx));
  out[n++] = vs_tern(r->ctx, OP_SELECT, vs_bool(r->ctx, false), ix(r, 9), vs_invalid(r->ctx));
  return n;
}

static size_t values(GRun *r, Node **out, size_t max) {
  uint64_t edges[EDGE_MAX];
  size_t ne = edge_values(r->dt, edges), n = 0, step = r->opts->full ? 1 : 4;
  for (size_t i = 0; i < ne && n + 2 < max; i += step) out[n++] = vs_const(r->ctx, r->dt, edges[i]);
  out[n++] = ub(r, r->dt);
  if (r->dt == DT_INDEX) out[n++] = vs_invalid(r->ctx);
  return n;
}

/* ---- the shapes ---- */

static void run_access(GRun *r) {
  Node *is[8], *vs[24];
  size_t ni = indices(r, is), nv = values(r, vs, 24);
  for (size_t i = 0; i < ni; i++) {
    compare(r, ld(r, r->a, is[i]));
    compare(r, ld(r, r->z, is[i]));
    for (size_t v = 0; v < nv; v++) compare(r, st(r, r->a, is[i], vs[v]));
  }
  /* A store, then a load or a store through after, at every pair of a few indices. */
  Node *few[4] = {ix(r, 0), ix(r, 3), ix(r, 4), vs_invalid(r->ctx)};
  for (size_t i = 0; i < 4; i++)
    for (size_t j = 0; j < 4; j++)
      for (size_t v = (i + j) % 2; v < nv; v += r->opts->full ? 1 : 4) { /* quick: every fourth value */
        Node *s1 = st(r, r->a, few[i], vs[v]);
        Node *deps[2] = {s1, st(r, r->a, few[j], vs[(v + 1) % nv])};
        compare(r, vs_after(r->ctx, ld(r, r->a, few[j]), &s1, 1));
        compare(r, ld(r, vs_after(r->ctx, r->a, &s1, 1), few[j]));
        compare(r, vs_after(r->ctx, deps[1], &s1, 1));
        compare(r, st(r, vs_after(r->ctx, r->a, &s1, 1), few[j], vs[(v + 2) % nv]));
        compare(r, vs_after(r->ctx, ld(r, r->a, few[i]), deps, 2));
        compare(r, vs_after(r->ctx, deps[0], (Node *[]){deps[1], deps[1]}, 2));
      }
  compare(r, vs_noop(r->ctx));
  Node *nop = vs_noop(r->ctx);
  compare(r, vs_after(r->ctx, ld(r, r->a, ix(r, 1)), &nop, 1));
}

static void run_reduce(GRun *r) {
  if (r->dt == DT_BOOL) return; /* no reduction of bool (docs/semantics.md) */
  static const Op ops[] = {OP_ADD, OP_MUL, OP_MAX, OP_MIN};
  static const int ends[] = {-1, 0, 1, 2, 4, 5};
  size_t step = r->opts->full ? 1 : 2; /* quick: ends 0, 2, 5 of the outer loop in nests */
  for (size_t o = 0; o < 4; o++) {
    Op op = ops[o];
    for (size_t e = 0; e < sizeof ends / sizeof ends[0]; e++) {
      Node *ri = rg(r, ix(r, ends[e]), "i");
      compare(r, vs_reduce(r->ctx, op, ld(r, r->a, ri), &ri, 1));
      /* the body reads backwards and out of bounds past the start when the loop is longer than 4 */
      Node *back = vs_bin(r->ctx, OP_SUB, ix(r, 3), ri);
      compare(r, vs_reduce(r->ctx, op, ld(r, r->a, back), &ri, 1));
      compare(r, vs_reduce(r->ctx, op, ub(r, r->dt), &ri, 1));
      for (size_t f = e % step; f < sizeof ends / sizeof ends[0]; f += 2 * step) {
        Node *rj = rg(r, ix(r, ends[f]), "j");
        Node *two[2] = {ri, rj};
        Node *flat = vs_bin(r->ctx, OP_ADD, vs_bin(r->ctx, OP_MUL, ri, ix(r, 2)), rj);
        compare(r, vs_reduce(r->ctx, op, ld(r, r->a, flat), two, 2));
        /* triangular: the inner loop runs i + 1 times */
        Node *tri = rg(r, vs_bin(r->ctx, OP_ADD, ri, ix(r, 1)), "t");
        Node *tt[2] = {ri, tri};
        compare(r, vs_reduce(r->ctx, op, ld(r, r->a, vs_bin(r->ctx, OP_ADD, ri, tri)), tt, 2));
      }
    }
    compare(r, vs_reduce(r->ctx, op, ld(r, r->a, ix(r, 1)), NULL, 0));
  }
}

static void run_end(GRun *r) {
  static const int ends[] = {-1, 0, 1, 3, 4, 5};
  for (size_t e = 0; e < sizeof ends / sizeof ends[0]; e++) {
    Node *ri = rg(r, ix(r, ends[e]), "i");
    /* a[i] = a[(i + 1) % 4]: each iteration reads what the one before it may have written */
    Node *next = vs_bin(r->ctx, OP_MOD, vs_bin(r->ctx, OP_ADD, ri, ix(r, 1)), ix(r, 4));
    compare(r, vs_end(r->ctx, st(r, r->a, ri, ld(r, r->a, next)), &ri, 1));
    if (r->dt != DT_BOOL) compare(r, vs_end(r->ctx, st(r, r->a, ri, as_dt(r, ri)), &ri, 1));
    compare(r, vs_end(r->ctx, vs_noop(r->ctx), &ri, 1));
    for (size_t f = e % 2; f < sizeof ends / sizeof ends[0]; f += r->opts->full ? 1 : 3) {
      Node *rj = rg(r, ix(r, ends[f]), "j");
      Node *two[2] = {ri, rj};
      Node *flat = vs_bin(r->ctx, OP_ADD, vs_bin(r->ctx, OP_MUL, ri, ix(r, 2)), rj);
      compare(r, vs_end(r->ctx, st(r, r->a, flat, ld(r, r->a, rj)), two, 2));
      Node *inner = vs_end(r->ctx, st(r, r->a, rj, ld(r, r->a, ri)), &rj, 1);
      compare(r, vs_end(r->ctx, inner, &ri, 1));
    }
    Node *s = vs_end(r->ctx, st(r, r->a, ri, ld(r, r->a, ix(r, 0))), &ri, 1);
    compare(r, vs_after(r->ctx, ld(r, r->a, ix(r, 2)), &s, 1));
    compare(r, vs_reduce(r->ctx, OP_MAX, ld(r, vs_after(r->ctx, r->a, &s, 1), ri), &ri, 1));
  }
  compare(r, vs_end(r->ctx, st(r, r->a, ix(r, 1), ld(r, r->a, ix(r, 2))), NULL, 0));
}

/* A free range: its value comes from the environment; out of the domain, the point is not admissible. */
static void run_free(GRun *r) {
  Node *ri = rg(r, ix(r, 4), "f");
  Node *uses[3] = {ld(r, r->a, ri), st(r, r->a, ri, ld(r, r->a, ix(r, 0))), NULL};
  uses[2] = vs_bin(r->ctx, OP_MUL, ri, ri);
  static const int64_t at[] = {0, 3, 4, -1};
  for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
    r->range_val = (VarValue){ri, (uint64_t)at[k]};
    r->has_range = true;
    for (size_t u = 0; u < 3; u++) compare(r, uses[u]);
  }
  r->has_range = false;
}

void conformance_run_graph(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *rep, FILE *log) {
  for (int d = 0; d < DT_COUNT; d++) {
    GRun r = {.smt = smt, .opts = opts, .rep = rep, .log = log, .dt = (DType)d};
    if (!(r.ctx = vs_ctx_new())) return;
    r.a = vs_buffer(r.ctx, "a", r.dt, 4, 4);
    r.z = vs_buffer(r.ctx, "z", r.dt, 0, 0);
    uint64_t edges[EDGE_MAX];
    size_t ne = edge_values(r.dt, edges);
    bufdata_init(&r.bufs[0].data, 4, edges[ne / 2]);
    for (uint64_t i = 0; i < 4; i++) bufdata_set(&r.bufs[0].data, i, edges[(i * 5 + 1) % ne]);
    bufdata_init(&r.bufs[1].data, 0, 0);
    r.bufs[0].buf = r.a;
    r.bufs[1].buf = r.z;
    rep->op_dtypes++;
    run_access(&r);
    run_reduce(&r);
    run_end(&r);
    run_free(&r);
    bufdata_free(&r.bufs[0].data);
    bufdata_free(&r.bufs[1].data);
    vs_ctx_free(r.ctx);
  }
}
