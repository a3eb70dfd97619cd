/* prog_parse.c: the program parser (docs/syntax.md, "Programs").
 *
 * Recursive descent over statements (nesting is limited to PROG_MAX_NESTING, so the C stack is
 * bounded); expressions go to the .vs expression parser (text/expr_parse.h) through one shared token
 * stream. Scoping is lexical: a name is visible from its definition to the end of the enclosing
 * `for`/`while`/`if` body (`spmd` and `scope` bodies do not end visibility). Parameters are visible
 * everywhere. A definition of a visible name is an assignment to that variable (its type must match). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/diag.h"
#include "text/expr_parse.h"
#include "text/literal.h"
#include "text/prog_text.h"
#include "ir/view_type.h"


/* Where a `yield` goes: the innermost loop or if body. */
typedef struct {
  const char *what; /* "for", "while", "if" */
  uint32_t n;
  Type *types;
  bool *known;      /* if results without an annotation: typed by the first yield */
  int nyields;
  int yline, ycol;  /* the first yield */
} YieldTarget;

typedef struct {
  VsCtx *ctx;
  Program *prog;
  Function *fn;
  const char *file;
  const char *src;
  ExprStream st;
  VsDiag *diag;
  uint32_t *vis; /* per variable id: visible now */
  uint8_t *ro;   /* per variable id: a loop variable or carry inside its body */
  size_t cap_vis;
  PVar **scope; /* variables made visible, in order */
  size_t nscope, cap_scope;
  uint32_t depth;
  YieldTarget *yt;
  /* Where a `break` or `continue` goes: the innermost loop, while no spmd, scope or if with results
   * stands between (NULL otherwise). */
  YieldTarget *jt;
  bool at_top; /* parsing the function body itself */
  /* Calls inside expressions (docs/syntax.md, "Calls"): those of the value being parsed, in
   * evaluation order; a value takes the entries from where its parse began. */
  Call **pend;
  uint32_t npend, cap_pend;
  const char *no_call; /* set where calls may not stand (conditions, bounds, types): what it is */
  uint32_t nholes;     /* the function's holes so far ($1, $2, ...) */
  bool alias;          /* parsing an assignment's value: a variable there is an alias (type_alias_ok) */
  bool view_ok;        /* an assignment's value: the view's shape and layout forms may stand there */
  Node *vshape[PROG_MAX_VALS]; /* the shape list of the last view(t, [s...]) parsed */
  uint32_t vrank;
} PP;

static const char *const keywords[] = {"func", "for", "if", "else", "while", "iter", "cond", "yield", "return",
                                       "call", "spmd", "scope", "pass", "range", "parallel", "unroll",
                                       "pipeline", "tensor", "break", "continue", "submit", "domain", "pin"};

__attribute__((format(printf, 4, 5))) static bool fail(PP *p, int line, int col, const char *fmt, ...) {
  char msg[sizeof p->diag->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  diag_set(p->diag, p->file, line, col, "%s", msg);
  return false;
}

static Token *cur(PP *p) { return &p->st.tok; }

static bool advance(PP *p) {
  p->st.tok = p->st.next;
  lex_next(&p->st.lx, &p->st.next);
  if (p->st.tok.kind == TK_ERROR) return fail(p, p->st.tok.line, p->st.tok.col, "%s", p->st.tok.msg);
  return true;
}

static bool is_kw(const PP *p, const Token *t, const char *w) {
  size_t n = strlen(w);
  return t->kind == TK_IDENT && t->len == n && memcmp(p->src + t->off, w, n) == 0;
}

static bool is_keyword(const char *s, size_t len) {
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (strlen(keywords[i]) == len && memcmp(keywords[i], s, len) == 0) return true;
  return false;
}

static const char *describe(PP *p, const Token *t, char *buf, size_t size) {
  tok_describe(&p->st.lx, t, buf, size);
  return buf;
}

static bool expect(PP *p, TokKind k, const char *what) {
  if (cur(p)->kind == k) return advance(p);
  char d[64];
  return fail(p, cur(p)->line, cur(p)->col, "expected %s, found %s", what, describe(p, cur(p), d, sizeof d));
}

static bool expect_kw(PP *p, const char *w) {
  if (is_kw(p, cur(p), w)) return advance(p);
  char d[64];
  return fail(p, cur(p)->line, cur(p)->col, "expected '%s', found %s", w, describe(p, cur(p), d, sizeof d));
}

static const char *short_name(const char *s, size_t len, char *buf, size_t size) {
  size_t n = len > 40 ? 40 : len;
  snprintf(buf, size, "%.*s%s", (int)n, s, len > 40 ? "..." : "");
  return buf;
}

/* ---- scopes ---- */

static bool ensure_vis(PP *p) {
  if (p->fn->nvars <= p->cap_vis) return true;
  size_t cap = p->cap_vis ? p->cap_vis : 64;
  while (cap < p->fn->nvars) cap *= 2;
  uint32_t *nv = realloc(p->vis, cap * sizeof *nv);
  if (!nv) return false;
  p->vis = nv;
  uint8_t *nr = realloc(p->ro, cap);
  if (!nr) return false;
  p->ro = nr;
  memset(p->vis + p->cap_vis, 0, (cap - p->cap_vis) * sizeof *nv);
  memset(p->ro + p->cap_vis, 0, cap - p->cap_vis);
  p->cap_vis = cap;
  return true;
}

static PVar *visible(PP *p, const char *name) {
  for (PVar *v = fn_find_name(p->fn, name); v; v = v->next_same_name)
    if (v->id < p->cap_vis && p->vis[v->id]) return v;
  return NULL;
}

static bool make_visible(PP *p, PVar *v) {
  if (!ensure_vis(p)) return fail(p, v->line, v->col, "out of memory");
  if (p->vis[v->id]) return true;
  if (p->nscope == p->cap_scope) {
    size_t cap = p->cap_scope ? p->cap_scope * 2 : 64;
    PVar **ns = realloc(p->scope, cap * sizeof *ns);
    if (!ns) return fail(p, v->line, v->col, "out of memory");
    p->scope = ns;
    p->cap_scope = cap;
  }
  p->vis[v->id] = 1;
  p->scope[p->nscope++] = v;
  return true;
}

static void close_scope(PP *p, size_t mark) {
  while (p->nscope > mark) {
    PVar *v = p->scope[--p->nscope];
    p->vis[v->id] = 0;
    if (p->ro[v->id] == 2) p->ro[v->id] = 0; /* a domain's slot: read-only while visible */
  }
}

/* ---- expressions ---- */

static Node *lookup(void *user, const char *s, size_t len, char *msg, size_t msgsize) {
  PP *p = user;
  char nb[64];
  short_name(s, len, nb, sizeof nb);
  if (is_keyword(s, len)) {
    if (len == 4 && !memcmp(s, "call", 4))
      snprintf(msg, msgsize, "'call' starts a whole value; inside an expression write the call without it, as in f(x) + 1");
    else
      snprintf(msg, msgsize, "expected an expression, found '%s'", nb);
    return NULL;
  }
  const char *name = vs_intern(p->ctx, s, len);
  PVar *v = name ? visible(p, name) : NULL;
  if (!v) {
    PVar *any = name ? fn_find_name(p->fn, name) : NULL;
    if (any)
      snprintf(msg, msgsize, "'%s' is not defined here (its definition at %d:%d is in a scope that has ended)", nb,
               any->line, any->col);
    else
      snprintf(msg, msgsize, "unknown variable '%s' (not defined before this point)", nb);
    return NULL;
  }
  if (!type_is_scalar(&v->type)) {
    snprintf(msg, msgsize, "'%s' is a %s: only scalars may appear in expressions", nb,
             v->type.kind == TY_TILE ? "tile" : v->type.kind == TY_TUPLE ? "tuple" : "tensor");
    return NULL;
  }
  return v->node;
}

static const ExprCallHooks call_hooks;

/* Parses an expression that may not call (a condition, a loop bound, a core count, a shape entry:
 * `what`); expect >= 0 gives untyped literals that dtype and requires it of the result. */
static bool parse_expr_in(PP *p, const char *what, int expect_dt, Node **out, bool *flexible) {
  int line = cur(p)->line, col = cur(p)->col;
  const char *saved = p->no_call;
  p->no_call = what;
  bool ok = vs_parse_expr_stream_calls(p->ctx, p->file, &p->st, lookup, p, &call_hooks, expect_dt, out, flexible,
                                       p->diag);
  p->no_call = saved;
  if (!ok) return false;
  if (expect_dt >= 0 && (*out)->dtype != expect_dt)
    return fail(p, line, col, "type mismatch: expected %s, got %s", dt_name((DType)expect_dt),
                dt_name((DType)(*out)->dtype));
  return true;
}

/* Several sibling expressions sharing one dtype (loop bounds): the first with a dtype of its own
 * types the flexible ones, as for the operands of a .vs operator. */
static bool parse_expr(PP *p, int expect_dt, Node **out, bool *flexible) {
  return parse_expr_in(p, "a condition, loop bound, core count or type", expect_dt, out, flexible);
}

static bool parse_siblings(PP *p, Node **out, int n, int *dt) {
  ExprStream saved[3];
  bool flex[3];
  int anchor = -1;
  for (int i = 0; i < n; i++) {
    if (i && !expect(p, TK_COMMA, "','")) return false;
    saved[i] = p->st;
    if (!parse_expr(p, -1, &out[i], &flex[i])) return false;
    if (!flex[i] && anchor < 0) anchor = out[i]->dtype;
  }
  if (anchor < 0) anchor = out[0]->dtype;
  ExprStream end = p->st;
  for (int i = 0; i < n; i++) {
    if (!flex[i] || out[i]->dtype == anchor) continue;
    p->st = saved[i];
    if (!parse_expr(p, anchor, &out[i], NULL)) return false;
  }
  p->st = end;
  for (int i = 1; i < n; i++)
    if (out[i]->dtype != out[0]->dtype)
      return fail(p, cur(p)->line, cur(p)->col, "loop bounds have different types (%s and %s)",
                  dt_name((DType)out[0]->dtype), dt_name((DType)out[i]->dtype));
  *dt = anchor;
  return true;
}

/* ---- types ---- */

static bool parse_dtype(PP *p, DType *dt) {
  char d[64];
  if (cur(p)->kind != TK_IDENT || !dt_from_name(p->src + cur(p)->off, cur(p)->len, dt))
    return fail(p, cur(p)->line, cur(p)->col, "expected a dtype, found %s", describe(p, cur(p), d, sizeof d));
  return advance(p);
}

/* `[e, ...]`: index expressions (at most PROG_MAX_VALS), appended to ex[*n]. */
static bool parse_index_list(PP *p, const char *what, Node **ex, uint32_t *n, uint32_t *count) {
  char d[64];
  if (cur(p)->kind != TK_LBRACK)
    return fail(p, cur(p)->line, cur(p)->col, "expected '[' (the %s), found %s", what, describe(p, cur(p), d, sizeof d));
  if (!advance(p)) return false;
  *count = 0;
  while (cur(p)->kind != TK_RBRACK) {
    if (*count && !expect(p, TK_COMMA, "',' or ']'")) return false;
    if (*n == PROG_MAX_VALS)
      return fail(p, cur(p)->line, cur(p)->col, "too many expressions in a type (limit %d)", PROG_MAX_VALS);
    if (!parse_expr(p, DT_INDEX, &ex[(*n)++], NULL)) return false;
    (*count)++;
  }
  return advance(p);
}

/* A tag's word among names[0, n) (`layout=dn`). */
static bool parse_tag(PP *p, const char *field, const char *(*name)(int), int n, uint8_t *out) {
  char d[64], list[160] = "";
  for (int i = 0; i < n; i++) {
    if (is_kw(p, cur(p), name(i))) {
      *out = (uint8_t)i;
      return advance(p);
    }
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? (i == n - 1 ? " or " : ", ") : "", name(i));
  }
  return fail(p, cur(p)->line, cur(p)->col, "expected the %s (%s), found %s", field, list, describe(p, cur(p), d, sizeof d));
}

enum { F_STRIDE, F_VALID, F_OFFSET, F_LAYOUT, F_BLAYOUT, F_SLAYOUT, F_FRACTAL, F_PAD, F_COMPACT, F_COUNT };
static const char *const field_names[F_COUNT] = {"stride",  "valid_shape", "start_offset", "layout", "blayout",
                                                 "slayout", "fractal",     "pad",          "compact"};

/* `view(FIELD=VALUE, ...)` after a tensor's or tile's dtype (docs/syntax.md, "Types"): the fields in
 * any order, each at most once; the lists go to ex (stride, then valid shape, then the offset). */
static bool parse_view(PP *p, Type *t, TypeForm *f, Node **ex, uint32_t *n) {
  bool tile = t->kind == TY_TILE;
  static const char *const tensor_fields = "stride, layout, valid_shape or pad";
  static const char *const tile_fields =
      "valid_shape, stride, start_offset, blayout, slayout, fractal, pad or compact";
  char d[64], nb[64];
  if (!expect_kw(p, "view") || !expect(p, TK_LPAREN, "'(' after 'view'")) return false;
  f->view = true;
  f->layout = tile ? TLAYOUT_ROW_MAJOR : LAYOUT_ND;
  f->slayout = TLAYOUT_NONE_BOX;
  f->fractal = tile ? 512 : 0;
  Node *stride[PROG_MAX_VALS], *valid[PROG_MAX_VALS], *offset = NULL;
  uint32_t ns = 0, nv = 0;
  bool seen[F_COUNT] = {0};
  for (uint32_t nf = 0; cur(p)->kind != TK_RPAREN; nf++) {
    if (nf && !expect(p, TK_COMMA, "',' or ')'")) return false;
    Token ft = *cur(p);
    int k = -1;
    for (int i = 0; i < F_COUNT && ft.kind == TK_IDENT; i++)
      if (is_kw(p, &ft, field_names[i])) k = i;
    bool ok = k >= 0 && (tile ? k != F_LAYOUT : (k == F_STRIDE || k == F_VALID || k == F_LAYOUT || k == F_PAD));
    if (ft.kind != TK_IDENT)
      return fail(p, ft.line, ft.col, "expected a field of the %s view (%s), found %s", tile ? "tile" : "tensor",
                  tile ? tile_fields : tensor_fields, describe(p, &ft, d, sizeof d));
    if (!ok)
      return fail(p, ft.line, ft.col, "'%s' is not a field of a %s view (%s)",
                  short_name(p->src + ft.off, ft.len, nb, sizeof nb), tile ? "tile" : "tensor",
                  tile ? tile_fields : tensor_fields);
    if (seen[k]) return fail(p, ft.line, ft.col, "the view's %s is given twice", field_names[k]);
    seen[k] = true;
    if (!advance(p) || !expect(p, TK_ASSIGN, "'=' after the field's name")) return false;
    int line = cur(p)->line, col = cur(p)->col;
    uint32_t cnt = 0;
    switch (k) {
    case F_STRIDE:
    case F_VALID: {
      uint32_t m = 0;
      if (!parse_index_list(p, field_names[k], k == F_STRIDE ? stride : valid, &m, &cnt)) return false;
      if (cnt != t->rank)
        return fail(p, line, col, "the view's %s has %u entries, the shape %u", field_names[k], cnt, t->rank);
      if (k == F_STRIDE) ns = cnt;
      else nv = cnt;
      break;
    }
    case F_OFFSET:
      if (!parse_expr(p, DT_INDEX, &offset, NULL)) return false;
      break;
    case F_LAYOUT:
      if (!parse_tag(p, "layout", tensor_layout_name, LAYOUT_COUNT, &f->layout)) return false;
      break;
    case F_BLAYOUT:
      if (!parse_tag(p, "block layout", tile_layout_name, TLAYOUT_COUNT, &f->layout)) return false;
      break;
    case F_SLAYOUT:
      if (!parse_tag(p, "scatter layout", tile_layout_name, TLAYOUT_COUNT, &f->slayout)) return false;
      break;
    case F_PAD:
      if (!parse_tag(p, "pad value", pad_name, PAD_COUNT, &f->pad)) return false;
      break;
    case F_COMPACT:
      if (!parse_tag(p, "compact mode", compact_name, COMPACT_COUNT, &f->compact)) return false;
      break;
    case F_FRACTAL: {
      Token *it = cur(p);
      u128 mag = 0;
      if (it->kind != TK_INT || it->has_suffix)
        return fail(p, line, col, "expected the fractal size (an integer literal without a suffix), found %s",
                    describe(p, it, d, sizeof d));
      if (!lit_int_magnitude(p->src + it->off, it->num_len, &mag) || mag == 0 || mag > UINT32_MAX)
        return fail(p, line, col, "the fractal size must be from 1 to 4294967295 bytes");
      f->fractal = (uint32_t)mag;
      if (!advance(p)) return false;
      break;
    }
    }
  }
  if (!advance(p)) return false;
  if (*n + ns + nv + (offset ? 1 : 0) > PROG_MAX_VALS)
    return fail(p, cur(p)->line, cur(p)->col, "too many expressions in a type (limit %d)", PROG_MAX_VALS);
  memcpy(ex + *n, stride, ns * sizeof *stride);
  *n += ns;
  memcpy(ex + *n, valid, nv * sizeof *valid);
  *n += nv;
  if (offset) ex[(*n)++] = offset;
  f->nstride = ns;
  f->nvalid = nv;
  f->offset = offset != NULL;
  return true;
}

static bool parse_type_in(PP *p, Type *t, bool in_tuple);

/* `tuple[T, ...]`: scalars, tensors and tiles (no tuple in a tuple), at most PROG_TUPLE_MAX. */
static bool parse_tuple(PP *p, Type *t) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!advance(p) || !expect(p, TK_LBRACK, "'[' after 'tuple'")) return false;
  Type el[PROG_TUPLE_MAX];
  uint32_t n = 0, nexpr = 0;
  while (cur(p)->kind != TK_RBRACK) {
    if (n && !expect(p, TK_COMMA, "',' or ']'")) return false;
    if (n == PROG_TUPLE_MAX)
      return fail(p, cur(p)->line, cur(p)->col, "too many elements in a tuple (limit %d)", PROG_TUPLE_MAX);
    if (!parse_type_in(p, &el[n], true)) return false;
    nexpr += el[n++].nexpr;
  }
  if (!advance(p)) return false;
  if (nexpr > PROG_MAX_VALS) return fail(p, line, col, "too many expressions in a type (limit %d)", PROG_MAX_VALS);
  TypeForm *f = prog_alloc(p->prog, sizeof *f);
  Type *elem = n ? prog_alloc(p->prog, n * sizeof *elem) : NULL;
  Node **ex = nexpr ? prog_alloc(p->prog, nexpr * sizeof *ex) : NULL;
  if (!f || (n && !elem) || (nexpr && !ex)) return fail(p, line, col, "out of memory");
  memset(f, 0, sizeof *f);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (el[i].nexpr) memcpy(ex + k, el[i].expr, el[i].nexpr * sizeof *ex);
    k += el[i].nexpr;
    elem[i] = el[i];
  }
  f->nelem = n;
  f->elem = elem;
  *t = (Type){.kind = TY_TUPLE, .nexpr = nexpr, .expr = ex, .form = f};
  return true;
}

static bool parse_type_in(PP *p, Type *t, bool in_tuple) {
  memset(t, 0, sizeof *t);
  bool tensor = is_kw(p, cur(p), "tensor");
  /* `dtensor[...]`: a distributed tensor; like `tile` and `tuple`, a type word only before `[`. */
  bool dist = !tensor && is_kw(p, cur(p), "dtensor") && p->st.next.kind == TK_LBRACK;
  tensor = tensor || dist;
  bool tile = !tensor && is_kw(p, cur(p), "tile") && p->st.next.kind == TK_LBRACK;
  if (!tensor && !tile && is_kw(p, cur(p), "tuple") && p->st.next.kind == TK_LBRACK) {
    if (in_tuple) return fail(p, cur(p)->line, cur(p)->col, "a tuple's elements are scalars, tensors or tiles, not tuples");
    return parse_tuple(p, t);
  }
  if (!tensor && !tile) {
    DType dt;
    if (!parse_dtype(p, &dt)) return false;
    /* `f32[16]` declares a buffer in a .vs expression file; a program's memory is its tensors. */
    if (cur(p)->kind == TK_LBRACK)
      return fail(p, cur(p)->line, cur(p)->col,
                  "buffers are not supported in programs (a program's memory is its tensors: tensor[[N], %s])",
                  dt_name(dt));
    *t = type_scalar(dt);
    return true;
  }
  int line = cur(p)->line, col = cur(p)->col;
  const char *word = dist ? "dtensor" : tensor ? "tensor" : "tile";
  char what[32];
  snprintf(what, sizeof what, "'[' after '%s'", word);
  if (!advance(p) || !expect(p, TK_LBRACK, what) || !expect(p, TK_LBRACK, "'[' (the shape)")) return false;
  Node *ex[PROG_MAX_VALS];
  uint32_t rank = 0;
  while (cur(p)->kind != TK_RBRACK) {
    if (rank && !expect(p, TK_COMMA, "',' or ']'")) return false;
    if (rank == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many shape entries (limit %d)", PROG_MAX_VALS);
    if (!parse_expr(p, DT_INDEX, &ex[rank], NULL)) return false;
    rank++;
  }
  if (!advance(p) || !expect(p, TK_COMMA, "',' and the element dtype")) return false;
  DType dt;
  if (!parse_dtype(p, &dt)) return false;
  t->kind = tensor ? TY_TENSOR : TY_TILE;
  t->dist = dist;
  t->dtype = (uint8_t)dt;
  t->rank = rank;
  uint32_t n = rank;
  if (cur(p)->kind == TK_COMMA) {
    TypeForm *f = prog_alloc(p->prog, sizeof *f);
    if (!f) return fail(p, line, col, "out of memory");
    memset(f, 0, sizeof *f);
    if (!advance(p) || !parse_view(p, t, f, ex, &n)) return false;
    t->form = f;
  }
  if (!expect(p, TK_RBRACK, "']'")) return false;
  t->nexpr = n;
  if (n) {
    t->expr = prog_alloc(p->prog, n * sizeof *t->expr);
    if (!t->expr) return fail(p, line, col, "out of memory");
    memcpy(t->expr, ex, n * sizeof *ex);
  }
  return true;
}

static bool parse_type(PP *p, Type *t) { return parse_type_in(p, t, false); }

/* Two types one variable may take, or a value and its slot: the same form (kind, dtype, rank, view
 * tags and lists), whatever the expressions. */
static bool type_compatible(const Type *a, const Type *b) { return type_same_form(a, b); }

/* An alias `v: T = t` gives t's identity T's shape and view: the same kind, dtype and rank suffice
 * (a tuple's elements keep their forms). */
static bool type_alias_ok(const Type *a, const Type *b) {
  if (a->kind == TY_TUPLE || a->kind == TY_SCALAR) return type_same_form(a, b);
  return a->kind == b->kind && a->dist == b->dist && a->dtype == b->dtype && a->rank == b->rank;
}

static void type_text(const Type *t, char *buf, size_t size) { type_describe(t, buf, size); }

/* ---- values ---- */

static bool push_pend(PP *p, Call *c) {
  if (p->npend == p->cap_pend) {
    uint32_t cap = p->cap_pend ? p->cap_pend * 2 : 16;
    Call **n = realloc(p->pend, cap * sizeof *n);
    if (!n) return false;
    p->pend = n;
    p->cap_pend = cap;
  }
  p->pend[p->npend++] = c;
  return true;
}

/* The calls pushed since mark, moved into the arena (*sub, *n); the pending list drops them. */
static bool take_pend(PP *p, uint32_t mark, Call ***sub, uint32_t *n) {
  *sub = NULL;
  *n = p->npend - mark;
  if (*n && !(*sub = prog_alloc(p->prog, *n * sizeof **sub))) return false;
  if (*n) memcpy(*sub, p->pend + mark, *n * sizeof **sub);
  p->npend = mark;
  return true;
}

/* An expression of a value, where calls may stand: its calls go to *sub in evaluation order. */
static bool parse_value_expr(PP *p, int expect_dt, Node **out, Call ***sub, uint32_t *nsub) {
  uint32_t mark = p->npend;
  const char *saved = p->no_call;
  p->no_call = NULL;
  bool ok = vs_parse_expr_stream_calls(p->ctx, p->file, &p->st, lookup, p, &call_hooks, expect_dt, out, NULL, p->diag);
  p->no_call = saved;
  if (ok && sub && !take_pend(p, mark, sub, nsub)) return fail(p, cur(p)->line, cur(p)->col, "out of memory");
  if (!ok) p->npend = mark;
  return ok;
}

/* NAME(args) at the current token. *rp_end: the offset just past its ')'. Calls inside the arguments
 * are pushed to the pending list (before this call, which the caller places). */
static bool parse_call_body(PP *p, Call **out, size_t *rp_end) {
  int line = cur(p)->line, col = cur(p)->col;
  char d[64];
  if (cur(p)->kind != TK_IDENT)
    return fail(p, cur(p)->line, cur(p)->col, "expected a function name after 'call', found %s",
                describe(p, cur(p), d, sizeof d));
  const char *name = vs_intern(p->ctx, p->src + cur(p)->off, cur(p)->len);
  if (!name) return fail(p, line, col, "out of memory");
  if (!advance(p) || !expect(p, TK_LPAREN, "'(' after the function name")) return false;
  Val args[PROG_MAX_VALS];
  uint32_t n = 0;
  uint8_t vform = 0, vlayout = 0;
  while (cur(p)->kind != TK_RPAREN) {
    if (n && !expect(p, TK_COMMA, "',' or ')'")) return false;
    if (n == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many arguments (limit %d)", PROG_MAX_VALS);
    memset(&args[n], 0, sizeof args[n]);
    Token *t = cur(p);
    if (t->kind == TK_IDENT && (p->st.next.kind == TK_COMMA || p->st.next.kind == TK_RPAREN)) {
      const char *nm = vs_intern(p->ctx, p->src + t->off, t->len);
      PVar *v = nm ? visible(p, nm) : NULL;
      if (v && !type_is_scalar(&v->type)) {
        args[n++].tensor = v;
        if (!advance(p)) return false;
        continue;
      }
    }
    if (is_kw(p, t, "call"))
      return fail(p, t->line, t->col, "a call argument is an expression: write the inner call without 'call', as in f(g(x))");
    /* view(t, [s...], layout=L): the shape list, then the layout (view_type.h). */
    if (n == 1 && !strcmp(name, "view") && t->kind == TK_LBRACK && !vform) {
      const char *saved = p->no_call;
      p->no_call = "a view's shape";
      p->vrank = 0;
      uint32_t cnt;
      bool ok = parse_index_list(p, "shape", p->vshape, &p->vrank, &cnt);
      p->no_call = saved;
      if (!ok) return false;
      vform |= VIEW_SHAPE;
      continue;
    }
    if (n == 1 && !strcmp(name, "view") && is_kw(p, t, "layout") && p->st.next.kind == TK_ASSIGN) {
      if (!advance(p) || !advance(p) || !parse_tag(p, "layout", tensor_layout_name, LAYOUT_COUNT, &vlayout)) return false;
      vform |= VIEW_LAYOUT;
      if (cur(p)->kind != TK_RPAREN) return fail(p, cur(p)->line, cur(p)->col, "the layout is the last operand of a view: view(t, [s...], layout=nd)");
      continue;
    }
    if (vform) return fail(p, t->line, t->col, "a view with a shape takes at most a layout after it: view(t, [s...], layout=nd)");
    if (!parse_value_expr(p, -1, &args[n].e, NULL, NULL)) return false;
    n++;
  }
  if (vform && (!args[0].tensor || args[0].tensor->type.kind != TY_TENSOR))
    return fail(p, line, col, "a view reinterprets a tensor: its first operand is a tensor variable, as in view(t, [s...])");
  if (vform && !p->view_ok)
    return fail(p, line, col, "a view with a shape or layout is a definition's value: v = call view(t, ...)");
  *rp_end = cur(p)->off + cur(p)->len;
  if (!advance(p)) return false;
  Call *c = prog_alloc(p->prog, sizeof *c);
  if (!c) return fail(p, line, col, "out of memory");
  memset(c, 0, sizeof *c);
  if (n && !(c->args = prog_alloc(p->prog, n * sizeof *c->args))) return fail(p, line, col, "out of memory");
  c->name = name;
  c->nargs = n;
  c->vform = vform;
  c->vlayout = vlayout;
  if (n) memcpy(c->args, args, n * sizeof *args);
  c->line = line;
  c->col = col;
  *out = c;
  return true;
}

/* `call NAME(args)`: a whole call; the calls inside its arguments become its sub calls. */
static bool parse_call(PP *p, Call **out) {
  if (!advance(p)) return false; /* `call` */
  uint32_t mark = p->npend;
  size_t rp;
  const char *saved = p->no_call;
  p->no_call = NULL;
  bool ok = parse_call_body(p, out, &rp);
  p->no_call = saved;
  if (!ok) {
    p->npend = mark;
    return false;
  }
  if (!take_pend(p, mark, &(*out)->sub, &(*out)->nsub)) return fail(p, (*out)->line, (*out)->col, "out of memory");
  /* view is a builtin, not an event: its operands are evaluated as they are. */
  if ((*out)->nsub && !strcmp((*out)->name, "view"))
    return fail(p, (*out)->line, (*out)->col, "the operands of view cannot call: bind the call's result to a variable first");
  if ((*out)->nsub && !strcmp((*out)->name, "as_layout"))
    return fail(p, (*out)->line, (*out)->col, "the operand of as_layout cannot call: bind the call's result to a variable first");
  return true;
}

/* ExprCallHooks.parse: a call inside an expression, `NAME(args)` with an optional suffix `_T`. */
static bool hook_parse(void *user, ExprStream *st, uint32_t *id, int *dt, char *msg, size_t msgsize) {
  PP *p = user;
  p->st = *st;
  int line = cur(p)->line, col = cur(p)->col;
  char nb[64];
  const char *s = p->src + cur(p)->off;
  size_t len = cur(p)->len;
  if (p->no_call) {
    snprintf(msg, msgsize, "a call cannot appear in %s: bind its result to a variable first", p->no_call);
    return false;
  }
  if ((len == 4 && !memcmp(s, "view", 4)) || (len == 9 && !memcmp(s, "as_layout", 9))) {
    snprintf(msg, msgsize, "'%.*s' gives a tensor, which cannot stand in an expression", (int)len, s);
    return false;
  }
  Call *c;
  size_t rp;
  bool ok = parse_call_body(p, &c, &rp);
  if (ok) {
    *dt = -1;
    Token *t = cur(p);
    DType d;
    if (t->kind == TK_IDENT && t->off == rp && p->src[t->off] == '_') {
      if (!dt_from_name(p->src + t->off + 1, t->len - 1, &d)) {
        *st = p->st;
        snprintf(msg, msgsize, "unknown dtype '%s' in a call's suffix", short_name(p->src + t->off + 1, t->len - 1, nb, sizeof nb));
        return false;
      }
      *dt = (int)d;
      ok = advance(p);
    }
  }
  *st = p->st;
  if (!ok) return false;
  (void)line;
  (void)col;
  *id = p->npend;
  if (!push_pend(p, c)) {
    snprintf(msg, msgsize, "out of memory");
    return false;
  }
  return true;
}

/* ExprCallHooks.hole: the variable call id's result is read through, of dtype dt. */
static Node *hook_hole(void *user, uint32_t id, int dt, char *msg, size_t msgsize) {
  PP *p = user;
  if (id >= p->npend || dt < 0) {
    snprintf(msg, msgsize, "internal error: an unknown call");
    return NULL;
  }
  Call *c = p->pend[id];
  if (c->hole) return c->hole->node;
  char nm[32];
  int k = snprintf(nm, sizeof nm, "$%u", ++p->nholes);
  const char *name = vs_intern(p->ctx, nm, (size_t)k);
  Type t = type_scalar((DType)dt);
  PVar *v = name ? fn_var(p->prog, p->fn, name, &t, false, 0, 0) : NULL;
  if (!v || !ensure_vis(p)) {
    snprintf(msg, msgsize, "out of memory");
    return NULL;
  }
  v->line = c->line;
  v->col = c->col;
  c->hole = v;
  return v->node;
}

static const ExprCallHooks call_hooks = {hook_parse, hook_hole};

/* A value of type *t (t->kind may be TY_SCALAR with known == false: then the value types itself, and
 * *t is set). */
static bool parse_value(PP *p, Type *t, bool *known, Val *out, const char *what) {
  memset(out, 0, sizeof *out);
  Token *tk = cur(p);
  int line = tk->line, col = tk->col;
  char tb[64], nb[64];
  if (is_kw(p, tk, "call")) {
    if (known && !*known)
      return fail(p, line, col, "cannot infer the type of %s from a call: annotate it, as in (r: i32)", what);
    return parse_call(p, &out->call);
  }
  if (tk->kind == TK_IDENT) {
    const char *nm = vs_intern(p->ctx, p->src + tk->off, tk->len);
    PVar *v = nm ? visible(p, nm) : NULL;
    if (v && !type_is_scalar(&v->type)) {
      if (known && !*known) {
        *t = v->type;
        *known = true;
      } else if (p->alias ? !type_alias_ok(t, &v->type) : !type_compatible(t, &v->type)) {
        type_text(t, tb, sizeof tb);
        char vb[64];
        type_text(&v->type, vb, sizeof vb);
        return fail(p, line, col, "type mismatch: %s is %s, but '%s' is a %s (%s)", what, tb,
                    short_name(nm, tk->len, nb, sizeof nb),
                    v->type.kind == TY_TILE ? "tile" : v->type.kind == TY_TUPLE ? "tuple" : "tensor", vb);
      }
      out->tensor = v;
      return advance(p);
    }
  }
  if ((!known || *known) && !type_is_scalar(t)) {
    type_text(t, tb, sizeof tb);
    return fail(p, line, col, "type mismatch: %s is %s; give a variable of that type or a call", what, tb);
  }
  int want = (!known || *known) ? t->dtype : -1;
  Node *e;
  if (!parse_value_expr(p, want, &e, &out->sub, &out->nsub)) return false;
  if (want >= 0 && e->dtype != want)
    return fail(p, line, col, "type mismatch: %s is %s, but the value is %s", what, dt_name((DType)want),
                dt_name((DType)e->dtype));
  if (known && !*known) {
    *t = type_scalar((DType)e->dtype);
    *known = true;
  }
  out->e = e;
  return true;
}

/* ---- statements ---- */

static bool parse_block(PP *p, Block *out);

static bool check_name(PP *p, const Token *t) {
  char nb[64];
  const char *s = p->src + t->off;
  if (t->kind != TK_IDENT) {
    char d[64];
    return fail(p, t->line, t->col, "expected a variable name, found %s", describe(p, t, d, sizeof d));
  }
  if (vs_is_reserved_name(s, t->len) || is_keyword(s, t->len))
    return fail(p, t->line, t->col, "'%s' is a reserved word and cannot name a variable",
                short_name(s, t->len, nb, sizeof nb));
  return true;
}

/* The variable a definition `name: type` (or, with type NULL, an assignment `name`) writes. */
static bool def_var(PP *p, const Token *nt, const Type *type, PVar **out) {
  char nb[64], a[64], b[64];
  const char *name = vs_intern(p->ctx, p->src + nt->off, nt->len);
  if (!name) return fail(p, nt->line, nt->col, "out of memory");
  short_name(name, nt->len, nb, sizeof nb);
  PVar *v = visible(p, name);
  if (v) {
    if (v->id < p->cap_vis && p->ro[v->id] == 2)
      return fail(p, nt->line, nt->col, "cannot assign to '%s': a domain's slots are read-only", nb);
    if (v->id < p->cap_vis && p->ro[v->id])
      return fail(p, nt->line, nt->col, "cannot assign to '%s': loop variables and carries are read-only in their body",
                  nb);
    /* A declared range is a fact about every value the parameter takes: it must keep its value. Only
     * integer and bool parameters have one (a float node's bounds are not a range). */
    if (v->is_param && v->node && !dt_is_float((DType)v->node->dtype) &&
        (vs_vmin(v->node) != im_min((DType)v->node->dtype) || vs_vmax(v->node) != im_max((DType)v->node->dtype)))
      return fail(p, nt->line, nt->col, "cannot assign to '%s': a parameter with a declared range is read-only", nb);
    if (type && !type_compatible(type, &v->type)) {
      type_text(&v->type, a, sizeof a);
      type_text(type, b, sizeof b);
      return fail(p, nt->line, nt->col, "type mismatch: '%s' is %s (defined at %d:%d), not %s", nb, a, v->line,
                  v->col, b);
    }
    *out = v;
    return true;
  }
  if (!type) return fail(p, nt->line, nt->col, "unknown variable '%s': define it with a type, as in %s: i32 = ...", nb, nb);
  v = fn_var(p->prog, p->fn, name, type, false, 0, 0);
  if (!v) return fail(p, nt->line, nt->col, "%s", vs_ctx_error(p->ctx)[0] ? vs_ctx_error(p->ctx) : "out of memory");
  if (!v->line) {
    v->line = nt->line;
    v->col = nt->col;
  }
  if (!ensure_vis(p)) return fail(p, nt->line, nt->col, "out of memory");
  *out = v;
  return true;
}

/* `v: T = call as_layout(t)` (docs/syntax.md, "Types"): the builtin reinterprets tensor t under T's
 * layout, so T is a tensor of t's dtype and rank. */
static bool check_as_layout(PP *p, const Call *c, const Type *t) {
  char a[64];
  if (c->nargs != 1 || !c->args[0].tensor || c->args[0].tensor->type.kind != TY_TENSOR)
    return fail(p, c->line, c->col, "as_layout takes one tensor variable: as_layout(t)");
  const Type *src = &c->args[0].tensor->type;
  if (t->kind != TY_TENSOR || t->dtype != src->dtype || t->rank != src->rank) {
    char b[64];
    type_text(src, a, sizeof a);
    type_text(t, b, sizeof b);
    return fail(p, c->line, c->col, "as_layout gives a tensor of its operand's dtype and rank (%s), not %s", a, b);
  }
  return true;
}

/* `deps [d, ...]` and `predicate t[i, ...] OP K` after a submit's call or an spmd's core count (both
 * optional; docs/syntax.md, "Tasks"). `predicate` starts the clause only before a name, so a
 * variable may still be called so. */
static bool parse_dispatch(PP *p, Node ***deps_out, uint32_t *nd_out, Pred **pred_out) {
  int line = cur(p)->line, col = cur(p)->col;
  char d[64], nb[64];
  Node *deps[PROG_MAX_VALS];
  uint32_t nd = 0;
  *deps_out = NULL;
  *pred_out = NULL;
  if (is_kw(p, cur(p), "deps")) {
    if (!advance(p) || !expect(p, TK_LBRACK, "'[' after 'deps'")) return false;
    while (cur(p)->kind != TK_RBRACK) {
      if (nd && !expect(p, TK_COMMA, "',' or ']'")) return false;
      if (nd == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many dependencies (limit %d)", PROG_MAX_VALS);
      if (!parse_expr_in(p, "a task dependency", DT_INDEX, &deps[nd], NULL)) return false;
      nd++;
    }
    if (!advance(p)) return false;
  }
  if (nd && !(*deps_out = prog_alloc(p->prog, nd * sizeof *deps))) return fail(p, line, col, "out of memory");
  if (nd) memcpy(*deps_out, deps, nd * sizeof *deps);
  *nd_out = nd;
  if (!is_kw(p, cur(p), "predicate") || p->st.next.kind != TK_IDENT) return true;
  if (!advance(p)) return false;
  Token tt = *cur(p);
  const char *tname = vs_intern(p->ctx, p->src + tt.off, tt.len);
  PVar *t = tname ? visible(p, tname) : NULL;
  if (!t || t->type.kind != TY_TENSOR)
    return fail(p, tt.line, tt.col, "a dispatch predicate reads an element of a tensor: '%s' is not a visible tensor",
                short_name(p->src + tt.off, tt.len, nb, sizeof nb));
  Pred *pr = prog_alloc(p->prog, sizeof *pr);
  if (!pr) return fail(p, tt.line, tt.col, "out of memory");
  memset(pr, 0, sizeof *pr);
  pr->tensor = t;
  if (!advance(p) || !expect(p, TK_LBRACK, "'[' and the element's indices")) return false;
  Node *idx[PROG_MAX_VALS];
  uint32_t n = 0;
  while (cur(p)->kind != TK_RBRACK) {
    if (n && !expect(p, TK_COMMA, "',' or ']'")) return false;
    if (n == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many indices (limit %d)", PROG_MAX_VALS);
    if (!parse_expr_in(p, "a dispatch predicate", DT_INDEX, &idx[n], NULL)) return false;
    n++;
  }
  if (n != t->type.rank)
    return fail(p, cur(p)->line, cur(p)->col, "a dispatch predicate reads one element: %u indices for '%s' (rank %u), not %u",
                t->type.rank, t->name, t->type.rank, n);
  if (!advance(p)) return false;
  static const TokKind ops[PRED_COUNT] = {TK_EQ, TK_NE, TK_GT, TK_LT, TK_GE, TK_LE};
  int op = -1;
  for (int k = 0; k < PRED_COUNT; k++)
    if (cur(p)->kind == ops[k]) op = k;
  if (op < 0)
    return fail(p, cur(p)->line, cur(p)->col, "expected a comparison (==, !=, >, <, >= or <=), found %s",
                describe(p, cur(p), d, sizeof d));
  if (!advance(p)) return false;
  bool neg = cur(p)->kind == TK_MINUS;
  if (neg && !advance(p)) return false;
  Token *it = cur(p);
  u128 mag = 0;
  if (it->kind != TK_INT || it->has_suffix)
    return fail(p, it->line, it->col, "a dispatch predicate compares with an integer literal (without a suffix), found %s",
                describe(p, it, d, sizeof d));
  if (!lit_int_magnitude(p->src + it->off, it->num_len, &mag) || mag > (u128)INT64_MAX + (neg ? 1 : 0))
    return fail(p, it->line, it->col, "the predicate's target does not fit in 64 bits");
  pr->target = neg ? (int64_t)(-(i128)mag) : (int64_t)mag;
  pr->op = (uint8_t)op;
  pr->nidx = n;
  if (n && !(pr->idx = prog_alloc(p->prog, n * sizeof *idx))) return fail(p, it->line, it->col, "out of memory");
  if (n) memcpy(pr->idx, idx, n * sizeof *idx);
  *pred_out = pr;
  return advance(p);
}

/* `(a, b: i32) =` before for / if / while / submit. */
typedef struct RetList {
  Token names[PROG_MAX_VALS];
  Type types[PROG_MAX_VALS];
  bool typed[PROG_MAX_VALS];
  uint32_t n;
} RetList;
static bool parse_submit(PP *p, RetList *r, bool single, StmtVec *out);

static bool parse_assign(PP *p, StmtVec *out) {
  Token nt = *cur(p);
  if (!check_name(p, &nt) || !advance(p)) return false;
  Type ty, *tp = NULL;
  if (cur(p)->kind == TK_COLON) {
    if (!advance(p) || !parse_type(p, &ty)) return false;
    tp = &ty;
  }
  if (!expect(p, TK_ASSIGN, "'='")) return false;
  if (is_kw(p, cur(p), "submit")) { /* `out: T = submit k(...)`: a task whose id is not bound */
    RetList *r = malloc(sizeof *r);
    if (!r) return fail(p, nt.line, nt.col, "out of memory");
    r->n = 1;
    r->names[0] = nt;
    r->typed[0] = tp != NULL;
    if (tp) r->types[0] = *tp;
    bool ok = parse_submit(p, r, true, out);
    free(r);
    return ok;
  }
  /* The value is parsed before the variable becomes visible: `x: i32 = x + 1` reads an older x. */
  const char *name = vs_intern(p->ctx, p->src + nt.off, nt.len);
  PVar *old = name ? visible(p, name) : NULL;
  Type want = tp ? *tp : old ? old->type : type_scalar(DT_INDEX);
  char what[80], nb[64];
  snprintf(what, sizeof what, "'%s'", short_name(p->src + nt.off, nt.len, nb, sizeof nb));
  Token *nx = &p->st.next;
  bool view_call = is_kw(p, cur(p), "call") && nx->kind == TK_IDENT && nx->len == 4 && !memcmp(p->src + nx->off, "view", 4);
  if (!tp && !old && !view_call) return def_var(p, &nt, NULL, &old);
  Val v;
  int vl = cur(p)->line, vc = cur(p)->col;
  p->alias = true;
  p->view_ok = true;
  bool ok = parse_value(p, &want, NULL, &v, what);
  p->alias = false;
  p->view_ok = false;
  if (!ok) return false;
  const Type *dt = tp;
  if (v.call && v.call->vform) {
    /* The shape and layout forms type their result themselves (view_type.h). */
    Type d;
    char err[160];
    if (!view_derive_type(p->prog, &v.call->args[0].tensor->type, v.call, p->vshape, p->vrank, &d, err, sizeof err))
      return fail(p, v.call->line, v.call->col, "%s", err);
    /* A written type has the derived one's form and the shape list's entries (the printer writes
     * both from one type); its strides and valid shape are as written, like any annotation's. */
    bool same = !tp || type_same_form(tp, &d);
    for (uint32_t i = 0; same && tp && (v.call->vform & VIEW_SHAPE) && i < d.rank; i++) same = tp->expr[i] == d.expr[i];
    if (!same) {
      char a[64];
      type_text(&d, a, sizeof a);
      return fail(p, vl, vc, "a view's type is derived (%s, the shape its list's, the strides its layout's): write v = call view(t, ...) without one", a);
    }
    if (!tp) want = d;
    dt = &want;
  } else if (!tp && !old) {
    return def_var(p, &nt, NULL, &old);
  }
  PVar *var;
  if (!def_var(p, &nt, dt, &var) || !make_visible(p, var)) return false;
  Stmt *s = stmt_new(p->prog, SK_ASSIGN, nt.line, nt.col);
  if (!s) return fail(p, nt.line, nt.col, "out of memory");
  s->u.assign.var = var;
  s->u.assign.val = v;
  if (v.call && !strcmp(v.call->name, "as_layout") && !check_as_layout(p, v.call, &want)) return false;
  if (!type_is_scalar(&var->type)) {
    s->u.assign.type = prog_alloc(p->prog, sizeof(Type));
    if (!s->u.assign.type) return fail(p, nt.line, nt.col, "out of memory");
    *s->u.assign.type = want;
  }
  svec_push(out, s);
  return true;
}


static bool parse_rets(PP *p, RetList *r) {
  r->n = 0;
  if (!advance(p)) return false; /* ( */
  do {
    if (r->n && !advance(p)) return false; /* , */
    if (r->n == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many results (limit %d)", PROG_MAX_VALS);
    if (!check_name(p, cur(p))) return false;
    r->names[r->n] = *cur(p);
    r->typed[r->n] = false;
    if (!advance(p)) return false;
    if (cur(p)->kind == TK_COLON) {
      if (!advance(p) || !parse_type(p, &r->types[r->n])) return false;
      r->typed[r->n] = true;
    }
    r->n++;
  } while (cur(p)->kind == TK_COMMA);
  if (!expect(p, TK_RPAREN, "',' or ')'") || !expect(p, TK_ASSIGN, "'=' after the result list")) return false;
  if (!is_kw(p, cur(p), "for") && !is_kw(p, cur(p), "if") && !is_kw(p, cur(p), "while") && !is_kw(p, cur(p), "submit")) {
    char d[64];
    return fail(p, cur(p)->line, cur(p)->col, "expected 'for', 'if', 'while' or 'submit' after '(...) =', found %s",
                describe(p, cur(p), d, sizeof d));
  }
  return true;
}

/* Binds result variables after their statement (they become visible only then). */
static bool bind_rets(PP *p, const RetList *r, const Type *types, PVar ***out) {
  if (!r || !r->n) {
    *out = NULL;
    return true;
  }
  PVar **rets = prog_alloc(p->prog, r->n * sizeof *rets);
  if (!rets) return fail(p, r->names[0].line, r->names[0].col, "out of memory");
  for (uint32_t i = 0; i < r->n; i++) {
    const char *name = vs_intern(p->ctx, p->src + r->names[i].off, r->names[i].len);
    PVar *old = name ? visible(p, name) : NULL;
    if (!def_var(p, &r->names[i], old && !r->typed[i] ? &old->type : &types[i], &rets[i])) return false;
    if (!type_compatible(&rets[i]->type, &types[i])) {
      char a[64], b[64];
      type_text(&rets[i]->type, a, sizeof a);
      type_text(&types[i], b, sizeof b);
      return fail(p, r->names[i].line, r->names[i].col, "type mismatch: '%s' is %s, the result is %s",
                  rets[i]->name, a, b);
    }
    for (uint32_t j = 0; j < i; j++)
      if (rets[j] == rets[i])
        return fail(p, r->names[i].line, r->names[i].col, "'%s' appears twice in the result list", rets[i]->name);
  }
  for (uint32_t i = 0; i < r->n; i++)
    if (!make_visible(p, rets[i])) return false;
  *out = rets;
  return true;
}

/* `iter (a: T = v, ...)`: carries, visible (read-only) in the body only. */
static bool parse_carries(PP *p, PVar ***carries, Val **inits, Type **ctypes, uint32_t *n, PVar **tmp_vars,
                          Val *tmp_vals) {
  *n = 0;
  if (!is_kw(p, cur(p), "iter")) return true;
  if (!advance(p) || !expect(p, TK_LPAREN, "'(' after 'iter'")) return false;
  Token names[PROG_MAX_VALS];
  Type types[PROG_MAX_VALS];
  uint32_t k = 0;
  do {
    if (k && !advance(p)) return false;
    if (k == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many carries (limit %d)", PROG_MAX_VALS);
    if (!check_name(p, cur(p))) return false;
    names[k] = *cur(p);
    if (!advance(p) || !expect(p, TK_COLON, "':' and the carry's type") || !parse_type(p, &types[k]) ||
        !expect(p, TK_ASSIGN, "'=' and the carry's initial value"))
      return false;
    char what[80], nb[64];
    snprintf(what, sizeof what, "carry '%s'", short_name(p->src + names[k].off, names[k].len, nb, sizeof nb));
    if (!parse_value(p, &types[k], NULL, &tmp_vals[k], what)) return false;
    k++;
  } while (cur(p)->kind == TK_COMMA);
  if (!expect(p, TK_RPAREN, "',' or ')'")) return false;
  for (uint32_t i = 0; i < k; i++) {
    const char *name = vs_intern(p->ctx, p->src + names[i].off, names[i].len);
    if (!name) return fail(p, names[i].line, names[i].col, "out of memory");
    if (visible(p, name))
      return fail(p, names[i].line, names[i].col, "carry '%s' hides a variable that is already defined", name);
    if (!def_var(p, &names[i], &types[i], &tmp_vars[i])) return false;
    for (uint32_t j = 0; j < i; j++)
      if (tmp_vars[j] == tmp_vars[i]) return fail(p, names[i].line, names[i].col, "carry '%s' appears twice", name);
  }
  *carries = prog_alloc(p->prog, k * sizeof **carries);
  *inits = prog_alloc(p->prog, k * sizeof **inits);
  *ctypes = prog_alloc(p->prog, k * sizeof **ctypes);
  if (!*carries || !*inits || !*ctypes) return fail(p, cur(p)->line, cur(p)->col, "out of memory");
  memcpy(*carries, tmp_vars, k * sizeof *tmp_vars);
  memcpy(*inits, tmp_vals, k * sizeof *tmp_vals);
  memcpy(*ctypes, types, k * sizeof *types);
  *n = k;
  return true;
}

/* Parses a body block with its own scope; vars (n) become visible and read-only inside it. */
static bool parse_body(PP *p, PVar **vars, uint32_t n, YieldTarget *yt, Block *out) {
  size_t mark = p->nscope;
  YieldTarget *saved = p->yt;
  bool saved_top = p->at_top;
  for (uint32_t i = 0; i < n; i++) {
    if (!make_visible(p, vars[i])) return false;
    p->ro[vars[i]->id] = 1;
  }
  YieldTarget *saved_jt = p->jt;
  p->yt = yt;
  p->at_top = false;
  bool loop = !strcmp(yt->what, "for") || !strcmp(yt->what, "while");
  if (loop) p->jt = yt;
  else if (yt->n) p->jt = NULL; /* a jump would leave the if's results unset */
  int bl = cur(p)->line, bc = cur(p)->col;
  bool ok = parse_block(p, out);
  p->yt = saved;
  p->jt = saved_jt;
  p->at_top = saved_top;
  for (uint32_t i = 0; i < n; i++) p->ro[vars[i]->id] = 0;
  close_scope(p, mark);
  if (!ok) return false;
  if (yt->nyields > 0 && !block_trailing_yield(*out, NULL))
    return fail(p, yt->yline, yt->ycol, "'yield' must be the last statement of the %s body", yt->what);
  if (yt->n > 0 && yt->nyields == 0)
    return fail(p, bl, bc, "the %s body must end with 'yield' (%u value%s)", yt->what, yt->n, yt->n == 1 ? "" : "s");
  return true;
}

/* Annotations: { "@" NAME [ "(" NAME ")" ] }, each kept as its text ("level(core_group)"), in the
 * program's arena. */
static bool parse_attrs(PP *p, const char ***out, uint32_t *n) {
  const char *attrs[64];
  uint32_t na = 0;
  *out = NULL;
  *n = 0;
  while (cur(p)->kind == TK_AT) {
    if (!advance(p)) return false;
    if (cur(p)->kind != TK_IDENT) return expect(p, TK_IDENT, "an attribute name after '@'");
    if (na == 64) return fail(p, cur(p)->line, cur(p)->col, "too many attributes (limit 64)");
    char text[512];
    const Token *t = cur(p);
    if (t->len >= 200) return fail(p, t->line, t->col, "attribute name too long (limit 199 characters)");
    int len = snprintf(text, sizeof text, "%.*s", (int)t->len, p->src + t->off);
    if (!advance(p)) return false;
    if (cur(p)->kind == TK_LPAREN && cur(p)->line == t->line) {
      if (!advance(p)) return false;
      const Token *v = cur(p);
      if (v->kind != TK_IDENT && v->kind != TK_INT)
        return expect(p, TK_IDENT, "an attribute value (a name or an integer)");
      if (v->len >= 200) return fail(p, v->line, v->col, "attribute value too long (limit 199 characters)");
      len += snprintf(text + len, sizeof text - (size_t)len, "(%.*s)", (int)v->len, p->src + v->off);
      if (!advance(p) || !expect(p, TK_RPAREN, "')' after the attribute value")) return false;
    }
    attrs[na] = vs_intern(p->ctx, text, (size_t)len);
    if (!attrs[na++]) return fail(p, t->line, t->col, "out of memory");
  }
  if (!na) return true;
  *out = prog_alloc(p->prog, na * sizeof *attrs);
  if (!*out) return fail(p, cur(p)->line, cur(p)->col, "out of memory");
  memcpy(*out, attrs, na * sizeof *attrs);
  *n = na;
  return true;
}

static bool parse_for(PP *p, RetList *rets, StmtVec *out) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!advance(p)) return false;
  Token vt = *cur(p);
  if (!check_name(p, &vt) || !advance(p) || !expect_kw(p, "in")) return false;
  LoopKind kind;
  if (is_kw(p, cur(p), "range")) kind = LOOP_SEQ;
  else if (is_kw(p, cur(p), "parallel")) kind = LOOP_PARALLEL;
  else if (is_kw(p, cur(p), "unroll")) kind = LOOP_UNROLL;
  else if (is_kw(p, cur(p), "pipeline")) kind = LOOP_PIPELINE;
  else {
    char d[64];
    return fail(p, cur(p)->line, cur(p)->col, "expected 'range', 'parallel', 'unroll' or 'pipeline', found %s",
                describe(p, cur(p), d, sizeof d));
  }
  int kl = cur(p)->line, kc = cur(p)->col;
  if (!advance(p) || !expect(p, TK_LPAREN, "'('")) return false;
  Node *b[3];
  int nb = 0, dt = DT_INDEX;
  /* Count the arguments first: range(stop), range(start, stop), range(start, stop, step). */
  ExprStream save = p->st;
  for (;;) {
    Node *tmp;
    if (!parse_expr(p, -1, &tmp, NULL)) return false;
    nb++;
    if (cur(p)->kind != TK_COMMA || nb == 3) break;
    if (!advance(p)) return false;
  }
  if (cur(p)->kind != TK_RPAREN) return expect(p, TK_RPAREN, "')' (a range takes 1 to 3 bounds)");
  p->st = save;
  if (!parse_siblings(p, b, nb, &dt) || !expect(p, TK_RPAREN, "')'")) return false;
  if (!dt_is_int((DType)dt))
    return fail(p, kl, kc, "loop bounds must be integers, got %s", dt_name((DType)dt));
  Node *start, *stop, *step;
  if (nb == 1) start = vs_const_int(p->ctx, (DType)dt, 0), stop = b[0], step = vs_const_int(p->ctx, (DType)dt, 1);
  else start = b[0], stop = b[1], step = nb == 3 ? b[2] : vs_const_int(p->ctx, (DType)dt, 1);
  if (!start || !step) return fail(p, kl, kc, "%s", vs_ctx_error(p->ctx));
  const char **attrs;
  uint32_t nattrs;
  if (!parse_attrs(p, &attrs, &nattrs)) return false;
  PVar *tmp_vars[PROG_MAX_VALS];
  Val tmp_vals[PROG_MAX_VALS];
  Stmt *s = stmt_new(p->prog, SK_FOR, line, col);
  if (!s) return fail(p, line, col, "out of memory");
  if (!parse_carries(p, &s->u.loop.carries, &s->u.loop.inits, &s->u.loop.types, &s->u.loop.ncarry, tmp_vars,
                     tmp_vals)) return false;
  const char *vname = vs_intern(p->ctx, p->src + vt.off, vt.len);
  if (!vname) return fail(p, vt.line, vt.col, "out of memory");
  if (visible(p, vname)) return fail(p, vt.line, vt.col, "loop variable '%s' hides a variable that is already defined", vname);
  Type lt = type_scalar((DType)dt);
  PVar *lv;
  if (!def_var(p, &vt, &lt, &lv)) return false;
  for (uint32_t i = 0; i < s->u.loop.ncarry; i++)
    if (s->u.loop.carries[i] == lv) return fail(p, vt.line, vt.col, "'%s' is both the loop variable and a carry", vname);
  uint32_t nc = s->u.loop.ncarry;
  if (rets && rets->n != nc)
    return fail(p, rets->names[0].line, rets->names[0].col, "the loop has %u carr%s but %u result%s", nc,
                nc == 1 ? "y" : "ies", rets->n, rets->n == 1 ? "" : "s");
  Type ctypes[PROG_MAX_VALS];
  bool known[PROG_MAX_VALS];
  for (uint32_t i = 0; i < nc; i++) ctypes[i] = s->u.loop.types[i], known[i] = true;
  YieldTarget yt = {.what = "for", .n = nc, .types = ctypes, .known = known};
  PVar *scoped[PROG_MAX_VALS + 1];
  scoped[0] = lv;
  if (nc) memcpy(scoped + 1, s->u.loop.carries, nc * sizeof *scoped);
  if (!parse_body(p, scoped, nc + 1, &yt, &s->u.loop.body)) return false;
  s->u.loop.kind = (uint8_t)kind;
  s->u.loop.var = lv;
  s->u.loop.start = start;
  s->u.loop.stop = stop;
  s->u.loop.step = step;
  s->u.loop.nattrs = nattrs;
  s->u.loop.attrs = attrs;
  if (!bind_rets(p, rets, ctypes, &s->u.loop.rets)) return false;
  svec_push(out, s);
  return true;
}

static bool parse_while(PP *p, RetList *rets, StmtVec *out) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!advance(p)) return false;
  PVar *tmp_vars[PROG_MAX_VALS];
  Val tmp_vals[PROG_MAX_VALS];
  Stmt *s = stmt_new(p->prog, SK_WHILE, line, col);
  if (!s) return fail(p, line, col, "out of memory");
  if (!parse_carries(p, &s->u.loop.carries, &s->u.loop.inits, &s->u.loop.types, &s->u.loop.ncarry, tmp_vars,
                     tmp_vals)) return false;
  uint32_t nc = s->u.loop.ncarry;
  if (rets && rets->n != nc)
    return fail(p, rets->names[0].line, rets->names[0].col, "the loop has %u carr%s but %u result%s", nc,
                nc == 1 ? "y" : "ies", rets->n, rets->n == 1 ? "" : "s");
  if (!expect_kw(p, "cond")) return false;
  size_t mark = p->nscope;
  for (uint32_t i = 0; i < nc; i++)
    if (!make_visible(p, s->u.loop.carries[i])) return false;
  int cl = cur(p)->line, cc = cur(p)->col;
  Node *cond;
  bool ok = parse_expr(p, -1, &cond, NULL);
  close_scope(p, mark);
  if (!ok) return false;
  if (cond->dtype != DT_BOOL) return fail(p, cl, cc, "the condition must be bool, got %s", dt_name((DType)cond->dtype));
  Type ctypes[PROG_MAX_VALS];
  bool known[PROG_MAX_VALS];
  for (uint32_t i = 0; i < nc; i++) ctypes[i] = s->u.loop.types[i], known[i] = true;
  YieldTarget yt = {.what = "while", .n = nc, .types = ctypes, .known = known};
  if (!parse_body(p, s->u.loop.carries, nc, &yt, &s->u.loop.body)) return false;
  s->u.loop.cond = cond;
  if (!bind_rets(p, rets, ctypes, &s->u.loop.rets)) return false;
  svec_push(out, s);
  return true;
}

static bool parse_if(PP *p, RetList *rets, StmtVec *out) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!advance(p)) return false;
  int cl = cur(p)->line, cc = cur(p)->col;
  Node *cond;
  if (!parse_expr(p, -1, &cond, NULL)) return false;
  if (cond->dtype != DT_BOOL) return fail(p, cl, cc, "the condition must be bool, got %s", dt_name((DType)cond->dtype));
  uint32_t nr = rets ? rets->n : 0;
  Type types[PROG_MAX_VALS];
  bool known[PROG_MAX_VALS];
  for (uint32_t i = 0; i < nr; i++) {
    known[i] = rets->typed[i];
    types[i] = rets->typed[i] ? rets->types[i] : type_scalar(DT_INDEX);
    if (!known[i]) {
      const char *name = vs_intern(p->ctx, p->src + rets->names[i].off, rets->names[i].len);
      PVar *old = name ? visible(p, name) : NULL;
      if (old) types[i] = old->type, known[i] = true;
    }
  }
  Stmt *s = stmt_new(p->prog, SK_IF, line, col);
  if (!s) return fail(p, line, col, "out of memory");
  YieldTarget yt = {.what = "if", .n = nr, .types = types, .known = known};
  if (cur(p)->kind != TK_LBRACE) return expect(p, TK_LBRACE, "'{' after the condition");
  if (!parse_body(p, NULL, 0, &yt, &s->u.ifs.then)) return false;
  if (is_kw(p, cur(p), "else")) {
    s->u.ifs.has_else = true;
    if (!advance(p)) return false;
    YieldTarget ye = {.what = "else", .n = nr, .types = types, .known = known};
    if (is_kw(p, cur(p), "if")) {
      if (nr)
        return fail(p, cur(p)->line, cur(p)->col, "'else if' is not allowed on an if with results: write else { ... }");
      StmtVec v = {0};
      size_t mark = p->nscope;
      if (++p->depth > PROG_MAX_NESTING) return fail(p, cur(p)->line, cur(p)->col, "statements nested too deeply (limit %d)", PROG_MAX_NESTING);
      bool ok = parse_if(p, NULL, &v);
      p->depth--;
      close_scope(p, mark);
      if (!ok) {
        svec_free(&v);
        return false;
      }
      s->u.ifs.els = svec_freeze(p->prog, &v);
    } else {
      if (cur(p)->kind != TK_LBRACE) return expect(p, TK_LBRACE, "'{' or 'if' after 'else'");
      if (!parse_body(p, NULL, 0, &ye, &s->u.ifs.els)) return false;
    }
  } else if (nr) {
    return fail(p, cur(p)->line, cur(p)->col, "an if with results needs an 'else' branch that yields them");
  }
  s->u.ifs.cond = cond;
  s->u.ifs.nrets = nr;
  if (nr) {
    s->u.ifs.types = prog_alloc(p->prog, nr * sizeof *types);
    if (!s->u.ifs.types) return fail(p, line, col, "out of memory");
    memcpy(s->u.ifs.types, types, nr * sizeof *types);
  }
  if (!bind_rets(p, rets, types, &s->u.ifs.rets)) return false;
  svec_push(out, s);
  return true;
}

static bool parse_vals(PP *p, uint32_t *n, Val **vals, const Type *types, bool *known, uint32_t want,
                       const char *what, int line, int col) {
  Val tmp[PROG_MAX_VALS];
  Type local[PROG_MAX_VALS];
  uint32_t k = 0;
  if (cur(p)->kind != TK_RBRACE && cur(p)->kind != TK_EOF) {
    do {
      if (k && !advance(p)) return false;
      if (k >= want) {
        if (k == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many values (limit %d)", PROG_MAX_VALS);
        return fail(p, cur(p)->line, cur(p)->col, "too many values: %s takes %u", what, want);
      }
      char w[96];
      snprintf(w, sizeof w, "value %u of %s", k + 1, what);
      local[k] = types[k];
      if (!parse_value(p, &local[k], known ? &known[k] : NULL, &tmp[k], w)) return false;
      k++;
    } while (cur(p)->kind == TK_COMMA);
  }
  if (k != want)
    return fail(p, line, col, "%s takes %u value%s, got %u", what, want, want == 1 ? "" : "s", k);
  *vals = k ? prog_alloc(p->prog, k * sizeof **vals) : NULL;
  if (k && !*vals) return fail(p, line, col, "out of memory");
  if (k) memcpy(*vals, tmp, k * sizeof *tmp);
  *n = k;
  /* Types inferred by this yield are the slots' types from now on. */
  for (uint32_t i = 0; known && i < k; i++) ((Type *)types)[i] = local[i];
  return true;
}

/* `(out: T, tid) = submit kernel(args) deps [d, ...]`, or `out: T = submit kernel(args) deps [...]` (r
 * holds the one name: the task id is not bound) (docs/syntax.md, "Tasks"). */
static bool parse_submit(PP *p, RetList *r, bool single, StmtVec *out) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!single && r->n != 2)
    return fail(p, line, col,
                "a submit binds two results, the task's result and its id: (out, tid) = submit k(...), or one: out = submit k(...)");
  Type types[2];
  const char *oname = vs_intern(p->ctx, p->src + r->names[0].off, r->names[0].len);
  PVar *old = oname ? visible(p, oname) : NULL;
  if (r->typed[0]) types[0] = r->types[0];
  else if (old) types[0] = old->type;
  else if (single)
    return fail(p, r->names[0].line, r->names[0].col, "annotate the task's result, as in out: i32 = submit k(...)");
  else
    return fail(p, r->names[0].line, r->names[0].col,
                "annotate the task's result, as in (out: i32, tid) = submit k(...)");
  types[1] = type_scalar(DT_INDEX);
  if (!single && r->typed[1] && !type_equal(&r->types[1], &types[1]))
    return fail(p, r->names[1].line, r->names[1].col, "a task id is an index");
  Stmt *s = stmt_new(p->prog, SK_SUBMIT, line, col);
  if (!s) return fail(p, line, col, "out of memory");
  if (!parse_call(p, &s->u.submit.call)) return false; /* `submit` NAME(args) */
  if (!parse_dispatch(p, &s->u.submit.deps, &s->u.submit.ndeps, &s->u.submit.pred)) return false;
  if (!(s->u.submit.type = prog_alloc(p->prog, sizeof(Type)))) return fail(p, line, col, "out of memory");
  *s->u.submit.type = types[0];
  PVar **rets;
  if (!bind_rets(p, r, types, &rets)) return false;
  if (!single && rets[0] == rets[1])
    return fail(p, r->names[1].line, r->names[1].col, "'%s' appears twice in the result list", rets[1]->name);
  s->u.submit.out = rets[0];
  s->u.submit.tid = single ? NULL : rets[1];
  svec_push(out, s);
  return true;
}

/* A domain's slot list while its body is parsed (malloc'd: domains nest as deep as statements). */
typedef struct {
  Token names[PROG_MAX_VALS];
  ExprStream at[PROG_MAX_VALS]; /* where each size starts */
  PVar *slots[PROG_MAX_VALS];
} SlotList;

/* `domain [s: size, ...] ATTRS { body }` (docs/syntax.md, "Statements"). The sizes stand before the
 * body but are evaluated at its end, over what is visible there (the body's top-level bindings among
 * it): they are skipped, the body parsed, then the sizes parsed from the saved stream. */
static bool parse_domain_in(PP *p, StmtVec *out, SlotList *sl) {
  int line = cur(p)->line, col = cur(p)->col;
  Stmt *s = stmt_new(p->prog, SK_DOMAIN, line, col);
  if (!s) return fail(p, line, col, "out of memory");
  if (!advance(p) || !expect(p, TK_LBRACK, "'[' and the domain's slots (domain [name: size, ...] { ... })")) return false;
  Token *names = sl->names;
  ExprStream *at = sl->at;
  uint32_t k = 0;
  while (cur(p)->kind != TK_RBRACK) {
    if (k && !expect(p, TK_COMMA, "',' or ']'")) return false;
    if (k == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many slots (limit %d)", PROG_MAX_VALS);
    if (!check_name(p, cur(p))) return false;
    names[k] = *cur(p);
    if (!advance(p) || !expect(p, TK_COLON, "':' and the slot's size")) return false;
    at[k] = p->st;
    /* Skip the size: to the ',' or ']' outside brackets. */
    int nest = 0;
    while (nest > 0 || (cur(p)->kind != TK_COMMA && cur(p)->kind != TK_RBRACK)) {
      TokKind tk = cur(p)->kind;
      if (tk == TK_EOF || tk == TK_LBRACE || tk == TK_RBRACE) {
        char d[64];
        return fail(p, cur(p)->line, cur(p)->col, "expected a slot's size, then ',' or ']', found %s",
                    describe(p, cur(p), d, sizeof d));
      }
      if (tk == TK_LPAREN || tk == TK_LBRACK) nest++;
      if ((tk == TK_RPAREN || tk == TK_RBRACK) && nest > 0) nest--;
      if (!advance(p)) return false;
    }
    k++;
  }
  if (!advance(p)) return false;
  Type it = type_scalar(DT_INDEX);
  PVar **slots = sl->slots;
  for (uint32_t i = 0; i < k; i++) {
    const char *name = vs_intern(p->ctx, p->src + names[i].off, names[i].len);
    if (!name) return fail(p, names[i].line, names[i].col, "out of memory");
    if (visible(p, name))
      return fail(p, names[i].line, names[i].col, "slot '%s' hides a variable that is already defined", name);
    if (!def_var(p, &names[i], &it, &slots[i])) return false;
    for (uint32_t j = 0; j < i; j++)
      if (slots[j] == slots[i]) return fail(p, names[i].line, names[i].col, "slot '%s' appears twice", name);
  }
  for (uint32_t i = 0; i < k; i++) {
    if (!make_visible(p, slots[i])) return false;
    p->ro[slots[i]->id] = 2;
  }
  if (!parse_attrs(p, &s->u.scope.attrs, &s->u.scope.nattrs)) return false;
  /* Not a scope for names (as `scope`); no jump leaves it and no yield ends it (its end is an event
   * after which nothing of the body may run). */
  bool top = p->at_top;
  YieldTarget *jt = p->jt, *yt = p->yt, none = {.what = "domain"};
  p->at_top = false;
  p->jt = NULL;
  p->yt = &none;
  bool ok = parse_block(p, &s->u.scope.body);
  p->at_top = top;
  p->jt = jt;
  p->yt = yt;
  if (!ok) return false;
  ExprStream after = p->st;
  Node **sizes = k ? prog_alloc(p->prog, k * sizeof *sizes) : NULL;
  PVar **sv = k ? prog_alloc(p->prog, k * sizeof *sv) : NULL;
  if (k && (!sizes || !sv)) return fail(p, line, col, "out of memory");
  for (uint32_t i = 0; i < k; i++) {
    p->st = at[i];
    sv[i] = slots[i];
    if (!parse_expr_in(p, "a slot size", DT_INDEX, &sizes[i], NULL)) return false;
    if (cur(p)->kind != TK_COMMA && cur(p)->kind != TK_RBRACK) {
      char d[64];
      return fail(p, cur(p)->line, cur(p)->col, "expected ',' or ']' after the slot's size, found %s",
                  describe(p, cur(p), d, sizeof d));
    }
  }
  p->st = after;
  s->u.scope.nslots = k;
  s->u.scope.slots = sv;
  s->u.scope.sizes = sizes;
  svec_push(out, s);
  return true;
}

static bool parse_domain(PP *p, StmtVec *out) {
  SlotList *sl = malloc(sizeof *sl);
  if (!sl) return fail(p, cur(p)->line, cur(p)->col, "out of memory");
  bool ok = parse_domain_in(p, out, sl);
  free(sl);
  return ok;
}

/* `pin x = buf[index]` (docs/syntax.md, "Statements"). */
static bool parse_pin(PP *p, StmtVec *out) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!advance(p)) return false;
  Token nt = *cur(p);
  if (!check_name(p, &nt) || !advance(p) || !expect(p, TK_ASSIGN, "'=' after the pinned slot's name")) return false;
  Token bt = *cur(p);
  char nb[64];
  if (bt.kind != TK_IDENT) {
    char d[64];
    return fail(p, bt.line, bt.col, "expected the tensor the slot is pinned in, found %s", describe(p, &bt, d, sizeof d));
  }
  const char *bname = vs_intern(p->ctx, p->src + bt.off, bt.len);
  PVar *buf = bname ? visible(p, bname) : NULL;
  if (!buf)
    return fail(p, bt.line, bt.col, "unknown variable '%s' (not defined before this point)",
                short_name(p->src + bt.off, bt.len, nb, sizeof nb));
  if (buf->type.kind != TY_TENSOR)
    return fail(p, bt.line, bt.col, "a slot is pinned in a tensor: '%s' is not one", buf->name);
  if (!advance(p) || !expect(p, TK_LBRACK, "'[' and the slot index")) return false;
  Stmt *s = stmt_new(p->prog, SK_PIN, line, col);
  if (!s) return fail(p, line, col, "out of memory");
  if (!parse_expr_in(p, "a slot index", DT_INDEX, &s->u.pin.index, NULL) || !expect(p, TK_RBRACK, "']'")) return false;
  Type it = type_scalar(DT_INDEX);
  PVar *v;
  if (!def_var(p, &nt, &it, &v) || !make_visible(p, v)) return false;
  s->u.pin.var = v;
  s->u.pin.buf = buf;
  svec_push(out, s);
  return true;
}

static bool parse_stmt(PP *p, StmtVec *out) {
  Token *t = cur(p);
  int line = t->line, col = t->col;
  char d[64];
  if (t->kind == TK_LPAREN) {
    RetList *r = malloc(sizeof *r);
    if (!r) return fail(p, line, col, "out of memory");
    bool ok = parse_rets(p, r);
    if (ok) {
      if (is_kw(p, cur(p), "for")) ok = parse_for(p, r, out);
      else if (is_kw(p, cur(p), "while")) ok = parse_while(p, r, out);
      else if (is_kw(p, cur(p), "submit")) ok = parse_submit(p, r, false, out);
      else ok = parse_if(p, r, out);
    }
    free(r);
    return ok;
  }
  if (t->kind != TK_IDENT)
    return fail(p, line, col, "expected a statement, found %s", describe(p, t, d, sizeof d));
  if (is_kw(p, t, "for")) return parse_for(p, NULL, out);
  if (is_kw(p, t, "while")) return parse_while(p, NULL, out);
  if (is_kw(p, t, "if")) return parse_if(p, NULL, out);
  if (is_kw(p, t, "pass")) return advance(p);
  if (is_kw(p, t, "call")) {
    Stmt *s = stmt_new(p->prog, SK_CALL, line, col);
    if (!s) return fail(p, line, col, "out of memory");
    if (!parse_call(p, &s->u.call)) return false;
    svec_push(out, s);
    return true;
  }
  bool defines = p->st.next.kind == TK_COLON || p->st.next.kind == TK_ASSIGN; /* `pin: ...`: a reserved word */
  if (is_kw(p, t, "domain") && !defines) return parse_domain(p, out);
  if (is_kw(p, t, "pin") && !defines) return parse_pin(p, out);
  if (is_kw(p, t, "spmd") || is_kw(p, t, "scope")) {
    bool spmd = is_kw(p, t, "spmd");
    Stmt *s = stmt_new(p->prog, spmd ? SK_SPMD : SK_SCOPE, line, col);
    if (!s || !advance(p)) return s ? false : fail(p, line, col, "out of memory");
    if (spmd) {
      if (!expect(p, TK_LPAREN, "'(' and the core count")) return false;
      int el = cur(p)->line, ec = cur(p)->col;
      if (!parse_expr(p, -1, &s->u.scope.cores, NULL) || !expect(p, TK_RPAREN, "')'")) return false;
      if (!dt_is_int((DType)s->u.scope.cores->dtype))
        return fail(p, el, ec, "the core count must be an integer, got %s", dt_name((DType)s->u.scope.cores->dtype));
      if (!parse_dispatch(p, &s->u.scope.deps, &s->u.scope.ndeps, &s->u.scope.pred)) return false;
    }
    if (!parse_attrs(p, &s->u.scope.attrs, &s->u.scope.nattrs)) return false;
    /* Not a scope for names: the yield target and visibility carry through. A jump out of it would
     * skip the scope's end, so none may leave it. */
    bool top = p->at_top;
    YieldTarget *jt = p->jt;
    p->at_top = false;
    p->jt = NULL;
    bool ok = parse_block(p, &s->u.scope.body);
    p->at_top = top;
    p->jt = jt;
    if (!ok) return false;
    svec_push(out, s);
    return true;
  }
  if (is_kw(p, t, "yield")) {
    if (!advance(p)) return false;
    YieldTarget *yt = p->yt;
    if (!yt) return fail(p, line, col, "'yield' outside a loop or if body");
    if (!strcmp(yt->what, "domain"))
      return fail(p, line, col, "'yield' cannot end a domain body (the domain ends with its sizes, after its body)");
    if (yt->nyields++ == 0) yt->yline = line, yt->ycol = col;
    else return fail(p, line, col, "a body has one 'yield', at its end");
    Stmt *s = stmt_new(p->prog, SK_YIELD, line, col);
    if (!s) return fail(p, line, col, "out of memory");
    char what[64];
    snprintf(what, sizeof what, "the %s's yield", yt->what);
    if (!parse_vals(p, &s->u.vals.n, &s->u.vals.vals, yt->types, yt->known, yt->n, what, line, col)) return false;
    svec_push(out, s);
    if (cur(p)->kind != TK_RBRACE)
      return fail(p, cur(p)->line, cur(p)->col, "'yield' must be the last statement of the %s body", yt->what);
    return true;
  }
  if (is_kw(p, t, "break") || is_kw(p, t, "continue")) {
    bool brk = is_kw(p, t, "break");
    const char *word = brk ? "break" : "continue";
    YieldTarget *jt = p->jt;
    if (!jt)
      return fail(p, line, col, "'%s' outside a loop body (a jump cannot leave an spmd, a scope, a domain or an if with results)",
                  word);
    if (!advance(p)) return false;
    Stmt *s = stmt_new(p->prog, brk ? SK_BREAK : SK_CONTINUE, line, col);
    if (!s) return fail(p, line, col, "out of memory");
    char what[64];
    snprintf(what, sizeof what, "the %s's %s", jt->what, word);
    /* One value per carry: a break's are the loop's results, a continue's the next carries. Without
     * carries, what follows on the next line is the next statement (then an error: the jump is last). */
    if ((jt->n || cur(p)->line == line) &&
        !parse_vals(p, &s->u.vals.n, &s->u.vals.vals, jt->types, jt->known, jt->n, what, line, col))
      return false;
    svec_push(out, s);
    if (cur(p)->kind != TK_RBRACE)
      return fail(p, cur(p)->line, cur(p)->col, "'%s' must be the last statement of its block", word);
    return true;
  }
  if (is_kw(p, t, "return")) {
    if (!p->at_top) return fail(p, line, col, "'return' must be the last statement of the function body");
    if (!advance(p)) return false;
    Stmt *s = stmt_new(p->prog, SK_RETURN, line, col);
    if (!s) return fail(p, line, col, "out of memory");
    char what[80];
    snprintf(what, sizeof what, "the return of '%s'", p->fn->name);
    if (!parse_vals(p, &s->u.vals.n, &s->u.vals.vals, p->fn->results, NULL, p->fn->nresults, what, line, col))
      return false;
    svec_push(out, s);
    if (cur(p)->kind != TK_RBRACE)
      return fail(p, cur(p)->line, cur(p)->col, "'return' must be the last statement of the function body");
    return true;
  }
  if (is_keyword(p->src + t->off, t->len) || vs_is_reserved_name(p->src + t->off, t->len)) {
    if (p->st.next.kind == TK_COLON || p->st.next.kind == TK_ASSIGN) return check_name(p, t);
    return fail(p, line, col, "expected a statement, found %s", describe(p, t, d, sizeof d));
  }
  if (p->st.next.kind == TK_COLON || p->st.next.kind == TK_ASSIGN) return parse_assign(p, out);
  return fail(p, line, col, "expected a statement (an assignment needs ':' or '='), found %s",
              describe(p, t, d, sizeof d));
}

static bool parse_block(PP *p, Block *out) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!expect(p, TK_LBRACE, "'{'")) return false;
  if (++p->depth > PROG_MAX_NESTING)
    return fail(p, line, col, "statements nested too deeply (limit %d)", PROG_MAX_NESTING);
  StmtVec v = {0};
  bool ok = true;
  while (ok && cur(p)->kind != TK_RBRACE) {
    if (cur(p)->kind == TK_EOF) {
      ok = fail(p, cur(p)->line, cur(p)->col, "expected '}' (the block opened at %d:%d), found end of file", line, col);
      break;
    }
    ok = parse_stmt(p, &v);
    if (ok && v.oom) ok = fail(p, line, col, "out of memory");
  }
  p->depth--;
  if (!ok) {
    svec_free(&v);
    return false;
  }
  *out = svec_freeze(p->prog, &v);
  return advance(p);
}

/* ---- functions ---- */

static bool parse_bound(PP *p, DType dt, i128 *v) {
  int line = cur(p)->line, col = cur(p)->col;
  bool neg = false;
  char d[64];
  if (cur(p)->kind == TK_MINUS) {
    neg = true;
    if (!advance(p)) return false;
  }
  Token *t = cur(p);
  if (t->kind != TK_INT) return fail(p, t->line, t->col, "expected an integer literal, found %s", describe(p, t, d, sizeof d));
  if (t->has_suffix && t->suffix != dt)
    return fail(p, line, col, "bound has type %s but the parameter is %s", dt_name(t->suffix), dt_name(dt));
  u128 mag = 0;
  lit_int_magnitude(p->src + t->off, t->num_len, &mag);
  *v = neg ? -(i128)mag : (i128)mag;
  if (!im_fits(dt, *v)) return fail(p, line, col, "bound does not fit in %s", dt_name(dt));
  return advance(p);
}

static bool parse_param(PP *p) {
  Token nt = *cur(p);
  if (!check_name(p, &nt) || !advance(p) || !expect(p, TK_COLON, "':' and the parameter's type")) return false;
  Type ty;
  if (!parse_type(p, &ty)) return false;
  i128 lo = 0, hi = 0;
  if (ty.kind == TY_SCALAR) lo = im_min((DType)ty.dtype), hi = im_max((DType)ty.dtype);
  if (is_kw(p, cur(p), "in")) {
    if (ty.kind != TY_SCALAR || dt_is_float((DType)ty.dtype))
      return fail(p, cur(p)->line, cur(p)->col, "a range is only allowed on integer and bool parameters");
    if (!advance(p)) return false;
    int bl = cur(p)->line, bc = cur(p)->col;
    if (!expect(p, TK_LBRACK, "'[' after 'in'") || !parse_bound(p, (DType)ty.dtype, &lo) ||
        !expect(p, TK_COMMA, "','") || !parse_bound(p, (DType)ty.dtype, &hi) || !expect(p, TK_RBRACK, "']'"))
      return false;
    if (lo > hi) return fail(p, bl, bc, "empty range");
  }
  const char *name = vs_intern(p->ctx, p->src + nt.off, nt.len);
  if (!name) return fail(p, nt.line, nt.col, "out of memory");
  PVar *old = fn_find_name(p->fn, name);
  if (old) return fail(p, nt.line, nt.col, "parameter '%s' is already declared (at %d:%d)", name, old->line, old->col);
  PVar *v = fn_var(p->prog, p->fn, name, &ty, true, lo, hi);
  if (!v) return fail(p, nt.line, nt.col, "%s", vs_ctx_error(p->ctx)[0] ? vs_ctx_error(p->ctx) : "out of memory");
  v->line = nt.line;
  v->col = nt.col;
  return make_visible(p, v);
}

static bool parse_function(PP *p) {
  int line = cur(p)->line, col = cur(p)->col;
  if (!advance(p)) return false;
  char d[64];
  if (cur(p)->kind != TK_IDENT)
    return fail(p, cur(p)->line, cur(p)->col, "expected a function name, found %s", describe(p, cur(p), d, sizeof d));
  const char *name = vs_intern(p->ctx, p->src + cur(p)->off, cur(p)->len);
  if (!name) return fail(p, line, col, "out of memory");
  for (uint32_t i = 0; i < p->prog->nfuncs; i++)
    if (p->prog->funcs[i]->name == name)
      return fail(p, cur(p)->line, cur(p)->col, "function '%s' is already defined (at %d:%d)", name,
                  p->prog->funcs[i]->line, p->prog->funcs[i]->col);
  Function *f = prog_add_function(p->prog, name);
  if (!f) return fail(p, line, col, "out of memory");
  f->line = line;
  f->col = col;
  p->fn = f;
  p->nholes = 0;
  p->nscope = 0;
  if (p->vis) memset(p->vis, 0, p->cap_vis * sizeof *p->vis);
  if (p->ro) memset(p->ro, 0, p->cap_vis);
  if (!advance(p) || !expect(p, TK_LPAREN, "'(' and the parameters")) return false;
  while (cur(p)->kind != TK_RPAREN) {
    if (f->nvars && !expect(p, TK_COMMA, "',' or ')'")) return false;
    if (f->nvars == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many parameters (limit %d)", PROG_MAX_VALS);
    if (!parse_param(p)) return false;
  }
  if (!advance(p)) return false;
  f->nparams = f->nvars;
  if (f->nparams) {
    f->params = prog_alloc(p->prog, f->nparams * sizeof *f->params);
    if (!f->params) return fail(p, line, col, "out of memory");
    memcpy(f->params, f->vars, f->nparams * sizeof *f->params);
  }
  if (cur(p)->kind == TK_RARROW) {
    if (!advance(p)) return false;
    Type rt[PROG_MAX_VALS];
    uint32_t n = 0;
    if (cur(p)->kind == TK_LPAREN) {
      if (!advance(p)) return false;
      while (cur(p)->kind != TK_RPAREN) {
        if (n && !expect(p, TK_COMMA, "',' or ')'")) return false;
        if (n == PROG_MAX_VALS) return fail(p, cur(p)->line, cur(p)->col, "too many results (limit %d)", PROG_MAX_VALS);
        if (!parse_type(p, &rt[n++])) return false;
      }
      if (!advance(p)) return false;
    } else {
      if (!parse_type(p, &rt[n++])) return false;
    }
    f->nresults = n;
    if (n) {
      f->results = prog_alloc(p->prog, n * sizeof *f->results);
      if (!f->results) return fail(p, line, col, "out of memory");
      memcpy(f->results, rt, n * sizeof *rt);
    }
  }
  if (cur(p)->kind != TK_LBRACE) return expect(p, TK_LBRACE, "'{' (the function body)");
  int bl = cur(p)->line, bc = cur(p)->col;
  p->at_top = true;
  p->yt = NULL;
  if (!parse_block(p, &f->body)) return false;
  p->at_top = false;
  if (f->nresults && (!f->body.n || f->body.s[f->body.n - 1]->kind != SK_RETURN))
    return fail(p, bl, bc, "function '%s' must end with 'return' (%u result%s)", name, f->nresults,
                f->nresults == 1 ? "" : "s");
  return true;
}

bool prog_text_is_program(const char *text, size_t len) {
  Lexer lx;
  Token t;
  lex_init(&lx, text, len);
  lx.prog = true;
  lex_next(&lx, &t);
  return t.kind == TK_IDENT && t.len == 4 && memcmp(text + t.off, "func", 4) == 0;
}

bool prog_parse(VsCtx *ctx, const char *filename, const char *text, size_t len, Program **out, VsDiag *diag) {
  VsDiag local;
  if (!diag) diag = &local;
  memset(diag, 0, sizeof *diag);
  *out = NULL;
  if (!filename) filename = "<input>";
  if (len > VS_MAX_FILE_BYTES) {
    diag_set(diag, filename, 1, 1, "file too large (limit %zu MiB)", VS_MAX_FILE_BYTES >> 20);
    return false;
  }
  PP p = {.ctx = ctx, .file = filename, .src = text ? text : "", .diag = diag};
  p.prog = prog_new(ctx);
  if (!p.prog) {
    diag_set(diag, filename, 1, 1, "out of memory");
    return false;
  }
  lex_init(&p.st.lx, p.src, text ? len : 0);
  p.st.lx.prog = true;
  lex_next(&p.st.lx, &p.st.next);
  bool ok = advance(&p);
  if (ok && cur(&p)->kind == TK_EOF) ok = fail(&p, cur(&p)->line, cur(&p)->col, "expected 'func'");
  while (ok && cur(&p)->kind != TK_EOF) {
    if (!is_kw(&p, cur(&p), "func")) {
      char d[64];
      ok = fail(&p, cur(&p)->line, cur(&p)->col, "expected 'func' or end of file, found %s",
                describe(&p, cur(&p), d, sizeof d));
      break;
    }
    ok = parse_function(&p);
  }
  free(p.vis);
  free(p.ro);
  free(p.scope);
  free(p.pend);
  if (!ok) {
    prog_free(p.prog);
    return false;
  }
  *out = p.prog;
  return true;
}

bool prog_parse_file(VsCtx *ctx, const char *path, Program **out, VsDiag *diag) {
  char *buf;
  size_t len;
  const char *shown;
  *out = NULL;
  if (!vs_read_file(path, &buf, &len, &shown, diag)) return false;
  bool ok = prog_parse(ctx, shown, buf, len, out, diag);
  free(buf);
  return ok;
}
