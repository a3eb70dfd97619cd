/* The vector cases of the conformance check (conformance_internal.h): the evaluator (eval/eval_lanes.c)
 * and the vector encoding (smt/encode_vector.c) compute every lane-wise op at every dtype and lane count, and VEC, GEP, CAT and
 * BCAST, on constant vectors built from edge and random lanes; some operands are made UB (a lane-wise
 * division by zero) so that the whole-vector UB rule, select's laziness included, is compared too. */
#include "verify/conformance.h"
#include "ir/edges.h"
#include "ir/node.h"
#include "ir/vector.h"
#include "verify/conformance_internal.h"

static const int lane_counts[] = {2, 3, 4, 8, 16};
enum { NLANE_COUNTS = sizeof lane_counts / sizeof lane_counts[0] };

typedef struct {
  ConfRun run;
  VsCtx *ctx;
} VRun;

static uint64_t rnd(VRun *r) { return conf_random(&r->run); }

/* A lane: an edge value of dt half the time, else random bits biased to small magnitudes. */
static uint64_t random_lane(VRun *r, DType dt) {
  uint64_t edges[EDGE_MAX];
  size_t ne = edge_values(dt, edges);
  uint64_t v = rnd(r);
  if (ne && (v & 1)) return edges[(v >> 1) % ne];
  v = rnd(r);
  if (rnd(r) % 2) v &= 0xff;
  return vs_canon_bits(dt, dt == DT_BOOL ? v & 1 : v);
}

/* vec of `lanes` constants of dt; for integer dtypes, one time in eight a UB vector of that type. */
static Node *operand(VRun *r, DType dt, int lanes, bool allow_ub) {
  Node *elems[VS_MAX_LANES];
  for (int k = 0; k < lanes; k++) elems[k] = vs_const(r->ctx, dt, random_lane(r, dt));
  Node *v = vs_vec(r->ctx, elems, lanes);
  if (allow_ub && dt_is_int(dt) && rnd(r) % 8 == 0) {
    Node *z = vs_bcast(r->ctx, vs_const(r->ctx, dt, 0), lanes);
    v = vs_bin(r->ctx, OP_IDIV, v, z);
  }
  return v;
}

static void compare(VRun *r, Node *n) {
  if (conf_sampled_out(&r->run) || !n) return; /* !n: not applicable */
  conf_compare(&r->run, n, NULL, &r->run.rep->vector_cases, "vector");
}

/* Op applied lane-wise to random operand vectors (operand 0 of select is a boolxN mask); aux
 * VS_AUX_NSW for the no-signed-overflow form. */
static Node *lanewise(VRun *r, Op op, DType to, DType dt, int lanes, uint64_t aux) {
  Node *args[3];
  int arity = op_arity(op);
  for (int i = 0; i < arity; i++) args[i] = operand(r, op == OP_SELECT && i == 0 ? DT_BOOL : dt, lanes, true);
  return vs_make_ex(r->ctx, op, to, 1, aux, args, arity);
}

static bool applicable(VRun *r, Op op, DType to, DType dt) {
  DType dts[3] = {op == OP_SELECT ? DT_BOOL : dt, dt, dt};
  return conf_applicable(r->ctx, op, to, dts, op_arity(op));
}

static void run_lanewise(VRun *r, size_t per_class) {
  for (int op = OP_NEG; op < OP_COUNT; op++) {
    if (op_is_vec((Op)op) || op_is_graph((Op)op)) continue;
    for (int d = 0; d < DT_COUNT; d++) {
      for (int t = 0; t < DT_COUNT; t++) {
        bool conv = op == OP_CAST || op == OP_BITCAST;
        if (!conv && t > 0) break;
        DType to = conv ? (DType)t : (DType)d;
        r->ctx = vs_ctx_new();
        if (!r->ctx) return;
        /* Both forms of an op that may be no-signed-overflow, at signed dtypes. */
        for (int form = 0; form < (vs_nsw_applies((Op)op, to) ? 2 : 1) && applicable(r, (Op)op, to, (DType)d); form++) {
          r->run.rep->op_dtypes++;
          for (int l = 0; l < NLANE_COUNTS; l++)
            for (size_t i = 0; i < per_class; i++)
              compare(r, lanewise(r, (Op)op, to, (DType)d, lane_counts[l], form ? VS_AUX_NSW : 0));
        }
        vs_ctx_free(r->ctx);
      }
    }
  }
}

/* VEC, GEP (one lane and several), CAT and BCAST, and lane moves around a lane-wise op. */
static void run_moves(VRun *r, size_t per_class) {
  for (int d = 0; d < DT_COUNT; d++) {
    DType dt = (DType)d;
    r->ctx = vs_ctx_new();
    if (!r->ctx) return;
    r->run.rep->op_dtypes += 4;
    for (int l = 0; l < NLANE_COUNTS; l++) {
      int lanes = lane_counts[l];
      for (size_t i = 0; i < per_class; i++) {
        Node *v = operand(r, dt, lanes, true);
        compare(r, v);
        int idx[VS_MAX_LANES], n = lane_counts[rnd(r) % NLANE_COUNTS];
        for (int k = 0; k < n; k++) idx[k] = (int)(rnd(r) % (uint64_t)lanes);
        compare(r, vs_gep(r->ctx, v, idx, 1));
        compare(r, vs_gep(r->ctx, v, idx, n));
        compare(r, vs_bcast(r->ctx, vs_gep(r->ctx, v, idx, 1), lanes));
        /* cat of two halves where the lane counts allow (2 = 1+1 is not a cat of vectors). */
        if (lanes >= 4) {
          Node *parts[2] = {operand(r, dt, lanes / 2, true), operand(r, dt, lanes / 2, true)};
          compare(r, vs_cat(r->ctx, parts, 2));
        }
        if (dt_is_int(dt)) { /* a lane-wise op under a GEP, and a masked select over a UB branch */
          Node *sum = vs_bin(r->ctx, OP_ADD, v, operand(r, dt, lanes, false));
          compare(r, vs_gep(r->ctx, sum, idx, n));
          Node *mask = operand(r, DT_BOOL, lanes, false);
          compare(r, vs_tern(r->ctx, OP_SELECT, mask, operand(r, dt, lanes, true), v));
        }
      }
    }
    vs_ctx_free(r->ctx);
  }
}

void conformance_run_vectors(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log) {
  VRun r = {.run = conf_run(smt, opts, report, log, opts->seed ^ UINT64_C(0x5eed0fec))};
  size_t per_class = opts->full ? 12 : 4;
  run_lanewise(&r, per_class);
  run_moves(&r, per_class * 3);
}
