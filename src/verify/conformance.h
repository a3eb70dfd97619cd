/* conformance.h: the check that the two implementations of docs/semantics.md agree.
 *
 * For every op at every dtype it applies to (every cast and bitcast pair included), the evaluator
 * (eval_op) and Z3 (smt_eval_ground) compute the op on constant operands: the dtype's edge values in
 * all combinations, powers of two against the edges, and random operands. Results must have the same
 * bits and the same UB flag (only the UB flag for uninterpreted functions). Any difference is a bug in
 * one of the two, and is listed. Vectors are covered the same way, lane-wise (conformance_vector.c),
 * INVALID operands of index ops (conformance_invalid.c), and the tensor-graph layer's expressions over
 * concrete buffers (conformance_graph.c). */
#ifndef VSIMP_CHECK_CONFORMANCE_H
#define VSIMP_CHECK_CONFORMANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "smt/smt.h"

typedef struct {
  bool full;            /* also every pair of power-of-two neighbours and more random operands */
  uint64_t seed;        /* for the random operands */
  size_t random_per_op; /* random operand tuples per (op, dtype) */
  size_t max_report;    /* mismatches printed to the log (all are counted) */
  /* 0 or 1: every operand tuple of the run; N > 1: every N-th scalar tuple only (a thinned run for the
   * unit test tier; the full tier and the gate take every tuple). */
  unsigned sample;
} ConformanceOptions;

typedef struct {
  size_t cases;      /* (op, dtypes, operands) tuples compared */
  size_t op_dtypes;  /* distinct (op, dtype) classes covered */
  size_t mismatches; /* tuples where the two disagree */
  size_t unreduced;  /* tuples Z3 could not reduce to a constant (uninterpreted functions): UB flag only */
  size_t vector_cases; /* of cases, those on vectors (conformance_vector.c) */
  size_t invalid_cases; /* of cases, those with an INVALID index operand (conformance_invalid.c) */
  size_t graph_cases; /* of cases, those of the tensor-graph layer (conformance_graph.c) */
  double seconds;
} ConformanceReport;

/* Runs the check; mismatches are described on log (if not NULL). Returns true when none was found. */
bool conformance_run(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log);
/* The vector part of conformance_run (every lane-wise op at lane counts 2, 3, 4, 8, 16, and the lane
 * moves), adding to report. */
void conformance_run_vectors(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log);

/* The INVALID part: every op with index operands, an INVALID one among them (and UB ones mixed in). */
void conformance_run_invalid(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log);

/* The tensor-graph part: loads, stores, after, reductions, loop nests of effects, free ranges, over
 * concrete buffers of every element dtype (conformance_graph.c). */
void conformance_run_graph(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *report, FILE *log);

#endif
