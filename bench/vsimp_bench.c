/* vsimp_bench: vsimp alone on the generated index expressions, at i32 and at index, in the three
 * memo modes, with a sampled soundness check of its outputs. (halide_bench runs the side-by-side.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

static const char *usage =
  "usage: vsimp_bench [OPTIONS]\n"
  "\n"
  "Simplifies generated index expressions with vsimp and reports throughput, memory and output size.\n"
  "\n"
  "  --n N            expressions (default 100000)\n"
  "  --seed S         generator seed (default 1)\n"
  "  --reps R         repetitions; the fastest is reported (default 3)\n"
  "  --dtype D        i32, index or both (default both)\n"
  "  --check N        Z3-check N sampled outputs of the headline mode per dtype (default 200; 0: none)\n"
  "  --timeout MS     per check (default 5000)\n"
  "  --mode M         fresh, batch, cold or all (default all; fresh, the headline, is run last)\n"
  "  --batch B        expressions per vsimp context (default 1000; 0: one context for the whole set)\n"
  "  --ledger FILE    apply this proof ledger after the built-in one\n"
  "  --rules-dir DIR  rules from DIR/*.rules and DIR/ledger.txt instead of the built-in ones\n"
  "  --dump FILE      write each output of the fresh-memo run and its rule applications, one per line\n"
  "                   (FILE.index for the index run), to compare builds of the engine\n"
  "  --matcher M      full (default) or simple\n"
  "  --show K         print the first K inputs and outputs\n"
  "  --quick          a smoke run: --n 2000 --reps 1 --check 20\n";

int main(int argc, char **argv) {
  BenchOptions o;
  bench_options_default(&o);
  const char *dtype = "both", *mode = "all";
  for (int i = 1; i < argc; i++) {
    int r = bench_option(&o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) continue;
    if (!strcmp(argv[i], "--dtype") && i + 1 < argc) dtype = argv[++i];
    else if (!strcmp(argv[i], "--mode") && i + 1 < argc) mode = argv[++i];
    else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(usage, stdout);
      return 0;
    } else {
      fprintf(stderr, "vsimp_bench: unknown option '%s' (see --help)\n", argv[i]);
      return 2;
    }
  }
  bool want_i32 = strcmp(dtype, "index"), want_index = strcmp(dtype, "i32");
  if ((strcmp(dtype, "both") && strcmp(dtype, "i32") && strcmp(dtype, "index")) ||
      (strcmp(mode, "all") && strcmp(mode, "fresh") && strcmp(mode, "batch") && strcmp(mode, "cold"))) {
    fprintf(stderr, "vsimp_bench: bad --dtype or --mode (see --help)\n");
    return 2;
  }

  BSet set;
  bset_init(&set);
  if (!bench_generate(&set, o.n, o.seed)) {
    fprintf(stderr, "vsimp_bench: out of memory\n");
    return 4;
  }
  bench_print_set_summary(&set, &o);
  int rc = 0;
  for (int d = 0; d < 2; d++) {
    if (d == 0 ? !want_i32 : !want_index) continue;
    char err[256];
    VbSide *vb = vb_new(d == 1, o.rules_dir, o.ledger, o.simple, o.batch, err, sizeof err);
    if (!vb) {
      fprintf(stderr, "vsimp_bench: %s\n", err);
      return 4;
    }
    if (d == 0 || !want_i32) bench_print_catalog(vb);
    const char *dt = d ? "index" : "i32";
    bench_print_vsimp_header();
    /* The headline (fresh memo per expression, contexts of --batch expressions) runs last: its outputs
     * are the ones checked and dumped. Before it, the other memo modes and, as the stress case, the
     * headline with a single context for the whole set. */
    static const struct {
      VbMode mode;
      bool one_context;
    } rows[] = {{VB_BATCH_MEMO, false}, {VB_COLD, false}, {VB_FRESH_MEMO, true}, {VB_FRESH_MEMO, false}};
    for (int m = 0; m < 4; m++) {
      VbStats st;
      VbMode md = rows[m].mode;
      if (strcmp(mode, "all") && strcmp(mode, md == VB_FRESH_MEMO ? "fresh" : md == VB_BATCH_MEMO ? "batch" : "cold"))
        continue;
      if (rows[m].one_context && (!o.batch || o.batch >= set.nexpr)) continue; /* the same as the headline */
      vb_set_batch(vb, rows[m].one_context ? 0 : o.batch);
      if (!vb_run(vb, &set, md, o.reps, &st)) {
        fprintf(stderr, "vsimp_bench: run failed (out of memory)\n");
        vb_free(vb);
        return 4;
      }
      bench_print_vsimp_row(dt, md, rows[m].one_context ? 0 : o.batch, &st);
      if (st.failed) rc = 4;
      if (md == VB_FRESH_MEMO && !rows[m].one_context && o.dump) {
        char path[4096];
        snprintf(path, sizeof path, "%s%s", o.dump, d ? ".index" : "");
        if (!vb_dump(vb, path)) {
          fprintf(stderr, "vsimp_bench: cannot write '%s'\n", path);
          rc = 4;
        }
      }
    }
    if (!strcmp(mode, "all") || !strcmp(mode, "fresh"))
      printf("headline: the last row (a fresh memo per expression, contexts of %s expressions)\n",
             o.batch && o.batch < set.nexpr ? "--batch" : "all the");
    bool kept = !strcmp(mode, "all") || !strcmp(mode, "fresh") || !strcmp(mode, "batch");
    if (o.show && kept) bench_show(vb, &set, o.show);
    if (o.check && kept) {
      VbCheck c;
      if (!vb_check(vb, NULL, o.check, o.timeout_ms, &c, stdout, 5)) {
        fprintf(stderr, "vsimp_bench: check failed to run\n");
        rc = 4;
      } else {
        bench_print_check("vsimp", dt, &c);
        if (c.invalid || c.error) rc = 1;
      }
    }
    printf("\n");
    vb_free(vb);
  }
  bset_free(&set);
  return rc;
}
