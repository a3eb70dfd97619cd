/* bounds_ops.h: the per-op interval transfer functions behind bounds_compute(), on plain numbers.
 *
 * An interval is a pair of numeric values [lo, hi] (lo <= hi) of a dtype, read as im_value() reads
 * bit patterns (bool: 0 and 1). bounds_transfer() is what bounds_compute() applies to a node's
 * operands; it is exposed so that tests and the lemma checker can drive a single op at a single
 * dtype with chosen operand intervals, without building variables. */
#ifndef VSIMP_ANALYSIS_BOUNDS_OPS_H
#define VSIMP_ANALYSIS_BOUNDS_OPS_H

#include "ir/dtype.h"
#include "ir/intmath.h"
#include "ir/op.h"

typedef struct {
  i128 lo, hi;
} BoundsIv;

/* The interval of `op` with result dtype `dt`, given operand dtypes adt[0..nargs) and operand
 * intervals a[0..nargs) (entries for float operands are ignored). Sound: for operand values inside
 * their intervals on which the op is defined, the result lies inside the returned interval. The
 * result is always a non-empty interval within dt's range; [0, 0] for a float dt. */
BoundsIv bounds_transfer(Op op, DType dt, const DType *adt, const BoundsIv *a, int nargs);

/* dt's whole range ([0, 1] for bool, [0, 0] for floats). */
BoundsIv bounds_full(DType dt);

#endif
