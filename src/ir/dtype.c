#include "ir/dtype.h"

#include <string.h>

static const struct { const char *name; uint8_t bits; uint8_t kind; } dtype_info[DT_COUNT] = {
  /* kind: 0 bool, 1 signed, 2 unsigned, 3 float */
  [DT_BOOL] = {"bool", 1, 0},
  [DT_I8] = {"i8", 8, 1},   [DT_I16] = {"i16", 16, 1}, [DT_I32] = {"i32", 32, 1}, [DT_I64] = {"i64", 64, 1},
  [DT_U8] = {"u8", 8, 2},   [DT_U16] = {"u16", 16, 2}, [DT_U32] = {"u32", 32, 2}, [DT_U64] = {"u64", 64, 2},
  [DT_INDEX] = {"index", 64, 1},
  [DT_F16] = {"f16", 16, 3}, [DT_F32] = {"f32", 32, 3}, [DT_F64] = {"f64", 64, 3},
};

/* The inline properties of dtype.h must agree with the table. */
_Static_assert(DT_BOOL == 0 && DT_I8 == 1 && DT_I64 == 4 && DT_U8 == 5 && DT_U64 == 8 && DT_INDEX == 9 &&
                   DT_F16 == 10 && DT_F64 == 12 && DT_COUNT == 13,
               "dtype.h's inline properties rely on this order");
const char *dt_name(DType dt) { return dt < DT_COUNT ? dtype_info[dt].name : "?"; }

bool dt_from_name(const char *s, size_t len, DType *out) {
  for (int i = 0; i < DT_COUNT; i++) {
    if (strlen(dtype_info[i].name) == len && memcmp(dtype_info[i].name, s, len) == 0) {
      *out = (DType)i;
      return true;
    }
  }
  return false;
}
