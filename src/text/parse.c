/* parse.c: the .vs parser and type checker (docs/syntax.md).
 *
 * Nothing here recurses: expressions are parsed with an operator stack (shunting-yard, with parentheses,
 * calls and prefix operators on the same stack), so no input can exhaust the C stack; the nesting
 * limit exists to bound the work, not to protect the stack.
 *
 * Typing is bidirectional. A subexpression whose dtype does not depend on its context (it contains a
 * variable, a typed literal, a cast, a comparison...) is turned into a Node as soon as it is complete.
 * A subexpression made only of untyped literals ("flexible") stays pending as a small AST until its
 * context fixes its dtype: a sibling operand with a dtype, the case source, or the default (index,
 * or f32 when it holds a float literal). Pending entries live on a stack in creation order, which is
 * postorder, so a subtree is always a contiguous range ending at its root: resolving or discarding
 * one is a scan or a truncation, again without recursion. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "ir/vector.h"
#include "text/diag.h"
#include "text/expr_parse.h"
#include "text/infix.h"
#include "text/lexer.h"
#include "text/literal.h"
#include "text/text.h"

/* Larger inputs are refused before parsing (docs/syntax.md, "Limits"). */
/* Pending entries are the only memory that grows with an untyped subexpression (typed parts become
 * hash-consed nodes at once); this bounds it at about 160 MiB. */
#define VS_MAX_PENDING ((size_t)1 << 22)

enum { AK_NODE, AK_LIT, AK_OP, AK_CALL };
/* AF_NSW, AF_WRAP: a pending operation marked nsw(...) or wrap(...) (docs/syntax.md), applied when it
 * is built. */
enum { AF_FLOAT = 1, AF_NEG = 2, AF_HASFLOAT = 4, AF_NSW = 8, AF_WRAP = 16 };

typedef struct {
  uint8_t kind;  /* AK_* */
  uint8_t op;    /* AK_OP */
  uint8_t flags; /* AF_* */
  uint8_t nargs; /* AK_OP */
  int line, col;
  uint32_t start; /* index of the first entry of this subtree */
  uint32_t depth; /* depth of the expression this entry stands for */
  union {
    Node *node;                               /* AK_NODE */
    struct { uint32_t off, len; } lit;        /* AK_LIT: the number's digits in the source */
    uint32_t args[3];                         /* AK_OP */
    uint32_t call;                            /* AK_CALL: a program call's id (ExprCallHooks) */
  } u;
} Ast;

/* How an operation types its operands. "Members" are the operands that must share one dtype. */
typedef enum {
  CAT_SAME,   /* members: all operands; result: their dtype */
  CAT_SELECT, /* operand 0 bool; members: operands 1, 2; result: their dtype */
  CAT_CMP,    /* members: both operands; result: bool */
  CAT_BOOL,   /* &&, ||, !: bool operands */
  CAT_CAST,   /* the operand has no context */
} Cat;

static const struct {
  const char *name;
  Op op;
  uint8_t arity;
  Cat cat;
} funcs[] = {
  {"min", OP_MIN, 2, CAT_SAME},       {"max", OP_MAX, 2, CAT_SAME},       {"pow", OP_POW, 2, CAT_SAME},
  {"tdiv", OP_TDIV, 2, CAT_SAME},     {"tmod", OP_TMOD, 2, CAT_SAME},     {"mulacc", OP_MULACC, 3, CAT_SAME},
  {"ediv", OP_EDIV, 2, CAT_SAME},     {"emod", OP_EMOD, 2, CAT_SAME},
  {"select", OP_SELECT, 3, CAT_SELECT}, {"sqrt", OP_SQRT, 1, CAT_SAME},   {"trunc", OP_TRUNC, 1, CAT_SAME},
  {"floor", OP_FLOOR, 1, CAT_SAME},   {"ceil", OP_CEIL, 1, CAT_SAME},     {"round", OP_ROUND, 1, CAT_SAME},
  {"recip", OP_RECIP, 1, CAT_SAME},   {"exp2", OP_EXP2, 1, CAT_SAME},     {"log2", OP_LOG2, 1, CAT_SAME},
  {"sin", OP_SIN, 1, CAT_SAME},
};
enum { NFUNCS = sizeof funcs / sizeof funcs[0] };

typedef enum { OE_BINARY, OE_PREFIX, OE_PAREN, OE_CALL } OeKind;

/* Operands a call of the tensor-graph layer takes at most: reduce's X and VS_MAX_GRAPH_LIST ranges. A
 * pending reduce or after is resolved like a vec (resolve_list), whose operand array holds this many. */
#define GRAPH_MAX_ARGS (VS_MAX_GRAPH_LIST + 1)
_Static_assert(GRAPH_MAX_ARGS <= VS_MAX_LANES, "resolve_list's operand array");

typedef struct {
  uint8_t kind; /* OeKind */
  uint8_t tok;  /* OE_BINARY, OE_PREFIX: the operator token */
  uint8_t op, cat, to, arity; /* OE_CALL; vec and cat: arity is the most operands they take */
  uint8_t nimm;               /* gep, bcast: the integers after the operand (lane indices, lane count) */
  uint8_t imm[VS_MAX_LANES];
  uint8_t graph; /* OE_CALL: index (which is a cast with one operand), load, store, range, reduce, end or
                  * after; op is the graph op, arity the most operands, `to` reduce's Op */
  uint8_t mark;  /* OE_CALL: nsw(...) (MARK_NSW) or wrap(...) (MARK_WRAP), which mark their operand's op */
  int line, col;
  size_t vals_base; /* OE_CALL: value-stack height when the call opened */
  char name[24];    /* OE_CALL: the callee as written, for messages */
  /* Graph calls: where each operand starts, so that a type error points at the operand at fault. */
  int arg_line[GRAPH_MAX_ARGS], arg_col[GRAPH_MAX_ARGS];
} OpEntry;

/* A declared name: a variable, a buffer, or the name of a range the expression has used (its RANGE
 * node, where it first appeared): names of all three kinds share one table, since none may reuse
 * another's name. */
typedef struct {
  const char *name; /* interned */
  size_t len;
  Node *var;
  int line, col;
} Decl;

enum { MARK_NONE, MARK_NSW, MARK_WRAP };

typedef struct {
  VsCtx *ctx;
  bool sem_nsw; /* `semantics nsw`: every +, -, *, unary - and << built at a signed dtype is nsw */
  const char *file;
  const char *src;
  Lexer lx;
  Token tok, next;
  VsDiag *diag;
  uint32_t max_depth;
  Ast *ast;
  size_t nast, cap_ast;
  uint32_t *vals;
  size_t nvals, cap_vals;
  OpEntry *ops;
  size_t nops, cap_ops;
  uint32_t nest; /* open parentheses, calls and prefix operators */
  Decl *decls;   /* open addressing on the name's bytes */
  size_t cap_decls, ndecls;
  Node **vars;
  size_t nvars, cap_vars;
  ExprLookup lookup; /* vs_parse_expr_stream: names come from the caller, not from declarations */
  void *lookup_user;
  const ExprCallHooks *calls; /* programs: calls of program functions inside expressions */
} Parser;

__attribute__((format(printf, 4, 5))) static bool fail(Parser *p, int line, int col, const char *fmt, ...) {
  char msg[sizeof p->diag->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  diag_set(p->diag, p->file, line, col, "%s", msg);
  return false;
}

static bool fail_oom(Parser *p) { return fail(p, p->tok.line, p->tok.col, "out of memory"); }

/* Grows a vector so that it holds at least one more element. */
static bool grow(void **v, size_t *cap, size_t count, size_t elem) {
  if (count < *cap) return true;
  size_t ncap = *cap ? *cap * 2 : 64;
  void *nv = realloc(*v, ncap * elem);
  if (!nv) return false;
  *v = nv;
  *cap = ncap;
  return true;
}

static bool advance(Parser *p) {
  p->tok = p->next;
  lex_next(&p->lx, &p->next);
  if (p->tok.kind == TK_ERROR) return fail(p, p->tok.line, p->tok.col, "%s", p->tok.msg);
  return true;
}

static const char *tok_text(const Parser *p, const Token *t) { return p->src + t->off; }

static bool tok_is(const Parser *p, const Token *t, const char *word) {
  size_t n = strlen(word);
  return t->kind == TK_IDENT && t->len == n && memcmp(tok_text(p, t), word, n) == 0;
}

/* `found 'x'` / `found end of file`, for "expected ..." messages. */
static const char *found(const Parser *p, char *buf, size_t size) {
  char d[48];
  tok_describe(&p->lx, &p->tok, d, sizeof d);
  snprintf(buf, size, "found %s", d);
  return buf;
}

static bool expect(Parser *p, TokKind k, const char *what) {
  if (p->tok.kind == k) return advance(p);
  char f[64];
  if (p->tok.kind == TK_ARROW)
    return fail(p, p->tok.line, p->tok.col, "expected %s, found '-->' (a case is SRC --> TGT, at the top level)",
                what);
  return fail(p, p->tok.line, p->tok.col, "expected %s, %s", what, found(p, f, sizeof f));
}

/* ---- names ---- */

static uint32_t hash_name(const char *s, size_t len) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static Decl *decl_find(Parser *p, const char *s, size_t len) {
  if (!p->cap_decls) return NULL;
  for (size_t i = hash_name(s, len) & (p->cap_decls - 1); p->decls[i].name; i = (i + 1) & (p->cap_decls - 1))
    if (p->decls[i].len == len && memcmp(p->decls[i].name, s, len) == 0) return &p->decls[i];
  return NULL;
}

static bool decl_add(Parser *p, Decl d) {
  if ((p->ndecls + 1) * 2 > p->cap_decls) {
    size_t ncap = p->cap_decls ? p->cap_decls * 2 : 64;
    Decl *nt = calloc(ncap, sizeof *nt);
    if (!nt) return false;
    for (size_t i = 0; i < p->cap_decls; i++) {
      if (!p->decls[i].name) continue;
      size_t j = hash_name(p->decls[i].name, p->decls[i].len) & (ncap - 1);
      while (nt[j].name) j = (j + 1) & (ncap - 1);
      nt[j] = p->decls[i];
    }
    free(p->decls);
    p->decls = nt;
    p->cap_decls = ncap;
  }
  size_t i = hash_name(d.name, d.len) & (p->cap_decls - 1);
  while (p->decls[i].name) i = (i + 1) & (p->cap_decls - 1);
  p->decls[i] = d;
  p->ndecls++;
  return true;
}

static int find_func(const char *s, size_t len) {
  for (int i = 0; i < NFUNCS; i++)
    if (strlen(funcs[i].name) == len && memcmp(funcs[i].name, s, len) == 0) return i;
  return -1;
}

static bool has_prefix(const char *s, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && memcmp(s, prefix, n) == 0;
}

static bool is_word(const char *s, size_t len, const char *w) { return strlen(w) == len && memcmp(s, w, len) == 0; }

/* Names that cannot be variables: they are literals, functions, casts or keywords. */
static bool is_vec_func(const char *s, size_t len) {
  return is_word(s, len, "vec") || is_word(s, len, "gep") || is_word(s, len, "cat") || is_word(s, len, "bcast");
}

/* The calls and the leaf of the tensor-graph layer (`index` is a dtype name, so reserved already). The
 * reductions' words add, mul are not reserved: they mean something only as reduce's first operand. */
static bool is_graph_word(const char *s, size_t len) {
  static const char *const words[] = {"load", "store", "noop", "range", "reduce", "end", "after"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (is_word(s, len, words[i])) return true;
  return false;
}

/* The op markers nsw(E) and wrap(E) (docs/syntax.md, "No-signed-overflow operations"). */
static int mark_of(const char *s, size_t len) {
  return is_word(s, len, "nsw") ? MARK_NSW : is_word(s, len, "wrap") ? MARK_WRAP : MARK_NONE;
}

/* Dtype names (i8, u16, f32, index, i32x4, ...) are not reserved: a type stands where no expression
 * can (after ':' or '->'), and a cast needs its parenthesis (i8(x)), so a bare `i8` is a variable. */
static bool is_type_name(const char *s, size_t len) {
  DType dt;
  int lanes;
  return vs_vtype_from_name(s, len, &dt, &lanes);
}

static bool is_reserved(const char *s, size_t len) {
  return find_func(s, len) >= 0 || is_vec_func(s, len) || mark_of(s, len) != MARK_NONE ||
         is_graph_word(s, len) ||
         is_word(s, len, "true") || is_word(s, len, "invalid") ||
         is_word(s, len, "false") || is_word(s, len, "inf") || is_word(s, len, "nan") || is_word(s, len, "in") ||
         has_prefix(s, len, "bitcast_") || has_prefix(s, len, "inf_") || has_prefix(s, len, "nan_");
}

/* A name for a message, shortened if long. */
static const char *short_name(const char *s, size_t len, char *buf, size_t size) {
  size_t n = len > 40 ? 40 : len;
  snprintf(buf, size, "%.*s%s", (int)n, s, len > 40 ? "..." : "");
  return buf;
}

/* ---- the pending AST ---- */

static bool push_ast(Parser *p, Ast a, uint32_t *idx) {
  if (p->nast >= VS_MAX_PENDING)
    return fail(p, a.line, a.col, "untyped subexpression too large (more than %zu pending literals and operations; "
                "give a literal a dtype suffix)", VS_MAX_PENDING);
  if (!grow((void **)&p->ast, &p->cap_ast, p->nast, sizeof *p->ast)) return fail_oom(p);
  *idx = (uint32_t)p->nast;
  p->ast[p->nast++] = a;
  return true;
}

static bool push_node(Parser *p, Node *n, uint32_t start, int line, int col, uint32_t *idx) {
  Ast a = {.kind = AK_NODE, .line = line, .col = col, .depth = n->depth};
  a.u.node = n;
  /* The entries from start on belong to the operands this node was built from: they are done with. */
  p->nast = start;
  a.start = start;
  return push_ast(p, a, idx);
}

static bool literal_error(Parser *p, LitStatus st, bool is_float, bool neg, const char *text, size_t len, DType dt,
                          int line, int col) {
  char msg[sizeof p->diag->msg];
  lit_error_message(st, is_float, neg, text, len, dt, msg, sizeof msg);
  return fail(p, line, col, "%s", msg);
}

/* The constant a number literal denotes at dtype dt. */
static Node *literal_node(Parser *p, uint32_t off, uint32_t len, bool is_float, bool neg, DType dt, int line,
                          int col) {
  const char *text = p->src + off;
  uint64_t bits = 0;
  LitStatus st;
  if (is_float) {
    st = lit_float_bits(dt, text, len, neg, &bits);
  } else {
    u128 mag = 0;
    lit_int_magnitude(text, len, &mag); /* the lexer has validated it */
    i128 v = neg ? -(i128)mag : (i128)mag;
    st = lit_int_bits(dt, v, &bits);
  }
  if (st == LIT_NOMEM) {
    fail(p, line, col, "out of memory");
    return NULL;
  }
  if (st != LIT_OK) {
    literal_error(p, st, is_float, neg, text, len, dt, line, col);
    return NULL;
  }
  Node *n = vs_const(p->ctx, dt, bits);
  if (!n) fail(p, line, col, "%s", vs_ctx_error(p->ctx));
  return n;
}

/* The message for an operation that vs_type_check rejected. `args` are in source order. */
static bool type_error(Parser *p, int line, int col, const char *spell, Op op, DType to, Node *const *args, int nargs,
                       const char *fallback) {
  DType a = (DType)args[0]->dtype;
  for (int i = 1; i < nargs; i++)
    if (args[i]->lanes != args[0]->lanes) {
      char t0[16], t1[16];
      return fail(p, line, col, "operands of '%s' have different lane counts (%s and %s; bcast(x, N) widens a scalar)",
                  spell, vs_node_type_name(args[0], t0, sizeof t0), vs_node_type_name(args[i], t1, sizeof t1));
    }
  if (op == OP_SELECT) {
    if (a != DT_BOOL) return fail(p, line, col, "condition of 'select' must be bool, got %s", dt_name(a));
    return fail(p, line, col, "branches of 'select' have different types (%s and %s)", dt_name((DType)args[1]->dtype),
                dt_name((DType)args[2]->dtype));
  }
  if (op == OP_BITCAST) {
    if (a == DT_BOOL || to == DT_BOOL) return fail(p, line, col, "'%s' does not apply to bool", spell);
    return fail(p, line, col, "'%s' needs a %d-bit operand, got %s", spell, dt_bits(to), dt_name(a));
  }
  for (int i = 1; i < nargs; i++)
    if (args[i]->dtype != a)
      return fail(p, line, col, "operands of '%s' have different types (%s and %s)", spell, dt_name(a),
                  dt_name((DType)args[i]->dtype));
  unsigned f = op_flags(op);
  if ((f & OPF_FLOAT) && !dt_is_float(a))
    return fail(p, line, col, "'%s' needs %sfloat operand%s, got %s%s", spell, nargs == 1 ? "a " : "",
                nargs == 1 ? "" : "s", dt_name(a), op == OP_FDIV ? " (use '//' for integer division)" : "");
  if ((f & OPF_INT) && !dt_is_int(a))
    return fail(p, line, col, "'%s' needs integer operands, got %s%s", spell, dt_name(a),
                op == OP_IDIV && dt_is_float(a) ? " (use '/' for float division)" : "");
  if (((f & OPF_LOGIC) || op == OP_NOT) && !dt_is_int(a) && a != DT_BOOL)
    return fail(p, line, col, "'%s' needs integer or bool operand%s, got %s", spell, nargs == 1 ? "" : "s",
                dt_name(a));
  if (a == DT_BOOL) return fail(p, line, col, "'%s' does not apply to bool", spell);
  return fail(p, line, col, "'%s': %s", spell, fallback);
}

/* Builds op over nodes given in source order (`swap` exchanges the two operands, for `>` and `>=`).
 * Under `semantics nsw`, an op that can be no-signed-overflow at its dtype is (wrap(...) undoes it). */
static Node *build(Parser *p, Op op, DType to, const char *spell, int line, int col, Node **args, int nargs,
                   bool swap) {
  Node *b[3] = {args[0], nargs > 1 ? args[1] : NULL, nargs > 2 ? args[2] : NULL};
  if (swap) b[0] = args[1], b[1] = args[0];
  DType rt;
  const char *err = vs_type_check(op, to, b, nargs, &rt);
  if (err) {
    type_error(p, line, col, spell, op, to, args, nargs, err);
    return NULL;
  }
  Node *n = vs_make_ex(p->ctx, op, to, 1, p->sem_nsw && op_may_nsw(op) ? VS_AUX_NSW : 0, b, nargs);
  if (!n) fail(p, line, col, "%s", vs_ctx_error(p->ctx));
  return n;
}

/* Whether node n may take a marker: its op is one of + - * (binary), unary - and <<, at a signed
 * integer dtype. Reports the error otherwise. */
static bool markable(Parser *p, const Node *n, int mark, int line, int col) {
  const char *w = mark == MARK_NSW ? "nsw" : "wrap";
  char t[16];
  if (!op_may_nsw((Op)n->op))
    return fail(p, line, col, "'%s' marks an operation +, -, *, unary - or <<, got %s", w,
                n->nargs ? op_spelling((Op)n->op) : n->op == OP_CONST ? "a constant" : "a leaf");
  if (!dt_is_signed((DType)n->dtype))
    return fail(p, line, col, "'%s' applies to signed integer operations (i8 to i64, index), got %s", w,
                vs_node_type_name(n, t, sizeof t));
  return true;
}

/* Pending ops whose operands may outnumber u.args: vec, bcast, and the graph ops whose first operand
 * alone may be untyped (reduce, after). */
static bool is_list_op(Op op) { return op_is_vec(op) || op == OP_REDUCE || op == OP_AFTER; }

/* A pending vec, bcast, reduce or after at entry i whose operands are resolved: its operands are the
 * subtrees just before it, found from the last one backwards through their `start`s (vec has up to 16,
 * more than u.args holds). bcast keeps its lane count in u.args[0], reduce its Op. */
static Node *resolve_list(Parser *p, uint32_t i) {
  Ast *e = &p->ast[i];
  Node *args[VS_MAX_LANES];
  uint32_t j = i - 1;
  for (int k = e->nargs - 1; k >= 0; k--) {
    args[k] = p->ast[j].u.node;
    if (k) j = p->ast[j].start - 1;
  }
  int lanes = e->op == OP_BCAST ? (int)e->u.args[0] : 1;
  uint64_t aux = e->op == OP_REDUCE ? e->u.args[0] : 0;
  Node *n = vs_make_ex(p->ctx, (Op)e->op, DT_BOOL, lanes, aux, args, e->nargs);
  if (!n) fail(p, e->line, e->col, "'%s': %s", op_spelling((Op)e->op), vs_ctx_error(p->ctx));
  return n;
}

/* Turns the pending subtree rooted at idx into a Node of dtype E (E < 0: the default for its
 * literals). Entries are rewritten in place, children before parents; entries left over from earlier
 * resolutions inside the range are already AK_NODE and are skipped. */
static Node *resolve(Parser *p, uint32_t idx, int E) {
  Ast *root = &p->ast[idx];
  if (root->kind == AK_NODE) return root->u.node;
  if (E < 0) E = (root->flags & AF_HASFLOAT) ? DT_F32 : DT_INDEX;
  for (uint32_t i = root->start; i <= idx; i++) {
    Ast *e = &p->ast[i];
    Node *n;
    if (e->kind == AK_LIT) {
      n = literal_node(p, e->u.lit.off, e->u.lit.len, e->flags & AF_FLOAT, e->flags & AF_NEG, (DType)E, e->line,
                       e->col);
    } else if (e->kind == AK_CALL) {
      char msg[sizeof p->diag->msg];
      msg[0] = 0;
      n = p->calls->hole(p->lookup_user, e->u.call, E, msg, sizeof msg);
      if (!n) fail(p, e->line, e->col, "%s", msg[0] ? msg : "out of memory");
    } else if (e->kind == AK_OP && is_list_op((Op)e->op)) {
      n = resolve_list(p, i);
    } else if (e->kind == AK_OP) {
      Node *args[3];
      int lanes = 1;
      for (int j = 0; j < e->nargs; j++) {
        args[j] = p->ast[e->u.args[j]].u.node;
        if (args[j]->lanes > lanes) lanes = args[j]->lanes;
      }
      /* Every operand of a pending op is untyped (a select's condition aside): a scalar one next to a
       * vector widens, as in apply(). */
      for (int j = e->op == OP_SELECT ? 1 : 0; j < e->nargs && lanes > 1; j++)
        if (args[j]->lanes == 1 && !(args[j] = vs_bcast(p->ctx, args[j], lanes))) {
          fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
          return NULL;
        }
      n = build(p, (Op)e->op, DT_BOOL, op_spelling((Op)e->op), e->line, e->col, args, e->nargs, false);
      if (n && (e->flags & (AF_NSW | AF_WRAP))) {
        if (!markable(p, n, e->flags & AF_NSW ? MARK_NSW : MARK_WRAP, e->line, e->col)) return NULL;
        if (!(n = vs_with_nsw(p->ctx, n, (e->flags & AF_NSW) != 0))) fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
      }
    } else {
      continue;
    }
    if (!n) return NULL;
    e->kind = AK_NODE;
    e->u.node = n;
  }
  return p->ast[idx].u.node;
}

/* Value ops take values: a buffer, pointer or effect operand (always a typed node) is reported before
 * its dtype is looked at, since an effect's dtype (bool) means nothing. */
static bool value_operands(Parser *p, const char *spell, int line, int col, const uint32_t *args, int nargs) {
  for (int i = 0; i < nargs; i++) {
    const Ast *a = &p->ast[args[i]];
    if (a->kind == AK_NODE && a->u.node->kind != NK_VALUE) {
      Node *n = a->u.node;
      return fail(p, line, col, "'%s': %s", spell, graph_value_operands(&n, 1));
    }
  }
  return true;
}

/* Applies an operation to pending operands (AST indices, source order) and pushes the result. */
static bool apply(Parser *p, Op op, DType to, Cat cat, const char *spell, int line, int col, const uint32_t *args,
                  int nargs, bool swap) {
  uint32_t depth = 0;
  for (int i = 0; i < nargs; i++)
    if (p->ast[args[i]].depth > depth) depth = p->ast[args[i]].depth;
  if (depth >= p->max_depth) return fail(p, line, col, "expression nested too deeply (limit %u)", p->max_depth);
  if (!value_operands(p, spell, line, col, args, nargs)) return false;
  uint32_t start = p->ast[args[0]].start;
  Node *nodes[3] = {NULL, NULL, NULL};
  int first = 0;
  if (cat == CAT_SELECT) {
    first = 1;
    if (!(nodes[0] = resolve(p, args[0], -1))) return false;
    if (nodes[0]->dtype != DT_BOOL)
      return fail(p, line, col, "condition of 'select' must be bool, got %s", dt_name((DType)nodes[0]->dtype));
  } else if (cat == CAT_BOOL) {
    for (int i = 0; i < nargs; i++) {
      if (!(nodes[i] = resolve(p, args[i], -1))) return false;
      if (nodes[i]->dtype != DT_BOOL)
        return fail(p, line, col, "'%s' needs bool operand%s, got %s%s", spell, nargs == 1 ? "" : "s",
                    dt_name((DType)nodes[i]->dtype),
                    op == OP_NOT ? " (use '~' for bitwise not)" : op == OP_AND ? " (use '&' for bitwise and)"
                                                                          : " (use '|' for bitwise or)");
    }
  } else if (cat == CAT_CAST) {
    if (!(nodes[0] = resolve(p, args[0], -1))) return false;
  }
  if (cat == CAT_SAME || cat == CAT_SELECT || cat == CAT_CMP) {
    int anchor = -1;
    uint8_t hasfloat = 0;
    for (int i = first; i < nargs; i++) {
      if (anchor < 0 && p->ast[args[i]].kind == AK_NODE) anchor = i;
      hasfloat |= p->ast[args[i]].flags & AF_HASFLOAT;
    }
    int E;
    if (anchor >= 0) {
      E = p->ast[args[anchor]].u.node->dtype;
    } else if (cat != CAT_CMP) {
      /* Every member is flexible: so is the result, which waits for its own context. */
      Ast a = {.kind = AK_OP, .op = (uint8_t)op, .flags = hasfloat, .nargs = (uint8_t)nargs, .line = line,
               .col = col, .start = start, .depth = depth + 1};
      for (int i = 0; i < nargs; i++) a.u.args[i] = args[i];
      uint32_t idx;
      return push_ast(p, a, &idx);
    } else {
      E = hasfloat ? DT_F32 : DT_INDEX;
    }
    bool flex[3] = {false, false, false};
    int lanes = 1;
    for (int i = first; i < nargs; i++) {
      flex[i] = p->ast[args[i]].kind != AK_NODE;
      if (!(nodes[i] = resolve(p, args[i], E))) return false;
      if (nodes[i]->lanes > lanes) lanes = nodes[i]->lanes;
    }
    /* A literal operand next to a vector stands for that literal in every lane: `v + 1` is
     * `v + bcast(1, N)` (docs/syntax.md, "Vectors"). Only untyped literals widen: a typed scalar
     * operand of a vector op is a type error. */
    for (int i = first; i < nargs; i++)
      if (flex[i] && nodes[i]->lanes == 1 && lanes > 1 && !(nodes[i] = vs_bcast(p->ctx, nodes[i], lanes)))
        return fail(p, line, col, "%s", vs_ctx_error(p->ctx));
  }
  Node *n = build(p, op, to, spell, line, col, nodes, nargs, swap);
  if (!n) return false;
  uint32_t idx;
  return push_node(p, n, start, line, col, &idx);
}

/* ---- expressions ---- */


static void pop_vals(Parser *p, int n, uint32_t *out) {
  p->nvals -= (size_t)n;
  memcpy(out, p->vals + p->nvals, (size_t)n * sizeof *out);
}

static bool push_val(Parser *p, uint32_t v) {
  if (!grow((void **)&p->vals, &p->cap_vals, p->nvals, sizeof *p->vals)) return fail_oom(p);
  p->vals[p->nvals++] = v;
  return true;
}

/* Pushes the value just built by apply() (always the last AST entry). */
static bool push_last(Parser *p) { return push_val(p, (uint32_t)(p->nast - 1)); }

static bool push_op(Parser *p, OpEntry e) {
  if (e.kind != OE_BINARY) {
    if (p->nest >= p->max_depth)
      return fail(p, e.line, e.col, "expression nested too deeply (limit %u)", p->max_depth);
    p->nest++;
  }
  if (!grow((void **)&p->ops, &p->cap_ops, p->nops, sizeof *p->ops)) return fail_oom(p);
  p->ops[p->nops++] = e;
  return true;
}

static bool apply_binary(Parser *p, const OpEntry *e) {
  uint32_t a[2];
  pop_vals(p, 2, a);
  const Infix *in = infix_of_token((TokKind)e->tok); /* pushed only when it is one */
  Cat cat = in->kind == INFIX_CMP ? CAT_CMP : in->kind == INFIX_LOGICAL ? CAT_BOOL : CAT_SAME;
  if (!apply(p, in->op, DT_BOOL, cat, in->spelling, e->line, e->col, a, 2, in->swap)) return false;
  return push_last(p);
}

static bool apply_prefix(Parser *p, const OpEntry *e) {
  uint32_t a;
  pop_vals(p, 1, &a);
  p->nest--;
  Op op = e->tok == TK_MINUS ? OP_NEG : OP_NOT;
  Cat cat = e->tok == TK_BANG ? CAT_BOOL : CAT_SAME;
  const char *spell = e->tok == TK_MINUS ? "-" : e->tok == TK_BANG ? "!" : "~";
  if (!apply(p, op, DT_BOOL, cat, spell, e->line, e->col, &a, 1, false)) return false;
  return push_last(p);
}

/* Applies the pending prefix operators and the binary operators of precedence >= prec, down to the
 * innermost open parenthesis or call (or base). */
static bool reduce(Parser *p, size_t base, int prec) {
  while (p->nops > base) {
    OpEntry *top = &p->ops[p->nops - 1];
    if (top->kind == OE_PREFIX) {
      OpEntry e = *top;
      p->nops--;
      if (!apply_prefix(p, &e)) return false;
    } else if (top->kind == OE_BINARY && infix_of_token((TokKind)top->tok)->prec >= prec) {
      OpEntry e = *top;
      p->nops--;
      if (!apply_binary(p, &e)) return false;
    } else {
      return true;
    }
  }
  return true;
}

/* nsw(E), wrap(E): E's root op gets or loses the no-signed-overflow mark. A typed E is rebuilt now; a
 * pending one (untyped literals only) is marked and built so when its dtype is known. */
static bool apply_mark(Parser *p, const OpEntry *e) {
  uint32_t a;
  pop_vals(p, 1, &a);
  p->nest--;
  Ast *x = &p->ast[a];
  if (x->kind == AK_NODE) {
    if (!markable(p, x->u.node, e->mark, e->line, e->col)) return false;
    Node *n = vs_with_nsw(p->ctx, x->u.node, e->mark == MARK_NSW);
    if (!n) return fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
    x->u.node = n;
  } else {
    const char *w = e->mark == MARK_NSW ? "nsw" : "wrap";
    if (x->kind != AK_OP || !op_may_nsw((Op)x->op))
      return fail(p, e->line, e->col, "'%s' marks an operation +, -, *, unary - or <<, got %s", w,
                  x->kind == AK_OP ? op_spelling((Op)x->op) : "a constant");
    if (x->flags & AF_HASFLOAT)
      return fail(p, e->line, e->col, "'%s' applies to signed integer operations (i8 to i64, index), got a float "
                  "operation", w);
    x->flags = (uint8_t)((x->flags & ~(AF_NSW | AF_WRAP)) | (e->mark == MARK_NSW ? AF_NSW : AF_WRAP));
  }
  return push_val(p, a);
}

static bool apply_call(Parser *p, const OpEntry *e) {
  if (e->mark) return apply_mark(p, e);
  uint32_t a[3];
  pop_vals(p, e->arity, a);
  p->nest--;
  if (!apply(p, (Op)e->op, (DType)e->to, (Cat)e->cat, e->name, e->line, e->col, a, e->arity, false)) return false;
  return push_last(p);
}

static bool is_special_literal(const Parser *p, const Token *t) {
  return t->kind == TK_IDENT && (has_prefix(tok_text(p, t), t->len, "inf_") || has_prefix(tok_text(p, t), t->len, "nan_"));
}

/* A literal at the current token: a number, or inf_T / nan_T. `neg`: a '-' at (line, col) preceded it. */
static bool parse_literal(Parser *p, bool neg, int line, int col) {
  const Token *t = &p->tok;
  uint32_t idx;
  if (t->kind == TK_IDENT) {
    const char *s = tok_text(p, t);
    bool inf = s[0] == 'i';
    DType dt;
    char nb[64];
    if (!dt_from_name(s + 4, t->len - 4, &dt))
      return fail(p, t->line, t->col + 4, "unknown dtype '%s'", short_name(s + 4, t->len - 4, nb, sizeof nb));
    if (!dt_is_float(dt))
      return fail(p, t->line, t->col, "'%s' needs a float dtype, got %s", inf ? "inf" : "nan", dt_name(dt));
    uint64_t bits = vs_nan_bits(dt);
    if (inf) {
      int w = dt_bits(dt);
      uint64_t exp_mask = dt == DT_F16 ? 0x7c00 : dt == DT_F32 ? 0x7f800000 : UINT64_C(0x7ff0000000000000);
      bits = exp_mask | (neg ? UINT64_C(1) << (w - 1) : 0);
    }
    /* -nan_T is nan_T: there is one NaN. */
    Node *n = vs_const(p->ctx, dt, bits);
    if (!n) return fail(p, line, col, "%s", vs_ctx_error(p->ctx));
    if (!push_node(p, n, (uint32_t)p->nast, line, col, &idx)) return false;
    if (!push_val(p, idx)) return false;
    return advance(p);
  }
  bool is_float = t->kind == TK_FLOAT;
  if (t->has_suffix) {
    Node *n = literal_node(p, (uint32_t)t->off, (uint32_t)t->num_len, is_float, neg, t->suffix, line, col);
    if (!n) return false;
    if (!push_node(p, n, (uint32_t)p->nast, line, col, &idx)) return false;
  } else {
    Ast a = {.kind = AK_LIT, .flags = (uint8_t)((is_float ? AF_FLOAT | AF_HASFLOAT : 0) | (neg ? AF_NEG : 0)),
             .line = line, .col = col, .start = (uint32_t)p->nast, .depth = 1};
    a.u.lit.off = (uint32_t)t->off;
    a.u.lit.len = (uint32_t)t->num_len;
    if (!push_ast(p, a, &idx)) return false;
  }
  if (!push_val(p, idx)) return false;
  return advance(p);
}

/* ---- memory, loops and reductions (docs/syntax.md) ---- */

/* The entry of a graph call by its name (a graph word other than noop). */
static void graph_call(const char *s, size_t len, OpEntry *e) {
  static const struct {
    const char *name;
    Op op;
    uint8_t arity; /* the most operands: reduce's and end's first one and their ranges, after's X and effects */
  } calls[] = {
    {"load", OP_LOAD, 1},
    {"store", OP_STORE, 2},
    {"range", OP_RANGE, 1}, /* the END; the NAME that follows is no expression (apply_range) */
    {"reduce", OP_REDUCE, GRAPH_MAX_ARGS},
    {"end", OP_END, GRAPH_MAX_ARGS},
    {"after", OP_AFTER, GRAPH_MAX_ARGS},
  };
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
    if (is_word(s, len, calls[i].name)) {
      e->op = (uint8_t)calls[i].op;
      e->arity = calls[i].arity;
      e->graph = 1;
    }
}

/* Records where the next operand of the innermost (graph) call starts: at the current token. */
static void note_arg(Parser *p) {
  OpEntry *top = &p->ops[p->nops - 1];
  size_t k = p->nvals - top->vals_base;
  if (k < GRAPH_MAX_ARGS) {
    top->arg_line[k] = p->tok.line;
    top->arg_col[k] = p->tok.col;
  }
}

/* After `reduce(`: the accumulating operation, a word that means something only here, then ','. */
static bool parse_reduce_op(Parser *p) {
  const Token *t = &p->tok;
  OpEntry *top = &p->ops[p->nops - 1];
  char nb[64], f[64];
  Op op;
  if (t->kind != TK_IDENT)
    return fail(p, t->line, t->col, "expected the reduction's operation (add, mul, max or min), %s",
                found(p, f, sizeof f));
  if (!vs_reduce_op_from_name(tok_text(p, t), t->len, &op))
    return fail(p, t->line, t->col, "unknown reduction '%s' (reduce takes add, mul, max or min)",
                short_name(tok_text(p, t), t->len, nb, sizeof nb));
  top->to = (uint8_t)op;
  if (!advance(p)) return false;
  if (p->tok.kind == TK_RPAREN)
    return fail(p, top->line, top->col, "'reduce' needs an operand after its operation: reduce(%s, X, RANGES...)",
                vs_reduce_op_name(op));
  return expect(p, TK_COMMA, "','");
}

/* `name(`: opens a call (function, cast or bitcast). */
static bool open_call(Parser *p) {
  const Token *t = &p->tok;
  const char *s = tok_text(p, t);
  OpEntry e = {.kind = OE_CALL, .line = t->line, .col = t->col, .vals_base = p->nvals};
  char nb[64];
  DType dt;
  int f = find_func(s, t->len), lanes;
  if (f >= 0) {
    e.op = (uint8_t)funcs[f].op;
    e.arity = funcs[f].arity;
    e.cat = (uint8_t)funcs[f].cat;
  } else if (mark_of(s, t->len) != MARK_NONE) {
    e.mark = (uint8_t)mark_of(s, t->len);
    e.arity = 1;
    e.cat = CAT_SAME;
  } else if (is_vec_func(s, t->len)) {
    if (p->lookup) return fail(p, t->line, t->col, "vector operations are not supported in programs yet");
    e.op = (uint8_t)(s[0] == 'v' ? OP_VEC : s[0] == 'g' ? OP_GEP : s[0] == 'c' ? OP_CAT : OP_BCAST);
    e.arity = e.op == OP_VEC || e.op == OP_CAT ? VS_MAX_LANES : 2;
    e.cat = CAT_SAME;
  } else if (vs_vtype_from_name(s, t->len, &dt, &lanes) && lanes > 1) {
    return fail(p, t->line, t->col, "'%s(' is not a cast: casts name the lane type and keep the lane count "
                "(%s(v)); bcast(x, %d) makes a vector of a scalar", short_name(s, t->len, nb, sizeof nb),
                dt_name(dt), lanes);
  } else if (is_graph_word(s, t->len)) {
    if (p->lookup) return fail(p, t->line, t->col, "memory and loop operations are not supported in programs");
    if (s[0] == 'n') return fail(p, t->line, t->col, "'noop' takes no arguments: write noop");
    graph_call(s, t->len, &e);
  } else if (dt_from_name(s, t->len, &dt)) {
    e.op = OP_CAST, e.arity = 1, e.cat = CAT_CAST, e.to = (uint8_t)dt;
    /* index(B, I) is a pointer; index(x), the cast. Which one is decided when the call closes. */
    if (dt == DT_INDEX) e.op = OP_INDEX, e.arity = 2, e.graph = 1;
  } else if (has_prefix(s, t->len, "bitcast_")) {
    if (!dt_from_name(s + 8, t->len - 8, &dt))
      return fail(p, t->line, t->col + 8, "unknown dtype '%s' in '%s'", short_name(s + 8, t->len - 8, nb, sizeof nb),
                  "bitcast_");
    e.op = OP_BITCAST, e.arity = 1, e.cat = CAT_CAST, e.to = (uint8_t)dt;
  } else {
    return fail(p, t->line, t->col, "unknown function '%s'", short_name(s, t->len, nb, sizeof nb));
  }
  snprintf(e.name, sizeof e.name, "%.*s", (int)t->len, s);
  if (!push_op(p, e)) return false;
  if (!advance(p) || !advance(p)) return false; /* the name and '(' */
  if (p->tok.kind == TK_RPAREN) {
    if (e.arity == VS_MAX_LANES && !e.graph)
      return fail(p, e.line, e.col, "'%s' needs at least 2 arguments, got 0", e.name);
    if (e.op == OP_INDEX) return fail(p, e.line, e.col, "'index' takes 1 argument (a cast) or 2 (a pointer), got 0");
    if (e.op == OP_RANGE) return fail(p, e.line, e.col, "'range' takes 2 arguments (END, NAME), got 0");
    if (e.op == OP_REDUCE || e.op == OP_END || e.op == OP_AFTER)
      return fail(p, e.line, e.col, "'%s' needs at least 1 argument, got 0", e.name);
    return fail(p, e.line, e.col, "'%s' takes %d argument%s, got 0", e.name, e.arity, e.arity == 1 ? "" : "s");
  }
  if (e.op == OP_REDUCE && !parse_reduce_op(p)) return false;
  if (e.graph) note_arg(p);
  return true;
}

/* "a buffer of f32", "a pointer to f32", "an effect", "an i32 value": what an operand is, for messages. */
static const char *kind_desc(const Node *n, char *buf, size_t size) {
  char t[16];
  switch ((NodeKind)n->kind) {
  case NK_BUFFER: snprintf(buf, size, "a buffer of %s", dt_name((DType)n->dtype)); break;
  case NK_POINTER: snprintf(buf, size, "a pointer to %s", dt_name((DType)n->dtype)); break;
  case NK_EFFECT: snprintf(buf, size, "an effect"); break;
  default:
    vs_node_type_name(n, t, sizeof t);
    snprintf(buf, size, "%s %s value", t[0] == 'u' || t[0] == 'b' ? "a" : "an", t);
    break;
  }
  return buf;
}

/* Which operand of a graph op (source order: operands after the reduction's word) a type error of
 * graph_type_check is about, mirroring its rules; -1 for the call as a whole. `detail` receives what
 * to add to the rule's message (what the operand is), or "". */
static int graph_culprit(Op op, Node *const *a, int n, char *detail, size_t size) {
  char d[64];
  int bad = -1;
  bool got = true; /* the operand's kind or type is what is wrong */
  detail[0] = 0;
  for (int i = 0; i < n && bad < 0; i++)
    if (a[i]->lanes > 1) bad = i;
  if (bad < 0) switch (op) {
  case OP_INDEX: bad = a[0]->kind != NK_BUFFER ? 0 : 1; break;
  case OP_LOAD: bad = 0; break;
  case OP_RANGE:
    bad = 0;
    got = !(a[0]->kind == NK_VALUE && a[0]->dtype == DT_INDEX); /* else: the end reads memory */
    break;
  case OP_STORE:
    if (a[0]->kind != NK_POINTER) bad = 0;
    else if (a[1]->kind != NK_VALUE) bad = 1;
    else {
      snprintf(detail, size, " (the buffer holds %s, the value is %s)", dt_name((DType)a[0]->dtype),
               dt_name((DType)a[1]->dtype));
      return 1;
    }
    break;
  case OP_REDUCE:
  case OP_END:
  case OP_AFTER:
    if (op == OP_REDUCE && (a[0]->kind != NK_VALUE || !(dt_is_int((DType)a[0]->dtype) || dt_is_float((DType)a[0]->dtype))))
      bad = 0;
    else if (op == OP_END && a[0]->kind != NK_EFFECT) bad = 0;
    else if (op == OP_AFTER && a[0]->kind == NK_POINTER) bad = 0, got = false;
    for (int i = 1; i < n && bad < 0; i++) {
      if (op == OP_AFTER ? a[i]->kind != NK_EFFECT : a[i]->op != OP_RANGE) bad = i;
      for (int j = 1; j < i && bad < 0; j++)
        if (a[j] == a[i]) bad = i, got = false; /* the second occurrence */
    }
    break;
  default: break;
  }
  if (bad >= 0 && got) snprintf(detail, size, ", got %s", kind_desc(a[bad], d, sizeof d));
  return bad;
}

/* Reports graph_type_check's message err for the graph call e at the operand at fault. */
static bool graph_error(Parser *p, const OpEntry *e, Op op, Node *const *nodes, int nargs, const char *err) {
  char detail[96];
  int bad = graph_culprit(op, nodes, nargs, detail, sizeof detail);
  int line = e->line, col = e->col;
  if (bad >= 0 && bad < GRAPH_MAX_ARGS && e->arg_line[bad]) line = e->arg_line[bad], col = e->arg_col[bad];
  return fail(p, line, col, "%s%s", err, detail);
}

/* range(END, NAME) at its ',' (now past it): END is the top value; the current token is NAME. Leaves
 * the closing ')' current. A name is one range in the whole file: its first use fixes its end. */
static bool apply_range(Parser *p, const OpEntry *e) {
  uint32_t a;
  pop_vals(p, 1, &a);
  p->nest--;
  if (p->ast[a].depth >= p->max_depth)
    return fail(p, e->line, e->col, "expression nested too deeply (limit %u)", p->max_depth);
  Node *end = resolve(p, a, DT_INDEX);
  if (!end) return false;
  DType dt;
  NodeKind kind;
  /* The end is checked before the name is read, in source order; any nonzero aux stands for the name. */
  const char *err = graph_type_check(OP_RANGE, DT_BOOL, 1, &end, 1, &dt, &kind);
  if (err) return graph_error(p, e, OP_RANGE, &end, 1, err);
  const Token *t = &p->tok;
  const char *s = tok_text(p, t);
  char nb[64], f[64];
  if (t->kind != TK_IDENT)
    return fail(p, t->line, t->col, "expected the range's name (a loop variable), %s", found(p, f, sizeof f));
  if (is_reserved(s, t->len))
    return fail(p, t->line, t->col, "'%s' is a reserved word and cannot name a range",
                short_name(s, t->len, nb, sizeof nb));
  Decl *d = decl_find(p, s, t->len);
  if (d && d->var->op != OP_RANGE)
    return fail(p, t->line, t->col, "'%s' is a %s (declared at %d:%d) and cannot name a range",
                short_name(s, t->len, nb, sizeof nb), d->var->op == OP_BUFFER ? "buffer" : "variable", d->line,
                d->col);
  const char *interned = vs_intern(p->ctx, s, t->len);
  if (!interned) return fail_oom(p);
  Node *n = vs_range(p->ctx, end, interned);
  if (!n) return fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
  if (d && d->var != n) {
    char *old = vs_print(d->var->args[0]);
    size_t len = old ? strlen(old) : 0;
    fail(p, e->line, e->col, "range '%s' already has end %.*s%s (at %d:%d): a name is one loop variable",
         short_name(s, t->len, nb, sizeof nb), (int)(len > 60 ? 60 : len), old ? old : "(too large to print)",
         len > 60 ? "..." : "", d->line, d->col);
    free(old);
    return false;
  }
  if (!d) {
    Decl nd = {interned, t->len, n, e->line, e->col};
    if (!decl_add(p, nd)) return fail_oom(p);
  }
  if (!advance(p)) return false;
  if (p->tok.kind != TK_RPAREN)
    return fail(p, p->tok.line, p->tok.col, "expected ')' after the range's name, %s", found(p, f, sizeof f));
  uint32_t idx;
  return push_node(p, n, p->ast[a].start, e->line, e->col, &idx) && push_last(p);
}

/* Applies a graph call other than range to its operands (the top nargs values). Operands are typed by
 * their place: index's I is an index value and store's V takes the buffer's dtype, as a sibling would;
 * every other operand is typed by itself, except the first of reduce and after, which is a member of
 * the result as the operand of `-x` is: an untyped one leaves the call pending, for its context to type
 * (docs/syntax.md, "Typing of untyped literals"). */
static bool apply_graph_call(Parser *p, const OpEntry *e, int nargs) {
  uint32_t a[GRAPH_MAX_ARGS];
  Node *nodes[GRAPH_MAX_ARGS] = {NULL};
  Op op = (Op)e->op;
  if (op == OP_INDEX && nargs == 1) { /* index(x): the cast to index */
    pop_vals(p, 1, a);
    p->nest--;
    return apply(p, OP_CAST, DT_INDEX, CAT_CAST, e->name, e->line, e->col, a, 1, false) && push_last(p);
  }
  if ((op == OP_STORE || op == OP_RANGE) && nargs < 2)
    return fail(p, e->line, e->col, "'%s' takes 2 arguments%s, got %d", e->name, op == OP_RANGE ? " (END, NAME)" : "",
                nargs);
  if (p->lookup) return fail(p, e->line, e->col, "memory and loop operations are not supported in programs");
  if (nargs < 1 || nargs > GRAPH_MAX_ARGS) return fail(p, e->line, e->col, "'%s': wrong number of arguments", e->name);
  pop_vals(p, nargs, a);
  p->nest--;
  uint32_t depth = 0;
  for (int i = 0; i < nargs; i++)
    if (p->ast[a[i]].depth > depth) depth = p->ast[a[i]].depth;
  if (depth >= p->max_depth) return fail(p, e->line, e->col, "expression nested too deeply (limit %u)", p->max_depth);
  bool pending = (op == OP_REDUCE || op == OP_AFTER) && p->ast[a[0]].kind != AK_NODE;
  for (int i = pending ? 1 : 0; i < nargs; i++) {
    int E = -1;
    if (op == OP_INDEX && i == 1) E = DT_INDEX;
    if (op == OP_STORE && i == 1 && nodes[0]->kind == NK_POINTER) E = nodes[0]->dtype;
    if (!(nodes[i] = resolve(p, a[i], E))) return false;
  }
  uint64_t aux = op == OP_REDUCE ? e->to : 0;
  DType dt;
  NodeKind kind;
  uint32_t idx;
  if (pending) {
    /* The list is checked now, so that its errors come in source order and at their operand; an index
     * constant stands for X, which is checked once its context has typed it (resolve_list). */
    if (!(nodes[0] = vs_const(p->ctx, DT_INDEX, 0))) return fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
    const char *err = graph_type_check(op, DT_BOOL, aux, nodes, nargs, &dt, &kind);
    if (err) return graph_error(p, e, op, nodes, nargs, err);
    Ast pa = {.kind = AK_OP, .op = (uint8_t)op, .flags = (uint8_t)(p->ast[a[0]].flags & AF_HASFLOAT),
              .nargs = (uint8_t)nargs, .line = e->line, .col = e->col, .start = p->ast[a[0]].start,
              .depth = depth + 1};
    pa.u.args[0] = (uint32_t)aux;
    return push_ast(p, pa, &idx) && push_last(p);
  }
  const char *err = graph_type_check(op, DT_BOOL, aux, nodes, nargs, &dt, &kind);
  if (err) return graph_error(p, e, op, nodes, nargs, err);
  Node *n = vs_make_ex(p->ctx, op, DT_BOOL, 1, aux, nodes, nargs);
  if (!n) return fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
  return push_node(p, n, p->ast[a[0]].start, e->line, e->col, &idx) && push_last(p);
}

/* ---- vector calls ---- */

/* An integer literal without a suffix in [0, max], for gep's lane indices and bcast's lane count. */
static bool parse_small_int(Parser *p, const char *what, int max, uint8_t *out) {
  const Token *t = &p->tok;
  char f[64];
  if (t->kind != TK_INT || t->has_suffix)
    return fail(p, t->line, t->col, "expected %s (an integer literal without a suffix), %s", what, found(p, f, sizeof f));
  u128 mag = 0;
  if (!lit_int_magnitude(tok_text(p, t), t->num_len, &mag) || mag > (u128)max)
    return fail(p, t->line, t->col, "%s %.*s is out of range (0 to %d)", what, (int)(t->num_len > 20 ? 20 : t->num_len),
                tok_text(p, t), max);
  *out = (uint8_t)mag;
  return advance(p);
}

/* After `gep(v,` or `bcast(x,`: a lane index, a list `[i, j, ...]` of them (gep), or the lane count. */
static bool parse_immediates(Parser *p, OpEntry *e) {
  if (e->op == OP_BCAST) {
    e->nimm = 1;
    return parse_small_int(p, "lane count", VS_MAX_LANES, &e->imm[0]);
  }
  if (p->tok.kind != TK_LBRACK) {
    e->nimm = 1;
    return parse_small_int(p, "lane index", VS_MAX_LANES - 1, &e->imm[0]);
  }
  int line = p->tok.line, col = p->tok.col;
  if (!advance(p)) return false;
  for (;;) {
    if (e->nimm == VS_MAX_LANES) return fail(p, line, col, "'gep' selects at most %d lanes", VS_MAX_LANES);
    if (!parse_small_int(p, "lane index", VS_MAX_LANES - 1, &e->imm[e->nimm++])) return false;
    if (p->tok.kind == TK_RBRACK) return advance(p);
    if (!expect(p, TK_COMMA, "',' or ']'")) return false;
  }
}

/* Applies vec, cat, gep or bcast to its operands (the top nargs values). */
static bool apply_vec_call(Parser *p, const OpEntry *e, int nargs) {
  uint32_t a[VS_MAX_LANES];
  Node *nodes[VS_MAX_LANES] = {NULL};
  if (nargs < 1 || nargs > VS_MAX_LANES) return fail(p, e->line, e->col, "'%s' needs at least 1 argument", e->name);
  pop_vals(p, nargs, a);
  p->nest--;
  Op op = (Op)e->op;
  uint32_t depth = 0;
  for (int i = 0; i < nargs; i++)
    if (p->ast[a[i]].depth > depth) depth = p->ast[a[i]].depth;
  if (depth >= p->max_depth) return fail(p, e->line, e->col, "expression nested too deeply (limit %u)", p->max_depth);
  if (!value_operands(p, e->name, e->line, e->col, a, nargs)) return false;
  /* vec and cat operands share one dtype: untyped literals take it from a typed sibling, or the default
   * (index; f32 with a float literal). A vector is never left untyped. */
  int E = -1;
  uint8_t hasfloat = 0;
  for (int i = 0; i < nargs; i++) {
    if (E < 0 && p->ast[a[i]].kind == AK_NODE) E = p->ast[a[i]].u.node->dtype;
    hasfloat |= p->ast[a[i]].flags & AF_HASFLOAT;
  }
  if (E < 0 && (op == OP_VEC || op == OP_BCAST)) {
    /* All operands untyped: like `1 + 2`, the vector waits for its context to give it a dtype, so
     * `v + vec(1, 2, 3, 4)` is i32x4 next to an i32x4 v. */
    if (op == OP_VEC && (nargs < 2 || !vs_lanes_valid(nargs)))
      return fail(p, e->line, e->col, "'vec': vec takes 2, 3, 4, 8 or 16 operands, got %d", nargs);
    if (op == OP_BCAST && (e->imm[0] < 2 || !vs_lanes_valid(e->imm[0])))
      return fail(p, e->line, e->col, "'bcast': bcast lane count must be 2, 3, 4, 8 or 16, got %d", e->imm[0]);
    Ast pa = {.kind = AK_OP, .op = (uint8_t)op, .flags = hasfloat, .nargs = (uint8_t)nargs, .line = e->line,
              .col = e->col, .start = p->ast[a[0]].start, .depth = depth + 1};
    pa.u.args[0] = op == OP_BCAST ? e->imm[0] : 0;
    uint32_t idx;
    return push_ast(p, pa, &idx) && push_last(p);
  }
  for (int i = 0; i < nargs; i++)
    if (!(nodes[i] = resolve(p, a[i], op == OP_VEC || op == OP_CAT ? E : -1))) return false;
  int lanes = 1;
  uint64_t aux = 0;
  char t0[16], t1[16];
  if (op == OP_GEP) {
    lanes = e->nimm;
    for (int k = 0; k < e->nimm; k++) {
      if (e->imm[k] >= nodes[0]->lanes && nodes[0]->lanes > 1)
        return fail(p, e->line, e->col, "lane index %d is out of range for %s (lanes 0 to %d)", e->imm[k],
                    vs_node_type_name(nodes[0], t0, sizeof t0), nodes[0]->lanes - 1);
      aux |= (uint64_t)e->imm[k] << (4 * k);
    }
  } else if (op == OP_BCAST) {
    lanes = e->imm[0];
  }
  DType rt;
  int rl;
  const char *err = vs_type_check_ex(op, DT_BOOL, lanes, aux, nodes, nargs, &rt, &rl);
  if (err) {
    for (int i = 1; i < nargs; i++)
      if (nodes[i]->dtype != nodes[0]->dtype)
        return fail(p, e->line, e->col, "operands of '%s' have different types (%s and %s)", e->name,
                    vs_node_type_name(nodes[0], t0, sizeof t0), vs_node_type_name(nodes[i], t1, sizeof t1));
    if (strstr(err, "operand"))
      return fail(p, e->line, e->col, "'%s': %s, got %s", e->name, err, vs_node_type_name(nodes[0], t0, sizeof t0));
    return fail(p, e->line, e->col, "'%s': %s", e->name, err);
  }
  Node *n = vs_make_ex(p->ctx, op, DT_BOOL, lanes, aux, nodes, nargs);
  if (!n) return fail(p, e->line, e->col, "%s", vs_ctx_error(p->ctx));
  uint32_t idx;
  return push_node(p, n, p->ast[a[0]].start, e->line, e->col, &idx) && push_last(p);
}

/* `name(` opens a call. In a program (p->lookup set) newlines end statements, so there the '(' must
 * be on the name's line: `x = a` followed by a line `(r) = if ...` is two statements. */
static bool opens_call(const Parser *p) {
  return p->next.kind == TK_LPAREN && !(p->lookup && p->next.line != p->tok.line);
}

static bool parse_ident(Parser *p) {
  const Token *t = &p->tok;
  const char *s = tok_text(p, t);
  char nb[64];
  if (opens_call(p)) return open_call(p);
  if (is_word(s, t->len, "true") || is_word(s, t->len, "false")) {
    Node *n = vs_bool(p->ctx, s[0] == 't');
    uint32_t idx;
    if (!n) return fail(p, t->line, t->col, "%s", vs_ctx_error(p->ctx));
    if (!push_node(p, n, (uint32_t)p->nast, t->line, t->col, &idx) || !push_val(p, idx)) return false;
    return advance(p);
  }
  if (is_word(s, t->len, "invalid") && !p->lookup) {
    /* The index sentinel: typed (index) like a variable, so it needs no context. Programs have no
     * use for it yet (their interpreter has no INVALID value), so there it stays a reserved word. */
    Node *n = vs_invalid(p->ctx);
    uint32_t idx;
    if (!n) return fail(p, t->line, t->col, "%s", vs_ctx_error(p->ctx));
    if (!push_node(p, n, (uint32_t)p->nast, t->line, t->col, &idx) || !push_val(p, idx)) return false;
    return advance(p);
  }
  if (is_word(s, t->len, "noop")) {
    if (p->lookup) return fail(p, t->line, t->col, "memory and loop operations are not supported in programs");
    Node *n = vs_noop(p->ctx);
    uint32_t idx;
    if (!n) return fail(p, t->line, t->col, "%s", vs_ctx_error(p->ctx));
    if (!push_node(p, n, (uint32_t)p->nast, t->line, t->col, &idx) || !push_val(p, idx)) return false;
    return advance(p);
  }
  if (is_special_literal(p, t)) return parse_literal(p, false, t->line, t->col);
  if (is_word(s, t->len, "inf") || is_word(s, t->len, "nan"))
    return fail(p, t->line, t->col, "'%s' needs a dtype suffix, as in %s_f32", s[0] == 'i' ? "inf" : "nan",
                s[0] == 'i' ? "inf" : "nan");
  if (is_word(s, t->len, "in")) return fail(p, t->line, t->col, "expected an expression, found 'in'");
  if (is_reserved(s, t->len))
    return fail(p, t->line, t->col, "expected '(' after '%s'", short_name(s, t->len, nb, sizeof nb));
  Node *var;
  /* A dtype name that names no variable was probably meant as a cast. */
  const char *hint = is_type_name(s, t->len) ? " (a cast needs its operand in parentheses)" : "";
  if (p->lookup) {
    char msg[sizeof p->diag->msg];
    msg[0] = 0;
    if (!(var = p->lookup(p->lookup_user, s, t->len, msg, sizeof msg)))
      return fail(p, t->line, t->col, "%.*s%s", (int)(sizeof msg - 50), msg, hint);
  } else {
    Decl *d = decl_find(p, s, t->len);
    if (!d) return fail(p, t->line, t->col, "unknown variable '%s'%s", short_name(s, t->len, nb, sizeof nb), hint);
    if (d->var->op == OP_RANGE) /* a range always prints as range(END, NAME), its end in view */
      return fail(p, t->line, t->col, "'%s' is a loop variable: write it as range(END, %s), as at %d:%d",
                  short_name(s, t->len, nb, sizeof nb), short_name(s, t->len, nb, sizeof nb), d->line, d->col);
    var = d->var;
  }
  uint32_t idx;
  if (!push_node(p, var, (uint32_t)p->nast, t->line, t->col, &idx) || !push_val(p, idx)) return false;
  return advance(p);
}

/* Whether `NAME(` opens a call of the expression syntax (a function, cast, bitcast, mark, vector or
 * graph word): anything else is a program call where programs allow them. */
static bool is_builtin_call(const char *s, size_t len) {
  DType dt;
  int lanes;
  return find_func(s, len) >= 0 || mark_of(s, len) != MARK_NONE || is_vec_func(s, len) ||
         vs_vtype_from_name(s, len, &dt, &lanes) || is_graph_word(s, len) || dt_from_name(s, len, &dt) ||
         has_prefix(s, len, "bitcast_");
}

/* A call of a program function (ExprCallHooks): pending and flexible like an untyped literal, or
 * typed at once by its suffix. */
static bool program_call(Parser *p) {
  int line = p->tok.line, col = p->tok.col;
  ExprStream st = {p->lx, p->tok, p->next};
  char msg[sizeof p->diag->msg];
  msg[0] = 0;
  uint32_t id = 0;
  int dt = -1;
  bool ok = p->calls->parse(p->lookup_user, &st, &id, &dt, msg, sizeof msg);
  p->lx = st.lx;
  p->tok = st.tok;
  p->next = st.next;
  if (!ok) return msg[0] ? fail(p, line, col, "%s", msg) : false;
  uint32_t idx;
  if (dt >= 0) {
    msg[0] = 0;
    Node *n = p->calls->hole(p->lookup_user, id, dt, msg, sizeof msg);
    if (!n) return fail(p, line, col, "%s", msg[0] ? msg : "out of memory");
    return push_node(p, n, (uint32_t)p->nast, line, col, &idx) && push_val(p, idx);
  }
  Ast a = {.kind = AK_CALL, .line = line, .col = col, .start = (uint32_t)p->nast, .depth = 1};
  a.u.call = id;
  return push_ast(p, a, &idx) && push_val(p, idx);
}

/* Where an operand is expected: a prefix operator, '(' or a call opener (pushed; still expecting an
 * operand), or a complete primary (pushed as a value). */
static bool parse_operand(Parser *p, bool *want_operand) {
  Token *t = &p->tok;
  char f[64];
  switch (t->kind) {
  case TK_MINUS:
    /* A '-' right before a number (or inf_T, nan_T) is the literal's sign: `-128_i8` is one literal. */
    if (p->next.kind == TK_INT || p->next.kind == TK_FLOAT || is_special_literal(p, &p->next)) {
      int line = t->line, col = t->col;
      if (!advance(p)) return false;
      *want_operand = false;
      return parse_literal(p, true, line, col);
    }
    /* fall through */
  case TK_TILDE:
  case TK_BANG: {
    OpEntry e = {.kind = OE_PREFIX, .tok = (uint8_t)t->kind, .line = t->line, .col = t->col};
    return push_op(p, e) && advance(p);
  }
  case TK_LPAREN: {
    OpEntry e = {.kind = OE_PAREN, .line = t->line, .col = t->col};
    return push_op(p, e) && advance(p);
  }
  case TK_INT:
  case TK_FLOAT:
    *want_operand = false;
    return parse_literal(p, false, t->line, t->col);
  case TK_IDENT:
    if (p->calls && opens_call(p) && !is_builtin_call(tok_text(p, t), t->len)) {
      *want_operand = false;
      return program_call(p);
    }
    if (!opens_call(p)) *want_operand = false;
    return parse_ident(p);
  case TK_EOF: return fail(p, t->line, t->col, "expected an expression");
  case TK_ARROW:
    return fail(p, t->line, t->col, "expected an expression, found '-->'");
  default: return fail(p, t->line, t->col, "expected an expression, %s", found(p, f, sizeof f));
  }
}

/* Parses one expression, up to the first token that cannot continue it; *out is its AST index. */
static bool parse_expr(Parser *p, uint32_t *out) {
  size_t ops_base = p->nops, vals_base = p->nvals;
  bool want_operand = true;
  char f[64];
  for (;;) {
    if (want_operand) {
      if (!parse_operand(p, &want_operand)) return false;
      continue;
    }
    TokKind k = p->tok.kind;
    const Infix *in = infix_of_token(k);
    if (in) {
      if (!reduce(p, ops_base, in->prec)) return false;
      OpEntry e = {.kind = OE_BINARY, .tok = (uint8_t)k, .line = p->tok.line, .col = p->tok.col};
      if (!push_op(p, e) || !advance(p)) return false;
      want_operand = true;
      continue;
    }
    if (k != TK_RPAREN && k != TK_COMMA) break;
    if (!reduce(p, ops_base, 0)) return false;
    if (p->nops == ops_base) break; /* not ours: the caller decides */
    OpEntry *top = &p->ops[p->nops - 1];
    if (top->kind == OE_PAREN) {
      if (k == TK_COMMA) return fail(p, p->tok.line, p->tok.col, "expected ')', found ','");
      p->nops--;
      p->nest--;
      if (!advance(p)) return false;
      continue;
    }
    size_t nargs = p->nvals - top->vals_base;
    bool vcall = top->kind == OE_CALL && op_is_vec((Op)top->op);
    if (vcall && k == TK_COMMA && (top->op == OP_GEP || top->op == OP_BCAST) && nargs == 1) {
      /* gep(v, LANES) and bcast(x, COUNT): integers, not expressions. */
      if (!advance(p) || !parse_immediates(p, top)) return false;
      if (p->tok.kind != TK_RPAREN) {
        char f2[64];
        return fail(p, p->tok.line, p->tok.col, "expected ')', %s", found(p, f2, sizeof f2));
      }
      OpEntry e = *top;
      p->nops--;
      if (!apply_vec_call(p, &e, 1) || !advance(p)) return false;
      continue;
    }
    if (top->kind == OE_CALL && top->graph && top->op == OP_RANGE && k == TK_COMMA && nargs == 1) {
      /* range(END, NAME): the name is a word, not an expression. */
      if (!advance(p)) return false;
      OpEntry e = *top;
      p->nops--;
      if (!apply_range(p, &e) || !advance(p)) return false;
      continue;
    }
    if (k == TK_COMMA) {
      if (nargs >= top->arity) {
        OpEntry e = *top;
        if (!advance(p)) return false;
        if (e.graph && e.arity == GRAPH_MAX_ARGS)
          return fail(p, p->tok.line, p->tok.col, "too many arguments: '%s' takes at most %d (%s)", e.name, e.arity,
                      e.op == OP_AFTER ? "a value and 15 effects" : "an operand and 15 ranges");
        return fail(p, p->tok.line, p->tok.col, "too many arguments: '%s' takes %d", e.name, e.arity);
      }
      if (!advance(p)) return false;
      if (top->graph) note_arg(p);
      want_operand = true;
      continue;
    }
    if (top->kind == OE_CALL && top->graph) {
      OpEntry e = *top;
      p->nops--;
      if (!apply_graph_call(p, &e, (int)nargs) || !advance(p)) return false;
      continue;
    }
    if (vcall && top->arity == VS_MAX_LANES) { /* vec, cat: the type check counts */
      OpEntry e = *top;
      p->nops--;
      if (!apply_vec_call(p, &e, (int)nargs) || !advance(p)) return false;
      continue;
    }
    if (nargs != top->arity)
      return fail(p, top->line, top->col, "'%s' takes %d argument%s, got %zu", top->name, top->arity,
                  top->arity == 1 ? "" : "s", nargs);
    OpEntry e = *top;
    p->nops--;
    if (!apply_call(p, &e) || !advance(p)) return false;
  }
  if (!reduce(p, ops_base, 0)) return false;
  if (p->nops > ops_base) {
    const OpEntry *open = &p->ops[p->nops - 1];
    if (p->tok.kind == TK_ARROW)
      return fail(p, p->tok.line, p->tok.col, "expected ')', found '-->' ('-->' may only separate the whole source "
                  "and target expressions)");
    if (open->kind == OE_CALL && p->tok.kind != TK_EOF)
      return fail(p, p->tok.line, p->tok.col, "expected ',' or ')', %s", found(p, f, sizeof f));
    return fail(p, p->tok.line, p->tok.col, "expected ')', %s", found(p, f, sizeof f));
  }
  *out = p->vals[vals_base];
  p->nvals = vals_base;
  return true;
}

/* ---- declarations ---- */

/* A range bound: an integer literal, optionally negative, of the variable's dtype. */
static bool parse_bound(Parser *p, DType dt, i128 *v) {
  int line = p->tok.line, col = p->tok.col;
  bool neg = false;
  char f[64];
  if (p->tok.kind == TK_MINUS) {
    neg = true;
    if (!advance(p)) return false;
  }
  const Token *t = &p->tok;
  if (t->kind == TK_FLOAT) return fail(p, line, col, "range bounds must be integer literals");
  if (t->kind != TK_INT) return fail(p, t->line, t->col, "expected an integer literal, %s", found(p, f, sizeof f));
  if (t->has_suffix && t->suffix != dt)
    return fail(p, line, col, "bound has type %s but the variable is %s", dt_name(t->suffix), dt_name(dt));
  u128 mag = 0;
  lit_int_magnitude(tok_text(p, t), t->num_len, &mag);
  *v = neg ? -(i128)mag : (i128)mag;
  if (!im_fits(dt, *v))
    return fail(p, line, col, "bound %s%.*s does not fit in %s", neg ? "-" : "", (int)(t->num_len > 40 ? 40 : t->num_len),
                tok_text(p, t), dt_name(dt));
  return advance(p);
}

/* Enters a declared variable or buffer. */
static bool declare(Parser *p, const Token *name, const char *interned, Node *v) {
  Decl d = {interned, name->len, v, name->line, name->col};
  if (!decl_add(p, d)) return fail_oom(p);
  if (!grow((void **)&p->vars, &p->cap_vars, p->nvars, sizeof *p->vars)) return fail_oom(p);
  p->vars[p->nvars++] = v;
  return true;
}

/* `NAME: DTYPE [SIZE]` from the '[' on: a buffer of SIZE elements (docs/semantics.md, "Buffers"). The
 * type at (tline, tcol) is DTYPE with `lanes` lanes. */
static bool parse_buffer_decl(Parser *p, const Token *name, DType dt, int lanes, int tline, int tcol) {
  char nb[64], f[64];
  const char *s = tok_text(p, name);
  if (lanes > 1)
    return fail(p, tline, tcol, "a buffer's elements are scalars: write %s[N], not %sx%d[N]", dt_name(dt), dt_name(dt),
                lanes);
  if (!advance(p)) return false;
  const Token *t = &p->tok;
  if (t->kind != TK_INT || t->has_suffix)
    return fail(p, t->line, t->col, "expected the buffer's size (an integer literal without a suffix), %s",
                found(p, f, sizeof f));
  u128 size = 0;
  lit_int_magnitude(tok_text(p, t), t->num_len, &size); /* the lexer has validated it */
  if (size > VS_MAX_BUFFER_SIZE)
    return fail(p, t->line, t->col, "buffer size %.*s is too large (at most 2^62 - 1 elements)",
                (int)(t->num_len > 40 ? 40 : t->num_len), tok_text(p, t));
  if (!advance(p) || !expect(p, TK_RBRACK, "']' after the buffer's size")) return false;
  if (tok_is(p, &p->tok, "in"))
    return fail(p, p->tok.line, p->tok.col, "a range is only allowed on variables ('%s' is a buffer)",
                short_name(s, name->len, nb, sizeof nb));
  const char *interned = vs_intern(p->ctx, s, name->len);
  if (!interned) return fail_oom(p);
  Node *b = vs_buffer(p->ctx, interned, dt, (uint64_t)size, (uint64_t)size);
  if (!b) return fail(p, name->line, name->col, "%s", vs_ctx_error(p->ctx));
  return declare(p, name, interned, b);
}

static bool parse_decl(Parser *p) {
  Token name = p->tok;
  const char *s = tok_text(p, &name);
  char nb[64], f[64];
  if (is_reserved(s, name.len))
    return fail(p, name.line, name.col, "'%s' is a reserved word and cannot name a variable",
                short_name(s, name.len, nb, sizeof nb));
  Decl *prev = decl_find(p, s, name.len);
  if (prev)
    return fail(p, name.line, name.col, "variable '%s' is already declared (at %d:%d)",
                short_name(s, name.len, nb, sizeof nb), prev->line, prev->col);
  if (!advance(p) || !advance(p)) return false; /* the name and ':' */
  DType dt;
  int lanes = 1;
  if (p->tok.kind != TK_IDENT)
    return fail(p, p->tok.line, p->tok.col, "expected a dtype after ':', %s", found(p, f, sizeof f));
  if (!vs_vtype_from_name(tok_text(p, &p->tok), p->tok.len, &dt, &lanes))
    return fail(p, p->tok.line, p->tok.col, "unknown dtype '%s'",
                short_name(tok_text(p, &p->tok), p->tok.len, nb, sizeof nb));
  int tline = p->tok.line, tcol = p->tok.col;
  if (!advance(p)) return false;
  if (p->tok.kind == TK_LBRACK) return parse_buffer_decl(p, &name, dt, lanes, tline, tcol);
  i128 lo = im_min(dt), hi = im_max(dt);
  if (dt_is_float(dt)) lo = hi = 0;
  if (tok_is(p, &p->tok, "in")) {
    if (dt_is_float(dt))
      return fail(p, p->tok.line, p->tok.col, "a range is only allowed on integer and bool variables ('%s' is %s)",
                  short_name(s, name.len, nb, sizeof nb), dt_name(dt));
    if (!advance(p)) return false;
    int bl = p->tok.line, bc = p->tok.col;
    if (!expect(p, TK_LBRACK, "'[' after 'in'")) return false;
    if (!parse_bound(p, dt, &lo) || !expect(p, TK_COMMA, "','") || !parse_bound(p, dt, &hi) ||
        !expect(p, TK_RBRACK, "']'"))
      return false;
    if (lo > hi) {
      char a[48], b[48];
      return fail(p, bl, bc, "empty range [%s, %s]", im_format(lo, a), im_format(hi, b));
    }
  }
  const char *interned = vs_intern(p->ctx, s, name.len);
  if (!interned) return fail_oom(p);
  Node *v = vs_var_lanes(p->ctx, interned, dt, lanes, lo, hi);
  if (!v) return fail(p, name.line, name.col, "%s", vs_ctx_error(p->ctx));
  return declare(p, &name, interned, v);
}

/* ---- files ---- */

/* `semantics nsw` or `semantics wrap` (the default), among the declarations (docs/syntax.md). */
static bool parse_semantics(Parser *p, bool *seen) {
  Token kw = p->tok;
  char nb[64];
  if (*seen) return fail(p, kw.line, kw.col, "only one 'semantics' declaration is allowed");
  *seen = true;
  if (!advance(p)) return false;
  const Token *t = &p->tok;
  if (!tok_is(p, t, "nsw") && !tok_is(p, t, "wrap"))
    return fail(p, t->line, t->col, "unknown semantics '%s' (expected nsw or wrap)",
                short_name(tok_text(p, t), t->len, nb, sizeof nb));
  p->sem_nsw = tok_is(p, t, "nsw");
  return advance(p);
}

static bool parse_file(Parser *p, VsFile *out) {
  bool sem_seen = false;
  for (;;) {
    if (p->tok.kind == TK_IDENT && p->next.kind == TK_COLON) {
      if (!parse_decl(p)) return false;
    } else if (p->tok.kind == TK_IDENT && p->next.kind == TK_IDENT && tok_is(p, &p->tok, "semantics")) {
      if (!parse_semantics(p, &sem_seen)) return false;
    } else {
      break;
    }
  }
  if (p->tok.kind == TK_EOF) return fail(p, p->tok.line, p->tok.col, "expected an expression");
  if (p->tok.kind == TK_ARROW) return fail(p, p->tok.line, p->tok.col, "expected an expression before '-->'");
  uint32_t r;
  int sline = p->tok.line, scol = p->tok.col;
  if (!parse_expr(p, &r)) return false;
  Node *src = resolve(p, r, -1);
  if (!src) return false;
  p->nast = 0;
  Node *tgt = NULL;
  if (p->tok.kind == TK_ARROW) {
    int line = p->tok.line, col = p->tok.col;
    if (src->kind == NK_BUFFER || src->kind == NK_POINTER)
      return fail(p, sline, scol, "a case compares values or effects, not buffers or pointers (the source is a %s)",
                  src->kind == NK_BUFFER ? "buffer" : "pointer");
    if (!advance(p)) return false;
    int tline = p->tok.line, tcol = p->tok.col;
    if (!parse_expr(p, &r)) return false;
    /* The target's literals take the source's dtype: `x + 0 --> x` needs no suffix; next to a vector
     * source, an untyped target is in every lane: `v - v --> 0`. An effect's dtype (bool) is no
     * context: the target must be an effect too. */
    bool flex = p->ast[r].kind != AK_NODE;
    if (!(tgt = resolve(p, r, src->kind == NK_VALUE ? src->dtype : -1))) return false;
    p->nast = 0;
    if (tgt->kind == NK_BUFFER || tgt->kind == NK_POINTER)
      return fail(p, tline, tcol, "a case compares values or effects, not buffers or pointers (the target is a %s)",
                  tgt->kind == NK_BUFFER ? "buffer" : "pointer");
    if (src->kind != tgt->kind)
      return fail(p, line, col, "source is %s but target is %s", src->kind == NK_EFFECT ? "an effect" : "a value",
                  tgt->kind == NK_EFFECT ? "an effect" : "a value");
    if (flex && src->lanes > 1 && tgt->lanes == 1 && !(tgt = vs_bcast(p->ctx, tgt, src->lanes)))
      return fail(p, line, col, "%s", vs_ctx_error(p->ctx));
    if (tgt->dtype != src->dtype || tgt->lanes != src->lanes) {
      char a[16], b[16];
      return fail(p, line, col, "source and target have different types (%s and %s)",
                  vs_node_type_name(src, a, sizeof a), vs_node_type_name(tgt, b, sizeof b));
    }
    if (p->tok.kind == TK_ARROW)
      return fail(p, p->tok.line, p->tok.col, "only one '-->' is allowed: a file holds one case");
  }
  if (p->tok.kind != TK_EOF) {
    char d[48];
    if (p->tok.kind == TK_IDENT && p->next.kind == TK_COLON)
      return fail(p, p->tok.line, p->tok.col, "declarations must come before the expression");
    if (p->tok.kind == TK_RPAREN) return fail(p, p->tok.line, p->tok.col, "unmatched ')'");
    tok_describe(&p->lx, &p->tok, d, sizeof d);
    return fail(p, p->tok.line, p->tok.col, "unexpected %s after the expression", d);
  }
  if (src->kind == NK_BUFFER || src->kind == NK_POINTER)
    return fail(p, sline, scol, "an expression is a value or an effect, not a %s (%s)",
                src->kind == NK_BUFFER ? "buffer" : "pointer",
                src->kind == NK_BUFFER ? "load an element: load(index(B, I))" : "load it: load(index(B, I))");
  out->vars = p->vars;
  out->nvars = p->nvars;
  out->src = src;
  out->tgt = tgt;
  p->vars = NULL;
  return true;
}

bool vs_parse(VsCtx *ctx, const char *filename, const char *text, size_t len, VsFile *out, VsDiag *diag) {
  VsDiag local;
  if (!diag) diag = &local;
  memset(out, 0, sizeof *out);
  memset(diag, 0, sizeof *diag);
  if (!filename) filename = "<input>";
  if (len > VS_MAX_FILE_BYTES) {
    diag_set(diag, filename, 1, 1, "file too large (limit %zu MiB)", VS_MAX_FILE_BYTES >> 20);
    return false;
  }
  Parser p = {.ctx = ctx, .file = filename, .src = text ? text : "", .diag = diag, .max_depth = vs_ctx_max_depth(ctx)};
  lex_init(&p.lx, p.src, text ? len : 0);
  lex_next(&p.lx, &p.next);
  bool ok = advance(&p) && parse_file(&p, out);
  free(p.ast);
  free(p.vals);
  free(p.ops);
  free(p.decls);
  free(p.vars);
  if (!ok) memset(out, 0, sizeof *out);
  return ok;
}

bool vs_parse_file(VsCtx *ctx, const char *path, VsFile *out, VsDiag *diag) {
  VsDiag local;
  if (!diag) diag = &local;
  memset(out, 0, sizeof *out);
  char *buf;
  size_t len;
  const char *name;
  if (!vs_read_file(path, &buf, &len, &name, diag)) return false;
  bool ok = vs_parse(ctx, name, buf, len, out, diag);
  free(buf);
  return ok;
}

void vs_file_free(VsFile *f) {
  if (!f) return;
  free(f->vars);
  memset(f, 0, sizeof *f);
}

/* ---- expressions inside programs (text/expr_parse.h) ---- */

bool vs_is_reserved_name(const char *s, size_t len) { return is_reserved(s, len); }

bool vs_parse_expr_stream(VsCtx *ctx, const char *file, ExprStream *st, ExprLookup lookup, void *user, int expect,
                          Node **out, bool *flexible, VsDiag *diag) {
  return vs_parse_expr_stream_calls(ctx, file, st, lookup, user, NULL, expect, out, flexible, diag);
}

bool vs_parse_expr_stream_calls(VsCtx *ctx, const char *file, ExprStream *st, ExprLookup lookup, void *user,
                                const ExprCallHooks *calls, int expect, Node **out, bool *flexible, VsDiag *diag) {
  Parser p = {.ctx = ctx, .file = file ? file : "<input>", .src = st->lx.src, .diag = diag,
              .max_depth = vs_ctx_max_depth(ctx), .lookup = lookup, .lookup_user = user, .calls = calls};
  p.lx = st->lx;
  p.tok = st->tok;
  p.next = st->next;
  *out = NULL;
  uint32_t r;
  bool ok = false;
  if (p.tok.kind == TK_EOF) fail(&p, p.tok.line, p.tok.col, "expected an expression, found end of file");
  else if (parse_expr(&p, &r)) {
    if (flexible) *flexible = p.ast[r].kind != AK_NODE;
    ok = (*out = resolve(&p, r, expect)) != NULL;
  }
  st->lx = p.lx;
  st->tok = p.tok;
  st->next = p.next;
  free(p.ast);
  free(p.vals);
  free(p.ops);
  free(p.decls);
  free(p.vars);
  return ok;
}
