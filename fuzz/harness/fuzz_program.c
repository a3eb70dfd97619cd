/* fuzz_program: the program target for libFuzzer and AFL++ (docs/fuzzing.md, "Programs").
 *
 * Each input goes through prog_fuzz_exec (fuzz/prog_oracle.h): the program generator (or the program
 * parser, for inputs that start with '#' or `func`), the Simplify pass with the built-in catalog and
 * ledger, and every program oracle. A finding is printed as a regression file on stderr, then the
 * process aborts, so that the engine records the input as a crash. Environment:
 *   VSIMP_FUZZ_SMT=never|on-mismatch|sampled|always   translation validation (default sampled)
 *   VSIMP_FUZZ_SMT_RATE=N                              sampled: one changed program in N (default 64)
 *   VSIMP_FUZZ_TIMEOUT=MS                              Z3 time limit per query (default 1000) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/campaign.h"
#include "fuzz/prog_oracle.h"
#include "harness_env.h"

/* Larger programs only slow the pass and the validator down. */
#define MAX_INPUT 4096

static ProgWorker *worker;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  ProgOracleOptions o = {.smt = SMT_MODE_SAMPLED};
  harness_smt_env("fuzz_program", &o.smt, &o.smt_timeout_ms, &o.smt_rate);
  Catalog *cat = fuzz_builtin_catalog(NULL);
  worker = cat ? prog_worker_new(&o, cat) : NULL;
  if (!worker) {
    fprintf(stderr, "fuzz_program: cannot set up the worker\n");
    exit(2);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!worker) LLVMFuzzerInitialize(NULL, NULL);
  if (size > MAX_INPUT) return 0;
  FuzzFinding f;
  if (prog_fuzz_exec(worker, data, size, false, &f) == FIND_NONE) return 0;
  char *file = prog_finding_file(&f);
  fprintf(stderr, "\n==vsimp== fuzz finding (reduce it with `vsimp fuzz --target program CRASH_FILE`):\n%s\n",
          file ? file : "");
  free(file);
  fuzz_finding_free(&f);
  abort();
}
