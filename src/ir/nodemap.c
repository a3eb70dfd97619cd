#include "ir/nodemap.h"

#include <stdlib.h>

static size_t slot_of(const Node *k, size_t cap) { return (size_t)(k->hash * 0x9E3779B1u) & (cap - 1); }

void nodemap_init(NodeMap *m) { m->keys = NULL; m->vals = NULL; m->cap = m->count = 0; }

void nodemap_free(NodeMap *m) {
  free(m->keys);
  free(m->vals);
  nodemap_init(m);
}

bool nodemap_get(const NodeMap *m, const Node *k, uint64_t *val) {
  if (!m->cap) return false;
  for (size_t i = slot_of(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == k) {
      if (val) *val = m->vals[i];
      return true;
    }
    if (!m->keys[i]) return false;
  }
}

static bool grow(NodeMap *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  const Node **nk = calloc(ncap, sizeof *nk);
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

bool nodemap_put(NodeMap *m, const Node *k, uint64_t val) {
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
