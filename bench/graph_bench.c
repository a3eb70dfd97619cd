/* graph_bench.c: the tensor-graph layer on lowered kernels (bench/README.md, "Tensor kernels"). Not a
 * test: it prints figures. Each kernel is S stages of the shape a tensor compiler's lowering emits for a
 * padded reduction (one output element per value of a global loop variable g, free in the kernel):
 *
 *   stage i:  out_i[g] = sum over k < K of select(g < LIM && k < KV, a_i[g*K + k], 0.0) * w[k + u]
 *             with u a loop of one iteration left by an upcast (range(1, u)), the reduction over (k, u),
 *             the store wrapped in an end over a dead unroll loop v (range(1, v)), and stage i + 1
 *             reading out_i through after(out_i, stage i's store).
 *
 * The simplifier should drop the single-trip loops (dead_code rules, loop_dead_ranges), move the mask
 * clause on k into the load's index and keep the one on g in the select (where_on_load: only clauses
 * whose loop variables the index uses), fold `* 1` and `+ 0` from the dead loops' uses, and keep
 * everything else. For each stage count it prints the distinct nodes in and out, the simplification
 * time (CPU of this thread, best of reps), and nodes per second; with --verify the
 * result of the smallest kernels is checked against its source with Z3 (a valid is required).
 *
 *   build: cmake --build BUILD --target graph_bench      run: BUILD/graph_bench [--quick] [--verify]
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "verify/refine_check.h"
#include "ir/graph.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"

#include "kernel_bench.h"

static Node *ix(VsCtx *c, i128 v) { return vs_const_int(c, DT_INDEX, v); }
static Node *add(VsCtx *c, Node *a, Node *b) { return vs_bin(c, OP_ADD, a, b); }
static Node *mul(VsCtx *c, Node *a, Node *b) { return vs_bin(c, OP_MUL, a, b); }
static Node *lt(VsCtx *c, Node *a, Node *b) { return vs_bin(c, OP_LT, a, b); }
static Node *ld(VsCtx *c, Node *buf, Node *i) { return vs_load(c, vs_ptr(c, buf, i)); }

enum { M = 64, K = 16, LIM = 60, KV = 13 };

/* The kernel of `stages` stages, as one effect: the last stage's store after all the others. */
static Node *kernel(VsCtx *c, int stages) {
  Node *g = vs_range(c, ix(c, M), "g");
  Node *w = vs_buffer(c, "w", DT_F32, K + 1, K + 1);
  Node *prev_store = NULL, *prev_out = NULL;
  for (int s = 0; s < stages; s++) {
    char name[32];
    snprintf(name, sizeof name, "a%d", s);
    Node *a = prev_out ? vs_after(c, prev_out, &prev_store, 1) : vs_buffer(c, name, DT_F32, M * K, M * K);
    snprintf(name, sizeof name, "k%d", s);
    Node *k = vs_range(c, ix(c, K), name);
    snprintf(name, sizeof name, "u%d", s);
    Node *u = vs_range(c, ix(c, 1), name);
    snprintf(name, sizeof name, "v%d", s);
    Node *v = vs_range(c, ix(c, 1), name);
    Node *mask = vs_bin(c, OP_AND, lt(c, g, ix(c, LIM)), lt(c, k, ix(c, KV)));
    Node *idx = prev_out ? add(c, g, mul(c, v, ix(c, M))) : add(c, mul(c, g, ix(c, K)), k);
    Node *x = vs_tern(c, OP_SELECT, mask, ld(c, a, idx), vs_const(c, DT_F32, 0));
    Node *term = vs_bin(c, OP_MUL, x, ld(c, w, add(c, k, u)));
    Node *red = vs_reduce(c, OP_ADD, term, (Node *[]){k, u}, 2);
    snprintf(name, sizeof name, "out%d", s);
    Node *out = vs_buffer(c, name, DT_F32, M, M);
    Node *st = vs_store(c, vs_ptr(c, out, add(c, g, mul(c, v, ix(c, 2)))), red);
    Node *e = vs_end(c, st, &v, 1);
    if (!e) return NULL;
    prev_store = e;
    prev_out = out;
  }
  return prev_store;
}

int main(int argc, char **argv) {
  bool quick = false, verify = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--verify")) verify = true;
    else {
      fprintf(stderr, "usage: graph_bench [--quick] [--verify]\n");
      return 2;
    }
  }
  Catalog *cat = catalog_new();
  VsDiag d;
  if (!cat || !catalog_load_builtin(cat, &d)) {
    fprintf(stderr, "graph_bench: cannot load the catalog\n");
    return 1;
  }
  catalog_apply_builtin_ledger(cat);
  static const int sizes[] = {1, 2, 4, 16, 64, 128};
  int nsizes = quick ? 2 : (int)(sizeof sizes / sizeof sizes[0]);
  int reps = quick ? 1 : 5;
  int rc = 0;
  printf("%-7s %8s %8s %10s %12s %8s\n", "stages", "in", "out", "simplify", "nodes/s", "verify");
  for (int si = 0; si < nsizes && !rc; si++) {
    int S = sizes[si];
    double best = 1e30;
    size_t in = 0, out = 0;
    const char *verdict = "-";
    for (int rep = 0; rep < reps; rep++) {
      VsCtx *ctx = vs_ctx_new();
      Node *k = kernel(ctx, S);
      if (!k) {
        fprintf(stderr, "graph_bench: kernel: %s\n", vs_ctx_error(ctx));
        return 1;
      }
      RewriteOptions o = {.simple = false};
      Rewriter *rw = rewriter_new(ctx, cat, &o);
      double t0 = kb_cpu_now();
      Node *r = rewriter_simplify(rw, k);
      double t = kb_cpu_now() - t0;
      if (!r || rewriter_stats(rw)->budget_exhausted) {
        fprintf(stderr, "graph_bench: simplification failed\n");
        rc = 1;
      }
      if (t < best) best = t;
      in = kb_distinct_nodes(k);
      out = r ? kb_distinct_nodes(r) : 0;
      if (r && rep == 0 && verify && S == 1) {
        SmtOptions so = {.timeout_ms = 600000};
        SmtCtx *smt = smt_new(&so);
        CheckResult cr = check_refinement(smt, NULL, NULL, k, r);
        verdict = check_verdict_name(cr.verdict);
        if (cr.verdict != CHECK_VALID) {
          fprintf(stderr, "graph_bench: result not verified: %s %s\n", verdict, cr.reason);
          rc = cr.verdict == CHECK_INVALID ? 1 : rc;
        }
        check_result_free(&cr);
        smt_free(smt);
      }
      if (r && quick && out >= in) {
        fprintf(stderr, "graph_bench: nothing simplified (%zu nodes in, %zu out)\n", in, out);
        rc = 1;
      }
      rewriter_free(rw);
      vs_ctx_free(ctx);
    }
    printf("%-7d %8zu %8zu %8.0fus %12.0f %8s\n", S, in, out, best * 1e6, (double)in / best, verdict);
  }
  catalog_free(cat);
  return rc;
}
