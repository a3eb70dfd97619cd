/* gen_prog.c: the byte-driven program generator (see gen_prog.h).
 *
 * The generator writes text while keeping a model of what is visible (docs/syntax.md, "Scoping and
 * types"): a stack of variables, cut back when a for/while/if body ends (spmd and scope bodies do not
 * end visibility). Locals get fresh names (v1, v2, ...; loop variables l1, ...: `i8` would be a dtype) so that nothing is hidden by accident; a name
 * is reused on purpose only for a variable whose scope has ended, with the same type, which makes two
 * sibling definitions one (non-SSA) variable, the shape behind aliasing bugs in loop folds. */
#include "fuzz/gen_prog.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/gen.h"
#include "fuzz/input.h"
#include "text/text.h"

enum { MAX_VIS = 160, MAX_DEAD = 64, NAME_LEN = 16, ROWS_LEN = 64, SHAPE_LEN = 160 };

typedef struct {
  char name[NAME_LEN];
  DType dt;
  bool tensor;
  bool dist;     /* a distributed tensor (dtensor): viewed only (find_tensor skips it) */
  bool readonly; /* loop variables and carries in their body; parameters with a declared range */
  bool ranged;   /* a parameter with a declared range */
  bool param;
  Node *node;    /* scalars: a VAR node of that name, for the expression generator */
  char shape[SHAPE_LEN]; /* tensors: the shape entries as written, "n, 64" */
  char rows[ROWS_LEN];   /* tensors: the first entry */
} GVar;

typedef struct {
  char name[NAME_LEN];
  DType dt;
} Dead;

/* Where a break or continue would go: the innermost loop's carries, while nothing a jump may not
 * leave (an spmd, a scope, an if with results) stands between; NULL otherwise. */
typedef struct {
  const struct Slot *slots; /* n carries */
  unsigned n;
  const char *counter; /* a while loop's counter (carry 0): a continue must advance it */
} JumpTo;

typedef struct {
  VsCtx *ctx;
  FuzzIn *in;
  char *buf;
  size_t len, cap;
  bool oom;
  GVar vis[MAX_VIS];
  unsigned nvis;
  Dead dead[MAX_DEAD];
  unsigned ndead;
  unsigned next_name;  /* v1, v2, ... (and i, c, r, w for loop variables, carries, results) */
  unsigned stmts_left, max_depth, max_ops;
  unsigned call_depth; /* calls inside expressions being written (nested in arguments) */
  char last_tid[NAME_LEN]; /* the last task id submitted */
  int indent;
  const JumpTo *jt;
} PG;

/* ---- output ---- */

__attribute__((format(printf, 2, 3))) static void put(PG *g, const char *fmt, ...) {
  if (g->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
    va_end(ap);
    if (k < 0) {
      g->oom = true;
      return;
    }
    if ((size_t)k < g->cap - g->len) {
      g->len += (size_t)k;
      return;
    }
    size_t nc = g->cap * 2 + (size_t)k;
    char *nb = realloc(g->buf, nc);
    if (!nb) {
      g->oom = true;
      return;
    }
    g->buf = nb;
    g->cap = nc;
  }
}

/* A bounded copy (snprintf with "%s" would do, but the compiler cannot tell the buffers apart). */
static void copy_str(char *dst, size_t size, const char *src) {
  size_t n = strnlen(src, size - 1);
  memmove(dst, src, n);
  dst[n] = 0;
}

static void line_start(PG *g) { put(g, "%*s", 2 * g->indent, ""); }

/* ---- choices ---- */

/* bool i8 i16 i32 i64 u8 u16 u32 u64 index f16 f32 f64: index and the narrow integers first. */
static const uint8_t local_weight[DT_COUNT] = {8, 10, 6, 12, 5, 8, 5, 4, 3, 30, 2, 3, 2};
static const uint8_t int_weight[DT_COUNT] = {0, 10, 6, 12, 5, 8, 5, 4, 3, 30, 0, 0, 0};
static const uint8_t loop_weight[DT_COUNT] = {0, 3, 1, 4, 1, 2, 1, 1, 0, 30, 0, 0, 0};

static DType pick_dtype(PG *g, const uint8_t *w) { return (DType)fin_weighted(g->in, w, DT_COUNT); }
static unsigned below(PG *g, unsigned n) { return (unsigned)fin_below(g->in, n); }

static void fresh_name(PG *g, char prefix, char *out) { snprintf(out, NAME_LEN, "%c%u", prefix, ++g->next_name); }

/* ---- scope ---- */

static GVar *push_var(PG *g, const char *name, DType dt) {
  if (g->nvis >= MAX_VIS) return NULL;
  GVar *v = &g->vis[g->nvis++];
  memset(v, 0, sizeof *v);
  copy_str(v->name, NAME_LEN, name);
  v->dt = dt;
  return v;
}

static bool push_scalar(PG *g, const char *name, DType dt, i128 lo, i128 hi) {
  GVar *v = push_var(g, name, dt);
  if (!v) return false;
  v->node = vs_var(g->ctx, name, dt, lo, hi);
  if (!v->node) {
    g->nvis--;
    return false;
  }
  return true;
}

static bool push_local(PG *g, const char *name, DType dt) {
  if (dt_is_int(dt) || dt == DT_BOOL) return push_scalar(g, name, dt, im_min(dt), im_max(dt));
  return push_scalar(g, name, dt, 0, 0);
}

static bool visible(const PG *g, const char *name) {
  for (unsigned i = 0; i < g->nvis; i++)
    if (!strcmp(g->vis[i].name, name)) return true;
  return false;
}

/* Ends a for/while/if body: its scalars become reusable names (same type only). */
static void pop_to(PG *g, unsigned mark) {
  while (g->nvis > mark) {
    GVar *v = &g->vis[--g->nvis];
    if (!v->tensor && v->name[0] == 'v' && g->ndead < MAX_DEAD) {
      copy_str(g->dead[g->ndead].name, NAME_LEN, v->name);
      g->dead[g->ndead++].dt = v->dt;
    }
  }
}

/* A visible scalar of dt (NULL if none). `assignable`: one that may be assigned. */
static GVar *find_scalar(PG *g, DType dt, bool assignable) {
  unsigned idx[MAX_VIS], m = 0;
  for (unsigned i = 0; i < g->nvis; i++) {
    const GVar *v = &g->vis[i];
    if (!v->tensor && v->dt == dt && !(assignable && v->readonly)) idx[m++] = i;
  }
  return m ? &g->vis[idx[below(g, m)]] : NULL;
}

static GVar *find_tensor(PG *g) {
  unsigned idx[MAX_VIS], m = 0;
  for (unsigned i = 0; i < g->nvis; i++)
    if (g->vis[i].tensor && !g->vis[i].dist) idx[m++] = i;
  return m ? &g->vis[idx[below(g, m)]] : NULL;
}

/* A visible tensor to view: a plain one or, one time in two when there is one, a distributed one. */
static GVar *find_viewable(PG *g) {
  unsigned idx[MAX_VIS], m = 0;
  for (unsigned i = 0; i < g->nvis; i++)
    if (g->vis[i].dist) idx[m++] = i;
  if (m && below(g, 2)) return &g->vis[idx[below(g, m)]];
  return find_tensor(g);
}

/* An unranged integer parameter (the guards the pass must keep are on those), else any integer one. */
static GVar *unbound_param(PG *g) {
  unsigned idx[MAX_VIS], m = 0;
  for (unsigned i = 0; i < g->nvis; i++)
    if (g->vis[i].param && !g->vis[i].tensor && !g->vis[i].ranged && dt_is_int(g->vis[i].dt)) idx[m++] = i;
  return m ? &g->vis[idx[below(g, m)]] : find_scalar(g, DT_INDEX, false);
}

/* ---- expressions ---- */

static void put_node(PG *g, const Node *n) {
  char *t = n ? vs_print(n) : NULL;
  if (!t) {
    g->oom = g->oom || n;
    put(g, "0");
    return;
  }
  put(g, "%s", t);
  free(t);
}

static void put_const(PG *g, DType dt, i128 v) { put_node(g, vs_const_int(g->ctx, dt, v)); }

/* An expression of dt over the visible scalars (the most recent ones: at most GEN_CASE_VARS). */
static void put_expr(PG *g, DType dt, unsigned max_ops) {
  GenCase c;
  memset(&c, 0, sizeof c);
  for (unsigned i = g->nvis; i-- > 0 && c.nvars < GEN_CASE_VARS;)
    if (!g->vis[i].tensor && g->vis[i].node) c.vars[c.nvars++] = g->vis[i].node;
  Node *n = NULL;
  if (c.nvars) {
    /* max_vars 1: the expression generator must not invent variables the program does not define. */
    GenOptions o = {.max_ops = 1 + below(g, max_ops ? max_ops : 1), .max_depth = 3, .max_vars = 1, .no_invalid = true};
    n = gen_expr(g->ctx, g->in, &c, dt, &o);
  }
  if (!n) n = gen_const(g->ctx, g->in, dt);
  put_node(g, n);
}

static void put_call(PG *g, unsigned nargs_max);

/* A call inside an expression (docs/syntax.md, "Calls"), `fK(args)_T`: its suffix types it. An index
 * call sometimes goes without, typed by its context or by default. */
static void put_inner_call(PG *g, DType dt) {
  g->call_depth++;
  put_call(g, 2);
  g->call_depth--;
  if (dt != DT_INDEX || below(g, 2)) put(g, "_%s", dt_name(dt));
}

/* An expression of dt holding calls: beside an operand, under an operator that could drop or repeat
 * it (`* 0`, `- f(..)` of the same call text), in a branch of select (calls run whatever the
 * condition), two calls whose order a commutative rewrite could swap. */
static void put_call_expr(PG *g, DType dt) {
  bool is_bool = dt == DT_BOOL, is_float = dt_is_float(dt);
  static const char *const int_ops[] = {" + ", " - ", " * ", " & ", " | ", " ^ "};
  const char *op = is_bool ? (below(g, 2) ? " && " : " || ") : is_float ? int_ops[below(g, 3)] : int_ops[below(g, 6)];
  switch (below(g, 6)) {
  case 0: /* E op f(..) */
    put(g, "(");
    put_expr(g, dt, g->max_ops);
    put(g, ")%s", op);
    put_inner_call(g, dt);
    break;
  case 1: /* f(..) op E */
    put_inner_call(g, dt);
    put(g, "%s(", op);
    put_expr(g, dt, g->max_ops);
    put(g, ")");
    break;
  case 2: /* f(..) op g(..): two calls in order */
    put_inner_call(g, dt);
    put(g, "%s", op);
    put_inner_call(g, dt);
    break;
  case 3: /* select(c, f(..), E) */
    put(g, "select(");
    put_expr(g, DT_BOOL, 2);
    put(g, ", ");
    put_inner_call(g, dt);
    put(g, ", ");
    put_expr(g, dt, g->max_ops);
    put(g, ")");
    break;
  case 4: /* a call a fold would drop */
    put_inner_call(g, dt);
    put(g, is_bool ? " && false" : " * 0");
    break;
  default: /* a call alone */
    put_inner_call(g, dt);
    break;
  }
}

/* A value for a scalar slot of dt: an expression, now and then an opaque call or an expression with
 * calls inside. */
static void put_value(PG *g, DType dt, bool call_ok) {
  unsigned k = call_ok ? below(g, 8) : 0;
  if (k == 7) {
    put(g, "call ");
    put_call(g, 2);
  } else if (k == 6) {
    put_call_expr(g, dt);
  } else {
    put_expr(g, dt, g->max_ops);
  }
}

/* `fK(args)`: expressions (self-typed) and tensors. */
static void put_call(PG *g, unsigned nargs_max) {
  put(g, "f%u(", below(g, 4));
  unsigned n = below(g, nargs_max + 1);
  for (unsigned i = 0; i < n; i++) {
    if (i) put(g, ", ");
    GVar *t = below(g, 6) == 5 ? find_tensor(g) : NULL;
    if (t) put(g, "%s", t->name);
    else if (g->call_depth < 2 && below(g, 8) == 7) put_inner_call(g, pick_dtype(g, local_weight));
    else put_expr(g, pick_dtype(g, local_weight), g->max_ops);
  }
  put(g, ")");
}

/* ---- result slots: loop carries, if results ---- */

/* A carry or an if result: a scalar of dt, or a tensor of element dt whose shape is symbolic. */
typedef struct Slot {
  DType dt;
  bool tensor;
  char shape[SHAPE_LEN];
  char rows[ROWS_LEN];
} Slot;

/* `k: index = E` for a fresh name k: E a constant in [1, span] or an index expression over what is
 * visible. What types read (shapes, view fields) is made this way. */
static void put_index_binding(PG *g, char k[NAME_LEN], unsigned span) {
  fresh_name(g, 'v', k);
  line_start(g);
  put(g, "%s: index = ", k);
  if (below(g, 2)) put_const(g, DT_INDEX, 1 + below(g, span));
  else put_expr(g, DT_INDEX, 2);
  put(g, "\n");
  push_local(g, k, DT_INDEX);
}

/* Decides a slot. One in four is a tensor whose shape reads an index binding made here for it, which
 * often nothing else reads (only the type keeps it alive: dead-code removal must count it), over the
 * visible index variables or a constant the pass propagates into the type. */
static void pick_slot(PG *g, Slot *sl) {
  memset(sl, 0, sizeof *sl);
  if (below(g, 4) != 3) {
    sl->dt = pick_dtype(g, local_weight);
    return;
  }
  static const DType els[4] = {DT_F32, DT_I8, DT_F16, DT_U8};
  sl->tensor = true;
  sl->dt = els[below(g, 4)];
  char k[NAME_LEN];
  put_index_binding(g, k, 64);
  if (below(g, 2)) snprintf(sl->rows, ROWS_LEN, "%s", k);
  else snprintf(sl->rows, ROWS_LEN, "%s // %u", k, 1u << below(g, 3));
  snprintf(sl->shape, SHAPE_LEN, "%s, %u", sl->rows, 1u << below(g, 4));
}

static void put_slot_type(PG *g, const Slot *sl) {
  if (sl->tensor) put(g, "tensor[[%s], %s]", sl->shape, dt_name(sl->dt));
  else put(g, "%s", dt_name(sl->dt));
}

/* A visible tensor of element dtype dt, NULL if none. */
static GVar *find_tensor_of(PG *g, DType dt) {
  unsigned idx[MAX_VIS], m = 0;
  for (unsigned i = 0; i < g->nvis; i++)
    if (g->vis[i].tensor && !g->vis[i].dist && g->vis[i].dt == dt) idx[m++] = i;
  return m ? &g->vis[idx[below(g, m)]] : NULL;
}

/* A value for a slot: for a tensor, a visible tensor of its element dtype (the folds must not turn
 * passing it into a tensor definition) or a call (typed by the slot's shape). */
static void put_slot_value(PG *g, const Slot *sl, bool call_ok) {
  if (!sl->tensor) {
    put_value(g, sl->dt, call_ok);
    return;
  }
  GVar *t = below(g, 2) ? find_tensor_of(g, sl->dt) : NULL;
  if (t) {
    put(g, "%s", t->name);
  } else {
    put(g, "call ");
    put_call(g, 2);
  }
}

static void push_slot(PG *g, const char *name, const Slot *sl, bool readonly) {
  if (!sl->tensor) {
    if (push_local(g, name, sl->dt) && readonly) g->vis[g->nvis - 1].readonly = true;
    return;
  }
  GVar *v = push_var(g, name, sl->dt);
  if (!v) return;
  v->tensor = true;
  v->readonly = readonly;
  copy_str(v->shape, SHAPE_LEN, sl->shape);
  copy_str(v->rows, ROWS_LEN, sl->rows);
}

/* ---- statements ---- */

static void gen_block(PG *g, unsigned depth);

/* `{`, a block, an optional trailing yield of the given slots, `}` (the caller wrote the head). */
static void put_jump(PG *g);

static void body(PG *g, unsigned depth, const Slot *ys, unsigned ny) {
  put(g, " {\n");
  g->indent++;
  gen_block(g, depth + 1);
  if (!ny && g->jt && below(g, 4) == 0) put_jump(g);
  if (ny) {
    /* Now and then the yield ends an spmd or scope body that ends the block (the folds must find it
     * there and keep the scope). */
    unsigned wrap = below(g, 8);
    if (wrap >= 6) {
      line_start(g);
      put(g, wrap == 6 ? "spmd(2) {\n" : "scope {\n");
      g->indent++;
    }
    line_start(g);
    put(g, "yield ");
    for (unsigned i = 0; i < ny; i++) {
      if (i) put(g, ", ");
      put_slot_value(g, &ys[i], true);
    }
    put(g, "\n");
    if (wrap >= 6) {
      g->indent--;
      line_start(g);
      put(g, "}\n");
    }
  }
  g->indent--;
  line_start(g);
  put(g, "}");
}

/* `break` or `continue` with a value per carry of the loop it leaves (the last statement of its
 * block). A while loop's continue advances its counter, so that the loop still ends. */
static void put_jump(PG *g) {
  const JumpTo *jt = g->jt;
  bool brk = below(g, 2);
  line_start(g);
  put(g, brk ? "break" : "continue");
  for (unsigned i = 0; i < jt->n; i++) {
    put(g, i ? ", " : " ");
    if (jt->counter && i == 0) put(g, brk ? "%s" : "%s + 1", jt->counter);
    else put_slot_value(g, &jt->slots[i], true);
  }
  put(g, "\n");
}

static void assign_new(PG *g, bool call) {
  DType dt = pick_dtype(g, local_weight);
  char name[NAME_LEN];
  /* One in four reuses a name whose scope ended, with its type: a second definition of one variable. */
  if (g->ndead && below(g, 4) == 3) {
    const Dead *d = &g->dead[below(g, g->ndead)];
    if (!visible(g, d->name)) {
      copy_str(name, NAME_LEN, d->name);
      dt = d->dt;
    } else {
      fresh_name(g, 'v', name);
    }
  } else {
    fresh_name(g, 'v', name);
  }
  line_start(g);
  put(g, "%s: %s = ", name, dt_name(dt));
  if (call) {
    put(g, "call ");
    put_call(g, 3);
  } else if (below(g, 8) == 7) {
    put_call_expr(g, dt); /* often read by nothing: dead-code removal must keep its calls */
  } else {
    put_expr(g, dt, g->max_ops);
  }
  put(g, "\n");
  push_local(g, name, dt);
}

static void reassign(PG *g) {
  GVar *v = find_scalar(g, pick_dtype(g, local_weight), true);
  if (!v) v = find_scalar(g, DT_INDEX, true);
  if (!v) {
    assign_new(g, false);
    return;
  }
  line_start(g);
  put(g, "%s = ", v->name);
  put_value(g, v->dt, true);
  put(g, "\n");
}

/* One time in three, ` predicate t[i, j] OP K` over a visible tensor (all are rank 2) with indices
 * over the visible index variables (which the pass folds; the comparison it must keep). */
static void put_predicate(PG *g) {
  static const char *const ops[6] = {"==", "!=", ">", "<", ">=", "<="};
  GVar *t = below(g, 3) == 0 ? find_viewable(g) : NULL;
  if (!t) return;
  char name[NAME_LEN];
  copy_str(name, NAME_LEN, t->name);
  put(g, " predicate %s[", name);
  put_expr(g, DT_INDEX, 1);
  put(g, ", ");
  put_expr(g, DT_INDEX, 1);
  put(g, "] %s %d", ops[below(g, 6)], (int)below(g, 5) - 2);
}

/* `(out: T, tid) = submit fK(args) deps [...]`, or one time in four `out: T = submit fK(args) deps
 * [...]` (the id not bound) (docs/syntax.md, "Tasks"): the dependencies name the last task id when it
 * is visible (often its only reader: dead-code removal must keep it), another index variable, or a
 * copy of the id made for them. */
static void submit_stmt(PG *g) {
  DType dt = pick_dtype(g, local_weight);
  char out[NAME_LEN], tid[NAME_LEN], copy[NAME_LEN] = "";
  bool last = g->last_tid[0] && visible(g, g->last_tid);
  if (last && below(g, 3) == 2) {
    fresh_name(g, 'v', copy);
    line_start(g);
    put(g, "%s: index = %s\n", copy, g->last_tid);
    push_local(g, copy, DT_INDEX);
  }
  bool single = below(g, 4) == 0;
  fresh_name(g, 'v', out);
  if (!single) fresh_name(g, 'v', tid);
  line_start(g);
  if (single) put(g, "%s: %s = submit ", out, dt_name(dt));
  else put(g, "(%s: %s, %s) = submit ", out, dt_name(dt), tid);
  put_call(g, 2);
  unsigned nd = below(g, 3);
  if (nd) {
    put(g, " deps [");
    for (unsigned i = 0; i < nd; i++) {
      if (i) put(g, ", ");
      GVar *v = find_scalar(g, DT_INDEX, false);
      if (i == 0 && copy[0]) put(g, "%s", copy);
      else if (i == 0 && last) put(g, "%s", g->last_tid);
      else if (v) put(g, "%s", v->name);
      else put(g, "%u", below(g, 4));
    }
    put(g, "]");
  }
  put_predicate(g);
  put(g, "\n");
  push_local(g, out, dt);
  if (single) return;
  push_local(g, tid, DT_INDEX);
  copy_str(g->last_tid, NAME_LEN, tid);
}

static void call_stmt(PG *g) {
  if (below(g, 6) == 5) {
    submit_stmt(g);
    return;
  }
  line_start(g);
  put(g, "call ");
  put_call(g, 3);
  put(g, "\n");
}

/* Loop bounds: constant ones with trip counts around 0 and 1 (and a few more), or symbolic ones over
 * the visible variables (`range(x, x + 1)` included: it may wrap, so the pass must not fold it). */
static void put_bounds(PG *g, DType dt, bool *step_neg) {
  *step_neg = false;
  unsigned shape = below(g, 8);
  if (shape < 4) { /* constant */
    static const int starts[8] = {0, 0, 1, -1, 2, 5, 16, -3};
    static const int trips[8] = {1, 0, 1, 2, 3, -1, 1, 5};
    i128 start = starts[below(g, 8)], trip = trips[below(g, 8)];
    if (!dt_is_signed(dt) && start < 0) start = 0;
    if (below(g, 8) == 7) { /* at the dtype's top edge: stop may not fit, then trip 0 */
      start = im_max(dt) - 1;
      trip = below(g, 2);
    }
    i128 stop;
    if (!im_add_ok(start, trip, &stop) || !im_fits(dt, stop)) stop = start;
    unsigned step = below(g, 4) == 3 ? 2 + below(g, 3) : 1;
    if (step > 1 && below(g, 4) == 0 && dt_is_signed(dt)) { /* count down */
      put(g, "(");
      put_const(g, dt, stop);
      put(g, ", ");
      put_const(g, dt, start);
      put(g, ", ");
      put_const(g, dt, -(i128)step);
      put(g, ")");
      *step_neg = true;
      return;
    }
    put(g, "(");
    put_const(g, dt, start);
    put(g, ", ");
    put_const(g, dt, stop);
    if (step > 1) {
      put(g, ", ");
      put_const(g, dt, step);
    }
    put(g, ")");
    return;
  }
  GVar *v = find_scalar(g, dt, false);
  if (shape == 4 && v) { /* range(x, x + 1): one trip unless it wraps */
    put(g, "(%s, %s + ", v->name, v->name);
    put_const(g, dt, 1);
    put(g, ")");
    return;
  }
  put(g, "(");
  if (below(g, 2)) put_const(g, dt, below(g, 2));
  else put_expr(g, dt, 2);
  put(g, ", ");
  put_expr(g, dt, 2);
  if (below(g, 6) == 5) {
    put(g, ", ");
    if (v && below(g, 2)) put(g, "%s", v->name); /* a symbolic step: may be 0 (UB) or negative */
    else put_const(g, dt, 1 + below(g, 4));
  }
  put(g, ")");
}

static void for_loop(PG *g, unsigned depth) {
  static const char *const kinds[4] = {"range", "parallel", "unroll", "pipeline"};
  static const uint8_t kind_w[4] = {10, 2, 2, 1};
  DType dt = pick_dtype(g, loop_weight);
  char iv[NAME_LEN];
  fresh_name(g, 'l', iv);
  unsigned nc = below(g, 3) == 2 ? 1 + below(g, 2) : 0;
  bool rets = nc && below(g, 4) != 0;
  char cn[2][NAME_LEN], rn[2][NAME_LEN];
  Slot cd[2];
  for (unsigned k = 0; k < nc; k++) {
    fresh_name(g, 'c', cn[k]);
    fresh_name(g, 'r', rn[k]);
    pick_slot(g, &cd[k]);
  }
  line_start(g);
  if (rets) {
    put(g, "(");
    for (unsigned k = 0; k < nc; k++) {
      put(g, "%s%s: ", k ? ", " : "", rn[k]);
      put_slot_type(g, &cd[k]);
    }
    put(g, ") = ");
  }
  bool neg;
  put(g, "for %s in %s", iv, kinds[fin_weighted(g->in, kind_w, 4)]);
  put_bounds(g, dt, &neg);
  if (below(g, 10) == 9) put(g, " @%s", below(g, 2) ? "vectorize" : "no_fold");
  if (nc) {
    put(g, " iter (");
    for (unsigned k = 0; k < nc; k++) {
      put(g, "%s%s: ", k ? ", " : "", cn[k]);
      put_slot_type(g, &cd[k]);
      put(g, " = ");
      put_slot_value(g, &cd[k], true);
    }
    put(g, ")");
  }
  unsigned mark = g->nvis;
  GVar *lv = NULL;
  if (push_local(g, iv, dt)) lv = &g->vis[g->nvis - 1];
  if (lv) lv->readonly = true;
  for (unsigned k = 0; k < nc; k++) push_slot(g, cn[k], &cd[k], true);
  const JumpTo *saved_jt = g->jt, jt = {cd, nc, NULL};
  g->jt = &jt;
  body(g, depth, cd, nc);
  g->jt = saved_jt;
  put(g, "\n");
  pop_to(g, mark);
  if (rets)
    for (unsigned k = 0; k < nc; k++) push_slot(g, rn[k], &cd[k], false);
}

static void if_stmt(PG *g, unsigned depth) {
  unsigned nr = below(g, 3) == 2 ? 1 + below(g, 2) : 0;
  char rn[2][NAME_LEN];
  Slot rd[2];
  for (unsigned k = 0; k < nr; k++) {
    fresh_name(g, 'r', rn[k]);
    pick_slot(g, &rd[k]);
  }
  line_start(g);
  if (nr) {
    put(g, "(");
    for (unsigned k = 0; k < nr; k++) {
      put(g, "%s%s: ", k ? ", " : "", rn[k]);
      put_slot_type(g, &rd[k]);
    }
    put(g, ") = ");
  }
  put(g, "if ");
  put_expr(g, DT_BOOL, g->max_ops);
  unsigned mark = g->nvis;
  const JumpTo *saved_jt = g->jt;
  if (nr) g->jt = NULL; /* a jump may not leave an if with results */
  body(g, depth, rd, nr);
  pop_to(g, mark);
  if (nr || below(g, 2)) {
    put(g, " else");
    body(g, depth, rd, nr);
    pop_to(g, mark);
  }
  g->jt = saved_jt;
  put(g, "\n");
  for (unsigned k = 0; k < nr; k++) push_slot(g, rn[k], &rd[k], false);
}

/* A while loop whose trip count is small whatever the inputs: a counter from a small constant up to a
 * small bound (so the interpreter and the unrolling validator both see it end), and maybe a second
 * carry of any dtype. Sometimes the condition is false on entry, and rarely it may never turn false. */
static void while_loop(PG *g, unsigned depth) {
  char wn[NAME_LEN], an[NAME_LEN], rw[NAME_LEN], ra[NAME_LEN];
  fresh_name(g, 'w', wn);
  fresh_name(g, 'c', an);
  fresh_name(g, 'r', rw);
  fresh_name(g, 'r', ra);
  bool second = below(g, 2);
  Slot ad;
  if (second) pick_slot(g, &ad);
  bool rets = below(g, 4) != 0;
  int init = (int)below(g, 5) - 2, bound = (int)below(g, 6) - 1;
  line_start(g);
  if (rets) {
    put(g, "(%s: index", rw);
    if (second) {
      put(g, ", %s: ", ra);
      put_slot_type(g, &ad);
    }
    put(g, ") = ");
  }
  put(g, "while iter (%s: index = %d", wn, init);
  if (second) {
    put(g, ", %s: ", an);
    put_slot_type(g, &ad);
    put(g, " = ");
    put_slot_value(g, &ad, ad.tensor);
  }
  put(g, ") cond %s < %d", wn, bound);
  unsigned mark = g->nvis;
  if (push_local(g, wn, DT_INDEX)) g->vis[g->nvis - 1].readonly = true;
  if (second) push_slot(g, an, &ad, true);
  if (below(g, 4) == 3) {
    put(g, " && ");
    put_expr(g, DT_BOOL, 2);
  }
  /* Rarely, a condition that may stay true: a loop that never ends, which the interpreter's fuel cuts
   * and the validator must not replay for minutes (corpus/regressions/programs/confirm_endless_loop_fuel.vs). */
  if (below(g, 16) == 0) {
    put(g, " || ");
    put_expr(g, DT_BOOL, 1);
  }
  put(g, " {\n");
  g->indent++;
  Slot ws[2] = {{.dt = DT_INDEX}};
  if (second) ws[1] = ad;
  const JumpTo *saved_jt = g->jt, jt = {ws, second ? 2u : 1u, wn};
  g->jt = &jt;
  gen_block(g, depth + 1);
  g->jt = saved_jt;
  line_start(g);
  put(g, "yield %s + %u", wn, 1 + below(g, 2));
  if (second) {
    put(g, ", ");
    put_slot_value(g, &ad, true);
  }
  put(g, "\n");
  g->indent--;
  line_start(g);
  put(g, "}\n");
  pop_to(g, mark);
  if (rets) {
    push_local(g, rw, DT_INDEX);
    if (second) push_slot(g, ra, &ad, false);
  }
}

/* `pin vN = t[index]` (docs/syntax.md, "Statements") into tensor t: the index sometimes reads
 * an index binding made here for it, which nothing else reads (only the pin keeps it alive: dead-code
 * removal must count it), masked so that it is rarely negative (UB), or a constant the pass folds. */
static void pin_stmt(PG *g, const char *tensor) {
  char t[NAME_LEN], k[NAME_LEN] = "", name[NAME_LEN];
  copy_str(t, NAME_LEN, tensor);
  if (below(g, 2)) {
    GVar *p = unbound_param(g);
    fresh_name(g, 'v', k);
    line_start(g);
    if (p && p->dt == DT_INDEX) put(g, "%s: index = %s + %u\n", k, p->name, below(g, 4));
    else {
      put(g, "%s: index = ", k);
      put_expr(g, DT_INDEX, 2);
      put(g, "\n");
    }
    push_local(g, k, DT_INDEX);
  }
  fresh_name(g, 'v', name);
  line_start(g);
  put(g, "pin %s = %s[", name, t);
  switch (k[0] ? below(g, 3) : 3) {
  case 0: put(g, "%s & %u", k, 1 + below(g, 15)); break;
  case 1: put(g, "(%s & 7) * %u", k, 1 + below(g, 3)); break;
  case 2: put(g, "%s", k); break;
  default: put(g, "%u + %u", below(g, 8), below(g, 4)); break;
  }
  put(g, "]\n");
  push_local(g, name, DT_INDEX);
  if (below(g, 2)) {
    line_start(g);
    put(g, "call f%u(%s)\n", below(g, 4), name);
  }
}

/* `domain [s1: size, ...] { body }` (docs/syntax.md, "Statements"). The body is written
 * first and the slot list inserted before it afterwards, since the sizes are expressions over what is
 * visible at the body's end: an unconditional binding of the body (which the pass folds into the size
 * when it is a constant), and an index the body compares in a branch (`if x == 3 { ... }`: a fact
 * that must not specialize the size). The slots are read-only index variables, passed to calls. */
static void domain_stmt(PG *g, unsigned depth) {
  unsigned ns = 1 + below(g, 3);
  char slots[3][NAME_LEN], bind[NAME_LEN] = "", branch[NAME_LEN] = "";
  line_start(g);
  put(g, "domain ");
  size_t at = g->len;
  if (below(g, 3) == 0) put(g, " @group(world)");
  put(g, " {\n");
  g->indent++;
  for (unsigned i = 0; i < ns; i++) {
    fresh_name(g, 's', slots[i]);
    if (push_local(g, slots[i], DT_INDEX)) g->vis[g->nvis - 1].readonly = true;
  }
  const JumpTo *saved_jt = g->jt;
  g->jt = NULL; /* a jump may not leave a domain */
  if (below(g, 3)) { /* an unconditional binding: a constant, or over a parameter */
    fresh_name(g, 'v', bind);
    GVar *p = unbound_param(g);
    line_start(g);
    if (below(g, 2) || !p || p->dt != DT_INDEX) put(g, "%s: index = %u\n", bind, 1 + below(g, 64));
    else put(g, "%s: index = %s + %u\n", bind, p->name, below(g, 4));
    push_local(g, bind, DT_INDEX);
  }
  if (depth + 1 < g->max_depth && below(g, 2)) gen_block(g, depth + 1);
  if (below(g, 3)) { /* a branch-local fact over an index the sizes read */
    GVar *p = below(g, 2) && bind[0] ? NULL : unbound_param(g);
    copy_str(branch, NAME_LEN, p && p->dt == DT_INDEX ? p->name : bind);
    if (branch[0]) {
      line_start(g);
      put(g, "if %s == %u {\n", branch, below(g, 4));
      line_start(g);
      put(g, "  call f%u(%s, %s)\n", below(g, 4), slots[below(g, ns)], branch);
      line_start(g);
      put(g, "}\n");
    }
  }
  line_start(g);
  put(g, "call f%u(%s)\n", below(g, 4), slots[below(g, ns)]);
  g->jt = saved_jt;
  g->indent--;
  line_start(g);
  put(g, "}\n");
  /* The slot list, over what is visible now. */
  char *rest = g->oom ? NULL : strdup(g->buf + at);
  if (!rest) {
    g->oom = true;
    return;
  }
  g->len = at;
  put(g, "[");
  for (unsigned i = 0; i < ns; i++) {
    put(g, "%s%s: ", i ? ", " : "", slots[i]);
    const char *v = i == 0 && branch[0] ? branch : i <= 1 && bind[0] ? bind : NULL;
    switch (v ? below(g, 3) : 3) {
    case 0: put(g, "%s * %u", v, 1u << below(g, 4)); break;
    case 1: put(g, "%s + %u", v, below(g, 8)); break;
    case 2: put(g, "%s", v); break;
    default: put_expr(g, DT_INDEX, 2); break;
    }
  }
  put(g, "]%s", rest);
  free(rest);
}

static void spmd_or_scope(PG *g, unsigned depth) {
  if (below(g, 3) == 0) {
    domain_stmt(g, depth);
    return;
  }
  line_start(g);
  if (below(g, 3)) {
    put(g, "spmd(");
    if (below(g, 2)) put(g, "%u // 2", 2 * (1 + below(g, 8)));
    else put_expr(g, DT_INDEX, 2);
    put(g, ")");
    /* The dispatch's dependencies (the last task id when visible) and predicate. */
    if (below(g, 3) == 0) {
      bool last = g->last_tid[0] && visible(g, g->last_tid);
      put(g, " deps [");
      if (last) put(g, "%s, ", g->last_tid);
      put_expr(g, DT_INDEX, 1);
      put(g, "]");
    }
    put_predicate(g);
  } else {
    put(g, "scope");
  }
  /* Runtime annotations: every stage must carry them through and print them back. */
  if (below(g, 3) == 0) {
    unsigned a = below(g, 3);
    if (a == 0) put(g, " @level(core_group)");
    else if (a == 1) put(g, " @manual"); /* the reference's manual_scope */
    else put(g, " @manual @level(%u)", below(g, 4));
  }
  const JumpTo *saved_jt = g->jt;
  g->jt = NULL; /* a jump may not leave a scope */
  body(g, depth, NULL, 0); /* definitions in it stay visible: no pop */
  g->jt = saved_jt;
  put(g, "\n");
}

/* The guards the pass must keep: `if a < 0` on an unbound parameter, and
 * `pos = base - 1; if pos >= 0 { if pos < 8 { ... } }`. */
static void guard(PG *g, unsigned depth) {
  GVar *p = unbound_param(g);
  if (!p) {
    call_stmt(g);
    return;
  }
  char pname[NAME_LEN];
  copy_str(pname, NAME_LEN, p->name);
  DType dt = p->dt;
  if (below(g, 2) && visible(g, pname)) {
    static const char *const cmps[4] = {"<", ">=", "<=", ">"};
    line_start(g);
    put(g, "if %s %s ", pname, cmps[below(g, 4)]);
    put_const(g, dt, below(g, 4) == 3 ? -1 : 0);
    put(g, " { call f%u(%s) }", below(g, 4), pname);
    if (below(g, 3) == 2) {
      unsigned mark = g->nvis;
      put(g, " else");
      body(g, depth, NULL, 0);
      pop_to(g, mark);
    }
    put(g, "\n");
    return;
  }
  char pos[NAME_LEN];
  fresh_name(g, 'v', pos);
  line_start(g);
  put(g, "%s: %s = %s - ", pos, dt_name(dt), pname);
  put_const(g, dt, 1);
  put(g, "\n");
  line_start(g);
  put(g, "if %s >= ", pos);
  put_const(g, dt, 0);
  put(g, " {\n");
  g->indent++;
  line_start(g);
  put(g, "if %s < ", pos);
  put_const(g, dt, 8);
  put(g, " { call f%u(%s) }\n", below(g, 4), pos);
  g->indent--;
  line_start(g);
  put(g, "}\n");
  push_local(g, pos, dt);
}

/* A nest of single-trip loops (sometimes deeper than the pass's cap of 16 per run) whose body tests
 * the loop variables; or two sibling single-trip loops that define the same local. */
static void single_trip(PG *g, unsigned depth) {
  if (below(g, 2)) {
    char local[NAME_LEN];
    fresh_name(g, 'v', local);
    for (int sib = 0; sib < 2; sib++) {
      char iv[NAME_LEN];
      fresh_name(g, 'l', iv);
      int c = (int)below(g, 3);
      line_start(g);
      put(g, "for %s in range(%d, %d) {\n", iv, c, c + 1);
      g->indent++;
      line_start(g);
      put(g, "if %s < %d {\n", iv, c + (int)below(g, 2));
      line_start(g);
      put(g, "  %s: index = %s + %d\n", local, iv, sib + 1);
      line_start(g);
      put(g, "  call f%u(%s)\n", below(g, 4), local);
      line_start(g);
      put(g, "}\n");
      g->indent--;
      line_start(g);
      put(g, "}\n");
    }
    return;
  }
  unsigned n = 1 + below(g, 4);
  if (below(g, 8) == 7) n = 15 + below(g, 6); /* around the cap */
  char ivs[24][NAME_LEN];
  unsigned mark = g->nvis;
  for (unsigned k = 0; k < n; k++) {
    fresh_name(g, 'l', ivs[k]);
    line_start(g);
    put(g, "for %s in range(%u, %u) {\n", ivs[k], k % 3, k % 3 + 1);
    if (push_local(g, ivs[k], DT_INDEX)) g->vis[g->nvis - 1].readonly = true;
    g->indent++;
  }
  line_start(g);
  put(g, "call f%u(%s < %u, %s)\n", below(g, 4), ivs[n - 1], (n - 1) % 3 + below(g, 2), ivs[0]);
  /* A jump in there keeps the single-trip loop it leaves (Fold B must not copy it). */
  const JumpTo *saved_jt = g->jt, jt = {NULL, 0, NULL};
  g->jt = &jt;
  if (depth + 1 < g->max_depth && below(g, 2)) gen_block(g, g->max_depth - 1);
  if (below(g, 4) == 0) put_jump(g);
  g->jt = saved_jt;
  for (unsigned k = 0; k < n; k++) {
    g->indent--;
    line_start(g);
    put(g, "}\n");
  }
  pop_to(g, mark);
}

/* Tensors: a view (sometimes the identity, which the pass turns into an alias), an alias, or a tensor
 * from a call, with shapes that are index expressions (constants to propagate into them). */
static void tensor_def(PG *g) {
  GVar *t = find_tensor(g);
  char name[NAME_LEN], shape[SHAPE_LEN], rows[ROWS_LEN];
  fresh_name(g, 'v', name);
  DType el = t ? t->dt : DT_F32;
  unsigned k = below(g, 4);
  if (t && k == 0) { /* the identity view */
    copy_str(shape, SHAPE_LEN, t->shape);
    copy_str(rows, ROWS_LEN, t->rows);
    line_start(g);
    put(g, "%s: tensor[[%s], %s] = call view(%s, %s, 0)\n", name, shape, dt_name(el), t->name, rows);
  } else if (t && k == 1) { /* an alias */
    copy_str(shape, SHAPE_LEN, t->shape);
    copy_str(rows, ROWS_LEN, t->rows);
    line_start(g);
    put(g, "%s: tensor[[%s], %s] = %s\n", name, shape, dt_name(el), t->name);
  } else {
    char kname[NAME_LEN];
    fresh_name(g, 'v', kname);
    unsigned kval = 32u << below(g, 5);
    line_start(g);
    put(g, "%s: index = %u\n", kname, kval);
    push_local(g, kname, DT_INDEX);
    snprintf(rows, ROWS_LEN, "%s // %u", kname, 1u << below(g, 6));
    snprintf(shape, SHAPE_LEN, "%s, %u", rows, 1u << below(g, 7));
    line_start(g);
    if (t && k == 2) put(g, "%s: tensor[[%s], %s] = call view(%s, %s, 0)\n", name, shape, dt_name(el), t->name, rows);
    else put(g, "%s: tensor[[%s], %s] = call f%u(%s)\n", name, shape, dt_name(el), below(g, 4), kname);
  }
  GVar *v = push_var(g, name, el);
  if (v) {
    v->tensor = true;
    copy_str(v->shape, SHAPE_LEN, shape);
    copy_str(v->rows, ROWS_LEN, rows);
  }
  if (below(g, 2)) pin_stmt(g, t && below(g, 2) ? t->name : name);
}

/* Views, tiles and tuples (docs/syntax.md "Types"): an as_layout of a visible tensor (to its own
 * layout, which the pass turns into an alias, or a flip it must keep), and a tile or tuple from a call
 * whose type reads index bindings made here that nothing else reads (only the type keeps them
 * alive) or constants the pass propagates into it, sometimes carried through a loop (a single-trip
 * one folds and passes the tile on by name). Each new variable is passed to a call at once: the
 * model of visible variables (GVar) knows bare tensors only. */
static void typed_def(PG *g) {
  static const char *const els[4] = {"f32", "i8", "f16", "u8"};
  static const char *const tags[4] = {"", ", pad=zero", ", slayout=col_major", ", fractal=1024, compact=normal"};
  char name[NAME_LEN], k[NAME_LEN];
  fresh_name(g, 'v', name);
  GVar *t = below(g, 3) ? find_viewable(g) : NULL;
  if (t) {
    /* t's shape is `rows, C`: row-major nd strides are [C, 1]; the dn flip swaps the two entries. */
    const char *c = strrchr(t->shape, ',');
    c = c ? c + 2 : "1";
    line_start(g);
    unsigned form = below(g, 4);
    if (t->dist || form >= 2) {
      /* The view's layout and shape forms (their types derived): to t's own layout (an alias for the
       * pass), a dn flip, or a new shape of as many elements (`[C, rows]`, `[(rows) * C]`), sometimes
       * over a binding made for it, which the pass propagates into the shape and the strides. */
      static const char *const lay[3] = {"", ", layout=nd", ", layout=dn"};
      switch (below(g, 4)) {
      case 0: put(g, "%s = call view(%s, layout=%s)\n", name, t->name, below(g, 2) ? "nd" : "dn"); break;
      case 1: put(g, "%s = call view(%s, [%s, %s]%s)\n", name, t->name, c, t->rows, lay[below(g, 3)]); break;
      case 2: put(g, "%s = call view(%s, [(%s) * %s]%s)\n", name, t->name, t->rows, c, lay[below(g, 2)]); break;
      default:
        put_index_binding(g, k, 4);
        line_start(g);
        put(g, "%s = call view(%s, [%s + 1, %s * 2, (%s) * %s]%s)\n", name, t->name, k, k, t->rows, c, lay[below(g, 3)]);
        break;
      }
    } else if (form)
      put(g, "%s: tensor[[%s], %s, view(stride=[%s, 1], layout=nd%s)] = call as_layout(%s)\n", name, t->shape,
          dt_name(t->dt), c, below(g, 4) ? "" : ", pad=max", t->name);
    else
      put(g, "%s: tensor[[%s, %s], %s, view(stride=[1, %s], layout=dn)] = call as_layout(%s)\n", name, c, t->rows,
          dt_name(t->dt), c, t->name);
    line_start(g);
    put(g, "call f%u(%s)\n", below(g, 4), name);
    return;
  }
  put_index_binding(g, k, 32);
  const char *el = els[below(g, 4)];
  char ty[SHAPE_LEN * 2];
  unsigned cols = 1u << below(g, 5);
  switch (below(g, 3)) {
  case 0:
    snprintf(ty, sizeof ty, "tile[[%s, %u], %s]", k, cols, el);
    break;
  case 1:
    snprintf(ty, sizeof ty, "tile[[%u, %u], %s, view(valid_shape=[%s %% %u, %u], stride=[%u, 1], start_offset=%s * %u%s)]",
             cols, cols, el, k, cols + 1, cols, cols, k, 1u << below(g, 3), tags[below(g, 4)]);
    break;
  default:
    snprintf(ty, sizeof ty, "tuple[%s, tensor[[%s + %u, 2 * 4], %s, view(valid_shape=[%s, 8])]]", dt_name(pick_dtype(g, int_weight)),
             k, below(g, 3), el, k);
    break;
  }
  line_start(g);
  put(g, "%s: %s = call f%u(%s)\n", name, ty, below(g, 4), k);
  if (below(g, 2)) {
    /* Through a loop of 1 to 3 trips (a single trip folds: the carry passes on by name). */
    char r[NAME_LEN], c[NAME_LEN], iv[NAME_LEN];
    fresh_name(g, 'v', r);
    fresh_name(g, 'v', c);
    fresh_name(g, 'l', iv);
    line_start(g);
    put(g, "(%s) = for %s in range(0, %u) iter (%s: %s = %s) {\n", r, iv, 1 + below(g, 3), c, ty, name);
    line_start(g);
    put(g, "  yield call f%u(%s, %s)\n", below(g, 4), c, iv);
    line_start(g);
    put(g, "}\n");
    copy_str(name, NAME_LEN, r);
  }
  line_start(g);
  put(g, "call f%u(%s)\n", below(g, 4), name);
}

/* A constant binding that the pass propagates into what follows (a loop bound, a guard). */
static void const_binding(PG *g, unsigned depth) {
  char k[NAME_LEN];
  fresh_name(g, 'v', k);
  DType dt = pick_dtype(g, int_weight);
  line_start(g);
  put(g, "%s: %s = ", k, dt_name(dt));
  put_node(g, gen_const(g->ctx, g->in, dt));
  put(g, "\n");
  push_local(g, k, dt);
  if (below(g, 2)) {
    line_start(g);
    put(g, "if %s > ", k);
    put_const(g, dt, below(g, 2) ? 0 : 100);
    unsigned mark = g->nvis;
    body(g, depth, NULL, 0);
    pop_to(g, mark);
    put(g, "\n");
  }
}

/* A loop over [start, stop) with a symbolic stop (a ranged parameter when there is one) whose body
 * asks what the analyzer's facts decide: comparisons of the loop variable with constants (transitive
 * through the stop's range), its remainder by the step (congruences). */
static void fact_loop(PG *g, unsigned depth) {
  GVar *n = NULL;
  for (unsigned i = 0; i < g->nvis && !n; i++)
    if (g->vis[i].param && g->vis[i].ranged && g->vis[i].dt == DT_INDEX) n = &g->vis[i];
  if (!n) n = find_scalar(g, DT_INDEX, false);
  if (!n) {
    call_stmt(g);
    return;
  }
  static const int consts[8] = {0, 1, 7, 8, 15, 16, 64, -1};
  static const char *const cmps[6] = {"<", "<=", ">=", ">", "==", "!="};
  static const unsigned steps[4] = {1, 2, 4, 8};
  char iv[NAME_LEN];
  fresh_name(g, 'l', iv);
  unsigned step = steps[below(g, 4)], start = below(g, 2) ? 0 : step;
  line_start(g);
  if (below(g, 2)) put(g, "for %s in range(%u, %s", iv, start, n->name);
  else put(g, "for %s in range(%u, min(%s, %d)", iv, start, n->name, consts[below(g, 7)]);
  if (step > 1) put(g, ", %u", step);
  put(g, ") {\n");
  unsigned mark = g->nvis;
  if (push_local(g, iv, DT_INDEX)) g->vis[g->nvis - 1].readonly = true;
  g->indent++;
  line_start(g);
  put(g, "if %s %s %d { call f%u(%s) }\n", iv, cmps[below(g, 6)], consts[below(g, 8)], below(g, 4), iv);
  line_start(g);
  put(g, "call f%u(%s %% %u, %s < %s)\n", below(g, 4), iv, steps[below(g, 4)], iv, n->name);
  const JumpTo *saved_jt = g->jt, jt = {NULL, 0, NULL};
  g->jt = &jt;
  if (depth + 1 < g->max_depth && below(g, 2)) gen_block(g, depth + 1);
  g->jt = saved_jt;
  g->indent--;
  line_start(g);
  put(g, "}\n");
  pop_to(g, mark);
}

enum {
  S_END, S_ASSIGN, S_CALL_BIND, S_REASSIGN, S_CALL, S_FOR, S_IF, S_WHILE, S_SCOPE, S_GUARD, S_SINGLE,
  S_TENSOR, S_CONST, S_FACTS, S_TYPED, S_COUNT
};
static const uint8_t stmt_weight[S_COUNT] = {6, 10, 3, 5, 6, 8, 7, 3, 3, 5, 4, 2, 4, 3, 2};

static void gen_stmt(PG *g, unsigned depth) {
  int k = fin_weighted(g->in, stmt_weight, S_COUNT);
  bool nest = depth < g->max_depth;
  switch (k) {
  case S_CALL_BIND: assign_new(g, true); break;
  case S_REASSIGN: reassign(g); break;
  case S_CALL: call_stmt(g); break;
  case S_FOR: if (nest) for_loop(g, depth); else call_stmt(g); break;
  case S_IF: if (nest) if_stmt(g, depth); else call_stmt(g); break;
  case S_WHILE: if (nest) while_loop(g, depth); else call_stmt(g); break;
  case S_SCOPE: if (nest) spmd_or_scope(g, depth); else call_stmt(g); break;
  case S_GUARD: guard(g, depth); break;
  case S_SINGLE: if (nest) single_trip(g, depth); else call_stmt(g); break;
  case S_TENSOR: tensor_def(g); break;
  case S_CONST: const_binding(g, depth); break;
  case S_FACTS: if (nest) fact_loop(g, depth); else call_stmt(g); break;
  case S_TYPED: typed_def(g); break;
  default: assign_new(g, false); break;
  }
}

static void gen_block(PG *g, unsigned depth) {
  /* Decision 0 ends the block, so an input that runs out of bytes closes every block. */
  while (g->stmts_left && !g->oom && below(g, 6) != 0) {
    g->stmts_left--;
    gen_stmt(g, depth);
  }
}

/* ---- parameters ---- */

static void gen_range(PG *g, DType dt, i128 *lo, i128 *hi) {
  static const unsigned extents[8] = {1, 3, 7, 8, 16, 64, 255, 0};
  i128 k = extents[below(g, 8)];
  switch (below(g, 6)) {
  case 0: *lo = 0; *hi = k; break;
  case 1: *lo = 1; *hi = 1 + k; break;
  case 2: *lo = -k; *hi = k; break;
  case 3: *lo = im_min(dt); *hi = im_min(dt) + k; break;
  case 4: *lo = im_max(dt) - k; *hi = im_max(dt); break;
  default: *lo = *hi = (i128)below(g, 9) - 1; break;
  }
  if (*lo < im_min(dt)) *lo = im_min(dt);
  if (*hi < im_min(dt)) *hi = im_min(dt);
  if (*hi > im_max(dt)) *hi = im_max(dt);
  if (*lo > *hi) *lo = *hi;
}

static void gen_params(PG *g) {
  unsigned np = 1 + below(g, 4), nt = below(g, 4) == 3 ? 1 + below(g, 2) : 0;
  bool first = true;
  for (unsigned i = 0; i < np; i++) {
    /* The first parameter is an index: every expression has a variable to draw from. */
    DType dt = i == 0 ? DT_INDEX : pick_dtype(g, local_weight);
    char name[NAME_LEN];
    snprintf(name, NAME_LEN, "p%u", i);
    put(g, "%s%s: %s", first ? "" : ", ", name, dt_name(dt));
    first = false;
    i128 lo = im_min(dt), hi = im_max(dt);
    bool ranged = dt_is_int(dt) && below(g, 2);
    if (ranged) {
      gen_range(g, dt, &lo, &hi);
      char a[48], b[48];
      put(g, " in [%s, %s]", im_format(lo, a), im_format(hi, b));
    }
    if (dt_is_float(dt)) lo = hi = 0;
    if (push_scalar(g, name, dt, lo, hi)) {
      GVar *v = &g->vis[g->nvis - 1];
      v->param = true;
      v->ranged = v->readonly = ranged;
    }
  }
  for (unsigned i = 0; i < nt; i++) {
    static const DType els[4] = {DT_F32, DT_I8, DT_F16, DT_U8};
    char name[NAME_LEN], shape[SHAPE_LEN], rows[ROWS_LEN];
    snprintf(name, NAME_LEN, "t%u", i);
    /* Shapes over p0 (an index): `p0`, `p0 // 2`, or a constant expression the pass folds. */
    switch (below(g, 3)) {
    case 0: snprintf(rows, ROWS_LEN, "p0"); break;
    case 1: snprintf(rows, ROWS_LEN, "p0 // 2"); break;
    default: snprintf(rows, ROWS_LEN, "%u", 1u << below(g, 6)); break;
    }
    snprintf(shape, SHAPE_LEN, "%s, %s", rows, below(g, 2) ? "2 * 32" : "64");
    DType el = els[below(g, 4)];
    /* One tensor parameter in four is a distributed tensor (dtensor), which only views read. */
    bool dist = below(g, 4) == 0;
    put(g, ", %s: %s[[%s], %s]", name, dist ? "dtensor" : "tensor", shape, dt_name(el));
    GVar *v = push_var(g, name, el);
    if (v) {
      v->tensor = v->param = true;
      v->dist = dist;
      copy_str(v->shape, SHAPE_LEN, shape);
      copy_str(v->rows, ROWS_LEN, rows);
    }
  }
}

char *gen_prog_text(VsCtx *ctx, const uint8_t *data, size_t size, const ProgGenOptions *opts) {
  FuzzIn in;
  fin_init(&in, data, size);
  PG *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->ctx = ctx;
  g->in = &in;
  g->cap = 1024;
  g->buf = malloc(g->cap);
  g->stmts_left = opts && opts->max_stmts ? opts->max_stmts : 24;
  g->max_depth = opts && opts->max_depth ? opts->max_depth : 4;
  g->max_ops = opts && opts->max_ops ? opts->max_ops : 4;
  if (!g->buf) {
    free(g);
    return NULL;
  }
  g->buf[0] = 0;
  /* One program in eight for the constant-only mode of the pass (prog_oracle.h). */
  if (below(g, 8) == 7) put(g, "# pass: constant-only\n");
  put(g, "func main(");
  gen_params(g);
  put(g, ")");
  unsigned nres = below(g, 3);
  DType res[2];
  for (unsigned k = 0; k < nres; k++) res[k] = pick_dtype(g, local_weight);
  if (nres) {
    put(g, " -> (");
    for (unsigned k = 0; k < nres; k++) put(g, "%s%s", k ? ", " : "", dt_name(res[k]));
    put(g, ")");
  }
  put(g, " {\n");
  g->indent = 1;
  gen_block(g, 0);
  if (nres) {
    put(g, "  return ");
    for (unsigned k = 0; k < nres; k++) {
      if (k) put(g, ", ");
      put_value(g, res[k], true);
    }
    put(g, "\n");
  }
  put(g, "}\n");
  char *out = g->oom ? NULL : g->buf;
  if (!out) free(g->buf);
  free(g);
  return out;
}
