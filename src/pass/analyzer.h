/* analyzer.h: what is known at a program point (docs/pass.md, "Analyzer").
 *
 * A constraint stack over program variables (unranged VAR nodes) on top of the interval bounds
 * (analysis/bounds.h) and the rewrite engine:
 *   - per variable: a constant value, or an interval [lo, hi], and a congruence (x = rem mod mod);
 *   - difference facts between expressions, value(a) - value(b) <= c (exact integers, never wrapped),
 *     from loop bounds, `if` conditions and bindings `a = b + c` that provably do not wrap;
 *   - premises: the same knowledge as bool expressions over the program's variables, so that every
 *     decision the analyzer makes can be re-checked by Z3 as `premises => decision`.
 * Nothing is assumed from a dtype: a variable nobody bound has its dtype's whole range (or, for a
 * parameter, its declared range). Every binding is pushed on an undo log: analyzer_restore(mark) puts
 * back the exact state of analyzer_mark(), not a default.
 *
 * Simplification substitutes constants, replaces each bound variable by a variable node carrying its
 * interval (so the engine's range rules and bounds see it), rewrites, decides comparisons and
 * remainders from bounds, facts and congruences, and maps the variables back: the result mentions
 * only the caller's variable nodes. Variables marked unstable (assigned more than once) are never
 * bound and no fact or premise mentions them. */
#ifndef VSIMP_ANALYSIS_ANALYZER_H
#define VSIMP_ANALYSIS_ANALYZER_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/node.h"
#include "rewrite/engine.h"

typedef struct Analyzer Analyzer;

typedef struct {
  bool constant_only; /* substitute constants and fold constant operations exactly; nothing else */
  bool premises;      /* keep premises (needed for analyzer_premises and obligations) */
} AnalyzerOptions;

typedef struct {
  size_t undo, facts, premises;
} AnMark;

/* rw may be NULL (no rewriting). The analyzer does not own rw. */
Analyzer *analyzer_new(VsCtx *ctx, Rewriter *rw, const AnalyzerOptions *opts);
void analyzer_free(Analyzer *a);
/* False once an internal failure (out of memory, node limit) happened: results are still sound
 * (the analyzer then knows less), but the caller may want to report it. */
bool analyzer_ok(const Analyzer *a);

AnMark analyzer_mark(const Analyzer *a);
void analyzer_restore(Analyzer *a, AnMark m);

/* Marks var as assigned more than once: never bound, never in a fact. */
void analyzer_set_unstable(Analyzer *a, Node *var);
bool analyzer_is_unstable(const Analyzer *a, Node *var);
/* True when every variable of e is stable. */
bool analyzer_expr_stable(const Analyzer *a, Node *e);

/* var = value from here to the end of the region: a constant is substituted; a symbolic value only
 * contributes its bounds, congruence and (if it is `x + c` without wraparound) difference facts. */
void analyzer_bind_value(Analyzer *a, Node *var, Node *value);
/* A loop variable in its body: start <= var < stop (step > 0) or stop < var <= start (step < 0),
 * and var = start mod step for a constant step. Nothing if the step's sign is unknown. */
void analyzer_bind_loop(Analyzer *a, Node *var, Node *start, Node *stop, Node *step);
/* cond (bool) holds from here to the end of the region. */
void analyzer_assume(Analyzer *a, Node *cond);

/* e simplified under what is known. Never NULL (returns e on internal failure). */
Node *analyzer_simplify(Analyzer *a, Node *e);
/* True when cond (bool) is known to hold: analyzer_simplify gives `true`. */
bool analyzer_can_prove(Analyzer *a, Node *cond);
/* The conjunction of the current premises (`true` when none, or when premises are off). */
Node *analyzer_premises(Analyzer *a);

/* The trip count of `range(start, stop, step)` when it is known to be 0 or 1 (exactly, without
 * wraparound: the trip count is ceil((stop - start) / step) over the integers); -1 otherwise, and
 * always -1 unless the step is known to be positive. */
int analyzer_trip_count(Analyzer *a, Node *start, Node *stop, Node *step);

/* Bounds of e under what is known, as numbers (e integer or bool). */
void analyzer_bounds(Analyzer *a, Node *e, i128 *lo, i128 *hi);

#endif
