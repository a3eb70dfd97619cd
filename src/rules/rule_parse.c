/* The rule DSL: records (`family`, `rule`, `lemma`) split by lines, each parsed with the .vs lexer.
 * Patterns and templates use the expression grammar of docs/syntax.md (untyped: types are inferred
 * afterwards, see rule_typing.c); guards have their own small grammar of exact integer terms. */
#include "rules/rule_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "ir/op.h"
#include "rules/family.h"
#include "rules/rule_expand.h"
#include "text/infix.h"
#include "text/lexer.h"
#include "text/literal.h"

typedef enum { MODE_PATTERN, MODE_TEMPLATE, MODE_GUARD } Mode;

typedef struct {
  Arena *arena;
  const char *file;
  Lexer lx;
  Token tok;
  Rule *rule;
  Mode mode;
  int depth;
  VsDiag *diag;
  bool failed;
  const char *suffix; /* appended to the name of the rule being parsed (an instance of a record) */
} P;

__attribute__((format(printf, 3, 4))) static void fail_at(P *p, const Token *t, const char *fmt, ...) {
  if (p->failed) return;
  p->failed = true;
  snprintf(p->diag->file, sizeof p->diag->file, "%s", p->file);
  p->diag->line = t->line;
  p->diag->col = t->col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->diag->msg, sizeof p->diag->msg, fmt, ap);
  va_end(ap);
}

static void advance(P *p) {
  lex_next(&p->lx, &p->tok);
  if (p->tok.kind == TK_ERROR) fail_at(p, &p->tok, "%s", p->tok.msg);
}

static bool tok_is(const P *p, const char *word) {
  return p->tok.kind == TK_IDENT && strlen(word) == p->tok.len && !memcmp(p->lx.src + p->tok.off, word, p->tok.len);
}

static bool expect(P *p, TokKind k, const char *what) {
  if (p->tok.kind != k) {
    char got[96];
    tok_describe(&p->lx, &p->tok, got, sizeof got);
    fail_at(p, &p->tok, "expected %s, got %s", what, got);
    return false;
  }
  advance(p);
  return true;
}

/* ---- slots ---- */

static bool is_const_name(const char *s, size_t len) {
  if (len == 0 || s[0] != 'c') return false;
  for (size_t i = 1; i < len; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

static int find_slot(const Rule *r, const char *s, size_t len) {
  for (int i = 0; i < r->nslots; i++)
    if (strlen(r->slot_names[i]) == len && !memcmp(r->slot_names[i], s, len)) return i;
  return -1;
}

static int add_slot(P *p, const Token *t, uint8_t kind) {
  Rule *r = p->rule;
  if (r->nslots == RULE_MAX_SLOTS) {
    fail_at(p, t, "too many variables in one rule (at most %d)", RULE_MAX_SLOTS);
    return -1;
  }
  r->slot_names[r->nslots] = arena_strndup(p->arena, p->lx.src + t->off, t->len);
  r->slot_kind[r->nslots] = kind;
  return r->nslots++;
}

/* ---- patterns and templates ---- */

static Pat *new_pat(P *p, PatKind kind, const Token *at) {
  Pat *x = arena_alloc(p->arena, sizeof *x);
  if (!x) {
    fail_at(p, at, "out of memory");
    return NULL;
  }
  memset(x, 0, sizeof *x);
  x->kind = (uint8_t)kind;
  x->slot = -1;
  x->line = at->line;
  x->col = at->col;
  return x;
}

static Pat *parse_expr(P *p, int min_prec);

static const struct {
  const char *name;
  Op op;
} call_ops[] = {
  {"min", OP_MIN},     {"max", OP_MAX},     {"select", OP_SELECT}, {"tdiv", OP_TDIV},   {"tmod", OP_TMOD},
  {"ediv", OP_EDIV},   {"emod", OP_EMOD},
  {"mulacc", OP_MULACC}, {"pow", OP_POW},   {"sqrt", OP_SQRT},     {"trunc", OP_TRUNC}, {"floor", OP_FLOOR},
  {"ceil", OP_CEIL},   {"round", OP_ROUND}, {"recip", OP_RECIP},   {"exp2", OP_EXP2},   {"log2", OP_LOG2},
  {"sin", OP_SIN},     {"cast", OP_CAST},   {"bitcast", OP_BITCAST},
  {"load", OP_LOAD},   {"store", OP_STORE}, {"range", OP_RANGE},   {"reduce", OP_REDUCE}, {"end", OP_END},
  {"after", OP_AFTER},
};

/* An integer literal without suffix in [0, max] (gep lanes, bcast counts). */
static bool small_int(P *p, int max, uint8_t *out) {
  u128 mag = 0;
  if (p->tok.kind != TK_INT || p->tok.has_suffix || !lit_int_magnitude(p->lx.src + p->tok.off, p->tok.num_len, &mag) ||
      mag > (u128)max) {
    fail_at(p, &p->tok, "expected an integer from 0 to %d", max);
    return false;
  }
  *out = (uint8_t)mag;
  advance(p);
  return true;
}

/* vec(a, b, ...), gep(x, K), gep(x, [K, ...]), bcast(x, N), cat(a, b, ...): as in .vs files
 * (docs/syntax.md). The lane selection and count are part of the rule's text, so every term's lane count
 * is fixed (a cat's is its parts' sum, and a variable's may be written lanes(x, N)). */
static Pat *parse_vector_call(P *p, Token name, Pat *x) {
  const char *s = p->lx.src + name.off;
  x->op = (uint8_t)(s[0] == 'v' ? OP_VEC : s[0] == 'g' ? OP_GEP : s[0] == 'c' ? OP_CAT : OP_BCAST);
  p->rule->vector = true;
  advance(p); /* ( */
  int n = 0;
  for (;;) {
    if (n == VS_MAX_LANES) {
      fail_at(p, &p->tok, "too many arguments");
      return NULL;
    }
    x->args[n++] = parse_expr(p, 0);
    if (p->failed) return NULL;
    if (p->tok.kind != TK_COMMA) break;
    advance(p);
    if (x->op == OP_VEC || x->op == OP_CAT) continue;
    uint8_t k[VS_MAX_LANES];
    int nk = 0;
    if (x->op == OP_BCAST) {
      if (!small_int(p, VS_MAX_LANES, &k[0])) return NULL;
      x->lanes = k[0];
      x->aux = k[0];
    } else if (p->tok.kind == TK_LBRACK) {
      advance(p);
      do {
        if (nk == VS_MAX_LANES) {
          fail_at(p, &p->tok, "too many lanes");
          return NULL;
        }
        if (!small_int(p, VS_MAX_LANES - 1, &k[nk++])) return NULL;
      } while (p->tok.kind == TK_COMMA && (advance(p), true));
      if (!expect(p, TK_RBRACK, "']'")) return NULL;
    } else {
      if (!small_int(p, VS_MAX_LANES - 1, &k[nk++])) return NULL;
    }
    if (x->op == OP_GEP) {
      x->lanes = (uint8_t)nk;
      for (int i = 0; i < nk; i++) x->aux |= (uint64_t)k[i] << (4 * i);
    }
    break;
  }
  if (!expect(p, TK_RPAREN, "')'")) return NULL;
  if (x->op == OP_VEC) x->lanes = (uint8_t)n;
  if (x->op == OP_CAT) { /* its lane count is its parts' sum (rule_typing.c) */
    x->nargs = (uint8_t)n;
    if (n >= 2) return x;
    fail_at(p, &name, "cat takes at least 2 operands");
    return NULL;
  }
  if ((x->op == OP_VEC && (n < 2 || !vs_lanes_valid(n))) || (x->op != OP_VEC && n != 1) ||
      (x->op == OP_BCAST && (x->lanes < 2 || !vs_lanes_valid(x->lanes))) || !vs_lanes_valid(x->lanes)) {
    fail_at(p, &name, "bad operands or lane count for '%.*s'", (int)name.len, s);
    return NULL;
  }
  x->nargs = (uint8_t)n;
  return x;
}

/* A call `NAME(args)`: an op, a cast to a named dtype, or (templates; lemma patterns) vmin/vmax. */
static Pat *parse_call(P *p, Token name) {
  const char *s = p->lx.src + name.off;
  size_t len = name.len;
  Pat *x = new_pat(p, PAT_OP, &name);
  if (!x) return NULL;
  DType dt;
  bool fixed_cast = false;
  /* vmin(x), vmax(x): x's bounds; dtmin(x), dtmax(x): the extremes of x's dtype (-inf and +inf for
   * floats), the identities of max and min. */
  bool is_vbound = len == 4 && (!memcmp(s, "vmin", 4) || !memcmp(s, "vmax", 4));
  bool is_dtbound = len == 5 && (!memcmp(s, "dtmin", 5) || !memcmp(s, "dtmax", 5));
  if (is_vbound || is_dtbound) {
    /* A lemma is proved, never matched, so its pattern may speak of bounds too (the range-analysis
     * lemmas of bounds.rules do); there vmin(x) also introduces x if it is new. */
    bool lemma_pattern = is_vbound && p->mode == MODE_PATTERN && p->rule->is_lemma;
    if (p->mode != MODE_TEMPLATE && !lemma_pattern) {
      fail_at(p, &name, is_vbound ? "vmin/vmax may appear in templates and guards, not in patterns (lemmas excepted)"
                                  : "dtmin/dtmax may appear in templates only");
      return NULL;
    }
    advance(p);
    Token v = p->tok;
    if (!expect(p, TK_IDENT, "a pattern variable")) return NULL;
    int slot = find_slot(p->rule, p->lx.src + v.off, v.len);
    if (slot < 0 && lemma_pattern)
      slot = add_slot(p, &v, is_const_name(p->lx.src + v.off, v.len) ? PAT_CVAR : PAT_VAR);
    if (slot < 0) {
      fail_at(p, &v, "'%.*s' is not a variable of the pattern", (int)v.len, p->lx.src + v.off);
      return NULL;
    }
    if (!expect(p, TK_RPAREN, "')'")) return NULL;
    x->kind = PAT_BOUND;
    x->slot = (int8_t)slot;
    x->bound_max = is_vbound ? s[2] == 'a' : s[3] == 'a' ? 3 : 2;
    return x;
  }
  if (len == 3 && !memcmp(s, "nsw", 3)) {
    /* nsw(E): E's root op is no-signed-overflow (docs/rules.md, "No-signed-overflow rules"). In a
     * pattern it matches marked nodes only; in a template it builds a marked node, which the proof of
     * every instance covers (a mark the source does not guarantee is refuted there). */
    advance(p); /* ( */
    Pat *e = parse_expr(p, 0);
    if (p->failed || !expect(p, TK_RPAREN, "')'")) return NULL;
    if (e->kind != PAT_OP || !op_may_nsw((Op)e->op)) {
      fail_at(p, &name, "'nsw' marks an operation +, -, *, unary - or <<");
      return NULL;
    }
    e->aux |= VS_AUX_NSW;
    p->rule->nsw = true;
    return e;
  }
  if (len == 5 && !memcmp(s, "lanes", 5)) {
    /* lanes(x, N): the variable x, which has N lanes (a vector rule's variable whose lane count no
     * vec, gep, bcast or cat around it fixes: gep(select(lanes(m, 4), a, b), 1)). */
    advance(p); /* ( */
    Pat *v = parse_expr(p, 0);
    if (p->failed) return NULL;
    if (v->kind != PAT_VAR || !expect(p, TK_COMMA, "','")) {
      if (!p->failed) fail_at(p, &name, "'lanes' takes a pattern variable and a lane count");
      return NULL;
    }
    uint8_t nl;
    if (!small_int(p, VS_MAX_LANES, &nl) || !expect(p, TK_RPAREN, "')'")) return NULL;
    if (nl < 2 || !vs_lanes_valid(nl)) {
      fail_at(p, &name, "a vector has 2, 3, 4, 8 or 16 lanes");
      return NULL;
    }
    v->lanes = nl;
    p->rule->vector = true;
    return v;
  }
  size_t k = 0;
  while (k < sizeof call_ops / sizeof call_ops[0] &&
         !(strlen(call_ops[k].name) == len && !memcmp(call_ops[k].name, s, len)))
    k++;
  if (k < sizeof call_ops / sizeof call_ops[0]) {
    x->op = (uint8_t)call_ops[k].op;
  } else if ((len == 3 && (!memcmp(s, "vec", 3) || !memcmp(s, "gep", 3) || !memcmp(s, "cat", 3))) ||
             (len == 5 && !memcmp(s, "bcast", 5))) {
    return parse_vector_call(p, name, x);
  } else if (dt_from_name(s, len, &dt)) {
    x->op = OP_CAST;
    fixed_cast = true;
  } else if (len > 8 && !memcmp(s, "bitcast_", 8) && dt_from_name(s + 8, len - 8, &dt)) {
    x->op = OP_BITCAST;
    fixed_cast = true;
  } else {
    fail_at(p, &name, "unknown function '%.*s'", (int)len, s);
    return NULL;
  }
  if (fixed_cast) {
    x->lit_typed = 1;
    x->fixed_dt = (uint8_t)dt;
  }
  advance(p); /* ( */
  if (x->op == OP_REDUCE) { /* reduce(OP, x, ranges...): the accumulating op is a word */
    Token w = p->tok;
    Op rop;
    if (w.kind != TK_IDENT || !vs_reduce_op_from_name(p->lx.src + w.off, w.len, &rop)) {
      fail_at(p, &w, "expected add, mul, max or min");
      return NULL;
    }
    x->aux = (uint64_t)rop;
    advance(p);
    if (!expect(p, TK_COMMA, "','")) return NULL;
  }
  bool variadic = op_arity((Op)x->op) < 0 || x->op == OP_CAST;
  int max_args = variadic ? VS_MAX_LANES : 3;
  int n = 0;
  if (p->tok.kind != TK_RPAREN) {
    for (;;) {
      if (n == max_args) {
        fail_at(p, &p->tok, "too many arguments");
        return NULL;
      }
      x->args[n++] = parse_expr(p, 0);
      if (p->failed) return NULL;
      if (p->tok.kind != TK_COMMA) break;
      advance(p);
    }
  }
  if (!expect(p, TK_RPAREN, "')'")) return NULL;
  if (fixed_cast && x->op == OP_CAST && dt == DT_INDEX && n == 2) { /* index(B, I): a pointer */
    x->op = OP_INDEX;
    x->lit_typed = 0;
  }
  if (op_is_graph((Op)x->op)) p->rule->graph = true;
  if (x->op == OP_RANGE && (n != 1 || p->mode == MODE_TEMPLATE)) {
    fail_at(p, &name, n != 1 ? "a pattern's range takes its end only: range(y) (name it with r@range(y))"
                             : "a template cannot make a new range: bind one in the pattern (r@range(y))");
    return NULL;
  }
  if ((x->op == OP_REDUCE || x->op == OP_END || x->op == OP_AFTER) && n < 1) {
    fail_at(p, &name, "'%.*s' needs an operand", (int)len, s);
    return NULL;
  }
  if (op_arity((Op)x->op) >= 0 && n != op_arity((Op)x->op)) {
    fail_at(p, &name, "'%.*s' takes %d argument%s, got %d", (int)len, s, op_arity((Op)x->op),
            op_arity((Op)x->op) == 1 ? "" : "s", n);
    return NULL;
  }
  x->nargs = (uint8_t)n;
  return x;
}

static Pat *parse_literal(P *p, bool neg) {
  Token t = p->tok;
  Pat *x = new_pat(p, PAT_LIT, &t);
  if (!x) return NULL;
  if (t.kind == TK_INT) {
    u128 mag;
    if (!lit_int_magnitude(p->lx.src + t.off, t.num_len, &mag)) {
      fail_at(p, &t, "integer literal too large");
      return NULL;
    }
    x->ival = neg ? -(i128)mag : (i128)mag;
  } else {
    char buf[64];
    size_t n = t.num_len < sizeof buf - 1 ? t.num_len : sizeof buf - 1;
    memcpy(buf, p->lx.src + t.off, n);
    buf[n] = 0;
    x->fval = strtod(buf, NULL);
    if (neg) x->fval = -x->fval;
    x->lit_float = 1;
  }
  if (t.has_suffix) {
    x->lit_typed = 1;
    x->fixed_dt = (uint8_t)t.suffix;
  }
  advance(p);
  return x;
}

static Pat *parse_primary(P *p) {
  Token t = p->tok;
  if (t.kind == TK_INT || t.kind == TK_FLOAT) return parse_literal(p, false);
  if (t.kind == TK_LPAREN) {
    advance(p);
    Pat *x = parse_expr(p, 0);
    if (!expect(p, TK_RPAREN, "')'")) return NULL;
    return x;
  }
  if (t.kind != TK_IDENT) {
    char got[96];
    tok_describe(&p->lx, &t, got, sizeof got);
    fail_at(p, &t, "expected an expression, got %s", got);
    return NULL;
  }
  const char *s = p->lx.src + t.off;
  if (tok_is(p, "invalid")) { /* the index sentinel: an operation without operands, typed index */
    Pat *x = new_pat(p, PAT_OP, &t);
    if (!x) return NULL;
    x->op = OP_INVALID;
    x->slot = -1;
    advance(p);
    return x;
  }
  if (tok_is(p, "noop")) { /* the effect that does nothing */
    Pat *x = new_pat(p, PAT_OP, &t);
    if (!x) return NULL;
    x->op = OP_NOOP;
    p->rule->graph = true;
    advance(p);
    return x;
  }
  if (tok_is(p, "true") || tok_is(p, "false")) {
    Pat *x = new_pat(p, PAT_LIT, &t);
    if (!x) return NULL;
    x->ival = tok_is(p, "true");
    x->lit_typed = 1;
    x->fixed_dt = DT_BOOL;
    advance(p);
    return x;
  }
  advance(p);
  if (p->tok.kind == TK_LPAREN) return parse_call(p, t);
  int slot = find_slot(p->rule, s, t.len);
  if (p->tok.kind == TK_AT) { /* v@pattern */
    if (p->mode != MODE_PATTERN || slot >= 0) {
      fail_at(p, &t, p->mode != MODE_PATTERN ? "'@' binds names in patterns only" : "'%.*s' is bound twice",
              (int)t.len, s);
      return NULL;
    }
    advance(p);
    Pat *x = parse_primary(p);
    if (!x) return NULL;
    if (x->kind != PAT_OP) {
      fail_at(p, &t, "'@' must bind an operation");
      return NULL;
    }
    if ((x->slot = (int8_t)add_slot(p, &t, PAT_OP)) < 0) return NULL;
    return x;
  }
  bool is_const = is_const_name(s, t.len);
  if (slot < 0) {
    /* A lemma's template may name constants of its own (a quotient, a gcd): they are free constants
     * of the proof, constrained only by the guard. */
    if (p->mode != MODE_PATTERN && !(p->rule->is_lemma && is_const)) {
      fail_at(p, &t, "'%.*s' is not a variable of the pattern", (int)t.len, s);
      return NULL;
    }
    if ((slot = add_slot(p, &t, is_const ? PAT_CVAR : PAT_VAR)) < 0) return NULL;
  }
  Pat *x = new_pat(p, is_const ? PAT_CVAR : PAT_VAR, &t);
  if (!x) return NULL;
  x->slot = (int8_t)slot;
  return x;
}

static Pat *parse_unary(P *p) {
  Token t = p->tok;
  if (t.kind == TK_MINUS || t.kind == TK_TILDE || t.kind == TK_BANG) {
    advance(p);
    if (t.kind == TK_MINUS && (p->tok.kind == TK_INT || p->tok.kind == TK_FLOAT) && p->tok.line == t.line &&
        p->tok.col == t.col + 1)
      return parse_literal(p, true); /* -7: a negative literal, as in .vs files */
    if (++p->depth > 200) {
      fail_at(p, &t, "expression nested too deeply");
      return NULL;
    }
    Pat *a = parse_unary(p);
    p->depth--;
    if (!a) return NULL;
    Pat *x = new_pat(p, PAT_OP, &t);
    if (!x) return NULL;
    x->op = t.kind == TK_MINUS ? OP_NEG : OP_NOT;
    x->nargs = 1;
    x->args[0] = a;
    return x;
  }
  return parse_primary(p);
}

static Pat *parse_expr(P *p, int min_prec) {
  if (++p->depth > 200) {
    fail_at(p, &p->tok, "expression nested too deeply");
    return NULL;
  }
  Pat *lhs = parse_unary(p);
  for (;;) {
    /* Binary operators: the text format's (text/infix.h), `>`/`>=` swapped into `<`/`<=`. */
    const Infix *in = infix_of_token(p->tok.kind);
    if (!lhs || p->failed || !in || in->prec < min_prec) break;
    Token t = p->tok;
    advance(p);
    Pat *rhs = parse_expr(p, in->prec + 1);
    if (!rhs) {
      lhs = NULL;
      break;
    }
    Pat *x = new_pat(p, PAT_OP, &t);
    if (!x) {
      lhs = NULL;
      break;
    }
    x->op = (uint8_t)in->op;
    x->nargs = 2;
    x->args[0] = in->swap ? rhs : lhs;
    x->args[1] = in->swap ? lhs : rhs;
    lhs = x;
  }
  p->depth--;
  return p->failed ? NULL : lhs;
}

/* ---- guards ---- */

static Guard *new_guard(P *p, GuardKind kind, const Token *at) {
  Guard *g = arena_alloc(p->arena, sizeof *g);
  if (!g) {
    fail_at(p, at, "out of memory");
    return NULL;
  }
  g->kind = (uint8_t)kind;
  g->slot = g->slot2 = -1;
  g->line = at->line;
  g->col = at->col;
  return g;
}

static Guard *parse_guard(P *p, int min_prec);

static int guard_slot(P *p) {
  Token v = p->tok;
  if (!expect(p, TK_IDENT, "a pattern variable")) return -1;
  int slot = find_slot(p->rule, p->lx.src + v.off, v.len);
  if (slot < 0) fail_at(p, &v, "'%.*s' is not a variable of the pattern", (int)v.len, p->lx.src + v.off);
  return slot;
}

static Guard *parse_guard_call(P *p, Token name) {
  static const struct {
    const char *name;
    GuardKind kind;
    int test;
  } fns[] = {
    {"int", G_TEST, TEST_INT},     {"signed", G_TEST, TEST_SIGNED}, {"unsigned", G_TEST, TEST_UNSIGNED},
    {"float", G_TEST, TEST_FLOAT}, {"bool", G_TEST, TEST_BOOL},     {"index", G_TEST, TEST_INDEX},
    {"bits", G_BITS, 0},           {"vmin", G_VMIN, 0},             {"vmax", G_VMAX, 0},
    {"is_const", G_IS_CONST, 0},   {"order", G_ORDER, 0},           {"min", G_MIN, 0},
    {"max", G_MAX, 0},             {"gcd", G_GCD, 0},               {"abs", G_ABS, 0},
    {"is_pow2", G_IS_POW2, 0},     {"no_overflow", G_NO_OVERFLOW, 0}, {"free_of", G_FREE_OF, 0},
    {"no_ub", G_NO_UB, 0},         {"pow2", G_POW2, 0},             {"vtz", G_VTZ, 0},
  };
  size_t k = 0;
  while (k < sizeof fns / sizeof fns[0] &&
         !(strlen(fns[k].name) == name.len && !memcmp(fns[k].name, p->lx.src + name.off, name.len)))
    k++;
  if (k == sizeof fns / sizeof fns[0]) {
    fail_at(p, &name, "unknown guard function '%.*s'", (int)name.len, p->lx.src + name.off);
    return NULL;
  }
  Guard *g = new_guard(p, fns[k].kind, &name);
  if (!g) return NULL;
  g->test = (uint8_t)fns[k].test;
  advance(p); /* ( */
  switch (fns[k].kind) {
  case G_TEST:
  case G_BITS:
  case G_VMIN:
  case G_VMAX:
  case G_VTZ:
  case G_IS_CONST:
  case G_NO_UB:
    g->slot = (int8_t)guard_slot(p);
    break;
  case G_FREE_OF:
  case G_ORDER:
    g->slot = (int8_t)guard_slot(p);
    if (!expect(p, TK_COMMA, "','")) return NULL;
    g->slot2 = (int8_t)guard_slot(p);
    break;
  case G_NO_OVERFLOW: {
    Mode saved = p->mode;
    p->mode = MODE_TEMPLATE;
    g->expr = parse_expr(p, 0);
    p->mode = saved;
    break;
  }
  case G_ABS:
  case G_POW2:
  case G_IS_POW2: g->a = parse_guard(p, 0); break;
  default:
    g->a = parse_guard(p, 0);
    if (!expect(p, TK_COMMA, "','")) return NULL;
    g->b = parse_guard(p, 0);
    break;
  }
  if (p->failed || !expect(p, TK_RPAREN, "')'")) return NULL;
  return g;
}

static Guard *parse_guard_primary(P *p) {
  Token t = p->tok;
  if (t.kind == TK_INT) {
    u128 mag;
    if (t.has_suffix || !lit_int_magnitude(p->lx.src + t.off, t.num_len, &mag)) {
      fail_at(p, &t, "guard numbers are plain integers");
      return NULL;
    }
    Guard *g = new_guard(p, G_NUM, &t);
    if (g) g->num = (i128)mag;
    advance(p);
    return g;
  }
  if (t.kind == TK_LPAREN) {
    advance(p);
    Guard *g = parse_guard(p, 0);
    if (!expect(p, TK_RPAREN, "')'")) return NULL;
    return g;
  }
  if (t.kind == TK_BANG || t.kind == TK_MINUS) {
    advance(p);
    Guard *a = parse_guard_primary(p);
    if (!a) return NULL;
    Guard *g = new_guard(p, t.kind == TK_BANG ? G_NOT : G_SUB, &t);
    if (!g) return NULL;
    if (t.kind == TK_BANG) {
      g->a = a;
    } else {
      g->a = new_guard(p, G_NUM, &t);
      g->b = a;
    }
    return g;
  }
  if (t.kind != TK_IDENT) {
    char got[96];
    tok_describe(&p->lx, &t, got, sizeof got);
    fail_at(p, &t, "expected a guard term, got %s", got);
    return NULL;
  }
  advance(p);
  if (p->tok.kind == TK_LPAREN) return parse_guard_call(p, t);
  int slot = find_slot(p->rule, p->lx.src + t.off, t.len);
  if (slot < 0 || p->rule->slot_kind[slot] != PAT_CVAR) {
    fail_at(p, &t, slot < 0 ? "'%.*s' is not a variable of the pattern"
                            : "'%.*s' is not a constant variable: use vmin(%.*s) or vmax(%.*s)",
            (int)t.len, p->lx.src + t.off, (int)t.len, p->lx.src + t.off, (int)t.len, p->lx.src + t.off);
    return NULL;
  }
  Guard *g = new_guard(p, G_CONST, &t);
  if (g) g->slot = (int8_t)slot;
  return g;
}

/* The guard a binary operator builds (the text format's operators, text/infix.h: guards take the
 * arithmetic of + - * // %, comparisons, && and ||); false for any other operator. */
static bool guard_kind(const Infix *in, GuardKind *kind) {
  switch (in->op) {
  case OP_MUL: *kind = G_MUL; return true;
  case OP_IDIV: *kind = G_DIV; return true;
  case OP_MOD: *kind = G_MOD; return true;
  case OP_ADD: *kind = G_ADD; return true;
  case OP_SUB: *kind = G_SUB; return true;
  case OP_LT: *kind = G_LT; return true;
  case OP_LE: *kind = G_LE; return true;
  case OP_EQ: *kind = G_EQ; return true;
  case OP_NE: *kind = G_NE; return true;
  case OP_AND: *kind = G_AND; return in->kind == INFIX_LOGICAL;
  case OP_OR: *kind = G_OR; return in->kind == INFIX_LOGICAL;
  default: return false;
  }
}

static Guard *parse_guard(P *p, int min_prec) {
  if (++p->depth > 200) {
    fail_at(p, &p->tok, "guard nested too deeply");
    return NULL;
  }
  Guard *lhs = parse_guard_primary(p);
  for (;;) {
    GuardKind kind = G_ADD;
    const Infix *in = infix_of_token(p->tok.kind);
    if (!lhs || p->failed || !in || !guard_kind(in, &kind) || in->prec < min_prec) break;
    Token t = p->tok;
    advance(p);
    Guard *rhs = parse_guard(p, in->prec + 1);
    Guard *g = rhs ? new_guard(p, kind, &t) : NULL;
    if (!g) {
      lhs = NULL;
      break;
    }
    g->a = in->swap ? rhs : lhs;
    g->b = in->swap ? lhs : rhs;
    lhs = g;
  }
  p->depth--;
  return p->failed ? NULL : lhs;
}

/* Booleans and numbers must be used where each belongs, and no_overflow only where a "may overflow"
 * answer cannot make the guard true (the engine decides it from intervals). */
static bool guard_is_bool(const Guard *g) {
  switch (g->kind) {
  case G_TEST: case G_EQ: case G_NE: case G_LT: case G_LE: case G_AND: case G_OR: case G_NOT:
  case G_IS_POW2: case G_NO_OVERFLOW: case G_IS_CONST: case G_ORDER: case G_FREE_OF: case G_NO_UB: return true;
  default: return false;
  }
}

static bool check_guard(P *p, const Guard *g, bool positive) {
  Token at = {.line = g->line, .col = g->col};
  switch (g->kind) {
  case G_AND:
  case G_OR:
    if (!guard_is_bool(g->a) || !guard_is_bool(g->b)) break;
    return check_guard(p, g->a, positive) && check_guard(p, g->b, positive);
  case G_NOT:
    if (!guard_is_bool(g->a)) break;
    return check_guard(p, g->a, !positive);
  case G_NO_OVERFLOW:
    if (!positive) {
      fail_at(p, &at, "no_overflow may not be negated (the engine can only prove its absence)");
      return false;
    }
    return true;
  case G_FREE_OF:
  case G_NO_UB:
    /* They shape the proof's variables, which is sound only for a fact every firing has. */
    fail_at(p, &at, "free_of and no_ub may only be conjuncts of the whole guard (not under ! or ||)");
    return false;
  case G_EQ: case G_NE: case G_LT: case G_LE: case G_ADD: case G_SUB: case G_MUL: case G_DIV: case G_MOD:
  case G_MIN: case G_MAX: case G_GCD:
    if (guard_is_bool(g->a) || guard_is_bool(g->b)) {
      fail_at(p, &at, "a condition is used as a number");
      return false;
    }
    return check_guard(p, g->a, positive) && check_guard(p, g->b, positive);
  case G_ABS:
  case G_POW2:
  case G_IS_POW2:
    if (guard_is_bool(g->a)) {
      fail_at(p, &at, "a condition is used as a number");
      return false;
    }
    return check_guard(p, g->a, positive); /* its operand may hide a condition deeper down */
  default: return true;
  }
  fail_at(p, &at, "a number is used as a condition");
  return false;
}

/* The top-level conjuncts of a guard: where free_of and no_ub may stand. */
static bool check_top_guard(P *p, const Guard *g) {
  if (g->kind == G_AND && guard_is_bool(g->a) && guard_is_bool(g->b))
    return check_top_guard(p, g->a) && check_top_guard(p, g->b);
  if (g->kind == G_FREE_OF) {
    Token at = {.line = g->line, .col = g->col};
    const Rule *r = p->rule;
    if (r->slot_kind[g->slot2] != PAT_OP) {
      fail_at(p, &at, "free_of(x, r): r must name a range of the pattern (r@range(y))");
      return false;
    }
    return true;
  }
  if (g->kind == G_NO_UB) return true;
  return check_guard(p, g, true);
}

/* ---- records ---- */

static uint64_t fnv64(const char *s, size_t n) {
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * UINT64_C(0x100000001b3);
  return h;
}

/* The rule's text with comments dropped and white space folded: what its proofs are keyed by. */
static char *normalise(Arena *a, const char *s, size_t len) {
  char *out = arena_alloc(a, len + 1);
  if (!out) return NULL;
  size_t n = 0;
  bool space = false;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == '#') {
      while (i < len && s[i] != '\n') i++;
      space = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space && n) out[n++] = ' ';
    space = false;
    out[n++] = c;
  }
  out[n] = 0;
  return out;
}

/* The proof steps after the guard: `by A => B`, each A and B a term over the rule's variables
 * (docs/rules.md, "Proof steps"). Scalar rules only: the argument that a step may be taken inside
 * any context is that every scalar op is monotone in refinement (a UB operand makes it UB, but for a
 * select's unchosen branch), and it is not made for lanes, loops and memory, or for INVALID. */
static bool parse_steps(P *p, Rule *r) {
  while (tok_is(p, "by")) {
    Token at = p->tok;
    if (r->vector || r->graph || r->binds_invalid) {
      fail_at(p, &at, "proof steps are for scalar rules outside the invalid family");
      return false;
    }
    if (r->nsteps == RULE_MAX_STEPS) {
      fail_at(p, &at, "at most %d proof steps", RULE_MAX_STEPS);
      return false;
    }
    advance(p);
    p->mode = MODE_TEMPLATE;
    int nslots = r->nslots;
    Pat *from = parse_expr(p, 0);
    if (p->failed || !expect(p, TK_FATARROW, "'=>'")) return false;
    Pat *to = parse_expr(p, 0);
    if (p->failed) return false;
    if (r->nslots != nslots) { /* a lemma's template may name new constants; a step may not */
      fail_at(p, &at, "a proof step may name only the rule's variables");
      return false;
    }
    r->step_from[r->nsteps] = from;
    r->step_to[r->nsteps++] = to;
  }
  return true;
}

static bool parse_record(P *p, const char *family, int rank, int *order, RuleSink sink, void *ud) {
  Token kw = p->tok;
  bool lemma = tok_is(p, "lemma");
  advance(p);
  Token name = p->tok;
  if (!expect(p, TK_IDENT, "a rule name")) return false;
  if (!expect(p, TK_COLON, "':'")) return false;
  Rule *r = arena_alloc(p->arena, sizeof *r);
  if (!r) {
    fail_at(p, &kw, "out of memory");
    return false;
  }
  p->rule = r;
  size_t slen = p->suffix ? strlen(p->suffix) : 0;
  char *nm = arena_alloc(p->arena, name.len + slen + 1);
  if (!nm) {
    fail_at(p, &kw, "out of memory");
    return false;
  }
  memcpy(nm, p->lx.src + name.off, name.len);
  if (slen) memcpy(nm + name.len, p->suffix, slen);
  nm[name.len + slen] = 0;
  r->name = nm;
  r->family = lemma ? "lemma" : family;
  r->family_rank = lemma ? family_rank("lemma") : rank;
  r->is_lemma = lemma;
  r->binds_invalid = !lemma && !strcmp(family, "invalid");
  r->order = (*order)++;
  r->file = p->file;
  r->line = kw.line;
  p->mode = MODE_PATTERN;
  r->lhs = parse_expr(p, 0);
  if (p->failed) return false;
  if (r->lhs->kind != PAT_OP && !lemma) {
    Token at = {.line = r->lhs->line, .col = r->lhs->col};
    fail_at(p, &at, "a pattern must be an operation");
    return false;
  }
  if (!expect(p, TK_FATARROW, "'=>'")) return false;
  p->mode = MODE_TEMPLATE;
  r->rhs = parse_expr(p, 0);
  if (p->failed) return false;
  if (tok_is(p, "where")) {
    advance(p);
    p->mode = MODE_GUARD;
    r->guard = parse_guard(p, 0);
    if (p->failed) return false;
    if (!guard_is_bool(r->guard)) {
      Token at = {.line = r->guard->line, .col = r->guard->col};
      fail_at(p, &at, "a guard must be a condition");
      return false;
    }
    if (!check_top_guard(p, r->guard)) return false;
  }
  if (!parse_steps(p, r)) return false;
  if (p->tok.kind != TK_EOF) {
    char got[96];
    tok_describe(&p->lx, &p->tok, got, sizeof got);
    fail_at(p, &p->tok, "expected %s the end of the rule, got %s", r->guard || r->nsteps ? "'by' or" : "'where', 'by' or",
            got);
    return false;
  }
  char msg[200];
  int line = kw.line, col = kw.col;
  if (!rule_infer_types(p->arena, r, msg, sizeof msg, &line, &col) ||
      !rule_resolve_steps(p->arena, r, msg, sizeof msg, &line, &col)) {
    Token at = {.line = line, .col = col};
    fail_at(p, &at, "%s", msg);
    return false;
  }
  if (!sink(ud, r, p->diag)) {
    p->failed = true; /* the sink has set the diagnostic (a duplicate name) */
    return false;
  }
  return true;
}

typedef struct {
  P *p;
  const char *family;
  int rank;
  int *order;
  RuleSink sink;
  void *ud;
  int line;
} Instances;

/* Parses one instance of a record: its text, and the suffix its name takes. */
static bool parse_instance(void *ud, const char *text, size_t len, const char *suffix) {
  Instances *in = ud;
  P *p = in->p;
  lex_init(&p->lx, text, len);
  p->lx.line = in->line;
  advance(p);
  if (p->failed) return false;
  /* The name the sink checks for duplicates is the instance's: rename before parsing finishes. */
  p->suffix = suffix;
  if (!parse_record(p, in->family, in->rank, in->order, in->sink, in->ud)) return false;
  Rule *r = p->rule;
  r->text = normalise(p->arena, text, len);
  r->text_hash = r->text ? fnv64(r->text, strlen(r->text)) : 0;
  return true;
}

bool rules_parse(Arena *arena, const char *name, const char *text, size_t len, RuleSink sink, void *ud,
                 VsDiag *diag) {
  P p = {.arena = arena, .file = name, .diag = diag};
  /* The default family: the file's base name without its extension. */
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  size_t blen = strcspn(base, ".");
  const char *family = arena_strndup(arena, base, blen);
  int rank = family_rank(family), order = 0;
  size_t pos = 0;
  int line = 1;
  while (pos < len && !p.failed) {
    /* A record: a line that starts in column 1, and the indented lines after it. */
    size_t start = pos;
    int start_line = line;
    size_t end = pos;
    do {
      while (end < len && text[end] != '\n') end++;
      if (end < len) end++;
      line++;
    } while (end < len && (text[end] == ' ' || text[end] == '\t'));
    pos = end;
    /* The record's final line break is not part of it: "end of file" is then reported at the end of
     * its last line, not at the start of the next record. */
    size_t rec_len = end - start;
    if (rec_len && text[start + rec_len - 1] == '\n') rec_len--;
    if (rec_len && text[start + rec_len - 1] == '\r') rec_len--;
    lex_init(&p.lx, text + start, rec_len);
    p.lx.line = start_line;
    advance(&p);
    if (p.tok.kind == TK_EOF) continue; /* blank or comment-only */
    if (p.failed) break;
    if (tok_is(&p, "family")) {
      advance(&p);
      Token f = p.tok;
      if (!expect(&p, TK_IDENT, "a family name")) break;
      family = arena_strndup(arena, p.lx.src + f.off, f.len);
      rank = family_rank(family);
      if (rank < 0) fail_at(&p, &f, "unknown family '%s' (see docs/rules.md)", family);
      else if (p.tok.kind != TK_EOF) fail_at(&p, &p.tok, "expected the end of the line");
      continue;
    }
    if (!tok_is(&p, "rule") && !tok_is(&p, "lemma")) {
      fail_at(&p, &p.tok, "expected 'rule', 'lemma' or 'family'");
      break;
    }
    if (rank < 0) {
      fail_at(&p, &p.tok, "rule outside a known family (start the file with 'family NAME')");
      break;
    }
    /* A record with a `for` clause stands for one rule per value of its parameters (rule_expand.h). */
    Instances in = {&p, family, rank, &order, sink, ud, start_line};
    char err[160];
    if (!rule_expand(text + start, rec_len, parse_instance, &in, err, sizeof err) && !p.failed) {
      Token at = {.line = start_line, .col = 1};
      fail_at(&p, &at, "%s", err);
    }
  }
  return !p.failed;
}
