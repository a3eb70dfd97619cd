/* value.c: one literal for a known dtype (NAME=VALUE arguments), with the format's literal rules. */
#include <stdio.h>
#include <string.h>

#include "ir/node.h"
#include "text/lexer.h"
#include "text/literal.h"
#include "text/text.h"
#include "text/value_lex.h"

static bool word(const Lexer *lx, const Token *t, const char *w) {
  return t->kind == TK_IDENT && t->len == strlen(w) && memcmp(lx->src + t->off, w, t->len) == 0;
}

static uint64_t inf_bits(DType dt, bool neg) {
  uint64_t e = dt == DT_F16 ? 0x7c00 : dt == DT_F32 ? 0x7f800000 : UINT64_C(0x7ff0000000000000);
  return e | (neg ? UINT64_C(1) << (dt_bits(dt) - 1) : 0);
}

bool value_from_tokens(Lexer *lx, Token *t, DType dt, uint64_t *bits, char *err, size_t errsize) {
  bool neg = false;
  if (t->kind == TK_MINUS) {
    neg = true;
    lex_next(lx, t);
  }
  if (t->kind == TK_ERROR) {
    snprintf(err, errsize, "%s", t->msg);
    return false;
  }
  const char *s = lx->src + t->off;
  if (t->kind == TK_INT || t->kind == TK_FLOAT) {
    if (t->has_suffix && t->suffix != dt) {
      snprintf(err, errsize, "the literal has type %s, expected %s", dt_name(t->suffix), dt_name(dt));
      return false;
    }
    LitStatus st;
    if (t->kind == TK_FLOAT) {
      st = lit_float_bits(dt, s, t->num_len, neg, bits);
    } else {
      u128 mag = 0;
      lit_int_magnitude(s, t->num_len, &mag);
      st = lit_int_bits(dt, neg ? -(i128)mag : (i128)mag, bits);
    }
    if (st != LIT_OK) lit_error_message(st, t->kind == TK_FLOAT, neg, s, t->num_len, dt, err, errsize);
    return st == LIT_OK;
  }
  if (!neg && (word(lx, t, "true") || word(lx, t, "false"))) {
    if (dt != DT_BOOL) {
      snprintf(err, errsize, "'%.*s' is a bool, expected %s", (int)t->len, s, dt_name(dt));
      return false;
    }
    *bits = s[0] == 't';
    return true;
  }
  if (t->kind == TK_IDENT && (strncmp(s, "inf", 3) == 0 || strncmp(s, "nan", 3) == 0) &&
      (t->len == 3 || s[3] == '_')) {
    DType want = dt;
    if (t->len > 3 && !dt_from_name(s + 4, t->len - 4, &want)) want = DT_COUNT;
    if (want != dt || !dt_is_float(dt)) {
      snprintf(err, errsize, "'%.*s' is not a value of %s", (int)(t->len > 40 ? 40 : t->len), s, dt_name(dt));
      return false;
    }
    *bits = s[0] == 'i' ? inf_bits(dt, neg) : vs_nan_bits(dt);
    return true;
  }
  snprintf(err, errsize, "expected a literal of type %s", dt_name(dt));
  return false;
}

bool vs_parse_value(const char *text, DType dt, uint64_t *bits, char *err, size_t errsize) {
  char scratch[8];
  if (!err || !errsize) err = scratch, errsize = sizeof scratch;
  Lexer lx;
  Token t;
  lex_init(&lx, text, strlen(text));
  lex_next(&lx, &t);
  uint64_t b = 0;
  if (!value_from_tokens(&lx, &t, dt, &b, err, errsize)) return false;
  lex_next(&lx, &t);
  if (t.kind == TK_ERROR) {
    snprintf(err, errsize, "%s", t.msg);
    return false;
  }
  if (t.kind != TK_EOF) {
    snprintf(err, errsize, "unexpected '%.*s' after the value", (int)(t.len > 20 ? 20 : t.len), text + t.off);
    return false;
  }
  *bits = vs_canon_bits(dt, b);
  return true;
}
