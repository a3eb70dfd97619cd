/* buf_value.c: buffer contents in NAME=VALUE arguments and in reports (docs/syntax.md, "Memory, loops
 * and reductions"): one literal for every element, a list `[a, b, ...]`, or the sparse form
 * `{default: D, I: V, ...} of N`, which is what a buffer of 2^40 elements needs and what
 * vs_format_buffer writes for buffers of more than 64 elements. Every element is one literal with the
 * rules of vs_parse_value (value_lex.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "text/lexer.h"
#include "text/literal.h"
#include "text/text.h"
#include "text/value_lex.h"

/* A list value is written out in full: beyond this many elements, the sparse form is the way. */
#define VS_MAX_LIST_ELEMS 65536u
/* vs_format_buffer lists every element up to this size. */
#define VS_FORMAT_LIST_MAX 64u

typedef struct {
  uint64_t idx, bits;
} Elem;

static int by_index(const void *a, const void *b) {
  uint64_t x = ((const Elem *)a)->idx, y = ((const Elem *)b)->idx;
  return x < y ? -1 : x > y;
}

static int by_bits(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static const char *describe(const Lexer *lx, const Token *t, char *buf, size_t size) {
  tok_describe(lx, t, buf, size);
  return buf;
}

/* A token that must be one kind; the message names what was expected. */
static bool want(const Lexer *lx, const Token *t, TokKind k, const char *what, char *err, size_t errsize) {
  if (t->kind == k) return true;
  char d[48];
  if (t->kind == TK_ERROR) snprintf(err, errsize, "%s", t->msg);
  else snprintf(err, errsize, "expected %s, found %s", what, describe(lx, t, d, sizeof d));
  return false;
}

/* An integer literal without a suffix (an element index, the `of N` size) as a number; false with a
 * message if it is none. */
static bool plain_int(const Lexer *lx, const Token *t, const char *what, u128 *out, char *err, size_t errsize) {
  char d[48];
  if (t->kind == TK_ERROR) {
    snprintf(err, errsize, "%s", t->msg);
    return false;
  }
  if (t->kind != TK_INT || t->has_suffix) {
    snprintf(err, errsize, "expected %s (an integer literal without a suffix), found %s", what,
             describe(lx, t, d, sizeof d));
    return false;
  }
  lit_int_magnitude(lx->src + t->off, t->num_len, out); /* the lexer has validated it */
  return true;
}

/* After the last element: nothing may follow. */
static bool at_end(Lexer *lx, Token *t, char *err, size_t errsize) {
  lex_next(lx, t);
  if (t->kind == TK_EOF) return true;
  char d[48];
  if (t->kind == TK_ERROR) snprintf(err, errsize, "%s", t->msg);
  else snprintf(err, errsize, "unexpected %s after the buffer value", describe(lx, t, d, sizeof d));
  return false;
}

/* Fills out (initialised to size elements) from elements sorted by index, none repeated. */
static bool fill(BufData *out, uint64_t size, uint64_t dflt, const Elem *e, size_t n, char *err, size_t errsize) {
  bufdata_init(out, size, dflt);
  for (size_t i = 0; i < n; i++)
    if (!bufdata_set(out, e[i].idx, e[i].bits)) { /* ascending indices: each one appends */
      bufdata_free(out);
      snprintf(err, errsize, "out of memory");
      return false;
    }
  return true;
}

/* `[a, b, ...]` from the '[' on. The default is the most frequent element, so that the data stays
 * small when most of the list is one value. */
static bool parse_list(Lexer *lx, Token *t, DType dt, uint64_t size, BufData *out, char *err, size_t errsize) {
  if (size > VS_MAX_LIST_ELEMS) {
    snprintf(err, errsize, "a list value is for buffers of at most %u elements (this one has %llu): write "
             "{default: V, I: V, ...} of %llu", VS_MAX_LIST_ELEMS, (unsigned long long)size, (unsigned long long)size);
    return false;
  }
  Elem *e = malloc((size + 1) * sizeof *e);
  uint64_t *sorted = malloc((size + 1) * sizeof *sorted);
  bool ok = e && sorted;
  if (!ok) snprintf(err, errsize, "out of memory");
  size_t n = 0;
  lex_next(lx, t);
  if (ok && t->kind != TK_RBRACK) {
    for (;;) {
      if (n == size) {
        snprintf(err, errsize, "more than %llu element values: the buffer has %llu elements",
                 (unsigned long long)size, (unsigned long long)size);
        ok = false;
        break;
      }
      uint64_t bits;
      if (!(ok = value_from_tokens(lx, t, dt, &bits, err, errsize))) break;
      e[n].idx = n;
      e[n].bits = vs_canon_bits(dt, bits);
      n++;
      lex_next(lx, t);
      if (t->kind == TK_RBRACK) break;
      if (!(ok = want(lx, t, TK_COMMA, "',' or ']'", err, errsize))) break;
      lex_next(lx, t);
    }
  }
  if (ok && n != size) {
    snprintf(err, errsize, "%zu element value%s given, the buffer has %llu elements", n, n == 1 ? "" : "s",
             (unsigned long long)size);
    ok = false;
  }
  ok = ok && at_end(lx, t, err, errsize);
  uint64_t dflt = 0;
  if (ok && n) {
    for (size_t i = 0; i < n; i++) sorted[i] = e[i].bits;
    qsort(sorted, n, sizeof *sorted, by_bits);
    size_t best = 0;
    for (size_t i = 0, j; i < n; i = j) {
      for (j = i; j < n && sorted[j] == sorted[i]; j++) {}
      if (j - i > best) best = j - i, dflt = sorted[i];
    }
  }
  ok = ok && fill(out, size, dflt, e, n, err, errsize);
  free(e);
  free(sorted);
  return ok;
}

/* `{default: D, I: V, ...} [of N]` from the '{' on. Entries may come in any order; an index may be
 * given once; without a default, unlisted elements are 0 (+0.0, false). */
static bool parse_sparse(Lexer *lx, Token *t, DType dt, uint64_t size, BufData *out, char *err, size_t errsize) {
  Elem *e = NULL;
  size_t n = 0, cap = 0;
  uint64_t dflt = 0;
  bool have_dflt = false, ok = true;
  lex_next(lx, t);
  if (t->kind != TK_RBRACE) {
    for (;;) {
      bool is_dflt = t->kind == TK_IDENT && t->len == 7 && memcmp(lx->src + t->off, "default", 7) == 0;
      u128 idx = 0;
      if (is_dflt) {
        if (have_dflt) {
          snprintf(err, errsize, "'default' is given twice");
          ok = false;
          break;
        }
      } else if (!(ok = plain_int(lx, t, "an element index or 'default'", &idx, err, errsize))) {
        break;
      } else if (idx >= size) {
        char a[48];
        snprintf(err, errsize, "element index %s is out of range (the buffer has %llu elements)",
                 im_format((i128)idx, a), (unsigned long long)size);
        ok = false;
        break;
      }
      lex_next(lx, t);
      if (!(ok = want(lx, t, TK_COLON, "':'", err, errsize))) break;
      lex_next(lx, t);
      uint64_t bits;
      if (!(ok = value_from_tokens(lx, t, dt, &bits, err, errsize))) break;
      bits = vs_canon_bits(dt, bits);
      if (is_dflt) {
        dflt = bits;
        have_dflt = true;
      } else {
        if (n == cap) {
          size_t ncap = cap ? cap * 2 : 16;
          Elem *ne = realloc(e, ncap * sizeof *ne);
          if (!ne) {
            snprintf(err, errsize, "out of memory");
            ok = false;
            break;
          }
          e = ne;
          cap = ncap;
        }
        e[n].idx = (uint64_t)idx;
        e[n].bits = bits;
        n++;
      }
      lex_next(lx, t);
      if (t->kind == TK_RBRACE) break;
      if (!(ok = want(lx, t, TK_COMMA, "',' or '}'", err, errsize))) break;
      lex_next(lx, t);
    }
  }
  if (ok && n) {
    qsort(e, n, sizeof *e, by_index);
    for (size_t i = 1; i < n && ok; i++)
      if (e[i].idx == e[i - 1].idx) {
        snprintf(err, errsize, "element %llu is given twice", (unsigned long long)e[i].idx);
        ok = false;
      }
  }
  if (ok) {
    lex_next(lx, t);
    if (t->kind == TK_IDENT && t->len == 2 && memcmp(lx->src + t->off, "of", 2) == 0) {
      u128 of = 0;
      lex_next(lx, t);
      ok = plain_int(lx, t, "the element count after 'of'", &of, err, errsize);
      if (ok && of != size) {
        char a[48];
        snprintf(err, errsize, "the value is of %s elements, the buffer has %llu", im_format((i128)of, a),
                 (unsigned long long)size);
        ok = false;
      }
      ok = ok && at_end(lx, t, err, errsize);
    } else if (t->kind != TK_EOF) {
      char d[48];
      if (t->kind == TK_ERROR) snprintf(err, errsize, "%s", t->msg);
      else snprintf(err, errsize, "expected 'of N' or the end after '}', found %s", describe(lx, t, d, sizeof d));
      ok = false;
    }
  }
  ok = ok && fill(out, size, dflt, e, n, err, errsize);
  free(e);
  return ok;
}

bool vs_parse_buffer_value(const char *text, DType dt, uint64_t size, BufData *out, char *err, size_t errsize) {
  char scratch[8];
  if (!err || !errsize) err = scratch, errsize = sizeof scratch;
  err[0] = 0;
  bufdata_init(out, size, 0);
  if (size > VS_MAX_BUFFER_SIZE) {
    snprintf(err, errsize, "a buffer has fewer than 2^62 elements");
    return false;
  }
  Lexer lx;
  Token t;
  lex_init(&lx, text, strlen(text));
  lx.prog = true; /* lexes '{' and '}' */
  lex_next(&lx, &t);
  if (t.kind == TK_LBRACK) return parse_list(&lx, &t, dt, size, out, err, errsize);
  if (t.kind == TK_LBRACE) return parse_sparse(&lx, &t, dt, size, out, err, errsize);
  /* One literal: every element. */
  uint64_t bits;
  if (!vs_parse_value(text, dt, &bits, err, errsize)) return false;
  bufdata_init(out, size, bits);
  return true;
}

/* A growing string. */
typedef struct {
  char *s;
  size_t len, cap;
  bool fail;
} Str;

static void add(Str *b, const char *s) {
  size_t n = strlen(s);
  if (b->fail) return;
  if (b->len + n + 1 > b->cap) {
    size_t ncap = b->cap ? b->cap : 128;
    while (ncap < b->len + n + 1) ncap *= 2;
    char *ns = realloc(b->s, ncap);
    if (!ns) {
      b->fail = true;
      return;
    }
    b->s = ns;
    b->cap = ncap;
  }
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

char *vs_format_buffer(DType dt, const BufData *b) {
  Str o = {0};
  char lit[96], num[32];
  if (b->size <= VS_FORMAT_LIST_MAX) {
    add(&o, "[");
    for (uint64_t i = 0; i < b->size; i++) {
      if (i) add(&o, ", ");
      add(&o, vs_format_literal(dt, bufdata_get(b, i), true, lit, sizeof lit));
    }
    add(&o, "]");
  } else {
    add(&o, "{default: ");
    add(&o, vs_format_literal(dt, b->dflt, true, lit, sizeof lit));
    for (size_t i = 0; i < b->n; i++) {
      snprintf(num, sizeof num, ", %llu: ", (unsigned long long)b->idx[i]);
      add(&o, num);
      add(&o, vs_format_literal(dt, b->bits[i], true, lit, sizeof lit));
    }
    snprintf(num, sizeof num, "} of %llu", (unsigned long long)b->size);
    add(&o, num);
  }
  if (o.fail) {
    free(o.s);
    return NULL;
  }
  return o.s;
}
