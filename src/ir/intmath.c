#include "ir/intmath.h"

/* What im_min and im_max were computed as from the width: signed -2^(w-1) and 2^(w-1) - 1, others 0
 * and 2^w - 1 (bool: 1). */
#define IM_SMIN(w) (-((i128)1 << ((w) - 1)))
#define IM_SMAX(w) (((i128)1 << ((w) - 1)) - 1)
const i128 im_min_of[DT_COUNT] = {
    [DT_BOOL] = 0,           [DT_I8] = IM_SMIN(8), [DT_I16] = IM_SMIN(16), [DT_I32] = IM_SMIN(32),
    [DT_I64] = IM_SMIN(64),  [DT_U8] = 0,          [DT_U16] = 0,           [DT_U32] = 0,
    [DT_U64] = 0,            [DT_INDEX] = IM_SMIN(64), [DT_F16] = 0,       [DT_F32] = 0,
    [DT_F64] = 0,
};
const i128 im_max_of[DT_COUNT] = {
    [DT_BOOL] = 1,           [DT_I8] = IM_SMAX(8),   [DT_I16] = IM_SMAX(16), [DT_I32] = IM_SMAX(32),
    [DT_I64] = IM_SMAX(64),  [DT_U8] = 0xff,         [DT_U16] = 0xffff,      [DT_U32] = 0xffffffff,
    [DT_U64] = (i128)UINT64_MAX, [DT_INDEX] = IM_SMAX(64), [DT_F16] = 0xffff, [DT_F32] = 0xffffffff,
    [DT_F64] = (i128)UINT64_MAX,
};

char *im_format(i128 v, char *buf) {
  char tmp[48];
  int n = 0;
  u128 mag = v < 0 ? (u128)0 - (u128)v : (u128)v;
  do {
    tmp[n++] = (char)('0' + (int)(mag % 10));
    mag /= 10;
  } while (mag);
  int k = 0;
  if (v < 0) buf[k++] = '-';
  while (n) buf[k++] = tmp[--n];
  buf[k] = 0;
  return buf;
}
