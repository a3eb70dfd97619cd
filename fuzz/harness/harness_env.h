/* harness_env.h: the environment variables every fuzz target reads (docs/fuzzing.md), for the fields
 * both oracles have. Header-only: each harness is its own program. */
#ifndef VSIMP_FUZZ_HARNESS_ENV_H
#define VSIMP_FUZZ_HARNESS_ENV_H

#include <stdio.h>
#include <stdlib.h>

#include "fuzz/oracle.h"

/* VSIMP_FUZZ_SMT (mode), VSIMP_FUZZ_TIMEOUT (ms per Z3 query), VSIMP_FUZZ_SMT_RATE (sampled: one in
 * N); unset or 0 keeps the caller's value. A bad mode stops the target (exit 2): a campaign must not
 * run with an oracle it did not ask for. */
static inline void harness_smt_env(const char *target, SmtMode *mode, unsigned *timeout_ms, unsigned *rate) {
  const char *m = getenv("VSIMP_FUZZ_SMT");
  if (m && !smt_mode_parse(m, mode)) {
    fprintf(stderr, "%s: bad VSIMP_FUZZ_SMT '%s'\n", target, m);
    exit(2);
  }
  const char *t = getenv("VSIMP_FUZZ_TIMEOUT");
  if (t && strtoul(t, NULL, 10)) *timeout_ms = (unsigned)strtoul(t, NULL, 10);
  if ((t = getenv("VSIMP_FUZZ_SMT_RATE")) && strtoul(t, NULL, 10)) *rate = (unsigned)strtoul(t, NULL, 10);
}

#endif
