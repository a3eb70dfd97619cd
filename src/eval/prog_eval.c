/* prog_eval.c: the reference interpreter of programs (prog_eval.h).
 *
 * The semantics, statement by statement (docs/pass.md has the full text):
 *   x = e            e is evaluated (UB: the run is UB); x takes its value.
 *   x = call f(a)    an event `call f(...)->T` with the arguments' values; x takes the caller-given
 *                    result (a tensor result: identity 2^32 + event index, shape as declared).
 *   x = f(g(a)) + 1  calls inside expressions run first, in evaluation order (arguments before the
 *                    call, left to right), each an event `call f(...)->T` (T its hole's dtype) whose
 *                    result its hole takes; then the expression, which reads the holes.
 *   x = t            (tensor alias) an event `tensor[r]dt` with t's identity and x's declared shape.
 *   x = call view(t, rows, off)  (builtin, no call event) the same event; x is t when rows is t's
 *                    first shape entry, off is 0 and x's type (shape, view) is t's, otherwise another tensor.
 *   x = call as_layout(t)  (builtin, no call event) the same event; x is t when x's layout is t's,
 *                    otherwise another tensor.
 *   x = call view(t, layout=L)  the same as as_layout (x's type derived, view_type.h); with a shape,
 *                    view(t, [s...], ...), x is another tensor (one per t and layout), never t.
 * Tiles and tuples are aggregates like tensors: an identity and the expressions their type carries.
 *   for              start, stop, step evaluated once; step 0 is UB; the trip count is
 *                    ceil((stop - start) / step) over the integers (0 if negative); iteration k runs
 *                    the body with the variable at start + k * step and the carries at the last yield.
 *   while            the condition is evaluated on the carries before each iteration.
 *   if               the condition picks one branch; the other is not evaluated at all.
 *   spmd(n) { b }    events `spmd(n)`, then b once, then `end spmd`; `scope` likewise.
 *   domain [s: e] { b }  event `domain[k]`, the slots take their identities (2^48 + 256 p + j, p the
 *                    event's position), b once, then the sizes e are evaluated and `end domain[k]`
 *                    holds them.
 *   pin x = t[i]     i evaluated; UB if negative or i * size overflows an index (size: t's element
 *                    size in bytes); an event `pin(T)` with t's identity, i and the offset i * size,
 *                    which x takes.
 *   return v         an event `return(...)` with the values (tensors: identity and shape).
 *   break v          ends the innermost loop; its results are v (one per carry).
 *   continue v       ends the iteration; the next carries are v.
 * A function with tensor parameters starts with a `params(...)` event holding their shapes. */
#include "eval/prog_eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/nodemap.h"

enum { DEFAULT_FUEL = 10000000 };

/* ---- the interpreter ---- */

typedef struct {
  uint64_t bits;
  uint32_t rank;
  uint64_t *shape; /* tensors */
} Slot;

typedef struct {
  const Function *f;
  const ProgEvalInput *in;
  ProgTrace *out;
  Slot *env;
  NodeMap var_id; /* VAR node -> id + 1 */
  uint64_t fuel;
  bool stop;  /* UB, out of fuel, or failure: unwind */
  bool failed;
  Slot *yv;   /* the current body's yield values */
  uint32_t nyv;
  const Stmt *yv_owner; /* the loop or if whose body runs: its slots type yielded calls */
  const Stmt *loop;     /* the innermost loop: its slots type a jump's calls */
  uint8_t jump;         /* SK_BREAK or SK_CONTINUE while a jump unwinds to its loop, else 0 */
  Slot *jv;             /* the jump's values */
  uint32_t njv;
  ProgLoopCtx loops;    /* the loops running, innermost first */
} Run;

static void ub_at(Run *r, int line, int col) {
  if (r->stop) return;
  r->out->ub = true;
  r->out->ub_line = line;
  r->out->ub_col = col;
  r->out->ub_loops = r->loops;
  r->stop = true;
}

static void fail(Run *r) {
  r->failed = r->stop = true;
}

/* Evaluates e; on UB marks the run. */
static uint64_t eval(Run *r, Node *e, int line, int col) {
  if (r->stop || !e) return 0;
  if (e->op == OP_CONST) return e->aux.bits;
  Node **order;
  size_t n = vs_postorder(e, &order);
  Value *vals = n ? malloc(n * sizeof *vals) : NULL;
  NodeMap idx;
  nodemap_init(&idx);
  if (!vals) {
    free(order);
    fail(r);
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    Node *x = order[i];
    if (x->op == OP_VAR) {
      uint64_t id = 0;
      if (!nodemap_get(&r->var_id, x, &id)) {
        fail(r);
        break;
      }
      vals[i] = (Value){r->env[id - 1].bits, false, false};
    } else {
      Value a[3] = {{0, true, false}, {0, true, false}, {0, true, false}};
      for (int j = 0; j < x->nargs; j++) {
        uint64_t k = 0;
        nodemap_get(&idx, x->args[j], &k);
        a[j] = vals[k];
      }
      vals[i] = eval_op(x, a);
    }
    if (!nodemap_put(&idx, x, i)) {
      fail(r);
      break;
    }
  }
  Value v = r->failed ? (Value){0, true, false} : vals[n - 1];
  nodemap_free(&idx);
  free(vals);
  free(order);
  if (v.ub) ub_at(r, line, col);
  return v.ub ? 0 : v.bits;
}

static ProgEvent *event(Run *r, char *sig, uint32_t nargs, int line, int col) {
  if (!sig) {
    fail(r);
    return NULL;
  }
  ProgTrace *t = r->out;
  size_t n = t->nevents;
  if (n == 0 || (n >= 8 && (n & (n - 1)) == 0)) {
    size_t cap = n ? n * 2 : 8;
    ProgEvent *ne = realloc(t->events, cap * sizeof *ne);
    if (!ne) {
      free(sig);
      fail(r);
      return NULL;
    }
    t->events = ne;
  }
  ProgEvent *e = &t->events[t->nevents++];
  e->sig = sig;
  e->nargs = nargs;
  e->args = calloc(nargs ? nargs : 1, sizeof *e->args);
  e->kinds = malloc(nargs ? nargs : 1);
  e->line = line;
  e->col = col;
  e->loops = r->loops;
  if (!e->args || !e->kinds) {
    fail(r);
    return NULL;
  }
  memset(e->kinds, DT_INDEX, nargs);
  return e;
}

static void set_tensor(Run *r, PVar *v, uint64_t id, const uint64_t *shape, uint32_t rank) {
  Slot *s = &r->env[v->id];
  free(s->shape);
  s->bits = id;
  s->rank = rank;
  s->shape = rank ? malloc(rank * sizeof *s->shape) : NULL;
  if (rank && !s->shape) {
    fail(r);
    return;
  }
  if (rank) memcpy(s->shape, shape, rank * sizeof *shape);
}

static void call(Run *r, const Call *c, const Type *result, Slot *res, int line, int col);

/* Calls inside expressions: each in turn (an event with its arguments), its result into its hole. */
static void run_sub(Run *r, Call *const *sub, uint32_t n, int line, int col) {
  for (uint32_t k = 0; k < n && !r->stop; k++) {
    const Call *c = sub[k];
    if (!c->hole) {
      fail(r);
      return;
    }
    Slot res = {0};
    call(r, c, &c->hole->type, &res, line, col);
    r->env[c->hole->id].bits = res.bits;
  }
}

/* A value: scalar bits, or a tensor (id, shape) copied into *out. */
static void value(Run *r, const Val *v, Slot *out, int line, int col) {
  memset(out, 0, sizeof *out);
  if (v->nsub) run_sub(r, v->sub, v->nsub, line, col);
  if (v->e) out->bits = eval(r, v->e, line, col);
  else if (v->tensor) {
    Slot *s = &r->env[v->tensor->id];
    out->bits = s->bits;
    out->rank = s->rank;
    if (s->rank) {
      out->shape = malloc(s->rank * sizeof *out->shape);
      if (!out->shape) fail(r);
      else memcpy(out->shape, s->shape, s->rank * sizeof *s->shape);
    }
  }
}

/* The expressions a type carries (its shape, view fields...), evaluated here: an aggregate's metadata. */
static void eval_shape(Run *r, const Type *t, uint64_t *shape, int line, int col) {
  for (uint32_t i = 0; i < t->nexpr; i++) shape[i] = eval(r, t->expr[i], line, col);
}

/* An opaque call: the event, then the result (into *res when result is not NULL). */
static size_t call_ex(Run *r, const Call *c, const Type *result, Slot *res, int line, int col, Node *const *deps,
                      uint32_t ndeps, const Pred *pred, bool submit);

static void call(Run *r, const Call *c, const Type *result, Slot *res, int line, int col) {
  call_ex(r, c, result, res, line, col, NULL, 0, NULL, false);
}

/* What a dispatch (a submit or an spmd) adds to its event: the dependencies' values, then a
 * predicate's tensor identity and indices; the element itself is never read (the scheduler compares
 * it at dispatch). Into out (and kinds, when not NULL); returns their number. */
static uint32_t dispatch_args(Run *r, Node *const *deps, uint32_t nd, const Pred *p, uint64_t *out, uint8_t *kinds,
                              int line, int col) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < nd; i++) {
    if (kinds) kinds[k] = DT_INDEX;
    out[k++] = eval(r, deps[i], line, col);
  }
  if (!p) return k;
  if (kinds) kinds[k] = PROG_KIND_TENSOR;
  out[k++] = r->env[p->tensor->id].bits;
  for (uint32_t i = 0; i < p->nidx; i++) {
    if (kinds) kinds[k] = DT_INDEX;
    out[k++] = eval(r, p->idx[i], line, col);
  }
  return k;
}

/* A call, or a task (submit: its event also holds the dependencies, after a tensor result's shape).
 * Returns the event's position. */
static size_t call_ex(Run *r, const Call *c, const Type *result, Slot *res, int line, int col, Node *const *deps,
                      uint32_t ndeps, const Pred *pred, bool submit) {
  if (c->nsub) run_sub(r, c->sub, c->nsub, line, col);
  if (r->stop) return 0;
  uint32_t shape_n = result ? result->nexpr : 0;
  uint32_t extra = shape_n + ndeps + (pred ? 1 + pred->nidx : 0);
  uint64_t *args = calloc(c->nargs + extra + 1, sizeof *args);
  if (!args) {
    fail(r);
    return 0;
  }
  for (uint32_t i = 0; i < c->nargs && !r->stop; i++) {
    if (c->args[i].tensor) args[i] = r->env[c->args[i].tensor->id].bits;
    else args[i] = eval(r, c->args[i].e, line, col);
  }
  if (shape_n) eval_shape(r, result, args + c->nargs, line, col);
  dispatch_args(r, deps, ndeps, pred, args + c->nargs + shape_n, NULL, line, col);
  if (r->stop) {
    free(args);
    return 0;
  }
  size_t pos = r->out->nevents;
  char *sig = submit ? prog_sig_dispatch(prog_sig_submit(c, result, ndeps), 0, pred) : prog_sig_call(c, result);
  ProgEvent *e = event(r, sig, c->nargs + extra, line, col);
  if (e) {
    memcpy(e->args, args, (c->nargs + extra) * sizeof *args);
    for (uint32_t i = 0; i < c->nargs; i++)
      e->kinds[i] = c->args[i].tensor ? PROG_KIND_TENSOR : (uint8_t)c->args[i].e->dtype;
    if (pred) e->kinds[c->nargs + shape_n + ndeps] = PROG_KIND_TENSOR;
  }
  if (result && res) {
    memset(res, 0, sizeof *res);
    if (!type_is_scalar(result)) {
      res->bits = prog_tensor_call_id(pos);
      res->rank = result->nexpr;
      res->shape = result->nexpr ? malloc(result->nexpr * sizeof *res->shape) : NULL;
      if (result->nexpr && !res->shape) fail(r);
      else if (result->nexpr) memcpy(res->shape, args + c->nargs, result->nexpr * sizeof *args);
    } else if (r->in->call_result) {
      uint64_t b = 0;
      if (!r->in->call_result(r->in->user, pos, (DType)result->dtype, &b)) fail(r);
      res->bits = vs_canon_bits((DType)result->dtype, b);
    }
  }
  free(args);
  return pos;
}

static bool step(Run *r) {
  if (r->stop) return false;
  if (r->fuel == 0) {
    r->out->out_of_fuel = true;
    r->stop = true;
    return false;
  }
  r->fuel--;
  return true;
}

static void exec_block(Run *r, Block b);

/* Loop s starts running (its iteration is set as it goes): the innermost of r->loops. */
static void enter_loop(Run *r, const Stmt *s) {
  ProgLoopCtx *c = &r->loops;
  uint32_t keep = c->depth < PROG_LOOP_CTX ? c->depth : PROG_LOOP_CTX - 1;
  memmove(&c->at[1], &c->at[0], keep * sizeof c->at[0]);
  c->at[0].line = s->line;
  c->at[0].col = s->col;
  c->at[0].iter = 0;
  c->depth++;
}

static void assign_slot(Run *r, PVar *v, Slot *s) {
  if (!type_is_scalar(&v->type)) set_tensor(r, v, s->bits, s->shape, s->rank);
  else r->env[v->id].bits = s->bits;
}

static void free_slots(Slot *s, uint32_t n) {
  for (uint32_t i = 0; s && i < n; i++) free(s[i].shape);
  free(s);
}

/* Runs a body; returns its yield values (n of them, malloc'd) or NULL. */
static Slot *run_body(Run *r, Block b, uint32_t n, const Stmt *owner) {
  Slot *saved = r->yv;
  uint32_t saved_n = r->nyv;
  const Stmt *saved_owner = r->yv_owner;
  const Stmt *saved_loop = r->loop;
  r->yv = NULL;
  r->nyv = n;
  r->yv_owner = owner;
  if (owner->kind != SK_IF) r->loop = owner;
  exec_block(r, b);
  Slot *y = r->yv;
  r->yv = saved;
  r->nyv = saved_n;
  r->yv_owner = saved_owner;
  r->loop = saved_loop;
  return y;
}

/* After a loop body ran: a break or continue that reached its loop becomes the body's outcome
 * (*y: the next carries, or with *done the results); the jump ends here. */
static void land_jump(Run *r, Slot **y, uint32_t nc, bool *done) {
  if (!r->jump) return;
  free_slots(*y, nc);
  *y = r->jv;
  *done = r->jump == SK_BREAK;
  r->jv = NULL;
  r->jump = 0;
}

/* Exact trip count of range(start, stop, step) read in dt; false when the step is 0. */
static bool trip_count(DType dt, uint64_t a, uint64_t b, uint64_t s, i128 *trips) {
  i128 start = im_value(dt, a), stop = im_value(dt, b), st = im_value(dt, s);
  if (st == 0) return false;
  i128 d = stop - start;
  if (st > 0) *trips = d <= 0 ? 0 : (d + st - 1) / st;
  else *trips = d >= 0 ? 0 : (-d + -st - 1) / -st;
  return true;
}

/* The end of one iteration of a loop: the body's yields become the carries (*cur). False when the
 * loop ends there (a break, the run stopped, the step budget spent). */
static bool iterate(Run *r, const Stmt *s, uint32_t nc, Slot **cur) {
  Slot *y = run_body(r, s->u.loop.body, nc, s);
  bool done = false;
  land_jump(r, &y, nc, &done);
  if (r->stop) {
    free_slots(y, nc);
    return false;
  }
  if (nc && !y) {
    fail(r);
    return false;
  }
  free_slots(*cur, nc);
  *cur = y ? y : calloc(1, sizeof **cur);
  return !done && step(r);
}

/* After a loop: the enclosing loops' context back, the last carries into the loop's results. */
static void leave_loop(Run *r, const Stmt *s, ProgLoopCtx outer, Slot *cur, uint32_t nc) {
  r->loops = outer;
  for (uint32_t i = 0; !r->stop && s->u.loop.rets && i < nc; i++) assign_slot(r, s->u.loop.rets[i], &cur[i]);
  free_slots(cur, nc);
}

static void exec_stmt(Run *r, const Stmt *s) {
  if (!step(r)) return;
  int L = s->line, C = s->col;
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: {
    PVar *v = s->u.assign.var;
    const Val *val = &s->u.assign.val;
    const Type *ty = s->u.assign.type ? s->u.assign.type : &v->type;
    if (type_is_scalar(&v->type)) {
      if (val->call) {
        Slot res;
        call(r, val->call, ty, &res, L, C);
        if (!r->stop) r->env[v->id].bits = res.bits;
      } else {
        if (val->nsub) run_sub(r, val->sub, val->nsub, L, C);
        uint64_t x = eval(r, val->e, L, C);
        if (!r->stop) r->env[v->id].bits = x;
      }
      break;
    }
    uint32_t rank = ty->nexpr;
    uint64_t *shape = calloc(rank + 2, sizeof *shape);
    if (!shape) {
      fail(r);
      break;
    }
    eval_shape(r, ty, shape + 1, L, C);
    uint64_t id = 0;
    bool is_view = val->call && !strcmp(val->call->name, "view") && val->call->nargs == 3 && val->call->args[0].tensor &&
                   val->call->args[1].e && val->call->args[2].e;
    bool is_as_layout = val->call && !strcmp(val->call->name, "as_layout") && val->call->nargs == 1 &&
                        val->call->args[0].tensor;
    /* view(t, layout=L) is as_layout under its new name; a view with a shape is another tensor. */
    bool is_vshape = val->call && (val->call->vform & VIEW_SHAPE);
    if (val->call && val->call->vform && !is_vshape) is_as_layout = true;
    if (val->call && !is_view && !is_as_layout && !is_vshape) {
      Slot res;
      call(r, val->call, ty, &res, L, C);
      if (!r->stop) set_tensor(r, v, res.bits, res.shape, res.rank);
      free(res.shape);
      free(shape);
      break;
    }
    if (is_view) {
      const Slot *t = &r->env[val->call->args[0].tensor->id];
      uint64_t rows = eval(r, val->call->args[1].e, L, C), off = eval(r, val->call->args[2].e, L, C);
      bool ident = type_same_form(&val->call->args[0].tensor->type, ty) && t->rank == rank && ty->rank &&
                   rows == t->shape[0] && off == 0;
      for (uint32_t i = 0; ident && i < rank; i++) ident = t->shape[i] == shape[1 + i];
      /* Any other view is some tensor other than t: an identity that depends on the operands. */
      id = ident ? t->bits : (UINT64_C(1) << 40) ^ (t->bits * UINT64_C(0x9E3779B97F4A7C15)) ^ (rows << 7) ^ off;
    } else if (is_as_layout) {
      /* The same memory under T's layout: t itself when the layouts are one, else another tensor. */
      const PVar *src = val->call->args[0].tensor;
      uint64_t tb = r->env[src->id].bits;
      int lt = type_tensor_layout(ty);
      bool ident = src->type.dtype == ty->dtype && type_tensor_layout(&src->type) == lt;
      id = ident ? tb : (UINT64_C(1) << 41) ^ (tb * UINT64_C(0x9E3779B97F4A7C15)) ^ (uint64_t)lt;
    } else if (is_vshape) {
      /* The same memory under a new shape: another tensor, one per operand and layout (the layouts'
       * codes shifted past as_layout's, whose tensors these never are). */
      uint64_t tb = r->env[val->call->args[0].tensor->id].bits;
      id = (UINT64_C(1) << 41) ^ (tb * UINT64_C(0x9E3779B97F4A7C15)) ^ (uint64_t)(type_tensor_layout(ty) + 8);
    } else {
      id = r->env[val->tensor->id].bits;
    }
    if (r->stop) {
      free(shape);
      break;
    }
    shape[0] = id;
    Type t = *ty;
    const Type *tp = &t;
    ProgEvent *e = event(r, prog_sig_simple("tensor", &tp, 1), rank + 1, L, C);
    if (e) {
      memcpy(e->args, shape, (rank + 1) * sizeof *shape);
      e->kinds[0] = PROG_KIND_TENSOR;
    }
    set_tensor(r, v, id, shape + 1, rank);
    free(shape);
    break;
  }
  case SK_CALL: call(r, s->u.call, NULL, NULL, L, C); break;
  case SK_SUBMIT: {
    Slot res = {0};
    const Type *ty = s->u.submit.type;
    size_t pos = call_ex(r, s->u.submit.call, ty, &res, L, C, s->u.submit.deps, s->u.submit.ndeps, s->u.submit.pred, true);
    if (!r->stop) {
      assign_slot(r, s->u.submit.out, &res);
      if (s->u.submit.tid) r->env[s->u.submit.tid->id].bits = prog_task_id(pos);
    }
    free(res.shape);
    break;
  }
  case SK_FOR: {
    DType dt = (DType)s->u.loop.start->dtype;
    uint64_t a = eval(r, s->u.loop.start, L, C), b = eval(r, s->u.loop.stop, L, C), st = eval(r, s->u.loop.step, L, C);
    uint32_t nc = s->u.loop.ncarry;
    Slot *cur = calloc(nc ? nc : 1, sizeof *cur);
    if (!cur) {
      fail(r);
      break;
    }
    for (uint32_t i = 0; i < nc; i++) {
      const Val *iv = &s->u.loop.inits[i];
      if (iv->call) call(r, iv->call, stmt_slot_type(s, i), &cur[i], L, C);
      else value(r, iv, &cur[i], L, C);
    }
    i128 trips = 0;
    if (!r->stop && !trip_count(dt, a, b, st, &trips)) ub_at(r, L, C);
    i128 v = im_value(dt, a), inc = im_value(dt, st);
    ProgLoopCtx outer = r->loops;
    enter_loop(r, s);
    for (i128 k = 0; k < trips && !r->stop; k++) {
      r->loops.at[0].iter = (uint64_t)k;
      r->env[s->u.loop.var->id].bits = im_from_value(dt, v + k * inc);
      for (uint32_t i = 0; i < nc; i++) assign_slot(r, s->u.loop.carries[i], &cur[i]);
      if (!iterate(r, s, nc, &cur)) break;
    }
    leave_loop(r, s, outer, cur, nc);
    break;
  }
  case SK_WHILE: {
    uint32_t nc = s->u.loop.ncarry;
    Slot *cur = calloc(nc ? nc : 1, sizeof *cur);
    if (!cur) {
      fail(r);
      break;
    }
    for (uint32_t i = 0; i < nc; i++) {
      const Val *iv = &s->u.loop.inits[i];
      if (iv->call) call(r, iv->call, stmt_slot_type(s, i), &cur[i], L, C);
      else value(r, iv, &cur[i], L, C);
    }
    ProgLoopCtx outer = r->loops;
    enter_loop(r, s);
    for (uint64_t k = 0; !r->stop; k++) {
      r->loops.at[0].iter = k;
      for (uint32_t i = 0; i < nc; i++) assign_slot(r, s->u.loop.carries[i], &cur[i]);
      if (!eval(r, s->u.loop.cond, L, C) || r->stop) break;
      if (!iterate(r, s, nc, &cur)) break;
    }
    leave_loop(r, s, outer, cur, nc);
    break;
  }
  case SK_IF: {
    uint64_t c = eval(r, s->u.ifs.cond, L, C);
    if (r->stop) break;
    uint32_t n = s->u.ifs.nrets;
    Slot *y = run_body(r, c ? s->u.ifs.then : s->u.ifs.els, n, s);
    if (!r->stop && n && !y) fail(r);
    for (uint32_t i = 0; !r->stop && i < n; i++) assign_slot(r, s->u.ifs.rets[i], &y[i]);
    free_slots(y, n);
    break;
  }
  case SK_DOMAIN: {
    uint32_t k = s->u.scope.nslots;
    size_t pos = r->out->nevents;
    event(r, prog_sig_domain(k, false), 0, L, C);
    if (r->stop) break;
    for (uint32_t j = 0; j < k; j++) r->env[s->u.scope.slots[j]->id].bits = prog_slot_id(pos, j);
    exec_block(r, s->u.scope.body);
    if (r->stop) break;
    uint64_t *sz = calloc(k ? k : 1, sizeof *sz);
    if (!sz) {
      fail(r);
      break;
    }
    for (uint32_t j = 0; j < k && !r->stop; j++) sz[j] = eval(r, s->u.scope.sizes[j], L, C);
    ProgEvent *e = r->stop ? NULL : event(r, prog_sig_domain(k, true), k, L, C);
    if (e) memcpy(e->args, sz, k * sizeof *sz);
    free(sz);
    break;
  }
  case SK_PIN: {
    uint64_t idx = eval(r, s->u.pin.index, L, C);
    if (r->stop) break;
    uint64_t size = prog_pin_elem_bytes((DType)s->u.pin.buf->type.dtype);
    if ((idx >> 63) || idx > (UINT64_MAX >> 1) / size) {
      ub_at(r, L, C);
      break;
    }
    const Type *tp = &s->u.pin.buf->type;
    ProgEvent *e = event(r, prog_sig_simple("pin", &tp, 1), 3, L, C);
    if (e) {
      e->args[0] = r->env[s->u.pin.buf->id].bits;
      e->kinds[0] = PROG_KIND_TENSOR;
      e->args[1] = idx;
      e->args[2] = idx * size;
    }
    r->env[s->u.pin.var->id].bits = idx * size;
    break;
  }
  case SK_SPMD:
  case SK_SCOPE: {
    const char *what = s->kind == SK_SPMD ? "spmd" : "scope";
    if (s->kind == SK_SPMD) {
      uint64_t n = eval(r, s->u.scope.cores, L, C);
      uint32_t nd = s->u.scope.ndeps;
      uint64_t extra[2 * PROG_MAX_VALS + 1];
      uint8_t ek[2 * PROG_MAX_VALS + 1];
      uint32_t ne = dispatch_args(r, s->u.scope.deps, nd, s->u.scope.pred, extra, ek, L, C);
      if (r->stop) break;
      Type ct = type_scalar((DType)s->u.scope.cores->dtype);
      const Type *tp = &ct;
      ProgEvent *e = event(r, prog_sig_dispatch(prog_sig_simple(what, &tp, 1), nd, s->u.scope.pred), 1 + ne, L, C);
      if (e) {
        e->args[0] = n;
        e->kinds[0] = (uint8_t)ct.dtype;
        memcpy(e->args + 1, extra, ne * sizeof *extra);
        memcpy(e->kinds + 1, ek, ne);
      }
    } else {
      event(r, prog_sig_simple(what, NULL, 0), 0, L, C);
    }
    exec_block(r, s->u.scope.body);
    if (!r->stop) event(r, prog_sig_simple(s->kind == SK_SPMD ? "end spmd" : "end scope", NULL, 0), 0, L, C);
    break;
  }
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE: {
    uint32_t n = s->u.vals.n;
    Slot *y = calloc(n ? n : 1, sizeof *y);
    if (!y) {
      fail(r);
      break;
    }
    for (uint32_t i = 0; i < n; i++) {
      const Val *v = &s->u.vals.vals[i];
      if (v->call) {
        Type rt = s->kind == SK_RETURN ? r->f->results[i] : type_scalar(DT_INDEX);
        if (s->kind == SK_YIELD && r->yv_owner && i < r->nyv) rt = *stmt_slot_type(r->yv_owner, i);
        if ((s->kind == SK_BREAK || s->kind == SK_CONTINUE) && r->loop) rt = *stmt_slot_type(r->loop, i);
        call(r, v->call, &rt, &y[i], L, C);
      } else {
        value(r, v, &y[i], L, C);
      }
    }
    if (r->stop) {
      free_slots(y, n);
      break;
    }
    if (s->kind == SK_YIELD) {
      free_slots(r->yv, r->nyv);
      r->yv = y;
      break;
    }
    if (s->kind != SK_RETURN) {
      r->jump = s->kind;
      r->jv = y;
      r->njv = n;
      break;
    }
    /* return: one event with the values (tensors: identity, then shape). */
    uint32_t na = 0;
    const Type **types = calloc(n ? n : 1, sizeof *types);
    if (!types) {
      free_slots(y, n);
      fail(r);
      break;
    }
    for (uint32_t i = 0; i < n; i++) {
      types[i] = &r->f->results[i];
      na += 1 + (!type_is_scalar(types[i]) ? y[i].rank : 0);
    }
    ProgEvent *e = event(r, prog_sig_simple("return", types, n), na, L, C);
    for (uint32_t i = 0, k = 0; e && i < n; i++) {
      e->kinds[k] = !type_is_scalar(types[i]) ? PROG_KIND_TENSOR : types[i]->dtype;
      e->args[k++] = y[i].bits;
      if (!type_is_scalar(types[i]))
        for (uint32_t j = 0; j < y[i].rank; j++) e->args[k++] = y[i].shape[j];
    }
    free(types);
    free_slots(y, n);
    r->stop = true; /* the end of the function */
    break;
  }
  }
}

static void exec_block(Run *r, Block b) {
  for (uint32_t i = 0; i < b.n && !r->stop && !r->jump; i++) exec_stmt(r, b.s[i]);
}

bool prog_eval(const Function *f, const ProgEvalInput *in, ProgTrace *out) {
  memset(out, 0, sizeof *out);
  Run r = {.f = f, .in = in, .out = out, .fuel = in->fuel ? in->fuel : DEFAULT_FUEL};
  r.env = calloc(f->nvars ? f->nvars : 1, sizeof *r.env);
  nodemap_init(&r.var_id);
  if (!r.env) return false;
  for (uint32_t i = 0; i < f->nvars; i++)
    if (f->vars[i]->node && !nodemap_put(&r.var_id, f->vars[i]->node, (uint64_t)i + 1)) r.failed = r.stop = true;
  /* Parameters, then the tensor parameters' shapes as the first event. */
  uint32_t ntp = 0, nshape = 0;
  for (uint32_t i = 0; i < f->nparams; i++) {
    PVar *p = f->params[i];
    if (!type_is_scalar(&p->type)) {
      r.env[p->id].bits = prog_tensor_param_id(i);
      ntp++;
      nshape += p->type.nexpr;
    } else {
      r.env[p->id].bits = vs_canon_bits((DType)p->type.dtype, in->params[i]);
    }
  }
  if (ntp) {
    const Type **types = calloc(ntp, sizeof *types);
    uint64_t *shapes = calloc(nshape + 1, sizeof *shapes);
    if (!types || !shapes) r.failed = r.stop = true;
    for (uint32_t i = 0, k = 0, t = 0; !r.stop && i < f->nparams; i++) {
      PVar *p = f->params[i];
      if (type_is_scalar(&p->type)) continue;
      types[t++] = &p->type;
      eval_shape(&r, &p->type, shapes + k, f->line, f->col);
      set_tensor(&r, p, prog_tensor_param_id(i), shapes + k, p->type.nexpr);
      k += p->type.nexpr;
    }
    if (!r.stop) {
      ProgEvent *e = event(&r, prog_sig_simple("params", types, ntp), nshape, f->line, f->col);
      if (e && nshape) memcpy(e->args, shapes, nshape * sizeof *shapes);
    }
    free(types);
    free(shapes);
  }
  exec_block(&r, f->body);
  free_slots(r.yv, r.nyv);
  free_slots(r.jv, r.njv); /* a jump never lands only when the run stopped */
  for (uint32_t i = 0; i < f->nvars; i++) free(r.env[i].shape);
  free(r.env);
  nodemap_free(&r.var_id);
  return !r.failed;
}

