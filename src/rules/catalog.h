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

/* A procedural fold: C code for what one pattern cannot say. It declares the lemmas (rules of family
 * `lemma`) that justify it; it fires at a dtype only where all of them are proved, or, for folds
 * justified by the semantics conformance check itself (constant folding), always. */
typedef struct {
  const char *name;
  const char *family;
  const char *lemmas[12]; /* NULL-terminated; empty: justified by conformance. NAME@DTYPE: the lemma at
                           * that dtype only, wherever the fold fires */
  bool (*applies)(const Node *n);
  Node *(*fold)(VsCtx *ctx, Node *n);
  uint64_t ops; /* the ops (bit 1 << op) whose nodes it may apply to; 0: every op */
  bool on_vectors; /* it may fire on vector nodes (it is justified lane by lane); others never do */
} Fold;

/* What the engine tries on a node, in order: rules and folds of the node's op, by family rank. */
typedef struct {
  const Rule *rule; /* one of rule, fold */
  const Fold *fold;
  int rank;
  int order;
  /* A fold: bit dt is set when every lemma it declares is proved at dtype dt (each free type class
   * of the lemma taken as dt); resolved when the index is built. */
  uint16_t fold_dtypes;
} Action;

/* The dtype a fold's lemmas are instantiated at for node n: the operands' dtype for a comparison,
 * n's dtype otherwise. */
static inline DType fold_subject_dtype(const Node *n) {
  return (n->op == OP_EQ || n->op == OP_NE || n->op == OP_LT || n->op == OP_LE) ? (DType)n->args[0]->dtype
                                                                                 : (DType)n->dtype;
}
/* Whether a fold action may fire on n: its lemmas are proved at n's subject dtype. */
static inline bool action_fold_proved(const Action *a, const Node *n) {
  return (a->fold_dtypes >> fold_subject_dtype(n)) & 1;
}

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

typedef struct MatchProg MatchProg; /* rewrite/match.h */

/* An action worth trying on a node, with the variants of its rule's pattern worth trying. */
typedef struct {
  const Action *action;
  uint8_t variants;       /* a rule: bit v set when pattern variant v may match (a fold: 0) */
  const MatchProg *progs; /* a rule: its variants compiled (match_compile), or NULL: use match_pat */
} Candidate;

/* The actions of catalog_actions(c, simple, n->op) that can fire on n, in the same order: a rule
 * whose pattern fits n's shape (its op, dtype and first operand's dtype, its operands' ops and, for a
 * binary node, theirs: a constant variable or a literal needs a constant of its value class, a
 * sub-pattern its op, a repeated variable one node, a fixed type class its dtype) and that has a
 * proved instance at those dtypes; a fold whose lemmas are proved at n's subject dtype.
 * Variants whose template is the variant itself are left out too (they can only rebuild the matched
 * node, which the engine discards: the commuted variant of x + y => y + x). Leaving out the others
 * changes nothing (they cannot fire), and the engine still checks everything
 * (match, proof, guard) before anything fires. Cached per shape on first use; the cache is dropped
 * whenever the catalog or its proofs change (so Rule.proved must change only through the functions
 * above). Like catalog_actions, not for concurrent use: one catalog per thread. */
const Candidate *catalog_candidates(Catalog *c, bool simple, const Node *n, size_t *count);

/* The built-in procedural folds. */
size_t fold_count(void);
const Fold *fold_get(size_t i);

#endif
