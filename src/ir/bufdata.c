#include "ir/bufdata.h"

#include <stdlib.h>
#include <string.h>

void bufdata_init(BufData *b, uint64_t size, uint64_t dflt) {
  memset(b, 0, sizeof *b);
  b->size = size;
  b->dflt = dflt;
}

void bufdata_free(BufData *b) {
  free(b->idx);
  free(b->bits);
  b->idx = b->bits = NULL;
  b->n = b->cap = 0;
}

bool bufdata_copy(BufData *dst, const BufData *src) {
  bufdata_init(dst, src->size, src->dflt);
  if (!src->n) return true;
  dst->idx = malloc(src->n * sizeof *dst->idx);
  dst->bits = malloc(src->n * sizeof *dst->bits);
  if (!dst->idx || !dst->bits) {
    bufdata_free(dst);
    return false;
  }
  memcpy(dst->idx, src->idx, src->n * sizeof *dst->idx);
  memcpy(dst->bits, src->bits, src->n * sizeof *dst->bits);
  dst->n = dst->cap = src->n;
  return true;
}

/* The first listed position whose index is >= i. */
static size_t lower_bound(const BufData *b, uint64_t i) {
  size_t lo = 0, hi = b->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (b->idx[mid] < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

uint64_t bufdata_get(const BufData *b, uint64_t i) {
  size_t k = lower_bound(b, i);
  return k < b->n && b->idx[k] == i ? b->bits[k] : b->dflt;
}

bool bufdata_set(BufData *b, uint64_t i, uint64_t bits) {
  size_t k = lower_bound(b, i);
  bool listed = k < b->n && b->idx[k] == i;
  if (bits == b->dflt) { /* back to the default: drop the entry */
    if (listed) {
      memmove(b->idx + k, b->idx + k + 1, (b->n - k - 1) * sizeof *b->idx);
      memmove(b->bits + k, b->bits + k + 1, (b->n - k - 1) * sizeof *b->bits);
      b->n--;
    }
    return true;
  }
  if (listed) {
    b->bits[k] = bits;
    return true;
  }
  if (b->n == b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 8;
    uint64_t *ni = realloc(b->idx, cap * sizeof *ni);
    if (!ni) return false;
    b->idx = ni;
    uint64_t *nb = realloc(b->bits, cap * sizeof *nb);
    if (!nb) return false;
    b->bits = nb;
    b->cap = cap;
  }
  memmove(b->idx + k + 1, b->idx + k, (b->n - k) * sizeof *b->idx);
  memmove(b->bits + k + 1, b->bits + k, (b->n - k) * sizeof *b->bits);
  b->idx[k] = i;
  b->bits[k] = bits;
  b->n++;
  return true;
}

bool bufdata_equal(const BufData *a, const BufData *b) {
  if (a->size != b->size) return false;
  /* Every listed index of either side, and (if some element is unlisted on both) the defaults. */
  for (size_t i = 0; i < a->n; i++)
    if (bufdata_get(b, a->idx[i]) != a->bits[i]) return false;
  for (size_t i = 0; i < b->n; i++)
    if (bufdata_get(a, b->idx[i]) != b->bits[i]) return false;
  if (a->dflt == b->dflt) return true;
  /* Different defaults: equal only if no index is unlisted on both sides. */
  uint64_t covered = 0;
  size_t i = 0, j = 0;
  while (i < a->n || j < b->n) {
    uint64_t x = j == b->n || (i < a->n && a->idx[i] <= b->idx[j]) ? a->idx[i] : b->idx[j];
    covered++;
    while (i < a->n && a->idx[i] == x) i++;
    while (j < b->n && b->idx[j] == x) j++;
  }
  return covered == a->size;
}
