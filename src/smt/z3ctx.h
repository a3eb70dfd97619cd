/* z3ctx.h (internal to smt/): the Z3 context an SmtCtx owns, the objects cached in it, and Z3 error
 * capture.
 *
 * The context is reference-counted (Z3_mk_context_rc): every term a query creates is released when the
 * query ends, so a long run does not accumulate terms. Sorts, rounding modes, the true/false constants
 * and uninterpreted function declarations live as long as the context. The context is still recreated
 * now and then, as a bound on whatever Z3 keeps internally (symbols, caches). */
#ifndef VSIMP_SMT_Z3CTX_H
#define VSIMP_SMT_Z3CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <z3.h>

#include "smt/smt.h"

enum { SMT_RM_RNE, SMT_RM_RTZ, SMT_RM_RTN, SMT_RM_RTP, SMT_RM_COUNT };
/* The uninterpreted ops, indexing SmtCtx.uf. */
enum { SMT_UF_EXP2, SMT_UF_LOG2, SMT_UF_SIN, SMT_UF_POW, SMT_UF_COUNT };

struct SmtCtx {
  unsigned timeout_ms, rlimit;
  char *smt2_path; /* our own copy */
  unsigned second, portfolio_after_ms, second_timeout_ms; /* SmtOptions */
  SmtSolveInfo last; /* smt_last_solve */
  struct QueryCache *cache; /* SmtOptions.cache: not owned */

  Z3_context z;          /* NULL until first needed, and after a failed creation */
  unsigned z_uses;       /* weighted queries since the context was created (for recycling) */
  unsigned recycle_at;   /* z_uses at which the context is recreated (tests lower it) */
  Z3_sort sort[DT_COUNT]; /* per DType: Bool, BV w, or FP */
  Z3_ast rm[SMT_RM_COUNT];
  Z3_ast t_true, t_false;
  Z3_func_decl uf[SMT_UF_COUNT][3]; /* per float dtype (f16, f32, f64), created on first use */
  Z3_tactic qfbv, qffpbv; /* the solving strategies, see smt_z3_solver */
  Z3_params params;      /* timeout, rlimit, ctrl_c: rebuilt when the options change */
  /* The side context (smt_z3_side): where queries built in z are translated and solved. */
  Z3_context side;
  Z3_params side_params;
  unsigned side_uses;
};

/* Makes sure s->z exists (creating or recycling it; `weight` is what this query counts towards the
 * recycling bound) and clears the error state. False if Z3 could not be set up; *why says why. */
bool smt_z3_begin(SmtCtx *s, unsigned weight, char *why, size_t whylen);

/* True if a Z3 error was reported since the last smt_z3_begin/smt_z3_clear_error; copies its message. */
bool smt_z3_failed(char *why, size_t whylen);
void smt_z3_clear_error(void);

/* The side context, created on first use with the same options: a query built in s->z is translated
 * there (Z3_translate) and solved there. Z3's check costs time in proportion to every term alive in its
 * context (measured: a 3 ms query takes 37 ms in a context that holds a million other terms), and a
 * program check holds the terms of a whole program in s->z; the side context holds one query at a time.
 * It is recreated after many uses, and only when no object of it is alive: call smt_z3_side_recycle at
 * such a point. NULL on failure. */
Z3_context smt_z3_side(SmtCtx *s);
Z3_params smt_z3_side_params(SmtCtx *s);
void smt_z3_side_recycle(SmtCtx *s);

/* A solver suited to a query whose expressions carry the NF_* flags `flags`, with the options' params
 * set and one reference held by the caller (release with Z3_solver_dec_ref). NULL on a Z3 error. */
Z3_solver smt_z3_solver(SmtCtx *s, unsigned flags);

/* Writes the solver's assertions as a self-contained SMT-LIB2 script ending in (check-sat) to
 * s->smt2_path. False (with *why) if the file cannot be written. */
bool smt_z3_dump(SmtCtx *s, Z3_solver solver, char *why, size_t whylen);

/* The SMT-LIB2 logic of a query: QF_NIA for the integer encoding, else QF_[A][UF]BV[FP] from the NF_*
 * flags of what it encodes (arrays and uninterpreted functions for graphs, uninterpreted functions,
 * floats). */
const char *smt_logic(unsigned flags, bool integer);
/* The name of a constant's symbol as the SMT-LIB2 text writes it. */
const char *smt_z3_const_name(SmtCtx *s, Z3_ast c);
/* Sets the per-query time limit (the options' timeout_ms) for the queries that follow, until set again:
 * a caller that splits one instance's time between two encodings. */
void smt_z3_set_timeout(SmtCtx *s, unsigned timeout_ms);
/* Makes the next smt_z3_begin recreate the context (after Z3_interrupt, whose cancellation Z3 does not
 * undo). */
void smt_z3_retire(SmtCtx *s);

/* The declaration of an uninterpreted op at a float dtype, created on first use. */
Z3_func_decl smt_z3_uf(SmtCtx *s, int uf, DType dt);

#endif
