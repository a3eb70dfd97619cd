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
 * Both functions are executed symbolically. A loop whose trip count is a constant is unrolled exactly
 * when it is at most opts.unroll (default 32); beyond that the verdict is unknown. A loop whose trip
 * count is symbolic (and every `while` loop) is unrolled opts.unroll times under the assumption that it
 * does not run longer: the proof is then reported as bounded (valid for every input on which every
 * loop of both programs runs at most that many iterations), never as a full proof.
 *
 * An `invalid` verdict comes with a counterexample that the reference interpreter (prog_eval)
 * confirms: parameter values, the call results it depends on, and the first event where the two
 * traces diverge (or the UB the target has and the source does not). A Z3 model the interpreter does
 * not confirm is reported as unknown. */
#ifndef VSIMP_SMT_PROG_CHECK_H
#define VSIMP_SMT_PROG_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/refine_check.h"
#include "ir/stmt.h"
#include "pass/prog_pass.h"
#include "smt/smt.h"

typedef struct {
  unsigned unroll;          /* iterations per loop; 0: 32 */
  unsigned long max_steps;  /* statements executed symbolically, in all; 0: 1,000,000 */
} ProgCheckOptions;

typedef struct {
  CheckVerdict verdict;
  bool bounded;      /* valid only for loops running at most `bound` iterations */
  unsigned bound;
  bool input_error;  /* the two programs cannot be compared (different signatures): see reason */
  char reason[256];
  char *report;      /* CHECK_INVALID: the counterexample, as text lines (malloc'd) */
  double seconds;
} ProgCheckResult;

ProgCheckResult prog_check_function(SmtCtx *s, const ProgCheckOptions *opts, const Function *src, const Function *tgt);
/* Every function of src against the function of tgt with the same name (the worst verdict). */
ProgCheckResult prog_check_program(SmtCtx *s, const ProgCheckOptions *opts, const Program *src, const Program *tgt);
void prog_check_result_free(ProgCheckResult *r);

/* Proves one fold decision: premises => cond == value (where cond is defined). */
CheckVerdict prog_check_obligation(SmtCtx *s, const Obligation *o, char *why, size_t whylen);

#endif
