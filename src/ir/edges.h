/* edges.h: the edge values of each dtype, where wrong arithmetic shows first. Shared by the
 * conformance check, the fuzzer's constant generator and the tests. */
#ifndef VSIMP_IR_EDGES_H
#define VSIMP_IR_EDGES_H

#include <stddef.h>
#include <stdint.h>

#include "ir/dtype.h"

/* The compact edge set of dt (bit patterns, no duplicates): for integers 0, 1, -1, 2, -2, 3, 7, MIN,
 * MIN+1, MAX, MAX-1, 2^(w-1)+-1, 2^(w/2) and neighbours, w-1 and w (shift amounts), a run of set bits;
 * for floats +-0, +-1, +-0.5, +-1.5, +-2.5, +-inf, NaN, the smallest and largest subnormal, the smallest
 * normal, the largest finite, 0.1, 3, and the powers of two at the integer conversion boundaries.
 * Returns the count (at most EDGE_MAX). */
enum { EDGE_MAX = 64 };
size_t edge_values(DType dt, uint64_t *out);

/* Every power of two representable in dt and its two neighbours (and their negations for signed
 * types); for floats, the powers of two 2^k for the integer widths and their neighbours. Returns the
 * count (at most POW2_EDGE_MAX). */
enum { POW2_EDGE_MAX = 400 };
size_t edge_pow2_values(DType dt, uint64_t *out);

#endif
