/* Importing Halide's and TVM's rewrite rules (rule_import.h). Three steps per call: find the call and
 * split its arguments at top-level commas; parse each argument as a C++ expression (the subset the
 * rule files use: literals, names, calls, unary and binary operators, member access) into a small tree;
 * print the tree as DSL text with the peer's meaning of each operator and call, or give the reason it
 * has no DSL form. The printed rule is then parsed by the rule DSL, whose error is the reason when it
 * does not parse or type. */
#include "verify/rule_import.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rules/catalog.h"
#include "text/diag.h"

enum { MAX_NODES = 2048, MAX_ARGS = 8, NAME_LEN = 64, OUT_LEN = 4096, MAX_ALTS = 16 };

typedef enum { EX_NUM, EX_ID, EX_CALL, EX_BIN, EX_UN } ExKind;

typedef struct Ex Ex;
struct Ex {
  ExKind kind;
  char name[NAME_LEN]; /* EX_NUM: the digits; EX_ID, EX_CALL: the name; EX_BIN, EX_UN: the operator */
  bool is_float;       /* EX_NUM: a float literal */
  Ex *a[MAX_ARGS];
  int n;
};

/* ---- the C++ subset ---- */

typedef struct {
  const char *s, *end;
  Ex pool[MAX_NODES];
  int used;
  const char *err; /* the first reason the text has no tree */
  char errbuf[160];
} Cx;

static __attribute__((format(printf, 2, 3))) void cx_fail(Cx *c, const char *fmt, ...) {
  if (c->err) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->errbuf, sizeof c->errbuf, fmt, ap);
  va_end(ap);
  c->err = c->errbuf;
}

static Ex *cx_new(Cx *c, ExKind k, const char *name, size_t len) {
  if (c->used == MAX_NODES) {
    cx_fail(c, "expression too large");
    return NULL;
  }
  Ex *e = &c->pool[c->used++];
  memset(e, 0, sizeof *e);
  e->kind = k;
  if (len >= NAME_LEN) len = NAME_LEN - 1;
  memcpy(e->name, name, len);
  return e;
}

static void skip_ws(Cx *c) {
  while (c->s < c->end && isspace((unsigned char)*c->s)) c->s++;
}

static bool is_id(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

/* The operators, longest first; prec: binding power of the binary form (0: not binary). */
static const struct {
  const char *op;
  int prec;
} binops[] = {
  {"||", 1}, {"&&", 2}, {"==", 6}, {"!=", 6}, {"<=", 7}, {">=", 7}, {"<<", 8}, {">>", 8},
  {"<", 7},  {">", 7},  {"|", 3},  {"^", 4},  {"&", 5},  {"+", 9},  {"-", 9},  {"*", 10}, {"/", 10}, {"%", 10},
};

static int peek_binop(Cx *c, int *len) {
  skip_ws(c);
  for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++) {
    size_t l = strlen(binops[i].op);
    if ((size_t)(c->end - c->s) >= l && !memcmp(c->s, binops[i].op, l)) {
      *len = (int)l;
      return (int)i;
    }
  }
  return -1;
}

static Ex *parse_bin(Cx *c, int min_prec);

static bool eat(Cx *c, char ch) {
  skip_ws(c);
  if (c->s < c->end && *c->s == ch) {
    c->s++;
    return true;
  }
  return false;
}

static Ex *parse_prim(Cx *c, int depth) {
  skip_ws(c);
  if (depth > 100) {
    cx_fail(c, "expression nested too deeply");
    return NULL;
  }
  if (c->s >= c->end) {
    cx_fail(c, "expected an expression");
    return NULL;
  }
  char ch = *c->s;
  Ex *e = NULL;
  if (ch == '-' || ch == '!' || ch == '~') {
    c->s++;
    Ex *a = parse_prim(c, depth + 1);
    if (!a) return NULL;
    e = cx_new(c, EX_UN, &ch, 1);
    if (e) e->a[e->n++] = a;
    return e;
  }
  if (ch == '(') {
    c->s++;
    e = parse_bin(c, 1);
    if (!e) return NULL;
    if (!eat(c, ')')) {
      cx_fail(c, "expected ')'");
      return NULL;
    }
  } else if (isdigit((unsigned char)ch)) {
    const char *b = c->s;
    while (c->s < c->end && (is_id(*c->s) || *c->s == '.')) c->s++;
    e = cx_new(c, EX_NUM, b, (size_t)(c->s - b));
    if (!e) return NULL;
    for (const char *p = b; p < c->s; p++)
      if (!isdigit((unsigned char)*p)) e->is_float = true; /* 0.5f, 1e3, 10u: none is a plain integer */
  } else if (is_id(ch)) {
    const char *b = c->s;
    for (;;) { /* A::B::C is one name */
      while (c->s < c->end && is_id(*c->s)) c->s++;
      if (c->end - c->s >= 2 && c->s[0] == ':' && c->s[1] == ':') c->s += 2;
      else break;
    }
    size_t len = (size_t)(c->s - b);
    skip_ws(c);
    if (c->s < c->end && *c->s == '<' && len >= 4 && !memcmp(b, "PVar", 4)) {
      cx_fail(c, "a template argument list");
      return NULL;
    }
    if (c->s < c->end && *c->s == '(') {
      c->s++;
      e = cx_new(c, EX_CALL, b, len);
      if (!e) return NULL;
      if (!eat(c, ')')) {
        do {
          if (e->n == MAX_ARGS) {
            cx_fail(c, "too many arguments");
            return NULL;
          }
          if (!(e->a[e->n++] = parse_bin(c, 1))) return NULL;
        } while (eat(c, ','));
        if (!eat(c, ')')) {
          cx_fail(c, "expected ')'");
          return NULL;
        }
      }
    } else {
      e = cx_new(c, EX_ID, b, len);
    }
  } else {
    cx_fail(c, "unexpected '%c'", ch);
    return NULL;
  }
  /* Member access: TVM's `x.Eval()` is x and `c1.Eval()->value` c1's value, Halide's `op->type` the
   * matched node's type; anything else has no meaning here. */
  for (;;) {
    skip_ws(c);
    size_t l = c->end - c->s >= 2 && c->s[0] == '-' && c->s[1] == '>' ? 2 : c->s < c->end && *c->s == '.' ? 1 : 0;
    if (!l || !e) break;
    c->s += l;
    skip_ws(c);
    const char *b = c->s;
    while (c->s < c->end && is_id(*c->s)) c->s++;
    size_t len = (size_t)(c->s - b);
    bool call = eat(c, '(');
    if (call && !eat(c, ')')) {
      cx_fail(c, "a method call with arguments");
      return NULL;
    }
    /* Halide's `op->type`: the type of the matched node (read by cast(op->type, e)). */
    if (e->kind == EX_ID && !strcmp(e->name, "op") && l == 2 && len == 4 && !memcmp(b, "type", 4) && !call) {
      strcpy(e->name, "op->type");
      continue;
    }
    if (!((len == 4 && !memcmp(b, "Eval", 4) && call) || (len == 5 && !memcmp(b, "value", 5) && !call))) {
      cx_fail(c, "member '%.*s' of a C++ object", (int)len, b);
      return NULL;
    }
  }
  return e;
}

static Ex *parse_bin(Cx *c, int min_prec) {
  Ex *l = parse_prim(c, 0);
  while (l) {
    int len, i = peek_binop(c, &len);
    if (i < 0 || binops[i].prec < min_prec) break;
    c->s += len;
    Ex *r = parse_bin(c, binops[i].prec + 1);
    if (!r) return NULL;
    Ex *e = cx_new(c, EX_BIN, binops[i].op, strlen(binops[i].op));
    if (!e) return NULL;
    e->a[0] = l;
    e->a[1] = r;
    e->n = 2;
    l = e;
  }
  return l;
}

static Ex *parse_text(Cx *c, const char *s, size_t len) {
  c->s = s;
  c->end = s + len;
  Ex *e = parse_bin(c, 1);
  skip_ws(c);
  if (e && c->s != c->end) cx_fail(c, "unexpected '%c'", *c->s);
  return c->err ? NULL : e;
}

/* ---- printing as DSL ---- */

typedef enum { M_PATTERN, M_TEMPLATE, M_GUARD } Mode;

typedef struct {
  ImportPeer peer;
  Mode mode;
  bool nsw;
  char out[OUT_LEN];
  size_t len;
  const char *err;
  char errbuf[160];
  const Ex *pat;               /* Halide: the pattern, whose operands `a` and `b` name */
  const char *vars[32];        /* pattern variables met (for the dtype guard) */
  int nvars;
  const char *bools[32];       /* those that are operands of a logical op */
  int nbools;
  const char (*tvm_vars)[NAME_LEN]; /* TVM: the PVar names declared before the call, and their kinds */
  const char *tvm_kind;
  int tvm_nvars;
  int neg;                     /* M_GUARD: how many `!` enclose the term being printed */
  const Ex *cxx_value;         /* TVM: the bound k of CanProveGreaterEqual(a, k), a C++ int64 */
} Pr;

static __attribute__((format(printf, 2, 3))) void pr_fail(Pr *p, const char *fmt, ...) {
  if (p->err) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->errbuf, sizeof p->errbuf, fmt, ap);
  va_end(ap);
  p->err = p->errbuf;
}

static void put(Pr *p, const char *s) {
  size_t l = strlen(s);
  if (p->len + l >= OUT_LEN) {
    pr_fail(p, "expression too long");
    return;
  }
  memcpy(p->out + p->len, s, l + 1);
  p->len += l;
}

static void pr_ex(Pr *p, const Ex *e);


static bool is_const_name(const char *s) {
  if (s[0] != 'c' || !s[1]) return false;
  for (const char *q = s + 1; *q; q++)
    if (!isdigit((unsigned char)*q)) return false;
  return true;
}

/* Whether a name is a variable of the rule (Halide's wildcards, TVM's declared PVars), and its kind:
 * 'e' an expression, 'i' an integer constant, 'f' a float constant. */
static char var_kind(const Pr *p, const char *s) {
  if (p->peer == IMPORT_HALIDE) {
    if (is_const_name(s)) return 'i';
    return strlen(s) == 1 && strchr("xyzwuv", s[0]) ? 'e' : 0;
  }
  for (int i = 0; i < p->tvm_nvars; i++)
    if (!strcmp(p->tvm_vars[i], s)) return p->tvm_kind[i];
  return 0;
}

static void note_var(Pr *p, const char *s) {
  for (int i = 0; i < p->nvars; i++)
    if (!strcmp(p->vars[i], s)) return;
  if (p->nvars < 32) p->vars[p->nvars++] = s;
}

/* A variable that is an operand of && || ! is a bool: the peers' logical ops take bools only, and
 * the DSL's & | ~ are also bitwise on integers, so the guard says bool(v). */
static void note_bool(Pr *p, const Ex *e) {
  if (e->kind != EX_ID || p->mode != M_PATTERN) return;
  for (int i = 0; i < p->nbools; i++)
    if (!strcmp(p->bools[i], e->name)) return;
  if (p->nbools < 32) p->bools[p->nbools++] = e->name;
}

/* op(A, B) as a call of the DSL, or infix (A OP B), marked nsw where that applies. */
static void pr_call2(Pr *p, const char *fn, const Ex *a, const Ex *b) {
  put(p, fn);
  put(p, "(");
  pr_ex(p, a);
  put(p, ", ");
  pr_ex(p, b);
  put(p, ")");
}

static void pr_infix(Pr *p, const char *op, const Ex *a, const Ex *b) {
  bool mark = p->nsw && p->mode != M_GUARD && (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*"));
  put(p, mark ? "nsw(" : "(");
  pr_ex(p, a);
  put(p, " ");
  put(p, op);
  put(p, " ");
  pr_ex(p, b);
  put(p, ")");
}

static void pr_bin(Pr *p, const Ex *e) {
  const char *op = e->name;
  const Ex *a = e->a[0], *b = e->a[1];
  if (!strcmp(op, "&&") || !strcmp(op, "||")) {
    note_bool(p, a);
    note_bool(p, b);
  }
  bool div = !strcmp(op, "/"), mod = !strcmp(op, "%");
  if (p->mode == M_GUARD) {
    /* TVM: `SideEffect(x) <= CallEffectKind::kReadState`: the DSL's variables are pure values. */
    if (p->peer == IMPORT_TVM && a->kind == EX_CALL && !strcmp(a->name, "SideEffect")) {
      put(p, "(0 == 0)");
      return;
    }
    /* The guard's arithmetic is exact; its division floors (for the divisibility tests and positive
     * divisors the peers write, the same as theirs). */
    pr_infix(p, div ? "//" : op, a, b);
    return;
  }
  if (div || mod) {
    if (p->peer == IMPORT_HALIDE) pr_call2(p, div ? "ediv" : "emod", a, b);
    else pr_call2(p, div ? "tdiv" : "tmod", a, b);
    return;
  }
  if (!strcmp(op, "<<") || !strcmp(op, ">>") || !strcmp(op, "^") || !strcmp(op, "|") || !strcmp(op, "&")) {
    pr_fail(p, "operator '%s'", op);
    return;
  }
  pr_infix(p, op, a, b);
}

/* ---- proved facts as guards ----
 *
 * Halide's can_prove(e) and TVM's CanProve, CanProveGreaterEqual, CanProveLess and CanProveEqual ask
 * the peer's simplifier to prove a fact about the matched terms. The DSL cannot ask that, but it can
 * state a SUFFICIENT condition: interval arithmetic over the bounds the engine knows (vmin and vmax of
 * the pattern variables, the constants), in the guard's exact arithmetic. prove() prints a guard that
 * implies the fact at every point of those bounds, under the peer's reading (mathematical integers)
 * and under the typed one alike: each maximal `+ - *` subterm of the fact is also required not to
 * overflow its dtype (no_overflow, which the engine decides from the same bounds and the verifier
 * encodes pointwise), so its typed value is its exact value. The guard is stronger than the peer's
 * condition (the rule fires less), never weaker. Only in a positive position: a fact the peer fails to
 * prove (`!can_prove(e)`) is no fact. */

enum { IV_LEN = 1024 };

typedef struct {
  char lo[IV_LEN], hi[IV_LEN]; /* guard terms: every value of the term lies in [lo, hi] */
} Iv;

static __attribute__((format(printf, 3, 4))) void ivf(Pr *p, char *dst, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(dst, IV_LEN, fmt, ap);
  va_end(ap);
  if (n < 0 || n >= IV_LEN) pr_fail(p, "a proved fact too large to bound");
}

/* Appends `&& COND` to the side conditions (or starts them). */
static void side_add(Pr *p, char *side, const char *cond) {
  size_t l = strlen(side), c = strlen(cond);
  if (l + c + 5 >= OUT_LEN) {
    pr_fail(p, "a proved fact too large to bound");
    return;
  }
  if (l) memcpy(side + l, " && ", 4), l += 4;
  memcpy(side + l, cond, c + 1);
}

static bool is_arith(const Ex *e) {
  return (e->kind == EX_BIN && (!strcmp(e->name, "+") || !strcmp(e->name, "-") || !strcmp(e->name, "*"))) ||
         (e->kind == EX_UN && e->name[0] == '-' && e->a[0]->kind != EX_NUM);
}

/* no_overflow(E) of the term e, E printed as a template expression over wrapping ops. */
static void side_no_overflow(Pr *p, const Ex *e, char *side) {
  Pr t = *p;
  t.mode = M_TEMPLATE;
  t.nsw = false;
  t.len = 0;
  t.out[0] = 0;
  pr_ex(&t, e);
  if (t.err) {
    pr_fail(p, "%s", t.err);
    return;
  }
  char buf[OUT_LEN + 16];
  snprintf(buf, sizeof buf, "no_overflow(%s)", t.out);
  side_add(p, side, buf);
}

static bool iv_of(Pr *p, const Ex *e, Iv *v, char *side, bool covered, int depth);

/* Floor division and remainder by a divisor whose bounds are positive (the side condition): Halide's
 * Euclidean `/` and `%` and TVM's floordiv and floormod are those there. */
static bool iv_div(Pr *p, const Ex *num, const Ex *den, bool mod, Iv *v, char *side, int depth) {
  Iv a, d;
  if (!iv_of(p, num, &a, side, false, depth + 1) || !iv_of(p, den, &d, side, false, depth + 1)) return false;
  char pos[IV_LEN + 16];
  snprintf(pos, sizeof pos, "(%s > 0)", d.lo);
  side_add(p, side, pos);
  if (mod) {
    ivf(p, v->lo, "0");
    ivf(p, v->hi, "(%s - 1)", d.hi);
  } else if (!strcmp(d.lo, d.hi)) { /* a constant divisor: a // d grows with a */
    ivf(p, v->lo, "(%s // %s)", a.lo, d.lo);
    ivf(p, v->hi, "(%s // %s)", a.hi, d.lo);
  } else { /* for d > 0, a // d is extreme at a corner of the box */
    ivf(p, v->lo, "min((%s // %s), (%s // %s))", a.lo, d.lo, a.lo, d.hi);
    ivf(p, v->hi, "max((%s // %s), (%s // %s))", a.hi, d.lo, a.hi, d.hi);
  }
  return !p->err;
}

/* The bounds of the integer term e (of the fact's operands). covered: an enclosing + - * already
 * requires e not to overflow. */
static bool iv_of(Pr *p, const Ex *e, Iv *v, char *side, bool covered, int depth) {
  if (p->err) return false;
  if (depth > 16) {
    pr_fail(p, "a proved fact too deep to bound");
    return false;
  }
  Iv a, b;
  if (e == p->cxx_value) { /* exact C++ arithmetic on constants' values: the guard's own */
    Pr t = *p;
    t.len = 0;
    t.out[0] = 0;
    t.cxx_value = NULL;
    pr_ex(&t, e);
    if (t.err) {
      pr_fail(p, "%s", t.err);
      return false;
    }
    ivf(p, v->lo, "%s", t.out);
    ivf(p, v->hi, "%s", t.out);
    return !p->err;
  }
  switch (e->kind) {
  case EX_NUM:
    if (e->is_float) {
      pr_fail(p, "float literal '%s'", e->name);
      return false;
    }
    ivf(p, v->lo, "%s", e->name);
    ivf(p, v->hi, "%s", e->name);
    return !p->err;
  case EX_ID: {
    char k = var_kind(p, e->name);
    if (k == 'i' && is_const_name(e->name)) {
      ivf(p, v->lo, "%s", e->name);
      ivf(p, v->hi, "%s", e->name);
    } else if (k == 'e' && !is_const_name(e->name)) {
      ivf(p, v->lo, "vmin(%s)", e->name);
      ivf(p, v->hi, "vmax(%s)", e->name);
    } else {
      pr_fail(p, "name '%s' in a proved fact is no rule variable the guard can bound", e->name);
    }
    return !p->err;
  }
  case EX_UN:
    if (e->name[0] != '-') break;
    if (e->a[0]->kind == EX_NUM && !e->a[0]->is_float) {
      ivf(p, v->lo, "-%s", e->a[0]->name);
      ivf(p, v->hi, "-%s", e->a[0]->name);
      return !p->err;
    }
    if (!covered) side_no_overflow(p, e, side);
    if (!iv_of(p, e->a[0], &a, side, true, depth + 1)) return false;
    ivf(p, v->lo, "(0 - %s)", a.hi);
    ivf(p, v->hi, "(0 - %s)", a.lo);
    return !p->err;
  case EX_BIN: {
    const char *op = e->name;
    if (is_arith(e)) {
      if (!covered) side_no_overflow(p, e, side);
      if (!iv_of(p, e->a[0], &a, side, true, depth + 1) || !iv_of(p, e->a[1], &b, side, true, depth + 1))
        return false;
      if (op[0] == '+') {
        ivf(p, v->lo, "(%s + %s)", a.lo, b.lo);
        ivf(p, v->hi, "(%s + %s)", a.hi, b.hi);
      } else if (op[0] == '-') {
        ivf(p, v->lo, "(%s - %s)", a.lo, b.hi);
        ivf(p, v->hi, "(%s - %s)", a.hi, b.lo);
      } else if (!strcmp(a.lo, a.hi) || !strcmp(b.lo, b.hi)) { /* by a constant: two candidates */
        const Iv *k = !strcmp(b.lo, b.hi) ? &b : &a, *r = k == &b ? &a : &b;
        ivf(p, v->lo, "min((%s * %s), (%s * %s))", r->lo, k->lo, r->hi, k->lo);
        ivf(p, v->hi, "max((%s * %s), (%s * %s))", r->lo, k->lo, r->hi, k->lo);
      } else {
        ivf(p, v->lo, "min(min((%s * %s), (%s * %s)), min((%s * %s), (%s * %s)))", a.lo, b.lo, a.lo, b.hi, a.hi,
            b.lo, a.hi, b.hi);
        ivf(p, v->hi, "max(max((%s * %s), (%s * %s)), max((%s * %s), (%s * %s)))", a.lo, b.lo, a.lo, b.hi, a.hi,
            b.lo, a.hi, b.hi);
      }
      return !p->err;
    }
    if (!strcmp(op, "/") || !strcmp(op, "%")) {
      if (p->peer == IMPORT_HALIDE) return iv_div(p, e->a[0], e->a[1], op[0] == '%', v, side, depth);
      pr_fail(p, "truncating '%s' in a proved fact", op);
      return false;
    }
    break;
  }
  case EX_CALL: {
    const char *f = e->name;
    if (!strcmp(f, "fold") && e->n == 1) return iv_of(p, e->a[0], v, side, covered, depth + 1);
    if ((!strcmp(f, "min") || !strcmp(f, "max")) && e->n == 2) {
      if (!iv_of(p, e->a[0], &a, side, false, depth + 1) || !iv_of(p, e->a[1], &b, side, false, depth + 1))
        return false;
      ivf(p, v->lo, "%s(%s, %s)", f, a.lo, b.lo);
      ivf(p, v->hi, "%s(%s, %s)", f, a.hi, b.hi);
      return !p->err;
    }
    if (p->peer == IMPORT_TVM && (!strcmp(f, "floordiv") || !strcmp(f, "floormod")) && e->n == 2)
      return iv_div(p, e->a[0], e->a[1], f[5] == 'm', v, side, depth);
    if (p->peer == IMPORT_TVM && (!strcmp(f, "ZeroWithTypeLike") || !strcmp(f, "OneWithTypeLike")) && e->n == 1) {
      ivf(p, v->lo, "%c", f[0] == 'Z' ? '0' : '1');
      ivf(p, v->hi, "%c", f[0] == 'Z' ? '0' : '1');
      return !p->err;
    }
    pr_fail(p, "call '%s' in a proved fact", f);
    return false;
  }
  }
  pr_fail(p, "operator '%s' in a proved fact", e->name);
  return false;
}

/* A guard that implies e == want (e a bool term: comparisons of integer terms, && || !, true, false)
 * at every point of the bounds, into out (OUT_LEN). */
static bool prove(Pr *p, const Ex *e, bool want, char *out, int depth) {
  if (p->err) return false;
  if (depth > 16) {
    pr_fail(p, "a proved fact too deep to bound");
    return false;
  }
  if (e->kind == EX_ID && (!strcmp(e->name, "true") || !strcmp(e->name, "false"))) {
    snprintf(out, OUT_LEN, (e->name[0] == 't') == want ? "(0 == 0)" : "(0 == 1)");
    return true;
  }
  if (e->kind == EX_UN && e->name[0] == '!') return prove(p, e->a[0], !want, out, depth + 1);
  if (e->kind != EX_BIN) {
    pr_fail(p, "a proved fact that is no comparison");
    return false;
  }
  const char *op = e->name;
  if (!strcmp(op, "&&") || !strcmp(op, "||")) {
    char *l = malloc(OUT_LEN), *r = malloc(OUT_LEN);
    bool ok = l && r && prove(p, e->a[0], want, l, depth + 1) && prove(p, e->a[1], want, r, depth + 1);
    /* a && b holds when both do, fails when either fails; dually for ||. */
    bool both = (op[0] == '&') == want;
    if (ok && (size_t)snprintf(out, OUT_LEN, "(%s %s %s)", l, both ? "&&" : "||", r) >= OUT_LEN) {
      pr_fail(p, "a proved fact too large to bound");
      ok = false;
    }
    if (!l || !r) pr_fail(p, "out of memory");
    free(l), free(r);
    return ok;
  }
  /* A comparison: the one wanted (the negation of e's when want is false). */
  static const struct {
    const char *op, *negated;
  } cmps[] = {{"<", ">="}, {"<=", ">"}, {">", "<="}, {">=", "<"}, {"==", "!="}, {"!=", "=="}};
  const char *c = NULL;
  for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++)
    if (!strcmp(op, cmps[i].op)) c = want ? cmps[i].op : cmps[i].negated;
  if (!c) {
    pr_fail(p, "operator '%s' in a proved fact", op);
    return false;
  }
  const Ex *A = e->a[0], *B = e->a[1];
  char *side = calloc(1, OUT_LEN);
  Iv *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  bool ok = side && a && b && iv_of(p, A, a, side, false, depth + 1) && iv_of(p, B, b, side, false, depth + 1);
  if (!side || !a || !b) pr_fail(p, "out of memory");
  if (ok) {
    char cond[4 * IV_LEN + 32];
    if (c[0] == '<') /* every A below every B */
      snprintf(cond, sizeof cond, "(%s %s %s)", a->hi, c, b->lo);
    else if (c[0] == '>') /* every A above every B */
      snprintf(cond, sizeof cond, "(%s %s %s)", a->lo, c, b->hi);
    else if (c[0] == '=') /* both are one value, the same */
      snprintf(cond, sizeof cond, "((%s <= %s) && (%s <= %s))", a->hi, b->lo, b->hi, a->lo);
    else /* apart */
      snprintf(cond, sizeof cond, "((%s < %s) || (%s < %s))", a->hi, b->lo, b->hi, a->lo);
    int n = side[0] ? snprintf(out, OUT_LEN, "(%s && %s)", side, cond) : snprintf(out, OUT_LEN, "%s", cond);
    if (n < 0 || n >= OUT_LEN) {
      pr_fail(p, "a proved fact too large to bound");
      ok = false;
    }
  }
  free(side), free(a), free(b);
  return ok && !p->err;
}

/* The guard of a proof call: Halide's can_prove(e, this), TVM's CanProve(e), CanProveGreaterEqual(a,
 * k), CanProveLess(a, k), CanProveEqual(a, b). False when f is no such call. */
static bool pr_prove_call(Pr *p, const Ex *e) {
  const char *f = e->name;
  Ex cmp;
  const Ex *fact = NULL;
  if (p->peer == IMPORT_HALIDE ? !strcmp(f, "can_prove") && e->n >= 1 && e->n <= 2
                               : !strcmp(f, "CanProve") && e->n >= 1 && e->n <= 2) {
    fact = e->a[0];
  } else if (p->peer == IMPORT_TVM && e->n == 2 &&
             (!strcmp(f, "CanProveGreaterEqual") || !strcmp(f, "CanProveLess") || !strcmp(f, "CanProveEqual"))) {
    memset(&cmp, 0, sizeof cmp);
    cmp.kind = EX_BIN;
    strcpy(cmp.name, f[8] == 'G' ? ">=" : f[8] == 'L' ? "<" : "==");
    cmp.a[0] = e->a[0];
    cmp.a[1] = e->a[1];
    cmp.n = 2;
    fact = &cmp;
  } else {
    return false;
  }
  if (p->neg) {
    pr_fail(p, "'%s' under a negation (that the peer fails to prove is no fact)", f);
    return true;
  }
  char *g = malloc(OUT_LEN);
  /* TVM's k of CanProveGreaterEqual and CanProveLess is an int64 computed from constants' values. */
  p->cxx_value = fact == &cmp && f[8] != 'E' ? e->a[1] : NULL;
  if (!g) pr_fail(p, "out of memory");
  else if (prove(p, fact, true, g, 0)) put(p, g);
  p->cxx_value = NULL;
  free(g);
  return true;
}

static void pr_call(Pr *p, const Ex *e) {
  const char *f = e->name;
  static const char *same[] = {"min", "max", "select"};
  for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
    if (!strcmp(f, same[i])) {
      if (e->n != (i == 2 ? 3 : 2)) break;
      put(p, f);
      put(p, "(");
      for (int k = 0; k < e->n; k++) {
        if (k) put(p, ", ");
        pr_ex(p, e->a[k]);
      }
      put(p, ")");
      return;
    }
  if (p->peer == IMPORT_HALIDE) {
    /* neg(x) is IRMatch.h's SimplifiedNegateOp: the logical negation of a bound bool (it matches !x or
     * the flipped comparison, which is the same value); likely(x) and likely_if_innermost(x) are x
     * (hints to the code generator). */
    if (!strcmp(f, "neg") && e->n == 1 && p->mode != M_GUARD) {
      note_bool(p, e->a[0]);
      put(p, "!(");
      pr_ex(p, e->a[0]);
      put(p, ")");
      return;
    }
    if ((!strcmp(f, "likely") || !strcmp(f, "likely_if_innermost") || !strcmp(f, "IRMatcher::likely") ||
         !strcmp(f, "IRMatcher::likely_if_innermost")) && e->n == 1 && p->mode != M_GUARD) {
      pr_ex(p, e->a[0]);
      return;
    }
    if (!strcmp(f, "fold") && e->n == 1) { /* a constant computed when the rule fires: the same term */
      pr_ex(p, e->a[0]);
      return;
    }
    if (p->mode == M_GUARD && !strcmp(f, "overflows") && e->n == 1) {
      Pr t = *p;
      t.mode = M_TEMPLATE;
      t.nsw = false;
      t.len = 0;
      t.out[0] = 0;
      pr_ex(&t, e->a[0]);
      if (t.err) {
        pr_fail(p, "%s", t.err);
        return;
      }
      put(p, "!no_overflow(");
      put(p, t.out);
      put(p, ")");
      return;
    }
    /* is_max_value(c), is_min_value(c) (IRMatch.h: the extreme of c's int or uint type; false for
     * other types): the extremes of each width, spelled out (a bool constant is not matched: stronger). */
    if (p->mode == M_GUARD && (!strcmp(f, "is_max_value") || !strcmp(f, "is_min_value")) && e->n == 1 &&
        e->a[0]->kind == EX_ID && var_kind(p, e->a[0]->name) == 'i' && is_const_name(e->a[0]->name)) {
      static const char *const smax[] = {"127", "32767", "2147483647", "9223372036854775807"};
      static const char *const smin[] = {"-128", "-32768", "-2147483648", "-9223372036854775808"};
      static const char *const umax[] = {"255", "65535", "4294967295", "18446744073709551615"};
      static const int bits[] = {8, 16, 32, 64};
      bool mx = f[3] == 'm' && f[4] == 'a';
      const char *c = e->a[0]->name;
      char buf[256];
      put(p, "((signed(");
      put(p, c);
      put(p, ") && (");
      for (int i = 0; i < 4; i++) {
        snprintf(buf, sizeof buf, "%s(bits(%s) == %d && %s == %s)", i ? " || " : "", c, bits[i], c, mx ? smax[i] : smin[i]);
        put(p, buf);
      }
      snprintf(buf, sizeof buf, ")) || (unsigned(%s) && ", c);
      put(p, buf);
      if (mx) {
        put(p, "(");
        for (int i = 0; i < 4; i++) {
          snprintf(buf, sizeof buf, "%s(bits(%s) == %d && %s == %s)", i ? " || " : "", c, bits[i], c, umax[i]);
          put(p, buf);
        }
        put(p, ")");
      } else {
        snprintf(buf, sizeof buf, "%s == 0", c);
        put(p, buf);
      }
      put(p, "))");
      return;
    }
    /* is_float(x): the dtype test float(x). */
    if (p->mode == M_GUARD && !strcmp(f, "is_float") && e->n == 1 && e->a[0]->kind == EX_ID &&
        var_kind(p, e->a[0]->name) == 'e') {
      put(p, "float(");
      put(p, e->a[0]->name);
      put(p, ")");
      return;
    }
    /* cast(op->type, e): e converted to the matched node's type, which is the dtype the DSL's cast(e)
     * converts to at the root of a template (the rewritten node keeps its type). */
    if (p->mode == M_TEMPLATE && !strcmp(f, "cast") && e->n == 2 && e->a[0]->kind == EX_ID &&
        !strcmp(e->a[0]->name, "op->type") && p->len == 0) {
      put(p, "cast(");
      pr_ex(p, e->a[1]);
      put(p, ")");
      return;
    }
    if (p->mode == M_GUARD && !strcmp(f, "is_const") && e->n == 1 && e->a[0]->kind == EX_ID) {
      put(p, "is_const(");
      put(p, e->a[0]->name);
      put(p, ")");
      return;
    }
  } else {
    static const struct {
      const char *tvm, *dsl;
      bool infix;
    } divs[] = {{"floordiv", "//", true}, {"floormod", "%", true}, {"truncdiv", "tdiv", false},
                {"truncmod", "tmod", false}, {"div", "tdiv", false}};
    for (size_t i = 0; i < sizeof divs / sizeof divs[0]; i++)
      if (!strcmp(f, divs[i].tvm) && e->n == 2 && (p->mode != M_GUARD || divs[i].infix)) {
        /* In a guard, floordiv and floormod are the guard's exact floor // and %. */
        if (divs[i].infix) pr_infix(p, divs[i].dsl, e->a[0], e->a[1]);
        else pr_call2(p, divs[i].dsl, e->a[0], e->a[1]);
        return;
      }
    if ((!strcmp(f, "ZeroWithTypeLike") || !strcmp(f, "OneWithTypeLike")) && e->n == 1) {
      put(p, f[0] == 'Z' ? "0" : "1");
      return;
    }
    /* is_pow2_le_bits(v), the lambda of the unsigned FloorMod visitor: v > 0, a power of two, at most
     * 2^bits (2^63 at 64 bits), v an int64. Every positive value of the operand's dtype is below 2^bits;
     * below 2^63 it is also the same int64. */
    if (p->mode == M_GUARD && !strcmp(f, "is_pow2_le_bits") && e->n == 1) {
      Pr t = *p;
      t.len = 0;
      t.out[0] = 0;
      pr_ex(&t, e->a[0]);
      if (t.err) {
        pr_fail(p, "%s", t.err);
        return;
      }
      put(p, "(is_pow2(");
      put(p, t.out);
      put(p, ") && ");
      put(p, t.out);
      put(p, " <= 9223372036854775807)");
      return;
    }
  }
  if (p->mode == M_GUARD && pr_prove_call(p, e)) return;
  if (!strcmp(f, "broadcast") || !strcmp(f, "ramp") || !strcmp(f, "h_add") || !strcmp(f, "h_min") ||
      !strcmp(f, "h_max") || !strcmp(f, "h_and") || !strcmp(f, "h_or") || !strcmp(f, "slice"))
    pr_fail(p, "vector-only form '%s'", f);
  else if (!strcmp(f, "can_prove") || !strcmp(f, "CanProve") || !strcmp(f, "CanProveEqual"))
    pr_fail(p, "'%s': a fact the peer's simplifier proves about symbolic terms", f);
  else pr_fail(p, "call '%s' has no DSL equivalent", f);
}

static void pr_ex(Pr *p, const Ex *e) {
  if (p->err) return;
  switch (e->kind) {
  case EX_NUM:
    if (e->is_float) pr_fail(p, "float literal '%s'", e->name);
    else put(p, e->name);
    return;
  case EX_ID: {
    if (!strcmp(e->name, "true") || !strcmp(e->name, "false")) {
      put(p, e->name);
      return;
    }
    /* Halide: a result `a` or `b` is the matched node's first or second operand; in the Select
     * visitor, `true_value` and `false_value` are the matched select's second and third (the rewriter
     * matches select(condition, true_value, false_value)). */
    if (p->peer == IMPORT_HALIDE && p->mode == M_TEMPLATE && (!strcmp(e->name, "a") || !strcmp(e->name, "b")) &&
        p->pat && p->pat->n == 2) {
      pr_ex(p, p->pat->a[e->name[0] == 'b']);
      return;
    }
    if (p->peer == IMPORT_HALIDE && p->mode == M_TEMPLATE &&
        (!strcmp(e->name, "true_value") || !strcmp(e->name, "false_value")) && p->pat && p->pat->kind == EX_CALL &&
        !strcmp(p->pat->name, "select") && p->pat->n == 3) {
      pr_ex(p, p->pat->a[e->name[0] == 't' ? 1 : 2]);
      return;
    }
    char k = (p->peer == IMPORT_TVM && (!strcmp(e->name, "ctrue") || !strcmp(e->name, "cfalse"))) ? 'b' : var_kind(p, e->name);
    if (k == 'b') {
      put(p, e->name[1] == 't' ? "true" : "false");
      return;
    }
    if (!k) {
      pr_fail(p, "name '%s' is no rule variable", e->name);
      return;
    }
    if (k == 'f') {
      pr_fail(p, "float constant '%s'", e->name);
      return;
    }
    /* TVM's IntImm variables may have any name: the DSL's constants are named c0, c1, ... */
    if (k == 'i' && !is_const_name(e->name)) {
      pr_fail(p, "integer constant named '%s' (the DSL's are c0, c1, ...)", e->name);
      return;
    }
    if (k == 'e' && is_const_name(e->name)) {
      pr_fail(p, "expression variable named '%s' (a constant's name in the DSL)", e->name);
      return;
    }
    if (p->mode == M_PATTERN && k == 'e') note_var(p, e->name);
    put(p, e->name);
    return;
  }
  case EX_CALL: pr_call(p, e); return;
  case EX_BIN: pr_bin(p, e); return;
  case EX_UN:
    if (e->name[0] == '~') {
      pr_fail(p, "operator '~'");
      return;
    }
    if (e->name[0] == '-' && e->a[0]->kind == EX_NUM) {
      put(p, "-");
      pr_ex(p, e->a[0]);
      return;
    }
    if (e->name[0] == '!') {
      note_bool(p, e->a[0]);
      put(p, "!(");
      p->neg ^= 1;
      pr_ex(p, e->a[0]);
      p->neg ^= 1;
      put(p, ")");
      return;
    }
    put(p, p->nsw && p->mode != M_GUARD ? "nsw(-(" : "(-(");
    pr_ex(p, e->a[0]);
    put(p, "))");
    return;
  }
}

/* ---- finding the calls ---- */

/* The text with comments blanked (newlines kept, so lines still count). */
static char *strip_comments(const char *src, size_t len) {
  char *t = malloc(len + 1);
  if (!t) return NULL;
  memcpy(t, src, len);
  t[len] = 0;
  for (size_t i = 0; i < len; i++) {
    if (t[i] == '"') { /* a string literal */
      for (i++; i < len && t[i] != '"' && t[i] != '\n'; i++)
        if (t[i] == '\\' && i + 1 < len) i++;
    } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
      while (i < len && t[i] != '\n') t[i++] = ' ';
    } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
      while (i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/')) {
        if (t[i] != '\n') t[i] = ' ';
        i++;
      }
      if (i + 1 < len) t[i] = t[i + 1] = ' ';
    }
  }
  return t;
}

/* The arguments of the call whose '(' is at t[open]: their spans, at top-level commas. Returns how
 * many (0 when unbalanced), and the position after ')' in *after. */
static int split_args(const char *t, size_t len, size_t open, const char **arg, size_t *alen, int max, size_t *after) {
  int depth = 0, n = 0;
  size_t start = open + 1;
  for (size_t i = open; i < len; i++) {
    char ch = t[i];
    if (ch == '(' || ch == '[' || ch == '{') depth++;
    else if (ch == ')' || ch == ']' || ch == '}') {
      if (--depth == 0) {
        if (n == max) return 0;
        arg[n] = t + start;
        alen[n++] = i - start;
        *after = i + 1;
        return n;
      }
    } else if (ch == ',' && depth == 1) {
      if (n == max) return 0;
      arg[n] = t + start;
      alen[n++] = i - start;
      start = i + 1;
    }
  }
  return 0;
}

/* One line of output text, whitespace runs collapsed (for the `# untranslated` comments). */
static void put_flat(FILE *out, const char *s, size_t len) {
  bool sp = false;
  for (size_t i = 0; i < len; i++) {
    if (isspace((unsigned char)s[i])) sp = true;
    else {
      if (sp) fputc(' ', out);
      sp = false;
      fputc(s[i], out);
    }
  }
}

/* TVM: the PVar declarations seen so far (`PVar<PrimExpr> x, y;`, `PVar<IntImm> c1;`), latest wins. */
typedef struct {
  char name[64][NAME_LEN];
  char kind[64];
  int n;
} TvmVars;

static void tvm_scan_decl(TvmVars *v, const char *t, size_t len, size_t i) {
  const char *s = t + i + 5; /* after "PVar<" */
  char k = !strncmp(s, "PrimExpr>", 9) ? 'e' : !strncmp(s, "IntImm>", 7) ? 'i' : !strncmp(s, "FloatImm>", 9) ? 'f' : 0;
  const char *q = memchr(s, '>', len - (size_t)(s - t));
  if (!q) return;
  for (q++; q < t + len && *q != ';';) {
    while (q < t + len && (isspace((unsigned char)*q) || *q == ',')) q++;
    const char *b = q;
    while (q < t + len && is_id(*q)) q++;
    size_t l = (size_t)(q - b);
    if (!l || l >= NAME_LEN) break;
    int j = 0;
    while (j < v->n && !(strlen(v->name[j]) == l && !memcmp(v->name[j], b, l))) j++;
    if (j == v->n) {
      if (v->n == 64) return;
      v->n++;
    }
    memcpy(v->name[j], b, l);
    v->name[j][l] = 0;
    v->kind[j] = k ? k : 'x'; /* another PVar type: known, but no variable of the DSL */
    while (q < t + len && isspace((unsigned char)*q)) q++;
    if (q < t + len && *q != ',' && *q != ';') break;
  }
}

/* The short name of a source file for rule names: Simplify_Add.cpp -> add, rewrite_simplify.cc -> rs. */
static void stem_of(ImportPeer peer, const char *path, char *buf, size_t size) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  if (!strncmp(b, "Simplify_", 9)) b += 9;
  size_t n = 0;
  if (peer == IMPORT_TVM && !strncmp(b, "rewrite_simplify", 16)) b = "rs";
  for (; *b && *b != '.' && n + 1 < size; b++) n[buf] = (char)(is_id(*b) ? tolower((unsigned char)*b) : '_'), n++;
  buf[n] = 0;
}

bool rule_import_peer(const char *name, ImportPeer *out) {
  if (!strcmp(name, "halide")) *out = IMPORT_HALIDE;
  else if (!strcmp(name, "tvm")) *out = IMPORT_TVM;
  else return false;
  return true;
}

/* Whether the DSL parses and types the record; its message in why otherwise. */
static bool dsl_accepts(const char *rule, char *why, size_t size) {
  Catalog *c = catalog_new();
  if (!c) return false;
  char buf[OUT_LEN * 3 + 64];
  snprintf(buf, sizeof buf, "family identity\n%s\n", rule);
  VsDiag d;
  bool ok = catalog_load_text(c, "import", buf, strlen(buf), &d);
  if (!ok) snprintf(why, size, "the DSL rejects it: %s", d.msg);
  catalog_free(c);
  return ok;
}

/* Halide: what the C++ around a call says of it (ctx_step). */
enum { CTX_NONZERO = 1, CTX_FLOAT = 2, CTX_DEPTH = 128 };

/* Halide: a `/` or `%` of the pattern whose divisor is a constant never meets a zero one. Its Div and
 * Mod visitors rewrite `x / 0` and `x % 0` to 0 (Simplify_Div.cpp `rewrite(x / 0, 0)`,
 * Simplify_Mod.cpp `rewrite(x % 0, 0)`) before any rule of the chain with a constant divisor, and
 * simplify the operands before matching, so a subterm divided by a literal 0 never survives to a
 * parent's rule. Hence `cN != 0` for each such constant, once. */
static void guard_const_divisors(Pr *p, const Ex *e, const char **seen, int *nseen) {
  if (!e || p->err) return;
  if (e->kind == EX_BIN && (!strcmp(e->name, "/") || !strcmp(e->name, "%")) && e->a[1]->kind == EX_ID &&
      is_const_name(e->a[1]->name)) {
    int k = 0;
    while (k < *nseen && strcmp(seen[k], e->a[1]->name)) k++;
    if (k == *nseen && *nseen < 16) {
      seen[(*nseen)++] = e->a[1]->name;
      if (p->len) put(p, " && ");
      put(p, "(");
      put(p, e->a[1]->name);
      put(p, " != 0)");
    }
  }
  for (int i = 0; i < e->n; i++) guard_const_divisors(p, e->a[i], seen, nseen);
}

/* The rule `rule NAME : PAT => TMPL where GUARD` of one alternative, in one semantics, into buf. */
static bool translate(ImportPeer peer, const TvmVars *tv, const Ex *pat, const Ex *res, const Ex *cond, unsigned ctx,
                      bool nsw, const char *name, char *buf, size_t size, char *why, size_t wsize) {
  Pr p;
  char ps[OUT_LEN], ts[OUT_LEN];
  memset(&p, 0, sizeof p);
  p.peer = peer;
  p.nsw = nsw;
  p.pat = pat;
  if (tv) {
    p.tvm_vars = tv->name;
    p.tvm_kind = tv->kind;
    p.tvm_nvars = tv->n;
  }
  p.mode = M_PATTERN;
  pr_ex(&p, pat);
  memcpy(ps, p.out, p.len + 1);
  p.mode = M_TEMPLATE;
  p.len = 0;
  p.out[0] = 0;
  if (!p.err) pr_ex(&p, res);
  memcpy(ts, p.out, p.len + 1);
  p.mode = M_GUARD;
  p.len = 0;
  p.out[0] = 0;
  if (cond && !p.err) pr_ex(&p, cond);
  if (peer == IMPORT_HALIDE && !p.err) {
    /* Halide's denominator_non_zero: the bounds of the matched node's divisor exclude 0 (or its
     * alignment does, which is not translated: the guard is the stronger). The fact `divisor != 0`,
     * as a guard on the bounds like a proved fact's. */
    if (ctx & CTX_NONZERO) {
      if (pat->kind != EX_BIN || (strcmp(pat->name, "/") && strcmp(pat->name, "%"))) {
        pr_fail(&p, "denominator_non_zero around a pattern that is no division");
      } else {
        Ex zero = {.kind = EX_NUM, .name = "0"}, ne = {.kind = EX_BIN, .name = "!=", .a = {pat->a[1], &zero}, .n = 2};
        char *g = malloc(OUT_LEN);
        if (!g) pr_fail(&p, "out of memory");
        else if (prove(&p, &ne, true, g, 0)) {
          if (p.len) put(&p, " && ");
          put(&p, g);
        }
        free(g);
      }
    }
    const char *seen[16];
    int nseen = 0;
    guard_const_divisors(&p, pat, seen, &nseen);
  }
  if (p.err) {
    snprintf(why, wsize, "%s", p.err);
    return false;
  }
  /* Integers other than index: the widths the peers use. */
  char dts[1024] = "";
  size_t dl = 0;
  for (int i = 0; i < p.nvars; i++) {
    bool isb = false;
    for (int k = 0; k < p.nbools; k++) isb |= !strcmp(p.bools[k], p.vars[i]);
    if (isb) dl += (size_t)snprintf(dts + dl, sizeof dts - dl, "%sbool(%s)", i ? " && " : "", p.vars[i]);
    else dl += (size_t)snprintf(dts + dl, sizeof dts - dl, "%s!float(%s) && !index(%s)", i ? " && " : "", p.vars[i], p.vars[i]);
  }
  if (!p.nvars) /* a rule over constants only */
    for (int i = 0; i < 10; i++) {
      char cn[4] = {'c', (char)('0' + i), 0, 0};
      if (strstr(ps, cn)) {
        snprintf(dts, sizeof dts, "!float(%s) && !index(%s)", cn, cn);
        break;
      }
    }
  int n = snprintf(buf, size, "rule %s : %s => %s", name, ps, ts);
  if (p.len || dts[0])
    n += snprintf(buf + n, size - (size_t)n, " where %s%s%s", dts, p.len && dts[0] ? " && " : "", p.len ? p.out : "");
  if ((size_t)n >= size) {
    snprintf(why, wsize, "rule too long");
    return false;
  }
  return dsl_accepts(buf, why, wsize);
}

/* Halide chains its calls with && and || in parentheses: `(denominator_non_zero && (rewrite(...) ||
 * ...))`, `(ty.is_float() && rewrite(...))`. A conjunct `denominator_non_zero &&` (Simplify_Div.cpp:
 * the divisor's bounds exclude 0) or an un-negated `op->type.is_float() &&` or `ty.is_float() &&`
 * restricts what follows it in its group, up to the group's end or a `||` or `;` at its level (&& binds
 * tighter than ||). The stack holds each open group's restrictions; a call has those of every group
 * around it. Other C++ (an `if` statement's condition over a block, `no_overflow(op->type)`) is not
 * read. */
typedef struct {
  unsigned char flags[CTX_DEPTH];
  int depth; /* may pass CTX_DEPTH: the groups beyond carry no restriction */
} CtxStack;

/* Whether the word w starts at t[i], then `&&`, and no `!` applies to it. */
static bool conjunct_at(const char *t, size_t len, size_t i, const char *w) {
  size_t l = strlen(w);
  if (i + l > len || strncmp(t + i, w, l)) return false;
  size_t b = i;
  while (b > 0 && isspace((unsigned char)t[b - 1])) b--;
  if (i > 0 && (is_id(t[i - 1]) || t[i - 1] == '.' || t[i - 1] == '>')) return false;
  if (b > 0 && t[b - 1] == '!') return false;
  size_t j = i + l;
  while (j < len && isspace((unsigned char)t[j])) j++;
  return j + 1 < len && t[j] == '&' && t[j + 1] == '&';
}

/* Takes t[i] into the stack; returns the last position it consumed (past a string literal, past the
 * second '|' of `||`). */
static size_t ctx_step(CtxStack *s, const char *t, size_t len, size_t i) {
  char ch = t[i];
  if (ch == '"') {
    for (i++; i < len && t[i] != '"' && t[i] != '\n'; i++)
      if (t[i] == '\\' && i + 1 < len) i++;
    return i < len ? i : len - 1;
  }
  if (ch == '(' || ch == '[' || ch == '{') {
    s->depth++;
    if (s->depth < CTX_DEPTH) s->flags[s->depth] = 0;
  } else if (ch == ')' || ch == ']' || ch == '}') {
    if (s->depth > 0) s->depth--;
  } else if (ch == ';' || (ch == '|' && i + 1 < len && t[i + 1] == '|')) {
    if (s->depth < CTX_DEPTH) s->flags[s->depth] = 0;
    return ch == ';' ? i : i + 1;
  } else if (s->depth < CTX_DEPTH) {
    if (conjunct_at(t, len, i, "denominator_non_zero")) s->flags[s->depth] |= CTX_NONZERO;
    else if (conjunct_at(t, len, i, "op->type.is_float()") || conjunct_at(t, len, i, "ty.is_float()"))
      s->flags[s->depth] |= CTX_FLOAT;
  }
  return i;
}

static unsigned ctx_of(const CtxStack *s) {
  unsigned f = 0;
  for (int d = 0; d <= s->depth && d < CTX_DEPTH; d++) f |= s->flags[d];
  return f;
}

static int line_of(const char *t, size_t pos) {
  int line = 1;
  for (size_t i = 0; i < pos; i++) line += t[i] == '\n';
  return line;
}

bool rule_import(ImportPeer peer, const char *path, const char *src, size_t len, bool header, FILE *out,
                 ImportStats *st) {
  char *t = strip_comments(src, len);
  Cx *cx = malloc(sizeof *cx);
  TvmVars *tv = calloc(1, sizeof *tv);
  char *rule = malloc(OUT_LEN * 3), *rule_nsw = malloc(OUT_LEN * 3);
  if (!t || !cx || !tv || !rule || !rule_nsw) {
    free(t), free(cx), free(tv), free(rule), free(rule_nsw);
    return false;
  }
  char stem[48];
  stem_of(peer, path, stem, sizeof stem);
  if (header) fprintf(out, "# Imported by `vsimp rules import --from %s` (docs/audit.md)\nfamily identity\n\n",
                      peer == IMPORT_HALIDE ? "halide" : "tvm");
  int last_line = 0, same_line = 0, line = 1;
  size_t line_pos = 0;
  CtxStack cs = {.depth = 0};
  for (size_t i = 0; i < len; i++) {
    if (peer == IMPORT_HALIDE) {
      size_t j = ctx_step(&cs, t, len, i);
      if (j != i) {
        i = j;
        continue;
      }
    }
    if (peer == IMPORT_TVM && !strncmp(t + i, "PVar<", 5) && (i == 0 || !is_id(t[i - 1]))) tvm_scan_decl(tv, t, len, i);
    /* The call's name, at a word boundary, then '('. */
    size_t nl;
    if (peer == IMPORT_HALIDE) nl = !strncmp(t + i, "rewrite", 7) ? 7 : 0;
    else if (!strncmp(t + i, "TVM_TRY_RECURSIVE_REWRITE_IF", 28)) nl = 28;
    else if (!strncmp(t + i, "TVM_TRY_RECURSIVE_REWRITE", 25)) nl = 25;
    else if (!strncmp(t + i, "TVM_TRY_REWRITE_IF", 18)) nl = 18;
    else if (!strncmp(t + i, "TVM_TRY_REWRITE", 15)) nl = 15;
    else nl = 0;
    if (!nl || (i > 0 && is_id(t[i - 1])) || is_id(t[i + nl])) continue;
    size_t open = i + nl;
    while (open < len && (t[open] == ' ' || t[open] == '\t')) open++;
    if (open >= len || t[open] != '(') continue;
    /* Not the macros' own definitions (#define TVM_TRY_REWRITE(SrcExpr, ResExpr) ...). */
    size_t bol = i;
    while (bol > 0 && t[bol - 1] != '\n') bol--;
    while (bol < i && isspace((unsigned char)t[bol])) bol++;
    if (t[bol] == '#') continue;
    const char *arg[4];
    size_t alen[4], after = open + 1;
    int nargs = split_args(t, len, open, arg, alen, 4, &after);
    line += line_of(t + line_pos, i - line_pos) - 1;
    line_pos = i;
    same_line = line == last_line ? same_line + 1 : 0;
    last_line = line;
    st->calls++;
    char name[96];
    snprintf(name, sizeof name, "%s_%s_%d", peer == IMPORT_HALIDE ? "halide" : "tvm", stem, line);
    if (same_line) snprintf(name + strlen(name), sizeof name - strlen(name), "_%c", 'a' + (same_line % 26));
    char why[512] = "";
    if (nargs < 2 || nargs > 3) {
      st->alternatives++;
      st->untranslated++;
      fprintf(out, "# untranslated %s:%d: %s: ", path, line, nargs ? "not two or three arguments" : "unbalanced");
      put_flat(out, t + i, (after > i ? after : open + 1) - i);
      fputs("\n", out);
      i = after - 1;
      continue;
    }
    /* The alternatives: TVM's matches_one_of(p1, p2, ...) is one rule per pattern. */
    cx->used = 0;
    cx->err = NULL;
    const char *alt[MAX_ALTS];
    size_t altlen[MAX_ALTS];
    int nalt = 1;
    alt[0] = arg[0];
    altlen[0] = alen[0];
    {
      const char *s = arg[0];
      size_t l = alen[0];
      while (l && isspace((unsigned char)*s)) s++, l--;
      while (l && *s == '(') s++, l--; /* (PMatchesOneOf{a, b, ...}) */
      bool braces = l > 14 && !strncmp(s, "PMatchesOneOf", 13);
      if ((l > 15 && !strncmp(s, "matches_one_of", 14)) || braces) {
        size_t o = (size_t)(s - t) + 13, af;
        while (o < len && t[o] != (braces ? '{' : '(')) o++;
        int k = o < len ? split_args(t, len, o, alt, altlen, MAX_ALTS, &af) : 0;
        nalt = 0;
        for (int j = 0; j < k; j++) { /* a trailing comma leaves an empty last one */
          size_t b = 0;
          while (b < altlen[j] && isspace((unsigned char)alt[j][b])) b++;
          if (b < altlen[j]) alt[nalt] = alt[j], altlen[nalt++] = altlen[j];
        }
        if (!nalt) k = 0;
        nalt = k ? nalt : 1;
        if (!k) {
          alt[0] = arg[0];
          altlen[0] = alen[0];
        }
      }
    }
    unsigned ctx = ctx_of(&cs);
    Ex *res = NULL, *cond = NULL;
    Cx *rc = cx; /* result and condition parsed once, into the same pool before the patterns */
    res = parse_text(rc, arg[1], alen[1]);
    if (res && nargs == 3) cond = parse_text(rc, arg[2], alen[2]);
    const char *shared_err = rc->err;
    for (int a = 0; a < nalt; a++) {
      st->alternatives++;
      char aname[112];
      snprintf(aname, sizeof aname, nalt > 1 ? "%s_%d" : "%s", name, a + 1);
      Ex *pat = shared_err ? NULL : parse_text(cx, alt[a], altlen[a]);
      bool ok = false;
      if (shared_err || !pat) snprintf(why, sizeof why, "C++ the importer does not read: %s", shared_err ? shared_err : cx->err);
      else if (ctx & CTX_FLOAT) snprintf(why, sizeof why, "float-only form (under 'is_float() &&')");
      else if (translate(peer, tv, pat, res, cond, ctx, false, aname, rule, OUT_LEN * 3, why, sizeof why)) {
        char nname[128];
        snprintf(nname, sizeof nname, "%s_nsw", aname);
        ok = translate(peer, tv, pat, res, cond, ctx, true, nname, rule_nsw, OUT_LEN * 3, why, sizeof why);
      }
      cx->err = shared_err; /* a pattern's error is its own */
      if (ok) {
        st->translated++;
        fprintf(out, "# %s:%d\n%s\n%s\n", path, line, rule, rule_nsw);
      } else {
        st->untranslated++;
        fprintf(out, "# untranslated %s:%d: %s: ", path, line, why);
        put_flat(out, alt[a], altlen[a]);
        fputs(" => ", out);
        put_flat(out, arg[1], alen[1]);
        if (nargs == 3) {
          fputs(" if ", out);
          put_flat(out, arg[2], alen[2]);
        }
        fputs("\n", out);
      }
    }
    i = after - 1;
  }
  free(t), free(cx), free(tv), free(rule), free(rule_nsw);
  return !ferror(out);
}
