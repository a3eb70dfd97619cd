/* catalog.h: the set of rules the engine runs and the verifier proves.
 *
 * The built-in catalog is the rule files under src/rules/ (embedded at build time); users add files
 * with catalog_load_file. A rule fires only at instances recorded as proved: catalog_apply_ledger
 * reads proof records (the built-in ledger, src/rules/ledger.txt, or a user's), and a record counts
 * only if its hash matches the rule's current text. */
#ifndef VSIMP_RULES_CATALOG_H
#define VSIMP_RULES_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/rule.h"
#include "text/text.h"

typedef struct Catalog Catalog;

Catalog *catalog_new(void);
void catalog_free(Catalog *c);
/* Loads the rule files embedded in the binary. */
bool catalog_load_builtin(Catalog *c, VsDiag *diag);
/* Loads rules from text (a whole .rules file); `name` is used in diagnostics and as default family. */
bool catalog_load_text(Catalog *c, const char *name, const char *text, size_t len, VsDiag *diag);
bool catalog_load_file(Catalog *c, const char *path, VsDiag *diag);
/* Reads ledger text: lines `HASH NAME INSTANCE STATUS ...`; marks the proved instances. Unknown
 * names and stale hashes are ignored (the rule then does not fire there). */
void catalog_apply_ledger(Catalog *c, const char *text, size_t len);
/* Applies the embedded ledger. */
void catalog_apply_builtin_ledger(Catalog *c);
/* Marks every admissible instance of every rule as proved. For tests of the engine's mechanics only:
 * the CLI never calls it. */
void catalog_trust_all_for_testing(Catalog *c);

size_t catalog_rule_count(const Catalog *c);
Rule *catalog_rule(const Catalog *c, size_t i);
const Rule *catalog_find(const Catalog *c, const char *name);

/* A cache that a layer above keeps with the catalog (the rewrite engine's dispatch index: which rules
 * and folds to try on which nodes). It lives as long as the catalog and is freed (free_fn) whenever a
 * rule is added or the proofs change, so it never outlives what it was built from. Setting a new
 * cache frees the old one. Not for concurrent use: one catalog per thread. */
void *catalog_cache(const Catalog *c);
void catalog_set_cache(Catalog *c, void *cache, void (*free_fn)(void *));

#endif
