#include "text/lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text/literal.h"

void lex_init(Lexer *lx, const char *src, size_t len) {
  lx->src = src;
  lx->len = len;
  lx->pos = 0;
  lx->line = 1;
  lx->col = 1;
  lx->prog = false;
}

static int peekc(const Lexer *lx, size_t ahead) {
  return lx->pos + ahead < lx->len ? (unsigned char)lx->src[lx->pos + ahead] : -1;
}

/* Tokens never span lines, so advancing within a token only moves the column. */
static void skip(Lexer *lx, size_t n) {
  lx->pos += n;
  lx->col += (int)n;
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_hex(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_ident_char(int c) { return is_ident_start(c) || is_digit(c); }

/* A byte for a message: itself when printable ASCII, a \xNN escape otherwise. */
static void char_repr(int c, char *buf, size_t size) {
  if (c > 0x20 && c < 0x7f) snprintf(buf, size, "%c", c);
  else snprintf(buf, size, "\\x%02x", (unsigned)c & 0xff);
}

__attribute__((format(printf, 4, 5))) static void error_at(Lexer *lx, Token *t, int col, const char *fmt, ...) {
  t->kind = TK_ERROR;
  t->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->msg, sizeof t->msg, fmt, ap);
  va_end(ap);
  (void)lx;
}

/* Skips whitespace and comments. Comments may hold any byte: only the newline ends them. */
static void skip_space(Lexer *lx) {
  for (;;) {
    int c = peekc(lx, 0);
    if (c == ' ' || c == '\t' || c == '\r') {
      skip(lx, 1);
    } else if (c == '\n') {
      lx->pos++;
      lx->line++;
      lx->col = 1;
    } else if (c == '#') {
      while (lx->pos < lx->len && lx->src[lx->pos] != '\n') lx->pos++;
    } else {
      return;
    }
  }
}

static void lex_number(Lexer *lx, Token *t) {
  size_t start = lx->pos;
  int start_col = lx->col;
  bool is_float = false;
  if (peekc(lx, 0) == '0' && (peekc(lx, 1) == 'x' || peekc(lx, 1) == 'X')) {
    skip(lx, 2);
    if (!is_hex(peekc(lx, 0))) {
      error_at(lx, t, start_col, "expected hex digits after '0x'");
      return;
    }
    while (is_hex(peekc(lx, 0))) skip(lx, 1);
  } else {
    while (is_digit(peekc(lx, 0))) skip(lx, 1);
    if (peekc(lx, 0) == '.') {
      skip(lx, 1);
      if (!is_digit(peekc(lx, 0))) {
        error_at(lx, t, lx->col, "expected a digit after '.' in a number");
        return;
      }
      while (is_digit(peekc(lx, 0))) skip(lx, 1);
      is_float = true;
    }
    if (peekc(lx, 0) == 'e' || peekc(lx, 0) == 'E') {
      size_t sign = (peekc(lx, 1) == '+' || peekc(lx, 1) == '-') ? 1 : 0;
      if (!is_digit(peekc(lx, 1 + sign))) {
        error_at(lx, t, lx->col, "expected digits in the exponent of a number");
        return;
      }
      skip(lx, 1 + sign);
      while (is_digit(peekc(lx, 0))) skip(lx, 1);
      is_float = true;
    }
  }
  t->kind = is_float ? TK_FLOAT : TK_INT;
  t->num_len = lx->pos - start;
  if (peekc(lx, 0) == '_') {
    skip(lx, 1);
    size_t s = lx->pos;
    int scol = lx->col;
    while (is_ident_char(peekc(lx, 0))) skip(lx, 1);
    if (lx->pos == s) {
      error_at(lx, t, scol, "expected a dtype name after '_' in a number");
      return;
    }
    if (!dt_from_name(lx->src + s, lx->pos - s, &t->suffix)) {
      char name[48];
      size_t n = lx->pos - s;
      snprintf(name, sizeof name, "%.*s%s", (int)(n > 32 ? 32 : n), lx->src + s, n > 32 ? "..." : "");
      error_at(lx, t, scol, "unknown dtype '%s' in a number suffix", name);
      return;
    }
    t->has_suffix = true;
  }
  int c = peekc(lx, 0);
  if (is_ident_char(c) || c == '.') {
    char cr[8];
    char_repr(c, cr, sizeof cr);
    error_at(lx, t, lx->col, "invalid character '%s' in a number", cr);
    return;
  }
  if (!is_float) {
    u128 mag;
    if (!lit_int_magnitude(lx->src + start, t->num_len, &mag)) {
      error_at(lx, t, start_col, "integer literal is too large (at most 2^127 - 1)");
      return;
    }
  }
  t->len = lx->pos - start;
}

void lex_next(Lexer *lx, Token *t) {
  memset(t, 0, sizeof *t);
  skip_space(lx);
  t->off = lx->pos;
  t->line = lx->line;
  t->col = lx->col;
  int c = peekc(lx, 0);
  if (c < 0) {
    t->kind = TK_EOF;
    return;
  }
  if (is_digit(c)) {
    lex_number(lx, t);
    return;
  }
  if (is_ident_start(c)) {
    while (is_ident_char(peekc(lx, 0))) skip(lx, 1);
    t->kind = TK_IDENT;
    t->len = lx->pos - t->off;
    return;
  }
  int c1 = peekc(lx, 1);
  TokKind k;
  size_t n = 1;
  switch (c) {
  case '(': k = TK_LPAREN; break;
  case ')': k = TK_RPAREN; break;
  case '[': k = TK_LBRACK; break;
  case ']': k = TK_RBRACK; break;
  case ',': k = TK_COMMA; break;
  case ':': k = TK_COLON; break;
  case '+': k = TK_PLUS; break;
  case '-':
    /* `-->` is one token wherever it appears; `--x` stays two minus signs. */
    if (c1 == '-' && peekc(lx, 2) == '>') k = TK_ARROW, n = 3;
    else if (lx->prog && c1 == '>') k = TK_RARROW, n = 2;
    else k = TK_MINUS;
    break;
  case '*': k = TK_STAR; break;
  case '/':
    if (c1 == '/') k = TK_SLASHSLASH, n = 2;
    else k = TK_SLASH;
    break;
  case '%': k = TK_PERCENT; break;
  case '<':
    if (c1 == '<') k = TK_SHL, n = 2;
    else if (c1 == '=') k = TK_LE, n = 2;
    else k = TK_LT;
    break;
  case '>':
    if (c1 == '>') k = TK_SHR, n = 2;
    else if (c1 == '=') k = TK_GE, n = 2;
    else k = TK_GT;
    break;
  case '@': k = TK_AT; break;
  case '=':
    if (c1 == '>') { /* the rule DSL's `=>` (docs/rules.md) */
      k = TK_FATARROW, n = 2;
      break;
    }
    if (c1 != '=' && lx->prog) {
      k = TK_ASSIGN;
      break;
    }
    if (c1 != '=') {
      error_at(lx, t, lx->col, "unexpected character '=' (did you mean '=='?)");
      return;
    }
    k = TK_EQ, n = 2;
    break;
  case '!':
    if (c1 == '=') k = TK_NE, n = 2;
    else k = TK_BANG;
    break;
  case '&':
    if (c1 == '&') k = TK_AMPAMP, n = 2;
    else k = TK_AMP;
    break;
  case '|':
    if (c1 == '|') k = TK_PIPEPIPE, n = 2;
    else k = TK_PIPE;
    break;
  case '^': k = TK_CARET; break;
  case '~': k = TK_TILDE; break;
  case '{':
  case '}':
    if (!lx->prog) goto unexpected;
    k = c == '{' ? TK_LBRACE : TK_RBRACE;
    break;
  default:
  unexpected: {
    char cr[8];
    char_repr(c, cr, sizeof cr);
    error_at(lx, t, lx->col, "unexpected character '%s'", cr);
    return;
  }
  }
  skip(lx, n);
  t->kind = k;
  t->len = n;
}

void tok_describe(const Lexer *lx, const Token *t, char *buf, size_t size) {
  if (t->kind == TK_EOF) {
    snprintf(buf, size, "end of file");
    return;
  }
  size_t n = t->len > 32 ? 32 : t->len;
  snprintf(buf, size, "'%.*s%s'", (int)n, lx->src + t->off, t->len > 32 ? "..." : "");
}
