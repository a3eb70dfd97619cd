/* afl_mutator.c: the structure-aware IR mutator (fuzz/mutate.h) as an AFL++ custom mutator
 * (AFL_CUSTOM_MUTATOR_LIBRARY=libvsimp_afl_mutator.so). Built without instrumentation or sanitizers:
 * it is loaded into afl-fuzz itself. AFL++ keeps its own mutations as well. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/input.h"
#include "fuzz/mutate.h"

typedef struct {
  VsCtx *ctx;
  uint64_t rng;
  uint8_t *buf;
  size_t cap;
} MutatorState;

void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size);
void afl_custom_deinit(void *data);

void *afl_custom_init(void *afl, unsigned int seed) {
  (void)afl;
  MutatorState *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->ctx = vs_ctx_new();
  s->rng = seed;
  return s;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size) {
  (void)add_buf;
  (void)add_buf_size;
  MutatorState *s = data;
  if (max_size > s->cap) {
    uint8_t *nb = realloc(s->buf, max_size);
    if (!nb) return 0;
    s->buf = nb;
    s->cap = max_size;
  }
  if (!s->ctx || vs_ctx_node_count(s->ctx) > (1u << 18)) {
    vs_ctx_free(s->ctx);
    s->ctx = vs_ctx_new();
  }
  size_t n = buf_size < max_size ? buf_size : max_size;
  memcpy(s->buf, buf, n);
  size_t m = s->ctx ? fuzz_mutate(s->ctx, s->buf, n, max_size, fuzz_rng_next(&s->rng)) : 0;
  *out_buf = s->buf;
  return m ? m : n; /* no structural mutation fit: hand the input back unchanged */
}

void afl_custom_deinit(void *data) {
  MutatorState *s = data;
  if (!s) return;
  vs_ctx_free(s->ctx);
  free(s->buf);
  free(s);
}
