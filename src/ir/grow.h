/* grow.h: growing a malloc'd array by doubling. */
#ifndef VSIMP_IR_GROW_H
#define VSIMP_IR_GROW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* Makes *p hold at least `need` elements of `elem` bytes (capacity *cap, doubling from 16). False when
 * out of memory or the size would overflow; *p and *cap are then unchanged. */
static inline bool vs_grow(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return true;
  size_t ncap = *cap ? *cap : 16;
  while (ncap < need) {
    if (ncap > SIZE_MAX / 2) return false;
    ncap *= 2;
  }
  if (elem && ncap > SIZE_MAX / elem) return false;
  void *np = realloc(*p, ncap * elem);
  if (!np) return false;
  *p = np;
  *cap = ncap;
  return true;
}

#endif
