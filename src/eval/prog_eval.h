/* prog_eval.h: the reference interpreter of programs (docs/pass.md, "Program semantics").
 *
 * A run executes one function on concrete parameter values and records its observable trace: every
 * event (an opaque call with its argument values, an `spmd` core count, scope boundaries, a tensor
 * definition with its shape, the returned values) in order, and whether the run hit UB (then the
 * trace stops there). Expressions are computed by the reference evaluator (eval_op). Results of
 * opaque calls come from the caller (the k-th event's result), tensors are opaque identities:
 * parameter i is i + 1, the tensor a call returns at event k is 2^32 + k.
 *
 * The symbolic executor (smt/prog_*.c) encodes the same semantics for Z3; prog_check confirms every
 * counterexample Z3 finds by running both programs here. */
#ifndef VSIMP_EVAL_PROG_EVAL_H
#define VSIMP_EVAL_PROG_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "ir/prog_event.h"
#include "ir/stmt.h"


/* The result of the opaque call at event index `pos`, of dtype dt (scalars only). */
typedef bool (*ProgCallResult)(void *user, size_t pos, DType dt, uint64_t *bits);

typedef struct {
  const uint64_t *params; /* one bit pattern per parameter (ignored for tensors) */
  ProgCallResult call_result; /* NULL: every result is 0 */
  void *user;
  uint64_t fuel; /* statements executed at most; 0: 10,000,000 */
} ProgEvalInput;

/* Runs f. False only on an internal failure (out of memory). */
bool prog_eval(const Function *f, const ProgEvalInput *in, ProgTrace *out);


#endif
