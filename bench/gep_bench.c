/* gep_bench.c: graph size under GEP pushing (bench/README.md, "GEP pushing"). Not a test: it prints
 * figures. It builds the kernels a vectorizer emits, a chain of lane-wise ops of growing depth on
 * L-lane vectors whose every lane is then extracted with gep (the root gathers them with vec in reverse
 * order, standing for the lane-by-lane consumers of the result), simplifies each with the proved catalog and prints the
 * distinct node counts of input and output and the simplification time:
 *
 *   index: an address computation, lane k = ((g * L + k) * 3 + s - 7) * 3 + s - 7 ..., pushed through
 *          (index arithmetic), each lane then collapsing to its affine form a*g + b*s + c;
 *   i32:   a data chain d * c + d ..., not pushed (data ALU ops): the geps stay at the end.
 *
 * `pushed` is what pushing the data chain's geps would build (every lane its own scalar chain, counted
 * by building it): lanes x depth, the blow-up the index-only restriction avoids.
 *
 *   build: cmake --build BUILD --target gep_bench      run: BUILD/gep_bench [--quick]
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir/node.h"
#include "ir/vector.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"

#include "kernel_bench.h"

/* vec(gep(v, L-1), ..., gep(v, 0)): every lane extracted, in the consumer's order (reversed, so that no
 * lane-move rule gathers the lanes back into v and the extraction stays in the graph). */
static Node *extract_all(VsCtx *ctx, Node *v) {
  Node *lanes[VS_MAX_LANES];
  for (int k = 0; k < v->lanes; k++) {
    int lane = v->lanes - 1 - k;
    if (!(lanes[k] = vs_gep(ctx, v, &lane, 1))) return NULL;
  }
  return vs_vec(ctx, lanes, v->lanes);
}

/* Level k of the address chain: * 3, + s, - 7 in turn. */
static Node *index_step(VsCtx *ctx, Node *v, Node *s, int k) {
  int L = v->lanes;
  switch (k % 3) {
  case 0: return vs_bin(ctx, OP_MUL, v, vs_bcast(ctx, vs_const_int(ctx, DT_INDEX, 3), L));
  case 1: return vs_bin(ctx, OP_ADD, v, vs_bcast(ctx, s, L));
  default: return vs_bin(ctx, OP_SUB, v, vs_bcast(ctx, vs_const_int(ctx, DT_INDEX, 7), L));
  }
}

static Node *index_kernel(VsCtx *ctx, int L, int depth) {
  Node *g = vs_var(ctx, "g", DT_INDEX, 0, 1023);
  Node *s = vs_var(ctx, "s", DT_INDEX, 1, 4096);
  Node *ids[VS_MAX_LANES];
  for (int k = 0; k < L; k++) ids[k] = vs_const_int(ctx, DT_INDEX, k);
  /* the vectorized loop index: g * L + (0, 1, ..., L-1) */
  Node *v = vs_bin(ctx, OP_ADD, vs_bin(ctx, OP_MUL, vs_bcast(ctx, g, L), vs_bcast(ctx, vs_const_int(ctx, DT_INDEX, L), L)),
                   vs_vec(ctx, ids, L));
  for (int k = 0; k < depth && v; k++) v = index_step(ctx, v, s, k);
  return v ? extract_all(ctx, v) : NULL;
}

/* Level k of the data chain, on vectors or (for `pushed`) on one lane's scalars: * c, + d in turn. */
static Node *data_step(VsCtx *ctx, Node *w, Node *d, int k) {
  if (k % 2) return vs_bin(ctx, OP_ADD, w, d);
  Node *c = vs_const_int(ctx, DT_I32, 2 * k + 3);
  return vs_bin(ctx, OP_MUL, w, w->lanes > 1 ? vs_bcast(ctx, c, w->lanes) : c);
}

static Node *data_kernel(VsCtx *ctx, int L, int depth) {
  Node *d = vs_var_lanes(ctx, "d", DT_I32, L, INT32_MIN, INT32_MAX);
  Node *w = d;
  for (int k = 0; k < depth && w; k++) w = data_step(ctx, w, d, k);
  return w ? extract_all(ctx, w) : NULL;
}

/* The data kernel with its geps pushed to the leaves: L scalar chains. */
static Node *data_pushed(VsCtx *ctx, int L, int depth) {
  Node *d = vs_var_lanes(ctx, "d", DT_I32, L, INT32_MIN, INT32_MAX);
  Node *lanes[VS_MAX_LANES];
  for (int j = 0; j < L; j++) {
    int lane = L - 1 - j;
    Node *dj = vs_gep(ctx, d, &lane, 1);
    Node *w = dj;
    for (int k = 0; k < depth && w; k++) w = data_step(ctx, w, dj, k);
    if (!(lanes[j] = w)) return NULL;
  }
  return vs_vec(ctx, lanes, L);
}

typedef struct {
  size_t in, out, pushed;
  double us;
  bool ok;
} Row;

static Row measure(Catalog *cat, bool index, int L, int depth, int reps) {
  Row r = {.ok = false, .us = 1e30};
  for (int rep = 0; rep < reps; rep++) {
    VsCtx *ctx = vs_ctx_new();
    Node *in = index ? index_kernel(ctx, L, depth) : data_kernel(ctx, L, depth);
    RewriteOptions ro = {.budget = 0};
    Rewriter *rw = rewriter_new(ctx, cat, &ro);
    if (!in || !rw) {
      rewriter_free(rw);
      vs_ctx_free(ctx);
      return r;
    }
    double t0 = kb_cpu_now();
    Node *out = rewriter_simplify(rw, in);
    double t = (kb_cpu_now() - t0) * 1e6;
    if (!out) {
      rewriter_free(rw);
      vs_ctx_free(ctx);
      return r;
    }
    if (t < r.us) r.us = t;
    r.in = kb_distinct_nodes(in);
    r.out = kb_distinct_nodes(out);
    Node *p = index ? NULL : data_pushed(ctx, L, depth);
    r.pushed = p ? kb_distinct_nodes(p) : 0;
    r.ok = true;
    rewriter_free(rw);
    vs_ctx_free(ctx);
  }
  return r;
}

int main(int argc, char **argv) {
  bool quick = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    else {
      fprintf(stderr, "usage: gep_bench [--quick]\n");
      return 2;
    }
  }
  Catalog *cat = catalog_new();
  VsDiag d;
  if (!cat || !catalog_load_builtin(cat, &d)) {
    fprintf(stderr, "gep_bench: cannot load the catalog\n");
    return 4;
  }
  catalog_apply_builtin_ledger(cat);
  static const int lane_counts[] = {8, 16};
  static const int depths[] = {1, 2, 4, 8, 16, 32, 64, 128};
  int ndepths = quick ? 4 : (int)(sizeof depths / sizeof depths[0]);
  int reps = quick ? 1 : 3;
  int rc = 0;
  printf("%-6s %5s %5s %8s %8s %8s %10s\n", "kernel", "lanes", "depth", "in", "out", "pushed", "simplify");
  for (int kind = 0; kind < 2; kind++) {
    for (int li = 0; li < (quick ? 1 : 2); li++) {
      size_t first_out = 0;
      for (int di = 0; di < ndepths; di++) {
        int L = lane_counts[li], D = depths[di];
        Row r = measure(cat, kind == 0, L, D, reps);
        if (!r.ok) {
          fprintf(stderr, "gep_bench: simplification failed\n");
          rc = 4;
          continue;
        }
        char pushed[32] = "-";
        if (kind == 1) snprintf(pushed, sizeof pushed, "%zu", r.pushed);
        printf("%-6s %5d %5d %8zu %8zu %8s %8.0fus\n", kind == 0 ? "index" : "i32", L, D, r.in, r.out, pushed, r.us);
        /* The claims the figures make, checked: an address kernel's output does not grow with its
         * depth beyond its lanes' affine forms; a data kernel's output is no bigger than its input. */
        if (di == 1) first_out = r.out;
        if ((kind == 0 && di > 1 && r.out > first_out + (size_t)L) || (kind == 1 && r.out > r.in)) {
          fprintf(stderr, "gep_bench: output grew (%zu nodes)\n", r.out);
          rc = 1;
        }
      }
    }
  }
  catalog_free(cat);
  return rc;
}
