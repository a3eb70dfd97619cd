#include "support.h"

uint64_t test_rng_next(TestRng *r) {
  uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

uint64_t test_rng_below(TestRng *r, uint64_t n) { return n ? test_rng_next(r) % n : 0; }
