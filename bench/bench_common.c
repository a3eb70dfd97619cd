#include "bench_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bench_options_default(BenchOptions *o) {
  memset(o, 0, sizeof *o);
  o->n = 100000;
  o->seed = 1;
  o->reps = 3;
  o->check = 200;
  o->timeout_ms = 5000;
  o->batch = 1000;
}

static bool parse_u64(const char *s, uint64_t *out) {
  char *end;
  if (!*s || *s == '-') return false;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end) return false;
  *out = v;
  return true;
}

int bench_option(BenchOptions *o, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  uint64_t v;
  if (!strcmp(a, "--quick")) {
    o->n = 2000;
    o->reps = 1;
    o->check = 20;
    return 1;
  }
  bool num = !strcmp(a, "--n") || !strcmp(a, "--seed") || !strcmp(a, "--reps") || !strcmp(a, "--check") ||
             !strcmp(a, "--timeout") || !strcmp(a, "--show") || !strcmp(a, "--batch");
  if (num) {
    if (*i + 1 >= argc || !parse_u64(argv[*i + 1], &v)) {
      fprintf(stderr, "bench: %s needs a non-negative number\n", a);
      return -1;
    }
    ++*i;
    if (!strcmp(a, "--n")) o->n = (size_t)v;
    else if (!strcmp(a, "--seed")) o->seed = v;
    else if (!strcmp(a, "--reps")) o->reps = v > 100 ? 100 : (int)v;
    else if (!strcmp(a, "--check")) o->check = (size_t)v;
    else if (!strcmp(a, "--timeout")) o->timeout_ms = (unsigned)v;
    else if (!strcmp(a, "--batch")) o->batch = (size_t)v;
    else o->show = (size_t)v;
    return 1;
  }
  if (!strcmp(a, "--ledger") && *i + 1 < argc) {
    o->ledger = argv[++*i];
    return 1;
  }
  if (!strcmp(a, "--rules-dir") && *i + 1 < argc) {
    o->rules_dir = argv[++*i];
    return 1;
  }
  if (!strcmp(a, "--dump") && *i + 1 < argc) {
    o->dump = argv[++*i];
    return 1;
  }
  if (!strcmp(a, "--matcher") && *i + 1 < argc) {
    const char *m = argv[++*i];
    if (strcmp(m, "simple") && strcmp(m, "full")) {
      fprintf(stderr, "bench: unknown matcher '%s' (simple or full)\n", m);
      return -1;
    }
    o->simple = !strcmp(m, "simple");
    return 1;
  }
  return 0;
}

void bench_print_set_summary(const BSet *s, const BenchOptions *o) {
  uint64_t nodes = 0, mx = 0;
  for (size_t i = 0; i < s->nexpr; i++) {
    uint64_t t = bset_tree_size(s, i);
    nodes += t;
    if (t > mx) mx = t;
  }
  printf("%zu generated index expressions (seed %llu): %llu nodes, %.1f per expression (largest %llu); "
         "fastest of %d repetition%s, one core, times in CPU seconds of the measuring thread\n",
         s->nexpr, (unsigned long long)o->seed, (unsigned long long)nodes,
         s->nexpr ? (double)nodes / (double)s->nexpr : 0.0, (unsigned long long)mx, o->reps, o->reps == 1 ? "" : "s");
}

void bench_print_catalog(const VbSide *vb) {
  size_t p = vb_rules_proved(vb), t = vb_rules_total(vb);
  printf("vsimp catalog: %zu rules, %zu with proved instances%s\n", t, p,
         p ? "" : " (empty ledger: only constant folding can fire)");
}

const char *bench_mode_name(VbMode m) {
  switch (m) {
  case VB_FRESH_MEMO: return "fresh memo per expr";
  case VB_BATCH_MEMO: return "one memo per context";
  case VB_COLD: return "cold: context per expr";
  default: return "?";
  }
}

void bench_print_vsimp_header(void) {
  printf("%-6s %-23s %-8s %10s %8s %7s %7s %7s %6s %7s %6s %7s\n", "dtype", "vsimp mode", "context", "exprs/s",
         "Mnodes/s", "build s", "simpl s", "total s", "B/node", "heapB/n", "out/in", "changed");
}

void bench_print_vsimp_row(const char *dtype, VbMode mode, size_t batch, const VbStats *st) {
  double total = st->build_s + st->simplify_s;
  double per_node = st->ctx_nodes ? (double)st->ctx_bytes / (double)st->ctx_nodes : 0;
  double heap = st->nodes_in ? (double)st->heap_bytes / (double)st->nodes_in : 0;
  char ctx[32];
  if (mode == VB_COLD) snprintf(ctx, sizeof ctx, "1");
  else if (!batch || batch >= st->exprs) snprintf(ctx, sizeof ctx, "all");
  else snprintf(ctx, sizeof ctx, "%zu", batch);
  printf("%-6s %-23s %-8s %10.0f %8.2f %7.4f %7.4f %7.4f %6.1f ", dtype, bench_mode_name(mode), ctx,
         total > 0 ? (double)st->exprs / total : 0, total > 0 ? (double)st->nodes_in / total / 1e6 : 0, st->build_s,
         st->simplify_s, total, per_node);
  if (st->heap_bytes) printf("%7.1f ", heap);
  else printf("%7s ", "-");
  printf("%6.3f %6.1f%%", st->nodes_in ? (double)st->nodes_out / (double)st->nodes_in : 0,
         st->exprs ? 100.0 * (double)st->changed / (double)st->exprs : 0);
  if (st->failed || st->exhausted) printf("  (%zu failed, %zu out of budget)", st->failed, st->exhausted);
  printf("\n");
}

void bench_print_check(const char *who, const char *dtype, const VbCheck *c) {
  printf("soundness under wraparound (%s outputs, %s, Z3 via check_refinement): %zu checked: %zu valid, "
         "%zu INVALID, %zu unknown, %zu error",
         who, dtype, c->checked, c->valid, c->invalid, c->unknown, c->error);
  if (c->skipped) printf(", %zu not checkable", c->skipped);
  printf(" (%.1f s)\n", c->seconds);
}

void bench_show(VbSide *vb, const BSet *in, size_t k) {
  for (size_t i = 0; i < k && i < in->nexpr; i++) {
    printf("[%zu] in:    ", i);
    vb_print_expr(vb, in, i, false, stdout);
    printf("     vsimp: ");
    vb_print_expr(vb, in, i, true, stdout);
  }
}
