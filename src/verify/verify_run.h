/* verify_run.h: `vsimp rules verify`: every admissible instance of every rule, in parallel, with a
 * proof cache.
 *
 * The cache is ledger text (catalog.h): a line `HASH NAME INSTANCE proved SOLVER ...` is reused only
 * when the rule's current text has that hash and SOLVER is this Z3's version; everything else is
 * proved again. Refuted instances are always re-run; unknown ones are reused only on request.
 *
 * Before any solver, every instance not taken from the cache goes through the concrete search
 * (rule_concrete.h); then each instance it did not refute is searched again with the counterexamples
 * found at the rule's other instances (extended or wrapped to its dtypes); only what survives both is
 * given to the solver. */
#ifndef VSIMP_SMT_VERIFY_RUN_H
#define VSIMP_SMT_VERIFY_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/catalog.h"
#include "verify/rule_concrete.h"
#include "verify/rule_order.h"
#include "verify/rule_verify.h"
#include "smt/smt.h"

typedef struct {
  int jobs;             /* worker threads (>= 1) */
  SmtOptions smt;       /* per-query timeout and rlimit */
  const char *cache;    /* ledger text to reuse proofs from, or NULL */
  size_t cache_len;
  bool reuse_unknown;   /* also reuse `unknown` records (a release gate need not retry known timeouts) */
  const char *only;     /* verify only the rule of this name, or NULL */
  bool include_builtin; /* false: only rules not from the embedded catalog (a user's file) */
  bool no_search;       /* skip the concrete search before the solver (rule_concrete.h) */
  ConcreteOptions search; /* its budgets (zero: the defaults) */
  void (*progress)(void *ud, size_t done, size_t total);
  void *progress_ud;
} VerifyOptions;

typedef struct {
  const Rule *rule;
  unsigned instance;
  ProofResult result;
  bool cached;
  char solver[32]; /* cached: the record's SOLVER word (ledger.h) */
  Vacuity vacuity; /* whether the instance can fire at all (rule_verify.h) */
} VerifyItem;

/* Why a rule can never fire: no dtype instance admits its guard's dtype tests; its guard holds at no
 * point of any instance; or wherever it holds, the pattern is UB (so the rule only ever rewrites UB). */
enum { VACUOUS_NO_INSTANCE = 1, VACUOUS_GUARD, VACUOUS_UB };
const char *vacuous_kind_text(int kind);

typedef struct {
  VerifyItem *items;
  size_t n;
  size_t proved, refuted, unknown, errors, cached;
  size_t by_search; /* refuted by the concrete search (no solver asked) */
  size_t by_cvc5;   /* proved by the second solver (Z3 left them open) */
  size_t by_eval;   /* proved by exhaustive evaluation */
  size_t rechecked, recheck_undecided; /* --second-solver: proofs cvc5 confirmed, and could not decide */
  size_t disagreements; /* errors where the two solvers contradicted each other */
  size_t rules; /* rules verified */
  size_t query_hits; /* queries answered by the run's query cache (smt/query_cache.h): the same text
                      * decided before in this run, such as an index instance's after its i64 twin's */
  /* Termination (rule_order.h): one item per rule verified (lemmas excluded). */
  OrderItem *order;
  size_t norder;
  size_t may_loop;   /* rules rejected: they may loop */
  /* Vacuous rules: per rule verified, whether it can never fire (vacuity, below). */
  struct VacuousRule {
    const Rule *rule;
    int kind; /* VACUOUS_NO_INSTANCE, VACUOUS_GUARD, VACUOUS_UB */
  } *vacuous;
  size_t nvacuous;
  double seconds;
} VerifyReport;

bool verify_catalog(Catalog *cat, const VerifyOptions *opts, VerifyReport *rep);
void verify_report_free(VerifyReport *rep);
/* The SOLVER word (ledger.h) of an item: its cached record's, or the solver that decided it. */
void verify_item_solver(const VerifyItem *it, char *buf, size_t size);
/* The report as ledger text (one line per item, sorted by rule then instance; malloc'd). */
char *verify_ledger_text(const VerifyReport *rep);

#endif
