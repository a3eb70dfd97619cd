/* fuzz_expr: the expression target for libFuzzer and AFL++ (docs/fuzzing.md).
 *
 * Each input goes through fuzz_exec (fuzz/oracle.h): the generator (or the .vs parser, for inputs that
 * start with '#'), the simplifier with the built-in catalog and ledger, and every oracle. A finding is
 * printed as a regression file on stderr, then the process aborts, so that the engine records the
 * input as a crash. Environment:
 *   VSIMP_FUZZ_SMT=never|on-mismatch|sampled|always   the Z3 oracle (default sampled)
 *   VSIMP_FUZZ_SMT_RATE=N                              sampled: one changed input in N (default 1024)
 *   VSIMP_FUZZ_SMT_PER_RULE=N                          sampled: step checks per rule (default 1; every
 *                                                      forked libFuzzer job starts counting afresh)
 *   VSIMP_FUZZ_TIMEOUT=MS                              Z3 time limit per check (default 1000)
 *   VSIMP_FUZZ_TEST_RULES=FILE                         TESTS ONLY: a catalog of FILE's rules, all
 *                                                      trusted without proof (to show that a planted
 *                                                      unsound rule is found)
 * Built with VSIMP_LIBFUZZER, the target also brings the structure-aware IR mutator
 * (LLVMFuzzerCustomMutator, fuzz/mutate.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/campaign.h"
#include "fuzz/mutate.h"
#include "fuzz/oracle.h"
#include "harness_env.h"
#include "rules/catalog.h"

/* Longer text inputs only slow the engine down without reaching anything new. */
#define MAX_INPUT 4096

static FuzzWorker *worker;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  OracleOptions o = {.smt = SMT_MODE_SAMPLED, .smt_rate = 1024, .smt_per_rule = 1};
  harness_smt_env("fuzz_expr", &o.smt, &o.smt_timeout_ms, &o.smt_rate);
  const char *t;
  if ((t = getenv("VSIMP_FUZZ_SMT_PER_RULE")) && strtoul(t, NULL, 10))
    o.smt_per_rule = (unsigned)strtoul(t, NULL, 10);
  Catalog *cat;
  const char *test_rules = getenv("VSIMP_FUZZ_TEST_RULES");
  if (test_rules) {
    VsDiag d;
    cat = catalog_new();
    if (!cat || !catalog_load_file(cat, test_rules, &d)) {
      vs_diag_print(&d, stderr);
      exit(2);
    }
    catalog_trust_all_for_testing(cat);
  } else {
    cat = fuzz_builtin_catalog(NULL);
  }
  worker = cat ? fuzz_worker_new(&o, cat) : NULL;
  if (!worker) {
    fprintf(stderr, "fuzz_expr: cannot set up the worker\n");
    exit(2);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!worker) LLVMFuzzerInitialize(NULL, NULL);
  if (size > MAX_INPUT) return 0;
  FuzzFinding f;
  if (fuzz_exec(worker, data, size, &f) == FIND_NONE) return 0;
  char *file = fuzz_finding_file(&f);
  fprintf(stderr, "\n==vsimp== fuzz finding (reduce it with `vsimp fuzz CRASH_FILE`):\n%s\n", file ? file : "");
  free(file);
  fuzz_finding_free(&f);
  abort();
}

#ifdef VSIMP_LIBFUZZER
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static VsCtx *mutator_ctx;

/* Text inputs are mutated as IR three times in four, generator bytes once in four; the rest is left to
 * libFuzzer's byte mutations (which also keep the parser busy). */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  bool text = size && data[0] == '#';
  if (seed % 4 < (text ? 3u : 1u)) {
    if (!mutator_ctx || vs_ctx_node_count(mutator_ctx) > (1u << 18)) {
      vs_ctx_free(mutator_ctx);
      mutator_ctx = vs_ctx_new();
    }
    size_t n = mutator_ctx ? fuzz_mutate(mutator_ctx, data, size, max_size, seed) : 0;
    if (n) return n;
  }
  return LLVMFuzzerMutate(data, size, max_size);
}
#endif
