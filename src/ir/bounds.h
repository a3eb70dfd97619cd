/* bounds.h: value-range analysis (vmin/vmax) for integer and bool nodes.
 *
 * bounds_compute() fills n->lo and n->hi from n's op and its children's bounds when the node is built.
 * The interval is sound under the dtype's exact semantics: whenever every variable lies in its
 * declared range and n is defined (no UB), n's value lies in [lo, hi]. An op that can wrap yields the
 * dtype's full range. Float nodes get lo = hi = 0 and carry no meaning. The lemmas that justify each
 * case are proved by `vsimp rules verify` (see docs/rules.md). */
#ifndef VSIMP_ANALYSIS_BOUNDS_H
#define VSIMP_ANALYSIS_BOUNDS_H

#include "ir/node.h"

void bounds_compute(Node *n);

#endif
