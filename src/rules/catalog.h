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

#include "rules/rule.h"
#include "text/text.h"

/* A procedural fold: C code for what one pattern cannot say. It declares the lemmas (rules of family
 * `lemma`) that justify it; it fires at a dtype only where all of them are proved, or, for folds
 * justified by the semantics conformance check itself (constant folding), always. */
typedef struct {
  const char *name;
  const char *family;
  const char *lemmas[4]; /* NULL-terminated; empty: justified by conformance */
  bool (*applies)(const Node *n);
  Node *(*fold)(VsCtx *ctx, Node *n);
} Fold;

/* What the engine tries on a node, in order: rules and folds of the node's op, by family rank. */
typedef struct {
  const Rule *rule; /* one of rule, fold */
  const Fold *fold;
  int rank;
  int order;
} Action;

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

/* The actions for nodes of op `op` under a matcher ("simple" or "full"). Built on first use after
 * the last load. */
const Action *catalog_actions(Catalog *c, bool simple, int op, size_t *n);

/* The built-in procedural folds. */
size_t fold_count(void);
const Fold *fold_get(size_t i);

#endif
