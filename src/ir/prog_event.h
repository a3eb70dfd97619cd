/* prog_event.h: the observable events of a program run (docs/pass.md, "Program semantics"), as both
 * implementations of the program semantics record them: the reference interpreter
 * (src/eval/prog_eval.c) and the symbolic executor (src/smt/prog_sym.c). One naming of events and one
 * identity scheme for tensors, so that a trace of one can be compared with a trace of the other. */
#ifndef VSIMP_IR_PROG_EVENT_H
#define VSIMP_IR_PROG_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/stmt.h"

enum { PROG_KIND_TENSOR = 0xff };

/* The loops running a statement, innermost first (at most PROG_LOOP_CTX of them; depth counts all),
 * each with its iteration (from 0): where in a run an event or UB happens. */
enum { PROG_LOOP_CTX = 4 };
typedef struct {
  uint32_t depth;
  struct {
    int line, col;
    uint64_t iter;
  } at[PROG_LOOP_CTX];
} ProgLoopCtx;

typedef struct {
  char *sig;       /* the event's signature: `call f(i32, tensor)->index`, `spmd`, `return(i32)`... */
  uint32_t nargs;
  uint64_t *args;  /* bit patterns (tensors: their identity), then a tensor result's shape */
  uint8_t *kinds;  /* per argument: its DType, or PROG_KIND_TENSOR for a tensor identity */
  int line, col;   /* the statement */
  ProgLoopCtx loops; /* the loops running it */
} ProgEvent;

typedef struct {
  bool ub;          /* the run hit UB at (ub_line, ub_col) */
  int ub_line, ub_col;
  ProgLoopCtx ub_loops; /* the loops running at the UB */
  bool out_of_fuel; /* stopped after the step limit (a loop that does not end) */
  ProgEvent *events;
  size_t nevents;
} ProgTrace;

void prog_trace_free(ProgTrace *t);

/* Event signatures: `call f(i32,tensor[2]f32)->index`, `spmd(index)`, `return(i32)`. malloc'd; NULL when
 * out of memory. */
char *prog_sig_call(const Call *c, const Type *result); /* result NULL: a call statement */
/* `submit k(i32)->index deps(2)`: a task with its result's kind and its number of dependencies (its
 * arguments, then a tensor result's shape, then the dependencies' task ids). */
char *prog_sig_submit(const Call *c, const Type *result, uint32_t ndeps);
char *prog_sig_simple(const char *what, const Type *const *types, uint32_t n);
/* sig (consumed) with ` deps(n)` when n > 0 and ` when T[k] OP K` for a dispatch predicate p (NULL:
 * none), T the type of p's tensor: what an spmd's or a submit's signature adds for them (the event's
 * arguments then hold the dependencies' values, then the tensor's identity and the k indices). */
char *prog_sig_dispatch(char *sig, uint32_t ndeps, const Pred *p);

/* Tensor identities: parameter i is i + 1; the tensor a call returns at event k is 2^32 + k. */
uint64_t prog_tensor_param_id(uint32_t param_index);
uint64_t prog_tensor_call_id(uint64_t event_pos);
/* The task id of the submit at event k: 2^32 + k (an index). */
static inline uint64_t prog_task_id(uint64_t event_pos) { return prog_tensor_call_id(event_pos); }
/* The identity of slot j of the domain entered at event k: 2^48 + 256 k + j (an index; j < 256). */
static inline uint64_t prog_slot_id(uint64_t event_pos, uint32_t j) {
  return (UINT64_C(1) << 48) + (event_pos << 8) + j;
}
/* The element size, in bytes, of a pinned slot's buffer of dtype dt: a byte for bool. */
static inline uint64_t prog_pin_elem_bytes(DType dt) { return dt_bits(dt) >= 8 ? (uint64_t)dt_bits(dt) / 8 : 1; }
/* `end domain(index,index)`: the domain's end with its k sizes; `domain[k]` its start. */
char *prog_sig_domain(uint32_t nslots, bool end);

#endif
