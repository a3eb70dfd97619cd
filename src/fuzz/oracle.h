/* oracle.h: one fuzz input through the simplifier and every oracle (docs/fuzzing.md).
 *
 * A FuzzWorker owns what one thread needs: a node context (reused across inputs and recreated when it
 * grows), a rule catalog (its own, so that firing counts need no locking), a Z3 context, and the rule
 * coverage counters. fuzz_exec() turns an input into a case (the generator, or the .vs parser for inputs
 * that start with '#'), simplifies it and asks the oracles, in order:
 *
 *   1. engine properties: the engine returns a result (no internal failure, no exhausted budget: a
 *      loop between rules), of the source's dtype; simplifying the result again gives the result
 *      (idempotence); printing the result (and the source: every text input, one generated input in 8)
 *      and parsing it back gives the same node;
 *   2. concrete differential (one oracle for scalars, vectors and graphs): source and result evaluated
 *      at the same points, the declared edge values and random values of every variable and lane (every
 *      point, when a scalar domain is tiny), and for graph cases random buffer contents and free ranges
 *      in (and sometimes out of) their domains; a point where the source is defined and the result does
 *      not refine it (a different value, UB, other final buffer contents) is a finding;
 *   3. SMT: Z3 decides refinement of source by result (never, on a concrete mismatch only, sampled, or
 *      always); its counterexample is re-evaluated by the evaluator (check_refinement), and any
 *      disagreement between Z3 and the evaluator (CheckResult.disagree) is a finding of its own.
 *
 * Crashes, leaks and sanitizer reports are findings of the harness (libFuzzer, AFL++) that runs this. */
#ifndef VSIMP_FUZZ_ORACLE_H
#define VSIMP_FUZZ_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "fuzz/gen.h"
#include "ir/node.h"
#include "rules/catalog.h"

typedef enum {
  FIND_NONE,
  FIND_UNSOUND,        /* the result does not refine the source (the evaluator shows a point) */
  FIND_DISAGREE,       /* the evaluator and Z3 disagree about the refinement */
  FIND_NOT_IDEMPOTENT, /* simplifying the result changes it */
  FIND_ROUNDTRIP,      /* printing then parsing does not give the same node */
  FIND_DTYPE,          /* the result's dtype differs from the source's */
  FIND_ENGINE,         /* the engine failed (no result) */
  FIND_BUDGET,         /* the rule budget ran out: rules that rewrite each other forever */
  FIND_PARSE,          /* fuzz_parse: the parser or printer broke its contract */
  FIND_COUNT
} FindKind;

const char *find_kind_name(FindKind k); /* "unsound", "disagree", ... */

typedef enum { SMT_MODE_NEVER, SMT_MODE_ON_MISMATCH, SMT_MODE_SAMPLED, SMT_MODE_ALWAYS } SmtMode;
const char *smt_mode_name(SmtMode m);
bool smt_mode_parse(const char *s, SmtMode *m);

typedef struct {
  SmtMode smt;
  unsigned smt_timeout_ms; /* per Z3 query (0: 1000) */
  unsigned smt_rate;       /* sampled: one changed input in N is checked as a whole (0: 4096) */
  unsigned smt_per_rule;   /* sampled: the first N firings of every rule are cross-checked step by step (0: 2) */
  unsigned points;         /* random evaluation points per input, besides the edge points (0: 16) */
  uint64_t budget;         /* rule applications per simplification (0: 5000 + 50 per node of the input) */
  GenOptions gen;
} OracleOptions;

/* A finding: what failed, and the case as text (the worker's nodes die with its context). */
typedef struct {
  FindKind kind;
  char oracle[16];      /* "concrete", "smt", "engine", "idempotence", "roundtrip", "parser" */
  char detail[256];     /* one line */
  char *case_text;      /* a .vs file: declarations, then `SOURCE --> RESULT` or the source alone */
  char *cex_text;       /* "x = 127_i8\n..." and "source = ...\nresult = ...\n", or NULL */
  char *rules;          /* the rules and folds that fired, space-separated, in order of first firing */
  char *signature;      /* kind:rule,rule (sorted): what deduplicates findings */
  uint8_t *input;       /* the input that produced it (malloc'd copy) */
  size_t input_size;
  bool simple_matcher;  /* the case ran under the `simple` matcher (the file says `# matcher: simple`) */
  bool reduced;
  size_t nodes_before, nodes_after; /* the source's tree size before and after reduction */
} FuzzFinding;

void fuzz_finding_free(FuzzFinding *f);

/* A case to check: variables (declaration order) and the source expression. */
typedef struct {
  Node *const *vars;
  size_t nvars;
  Node *root;
  bool simple_matcher;
} FuzzCase;

/* Rule coverage: one entry per rule of the catalog that the engine matches (lemmas excluded), then one
 * per fold. */
typedef struct {
  const char *name;
  const char *family;
  bool provable;        /* some dtype instance is proved (or a fold): it can fire at all */
  uint64_t fired;       /* applications */
  uint64_t inputs;      /* inputs in which it fired */
  uint64_t smt_checked; /* inputs in which it fired and Z3 decided the refinement */
} CoverageEntry;

typedef struct {
  uint64_t execs, changed; /* inputs; inputs the simplifier changed */
  uint64_t parse_failed;   /* text inputs that did not parse (not findings) */
  uint64_t points;         /* concrete evaluation points */
  uint64_t smt_checks, smt_valid, smt_invalid, smt_unknown, smt_errors;
  double smt_seconds;
  /* Programs: loops in the validated programs (of the source), and those proved by induction. */
  uint64_t smt_loops, smt_loops_induction;
} FuzzStats;

typedef struct FuzzWorker FuzzWorker;

/* A worker over a catalog it takes ownership of (catalog_free'd with the worker). */
FuzzWorker *fuzz_worker_new(const OracleOptions *opts, Catalog *cat);
void fuzz_worker_free(FuzzWorker *w);
const FuzzStats *fuzz_worker_stats(const FuzzWorker *w);
/* Coverage entries (matchable catalog rules, then folds); *n receives the count. */
const CoverageEntry *fuzz_worker_coverage(const FuzzWorker *w, size_t *n);
VsCtx *fuzz_worker_ctx(FuzzWorker *w);
/* The coverage entries that fired in the last checked input; *idx receives their indices. */
size_t fuzz_worker_last_fired(const FuzzWorker *w, const uint32_t **idx);
/* The seed of the concrete oracle's random points (fuzz_exec sets it from the input's hash). */
void fuzz_worker_set_seed(FuzzWorker *w, uint64_t seed);
/* Overwrites the statistics (the reducer puts them back as they were). */
void fuzz_worker_set_stats(FuzzWorker *w, const FuzzStats *st);
Catalog *fuzz_worker_catalog(FuzzWorker *w);
const OracleOptions *fuzz_worker_options(const FuzzWorker *w);

/* The case an input describes, built in the worker's context (valid until the next fuzz_exec or
 * fuzz_input_case). Text inputs (first byte '#') are parsed: a case `SRC --> TGT` gives SRC, and a line
 * `# matcher: simple` selects the simple matcher; other inputs go through the generator. *gc receives the
 * generated case (for a text input: its first GEN_CASE_VARS variables and its source), *out the case to
 * check. False if a text input does not parse (or no node can be built). */
bool fuzz_input_case(FuzzWorker *w, const uint8_t *data, size_t size, GenCase *gc, FuzzCase *out);

/* The case of a finding, parsed from its case text into the worker's context (the source side of
 * `SRC --> RESULT`; for a finding about one rewrite step, the step's expression): where reduction
 * starts. False if the text does not parse (a round-trip finding: use the input's case instead). */
bool fuzz_finding_case(FuzzWorker *w, const FuzzFinding *f, FuzzCase *out);

/* Runs one input through the pipeline. On a finding fills *f (when f is not NULL; free it with
 * fuzz_finding_free) and returns its kind. The worker's context may be recreated on entry. */
FindKind fuzz_exec(FuzzWorker *w, const uint8_t *data, size_t size, FuzzFinding *f);

/* Flags for fuzz_check. */
enum {
  FUZZ_NO_STATS = 1,  /* leave statistics and coverage alone (reduction) */
  FUZZ_SMT_NEVER = 2, /* override the SMT mode */
  FUZZ_SMT_ALWAYS = 4,
  FUZZ_NO_TEXT = 8,   /* do not fill the finding's texts (a reduction predicate needs only the kind) */
};
/* Checks one case already built in the worker's context (the context is not recreated). */
FindKind fuzz_check(FuzzWorker *w, const FuzzCase *c, unsigned flags, FuzzFinding *f);

/* The source's simplified result and the rules that fire on the way, with a fresh rewriter (for
 * reports). Returns the result or NULL; *rules (malloc'd, space-separated) may be NULL. */
Node *fuzz_simplify_traced(FuzzWorker *w, const FuzzCase *c, char **rules);

/* Rebuilds the signature of a finding from its kind and rules. */
void fuzz_finding_sign(FuzzFinding *f);

/* The .vs regression file for a finding: comment header (kind, oracle, detail, signature, rules,
 * counterexample, `# expect: invalid` for unsound results) and the case. malloc'd. */
char *fuzz_finding_file(const FuzzFinding *f);

#endif
