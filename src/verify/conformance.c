#include "verify/conformance.h"

#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "ir/edges.h"
#include "ir/node.h"
#include "ir/timer.h"
#include "text/text.h"

typedef struct {
  SmtCtx *smt;
  VsCtx *ctx;
  const ConformanceOptions *opts;
  ConformanceReport *rep;
  FILE *log;
  uint64_t rng;
  uint64_t seq; /* tuples met (for opts->sample) */
  uint64_t aux; /* VS_AUX_NSW while the no-signed-overflow form of an op is compared, else 0 */
} Run;

static uint64_t next_random(Run *r) {
  uint64_t z = (r->rng += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* A random operand, biased toward small magnitudes and narrow bit patterns where bugs live. */
static uint64_t random_value(Run *r, DType dt) {
  uint64_t v = next_random(r);
  switch (next_random(r) % 4) {
  case 0: v &= 0xff; break;
  case 1: v = (uint64_t)0 - (v & 0xff); break;
  case 2: v >>= next_random(r) % 64; break;
  default: break;
  }
  return vs_canon_bits(dt, dt == DT_BOOL ? v & 1 : v);
}

static void describe(Run *r, Node *n, Value ev, Value zv) {
  if (!r->log || r->rep->mismatches > r->opts->max_report) return;
  char *text = vs_print(n);
  char a[96], b[96];
  fprintf(r->log, "conformance mismatch: %s : %s\n  evaluator: %s\n  z3:        %s\n", text ? text : "?",
          dt_name((DType)n->dtype), ev.ub ? "UB" : vs_format_literal((DType)n->dtype, ev.bits, true, a, sizeof a),
          zv.ub ? "UB" : vs_format_literal((DType)n->dtype, zv.bits, true, b, sizeof b));
  free(text);
}

/* Compares the two implementations on op applied to constant operands of the given bits. */
static void compare(Run *r, Op op, DType to, const DType *dts, const uint64_t *bits, int nargs) {
  if (r->opts->sample > 1 && r->seq++ % r->opts->sample) return;
  Node *args[3];
  Value vals[3];
  for (int i = 0; i < nargs; i++) {
    args[i] = vs_const(r->ctx, dts[i], bits[i]);
    vals[i] = (Value){args[i] ? args[i]->aux.bits : 0, false, false};
  }
  Node *n = vs_make_ex(r->ctx, op, to, 1, r->aux, args, nargs);
  if (!n) return; /* not applicable at these dtypes */
  Value ev = eval_op(n, vals), zv;
  r->rep->cases++;
  if (!smt_eval_ground(r->smt, n, &zv)) {
    r->rep->unreduced++;
    return;
  }
  bool same = (op_flags(op) & OPF_UF) || (op == OP_POW && dt_is_float(dts[0])) ? ev.ub == zv.ub : value_same(ev, zv);
  if (!same) {
    r->rep->mismatches++;
    describe(r, n, ev, zv);
  }
}

static bool applicable(Run *r, Op op, DType to, const DType *dts, int nargs) {
  Node *args[3];
  for (int i = 0; i < nargs; i++) args[i] = vs_const(r->ctx, dts[i], 0);
  DType res;
  return vs_type_check(op, to, args, nargs, &res) == NULL;
}

static void run_unary(Run *r, Op op, DType to, DType from) {
  uint64_t edges[POW2_EDGE_MAX];
  size_t n = edge_values(from, edges);
  for (size_t i = 0; i < n; i++) compare(r, op, to, &from, &edges[i], 1);
  n = edge_pow2_values(from, edges);
  for (size_t i = 0; i < n; i++) compare(r, op, to, &from, &edges[i], 1);
  for (size_t i = 0; i < r->opts->random_per_op; i++) {
    uint64_t v = random_value(r, from);
    compare(r, op, to, &from, &v, 1);
  }
}

static void run_binary(Run *r, Op op, DType dt) {
  uint64_t edges[EDGE_MAX], pows[POW2_EDGE_MAX];
  size_t ne = edge_values(dt, edges), np = edge_pow2_values(dt, pows);
  DType dts[2] = {dt, dt};
  for (size_t i = 0; i < ne; i++)
    for (size_t j = 0; j < ne; j++) compare(r, op, dt, dts, (uint64_t[]){edges[i], edges[j]}, 2);
  size_t stride = r->opts->full ? 1 : 4; /* the quick run takes every fourth power-of-two neighbour */
  for (size_t i = 0; i < np; i += stride)
    for (size_t j = 0; j < ne; j += r->opts->full ? 1 : 3) {
      compare(r, op, dt, dts, (uint64_t[]){pows[i], edges[j]}, 2);
      compare(r, op, dt, dts, (uint64_t[]){edges[j], pows[i]}, 2);
    }
  for (size_t i = 0; i < r->opts->random_per_op; i++)
    compare(r, op, dt, dts, (uint64_t[]){random_value(r, dt), random_value(r, dt)}, 2);
}

static void run_ternary(Run *r, Op op, DType dt) {
  uint64_t edges[EDGE_MAX];
  size_t ne = edge_values(dt, edges);
  DType dts[3] = {op == OP_SELECT ? DT_BOOL : dt, dt, dt};
  size_t step = r->opts->full ? 1 : 3;
  for (size_t i = 0; i < ne; i += step)
    for (size_t j = 0; j < ne; j += step)
      for (size_t k = 0; k < ne; k += step) {
        uint64_t a = op == OP_SELECT ? (i & 1) : edges[i];
        compare(r, op, dt, dts, (uint64_t[]){a, edges[j], edges[k]}, 3);
      }
  for (size_t i = 0; i < r->opts->random_per_op; i++) {
    uint64_t a = op == OP_SELECT ? next_random(r) & 1 : random_value(r, dt);
    compare(r, op, dt, dts, (uint64_t[]){a, random_value(r, dt), random_value(r, dt)}, 3);
  }
}

bool conformance_run(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log) {
  Run r = {.smt = smt, .opts = opts, .rep = report, .log = log, .rng = opts->seed};
  memset(report, 0, sizeof *report);
  double t0 = vs_seconds();
  for (int op = OP_NEG; op < OP_COUNT; op++) {
    if (op_is_graph((Op)op)) continue; /* conformance_graph.c */
    int arity = op_arity((Op)op);
    for (int d = 0; d < DT_COUNT; d++) {
      /* A fresh context per class keeps memory flat: constants are not shared across classes. */
      r.ctx = vs_ctx_new();
      if (!r.ctx) return false;
      DType dt = (DType)d;
      if (op == OP_CAST || op == OP_BITCAST) {
        for (int t = 0; t < DT_COUNT; t++) {
          if (!applicable(&r, (Op)op, (DType)t, &dt, 1)) continue;
          report->op_dtypes++;
          run_unary(&r, (Op)op, (DType)t, dt);
        }
      } else {
        DType dts[3] = {op == OP_SELECT ? DT_BOOL : dt, dt, dt};
        /* Both forms of an op that may be no-signed-overflow (docs/semantics.md): the wrapping one,
         * then, at signed dtypes, the nsw one. */
        for (int form = 0; form < (vs_nsw_applies((Op)op, dt) ? 2 : 1); form++) {
          if (!applicable(&r, (Op)op, dt, dts, arity)) break;
          r.aux = form ? VS_AUX_NSW : 0;
          report->op_dtypes++;
          if (arity == 1) run_unary(&r, (Op)op, dt, dt);
          else if (arity == 2) run_binary(&r, (Op)op, dt);
          else run_ternary(&r, (Op)op, dt);
        }
        r.aux = 0;
      }
      vs_ctx_free(r.ctx);
    }
  }
  conformance_run_vectors(smt, opts, report, log);
  conformance_run_invalid(smt, opts, report, log);
  conformance_run_graph(smt, opts, report, log);
  report->seconds = vs_seconds() - t0;
  return report->mismatches == 0;
}
