/* rule_verify.h: proving rules (docs/rules.md, "Proofs").
 *
 * An instance of a rule is one assignment of dtypes to its free type classes. For each, the verifier
 * builds the pattern and the template over fresh variables (pattern variables and constant variables
 * alike: a constant is just a value the prover does not know), gives every vmin(x)/vmax(x) a fresh
 * bound variable with vmin(x) <= x <= vmax(x), encodes the guard in exact integer arithmetic (bit-vector
 * widths chosen so that no guard operation can wrap), treats the heuristic guard tests (is_const,
 * order) as unconstrained booleans, and asks Z3 whether some assignment satisfies the guard while the
 * template fails to refine the pattern. */
#ifndef VSIMP_SMT_RULE_VERIFY_H
#define VSIMP_SMT_RULE_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/rule.h"
#include "smt/smt.h"

typedef enum { PROOF_PROVED, PROOF_REFUTED, PROOF_UNKNOWN, PROOF_ERROR } ProofStatus;

typedef struct {
  ProofStatus status;
  double seconds;
  char *cex;        /* PROOF_REFUTED: a .vs case that `vsimp check` reproduces (malloc'd) */
  char reason[200]; /* PROOF_UNKNOWN / PROOF_ERROR */
  bool by_search;   /* PROOF_REFUTED by the concrete search (rule_concrete.h), not by a solver */
  int by;           /* PROOF_PROVED / PROOF_REFUTED: PROOF_BY_Z3, PROOF_BY_CVC5, or PROOF_BY_EVAL (the concrete
                     * search, or every point of a small domain evaluated) */
  int recheck;      /* SMT_RECHECK_*: what the second solver said of a proof (SMT_SECOND_RECHECK) */
  bool disagree;    /* PROOF_ERROR: the two solvers contradicted each other (reason: both answers) */
  bool int_late;    /* PROOF_PROVED by the integer encoding in a turn after its first (rule_verify.c) */
  bool bv_early;    /* PROOF_PROVED by the bit-vector encoding's first turn (or the cases after it) after the
                     * integer encoding's first turn was spent in vain */
  bool int_after_bv; /* PROOF_PROVED by the integer encoding after the bit-vector turn HINT_BV_FIRST put
                      * first was spent in vain */
  bool cases_early;  /* PROOF_PROVED by the cases (a power of two, a bool) after a first turn spent in vain */
  bool cases_missed; /* the cases HINT_CASES_FIRST put first did not prove it */
  /* What a long integer turn's two queries did (rule_verify.c, "exactness the hypotheses imply"): proved
   * it as it stands, proved it with the derived exactness marks, or both were open. */
  bool int_plain, int_marked, int_neither;
  /* The rule's proof steps did not prove the instance (docs/rules.md, "Proof steps"): which obligation,
   * and what it came to; status and reason are then the instance's as it stands. Empty otherwise. */
  char step_note[200];
} ProofResult;

enum { PROOF_BY_Z3, PROOF_BY_CVC5, PROOF_BY_EVAL };
/* "z3", "cvc5", "eval" */
const char *proof_by_name(int by);

const char *proof_status_name(ProofStatus s);

/* The instances of r its typing and its guard's dtype tests admit, in increasing index order.
 * Returns the count (at most cap are stored). */
size_t rule_admissible_instances(const Rule *r, unsigned *out, size_t cap);

/* Which encodings a proof may use. PROVE_ANY searches for a counterexample with the reference
 * evaluator first (rule_concrete.h), then tries the integer-theory encoding (int_encode.h) and falls
 * back to the bit-vector encoding, which alone of the two can refute and give a counterexample.
 * PROVE_SOLVER is PROVE_ANY without the concrete search (verify_run.c runs the search itself, sharing
 * counterexamples between the instances of a rule).
 * PROVE_BV_ONLY and PROVE_INT_ONLY exist so that each encoding can be tested on its own: with
 * PROVE_INT_ONLY a result is PROOF_PROVED or PROOF_UNKNOWN, never PROOF_REFUTED (an integer `sat` is
 * not a counterexample, int_solve.h). */
typedef enum { PROVE_ANY, PROVE_BV_ONLY, PROVE_INT_ONLY, PROVE_SOLVER } ProofEngine;

ProofResult verify_rule_instance(SmtCtx *s, const Rule *r, unsigned instance);
ProofResult verify_rule_instance_with(SmtCtx *s, const Rule *r, unsigned instance, ProofEngine engine);
/* The same, with hints from the run's other instances of r (HINT_*). HINT_INT_FIRST: the integer
 * encoding's first turn as long as its second (another instance was proved only in that second turn:
 * the two short turns before it would likely be spent in vain again). HINT_BV_FIRST: the bit-vector
 * encoding's first turn before the integer encoding's (another instance was proved by it after the
 * integer turn was spent in vain). HINT_CASES_FIRST: the cases of a power of two or a bool variable
 * (rule_cases.c) before the turns (another instance was proved by them after its first turns were
 * spent in vain). HINT_TWIN: the instance likely states the obligation of one solved before (the index
 * instance after the i64 one): the run's record of it is looked up before the integer turn (so it is,
 * too, under HINT_INT_FIRST). HINT_INT_MARKED: the long integer turns ask the query with the derived
 * exactness marks first (more of the other instances were proved by it than without); HINT_INT_PLAIN:
 * they ask only the query as it stands (the marks never proved another instance, and two left both
 * open). The answer may differ only where a limit is reached. */
enum { HINT_INT_FIRST = 1, HINT_BV_FIRST = 2, HINT_CASES_FIRST = 4, HINT_TWIN = 8, HINT_INT_PLAIN = 16,
       HINT_INT_MARKED = 32 };
ProofResult verify_rule_instance_hinted(SmtCtx *s, const Rule *r, unsigned instance, ProofEngine engine,
                                        unsigned hints);
void proof_result_free(ProofResult *p);

/* Can instance idx of r ever fire on a defined term? VAC_FIRES: some point satisfies the guard with the
 * pattern defined (found by the concrete search, else by the solver); VAC_GUARD: the guard holds at no
 * point; VAC_UB: wherever the guard holds, the pattern is UB; VAC_UNKNOWN: undecided (graph rules are
 * not asked). Both VAC_GUARD and VAC_UB come from the solver (unsat). */
typedef enum { VAC_UNKNOWN, VAC_FIRES, VAC_GUARD, VAC_UB } Vacuity;
Vacuity rule_instance_vacuity(SmtCtx *s, const Rule *r, unsigned instance);

#endif
