/* lexer.h (internal): tokens of the .vs format (docs/syntax.md).
 *
 * The lexer never fails: a malformed token comes back as TK_ERROR carrying its message and position,
 * and the parser reports it only when that token becomes current, so that errors surface in source
 * order even though the parser looks one token ahead. */
#ifndef VSIMP_TEXT_LEXER_H
#define VSIMP_TEXT_LEXER_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/dtype.h"

typedef enum {
  TK_EOF,
  TK_ERROR,
  TK_IDENT,
  TK_INT,   /* decimal or hex digits, optional _dtype suffix */
  TK_FLOAT, /* decimal digits with '.' or an exponent, optional _dtype suffix */
  TK_LPAREN, TK_RPAREN, TK_LBRACK, TK_RBRACK, TK_COMMA, TK_COLON, TK_ARROW,
  TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_SLASHSLASH, TK_PERCENT,
  TK_SHL, TK_SHR, TK_LT, TK_LE, TK_GT, TK_GE, TK_EQ, TK_NE,
  TK_AMP, TK_AMPAMP, TK_PIPE, TK_PIPEPIPE, TK_CARET, TK_TILDE, TK_BANG,
  TK_FATARROW, TK_AT, /* `=>` and `@`: the rule DSL's (docs/rules.md); no .vs construct uses them */
  /* Program mode only (Lexer.prog, docs/syntax.md "Programs"): `=`, `{`, `}`, `->`. Outside program
   * mode a lone `=` is an error and `{`, `}` are unexpected characters, as before. */
  TK_ASSIGN, TK_LBRACE, TK_RBRACE, TK_RARROW,
} TokKind;

typedef struct {
  TokKind kind;
  size_t off, len; /* the token's bytes in the source */
  int line, col;   /* 1-based; for TK_ERROR, the position of the offending byte */
  /* TK_INT, TK_FLOAT: the number without its suffix is src[off, off + num_len). */
  size_t num_len;
  bool has_suffix;
  DType suffix;
  char msg[160]; /* TK_ERROR only */
} Token;

typedef struct {
  const char *src;
  size_t len, pos;
  int line, col;
  bool prog; /* program mode: also lex `=`, `{`, `}`, `->` (set after lex_init) */
} Lexer;

void lex_init(Lexer *lx, const char *src, size_t len);
void lex_next(Lexer *lx, Token *t);
/* A short description of a token for messages: `'+'`, `'foo'`, `end of file`. */
void tok_describe(const Lexer *lx, const Token *t, char *buf, size_t size);

#endif
