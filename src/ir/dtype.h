/* dtype.h: the scalar data types of vsimp and their fixed properties.
 *
 * Every value is a bit pattern of dt_bits(dt) bits. Integers are two's complement; `index` is a signed
 * 64-bit integer kept distinct from i64 because index arithmetic is where tensor compilers keep their
 * bugs. bool is one bit. Floats are IEEE-754 binary16/32/64. */
#ifndef VSIMP_IR_DTYPE_H
#define VSIMP_IR_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
  DT_BOOL,
  DT_I8, DT_I16, DT_I32, DT_I64,
  DT_U8, DT_U16, DT_U32, DT_U64,
  DT_INDEX,
  DT_F16, DT_F32, DT_F64,
  DT_COUNT
} DType;

/* The properties below are inline: they sit under every width-exact helper (ir/intmath.h), bounds
 * transfer function and rule match, where a call each would cost more than the test. */

/* 1 for bool, 8..64 otherwise */
static inline int dt_bits(DType dt) {
  switch (dt) {
  case DT_BOOL: return 1;
  case DT_I8: case DT_U8: return 8;
  case DT_I16: case DT_U16: case DT_F16: return 16;
  case DT_I32: case DT_U32: case DT_F32: return 32;
  default: return 64;
  }
}
/* i*, index */
static inline bool dt_is_signed(DType dt) { return (dt >= DT_I8 && dt <= DT_I64) || dt == DT_INDEX; }
/* u* */
static inline bool dt_is_unsigned(DType dt) { return dt >= DT_U8 && dt <= DT_U64; }
/* i*, u*, index; not bool */
static inline bool dt_is_int(DType dt) { return dt >= DT_I8 && dt <= DT_INDEX; }
static inline bool dt_is_float(DType dt) { return dt >= DT_F16 && dt <= DT_F64; }
const char *dt_name(DType dt);
/* Looks up a dtype by its name (len bytes, not NUL-terminated). */
bool dt_from_name(const char *s, size_t len, DType *out);

#endif
