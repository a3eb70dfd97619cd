/* support.h: small helpers shared by the cmocka tests. */
#ifndef VSIMP_TESTS_SUPPORT_H
#define VSIMP_TESTS_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "text/text.h"

/* A deterministic generator (splitmix64), so that every failing random test can be replayed. */
typedef struct {
  uint64_t state;
} TestRng;

uint64_t test_rng_next(TestRng *r);
/* An integer in [0, n). */
uint64_t test_rng_below(TestRng *r, uint64_t n);

/* Parses text (len bytes), which must fail at line:col of file t.vs with a message containing sub, and
 * leave no result behind. */
void test_expect_parse_error(const char *text, size_t len, int line, int col, const char *sub);

/* Float values as the bit patterns vsimp stores. */
uint64_t test_f32_bits(float f);
uint64_t test_f64_bits(double d);

/* Parses a .vs text (failing the test on an error) and checks that printing it parses back to the same
 * nodes (hash-consing makes that a pointer compare). The caller frees the result (vs_file_free). */
VsFile test_parse_round_trip(VsCtx *ctx, const char *text);

#endif
