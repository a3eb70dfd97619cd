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

int dt_bits(DType dt) { return dtype_info[dt].bits; }
bool dt_is_int(DType dt) { return dtype_info[dt].kind == 1 || dtype_info[dt].kind == 2; }
bool dt_is_signed(DType dt) { return dtype_info[dt].kind == 1; }
bool dt_is_unsigned(DType dt) { return dtype_info[dt].kind == 2; }
bool dt_is_float(DType dt) { return dtype_info[dt].kind == 3; }
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
