/* prog_oracle.h: one fuzz input through the program Simplify pass and every program oracle
 * (docs/fuzzing.md, "Programs").
 *
 * An input is generator bytes (fuzz/gen_prog.h) or, when it starts with '#' or its first token is
 * `func`, a program text. The program is parsed, run through the pass (pass/prog_pass.h; in
 * constant-only mode when the text has the line PROG_CONSTANT_ONLY_LINE), and checked:
 *
 *   1. engine: the pass returns a result (no internal failure);
 *   2. round trip: the source, and the result, print to text that parses back to a program printing
 *      the same;
 *   3. concrete differential: source and result run in the reference interpreter (eval/prog_eval.h)
 *      on every parameter's edge values (combined diagonally) and random points, with the same call
 *      results: where the source ends without UB, the result must not be UB and must produce the
 *      same events (calls with their arguments, scopes, tensors, returns);
 *   4. SMT (never, on a concrete mismatch, sampled, always): translation validation
 *      (smt/prog_check.h), bounded by an unrolling limit, and every fold's obligation. A counterexample
 *      is one the interpreter confirmed; a full proof of a pair the interpreter refutes is a
 *      disagreement; `unknown` is counted, never a finding and never a pass;
 *   5. idempotence: running the pass on its result changes nothing, unless the first run stopped at
 *      the nesting cap of single-trip loop folds (docs/pass.md).
 *
 * Crashes, leaks and sanitizer reports are findings of the harness that runs this (fuzz_program). */
#ifndef VSIMP_FUZZ_PROG_ORACLE_H
#define VSIMP_FUZZ_PROG_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz/gen_prog.h"
#include "fuzz/oracle.h"
#include "fuzz/reduce.h"
#include "ir/stmt.h"
#include "pass/prog_pass.h"

/* The pass under test: by default pass_simplify_program. Tests plant bugs by wrapping it. */
typedef Program *(*ProgPassFn)(Program *src, const PassOptions *po, PassResult *res, void *ud);

typedef struct {
  SmtMode smt;
  unsigned smt_rate;       /* sampled: one changed input in N goes to Z3 (0: 64) */
  unsigned smt_timeout_ms; /* per query (0: 1000) */
  unsigned unroll;         /* loop iterations the validator unrolls (0: 8) */
  unsigned points;         /* random evaluation points besides the edge points (0: 8) */
  uint64_t fuel;           /* statements per interpreter run (0: 4096); a run out of fuel is skipped */
  ProgGenOptions gen;
  ProgPassFn pass;
  void *pass_ud;
} ProgOracleOptions;

typedef struct ProgWorker ProgWorker;

/* A worker over a catalog it takes ownership of. NULL on failure. */
ProgWorker *prog_worker_new(const ProgOracleOptions *opts, Catalog *cat);
void prog_worker_free(ProgWorker *w);
const FuzzStats *prog_worker_stats(const ProgWorker *w);
/* Coverage of the pass's folds (one entry per kind of fold); *n receives the count. */
const CoverageEntry *prog_worker_coverage(const ProgWorker *w, size_t *n);
/* The coverage entries that fired in the last checked input. */
size_t prog_worker_last_fired(const ProgWorker *w, const uint32_t **idx);

/* A program text with this line runs the pass in constant-only mode (docs/pass.md); the generator
 * asks for it one time in eight. */
#define PROG_CONSTANT_ONLY_LINE "# pass: constant-only"
bool prog_text_constant_only(const char *text, size_t len);

/* The worker's node context (recreated by prog_fuzz_exec when it grows). */
VsCtx *prog_worker_ctx(ProgWorker *w);
/* The number of statements of a program text (0 if it does not parse). */
size_t prog_text_statements(ProgWorker *w, const char *text);

/* The program text an input describes (malloc'd), or NULL. */
char *prog_input_text(VsCtx *ctx, const uint8_t *data, size_t size, const ProgGenOptions *gen);

/* Runs one input through the pass and the oracles. On a finding fills *f (if not NULL) and returns its
 * kind. A text input that does not parse is counted (stats.parse_failed) and is no finding, unless
 * `must_parse` (replays of regression files): then it is a FIND_PARSE finding. */
FindKind prog_fuzz_exec(ProgWorker *w, const uint8_t *data, size_t size, bool must_parse, FuzzFinding *f);

/* Checks one program text (flags: FUZZ_NO_STATS, FUZZ_SMT_NEVER, FUZZ_SMT_ALWAYS, FUZZ_NO_TEXT of
 * oracle.h). A text that does not parse gives FIND_PARSE. */
FindKind prog_fuzz_check(ProgWorker *w, const char *text, size_t len, unsigned flags, FuzzFinding *f);

/* Reduces a finding (its case_text is the program) while the same kind of finding occurs: statements
 * dropped, compound statements replaced by their bodies, expressions replaced by operands or leaves,
 * constants shrunk, parameter ranges dropped. Updates f when it shrank. */
bool prog_reduce(ProgWorker *w, FuzzFinding *f, const ReduceOptions *opts);

/* The regression file of a program finding: a comment header (kind, oracle, detail, signature, folds,
 * counterexample, the pass's result) and the source program. malloc'd. */
char *prog_finding_file(const FuzzFinding *f);

#endif
