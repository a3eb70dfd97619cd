/* literal.h (internal): literal values of the .vs format: from text to bit patterns and back.
 *
 * Literal values follow value semantics: a literal denotes a number, and it must fit the dtype it ends
 * up with (docs/syntax.md, "Literals"). */
#ifndef VSIMP_TEXT_LITERAL_H
#define VSIMP_TEXT_LITERAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/dtype.h"
#include "ir/intmath.h"

typedef enum {
  LIT_OK,
  LIT_NOFIT,    /* integer outside the integer dtype's range */
  LIT_INEXACT,  /* integer not exactly representable in the float dtype */
  LIT_OVERFLOW, /* decimal float rounds to infinity in the dtype */
  LIT_BADTYPE,  /* the literal's kind cannot have this dtype (integer as bool, float as integer) */
  LIT_NOMEM,
} LitStatus;

/* Integer literals are at most this large in magnitude, so that a signed i128 holds them. */
#define LIT_INT_MAX (((u128)1 << 127) - 1)

/* The magnitude of an integer literal: decimal digits, or 0x/0X and hex digits. False if it exceeds
 * LIT_INT_MAX (or the text is not well formed). */
bool lit_int_magnitude(const char *s, size_t len, u128 *out);
/* The bit pattern of the integer value v as dtype dt. */
LitStatus lit_int_bits(DType dt, i128 v, uint64_t *bits);
/* The bit pattern of a decimal float literal (digits, '.', exponent; `neg` adds a minus sign) rounded to
 * nearest-even in the float dtype dt. */
LitStatus lit_float_bits(DType dt, const char *s, size_t len, bool neg, uint64_t *bits);

/* The message for a literal that failed with st (not LIT_OK) at dtype dt; `text` is the number as
 * written, without its sign and suffix. */
void lit_error_message(LitStatus st, bool is_float, bool neg, const char *text, size_t len, DType dt, char *buf,
                       size_t size);

/* binary16 conversions (the text stage keeps its own, exact ones: it must not depend on src/eval). */
uint16_t lit_f16_from_double(double d); /* nearest, ties to even */
double lit_f16_to_double(uint16_t h);   /* exact */
/* The value of a float constant of dtype dt as a double (exact for every float dtype). */
double lit_float_value(DType dt, uint64_t bits);

#endif
