/* rule_expand.c: records with a `for` clause, expanded into their instances (rule_expand.h).
 *
 * A small template language over integers: parameters and brace forms are replaced textually before
 * the record is lexed, so the rule parser sees ordinary rules. Values stay small (lane counts and lane
 * indices), checked to lie within [-2^20, 2^20]. */
#include "rules/rule_expand.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PARAMS = 4, MAX_VALUES = 64, MAX_INSTANCES = 4096, MAX_TEXT = 1 << 14, VALUE_LIMIT = 1 << 20 };

typedef struct {
  char name[16];
  long value;
} Binding;

typedef struct {
  Binding b[MAX_PARAMS + 8]; /* parameters, then the variables of enclosing list forms */
  int n;
  char *err;
  size_t errlen;
  bool bad;
} Env;

__attribute__((format(printf, 2, 3))) static void failf(Env *e, const char *fmt, ...) {
  if (e->bad) return;
  e->bad = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->err, e->errlen, fmt, ap);
  va_end(ap);
}

static bool is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static const Binding *lookup(const Env *e, const char *s, size_t n) {
  for (int i = e->n - 1; i >= 0; i--)
    if (strlen(e->b[i].name) == n && !strncmp(e->b[i].name, s, n)) return &e->b[i];
  return NULL;
}

/* ---- integer expressions: + - * ( ) over integers and bound names ---- */

typedef struct {
  const char *s, *end;
  Env *e;
} Ex;

static void ws(Ex *x) {
  while (x->s < x->end && (*x->s == ' ' || *x->s == '\t')) x->s++;
}

static long ex_sum(Ex *x);

static long checked(Ex *x, long v) {
  if (v < -VALUE_LIMIT || v > VALUE_LIMIT) failf(x->e, "value out of range in a parameter expression");
  return v;
}

static long ex_atom(Ex *x) {
  ws(x);
  if (x->s < x->end && *x->s == '(') {
    x->s++;
    long v = ex_sum(x);
    ws(x);
    if (x->s >= x->end || *x->s != ')') failf(x->e, "expected ')' in a parameter expression");
    else x->s++;
    return v;
  }
  if (x->s < x->end && *x->s == '-') {
    x->s++;
    return checked(x, -ex_atom(x));
  }
  if (x->s < x->end && *x->s >= '0' && *x->s <= '9') {
    long v = 0;
    while (x->s < x->end && *x->s >= '0' && *x->s <= '9') {
      v = v * 10 + (*x->s++ - '0');
      if (v > VALUE_LIMIT) {
        failf(x->e, "value out of range in a parameter expression");
        return 0;
      }
    }
    return v;
  }
  const char *id = x->s;
  while (x->s < x->end && is_ident(*x->s)) x->s++;
  const Binding *b = lookup(x->e, id, (size_t)(x->s - id));
  if (!b) {
    failf(x->e, "unknown parameter '%.*s'", (int)(x->s - id > 0 ? x->s - id : 1), id);
    return 0;
  }
  return b->value;
}

static long ex_prod(Ex *x) {
  long v = ex_atom(x);
  for (;;) {
    ws(x);
    if (x->s >= x->end || *x->s != '*') return v;
    x->s++;
    v = checked(x, v * ex_atom(x));
  }
}

static long ex_sum(Ex *x) {
  long v = ex_prod(x);
  for (;;) {
    ws(x);
    if (x->s >= x->end || (*x->s != '+' && *x->s != '-')) return v;
    char op = *x->s++;
    long w = ex_prod(x);
    v = checked(x, op == '+' ? v + w : v - w);
  }
}

/* The value of [s, end), which must be a whole expression. */
static long eval_expr(Env *e, const char *s, const char *end) {
  Ex x = {s, end, e};
  long v = ex_sum(&x);
  ws(&x);
  if (x.s != end) failf(e, "unexpected '%c' in a parameter expression", *x.s);
  return v;
}

/* ---- the text ---- */

typedef struct {
  char *s;
  size_t len;
  Env *e;
} Out;

static void put(Out *o, const char *s, size_t n) {
  if (o->e->bad) return;
  if (o->len + n >= MAX_TEXT) {
    failf(o->e, "an instance of the rule is too long");
    return;
  }
  memcpy(o->s + o->len, s, n);
  o->len += n;
  o->s[o->len] = 0;
}

/* The position of the `}` that closes the `{` at s, or NULL. */
static const char *closing(const char *s, const char *end) {
  int depth = 0;
  for (const char *p = s; p < end; p++) {
    if (*p == '{') depth++;
    else if (*p == '}' && --depth == 0) return p;
  }
  return NULL;
}

/* The word `for` at top level (not inside braces) in [s, end), or NULL. */
static const char *top_for(const char *s, const char *end) {
  int depth = 0;
  for (const char *p = s; p + 3 <= end; p++) {
    if (*p == '{') depth++;
    else if (*p == '}') depth--;
    else if (!depth && !strncmp(p, "for", 3) && (p == s || !is_ident(p[-1])) && (p + 3 == end || !is_ident(p[3])))
      return p;
  }
  return NULL;
}

/* `A..B` in [s, end) into lo and hi. */
static void range_of(Env *e, const char *s, const char *end, long *lo, long *hi) {
  const char *dots = NULL;
  for (const char *p = s; p + 1 < end && !dots; p++)
    if (p[0] == '.' && p[1] == '.') dots = p;
  if (!dots) {
    failf(e, "expected a range A..B");
    return;
  }
  *lo = eval_expr(e, s, dots);
  *hi = eval_expr(e, dots + 2, end);
}

static void expand(Out *o, const char *s, const char *end);

/* `{ITEM for I in A..B}` or `{EXPR}` (the braces excluded: [s, end)). */
static void brace(Out *o, const char *s, const char *end) {
  Env *e = o->e;
  const char *f = top_for(s, end);
  if (!f) {
    char num[32];
    snprintf(num, sizeof num, "%ld", eval_expr(e, s, end));
    put(o, num, strlen(num));
    return;
  }
  const char *p = f + 3;
  while (p < end && *p == ' ') p++;
  const char *id = p;
  while (p < end && is_ident(*p)) p++;
  size_t idlen = (size_t)(p - id);
  while (p < end && *p == ' ') p++;
  if (!idlen || idlen >= sizeof e->b[0].name || end - p < 2 || strncmp(p, "in", 2)) {
    failf(e, "expected '{ITEM for NAME in A..B}'");
    return;
  }
  long lo = 0, hi = -1;
  range_of(e, p + 2, end, &lo, &hi);
  if (e->bad) return;
  if (hi - lo >= MAX_VALUES || e->n == (int)(sizeof e->b / sizeof e->b[0])) {
    failf(e, "a list form with too many items");
    return;
  }
  Binding *b = &e->b[e->n++];
  memcpy(b->name, id, idlen);
  b->name[idlen] = 0;
  const char *item = s, *item_end = f; /* ITEM without its surrounding blanks */
  while (item < item_end && (*item == ' ' || *item == '\t')) item++;
  while (item_end > item && (item_end[-1] == ' ' || item_end[-1] == '\t')) item_end--;
  for (long v = lo; v <= hi && !e->bad; v++) {
    b->value = v;
    if (v > lo) put(o, ", ", 2);
    expand(o, item, item_end);
  }
  e->n--;
}

/* Copies [s, end) with parameters replaced and brace forms expanded. */
static void expand(Out *o, const char *s, const char *end) {
  Env *e = o->e;
  for (const char *p = s; p < end && !e->bad;) {
    if (*p == '#') { /* a comment: to the end of the line */
      while (p < end && *p != '\n') p++;
      continue;
    }
    if (*p == '{') {
      const char *c = closing(p, end);
      if (!c) {
        failf(e, "'{' without '}'");
        return;
      }
      brace(o, p + 1, c);
      p = c + 1;
      continue;
    }
    if (is_ident(*p) && (p == s || !is_ident(p[-1]))) {
      const char *q = p;
      while (q < end && is_ident(*q)) q++;
      const Binding *b = lookup(e, p, (size_t)(q - p));
      if (b) {
        char num[32];
        snprintf(num, sizeof num, "%ld", b->value);
        put(o, num, strlen(num));
      } else {
        put(o, p, (size_t)(q - p));
      }
      p = q;
      continue;
    }
    put(o, p, 1);
    p++;
  }
}

/* ---- the `for` clause ---- */

typedef struct {
  char name[16];
  const char *spec, *spec_end; /* a list of integers, or A..B */
} Param;

typedef struct {
  const char *body, *body_end;
  Param p[MAX_PARAMS];
  int np;
  RuleInstanceFn fn;
  void *ud;
  Env env;
  char *buf;
  int count;
  bool stopped;
} Job;

static void instances(Job *j, int k, char *suffix, size_t slen) {
  Env *e = &j->env;
  if (e->bad || j->stopped) return;
  if (k == j->np) {
    if (++j->count > MAX_INSTANCES) {
      failf(e, "more than %d instances", MAX_INSTANCES);
      return;
    }
    Out o = {j->buf, 0, e};
    j->buf[0] = 0;
    expand(&o, j->body, j->body_end);
    if (!e->bad && !j->fn(j->ud, o.s, o.len, suffix)) j->stopped = true;
    return;
  }
  const Param *p = &j->p[k];
  long vals[MAX_VALUES];
  int nv = 0;
  bool is_range = false;
  for (const char *q = p->spec; q + 1 < p->spec_end; q++) is_range |= q[0] == '.' && q[1] == '.';
  if (is_range) {
    long lo = 0, hi = -1;
    range_of(e, p->spec, p->spec_end, &lo, &hi);
    for (long v = lo; v <= hi && !e->bad; v++) {
      if (nv == MAX_VALUES) {
        failf(e, "parameter '%s' takes too many values", p->name);
        return;
      }
      vals[nv++] = v;
    }
  } else {
    for (const char *q = p->spec; q < p->spec_end && !e->bad;) {
      while (q < p->spec_end && *q == ' ') q++;
      const char *v = q;
      while (q < p->spec_end && *q != ' ') q++;
      if (q == v) break;
      if (nv == MAX_VALUES) {
        failf(e, "parameter '%s' takes too many values", p->name);
        return;
      }
      vals[nv++] = eval_expr(e, v, q);
    }
  }
  if (!nv && !e->bad) failf(e, "parameter '%s' takes no value", p->name);
  Binding *b = &e->b[e->n++];
  snprintf(b->name, sizeof b->name, "%s", p->name);
  for (int i = 0; i < nv && !e->bad && !j->stopped; i++) {
    b->value = vals[i];
    int w = snprintf(suffix + slen, 96 - slen, "_%ld", vals[i]);
    if (w < 0 || slen + (size_t)w >= 96) {
      failf(e, "an instance name is too long");
      break;
    }
    instances(j, k + 1, suffix, slen + (size_t)w);
    suffix[slen] = 0;
  }
  e->n--;
}

bool rule_expand(const char *text, size_t len, RuleInstanceFn fn, void *ud, char *err, size_t errlen) {
  const char *end = text + len;
  /* The clause starts at a top-level `for` outside comments. */
  const char *code_end = end;
  for (const char *p = text; p < end; p++)
    if (*p == '#') {
      const char *eol = memchr(p, '\n', (size_t)(end - p));
      if (!eol) {
        code_end = p;
        break;
      }
      p = eol;
    }
  const char *f = top_for(text, code_end);
  if (!f) return fn(ud, text, len, "");
  Job *j = calloc(1, sizeof *j);
  char *buf = malloc(MAX_TEXT);
  if (!j || !buf) {
    free(j);
    free(buf);
    snprintf(err, errlen, "out of memory");
    return false;
  }
  j->body = text;
  j->body_end = f;
  j->fn = fn;
  j->ud = ud;
  j->buf = buf;
  j->env.err = err;
  j->env.errlen = errlen;
  /* NAME in SPEC, NAME in SPEC, ... */
  const char *p = f + 3;
  while (p < code_end && !j->env.bad) {
    while (p < code_end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',')) p++;
    if (p >= code_end) break;
    const char *id = p;
    while (p < code_end && is_ident(*p)) p++;
    size_t idlen = (size_t)(p - id);
    while (p < code_end && (*p == ' ' || *p == '\t')) p++;
    if (!idlen || idlen >= sizeof j->p[0].name || code_end - p < 2 || strncmp(p, "in", 2) ||
        j->np == MAX_PARAMS) {
      failf(&j->env, "expected 'for NAME in VALUES, ...' (at most %d parameters)", MAX_PARAMS);
      break;
    }
    Param *pa = &j->p[j->np++];
    memcpy(pa->name, id, idlen);
    pa->name[idlen] = 0;
    p += 2;
    pa->spec = p;
    while (p < code_end && *p != ',' && *p != '\n') p++;
    pa->spec_end = p;
    while (pa->spec < pa->spec_end && *pa->spec == ' ') pa->spec++;
    while (pa->spec_end > pa->spec && (pa->spec_end[-1] == ' ' || pa->spec_end[-1] == '\r')) pa->spec_end--;
  }
  char suffix[96] = "";
  if (!j->env.bad) instances(j, 0, suffix, 0);
  bool ok = !j->env.bad && !j->stopped;
  free(buf);
  free(j);
  return ok;
}
