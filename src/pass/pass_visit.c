/* pass_visit.c: the program pass's walk (docs/pass.md, steps 2 to 7 and 9).
 *
 * Each input statement is visited once, in program order, with the analyzer holding what is known
 * there; the output is built fresh. Folds:
 *   A. an `if` whose condition the analyzer decides keeps only the live branch, lifted into the
 *      enclosing block; its yield becomes assignments to the if's result variables (a real assignment
 *      at the fold point, so a use after the if, which the substitution cannot reach, still sees the
 *      value). If that yield holds a call, the `if` stays: the live branch is simplified, the dead one
 *      only has its variable references remapped (it is never simplified nor evaluated).
 *   B. a pure sequential loop without attributes whose trip count is 0 is removed (its results get
 *      the carries' initial values); with one trip it becomes a copy of its body in which the loop
 *      variable and carries are substituted (a constant, or a fresh variable assigned at the fold
 *      point), and that copy is visited like any code, so it is simplified in the same run. Nested
 *      single-trip folds stop at opts.max_fold_depth per run.
 *   A `while` whose condition is false on entry is removed the same way.
 * A loop whose body breaks or continues is never copied (Fold B keeps it), and an if whose live branch
 * does is never lifted (Fold A keeps the if): the jump must stay where its loop ends it. A run that
 * removes a jump is repeated, so that what the jump blocked folds in the same call.
 * A local that a fold lifts into the enclosing block is renamed (name_N) when its name is defined
 * anywhere else in the function, so that two lifted copies (two sibling single-trip loops) never
 * share a variable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/rebuild.h"
#include "pass/pass_internal.h"

void pass_fail(Pass *ps, const char *msg) {
  if (!ps->failed) snprintf(ps->res->error, sizeof ps->res->error, "%s", msg);
  ps->failed = true;
}

static void *alloc(Pass *ps, size_t size) {
  void *p = prog_alloc(ps->prog, size);
  if (!p) pass_fail(ps, "out of memory");
  return p;
}

/* ---- variables ---- */

static PVar *out_var(Pass *ps, PVar *v) {
  if (v->id < ps->nsrc) return ps->ren[v->id] ? ps->ren[v->id] : ps->tgt->vars[v->id];
  return v;
}

static void show(Pass *ps, PVar *v) {
  if (v->id >= ps->nsrc || ps->vis[v->id]) return;
  if (ps->nscope == ps->cap_scope) {
    size_t cap = ps->cap_scope ? ps->cap_scope * 2 : 64;
    PVar **ns = realloc(ps->scope, cap * sizeof *ns);
    if (!ns) {
      pass_fail(ps, "out of memory");
      return;
    }
    ps->scope = ns;
    ps->cap_scope = cap;
  }
  ps->vis[v->id] = 1;
  ps->scope[ps->nscope++] = v;
}

static void hide_to(Pass *ps, size_t mark) {
  while (ps->nscope > mark) ps->vis[ps->scope[--ps->nscope]->id] = 0;
}

static bool visible(const Pass *ps, const PVar *v) { return v->id < ps->nsrc && ps->vis[v->id]; }

/* A fresh output variable named after input variable v. */
static PVar *fresh(Pass *ps, const PVar *v) {
  const void *key = v->name;
  uint64_t n = 1;
  ptrmap_get(&ps->fresh_next, key, &n);
  unsigned next = (unsigned)n;
  PVar *f = fn_fresh_var(ps->prog, ps->tgt, v, &next);
  if (!f || !ptrmap_put(&ps->fresh_next, key, next)) pass_fail(ps, "out of memory");
  return f;
}

static uint64_t name_defs(Pass *ps, const char *name) {
  uint64_t n = 0;
  ptrmap_get(&ps->name_defs, name, &n);
  return n;
}

/* Sets input variable v to stand for output variable o (undo-logged when `undoable`). */
static void set_sub(Pass *ps, PVar *v, PVar *o, Node *value, bool undoable) {
  if (v->id >= ps->nsrc) return;
  if (undoable) {
    if (ps->nundo == ps->cap_undo) {
      size_t cap = ps->cap_undo ? ps->cap_undo * 2 : 64;
      SubUndo *nu = realloc(ps->undo, cap * sizeof *nu);
      if (!nu) {
        pass_fail(ps, "out of memory");
        return;
      }
      ps->undo = nu;
      ps->cap_undo = cap;
    }
    uint64_t old = 0;
    if (v->node) nodemap_get(&ps->sub, v->node, &old);
    ps->undo[ps->nundo++] = (SubUndo){v->id, ps->ren[v->id], old};
  }
  ps->ren[v->id] = o && o != ps->tgt->vars[v->id] ? o : NULL;
  if (v->node) {
    Node *to = value ? value : o && o->node ? o->node : NULL;
    if (to == v->node) to = NULL;
    uint64_t cur = 0;
    if ((to || (nodemap_get(&ps->sub, v->node, &cur) && cur)) && !nodemap_put(&ps->sub, v->node, (uintptr_t)to))
      pass_fail(ps, "out of memory");
  }
}

static void undo_subs(Pass *ps, size_t mark) {
  while (ps->nundo > mark) {
    SubUndo *u = &ps->undo[--ps->nundo];
    PVar *v = ps->src->vars[u->id];
    ps->ren[u->id] = u->old_ren;
    if (v->node && !nodemap_put(&ps->sub, v->node, u->old_sub)) pass_fail(ps, "out of memory");
  }
}

typedef struct {
  const PVar *v;
  size_t n;
} DefsOf;

static void count_def_of(const PVar *v, void *ud) {
  DefsOf *d = ud;
  d->n += v == d->v;
}

/* Definitions of v in b (pass_each_def), nested blocks included. Only for the rare lifted local that
 * needs a fresh name: a walk of the lifted body. */
static size_t defs_in(Block b, const PVar *v) {
  DefsOf d = {v, 0};
  pass_each_def(b, count_def_of, &d);
  return d.n;
}

/* The output variable for a definition of input variable v: v itself when it is visible (an
 * assignment) or a new local that keeps its name, a fresh variable for a lifted local whose name is
 * taken. Does not make v visible. */
static PVar *def_target(Pass *ps, PVar *v, bool lifted) {
  if (visible(ps, v) || v->id >= ps->nsrc) return out_var(ps, v);
  PVar *o = ps->tgt->vars[v->id];
  if (lifted && name_defs(ps, v->name) > 1) {
    o = fresh(ps, v);
    if (!o) {
      pass_fail(ps, "out of memory");
      return ps->tgt->vars[v->id];
    }
    /* The fresh name stands for the definitions of v in the lifted body: when there are several, it
     * is unstable (bound to its first value, it would be propagated past the reassignments). One
     * definition there keeps it stable, as the next run would find it. */
    if (ps->defs[v->id] > 1 && o->node && (!ps->lift || defs_in(*ps->lift, v) > 1))
      analyzer_set_unstable(ps->an, o->node);
  }
  set_sub(ps, v, o, NULL, false);
  return o;
}

/* ---- expressions ---- */

static Node *leaf_sub(Pass *ps, Node *v) {
  uint64_t to;
  return nodemap_get(&ps->sub, v, &to) && to ? (Node *)(uintptr_t)to : v;
}

static Node *subst_one(void *ud, VsCtx *ctx, Node *x, Node **args) {
  return x->op == OP_VAR ? leaf_sub(ud, x) : vs_rebuild_node(ctx, x, args);
}

static Node *subst(Pass *ps, Node *e) {
  if (!e || !nodemap_count(&ps->sub) || !(e->flags & NF_HAS_VAR)) return e;
  if (e->op == OP_VAR) return leaf_sub(ps, e);
  Node *r = vs_rebuild(ps->prog->ctx, e, subst_one, ps);
  if (!r) {
    pass_fail(ps, vs_ctx_error(ps->prog->ctx)[0] ? vs_ctx_error(ps->prog->ctx) : "out of memory");
    return e;
  }
  return r;
}

static Node *expr(Pass *ps, Node *e) {
  if (!e) return e;
  Node *s = subst(ps, e);
  return ps->remap_only ? s : analyzer_simplify(ps->an, s);
}

static Val val(Pass *ps, const Val *v);

/* Calls inside expressions (docs/pass.md, "Calls inside expressions"). A call's hole is an opaque
 * variable that nothing binds, so simplification treats the call as an atom; since a value runs its
 * sub calls whatever its expression reads, the simplified expression is right whatever it does with
 * the holes. But it must still print as the same calls in the same order: each hole read once, in
 * evaluation order. A rewrite that drops a hole (`f(a) * 0`), duplicates it or reorders two
 * (commutative operands sorted) is undone by simplifying only the parts that hold no call. */
static Call *call_copy(Pass *ps, const Call *c, const Val *args) {
  Call *o = alloc(ps, sizeof *o);
  if (!o) return NULL;
  *o = *c;
  o->hole = c->hole ? out_var(ps, c->hole) : NULL;
  if (c->nargs) {
    o->args = alloc(ps, c->nargs * sizeof *o->args);
    if (!o->args) return NULL;
    for (uint32_t i = 0; i < c->nargs; i++) o->args[i] = args ? args[i] : val(ps, &c->args[i]);
  }
  if (c->nsub) {
    o->sub = alloc(ps, c->nsub * sizeof *o->sub);
    if (!o->sub) return NULL;
    for (uint32_t k = 0; k < c->nsub; k++) o->sub[k] = call_copy(ps, c->sub[k], NULL);
  }
  return o;
}

static Call *call_out(Pass *ps, const Call *c) { return call_copy(ps, c, NULL); }

typedef struct {
  Pass *ps;
  NodeMap holey; /* node -> 1 when it holds a hole */
} Spine;

static Node *spine_one(void *ud, VsCtx *ctx, Node *x, Node **args) {
  Spine *sp = ud;
  uint64_t h = 0;
  nodemap_get(&sp->holey, x, &h);
  if (!h) return x; /* simplified as a whole by its holey parent */
  for (int i = 0; i < x->nargs; i++) {
    uint64_t hc = 0;
    nodemap_get(&sp->holey, x->args[i], &hc);
    if (!hc) args[i] = analyzer_simplify(sp->ps->an, x->args[i]);
  }
  return vs_rebuild_node(ctx, x, args);
}

/* e (substituted) with its call-free maximal subterms simplified and the nodes above the holes kept. */
static Node *spine_expr(Pass *ps, Node *e) {
  if (!e) return e;
  Node *s = subst(ps, e);
  if (ps->remap_only) return s;
  Spine sp = {.ps = ps};
  nodemap_init(&sp.holey);
  Node **order;
  size_t n = vs_postorder(s, &order);
  bool ok = n > 0;
  for (size_t i = 0; i < n && ok; i++) {
    Node *x = order[i];
    bool h = x->op == OP_VAR && x->aux.name[0] == '$';
    for (int j = 0; j < x->nargs && !h; j++) {
      uint64_t hc = 0;
      nodemap_get(&sp.holey, x->args[j], &hc);
      h = hc != 0;
    }
    ok = nodemap_put(&sp.holey, x, h);
  }
  free(order);
  Node *r = NULL;
  if (ok) {
    uint64_t h = 0;
    nodemap_get(&sp.holey, s, &h);
    r = h ? vs_rebuild(ps->prog->ctx, s, spine_one, &sp) : analyzer_simplify(ps->an, s);
  }
  nodemap_free(&sp.holey);
  if (!r) {
    pass_fail(ps, vs_ctx_error(ps->prog->ctx)[0] ? vs_ctx_error(ps->prog->ctx) : "out of memory");
    return s;
  }
  return r;
}

static void spine_call(Pass *ps, Call *o, const Call *c) {
  for (uint32_t i = 0; i < c->nargs; i++)
    if (c->args[i].e) o->args[i].e = spine_expr(ps, c->args[i].e);
}

static Val val(Pass *ps, const Val *v) {
  Val o = {0};
  if (v->e) o.e = expr(ps, v->e);
  else if (v->tensor) o.tensor = out_var(ps, v->tensor);
  else if (v->call) o.call = call_out(ps, v->call);
  if (v->nsub) {
    o.nsub = v->nsub;
    o.sub = alloc(ps, v->nsub * sizeof *o.sub);
    for (uint32_t k = 0; o.sub && k < v->nsub; k++) o.sub[k] = call_out(ps, v->sub[k]);
  }
  Call *const *in_sub, *const *out_sub;
  uint32_t n = val_sub(v, &in_sub);
  if (!n || ps->failed || val_sub(&o, &out_sub) != n || val_call_order_ok(&o)) return o;
  ps->res->call_spines++;
  if (o.e) o.e = spine_expr(ps, v->e);
  if (o.call) spine_call(ps, o.call, v->call);
  for (uint32_t k = 0; k < n; k++) spine_call(ps, out_sub[k], in_sub[k]);
  if (!val_call_order_ok(&o)) pass_fail(ps, "internal error: a value's calls lost their order");
  return o;
}

static Val *vals(Pass *ps, const Val *v, uint32_t n) {
  if (!n) return NULL;
  Val *o = alloc(ps, n * sizeof *o);
  for (uint32_t i = 0; o && i < n; i++) o[i] = val(ps, &v[i]);
  return o;
}

static bool any_call(const Val *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (val_has_call(&v[i])) return true;
  return false;
}

/* A tensor variable t that a folded statement passes to its result r (a yield, or a zero-trip loop's
 * initial value) cannot become the assignment `r = t`: that is a tensor event the input does not
 * have. The fold renames r to t instead, which is exact only when both keep their value: r has this
 * one definition and t at most one (input variables; fresh ones are defined once). */
static bool tensor_pass_foldable(const Pass *ps, PVar *const *rets, const Val *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    const PVar *t = v[i].tensor, *r = rets ? rets[i] : NULL;
    if (!t || !r) continue;
    if (r->id >= ps->nsrc || ps->defs[r->id] != 1) return false;
    if (t->id < ps->nsrc && ps->defs[t->id] > 1) return false;
  }
  return true;
}

/* Result r (an input variable) takes tensor value t (an output variable) at a fold point. */
static void pass_tensor(Pass *ps, PVar *r, PVar *t) { set_sub(ps, r, t, NULL, false); }

/* t with every expression it carries (shape, view fields, a tuple's elements') folded here. */
static bool type_fill(Pass *ps, Type *o, const Type *t) {
  *o = *t;
  if (!t->nexpr) return true;
  o->expr = alloc(ps, t->nexpr * sizeof *o->expr);
  for (uint32_t i = 0; o->expr && i < t->nexpr; i++) o->expr[i] = expr(ps, t->expr[i]);
  return o->expr != NULL;
}

static Type *type_out(Pass *ps, const Type *t) {
  Type *o = alloc(ps, sizeof *o);
  if (!o) return NULL;
  type_fill(ps, o, t);
  return o;
}

/* The types of a loop's carries or an if's results at that statement, folded there. */
static Type *slot_types_out(Pass *ps, const Stmt *s, uint32_t n) {
  if (!n) return NULL;
  Type *o = alloc(ps, n * sizeof *o);
  for (uint32_t i = 0; o && i < n; i++)
    if (!type_fill(ps, &o[i], stmt_slot_type(s, i))) return NULL;
  return o;
}

/* Room for element n of a result array whose capacity is the power of two at or above its count (8
 * at least): it grows when the count reaches a power of two. */
static bool result_room(Pass *ps, void **arr, size_t n, size_t elem) {
  if (n & (n - 1)) return true;
  void *np = realloc(*arr, (n ? n * 2 : 8) * elem);
  if (!np) {
    pass_fail(ps, "out of memory");
    return false;
  }
  *arr = np;
  return true;
}

static void obligation(Pass *ps, Node *cond, bool value, const Stmt *s, const char *what) {
  if (!ps->opts.obligations || !cond) return;
  PassResult *r = ps->res;
  void *arr = r->obligations;
  if (!result_room(ps, &arr, r->nobligations, sizeof *r->obligations)) return;
  r->obligations = arr;
  r->obligations[r->nobligations++] =
      (Obligation){analyzer_premises(ps->an), cond, value, vs_bool(ps->prog->ctx, value), s->line, s->col, what};
}

/* Loop `in` of the input is loop `out` of the output. */
static void link_loop(Pass *ps, const Stmt *in, const Stmt *out) {
  PassResult *r = ps->res;
  void *arr = r->links;
  if (!result_room(ps, &arr, r->nlinks, sizeof *r->links)) return;
  r->links = arr;
  r->links[r->nlinks++] = (PassLoopLink){in, out};
}

/* ---- statements ---- */

static void visit_block(Pass *ps, Block b, StmtVec *out, const YieldTo *yt, bool lifted);

static Stmt *new_stmt(Pass *ps, StmtKind k, const Stmt *like) {
  Stmt *s = stmt_new(ps->prog, k, like->line, like->col);
  if (!s) pass_fail(ps, "out of memory");
  return s;
}

/* var = v, at the point of `like` (var: an output variable; ty: its type there, already folded, for
 * a tensor). */
static void emit_assign(Pass *ps, StmtVec *out, PVar *var, Val v, const Type *ty, const Stmt *like) {
  Stmt *s = new_stmt(ps, SK_ASSIGN, like);
  if (!s) return;
  s->u.assign.var = var;
  s->u.assign.val = v;
  if (!type_is_scalar(&var->type)) s->u.assign.type = (Type *)(ty ? ty : &var->type);
  svec_push(out, s);
  /* A value that calls is not bound: its holes change with every run of it. */
  if (!ps->remap_only && v.e && !v.nsub && var->node) analyzer_bind_value(ps->an, var->node, v.e);
}

/* A fresh variable holding v, for a loop variable or carry whose value is not a constant. */
static Node *hold_in_fresh(Pass *ps, StmtVec *out, PVar *like_var, Val v, const Type *ty, const Stmt *like) {
  PVar *f = fresh(ps, like_var);
  if (!f) {
    pass_fail(ps, "out of memory");
    return NULL;
  }
  emit_assign(ps, out, f, v, ty, like);
  set_sub(ps, like_var, f, NULL, true);
  return f->node;
}

/* The output result variables of a statement, decided before its body is visited (they become
 * visible after it). */
static PVar **ret_targets(Pass *ps, PVar **rets, uint32_t n, bool lifted) {
  if (!rets || !n) return NULL;
  PVar **o = alloc(ps, n * sizeof *o);
  for (uint32_t i = 0; o && i < n; i++) o[i] = def_target(ps, rets[i], lifted);
  return o;
}

static void show_all(Pass *ps, PVar **v, uint32_t n) {
  for (uint32_t i = 0; v && i < n; i++) show(ps, v[i]);
}

/* Visits a body (a scope of its own in the input) into a new block. */
static Block visit_body(Pass *ps, Block b, const YieldTo *yt, bool lifted) {
  StmtVec v = {0};
  size_t mark = ps->nscope;
  visit_block(ps, b, &v, yt, lifted);
  hide_to(ps, mark);
  if (v.oom) pass_fail(ps, "out of memory");
  return svec_freeze(ps->prog, &v);
}

static void visit_if(Pass *ps, const Stmt *s, StmtVec *out, bool lifted) {
  Node *c0 = subst(ps, s->u.ifs.cond);
  Node *c = ps->remap_only ? c0 : analyzer_simplify(ps->an, c0);
  uint32_t nr = s->u.ifs.nrets;
  if (!ps->remap_only && !ps->opts.constant_only && c->op == OP_CONST) {
    bool taken = c->aux.bits != 0;
    Block live = taken ? s->u.ifs.then : s->u.ifs.els;
    Stmt *y = block_trailing_yield(live, NULL);
    obligation(ps, c0, taken, s, "if condition");
    /* A live branch that breaks or continues (then the if has no results) is not lifted: the jump
     * would end the enclosing block early. Decided on the branch as given: when simplifying it drops
     * its last jump, the run is repeated (pass_run.c) and the next one lifts it. */
    if (!block_jumps(live) && !(y && (any_call(y->u.vals.vals, y->u.vals.n) ||
                                      !tensor_pass_foldable(ps, s->u.ifs.rets, y->u.vals.vals, y->u.vals.n)))) {
      /* Fold A: lift the live branch. */
      Type *types = slot_types_out(ps, s, nr);
      YieldTo yt = {YM_ASSIGN, ret_targets(ps, s->u.ifs.rets, nr, lifted), nr, NULL, types, s->u.ifs.rets};
      size_t mark = ps->nscope;
      const Block *saved_lift = ps->lift;
      ps->lift = &live;
      visit_block(ps, live, out, &yt, true);
      ps->lift = saved_lift;
      hide_to(ps, mark);
      show_all(ps, s->u.ifs.rets, nr);
      ps->res->ifs_folded++;
      return;
    }
    /* The live yield calls or the live branch jumps: the if stays; the dead branch is only remapped. */
    Stmt *o = new_stmt(ps, SK_IF, s);
    if (!o) return;
    *o = *s;
    o->u.ifs.cond = c;
    o->u.ifs.types = slot_types_out(ps, s, nr);
    YieldTo keep = {YM_KEEP, NULL, 0, NULL, NULL, NULL};
    o->u.ifs.rets = ret_targets(ps, s->u.ifs.rets, nr, lifted);
    bool saved = ps->remap_only;
    ps->remap_only = !taken;
    o->u.ifs.then = visit_body(ps, s->u.ifs.then, &keep, false);
    ps->remap_only = taken;
    o->u.ifs.els = visit_body(ps, s->u.ifs.els, &keep, false);
    ps->remap_only = saved;
    show_all(ps, s->u.ifs.rets, nr);
    svec_push(out, o);
    return;
  }
  Stmt *o = new_stmt(ps, SK_IF, s);
  if (!o) return;
  *o = *s;
  o->u.ifs.cond = c;
  o->u.ifs.types = slot_types_out(ps, s, nr);
  o->u.ifs.rets = ret_targets(ps, s->u.ifs.rets, nr, lifted);
  YieldTo keep = {YM_KEEP, NULL, 0, NULL, NULL, NULL};
  AnMark m = analyzer_mark(ps->an);
  if (!ps->remap_only) analyzer_assume(ps->an, c);
  o->u.ifs.then = visit_body(ps, s->u.ifs.then, &keep, false);
  analyzer_restore(ps->an, m);
  if (s->u.ifs.has_else || s->u.ifs.els.n) {
    Node *nc = vs_un(ps->prog->ctx, OP_NOT, c);
    if (!ps->remap_only && nc) analyzer_assume(ps->an, nc);
    o->u.ifs.els = visit_body(ps, s->u.ifs.els, &keep, false);
    analyzer_restore(ps->an, m);
  }
  show_all(ps, s->u.ifs.rets, nr);
  svec_push(out, o);
}

/* The Z3-checkable statement of a trip count: 0 < step && (stop <= start | start < stop && the
 * distance, read without sign (exact because start < stop), is at most the step). */
static Node *trip_cond(Pass *ps, Node *start, Node *stop, Node *step, int trips) {
  VsCtx *ctx = ps->prog->ctx;
  DType dt = (DType)start->dtype, udt = dt;
  switch (dt) {
  case DT_I8: udt = DT_U8; break;
  case DT_I16: udt = DT_U16; break;
  case DT_I32: udt = DT_U32; break;
  case DT_I64:
  case DT_INDEX: udt = DT_U64; break;
  default: break;
  }
  Node *zero = vs_const_int(ctx, dt, 0);
  Node *pos = zero ? vs_bin(ctx, OP_LT, zero, step) : NULL;
  if (trips == 0) {
    Node *le = vs_bin(ctx, OP_LE, stop, start);
    return pos && le ? vs_bin(ctx, OP_AND, pos, le) : NULL;
  }
  Node *lt = vs_bin(ctx, OP_LT, start, stop);
  Node *us = vs_cast(ctx, udt, start), *ue = vs_cast(ctx, udt, stop), *ut = vs_cast(ctx, udt, step);
  Node *d = us && ue ? vs_bin(ctx, OP_SUB, ue, us) : NULL;
  Node *le = d && ut ? vs_bin(ctx, OP_LE, d, ut) : NULL;
  Node *a = pos && lt ? vs_bin(ctx, OP_AND, pos, lt) : NULL;
  return a && le ? vs_bin(ctx, OP_AND, a, le) : NULL;
}

static void visit_for(Pass *ps, const Stmt *s, StmtVec *out, const YieldTo *yt, bool lifted) {
  (void)yt;
  Node *start = expr(ps, s->u.loop.start), *stop = expr(ps, s->u.loop.stop), *step = expr(ps, s->u.loop.step);
  uint32_t nc = s->u.loop.ncarry;
  Val *inits = vals(ps, s->u.loop.inits, nc);
  Type *types = slot_types_out(ps, s, nc);
  int trips = -1;
  if (!ps->remap_only && !ps->opts.constant_only && s->u.loop.kind == LOOP_SEQ && !s->u.loop.nattrs &&
      !any_call(inits, nc))
    trips = analyzer_trip_count(ps->an, start, stop, step);
  if (trips == 1 && ps->fold_depth >= ps->opts.max_fold_depth) {
    ps->res->depth_capped = true;
    trips = -1;
  }
  if (trips == 0 && !tensor_pass_foldable(ps, s->u.loop.rets, s->u.loop.inits, nc)) trips = -1;
  if (trips == 1) {
    /* A tensor carry whose initial value may change in the body would need a copy (an event). */
    for (uint32_t i = 0; i < nc; i++) {
      const PVar *t = s->u.loop.inits[i].tensor;
      if (t && t->id < ps->nsrc && ps->defs[t->id] > 1) trips = -1;
    }
    Stmt *y = block_trailing_yield(s->u.loop.body, NULL);
    if (y && !tensor_pass_foldable(ps, s->u.loop.rets, y->u.vals.vals, y->u.vals.n)) trips = -1;
    /* The copy of the body would hold the loop's break or continue: the loop stays. */
    if (block_jumps(s->u.loop.body)) trips = -1;
  }
  if (trips == 0 || trips == 1) {
    obligation(ps, trip_cond(ps, start, stop, step, trips), true, s, trips ? "single-trip loop" : "zero-trip loop");
    PVar **rets = ret_targets(ps, s->u.loop.rets, nc, lifted);
    if (trips == 0) {
      for (uint32_t i = 0; rets && types && i < nc; i++) {
        if (inits[i].tensor) pass_tensor(ps, s->u.loop.rets[i], inits[i].tensor);
        else emit_assign(ps, out, rets[i], inits[i], &types[i], s);
      }
      show_all(ps, s->u.loop.rets, nc);
      ps->res->loops_removed++;
      return;
    }
    /* Fold B: the body once, with the loop variable and the carries substituted. */
    size_t umark = ps->nundo, mark = ps->nscope;
    /* A value over variables that never change (constants included) is substituted as it is; any
     * other is evaluated once, at the fold point, into a fresh variable. */
    PVar *lv = s->u.loop.var;
    if (analyzer_expr_stable(ps->an, start)) set_sub(ps, lv, NULL, start, true);
    else hold_in_fresh(ps, out, lv, (Val){.e = start}, NULL, s);
    for (uint32_t i = 0; i < nc; i++) {
      PVar *c = s->u.loop.carries[i];
      const Val *iv = &inits[i];
      if (iv->e && analyzer_expr_stable(ps->an, iv->e)) set_sub(ps, c, NULL, iv->e, true);
      else if (iv->tensor && (iv->tensor->id >= ps->nsrc || ps->defs[iv->tensor->id] <= 1))
        set_sub(ps, c, iv->tensor, NULL, true);
      else hold_in_fresh(ps, out, c, *iv, types ? &types[i] : NULL, s);
    }
    show(ps, lv);
    show_all(ps, s->u.loop.carries, nc);
    YieldTo to = {YM_ASSIGN, rets, nc, s->u.loop.carries, types, s->u.loop.rets};
    ps->fold_depth++;
    const Block *saved_lift = ps->lift;
    ps->lift = &s->u.loop.body;
    visit_block(ps, s->u.loop.body, out, &to, true);
    ps->lift = saved_lift;
    ps->fold_depth--;
    hide_to(ps, mark);
    undo_subs(ps, umark);
    show_all(ps, s->u.loop.rets, nc);
    ps->res->loops_unrolled++;
    return;
  }
  Stmt *o = new_stmt(ps, SK_FOR, s);
  if (!o) return;
  *o = *s;
  o->u.loop.start = start;
  o->u.loop.stop = stop;
  o->u.loop.step = step;
  o->u.loop.inits = inits;
  o->u.loop.types = types;
  /* The loop variable and carries are new definitions: never renamed. */
  size_t mark = ps->nscope;
  set_sub(ps, s->u.loop.var, NULL, NULL, false);
  o->u.loop.var = out_var(ps, s->u.loop.var);
  if (nc) {
    o->u.loop.carries = alloc(ps, nc * sizeof *o->u.loop.carries);
    for (uint32_t i = 0; o->u.loop.carries && i < nc; i++) {
      set_sub(ps, s->u.loop.carries[i], NULL, NULL, false);
      o->u.loop.carries[i] = out_var(ps, s->u.loop.carries[i]);
    }
  }
  show(ps, s->u.loop.var);
  show_all(ps, s->u.loop.carries, nc);
  AnMark m = analyzer_mark(ps->an);
  if (!ps->remap_only) analyzer_bind_loop(ps->an, o->u.loop.var->node, start, stop, step);
  YieldTo keep = {YM_KEEP, NULL, 0, NULL, NULL, NULL};
  o->u.loop.body = visit_body(ps, s->u.loop.body, &keep, false);
  analyzer_restore(ps->an, m);
  hide_to(ps, mark);
  o->u.loop.rets = ret_targets(ps, s->u.loop.rets, nc, lifted);
  show_all(ps, s->u.loop.rets, nc);
  link_loop(ps, s, o);
  svec_push(out, o);
}

static void visit_while(Pass *ps, const Stmt *s, StmtVec *out, bool lifted) {
  uint32_t nc = s->u.loop.ncarry;
  Val *inits = vals(ps, s->u.loop.inits, nc);
  Type *types = slot_types_out(ps, s, nc);
  if (!ps->remap_only && !ps->opts.constant_only && !any_call(inits, nc)) {
    /* The condition on entry: carries replaced by their initial values. */
    size_t umark = ps->nundo;
    for (uint32_t i = 0; i < nc; i++)
      if (inits[i].e) set_sub(ps, s->u.loop.carries[i], NULL, inits[i].e, true);
    Node *c0 = subst(ps, s->u.loop.cond);
    undo_subs(ps, umark);
    Node *n0 = vs_un(ps->prog->ctx, OP_NOT, c0);
    if (n0 && tensor_pass_foldable(ps, s->u.loop.rets, s->u.loop.inits, nc) && analyzer_can_prove(ps->an, n0)) {
      obligation(ps, c0, false, s, "zero-trip while loop");
      PVar **rets = ret_targets(ps, s->u.loop.rets, nc, lifted);
      for (uint32_t i = 0; rets && types && i < nc; i++) {
        if (inits[i].tensor) pass_tensor(ps, s->u.loop.rets[i], inits[i].tensor);
        else emit_assign(ps, out, rets[i], inits[i], &types[i], s);
      }
      show_all(ps, s->u.loop.rets, nc);
      ps->res->whiles_removed++;
      return;
    }
  }
  Stmt *o = new_stmt(ps, SK_WHILE, s);
  if (!o) return;
  *o = *s;
  o->u.loop.inits = inits;
  o->u.loop.types = types;
  size_t mark = ps->nscope;
  if (nc) {
    o->u.loop.carries = alloc(ps, nc * sizeof *o->u.loop.carries);
    for (uint32_t i = 0; o->u.loop.carries && i < nc; i++) {
      set_sub(ps, s->u.loop.carries[i], NULL, NULL, false);
      o->u.loop.carries[i] = out_var(ps, s->u.loop.carries[i]);
    }
  }
  show_all(ps, s->u.loop.carries, nc);
  o->u.loop.cond = expr(ps, s->u.loop.cond);
  AnMark m = analyzer_mark(ps->an);
  if (!ps->remap_only) analyzer_assume(ps->an, o->u.loop.cond);
  YieldTo keep = {YM_KEEP, NULL, 0, NULL, NULL, NULL};
  o->u.loop.body = visit_body(ps, s->u.loop.body, &keep, false);
  analyzer_restore(ps->an, m);
  hide_to(ps, mark);
  o->u.loop.rets = ret_targets(ps, s->u.loop.rets, nc, lifted);
  show_all(ps, s->u.loop.rets, nc);
  link_loop(ps, s, o);
  svec_push(out, o);
}

/* n expressions simplified (a task's dependencies), NULL for none. */
static Node **exprs(Pass *ps, Node *const *e, uint32_t n) {
  Node **o = n ? alloc(ps, n * sizeof *o) : NULL;
  for (uint32_t i = 0; o && i < n; i++) o[i] = expr(ps, e[i]);
  return o;
}

/* A dispatch predicate: its indices simplified, its tensor renamed like any read; the comparison is
 * kept as written. The element it reads is the scheduler's, at dispatch: nothing the analyzer knows
 * about the program's values (a write to that element, a branch on it) may decide it, and the pass
 * never evaluates it. */
static Pred *pred_out(Pass *ps, const Pred *p) {
  if (!p) return NULL;
  Pred *o = alloc(ps, sizeof *o);
  if (!o) return NULL;
  *o = *p;
  o->tensor = out_var(ps, p->tensor);
  o->idx = exprs(ps, p->idx, p->nidx);
  return o;
}

/* `v: tensor[S, d] = call view(t, rows, offset)` is t itself when S is t's shape (and its view t's),
 * rows its first entry and offset 0 (docs/pass.md): then it becomes the alias `v = t`. */
static bool view_is_identity(Pass *ps, const Type *rt, const Call *c) {
  if (ps->remap_only || strcmp(c->name, "view") || c->nargs != 3 || !c->args[0].tensor || !c->args[1].e ||
      !c->args[2].e || !rt || rt->kind != TY_TENSOR)
    return false;
  const PVar *t = c->args[0].tensor;
  const Type *tt = &t->type;
  if (!type_same_form(tt, rt) || !rt->rank) return false;
  /* t's shape is the one it was defined with: only while t and its shape's variables keep their value,
   * and only for a definition that gives t its declared shape (not a carry or a result, which take the
   * shape of the value they are given). */
  if (t->id >= ps->nsrc || ps->defs[t->id] > 1 || ps->shape_from_value[t->id]) return false;
  for (uint32_t i = 0; i < tt->nexpr; i++)
    if (!analyzer_expr_stable(ps->an, tt->expr[i])) return false;
  Node *shape0 = expr(ps, tt->expr[0]);
  if (c->args[1].e != shape0 || c->args[2].e->op != OP_CONST || c->args[2].e->aux.bits != 0) return false;
  for (uint32_t i = 0; i < rt->nexpr; i++)
    if (rt->expr[i] != expr(ps, tt->expr[i])) return false;
  return true;
}

/* `v: T = call as_layout(t)`, and its new name `v = call view(t, layout=L)`, is t itself when T's
 * layout is t's (a tensor without a view is nd): the reference's identity reinterpret, which becomes
 * the alias `v = t` (docs/pass.md). Only the tags decide it, so no value needs to be stable. A view
 * with a shape is never t. */
static bool as_layout_is_identity(const Pass *ps, const Type *rt, const Call *c) {
  bool layout_view = c->vform == VIEW_LAYOUT;
  if (ps->remap_only || (strcmp(c->name, "as_layout") && !layout_view) || c->nargs != 1 || !c->args[0].tensor ||
      !rt || rt->kind != TY_TENSOR)
    return false;
  const Type *tt = &c->args[0].tensor->type;
  return tt->kind == TY_TENSOR && tt->dtype == rt->dtype && type_tensor_layout(tt) == type_tensor_layout(rt);
}

static void visit_stmt(Pass *ps, const Stmt *s, StmtVec *out, const YieldTo *yt, bool lifted) {
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: {
    Val v = val(ps, &s->u.assign.val);
    Type *ty = s->u.assign.type ? type_out(ps, s->u.assign.type) : NULL;
    PVar *var = def_target(ps, s->u.assign.var, lifted);
    Stmt *o = new_stmt(ps, SK_ASSIGN, s);
    if (!o) return;
    o->u.assign.var = var;
    o->u.assign.type = ty;
    if (v.call && (view_is_identity(ps, ty, v.call) || as_layout_is_identity(ps, ty, v.call))) {
      v = (Val){.tensor = v.call->args[0].tensor};
      ps->res->views_folded++;
    }
    o->u.assign.val = v;
    svec_push(out, o);
    show(ps, s->u.assign.var);
    if (!ps->remap_only && v.e && !v.nsub && var->node) analyzer_bind_value(ps->an, var->node, v.e);
    break;
  }
  case SK_CALL: {
    Stmt *o = new_stmt(ps, SK_CALL, s);
    if (!o) return;
    Val cv = {.call = s->u.call};
    o->u.call = val(ps, &cv).call;
    svec_push(out, o);
    break;
  }
  case SK_SUBMIT: {
    /* An event: kept; its arguments and dependencies simplified; its results unknowns (never bound). */
    Stmt *o = new_stmt(ps, SK_SUBMIT, s);
    if (!o) return;
    *o = *s;
    Val cv = {.call = s->u.submit.call};
    o->u.submit.call = val(ps, &cv).call;
    o->u.submit.type = type_out(ps, s->u.submit.type);
    o->u.submit.deps = exprs(ps, s->u.submit.deps, s->u.submit.ndeps);
    o->u.submit.pred = pred_out(ps, s->u.submit.pred);
    o->u.submit.out = def_target(ps, s->u.submit.out, lifted);
    o->u.submit.tid = s->u.submit.tid ? def_target(ps, s->u.submit.tid, lifted) : NULL;
    svec_push(out, o);
    show(ps, s->u.submit.out);
    if (s->u.submit.tid) show(ps, s->u.submit.tid);
    break;
  }
  case SK_PIN: {
    /* An event: kept; its index simplified (before the semantics turns it into a byte offset); the
     * buffer is the same tensor variable (a reference keeps its identity); the offset is an unknown. */
    Stmt *o = new_stmt(ps, SK_PIN, s);
    if (!o) return;
    o->u.pin.index = expr(ps, s->u.pin.index);
    Val bv = {.tensor = s->u.pin.buf};
    o->u.pin.buf = val(ps, &bv).tensor;
    o->u.pin.var = def_target(ps, s->u.pin.var, lifted);
    svec_push(out, o);
    show(ps, s->u.pin.var);
    break;
  }
  case SK_DOMAIN: {
    /* The slots are fixed before the body is walked (never bound: each holds its identity); the sizes
     * are simplified after it, with what holds at its end: its top-level bindings, and nothing a branch
     * inside it knew (those facts ended with their region). */
    Stmt *o = new_stmt(ps, SK_DOMAIN, s);
    if (!o) return;
    *o = *s;
    uint32_t k = s->u.scope.nslots;
    o->u.scope.slots = k ? alloc(ps, k * sizeof *o->u.scope.slots) : NULL;
    o->u.scope.sizes = k ? alloc(ps, k * sizeof *o->u.scope.sizes) : NULL;
    if (k && (!o->u.scope.slots || !o->u.scope.sizes)) return;
    for (uint32_t j = 0; j < k; j++) {
      o->u.scope.slots[j] = def_target(ps, s->u.scope.slots[j], lifted);
      show(ps, s->u.scope.slots[j]);
    }
    StmtVec v = {0};
    visit_block(ps, s->u.scope.body, &v, yt, lifted);
    if (v.oom) pass_fail(ps, "out of memory");
    o->u.scope.body = svec_freeze(ps->prog, &v);
    for (uint32_t j = 0; j < k; j++) o->u.scope.sizes[j] = expr(ps, s->u.scope.sizes[j]);
    svec_push(out, o);
    break;
  }
  case SK_IF: visit_if(ps, s, out, lifted); break;
  case SK_FOR: visit_for(ps, s, out, yt, lifted); break;
  case SK_WHILE: visit_while(ps, s, out, lifted); break;
  case SK_SPMD:
  case SK_SCOPE: {
    Stmt *o = new_stmt(ps, (StmtKind)s->kind, s);
    if (!o) return;
    *o = *s;
    if (s->kind == SK_SPMD) {
      o->u.scope.cores = expr(ps, s->u.scope.cores);
      o->u.scope.deps = exprs(ps, s->u.scope.deps, s->u.scope.ndeps);
      o->u.scope.pred = pred_out(ps, s->u.scope.pred);
    }
    StmtVec v = {0};
    visit_block(ps, s->u.scope.body, &v, yt, lifted);
    if (v.oom) pass_fail(ps, "out of memory");
    o->u.scope.body = svec_freeze(ps->prog, &v);
    svec_push(out, o);
    break;
  }
  case SK_YIELD: {
    uint32_t n = s->u.vals.n;
    Val *v = vals(ps, s->u.vals.vals, n);
    if (yt->mode == YM_KEEP) {
      Stmt *o = new_stmt(ps, SK_YIELD, s);
      if (!o) return;
      o->u.vals.n = n;
      o->u.vals.vals = v;
      svec_push(out, o);
      break;
    }
    for (uint32_t i = 0; v && i < n; i++) {
      const Type *ty = yt->types ? &yt->types[i] : NULL;
      if (v[i].tensor && yt->rets && yt->rets[i] && yt->src_rets) {
        pass_tensor(ps, yt->src_rets[i], v[i].tensor);
      } else if (yt->rets && yt->rets[i]) {
        emit_assign(ps, out, yt->rets[i], v[i], ty, s);
      } else if (val_has_call(&v[i]) && yt->slots && yt->slots[i]) {
        PVar *h = fresh(ps, yt->slots[i]);
        if (!h) return;
        emit_assign(ps, out, h, v[i], ty, s);
      } else if (v[i].nsub) {
        pass_fail(ps, "internal error: a yielded value that calls has no slot to keep it in");
        return;
      } else if (v[i].call) {
        Stmt *o = new_stmt(ps, SK_CALL, s);
        if (!o) return;
        o->u.call = v[i].call;
        svec_push(out, o);
      }
    }
    break;
  }
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE: {
    Stmt *o = new_stmt(ps, (StmtKind)s->kind, s);
    if (!o) return;
    o->u.vals.n = s->u.vals.n;
    o->u.vals.vals = vals(ps, s->u.vals.vals, s->u.vals.n);
    svec_push(out, o);
    break;
  }
  }
}

static void visit_block(Pass *ps, Block b, StmtVec *out, const YieldTo *yt, bool lifted) {
  for (uint32_t i = 0; i < b.n && !ps->failed; i++) visit_stmt(ps, b.s[i], out, yt, lifted);
}

Block pass_visit_body(Pass *ps, Block body) {
  YieldTo keep = {YM_KEEP, NULL, 0, NULL, NULL, NULL};
  StmtVec v = {0};
  visit_block(ps, body, &v, &keep, false);
  if (v.oom) pass_fail(ps, "out of memory");
  return svec_freeze(ps->prog, &v);
}
