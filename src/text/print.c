/* print.c: the .vs printer. Its output parses back to the very same node (docs/syntax.md,
 * "Printing"), which takes two things: parentheses wherever precedence and associativity need them,
 * and a dtype suffix on exactly the literals whose dtype the parser would not infer.
 *
 * For the second, the printer replays the parser's typing. A subexpression is "flexible" when all its
 * same-dtype leaves are constants that can be written without a suffix (cf below); the parser gives a
 * flexible subexpression the dtype of its context (a sibling operand with a dtype, the case source) or
 * the default (index; f32 when it holds a float literal). When that would be the wrong dtype, the
 * printer "anchors" it: it suffixes the leftmost literal, which makes the whole subexpression typed.
 *
 * The printer is iterative (an explicit task stack), so any depth prints, and it stops at
 * VS_PRINT_MAX_BYTES of output: a DAG printed as a tree can be exponentially large. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "ir/nodemap.h"
#include "ir/vector.h"
#include "text/infix.h"
#include "text/literal.h"
#include "text/text.h"

#define VS_PRINT_MAX_BYTES ((size_t)16 << 20)

enum { E_NONE = -1 };

/* How a node prints its literals: decided from the context (AUTO), or forced by the parent. */
enum { M_AUTO, M_FLEX, M_ANCHOR, M_TYPED };

typedef struct {
  const Node *n;    /* NULL for a text task */
  const char *text; /* static text */
  int8_t expect;    /* the dtype the parser will push down to n, or E_NONE */
  uint8_t mode;
  bool wrap; /* parenthesise */
} Task;

typedef struct {
  char *buf;
  size_t len, cap;
  bool fail;
  Task *stack;
  size_t sp, scap;
  NodeMap cf; /* node -> its tree size << 1 | 1 when it can print flexible (compute_cf) */
  VsPrintHole hole; /* programs: the text of the call a hole ($N) stands for */
  void *hole_user;
} Printer;

static void put(Printer *pr, const char *s, size_t n) {
  if (pr->fail) return;
  if (n > VS_PRINT_MAX_BYTES - pr->len) {
    pr->fail = true;
    return;
  }
  if (pr->len + n + 1 > pr->cap) {
    size_t ncap = pr->cap ? pr->cap : 256;
    while (ncap < pr->len + n + 1) ncap *= 2;
    char *nb = realloc(pr->buf, ncap);
    if (!nb) {
      pr->fail = true;
      return;
    }
    pr->buf = nb;
    pr->cap = ncap;
  }
  memcpy(pr->buf + pr->len, s, n);
  pr->len += n;
  pr->buf[pr->len] = 0;
}

static void puts_(Printer *pr, const char *s) { put(pr, s, strlen(s)); }

static void push(Printer *pr, Task t) {
  if (pr->fail) return;
  if (pr->sp == pr->scap) {
    size_t ncap = pr->scap ? pr->scap * 2 : 64;
    Task *ns = realloc(pr->stack, ncap * sizeof *ns);
    if (!ns) {
      pr->fail = true;
      return;
    }
    pr->stack = ns;
    pr->scap = ncap;
  }
  pr->stack[pr->sp++] = t;
}

static void push_text(Printer *pr, const char *s) { push(pr, (Task){.text = s}); }

static void push_node(Printer *pr, const Node *n, int expect, int mode, bool wrap) {
  push(pr, (Task){.n = n, .expect = (int8_t)expect, .mode = (uint8_t)mode, .wrap = wrap});
}

static bool cf(const Printer *pr, const Node *n) {
  uint64_t v = 0;
  nodemap_get(&pr->cf, n, &v);
  return (v & 1) != 0;
}

/* Can n print without any suffix, given its own dtype as context? Its children are already known. */
static bool is_hole(const Printer *pr, const Node *n) { return pr->hole && n->op == OP_VAR && n->aux.name[0] == '$'; }

static bool node_cf(const Printer *pr, const Node *n) {
  /* A call inside an expression types like an untyped integer literal (index by default, never f32:
   * a float or bool call always carries its suffix). */
  if (is_hole(pr, n)) return dt_is_int((DType)n->dtype);
  switch ((Op)n->op) {
  case OP_CONST:
    if (dt_is_int((DType)n->dtype)) return true;
    if (dt_is_float((DType)n->dtype)) {
      double v = lit_float_value((DType)n->dtype, n->aux.bits);
      return v - v == 0; /* finite: inf and nan always carry their suffix */
    }
    return false; /* bool */
  case OP_VAR: case OP_INVALID: case OP_CAST: case OP_BITCAST: case OP_EQ: case OP_NE: case OP_LT: case OP_LE: return false;
  /* gep and cat type their operands without context (as a cast does); vec and bcast of untyped
   * literals wait for a context like `1 + 2` (parse.c, apply_vec_call). */
  case OP_GEP: case OP_CAT: return false;
  case OP_SELECT: return cf(pr, n->args[1]) && cf(pr, n->args[2]);
  /* Graph ops: buffers, pointers, effects and loads carry their dtype, and so does a range (always
   * index), whatever its end. The first operand of reduce and of after is a member of the result, so
   * an untyped one leaves the call untyped (parse.c, apply_graph_call). */
  case OP_BUFFER: case OP_INDEX: case OP_LOAD: case OP_STORE: case OP_NOOP: case OP_RANGE: case OP_END:
  case OP_EFFECT: case OP_OPAQUE: return false;
  case OP_REDUCE: return cf(pr, n->args[0]);
  case OP_AFTER: return n->args[0]->kind == NK_VALUE && cf(pr, n->args[0]);
  default:
    for (int i = 0; i < n->nargs; i++)
      if (!cf(pr, n->args[i])) return false;
    return true;
  }
}

/* The printer's per-node facts, one map value each: bit 0 says whether the node can print flexible,
 * the rest is its size as a tree in nodes (saturated just past VS_PRINT_MAX_BYTES). Every node prints
 * at least one byte, so a tree of more nodes than that is refused before any text is written: a DAG
 * of n nodes is then refused in O(n), not after 16 MiB of output. */
static uint64_t tree_size(const Printer *pr, const Node *n) {
  uint64_t v = 0;
  nodemap_get(&pr->cf, n, &v);
  return v >> 1;
}

static bool compute_cf(Printer *pr, Node *const *roots, size_t nroots) {
  Node **order;
  size_t n = vs_postorder_many(roots, nroots, &order);
  if (!n) return false;
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    uint64_t size = 1;
    for (int k = 0; k < order[i]->nargs; k++) size += tree_size(pr, order[i]->args[k]);
    if (size > VS_PRINT_MAX_BYTES) size = VS_PRINT_MAX_BYTES + 1;
    ok = nodemap_put(&pr->cf, order[i], size << 1 | (uint64_t)node_cf(pr, order[i]));
  }
  free(order);
  uint64_t total = 0;
  for (size_t i = 0; i < nroots && ok; i++) total += tree_size(pr, roots[i]);
  return ok && total <= VS_PRINT_MAX_BYTES;
}

/* Precedence of a node's printed form as seen by its parent (infix.h): an nsw(...) op never needs
 * parentheses. */
static int prec_of(const Node *n) {
  if (vs_is_nsw(n)) return INFIX_PREC_ATOM;
  const Infix *in = infix_of_node(n);
  return in ? in->prec : INFIX_PREC_ATOM;
}

static int resolve_mode(const Printer *pr, const Node *n, int expect, int mode) {
  if (mode != M_AUTO) return mode;
  if (!cf(pr, n)) return M_TYPED;
  if (expect == n->dtype) return M_FLEX;
  /* No context: the parser's default (index for integer literals, f32 when a float literal is there). */
  if (expect == E_NONE && (n->dtype == DT_INDEX || n->dtype == DT_F32)) return M_FLEX;
  return M_ANCHOR;
}

typedef struct {
  int expect, mode;
} Spec;

/* Contexts for the members (same-dtype operands) of a node printed in `mode`. */
static Spec member_spec(int mode, bool first, DType t) {
  if (mode == M_ANCHOR && first) return (Spec){t, M_ANCHOR};
  return (Spec){t, M_AUTO};
}

/* Contexts for the two operands of a comparison: siblings, with no context from above. */
static void cmp_specs(const Printer *pr, const Node *n, Spec s[2]) {
  DType t = (DType)n->args[0]->dtype;
  s[0] = s[1] = (Spec){t, M_AUTO};
  bool all_cf = cf(pr, n->args[0]) && cf(pr, n->args[1]);
  if (all_cf && t != DT_INDEX && t != DT_F32) s[0].mode = M_ANCHOR;
}

/* "0" ... "16" */
static const char *lane_text(int k) {
  static const char *const t[] = {"0", "1", "2",  "3",  "4",  "5",  "6",  "7", "8",
                                  "9", "10", "11", "12", "13", "14", "15", "16"};
  return k >= 0 && k <= 16 ? t[k] : "?";
}

/* vec(...) and cat(...): siblings of one dtype, no context from above; as for a comparison, when all
 * could print untyped and the parser's default is not their dtype, the first carries the suffix. */
static void print_vec_args(Printer *pr, const Node *n) {
  DType t = (DType)n->dtype;
  bool all_cf = true;
  for (int i = 0; i < n->nargs; i++) all_cf &= cf(pr, n->args[i]);
  puts_(pr, op_spelling((Op)n->op));
  put(pr, "(", 1);
  push_text(pr, ")");
  for (int i = n->nargs - 1; i >= 0; i--) {
    bool anchor = i == 0 && all_cf && t != DT_INDEX && t != DT_F32;
    push_node(pr, n->args[i], t, anchor ? M_ANCHOR : M_AUTO, false);
    if (i) push_text(pr, ", ");
  }
}

/* The calls of the tensor-graph layer. Operands get the contexts the parser gives them: index's I and
 * range's END are index values, store's V takes the buffer's dtype, reduce's and after's first operand
 * is a member of the result; the rest type themselves. Range names and buffer names are interned in
 * the context, so text tasks may point at them. */
static void print_graph(Printer *pr, const Node *n, int mode) {
  Op op = (Op)n->op;
  /* An abstract effect has no text form (ir/graph.h); it prints as NAME(RANGES...) for reports. */
  puts_(pr, op == OP_EFFECT || op == OP_OPAQUE ? n->aux.name : op_spelling(op));
  put(pr, "(", 1);
  push_text(pr, ")");
  if (op == OP_RANGE) {
    push_text(pr, n->aux.name);
    push_text(pr, ", ");
    push_node(pr, n->args[0], DT_INDEX, M_AUTO, false);
    return;
  }
  for (int i = n->nargs - 1; i >= 0; i--) {
    Spec s = {E_NONE, M_AUTO};
    if (op == OP_INDEX && i == 1) s.expect = DT_INDEX;
    if (op == OP_STORE && i == 1) s.expect = n->args[0]->dtype;
    if ((op == OP_REDUCE || op == OP_AFTER) && i == 0 && n->args[0]->kind == NK_VALUE)
      s = member_spec(mode, true, (DType)n->dtype);
    push_node(pr, n->args[i], s.expect, s.mode, false);
    if (i || op == OP_REDUCE) push_text(pr, ", ");
  }
  if (op == OP_REDUCE) puts_(pr, vs_reduce_op_name(vs_reduce_op(n)));
}

static void print_node(Printer *pr, const Task *t) {
  const Node *n = t->n;
  if (t->wrap) {
    put(pr, "(", 1);
    push_text(pr, ")");
  }
  int mode = resolve_mode(pr, n, t->expect, t->mode);
  DType dt = (DType)n->dtype;
  Op op = (Op)n->op;
  char buf[96];
  /* A no-signed-overflow op prints as nsw(OP): the marker is transparent to typing (docs/syntax.md). */
  if (vs_is_nsw(n)) {
    puts_(pr, "nsw(");
    push_text(pr, ")");
  }
  switch (op) {
  case OP_CONST:
    puts_(pr, vs_format_literal(dt, n->aux.bits, mode != M_FLEX, buf, sizeof buf));
    return;
  case OP_VAR:
    if (is_hole(pr, n)) {
      char *text = pr->hole(pr->hole_user, n);
      if (!text) {
        pr->fail = true;
        return;
      }
      puts_(pr, text);
      free(text);
      if (mode != M_FLEX) {
        puts_(pr, "_");
        puts_(pr, dt_name(dt));
      }
      return;
    }
    puts_(pr, n->aux.name);
    return;
  case OP_INVALID:
    puts_(pr, "invalid");
    return;
  case OP_NEG:
  case OP_NOT: {
    const Node *a = n->args[0];
    puts_(pr, op == OP_NEG ? "-" : dt == DT_BOOL ? "!" : "~");
    Spec s = member_spec(mode, true, dt);
    /* -(5) is the negation of a constant; -5 would be the constant -5. */
    push_node(pr, a, s.expect, s.mode, prec_of(a) < INFIX_PREC_ATOM || (op == OP_NEG && a->op == OP_CONST));
    return;
  }
  case OP_CAST:
  case OP_BITCAST:
    if (op == OP_BITCAST) puts_(pr, "bitcast_");
    puts_(pr, dt_name(dt));
    put(pr, "(", 1);
    push_text(pr, ")");
    push_node(pr, n->args[0], E_NONE, M_AUTO, false);
    return;
  case OP_BCAST:
    /* bcast(x, 4): x is a member (takes the vector's dtype), as in `-x`. */
    puts_(pr, "bcast(");
    push_text(pr, ")");
    push_text(pr, lane_text(n->lanes));
    push_text(pr, ", ");
    {
      Spec s = member_spec(mode, true, dt);
      push_node(pr, n->args[0], s.expect, s.mode, false);
    }
    return;
  case OP_GEP: {
    /* gep(v, 2), gep(v, [0, 2]): the operand has no context, as in a cast. Text tasks hold static
     * strings, hence lane_text. */
    puts_(pr, "gep(");
    push_text(pr, n->lanes == 1 ? ")" : "])");
    for (int k = n->lanes - 1; k >= 0; k--) {
      push_text(pr, lane_text(vs_gep_lane(n, k)));
      push_text(pr, n->lanes == 1 ? ", " : k ? ", " : ", [");
    }
    push_node(pr, n->args[0], E_NONE, M_AUTO, false);
    return;
  }
  case OP_CAT: print_vec_args(pr, n); return;
  case OP_BUFFER:
    puts_(pr, n->aux.name);
    return;
  case OP_NOOP:
    puts_(pr, "noop");
    return;
  case OP_INDEX:
  case OP_LOAD:
  case OP_STORE:
  case OP_RANGE:
  case OP_REDUCE:
  case OP_END:
  case OP_AFTER:
  case OP_EFFECT:
  case OP_OPAQUE:
    print_graph(pr, n, mode);
    return;
  default: break;
  }
  const Infix *infix = infix_of_node(n);
  Spec s[VS_MAX_LANES]; /* vec has up to 16 members */
  int first = op == OP_SELECT ? 1 : 0;
  if (op_is_cmp(op)) {
    cmp_specs(pr, n, s);
  } else {
    for (int i = first; i < n->nargs; i++) s[i] = member_spec(mode, i == first, dt);
    if (op == OP_SELECT) s[0] = (Spec){DT_BOOL, M_AUTO};
  }
  if (infix) {
    /* left-associative: a right operand of the same precedence needs parentheses, a left one not */
    push_node(pr, n->args[1], s[1].expect, s[1].mode, prec_of(n->args[1]) <= infix->prec);
    push_text(pr, " ");
    push_text(pr, infix->spelling);
    push_text(pr, " ");
    push_node(pr, n->args[0], s[0].expect, s[0].mode, prec_of(n->args[0]) < infix->prec);
    return;
  }
  puts_(pr, op_spelling(op));
  put(pr, "(", 1);
  push_text(pr, ")");
  for (int i = n->nargs - 1; i >= 0; i--) {
    push_node(pr, n->args[i], s[i].expect, s[i].mode, false);
    if (i) push_text(pr, ", ");
  }
}

static void run(Printer *pr) {
  while (pr->sp && !pr->fail) {
    Task t = pr->stack[--pr->sp];
    if (t.text) puts_(pr, t.text);
    else print_node(pr, &t);
  }
}

static char *finish(Printer *pr) {
  free(pr->stack);
  nodemap_free(&pr->cf);
  if (!pr->fail && !pr->buf) put(pr, "", 0);
  if (pr->fail) {
    free(pr->buf);
    return NULL;
  }
  return pr->buf;
}

char *vs_print(const Node *n) {
  Printer pr = {0};
  nodemap_init(&pr.cf);
  Node *root = (Node *)n; /* traversal only reads */
  if (!n || !compute_cf(&pr, &root, 1)) pr.fail = true;
  push_node(&pr, n, E_NONE, M_AUTO, false);
  run(&pr);
  return finish(&pr);
}

char *vs_print_holes(const Node *n, VsPrintHole hole, void *user) {
  Printer pr = {0};
  pr.hole = hole;
  pr.hole_user = user;
  nodemap_init(&pr.cf);
  Node *root = (Node *)n;
  if (!n || !compute_cf(&pr, &root, 1)) pr.fail = true;
  push_node(&pr, n, E_NONE, M_AUTO, false);
  run(&pr);
  return finish(&pr);
}

char *vs_print_case(Node *const *vars, size_t nvars, const Node *src, const Node *tgt) {
  Printer pr = {0};
  nodemap_init(&pr.cf);
  Node *roots[2] = {(Node *)src, (Node *)tgt};
  if (!src || !compute_cf(&pr, roots, tgt ? 2 : 1)) pr.fail = true;
  char a[48], b[48];
  for (size_t i = 0; i < nvars && !pr.fail; i++) {
    const Node *v = vars[i];
    DType dt = (DType)v->dtype;
    char ty[16];
    puts_(&pr, v->aux.name);
    puts_(&pr, ": ");
    if (v->op == OP_BUFFER) {
      /* `b: f32[16]`. A buffer of free size (the rule verifier's) has no declaration: it prints its
       * least size, and the range in a comment. */
      char sz[32], hi[32];
      snprintf(sz, sizeof sz, "%llu", (unsigned long long)v->lo);
      snprintf(hi, sizeof hi, "%llu", (unsigned long long)v->hi);
      puts_(&pr, dt_name(dt));
      puts_(&pr, "[");
      puts_(&pr, sz);
      puts_(&pr, "]");
      if (v->lo != v->hi) {
        puts_(&pr, "  # size in [");
        puts_(&pr, sz);
        puts_(&pr, ", ");
        puts_(&pr, hi);
        puts_(&pr, "]");
      }
      puts_(&pr, "\n");
      continue;
    }
    puts_(&pr, vs_node_type_name(v, ty, sizeof ty));
    if (!dt_is_float(dt) && (vs_vmin(v) != im_min(dt) || vs_vmax(v) != im_max(dt))) {
      puts_(&pr, " in [");
      puts_(&pr, im_format(vs_vmin(v), a));
      puts_(&pr, ", ");
      puts_(&pr, im_format(vs_vmax(v), b));
      puts_(&pr, "]");
    }
    puts_(&pr, "\n");
  }
  push_text(&pr, "\n");
  if (tgt) {
    /* The parser types the target's literals with the source's dtype. */
    push_node(&pr, tgt, src->dtype, M_AUTO, false);
    push_text(&pr, " --> ");
  }
  push_node(&pr, src, E_NONE, M_AUTO, false);
  run(&pr);
  return finish(&pr);
}
