#include "ir/ptrmap.h"

#include <stdlib.h>

static size_t slot_of(const void *k, size_t cap) {
  uint64_t x = (uint64_t)(uintptr_t)k;
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (size_t)x & (cap - 1);
}

void ptrmap_init(PtrMap *m) {
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->count = 0;
}

void ptrmap_free(PtrMap *m) {
  free(m->keys);
  free(m->vals);
  ptrmap_init(m);
}

bool ptrmap_get(const PtrMap *m, const void *k, uint64_t *val) {
  if (!m->cap) return false;
  for (size_t i = slot_of(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == k) {
      if (val) *val = m->vals[i];
      return true;
    }
    if (!m->keys[i]) return false;
  }
}

static bool grow(PtrMap *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  const void **nk = calloc(ncap, sizeof *nk);
  uint64_t *nv = malloc(ncap * sizeof *nv);
  if (!nk || !nv) {
    free(nk);
    free(nv);
    return false;
  }
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i]) continue;
    size_t j = slot_of(m->keys[i], ncap);
    while (nk[j]) j = (j + 1) & (ncap - 1);
    nk[j] = m->keys[i];
    nv[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = nk;
  m->vals = nv;
  m->cap = ncap;
  return true;
}

bool ptrmap_put(PtrMap *m, const void *k, uint64_t val) {
  if (!k) return false;
  if ((m->count + 1) * 2 > m->cap && !grow(m)) return false;
  size_t i = slot_of(k, m->cap);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) {
    m->keys[i] = k;
    m->count++;
  }
  m->vals[i] = val;
  return true;
}
