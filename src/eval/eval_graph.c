/* eval_graph.c: the reference evaluator of the tensor-graph layer (eval_at's half for graph expressions;
 * docs/semantics.md, "Memory, loops and reductions"). It runs the definition directly and shares no code
 * with smt/encode_graph.c, so the two check each other (verify/conformance_graph.c). Value ops inside
 * graph expressions are computed with eval_op, the per-op semantics. Vectors are not supported (the IR
 * keeps them out of graph expressions).
 *
 * Design. Evaluation is a recursion over the DAG in a *frame*: a memory state plus the loop variables
 * bound around the node. Values are memoised per frame, so a node shared inside one frame is computed
 * once; effects are never memoised (an effect runs where it is referenced). Frames are made
 *   - once at the top (the initial state, nothing bound);
 *   - per loop iteration of a REDUCE or END (the same state, one more range bound);
 *   - per `after` value and per load through `after`: a private copy of the state that the deps
 *     change, since a value never changes the state of the expression around it.
 * A frame's memo has two halves: nodes that read no memory (no NF_HAS_MEM) depend on the frame's
 * bindings only and stay valid for the frame's life; nodes that do are tagged with the state's version
 * (bumped by every write) and dropped when an effect run in the frame changed the state. Nodes without
 * NF_HAS_GRAPH depend on the variables only and are evaluated once, up front, for all frames.
 *
 * Frames live on the C stack and nest strictly: a frame is only evaluated in while it is the newest
 * open one, so the memoised values of all open frames share one stack of slots, cut back when a frame
 * closes. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "eval/eval.h"
#include "eval/eval_internal.h"
#include "ir/errmsg.h"
#include "ir/graph.h"
#include "ir/nodemap.h"

/* The contents of every buffer of env, in env's order. */
typedef struct {
  BufValue *bufs;
  size_t nbufs;
  uint64_t version; /* bumped by every write */
} State;

typedef struct Frame Frame;
struct Frame {
  const Frame *outer; /* where the bindings of enclosing loops are found */
  State *state;
  const Node *range; /* the loop variable this frame binds (NULL: none) */
  uint64_t rval;
  NodeMap pure;         /* nodes without NF_HAS_MEM -> slot */
  NodeMap mem;          /* nodes with NF_HAS_MEM -> slot, valid for state->version == mem_version */
  uint64_t mem_version;
  size_t slot_base; /* the slot stack's height when the frame opened */
};

typedef struct {
  const Point *env;
  NodeMap pos;     /* node without NF_HAS_GRAPH -> its value in pure[] */
  Value *pure;
  NodeMap bufslot; /* BUFFER leaf -> its index in a State */
  NodeMap freeval; /* free range -> its index in env->ranges */
  Value *slots;    /* memoised values of the open frames */
  size_t nslots, capslots;
  uint64_t iterations, runs;
  char *err;
  size_t errsize;
} Graph;

__attribute__((format(printf, 2, 3))) static bool fail(Graph *g, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vs_vfail(g->err, g->errsize, fmt, ap);
  va_end(ap);
  return false;
}

/* ---- states and frames ---- */

static void state_free(State *s) {
  for (size_t i = 0; s->bufs && i < s->nbufs; i++) bufdata_free(&s->bufs[i].data);
  free(s->bufs);
  s->bufs = NULL;
  s->nbufs = 0;
}

/* dst becomes a deep copy of the n buffers src. The array has at least one element, so that an
 * effect's outcome is never NULL (value.h). */
static bool state_copy(Graph *g, State *dst, const BufValue *src, size_t n) {
  dst->nbufs = 0;
  dst->version = 0;
  dst->bufs = calloc(n ? n : 1, sizeof *dst->bufs);
  if (!dst->bufs) return fail(g, "out of memory");
  for (size_t i = 0; i < n; i++) {
    dst->bufs[i].buf = src[i].buf;
    if (!bufdata_copy(&dst->bufs[i].data, &src[i].data)) {
      state_free(dst);
      return fail(g, "out of memory");
    }
    dst->nbufs = i + 1;
  }
  return true;
}

static BufData *state_buf(const Graph *g, State *s, const Node *buf) {
  uint64_t k = 0;
  nodemap_get(&g->bufslot, buf, &k); /* every buffer of the expression was checked to be in env */
  return &s->bufs[k].data;
}

static void frame_open(Graph *g, Frame *f, const Frame *outer, State *s, const Node *range, uint64_t rval) {
  *f = (Frame){.outer = outer, .state = s, .range = range, .rval = rval, .mem_version = s->version,
               .slot_base = g->nslots};
  nodemap_init(&f->pure);
  nodemap_init(&f->mem);
}

static void frame_close(Graph *g, Frame *f) {
  nodemap_free(&f->pure);
  nodemap_free(&f->mem);
  g->nslots = f->slot_base;
}

/* The half of f's memo that holds n, emptied first if n reads memory and the state changed. */
static NodeMap *frame_memo(Frame *f, const Node *n) {
  if (!(n->flags & NF_HAS_MEM)) return &f->pure;
  if (f->mem_version != f->state->version) {
    nodemap_free(&f->mem);
    f->mem_version = f->state->version;
  }
  return &f->mem;
}

static bool memo_put(Graph *g, Frame *f, const Node *n, Value v) {
  if (g->nslots == g->capslots) {
    size_t cap = g->capslots ? g->capslots * 2 : 64;
    Value *ns = realloc(g->slots, cap * sizeof *ns);
    if (!ns) return fail(g, "out of memory");
    g->slots = ns;
    g->capslots = cap;
  }
  g->slots[g->nslots] = v;
  if (!nodemap_put(frame_memo(f, n), n, g->nslots)) return fail(g, "out of memory");
  g->nslots++;
  return true;
}

/* Counts one effect run or private state against VS_EVAL_MAX_RUNS. */
static bool count_run(Graph *g) {
  if (++g->runs > VS_EVAL_MAX_RUNS)
    return fail(g, "the expression runs more than %" PRIu64 " effects and after-states (an effect runs once "
                "for every reference to it)", VS_EVAL_MAX_RUNS);
  return true;
}

/* ---- values ---- */

static bool eval_value(Graph *g, Frame *f, const Node *n, Value *out);
static bool run_effect(Graph *g, Frame *f, const Node *n, bool *ub);
static bool run_nest(Graph *g, Frame *f, const Node *loop, int i, Value *acc, bool *ub);

/* An index is read as a signed 64-bit number (docs/semantics.md): a negative one is out of bounds. */
static bool in_bounds(uint64_t idx, uint64_t size) {
  i128 v = im_value(DT_INDEX, idx);
  return v >= 0 && v < (i128)size;
}

/* Runs the deps of an AFTER node (operands 1..) in order, in f's state. */
static bool run_deps(Graph *g, Frame *f, const Node *after, bool *ub) {
  for (int i = 1; i < after->nargs && !*ub; i++)
    if (!run_effect(g, f, after->args[i], ub)) return false;
  return true;
}

/* Opens a frame over a private copy of f's state, for what an `after` computes without changing the
 * state around it. */
static bool open_private(Graph *g, Frame *f, State *s, Frame *inner) {
  if (!count_run(g) || !state_copy(g, s, f->state->bufs, f->state->nbufs)) return false;
  frame_open(g, inner, f, s, NULL, 0);
  return true;
}

static void close_private(Graph *g, State *s, Frame *inner) {
  frame_close(g, inner);
  state_free(s);
}

/* load(index(buf, idx)) for a BUFFER leaf, in f's state. */
static bool load_element(Graph *g, Frame *f, const Node *buf, const Node *idx, Value *out) {
  Value i;
  if (!eval_value(g, f, idx, &i)) return false;
  if (i.ub) {
    *out = ev_ub();
  } else if (i.inv) {
    *out = ev_val(0); /* a masked load: 0, +0.0 or false, all bit pattern 0 */
  } else {
    const BufData *d = state_buf(g, f->state, buf);
    *out = in_bounds(i.bits, d->size) ? ev_val(vs_canon_bits((DType)buf->dtype, bufdata_get(d, i.bits))) : ev_ub();
  }
  return true;
}

/* load(index(after(...after(B, Dn)..., D1), I)) is after(...after(load(index(B, I)), Dn)..., D1): the
 * outermost deps run first, then I is evaluated and B read in the state they all leave. */
static bool eval_load(Graph *g, Frame *f, const Node *n, Value *out) {
  const Node *ptr = n->args[0], *buf = ptr->args[0];
  if (buf->op == OP_BUFFER) return load_element(g, f, buf, ptr->args[1], out);
  State s;
  Frame inner;
  if (!open_private(g, f, &s, &inner)) return false;
  bool ub = false, ok = true;
  for (; ok && !ub && buf->op == OP_AFTER; buf = buf->args[0]) ok = run_deps(g, &inner, buf, &ub);
  if (ok && ub) *out = ev_ub();
  else if (ok) ok = load_element(g, &inner, buf, ptr->args[1], out);
  close_private(g, &s, &inner);
  return ok;
}

static bool eval_after_value(Graph *g, Frame *f, const Node *n, Value *out) {
  State s;
  Frame inner;
  if (!open_private(g, f, &s, &inner)) return false;
  bool ub = false;
  bool ok = run_deps(g, &inner, n, &ub);
  if (ok && ub) *out = ev_ub();
  else if (ok) ok = eval_value(g, &inner, n->args[0], out);
  close_private(g, &s, &inner);
  return ok;
}

/* A loop end that is INVALID is read as UB: the loop's test `r < E` is a comparison, and a comparison
 * with INVALID is UB (docs/semantics.md, "The invalid index"). */
static bool end_defined(Value e) { return !e.ub && !e.inv; }

static bool eval_range(Graph *g, Frame *f, const Node *n, Value *out) {
  Value e;
  if (!eval_value(g, f, n->args[0], &e)) return false;
  if (!end_defined(e)) {
    *out = ev_ub();
    return true;
  }
  for (const Frame *p = f; p; p = p->outer) /* innermost first: a rebound range shadows */
    if (p->range == n) {
      *out = ev_val(p->rval);
      return true;
    }
  uint64_t k;
  if (!nodemap_get(&g->freeval, n, &k))
    return fail(g, "range '%s' has no value here: a loop binds it, but it is used outside that loop (in the "
                "end of an outer range of the same loop, or of a free range)", n->aux.name);
  *out = ev_val(g->env->ranges[k].lane[0]);
  return true;
}

static bool eval_reduce(Graph *g, Frame *f, const Node *n, Value *out) {
  Value acc = ev_val(vs_reduce_identity(vs_reduce_op(n), (DType)n->dtype));
  bool ub = false;
  if (!run_nest(g, f, n, 1, &acc, &ub)) return false;
  *out = ub ? ev_ub() : acc;
  return true;
}

/* Lazy, unlike the up-front evaluation of pure nodes: the branch not taken may load out of bounds. */
static bool eval_select(Graph *g, Frame *f, const Node *n, Value *out) {
  Value c;
  if (!eval_value(g, f, n->args[0], &c)) return false;
  if (c.ub) {
    *out = ev_ub();
    return true;
  }
  return eval_value(g, f, n->args[c.bits ? 1 : 2], out);
}

/* Any other value op: operands in order, then eval_op. A UB operand decides the result, so the rest is
 * not evaluated (values have no effect, so only the work is saved). */
static bool eval_value_op(Graph *g, Frame *f, const Node *n, Value *out) {
  Value a[3] = {ev_ub(), ev_ub(), ev_ub()};
  if (n->nargs > 3) return fail(g, "%s is not a scalar op of the graph layer", op_name((Op)n->op));
  for (int i = 0; i < n->nargs; i++) {
    if (!eval_value(g, f, n->args[i], &a[i])) return false;
    if (a[i].ub) {
      *out = ev_ub();
      return true;
    }
  }
  *out = eval_op(n, a);
  return true;
}

static bool compute_value(Graph *g, Frame *f, const Node *n, Value *out) {
  if (n->kind != NK_VALUE) return fail(g, "%s is not a value", op_name((Op)n->op));
  switch ((Op)n->op) {
  case OP_LOAD: return eval_load(g, f, n, out);
  case OP_RANGE: return eval_range(g, f, n, out);
  case OP_REDUCE: return eval_reduce(g, f, n, out);
  case OP_AFTER: return eval_after_value(g, f, n, out);
  case OP_SELECT: return eval_select(g, f, n, out);
  default: return eval_value_op(g, f, n, out);
  }
}

static bool eval_value(Graph *g, Frame *f, const Node *n, Value *out) {
  uint64_t k;
  if (!(n->flags & NF_HAS_GRAPH)) {
    nodemap_get(&g->pos, n, &k); /* every such node was evaluated up front */
    *out = g->pure[k];
    return true;
  }
  if (nodemap_get(frame_memo(f, n), n, &k)) {
    *out = g->slots[k];
    return true;
  }
  return compute_value(g, f, n, out) && memo_put(g, f, n, *out);
}

/* ---- loops and effects ---- */

/* The loop body: a reduction step or one run of the effect. */
static bool run_body(Graph *g, Frame *f, const Node *loop, Value *acc, bool *ub) {
  if (loop->op == OP_END) return run_effect(g, f, loop->args[0], ub);
  Value step[2] = {*acc, ev_ub()};
  if (!eval_value(g, f, loop->args[0], &step[1])) return false;
  DType dt = (DType)loop->dtype;
  *acc = ev_apply(vs_reduce_op(loop), dt, dt, step); /* the accumulator on the left */
  *ub = acc->ub;
  return true;
}

/* Loops i.. of loop's list (operands i..nargs-1) in frame f, where ranges 1..i-1 are bound: the end of
 * range i is evaluated here, when its loop starts. */
static bool run_nest(Graph *g, Frame *f, const Node *loop, int i, Value *acc, bool *ub) {
  if (i == loop->nargs) return run_body(g, f, loop, acc, ub);
  const Node *r = loop->args[i];
  Value e;
  if (!eval_value(g, f, r->args[0], &e)) return false;
  if (!end_defined(e)) {
    *ub = true;
    return true;
  }
  i128 end = im_value(DT_INDEX, e.bits);
  for (uint64_t j = 0; (i128)j < end; j++) {
    if (++g->iterations > VS_EVAL_MAX_ITERATIONS)
      return fail(g, "the loops run more than %" PRIu64 " iterations", VS_EVAL_MAX_ITERATIONS);
    Frame inner;
    frame_open(g, &inner, f, f->state, r, j);
    bool ok = run_nest(g, &inner, loop, i + 1, acc, ub);
    frame_close(g, &inner);
    if (!ok || *ub) return ok;
  }
  return true;
}

/* store(index(after(...after(B, Dn)..., D1), I), V): D1 first, ..., Dn, then I and V in the state they
 * leave. UB comes first, then a masked index; an out-of-bounds integer index is UB even when V is
 * INVALID (the UB column of the store's row names no exception). */
static bool run_store(Graph *g, Frame *f, const Node *n, bool *ub) {
  const Node *ptr = n->args[0], *buf = ptr->args[0];
  for (; buf->op == OP_AFTER; buf = buf->args[0]) {
    if (!run_deps(g, f, buf, ub)) return false;
    if (*ub) return true;
  }
  Value i, v = ev_ub();
  if (!eval_value(g, f, ptr->args[1], &i)) return false;
  if (!i.ub && !eval_value(g, f, n->args[1], &v)) return false;
  if (i.ub || v.ub) {
    *ub = true;
    return true;
  }
  if (i.inv) return true;
  BufData *d = state_buf(g, f->state, buf);
  if (!in_bounds(i.bits, d->size)) {
    *ub = true;
    return true;
  }
  if (v.inv) return true;
  if (!bufdata_set(d, i.bits, v.bits)) return fail(g, "out of memory");
  f->state->version++;
  return true;
}

/* Runs effect n in f's state, changing it in place; *ub on UB (the state is then meaningless). */
static bool run_effect(Graph *g, Frame *f, const Node *n, bool *ub) {
  if (!count_run(g)) return false;
  switch ((Op)n->op) {
  case OP_NOOP: return true;
  case OP_STORE: return run_store(g, f, n, ub);
  case OP_END: return run_nest(g, f, n, 1, NULL, ub);
  case OP_AFTER:
    if (!run_deps(g, f, n, ub)) return false;
    return *ub || run_effect(g, f, n->args[0], ub);
  case OP_EFFECT: return fail(g, "the abstract effect '%s' cannot be evaluated", n->aux.name);
  default: return fail(g, "%s is not an effect", op_name((Op)n->op));
  }
}

/* ---- inputs ---- */

static bool check_root(Graph *g, const Node *root) {
  const Point *env = g->env;
  if (!root || !env) return fail(g, "no expression or no inputs");
  if ((env->nvars && !env->vars) || (env->nranges && !env->ranges) || (env->nbufs && !env->bufs))
    return fail(g, "malformed inputs (a count without its array)");
  if (root->flags & NF_HAS_VEC) return fail(g, "vectors are not supported by the graph evaluator");
  if (root->kind == NK_BUFFER || root->kind == NK_POINTER)
    return fail(g, "a %s is not a result (load it, or compare effects)", root->kind == NK_BUFFER ? "buffer" : "pointer");
  return true;
}

/* What bufdata_get relies on: listed indices ascending and below the size. */
static bool bufdata_well_formed(const BufData *d) {
  if (d->n && (!d->idx || !d->bits)) return false;
  for (size_t i = 0; i < d->n; i++)
    if (d->idx[i] >= d->size || (i && d->idx[i] <= d->idx[i - 1])) return false;
  return true;
}

/* Every buffer of env, each once, with a size its BUFFER node admits. */
static bool index_buffers(Graph *g) {
  const Point *env = g->env;
  for (size_t i = 0; i < env->nbufs; i++) {
    const BufValue *b = &env->bufs[i];
    if (!b->buf || b->buf->op != OP_BUFFER) return fail(g, "buffer entry %zu is not a buffer", i);
    const char *name = b->buf->aux.name;
    if (nodemap_get(&g->bufslot, b->buf, NULL)) return fail(g, "buffer '%s' is given twice", name);
    if (b->data.size < b->buf->lo || b->data.size > b->buf->hi)
      return fail(g, "buffer '%s' has %" PRIu64 " elements, outside its size range [%" PRIu64 ", %" PRIu64 "]",
                  name, b->data.size, b->buf->lo, b->buf->hi);
    if (!bufdata_well_formed(&b->data))
      return fail(g, "the contents of buffer '%s' are malformed (listed indices must ascend and lie below "
                  "the size)", name);
    if (!nodemap_put(&g->bufslot, b->buf, i)) return fail(g, "out of memory");
  }
  return true;
}

static bool bind_var(Graph *g, const Node *var, Value *out) {
  for (size_t k = 0; k < g->env->nvars; k++)
    if (g->env->vars[k].var == var) {
      *out = ev_val(vs_canon_bits((DType)var->dtype, g->env->vars[k].lane[0]));
      return true;
    }
  return fail(g, "no value for variable '%s'", var->aux.name);
}

/* Checks every node's inputs and evaluates the nodes without NF_HAS_GRAPH, which depend on the
 * variables only. Doing it up front makes a missing input or an abstract effect an error wherever it
 * sits, not only where the evaluation happens to reach it. */
static bool prepare(Graph *g, Node *root) {
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (n == 0) return fail(g, "out of memory");
  g->pure = malloc(n * sizeof *g->pure);
  bool ok = g->pure != NULL;
  if (!ok) fail(g, "out of memory");
  for (size_t i = 0; ok && i < n; i++) {
    const Node *node = order[i];
    if (node->op == OP_EFFECT || node->op == OP_OPAQUE) {
      ok = fail(g, "the abstract %s '%s' cannot be evaluated", node->op == OP_EFFECT ? "effect" : "value", node->aux.name);
    } else if (node->op == OP_BUFFER) {
      if (!nodemap_get(&g->bufslot, node, NULL)) ok = fail(g, "no contents for buffer '%s'", node->aux.name);
    } else if (!(node->flags & NF_HAS_GRAPH)) {
      if (node->op == OP_VAR) {
        ok = bind_var(g, node, &g->pure[i]);
      } else if (node->nargs > 3) {
        ok = fail(g, "%s is not a scalar op", op_name((Op)node->op));
      } else {
        Value args[3] = {ev_ub(), ev_ub(), ev_ub()};
        for (int j = 0; j < node->nargs; j++) {
          uint64_t k = 0;
          nodemap_get(&g->pos, node->args[j], &k); /* children precede parents */
          args[j] = g->pure[k];
        }
        g->pure[i] = eval_op(node, args);
      }
      if (ok && !nodemap_put(&g->pos, node, i)) ok = fail(g, "out of memory");
    }
  }
  free(order);
  return ok;
}

/* Looks up the value of every free range and checks it against its domain (ranges by id, so a range
 * in another's end is checked first). A value outside a defined domain makes the point inadmissible. */
static bool bind_free_ranges(Graph *g, Node *root, Frame *top, bool *out_of_domain) {
  Node **rs;
  size_t nr = graph_free_ranges(root, &rs);
  if (nr == SIZE_MAX) return fail(g, "out of memory");
  bool ok = true;
  for (size_t i = 0; ok && i < nr; i++) {
    size_t k = 0;
    while (k < g->env->nranges && g->env->ranges[k].var != rs[i]) k++;
    if (k == g->env->nranges) ok = fail(g, "no value for the free range '%s'", rs[i]->aux.name);
    else if (!nodemap_put(&g->freeval, rs[i], k)) ok = fail(g, "out of memory");
  }
  for (size_t i = 0; ok && i < nr && !*out_of_domain; i++) {
    Value e;
    ok = eval_value(g, top, rs[i]->args[0], &e);
    if (ok && end_defined(e)) {
      uint64_t k = 0;
      nodemap_get(&g->freeval, rs[i], &k);
      i128 v = im_value(DT_INDEX, g->env->ranges[k].lane[0]);
      *out_of_domain = v < 0 || v >= im_value(DT_INDEX, e.bits);
    }
  }
  free(rs);
  return ok;
}

/* ---- entry points ---- */

static bool eval_root(Graph *g, Frame *top, Node *root, State *s, Outcome *out) {
  Value v = ev_ub();
  if (root->kind == NK_VALUE) {
    if (!eval_value(g, top, root, &v)) return false;
    out->value = lane_value(v);
    return true;
  }
  bool ub = false;
  if (!run_effect(g, top, root, &ub)) return false;
  if (ub) return true; /* out->value is UB already */
  out->value = lane_value(ev_val(0));
  out->bufs = s->bufs;
  out->nbufs = s->nbufs;
  s->bufs = NULL;
  s->nbufs = 0;
  return true;
}

bool ev_graph_at(Node *root, const Point *env, Outcome *out, char *err, size_t errsize) {
  /* An inadmissible point keeps the value UB, so that a refinement check that forgets to look at
   * out_of_domain is still vacuously satisfied there. */
  *out = (Outcome){.value = lane_value(ev_ub())};
  Graph g = {.env = env, .err = err, .errsize = errsize};
  nodemap_init(&g.pos);
  nodemap_init(&g.bufslot);
  nodemap_init(&g.freeval);
  State s = {0};
  bool ok = check_root(&g, root) && index_buffers(&g) && prepare(&g, root) &&
            state_copy(&g, &s, env->bufs, env->nbufs);
  if (ok) {
    Frame top;
    frame_open(&g, &top, NULL, &s, NULL, 0);
    ok = bind_free_ranges(&g, root, &top, &out->out_of_domain);
    if (ok && !out->out_of_domain) ok = eval_root(&g, &top, root, &s, out);
    frame_close(&g, &top);
  }
  if (!ok) {
    outcome_free(out);
    *out = (Outcome){.value = lane_value(ev_ub())};
  }
  state_free(&s);
  free(g.pure);
  free(g.slots);
  nodemap_free(&g.pos);
  nodemap_free(&g.bufslot);
  nodemap_free(&g.freeval);
  return ok;
}
