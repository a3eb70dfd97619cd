/* vsimp_side.h: the vsimp half of the benchmark, as a C API that halide_bench.cpp can call without
 * compiling vsimp's own headers as C++.
 *
 * A VbSide owns a catalog (the built-in rules and ledger, plus an optional extra ledger file) and,
 * after vb_run, the context holding the last run's inputs and outputs, which vb_check compares. */
#ifndef VSIMP_BENCH_VSIMP_SIDE_H
#define VSIMP_BENCH_VSIMP_SIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gen.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VbSide VbSide;

/* Expressions go in batches (a compilation unit: a kernel's index expressions), one context (node
 * table) per batch. */
typedef enum {
  VB_FRESH_MEMO, /* a fresh Rewriter (memo) per expression: the headline */
  VB_BATCH_MEMO, /* one Rewriter per batch: the memo persists across the batch's expressions */
  VB_COLD,       /* a fresh context and Rewriter per expression: nothing shared at all */
  VB_MODE_COUNT
} VbMode;

typedef struct {
  double build_s, simplify_s; /* the fastest of the repetitions (build + simplify together) */
  uint64_t exprs, nodes_in, nodes_out; /* nodes: tree sizes, summed */
  size_t ctx_nodes;  /* distinct nodes in the contexts after the run, summed */
  size_t ctx_bytes;  /* arena bytes the contexts reserved for them, summed */
  size_t heap_bytes; /* growth of the malloc heap over build + simplify (0 when not measurable) */
  uint64_t applications;
  size_t failed, exhausted, changed;
} VbStats;

typedef struct {
  size_t checked, valid, invalid, unknown, error;
  size_t skipped; /* not convertible or not built */
  double seconds;
} VbCheck;

/* index_dtype: the integer nodes are `index` (else i32). rules_dir: NULL for the built-in catalog and
 * ledger, or a directory whose *.rules files (in name order) and ledger.txt replace them (a fixed
 * snapshot, to compare engines on the same rules). extra_ledger: a ledger file applied after that, or
 * NULL. simple: the `simple` matcher. batch: expressions per context (0: one context for the whole
 * set). NULL on failure, with a message in err. */
VbSide *vb_new(bool index_dtype, const char *rules_dir, const char *extra_ledger, bool simple, size_t batch,
               char *err, size_t errsize);
void vb_free(VbSide *vb);
/* Expressions per context for the next runs (0: one context for the whole set). */
void vb_set_batch(VbSide *vb, size_t batch);
/* Rules of the catalog with at least one proved instance (0: only constant folding can fire). */
size_t vb_rules_proved(const VbSide *vb);
size_t vb_rules_total(const VbSide *vb);
/* Builds and simplifies every expression of in, reps times (each repetition from a fresh context),
 * keeping the fastest time. Keeps the last repetition's inputs and outputs (not for VB_COLD). */
bool vb_run(VbSide *vb, const BSet *in, VbMode mode, int reps, VbStats *st);
/* Z3 refinement checks (check_refinement) on `sample` expressions spread evenly over the set: each
 * output against its input. alt == NULL checks vsimp's outputs of the last vb_run; otherwise alt's
 * expression i (another simplifier's output, in the neutral form) against input i. Prints up to
 * max_examples refuted cases to examples (NULL: none). */
bool vb_check(VbSide *vb, const BSet *alt, size_t sample, unsigned timeout_ms, VbCheck *out, FILE *examples,
              int max_examples);
/* Writes one line per expression of the last run: the output as text, a tab, the rule applications
 * (to compare two builds of the engine: the same lines mean the same rewrites). */
bool vb_dump(VbSide *vb, const char *path);
/* Prints expression i of the set as vsimp text (for reports), or of vsimp's last output if out. */
void vb_print_expr(VbSide *vb, const BSet *s, size_t i, bool out, FILE *f);
/* The tree size of expression i of the last run (its output if out); 0 if it was not built. */
size_t vb_expr_size(VbSide *vb, size_t i, bool out);

/* Live heap bytes (glibc mallinfo2), or 0 where unavailable. */
size_t vb_heap_bytes(void);
/* Seconds of CPU time used by the calling thread (the benchmark's clock for both simplifiers). */
double vb_now(void);

#ifdef __cplusplus
}
#endif

#endif
