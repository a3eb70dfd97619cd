/* prog_check.h: translation validation of programs (docs/pass.md, "Translation validation").
 *
 * prog_check_function proves with Z3 that a target function refines a source function: for every
 * assignment of the parameters within their declared ranges on which the source has no UB, the target
 * has no UB and produces the same trace (program semantics: eval/prog_eval.h): the same opaque calls
 * in the same order with the same argument values, the same `spmd` core counts and scope boundaries,
 * the same tensor definitions with equal shapes, and the same returned values. Calls are uninterpreted:
 * the k-th event's result is an unknown shared by both programs, so a call may return anything but
 * must be made identically.
 *
 * Loop by loop: each target loop is paired with a source loop (by the pass's record of what it kept,
 * opts.links, or else structurally) and each pair is proved by induction on an arbitrary iteration;
 * the checker confirms every pairing (a wrong one only fails its proof). A frame (the function body, or
 * an iteration of a pair) is cut into regions at the pairs at its top level, and each region is one
 * query in which a paired loop is a summary: one event, results unknown but shared. A pair whose
 * proof fails is dropped and its loops are unrolled instead (exactly when the trip count is a constant
 * of at most opts.unroll, or proved to be at most that; beyond a constant, unknown; a symbolic trip
 * count not proved small is unrolled opts.unroll times under the assumption that it does not run
 * longer: the proof is then reported as bounded). Each loop's method is reported.
 *
 * An `invalid` verdict comes with a counterexample that the reference interpreter (prog_eval)
 * confirms: parameter values, the call results it depends on, and the first event where the two
 * traces diverge, with the iteration it happens in (or the UB the target has and the source does not).
 * A Z3 model the interpreter does not confirm is never `invalid`. */
#ifndef VSIMP_VERIFY_PROG_CHECK_H
#define VSIMP_VERIFY_PROG_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/refine_check.h"
#include "ir/stmt.h"
#include "pass/prog_pass.h"
#include "smt/smt.h"

typedef struct {
  unsigned unroll;          /* iterations per loop; 0: 32 */
  unsigned long max_steps;  /* statements executed symbolically, in all; 0: 1,000,000 */
  bool no_induction;        /* pair no loop: unroll them all (the checker before loop-by-loop validation) */
  /* The pass's record of the loops it kept (input statement -> output statement, chained across runs),
   * or NULL: loops are then paired structurally. */
  const PassLoopLink *links;
  size_t nlinks;
  /* A budget in seconds for the whole check (0: none): past it, every further query is undecided and
   * the verdict `unknown`, never `valid`. For callers that check many programs (the program fuzzer):
   * each query has its time limit, but a program can ask hundreds of them over several attempts. */
  double seconds;
} ProgCheckOptions;

typedef enum { PROG_LOOP_INDUCTION, PROG_LOOP_UNROLLED, PROG_LOOP_BOUNDED } ProgLoopMethod;

/* How one loop was checked. */
typedef struct {
  const char *func;     /* the function (interned) */
  bool in_target;       /* a loop of the target only (no source loop is paired with it) */
  int line, col;        /* the loop (in the source, unless in_target) */
  int tline, tcol;      /* the target loop paired with it (0: none) */
  ProgLoopMethod method;
  char note[160];       /* why it was not proved by induction, if it was paired once */
} ProgLoopReport;

typedef struct {
  CheckVerdict verdict;
  bool bounded;      /* valid only for loops running at most `bound` iterations */
  unsigned bound;
  bool input_error;  /* the two programs cannot be compared (different signatures): see reason */
  char reason[256];
  char *report;      /* CHECK_INVALID: the counterexample, as text lines (malloc'd) */
  double seconds;
  ProgLoopReport *loops; /* every loop of the source and the target's unpaired ones (malloc'd) */
  size_t nloops;
  unsigned queries;      /* solver queries (regions, frames, trip-count bounds) */
  unsigned attempts;     /* checks run (a failed pair is dropped and the check run again) */
} ProgCheckResult;

const char *prog_loop_method_name(ProgLoopMethod m);

ProgCheckResult prog_check_function(SmtCtx *s, const ProgCheckOptions *opts, const Function *src, const Function *tgt);
/* Every function of src against the function of tgt with the same name (the worst verdict). */
ProgCheckResult prog_check_program(SmtCtx *s, const ProgCheckOptions *opts, const Program *src, const Program *tgt);
void prog_check_result_free(ProgCheckResult *r);

/* Proves one fold decision: premises => cond == value (where cond is defined). */
CheckVerdict prog_check_obligation(SmtCtx *s, const Obligation *o, char *why, size_t whylen);

#endif
