/* rule_concrete.h: concrete search for counterexamples to a rule instance, before any solver
 * (docs/rules.md, "Concrete search").
 *
 * The instance is built as the verifier builds it (rule_inst.h): pattern and template over fresh
 * variables for the pattern variables, constant variables, bounds vmin(x)/vmax(x) and, for variables
 * that may be UB or INVALID, the bools that make them so. The search evaluates both sides with the
 * reference evaluator at points: edge and small values of every variable's dtype (in order of
 * magnitude, all small combinations first), every point of a small domain, and random points; for each
 * pattern variable whose bounds the rule reads it chooses concrete bounds around its value (the point
 * itself, the dtype's range, [0, v], ...). A point counts only where the guard holds in the verifier's
 * sense: exact integer arithmetic, a division by zero anywhere makes it undefined (not a point),
 * no_overflow(E) pointwise, the heuristic tests is_const and order free (either answer). A point where
 * the pattern is defined and the template is UB or differs (value_same: NaN equals NaN, -0.0 differs
 * from +0.0, INVALID only equals INVALID) is a counterexample; the smallest one found (smallest
 * magnitudes) is shrunk further, written as a .vs case with the point in a comment, and confirmed: the
 * case is parsed back and evaluated at the point by the evaluator, independently of the search.
 *
 * Points found at one instance are portable (by slot, as exact values): concrete_search retries them at
 * another instance of the same rule, sign- or zero-extended (or wrapped) to its dtypes.
 *
 * Scalar and vector rules (a variable of n lanes is n values; vector rules have no guard); graph rules
 * go to the solver as they are. A search that finds nothing
 * proves nothing, except an exhaustive one: where the variables' dtypes are at most 16 bits wide and
 * the domain small enough, every point is evaluated, and if the guard reads no bounds vmin/vmax that is
 * every assignment the proof quantifies over (rule_verify.c uses it for what the solver leaves unknown). */
#ifndef VSIMP_VERIFY_RULE_CONCRETE_H
#define VSIMP_VERIFY_RULE_CONCRETE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/intmath.h"
#include "rules/rule.h"

/* A point of a rule, independent of the instance's dtypes: per slot its exact value (integers and
 * bools as i128, floats as a double, exact for f16/f32/f64), its bounds, and its UB/INVALID flags. */
typedef struct {
  uint8_t has[RULE_MAX_SLOTS];   /* the slot has a value here */
  uint8_t isf[RULE_MAX_SLOTS];   /* the value is a float (fval) */
  i128 ival[RULE_MAX_SLOTS];
  double fval[RULE_MAX_SLOTS];
  i128 lo[RULE_MAX_SLOTS], hi[RULE_MAX_SLOTS];
  uint8_t lo_full[RULE_MAX_SLOTS], hi_full[RULE_MAX_SLOTS]; /* the bound is the dtype's extreme */
  uint8_t def[RULE_MAX_SLOTS], inv[RULE_MAX_SLOTS];         /* 1: defined; 1: INVALID */
} ConcretePoint;

typedef struct {
  size_t points;  /* random points after the ordered ones (default when 0: 1500) */
  size_t ordered; /* ordered small/edge combinations (default when 0: 1500) */
  size_t exhaustive; /* domains of at most this many points are evaluated entirely (default 4096) */
  bool seeds_only;   /* only try the seeds (no search of its own) */
  bool exhaustive_only; /* only the exhaustive evaluation (nothing when the domain is larger) */
} ConcreteOptions;

typedef struct {
  bool searchable; /* the instance is in the fragment the search covers */
  bool found;      /* a confirmed counterexample */
  /* Every point of the instance's domain was evaluated, none refutes it, and the guard reads no
   * bounds (whose choices are not enumerated): a proof by exhaustive evaluation. */
  bool proved;
  ConcretePoint point;
  char *cex;       /* found: the .vs case, the point in a comment (malloc'd) */
  size_t evaluated;
  double seconds;
} ConcreteResult;

/* Searches instance idx of r; seeds (points found at other instances of r) are tried first. Returns
 * false only when out of memory. */
bool concrete_search(const Rule *r, unsigned idx, const ConcretePoint *seeds, size_t nseeds,
                     const ConcreteOptions *opts, ConcreteResult *out);
void concrete_result_free(ConcreteResult *c);

/* Whether instance idx of r has a point where its guard can hold and its pattern is defined (a rule
 * that has none can never fire on a defined term): 1 found, 0 not found (which proves nothing), -1 the
 * instance is outside the searched fragment. A few hundred points at most. */
int concrete_witness(const Rule *r, unsigned idx);

#endif
