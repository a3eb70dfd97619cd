/* rule_suggest.h: a guard under which a refuted rule holds (docs/rules.md, "Suggested guards").
 *
 * For a scalar rule refuted at some instance, rule_suggest_guard searches a fixed vocabulary of guard
 * atoms, added to the rule's own guard by conjunction:
 *   - the dtype class and width of each free type class (int, signed, unsigned, float; bits <= 8, 16,
 *     32, bits >= 16, 32, 64), named through one variable of the class;
 *   - the sign, size and divisibility of each integer constant variable (c != 0, c > 0, c >= 0, c < 0,
 *     c > 1, c != -1, is_pow2(c), c < bits(c); for two constants c1 % c2 == 0, c1 <= c2, ...);
 *   - no_overflow(E) of each arithmetic subterm E (+, -, *, unary -) of the pattern or the template;
 *   - bounds of each integer pattern variable (vmin(x) >= 0, vmin(x) > 0, vmax(x) < 0, vmax(x) < c).
 * Candidates are single atoms and pairs of atoms. Each is parsed as a rule of its own (the rule's text
 * with the extra conjunct), and must be typed; the concrete search (rule_concrete.h) then rejects those
 * it refutes at some admissible instance, and those whose guard it finds no point for at some instance
 * (the search finding no such point only sends the candidate to the back; a candidate the solver finds vacuous at an instance is no repair of it). The survivors are ordered from weak to
 * strong: more admissible dtype instances first, then fewer atoms, then a fixed rank of each atom (c != 0
 * before c > 0 before c > 1, ...), and given to the solver in that order (verify_rule_instance: every
 * admissible instance); the first one proved at all its instances is the suggestion. The order is a
 * heuristic for "weakest": the suggestion is always proved, not always the weakest guard that exists.
 *
 * Vector and graph rules are not searched (vector rules take no guard). */
#ifndef VSIMP_VERIFY_RULE_SUGGEST_H
#define VSIMP_VERIFY_RULE_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/rule.h"
#include "smt/smt.h"

typedef struct {
  SmtOptions smt;          /* the solver's budget per query */
  size_t max_proofs;       /* candidates given to the solver at most (0: 40) */
  size_t max_candidates;   /* candidates built at most (0: 600) */
} SuggestOptions;

typedef struct {
  bool found;
  char *text;          /* found: the rule with the suggested guard, normalised (`rule NAME : ... where ...`) */
  char *guard;         /* found: the conjunct(s) added */
  char instances[200]; /* found: the instances where it is proved and can fire ("i8 i16 ...") */
  size_t candidates;   /* built and typed */
  size_t searched_out; /* rejected by the concrete search (refuted or vacuous at some instance) */
  size_t proofs;       /* candidates the solver was asked about */
  double seconds;
  char why[200];       /* !found: why nothing was suggested */
} Suggestion;

/* Searches a guard for r (see above). Returns false only when out of memory. */
bool rule_suggest_guard(const Rule *r, const SuggestOptions *opts, Suggestion *out);
void suggestion_free(Suggestion *s);

#endif
