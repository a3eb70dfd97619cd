/* pass_dce.c: dead scalar bindings and dead yield slots (docs/pass.md, step 8), on the pass's output,
 * which it owns (no statement is shared with the input), in place.
 *
 * Reads are counted per variable over the whole function. A binding `x = e` with e free of calls is
 * removed when nothing reads x anywhere (then no assignment to x is ever observed); removing it
 * un-reads e's variables, which may free further bindings: blocks are swept last statement first, and
 * sweeps repeat to a fixpoint. Tensor bindings and bindings whose value holds a call are kept.
 * A result of an `if` that nothing reads is dropped from the result list and from both yields; a loop
 * carry whose result nothing reads and whose variable is read in the loop only by the next values of
 * such carries is dropped with its initial value, yield slot and result (values with calls stay; a
 * loop with a break or continue keeps its carries).
 * In constant-only mode only bindings are removed: control flow, yields and carries stay. */
#include <stdlib.h>
#include <string.h>

#include "pass/pass_internal.h"

typedef struct {
  Pass *ps;
  Function *f;
  NodeMap var_id; /* VAR node -> variable id + 1 */
  int64_t *reads;
  bool changed;
} Dce;

static void count_expr(Dce *d, Node *e, int64_t delta) {
  if (!e || !(e->flags & NF_HAS_VAR)) return;
  uint64_t id;
  if (e->op == OP_VAR) {
    if (nodemap_get(&d->var_id, e, &id)) d->reads[id - 1] += delta;
    return;
  }
  Node **order;
  size_t n = vs_postorder(e, &order);
  if (!n) {
    pass_fail(d->ps, "out of memory");
    return;
  }
  for (size_t i = 0; i < n; i++)
    if (order[i]->op == OP_VAR && nodemap_get(&d->var_id, order[i], &id)) d->reads[id - 1] += delta;
  free(order);
}

static void count_val(Dce *d, const Val *v, int64_t delta) {
  Call *const *sub;
  uint32_t nsub = val_sub(v, &sub);
  for (uint32_t k = 0; k < nsub; k++)
    for (uint32_t i = 0; i < sub[k]->nargs; i++) count_val(d, &sub[k]->args[i], delta);
  if (v->e) count_expr(d, v->e, delta);
  else if (v->tensor) d->reads[v->tensor->id] += delta;
  else if (v->call)
    for (uint32_t i = 0; i < v->call->nargs; i++) count_val(d, &v->call->args[i], delta);
}

/* A dispatch predicate reads its tensor and its indices' variables. */
static void count_pred(Dce *d, const Pred *p, int64_t delta) {
  if (!p) return;
  d->reads[p->tensor->id] += delta;
  for (uint32_t i = 0; i < p->nidx; i++) count_expr(d, p->idx[i], delta);
}

static void count_type(Dce *d, const Type *t, int64_t delta) {
  for (uint32_t i = 0; t && i < t->nexpr; i++) count_expr(d, t->expr[i], delta);
}

static void count_block(Dce *d, Block b, int64_t delta);

static void count_stmt(Dce *d, const Stmt *s, int64_t delta) {
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN:
    count_val(d, &s->u.assign.val, delta);
    count_type(d, s->u.assign.type, delta);
    break;
  case SK_CALL: {
    Val v = {.call = s->u.call};
    count_val(d, &v, delta);
    break;
  }
  case SK_SUBMIT: {
    /* A task's dependencies read the task ids they name: what keeps an id (and a copy of one) alive. */
    Val v = {.call = s->u.submit.call};
    count_val(d, &v, delta);
    for (uint32_t i = 0; i < s->u.submit.ndeps; i++) count_expr(d, s->u.submit.deps[i], delta);
    count_pred(d, s->u.submit.pred, delta);
    count_type(d, s->u.submit.type, delta);
    break;
  }
  case SK_FOR:
  case SK_WHILE:
    count_expr(d, s->u.loop.start, delta);
    count_expr(d, s->u.loop.stop, delta);
    count_expr(d, s->u.loop.step, delta);
    count_expr(d, s->u.loop.cond, delta);
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
      count_val(d, &s->u.loop.inits[i], delta);
      count_type(d, stmt_slot_type(s, i), delta);
    }
    count_block(d, s->u.loop.body, delta);
    break;
  case SK_IF:
    count_expr(d, s->u.ifs.cond, delta);
    for (uint32_t i = 0; i < s->u.ifs.nrets; i++) count_type(d, stmt_slot_type(s, i), delta);
    count_block(d, s->u.ifs.then, delta);
    count_block(d, s->u.ifs.els, delta);
    break;
  case SK_PIN:
    /* Address metadata: the index reads its variables, the buffer is read. */
    count_expr(d, s->u.pin.index, delta);
    d->reads[s->u.pin.buf->id] += delta;
    break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN:
    /* A domain's sizes read their variables (a body binding read only by a size stays). */
    count_expr(d, s->u.scope.cores, delta);
    for (uint32_t i = 0; i < s->u.scope.ndeps; i++) count_expr(d, s->u.scope.deps[i], delta);
    count_pred(d, s->u.scope.pred, delta);
    for (uint32_t i = 0; i < s->u.scope.nslots; i++) count_expr(d, s->u.scope.sizes[i], delta);
    count_block(d, s->u.scope.body, delta);
    break;
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE:
    for (uint32_t i = 0; i < s->u.vals.n; i++) count_val(d, &s->u.vals.vals[i], delta);
    break;
  }
}

static void count_block(Dce *d, Block b, int64_t delta) {
  for (uint32_t i = 0; i < b.n; i++) count_stmt(d, b.s[i], delta);
}

/* ---- local reads of some variables (for carries) ---- */

typedef struct {
  PVar **vars;
  bool *cand;
  int64_t *n; /* per carry */
  uint32_t nv;
  const Stmt *skip_yield; /* values of this yield at candidate indices are not counted */
} LocalReads;

static void lr_expr(LocalReads *lr, Node *e) {
  if (!e || !(e->flags & NF_HAS_VAR)) return;
  Node **order;
  size_t n = vs_postorder(e, &order);
  for (size_t i = 0; i < n; i++)
    if (order[i]->op == OP_VAR)
      for (uint32_t k = 0; k < lr->nv; k++)
        if (lr->cand[k] && lr->vars[k]->node == order[i]) lr->n[k]++;
  free(order);
}

static void lr_val(LocalReads *lr, const Val *v) {
  Call *const *sub;
  uint32_t nsub = val_sub(v, &sub);
  for (uint32_t k = 0; k < nsub; k++)
    for (uint32_t i = 0; i < sub[k]->nargs; i++) lr_val(lr, &sub[k]->args[i]);
  if (v->e) lr_expr(lr, v->e);
  else if (v->tensor) {
    for (uint32_t k = 0; k < lr->nv; k++)
      if (lr->cand[k] && lr->vars[k] == v->tensor) lr->n[k]++;
  } else if (v->call)
    for (uint32_t i = 0; i < v->call->nargs; i++) lr_val(lr, &v->call->args[i]);
}

static void lr_block(LocalReads *lr, Block b);

static void lr_pred(LocalReads *lr, const Pred *p) {
  if (!p) return;
  for (uint32_t k = 0; k < lr->nv; k++)
    if (lr->cand[k] && lr->vars[k] == p->tensor) lr->n[k]++;
  for (uint32_t i = 0; i < p->nidx; i++) lr_expr(lr, p->idx[i]);
}

static void lr_type(LocalReads *lr, const Type *t) {
  for (uint32_t i = 0; t && i < t->nexpr; i++) lr_expr(lr, t->expr[i]);
}

static void lr_stmt(LocalReads *lr, const Stmt *s) {
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN:
    lr_val(lr, &s->u.assign.val);
    lr_type(lr, s->u.assign.type);
    break;
  case SK_CALL: {
    Val v = {.call = s->u.call};
    lr_val(lr, &v);
    break;
  }
  case SK_SUBMIT: {
    Val v = {.call = s->u.submit.call};
    lr_val(lr, &v);
    for (uint32_t i = 0; i < s->u.submit.ndeps; i++) lr_expr(lr, s->u.submit.deps[i]);
    lr_pred(lr, s->u.submit.pred);
    lr_type(lr, s->u.submit.type);
    break;
  }
  case SK_FOR:
  case SK_WHILE:
    lr_expr(lr, s->u.loop.start);
    lr_expr(lr, s->u.loop.stop);
    lr_expr(lr, s->u.loop.step);
    lr_expr(lr, s->u.loop.cond);
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
      lr_val(lr, &s->u.loop.inits[i]);
      lr_type(lr, stmt_slot_type(s, i));
    }
    lr_block(lr, s->u.loop.body);
    break;
  case SK_IF:
    lr_expr(lr, s->u.ifs.cond);
    for (uint32_t i = 0; i < s->u.ifs.nrets; i++) lr_type(lr, stmt_slot_type(s, i));
    lr_block(lr, s->u.ifs.then);
    lr_block(lr, s->u.ifs.els);
    break;
  case SK_PIN:
    lr_expr(lr, s->u.pin.index);
    for (uint32_t k = 0; k < lr->nv; k++)
      if (lr->cand[k] && lr->vars[k] == s->u.pin.buf) lr->n[k]++;
    break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN:
    lr_expr(lr, s->u.scope.cores);
    for (uint32_t i = 0; i < s->u.scope.ndeps; i++) lr_expr(lr, s->u.scope.deps[i]);
    lr_pred(lr, s->u.scope.pred);
    for (uint32_t i = 0; i < s->u.scope.nslots; i++) lr_expr(lr, s->u.scope.sizes[i]);
    lr_block(lr, s->u.scope.body);
    break;
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE:
    for (uint32_t i = 0; i < s->u.vals.n; i++)
      if (s != lr->skip_yield || i >= lr->nv || !lr->cand[i]) lr_val(lr, &s->u.vals.vals[i]);
    break;
  }
}

static void lr_block(LocalReads *lr, Block b) {
  for (uint32_t i = 0; i < b.n; i++) lr_stmt(lr, b.s[i]);
}

/* ---- pruning ---- */

static bool val_calls(const Val *v) { return val_has_call(v); }

/* Drops the result slots marked dead from an if. */
static void prune_if(Dce *d, Stmt *s) {
  uint32_t n = s->u.ifs.nrets;
  Stmt *yt = block_trailing_yield(s->u.ifs.then, NULL), *ye = block_trailing_yield(s->u.ifs.els, NULL);
  if (!n || !yt || !ye || yt->u.vals.n != n || ye->u.vals.n != n) return;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    bool dead = d->reads[s->u.ifs.rets[i]->id] == 0 && !val_calls(&yt->u.vals.vals[i]) && !val_calls(&ye->u.vals.vals[i]);
    if (dead) {
      count_val(d, &yt->u.vals.vals[i], -1);
      count_val(d, &ye->u.vals.vals[i], -1);
      count_type(d, stmt_slot_type(s, i), -1);
      d->ps->res->slots_pruned++;
      d->changed = true;
      continue;
    }
    if (s->u.ifs.types) s->u.ifs.types[k] = s->u.ifs.types[i];
    s->u.ifs.rets[k] = s->u.ifs.rets[i];
    yt->u.vals.vals[k] = yt->u.vals.vals[i];
    ye->u.vals.vals[k] = ye->u.vals.vals[i];
    k++;
  }
  s->u.ifs.nrets = yt->u.vals.n = ye->u.vals.n = k;
  if (!k) s->u.ifs.rets = NULL;
}

static void prune_loop(Dce *d, Stmt *s) {
  uint32_t n = s->u.loop.ncarry;
  Stmt *y = block_trailing_yield(s->u.loop.body, NULL);
  /* A break or continue holds values of the carries too: such a loop keeps them all. */
  if (!n || !y || y->u.vals.n != n || block_jumps(s->u.loop.body)) return;
  bool *cand = calloc(n, sizeof *cand);
  int64_t *cnt = calloc(n, sizeof *cnt);
  if (!cand || !cnt) {
    free(cand);
    free(cnt);
    pass_fail(d->ps, "out of memory");
    return;
  }
  bool any = false;
  for (uint32_t i = 0; i < n; i++) {
    cand[i] = (!s->u.loop.rets || d->reads[s->u.loop.rets[i]->id] == 0) && !val_calls(&s->u.loop.inits[i]) &&
              !val_calls(&y->u.vals.vals[i]);
    any |= cand[i];
  }
  /* A candidate stays dead only if nothing but dead slots' next values reads it. */
  for (bool again = any; again;) {
    again = false;
    memset(cnt, 0, n * sizeof *cnt);
    LocalReads lr = {s->u.loop.carries, cand, cnt, n, y};
    lr_expr(&lr, s->u.loop.cond);
    lr_block(&lr, s->u.loop.body);
    for (uint32_t i = 0; i < n; i++)
      if (cand[i] && cnt[i] > 0) cand[i] = false, again = true;
  }
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (cand[i]) {
      count_val(d, &s->u.loop.inits[i], -1);
      count_val(d, &y->u.vals.vals[i], -1);
      count_type(d, stmt_slot_type(s, i), -1);
      d->ps->res->slots_pruned++;
      d->changed = true;
      continue;
    }
    if (s->u.loop.types) s->u.loop.types[k] = s->u.loop.types[i];
    s->u.loop.carries[k] = s->u.loop.carries[i];
    s->u.loop.inits[k] = s->u.loop.inits[i];
    if (s->u.loop.rets) s->u.loop.rets[k] = s->u.loop.rets[i];
    y->u.vals.vals[k] = y->u.vals.vals[i];
    k++;
  }
  s->u.loop.ncarry = y->u.vals.n = k;
  if (!k) s->u.loop.rets = NULL;
  free(cand);
  free(cnt);
}

/* Removes an empty trailing yield (a body whose results were all pruned). */
static void drop_empty_yield(Block *b) {
  for (;;) {
    if (!b->n) return;
    Stmt *last = b->s[b->n - 1];
    if (last->kind == SK_YIELD) {
      if (!last->u.vals.n) b->n--;
      return;
    }
    if (last->kind != SK_SPMD && last->kind != SK_SCOPE) return;
    b = &last->u.scope.body;
  }
}

static bool sweep_stmt(Dce *d, Stmt *s); /* false: remove s */

static void sweep_block(Dce *d, Block *b) {
  uint32_t k = b->n;
  /* Last statement first, so a chain of dead bindings goes in one sweep. */
  bool *keep = malloc((b->n ? b->n : 1) * sizeof *keep);
  if (!keep) {
    pass_fail(d->ps, "out of memory");
    return;
  }
  for (uint32_t i = b->n; i-- > 0;) keep[i] = sweep_stmt(d, b->s[i]);
  k = 0;
  for (uint32_t i = 0; i < b->n; i++)
    if (keep[i]) b->s[k++] = b->s[i];
  if (k != b->n) d->changed = true;
  b->n = k;
  free(keep);
}

static bool sweep_stmt(Dce *d, Stmt *s) {
  bool structural = !d->ps->opts.constant_only;
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN:
    /* A value with a call inside (at any depth) is an event: never removed. */
    if (s->u.assign.val.e && !val_has_call(&s->u.assign.val) && s->u.assign.var->node &&
        d->reads[s->u.assign.var->id] == 0) {
      count_val(d, &s->u.assign.val, -1);
      d->ps->res->bindings_removed++;
      return false;
    }
    return true;
  case SK_IF:
    if (structural && s->u.ifs.nrets) prune_if(d, s);
    sweep_block(d, &s->u.ifs.then);
    sweep_block(d, &s->u.ifs.els);
    if (structural && !s->u.ifs.nrets) {
      drop_empty_yield(&s->u.ifs.then);
      drop_empty_yield(&s->u.ifs.els);
      if (!s->u.ifs.then.n && !s->u.ifs.els.n) {
        count_expr(d, s->u.ifs.cond, -1);
        return false;
      }
    }
    return true;
  case SK_FOR:
  case SK_WHILE:
    if (structural && s->u.loop.ncarry) prune_loop(d, s);
    sweep_block(d, &s->u.loop.body);
    if (structural && !s->u.loop.ncarry) drop_empty_yield(&s->u.loop.body);
    if (structural && s->kind == SK_FOR && !s->u.loop.ncarry && !s->u.loop.body.n && s->u.loop.kind == LOOP_SEQ &&
        !s->u.loop.nattrs) {
      count_expr(d, s->u.loop.start, -1);
      count_expr(d, s->u.loop.stop, -1);
      count_expr(d, s->u.loop.step, -1);
      return false;
    }
    return true;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN: /* a domain is kept whole: every slot, every size */
    sweep_block(d, &s->u.scope.body);
    return true;
  default: return true;
  }
}

void pass_dce(Pass *ps, Function *f) {
  Dce d = {.ps = ps, .f = f};
  nodemap_init(&d.var_id);
  d.reads = calloc(f->nvars ? f->nvars : 1, sizeof *d.reads);
  if (!d.reads) {
    pass_fail(ps, "out of memory");
    return;
  }
  for (uint32_t i = 0; i < f->nvars; i++)
    if (f->vars[i]->node && !nodemap_put(&d.var_id, f->vars[i]->node, (uint64_t)i + 1)) pass_fail(ps, "out of memory");
  for (uint32_t i = 0; i < f->nparams; i++) count_type(&d, &f->params[i]->type, 1);
  for (uint32_t i = 0; i < f->nresults; i++) count_type(&d, &f->results[i], 1);
  count_block(&d, f->body, 1);
  for (int round = 0; round < 64 && !ps->failed; round++) {
    d.changed = false;
    sweep_block(&d, &f->body);
    if (!d.changed) break;
  }
  free(d.reads);
  nodemap_free(&d.var_id);
}
