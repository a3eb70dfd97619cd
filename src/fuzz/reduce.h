/* reduce.h: delta debugging over the IR for fuzz findings.
 *
 * Starting from the case of a finding, the reducer tries smaller cases and keeps each one on which the
 * same oracle still fails with the same kind of finding: an operation replaced by one of its operands
 * (dropping a subexpression), by a leaf (0, 1, a variable, a fresh variable), a constant shrunk toward 0,
 * a variable merged into another or stripped of its range, a dtype narrowed throughout (i64 -> i32 ->
 * i16 -> i8, u64 -> ... -> u8, f64 -> f32 -> f16). Every accepted step strictly decreases a size measure
 * (tree size, then variables, ranges, dtype widths, constant magnitudes), so it terminates; a budget of
 * checks and seconds bounds it further. The result is written back into the finding: its case text,
 * counterexample, the rules that fire and its signature. */
#ifndef VSIMP_FUZZ_REDUCE_H
#define VSIMP_FUZZ_REDUCE_H

#include <stdbool.h>

#include "fuzz/oracle.h"

typedef struct {
  unsigned max_checks; /* candidate cases checked (0: 3000) */
  double max_seconds;  /* (0: 60) */
} ReduceOptions;

/* Reduces finding f, found on case c (built in w's context, still alive). Returns true if the case
 * shrank; f is updated either way only when a reduced case reproduces. */
bool fuzz_reduce(FuzzWorker *w, const FuzzCase *c, FuzzFinding *f, const ReduceOptions *opts);

#endif
