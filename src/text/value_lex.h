/* value_lex.h (internal): one literal of a known dtype read from a token stream, shared by the readers
 * of single values (value.c) and of composite ones (buf_value.c), so that an element of a buffer value
 * follows exactly the rules of vs_parse_value. */
#ifndef VSIMP_TEXT_VALUE_LEX_H
#define VSIMP_TEXT_VALUE_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/dtype.h"
#include "text/lexer.h"

/* Reads the literal starting at the current token *t (an optional '-' and what follows it); leaves the
 * literal's last token current. *bits is not canonicalised (vs_canon_bits). On failure writes err. */
bool value_from_tokens(Lexer *lx, Token *t, DType dt, uint64_t *bits, char *err, size_t errsize);

#endif
