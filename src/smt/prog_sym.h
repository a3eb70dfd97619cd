/* prog_sym.h (internal to smt/): symbolic execution of a function into Z3 terms (the semantics of
 * eval/prog_eval.h), for prog_check.c.
 *
 * The executor follows every path at once: an `if` runs both branches on copies of the state and
 * merges them with ite on the condition; loop iterations are branches guarded by "this iteration
 * runs". The state holds each variable's term, a UB flag (some evaluated expression was UB on this
 * path), the trace (a length and arrays from position to event signature and arguments), and the
 * assumptions that bounded unrolling made. Expressions are encoded by smt/encode.h over placeholder
 * constants and then substituted with the variables' current terms. */
#ifndef VSIMP_SMT_PROG_SYM_H
#define VSIMP_SMT_PROG_SYM_H

#include "ir/arena.h"
#include "ir/stmt.h"
#include "smt/encode.h"
#include "smt/smt.h"

typedef struct {
  Z3_ast v;       /* scalar: the dtype's sort; tensor: 64-bit identity */
  uint32_t rank;
  Z3_ast *shape;  /* tensors: 64-bit shape entries */
} SVal;

typedef struct {
  SVal *env;      /* per variable id */
  Z3_ast ub;      /* Bool */
  Z3_ast assume;  /* Bool: what bounded unrolling assumed */
  Z3_ast len;     /* 32-bit trace length */
  Z3_ast sig;     /* Array BV32 -> BV32 */
  Z3_ast *args;   /* maxa arrays BV32 -> BV64 */
  uint64_t nev;   /* events on the longest path so far */
  SVal *yv;       /* the current body's yield values */
} SState;

/* Shared by the two executions of one check. */
typedef struct {
  SmtCtx *s;
  Enc *e;
  Z3_context z;
  Arena arena;
  char **sigs; /* event signatures; an event's id is its index */
  size_t nsigs, capsigs;
  uint32_t maxa;
  Z3_sort bv32, bv64, arr32, arr64;
  Z3_ast zero64, zero32;
  unsigned unroll;
  unsigned long steps, max_steps;
  Z3_func_decl callres[DT_COUNT]; /* call results, per dtype: position -> value */
  Z3_func_decl view;              /* a view that is not the identity: (tensor, rows, offset) -> tensor */
  bool bounded;
  bool has_float; /* some term has a floating-point sort (the solver choice depends on it) */
  bool unknown; /* e.g. a constant trip count above the bound */
  char why[200];
} SymShared;

typedef struct {
  SymShared *sh;
  const Function *f;
  NodeMap var_id; /* VAR node -> id + 1 */
  SState st;
} Sym;

bool sym_shared_init(SymShared *sh, SmtCtx *s, Enc *e, unsigned unroll, unsigned long max_steps, uint32_t maxa);
void sym_shared_fini(SymShared *sh);
/* The largest number of values an event of f carries. */
uint32_t sym_max_event_args(const Function *f);
/* Runs f from its entry with the parameters as the Enc's variables. False if the encoding failed
 * (sh->e->failed) or the execution gave up (sh->unknown). */
bool sym_run(Sym *y, SymShared *sh, const Function *f);
void sym_fini(Sym *y);
/* A value as 64 bits, the form event arguments take. */
Z3_ast sym_to_bv64(SymShared *sh, Z3_ast v, DType dt);
/* The uninterpreted result of the call at position pos (a 32-bit term), of scalar dtype dt. */
Z3_ast sym_call_result(SymShared *sh, Z3_ast pos, DType dt);

#endif
