/* support.h: small helpers shared by the cmocka tests. */
#ifndef VSIMP_TESTS_SUPPORT_H
#define VSIMP_TESTS_SUPPORT_H

#include <stdint.h>

#include "text/text.h"

/* A deterministic generator (splitmix64), so that every failing random test can be replayed. */
typedef struct {
  uint64_t state;
} TestRng;

uint64_t test_rng_next(TestRng *r);
/* An integer in [0, n). */
uint64_t test_rng_below(TestRng *r, uint64_t n);

/* Parses a .vs text (failing the test on an error) and checks that printing it parses back to the same
 * nodes (hash-consing makes that a pointer compare). The caller frees the result (vs_file_free). */
VsFile test_parse_round_trip(VsCtx *ctx, const char *text);

#endif
