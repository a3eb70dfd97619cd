/* encode.h (internal to smt/): expressions as Z3 terms, following docs/semantics.md.
 *
 * Each node becomes a value term (Bool for bool, a bit-vector of the dtype's width for integers, an FP
 * term for floats) and a definedness term (Bool: true iff the node is not UB). One Enc serves one query:
 * it memoizes nodes (so pre, src and tgt share their common subexpressions), collects the variables
 * with their range constraints, and holds a reference to every term it creates until enc_fini.
 *
 * Z3 errors make the term helpers return NULL; every helper passes a NULL operand through without
 * calling Z3, so an encoding that failed halfway finishes harmlessly and the caller sees e->failed. */
#ifndef VSIMP_SMT_ENCODE_H
#define VSIMP_SMT_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <z3.h>

#include "ir/nodemap.h"
#include "smt/cvc5.h"
#include "smt/z3ctx.h"

/* inv (Bool) is true iff the node is INVALID, the index sentinel (docs/semantics.md, "The invalid
 * index"); it only means something where def holds, and val is then meaningless. NULL means false:
 * only index nodes above an `invalid` leaf get a term (enc_inv). */
typedef struct {
  Z3_ast val, def, inv;
} SmtTerm;

typedef struct {
  SmtCtx *s;
  Z3_context z;
  NodeMap memo; /* node -> index into terms */
  SmtTerm *terms;
  size_t nterms, tcap;
  Z3_ast *held; /* terms we hold a reference to */
  size_t nheld, hcap;
  struct EncVar {
    const Node *node;
    Z3_ast c;
  } *vars; /* in order of encoding */
  size_t nvars, vcap;
  Z3_ast ranges; /* conjunction of the variables' range constraints (and the definitions of portable) */
  /* The IEEE bits of a float term (enc_fp_bits) as SMT-LIB states them: fp.to_ieee_bv is Z3's own, so
   * a query for any solver names the bits b of x by a fresh constant with (fp b) == x, conjoined into
   * ranges (for every x there is such a b, unique but for NaN, whose pattern enc_fp_bits pins anyway).
   * Set by enc_init; a ground evaluation (ground.c) or a model's evaluation clears it or uses
   * enc_fp_bits_eval, since Z3 must reduce those terms to numerals. */
  bool portable;
  struct EncBits {
    Z3_ast x, b, canon; /* canon: enc_fp_bits(x), the bits with NaN's pattern pinned (NULL until built) */
  } *fpbits; /* the fresh bits made so far, per float term */
  size_t nfpbits, fbcap;
  bool failed;
} Enc;

/* s must have a context: call smt_z3_begin first. enc_fini releases every term the Enc holds. */
void enc_init(Enc *e, SmtCtx *s);
void enc_fini(Enc *e);

/* Encodes root and everything below it not yet encoded. False if the encoding failed. */
bool enc_expr(Enc *e, Node *root, SmtTerm *out);

/* Takes a reference to a term Z3 just returned (Z3 only keeps the latest result alive); NULL marks
 * the encoding failed. Returns a. */
Z3_ast enc_hold(Enc *e, Z3_ast a);

/* Term helpers: NULL in, NULL out. */
typedef Z3_ast (*EncFn1)(Z3_context, Z3_ast);
typedef Z3_ast (*EncFn2)(Z3_context, Z3_ast, Z3_ast);
typedef Z3_ast (*EncFn3)(Z3_context, Z3_ast, Z3_ast, Z3_ast);
Z3_ast enc_ap1(Enc *e, EncFn1 f, Z3_ast a);
Z3_ast enc_ap2(Enc *e, EncFn2 f, Z3_ast a, Z3_ast b);
Z3_ast enc_ap3(Enc *e, EncFn3 f, Z3_ast a, Z3_ast b, Z3_ast c);
Z3_ast enc_and(Enc *e, Z3_ast a, Z3_ast b); /* folds a literal true */
Z3_ast enc_or(Enc *e, Z3_ast a, Z3_ast b);
Z3_ast enc_not(Enc *e, Z3_ast a);
Z3_ast enc_ite(Enc *e, Z3_ast c, Z3_ast a, Z3_ast b);
Z3_ast enc_eq(Enc *e, Z3_ast a, Z3_ast b);
Z3_ast enc_extract(Enc *e, unsigned hi, unsigned lo, Z3_ast a);
/* The bit-vector numeral `bits` of width w. */
Z3_ast enc_bv(Enc *e, uint64_t bits, int w);
/* A constant of dtype dt from its bit pattern (exact for floats; NaN patterns give the NaN). */
Z3_ast enc_const(Enc *e, DType dt, uint64_t bits);
/* The IEEE bits of float term x as a bit-vector, NaN read as the canonical NaN pattern (portable: see
 * Enc.portable). */
Z3_ast enc_fp_bits(Enc *e, Z3_ast x, DType dt);
/* The float term x whose enc_fp_bits are exactly bits hi..lo of a (read through the extracts and
 * concats that build vectors), or NULL: (fp those bits) is then x itself. */
Z3_ast enc_fp_of_bits(Enc *e, Z3_ast a, unsigned hi, unsigned lo);
/* The same with Z3's fp.to_ieee_bv, which a model evaluation or a simplification reduces to a numeral:
 * for reading values, never in a query. */
Z3_ast enc_fp_bits_eval(Enc *e, Z3_ast x, DType dt);

/* Decides whether tgt refines src given hyp: asserts e->ranges && hyp && def(src) && !(def(tgt) &&
 * src == tgt) in a solver chosen by `flags` (the NF_* flags of everything encoded) and checks it.
 * Fills r (verdict, model over e->vars, reason; not seconds) and returns the verdict. */
SmtVerdict smt_solve_refinement(SmtCtx *s, Enc *e, Z3_ast hyp, SmtTerm src, SmtTerm tgt, unsigned flags,
                                SmtResult *r);
/* The query cache's key (smt_query_key) of that refinement query: the same assertions. */
char *smt_refinement_key(SmtCtx *s, Enc *e, Z3_ast hyp, SmtTerm src, SmtTerm tgt, unsigned flags);

/* ---- checking a query (solve.c): Z3, and cvc5 as the context's options ask ---- */

typedef struct {
  unsigned flags;      /* NF_* of what the query encodes: its SMT-LIB2 logic */
  bool integer;        /* the integer encoding (logic QF_NIA) */
  bool models;         /* the caller reads a model of e's variables: a cvc5 sat counts, with its values */
  unsigned timeout_ms; /* this query's limit (0: the context's) */
  bool no_recheck;     /* a part of a query the caller re-checks whole (smt_recheck_formulas) */
} SmtCheckSpec;

typedef struct {
  Z3_lbool res;      /* the answer taken: Z3_L_FALSE unsat, Z3_L_TRUE sat, Z3_L_UNDEF neither */
  int by;            /* SMT_SOLVER_Z3 or SMT_SOLVER_CVC5 */
  Cvc5Answer cvc5;   /* by cvc5: its answer (sat: the values, read by smt_cvc5_model) */
  bool disagree;     /* the solvers contradicted each other (res is Z3_L_UNDEF; why has both answers) */
  char why[200];     /* Z3_L_UNDEF: why */
} SmtCheck;

/* Checks the solver's assertions (its params already set; e: the query's variables, for models). */
Z3_lbool smt_check(SmtCtx *s, const Enc *e, Z3_solver solver, const SmtCheckSpec *spec, SmtCheck *out);
void smt_check_free(SmtCheck *c);
/* SMT_SECOND_RECHECK: the conjunction of fs[0..n), which Z3 found unsatisfiable, given to cvc5; the
 * outcome goes to the context's last-solve record (a sat there is a disagreement). */
void smt_recheck_formulas(SmtCtx *s, const Z3_ast *fs, size_t n, const SmtCheckSpec *spec);
/* The query cache's key (smt/query_cache.h) of the conjunction of fs[0..n) under spec's logic: what a
 * caller that decides one obligation by several queries (verify/: two encodings, turns, cases) files its
 * verdict under, keyed by one exact statement of it. NULL when the context has no cache (or re-checks
 * every proof) or on a Z3 error. */
char *smt_query_key(SmtCtx *s, const Z3_ast *fs, size_t n, const SmtCheckSpec *spec);
/* cvc5's values of e's variables (every lane) into r->model.vars, as enc_extract_model does with Z3's
 * model: SMT_INVALID, or SMT_UNKNOWN when some variable has no value. */
SmtVerdict smt_cvc5_model(Enc *e, const SmtCheck *c, SmtResult *r);

/* The model of a satisfied solver over e->vars (every lane) into r->model.vars: SMT_INVALID, or
 * SMT_UNKNOWN (r->reason says why, r's model freed) when some variable has no value. */
SmtVerdict enc_extract_model(Enc *e, Z3_solver solver, SmtResult *r);
/* The model's value of term (dtype dt) as a bit pattern (floats: IEEE bits, NaN canonical; model
 * completion gives unconstrained terms a value). False if the model does not reduce it to a numeral. */
bool enc_model_bits(Enc *e, Z3_model m, Z3_ast term, DType dt, uint64_t *bits);
/* Why a check came back unknown (timeout, rlimit, ...), into reason; clears a pending Z3 error. */
void enc_unknown_reason(Enc *e, Z3_solver solver, char *reason, size_t size);

/* t.inv, or false. */
Z3_ast enc_inv(const Enc *e, SmtTerm t);
/* Refinement's sameness of a source and a target term, assuming def(src): def(tgt), and both INVALID
 * or both not INVALID with equal values. */
Z3_ast enc_same(Enc *e, SmtTerm src, SmtTerm tgt);

/* ---- the node encoders (encode.c, encode_vector.c) ---- */

/* The term of an already encoded operand. */
bool enc_arg_term(const Enc *e, const Node *a, SmtTerm *t);
/* A variable (scalar or vector), registered in e->vars with its range constraints. */
Z3_ast enc_var(Enc *e, const Node *n);
/* n's op (a scalar op) applied to operand terms a[0..3) in commutative order; see encode.c. */
bool enc_scalar_op(Enc *e, const Node *n, const SmtTerm *a, Z3_ast def, bool consts, SmtTerm *out);
/* A scalar node n (not a leaf) applied to its operands' terms args[0..nargs): what enc_expr does with
 * the memoised operand terms (definedness, select's laziness, INVALID, commutative order). The graph
 * encoding (encode_graph.c) calls it with operand terms computed in a memory state. */
bool enc_node_terms(Enc *e, const Node *n, const SmtTerm *args, SmtTerm *out);
/* A vector node, or a GEP (whose operand is a vector), as described in encode_vector.c. */
bool enc_vector_node(Enc *e, const Node *n, SmtTerm *out);
/* Lane k of a vector term with lanes of dtype dt, as a scalar term of dt (Bool, bit-vector or FP). */
Z3_ast enc_lane(Enc *e, Z3_ast vec, DType dt, int k);
/* A scalar term of dt as the lane bits a vector term holds (bool: 1 bit; floats: IEEE bits, NaN
 * canonical). */
Z3_ast enc_lane_bits(Enc *e, Z3_ast x, DType dt);

/* Float semantics that need more than one Z3 operation (encode_float.c). */
Z3_ast enc_fp_minmax(Enc *e, Z3_ast a, Z3_ast b, DType dt, bool is_max);
/* float -> integer or bool cast of x (dtype from) to dtype to: value, and the definedness it adds. */
Z3_ast enc_fp_to_int(Enc *e, Z3_ast x, DType from, DType to, Z3_ast *def);
/* integer or bool -> float. */
Z3_ast enc_int_to_fp(Enc *e, Z3_ast x, DType from, DType to);

#endif
