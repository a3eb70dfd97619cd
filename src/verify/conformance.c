#include "verify/conformance.h"

#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "ir/edges.h"
#include "ir/node.h"
#include "ir/timer.h"
#include "text/text.h"
#include "verify/conformance_internal.h"

/* ---- the driver ---- */

uint64_t conf_random(ConfRun *r) {
  uint64_t z = (r->rng += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

bool conf_sampled_out(ConfRun *r) { return r->opts->sample > 1 && r->seq++ % r->opts->sample; }

bool conf_applicable(VsCtx *ctx, Op op, DType to, const DType *dts, int nargs) {
  Node *args[3];
  for (int i = 0; i < nargs; i++) args[i] = vs_const(ctx, dts[i], 0);
  DType res;
  return vs_type_check(op, to, args, nargs, &res) == NULL;
}

/* One side of a mismatch: the outcome, or why the implementation failed. */
static void describe_side(FILE *log, const char *who, const Node *n, const Outcome *o, const char *err) {
  char buf[1024];
  if (err) {
    fprintf(log, "  %s error: %s\n", who, err);
    return;
  }
  fprintf(log, "  %s %s\n", who,
          o->out_of_domain ? "not admissible" : vs_format_value((DType)n->dtype, &o->value, buf, sizeof buf));
  for (size_t i = 0; o->bufs && i < o->nbufs; i++) {
    char *b = vs_format_buffer((DType)o->bufs[i].buf->dtype, &o->bufs[i].data);
    fprintf(log, "    leaves %s = %s\n", o->bufs[i].buf->aux.name, b ? b : "?");
    free(b);
  }
}

static void describe(ConfRun *r, Node *n, const char *kind, const Outcome *ev, const char *eerr, const Outcome *zv) {
  if (!r->log || r->rep->mismatches > r->opts->max_report) return;
  char *text = vs_print(n), type[24];
  fprintf(r->log, "conformance mismatch%s%s%s: %s : %s\n", kind ? " (" : "", kind ? kind : "", kind ? ")" : "",
          text ? text : "?", vs_node_type_name(n, type, sizeof type));
  describe_side(r->log, "evaluator:", n, ev, eerr);
  describe_side(r->log, "z3:       ", n, zv, zv ? NULL : "not asked");
  free(text);
}

void conf_compare(ConfRun *r, Node *n, const Point *p, size_t *family, const char *kind) {
  if (!n) return;
  Outcome ev, zv;
  char err[160];
  bool evaluated = eval_at(n, p, &ev, err, sizeof err);
  r->rep->cases++;
  if (family) (*family)++;
  if (!evaluated) {
    r->rep->mismatches++;
    describe(r, n, kind, &ev, err, NULL);
  } else if (!smt_eval_at(r->smt, n, p, &zv, NULL, 0)) {
    r->rep->unreduced++;
  } else {
    bool same = (n->flags & NF_HAS_UF) ? ev.value.ub == zv.value.ub : outcome_same(&ev, &zv);
    if (!same) {
      r->rep->mismatches++;
      describe(r, n, kind, &ev, NULL, &zv);
    }
    outcome_free(&zv);
  }
  outcome_free(&ev);
}

/* ---- scalar ops: every op at every dtype on edge, power-of-two and random operands ---- */

typedef struct {
  ConfRun run;
  VsCtx *ctx;
  uint64_t aux; /* VS_AUX_NSW while the no-signed-overflow form of an op is compared, else 0 */
} Run;

/* A random operand, biased toward small magnitudes and narrow bit patterns where bugs live. */
static uint64_t random_value(Run *r, DType dt) {
  uint64_t v = conf_random(&r->run);
  switch (conf_random(&r->run) % 4) {
  case 0: v &= 0xff; break;
  case 1: v = (uint64_t)0 - (v & 0xff); break;
  case 2: v >>= conf_random(&r->run) % 64; break;
  default: break;
  }
  return vs_canon_bits(dt, dt == DT_BOOL ? v & 1 : v);
}

/* Compares the two implementations on op applied to constant operands of the given bits. */
static void compare(Run *r, Op op, DType to, const DType *dts, const uint64_t *bits, int nargs) {
  if (conf_sampled_out(&r->run)) return;
  Node *args[3];
  for (int i = 0; i < nargs; i++) args[i] = vs_const(r->ctx, dts[i], bits[i]);
  conf_compare(&r->run, vs_make_ex(r->ctx, op, to, 1, r->aux, args, nargs), NULL, NULL, NULL);
}

static bool applicable(Run *r, Op op, DType to, const DType *dts, int nargs) {
  return conf_applicable(r->ctx, op, to, dts, nargs);
}

static void run_unary(Run *r, Op op, DType to, DType from) {
  uint64_t edges[POW2_EDGE_MAX];
  size_t n = edge_values(from, edges);
  for (size_t i = 0; i < n; i++) compare(r, op, to, &from, &edges[i], 1);
  n = edge_pow2_values(from, edges);
  for (size_t i = 0; i < n; i++) compare(r, op, to, &from, &edges[i], 1);
  for (size_t i = 0; i < r->run.opts->random_per_op; i++) {
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
  size_t stride = r->run.opts->full ? 1 : 4; /* the quick run takes every fourth power-of-two neighbour */
  for (size_t i = 0; i < np; i += stride)
    for (size_t j = 0; j < ne; j += r->run.opts->full ? 1 : 3) {
      compare(r, op, dt, dts, (uint64_t[]){pows[i], edges[j]}, 2);
      compare(r, op, dt, dts, (uint64_t[]){edges[j], pows[i]}, 2);
    }
  for (size_t i = 0; i < r->run.opts->random_per_op; i++)
    compare(r, op, dt, dts, (uint64_t[]){random_value(r, dt), random_value(r, dt)}, 2);
}

static void run_ternary(Run *r, Op op, DType dt) {
  uint64_t edges[EDGE_MAX];
  size_t ne = edge_values(dt, edges);
  DType dts[3] = {op == OP_SELECT ? DT_BOOL : dt, dt, dt};
  size_t step = r->run.opts->full ? 1 : 3;
  for (size_t i = 0; i < ne; i += step)
    for (size_t j = 0; j < ne; j += step)
      for (size_t k = 0; k < ne; k += step) {
        uint64_t a = op == OP_SELECT ? (i & 1) : edges[i];
        compare(r, op, dt, dts, (uint64_t[]){a, edges[j], edges[k]}, 3);
      }
  for (size_t i = 0; i < r->run.opts->random_per_op; i++) {
    uint64_t a = op == OP_SELECT ? conf_random(&r->run) & 1 : random_value(r, dt);
    compare(r, op, dt, dts, (uint64_t[]){a, random_value(r, dt), random_value(r, dt)}, 3);
  }
}

bool conformance_run(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log) {
  memset(report, 0, sizeof *report);
  Run r = {.run = conf_run(smt, opts, report, log, opts->seed)};
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
