/* input.h: reading decisions from a fuzz input, and a small deterministic PRNG.
 *
 * A fuzz input is a byte string; the generator turns it into an expression by reading one decision
 * after another from it. Everything here is integer arithmetic on the bytes, so the same bytes give the
 * same decisions on every machine. Past the end of the input every decision reads 0, and the
 * generator makes choice 0 the one that ends an expression (a leaf), so every input, the empty one
 * included, generates a small well-typed case. */
#ifndef VSIMP_FUZZ_INPUT_H
#define VSIMP_FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  const uint8_t *data;
  size_t size, pos;
} FuzzIn;

static inline void fin_init(FuzzIn *in, const uint8_t *data, size_t size) {
  in->data = data;
  in->size = size;
  in->pos = 0;
}

static inline bool fin_done(const FuzzIn *in) { return in->pos >= in->size; }

static inline unsigned fin_byte(FuzzIn *in) { return in->pos < in->size ? in->data[in->pos++] : 0; }

/* A choice in [0, n): one byte when n <= 256, more otherwise (little-endian). n == 0 gives 0. */
static inline uint64_t fin_below(FuzzIn *in, uint64_t n) {
  if (n <= 1) return 0;
  uint64_t v = 0, r = n - 1;
  int shift = 0;
  do {
    v |= (uint64_t)fin_byte(in) << shift;
    shift += 8;
    r >>= 8;
  } while (r && shift < 64);
  return v % n;
}

/* Eight bytes as a bit pattern (little-endian). */
static inline uint64_t fin_u64(FuzzIn *in) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)fin_byte(in) << (8 * i);
  return v;
}

/* A choice weighted by w[0..n): the byte is scaled onto the total weight. */
static inline int fin_weighted(FuzzIn *in, const uint8_t *w, int n) {
  unsigned total = 0;
  for (int i = 0; i < n; i++) total += w[i];
  unsigned pick = (unsigned)fin_below(in, total);
  for (int i = 0; i < n; i++) {
    if (pick < w[i]) return i;
    pick -= w[i];
  }
  return 0;
}

/* splitmix64: the PRNG for evaluation points and campaign inputs. */
static inline uint64_t fuzz_rng_next(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static inline uint64_t fuzz_rng_below(uint64_t *state, uint64_t n) { return n ? fuzz_rng_next(state) % n : 0; }

/* True if the bytes data[0..size) contain the NUL-terminated key. */
static inline bool fuzz_contains(const uint8_t *data, size_t size, const char *key) {
  size_t k = 0;
  while (key[k]) k++;
  for (size_t i = 0; i + k <= size; i++) {
    size_t j = 0;
    while (j < k && data[i + j] == (uint8_t)key[j]) j++;
    if (j == k) return true;
  }
  return false;
}

/* FNV-1a 64 of a byte string (input identities, signatures, seeds of evaluation points). */
static inline uint64_t fuzz_hash(const void *p, size_t n, uint64_t h) {
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * UINT64_C(0x100000001b3);
  return h;
}
#define FUZZ_HASH_INIT UINT64_C(0xcbf29ce484222325)

#endif
