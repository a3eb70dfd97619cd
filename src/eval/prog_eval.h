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
#include "ir/stmt.h"

enum { PROG_KIND_TENSOR = 0xff };

typedef struct {
  char *sig;       /* the event's signature: `call f(i32, tensor)->index`, `spmd`, `return(i32)`... */
  uint32_t nargs;
  uint64_t *args;  /* bit patterns (tensors: their identity), then a tensor result's shape */
  uint8_t *kinds;  /* per argument: its DType, or PROG_KIND_TENSOR for a tensor identity */
  int line, col;   /* the statement */
} ProgEvent;

typedef struct {
  bool ub;          /* the run hit UB at (ub_line, ub_col) */
  int ub_line, ub_col;
  bool out_of_fuel; /* stopped after the step limit (a loop that does not end) */
  ProgEvent *events;
  size_t nevents;
} ProgTrace;

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
void prog_trace_free(ProgTrace *t);

/* Signature strings, shared with the symbolic executor so that both name events the same way. */
char *prog_sig_call(const Call *c, const Type *result); /* result NULL: a call statement */
char *prog_sig_simple(const char *what, const Type *const *types, uint32_t n);

/* The value encoding of event arguments: a scalar's bit pattern, zero-extended to 64 bits. */
uint64_t prog_tensor_param_id(uint32_t param_index);
uint64_t prog_tensor_call_id(uint64_t event_pos);

#endif
