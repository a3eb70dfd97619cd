/* stmt_check.c: the well-formedness of a function (stmt.h, fn_well_formed).
 *
 * The pass builds its output statement by statement and must never print a program the parser would
 * reject: a variable read where no definition reaches it (dead-code removal took it, or a type still
 * names it), or a type that is not closed where it stands. This replays the parser's scoping over a
 * finished function: `for`, `while` and `if` bodies are scopes, `spmd` and `scope` bodies are not,
 * parameters are visible everywhere, a definition becomes visible after its statement. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ir/stmt.h"

typedef struct {
  const Function *f;
  uint8_t *vis; /* per variable id */
  uint32_t nvis;
  const PVar **scope;
  size_t nscope, cap;
  char *err;
  size_t errlen;
  bool bad;
  const Stmt *jt; /* the loop a break or continue here would leave, or NULL (see stmt.h) */
} Wf;

__attribute__((format(printf, 4, 5))) static void wf_fail(Wf *w, int line, int col, const char *fmt, ...) {
  if (w->bad) return;
  w->bad = true;
  int n = snprintf(w->err, w->errlen, "%d:%d: ", line, col);
  if (n < 0 || (size_t)n >= w->errlen) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->err + n, w->errlen - (size_t)n, fmt, ap);
  va_end(ap);
}

static void show(Wf *w, const PVar *v) {
  if (!v || v->id >= w->nvis || w->vis[v->id]) return;
  if (w->nscope == w->cap) {
    size_t cap = w->cap ? w->cap * 2 : 64;
    const PVar **ns = realloc(w->scope, cap * sizeof *ns);
    if (!ns) {
      wf_fail(w, 0, 0, "out of memory");
      return;
    }
    w->scope = ns;
    w->cap = cap;
  }
  w->vis[v->id] = 1;
  w->scope[w->nscope++] = v;
}

static void hide_to(Wf *w, size_t mark) {
  while (w->nscope > mark) w->vis[w->scope[--w->nscope]->id] = 0;
}

/* The variable of f whose VAR node is n, or NULL for a variable that is no program variable (the
 * pass never makes one: it is reported). */
static const PVar *var_of(const Wf *w, const Node *n) {
  for (const PVar *v = fn_find_name(w->f, n->aux.name); v; v = v->next_same_name)
    if (v->node == n) return v;
  return NULL;
}

static void need(Wf *w, const PVar *v, int line, int col, const char *where) {
  if (w->bad) return;
  if (!v || v->id >= w->nvis)
    wf_fail(w, line, col, "%s reads a variable the function does not define", where);
  else if (!w->vis[v->id]) wf_fail(w, line, col, "%s reads '%s', which is not defined there", where, v->name);
}

static void need_expr(Wf *w, Node *e, int line, int col, const char *where) {
  if (!e || w->bad || !(e->flags & NF_HAS_VAR)) return;
  Node **order;
  size_t n = vs_postorder(e, &order);
  if (!n) {
    wf_fail(w, line, col, "out of memory");
    return;
  }
  for (size_t i = 0; i < n && !w->bad; i++)
    if (order[i]->op == OP_VAR) {
      const PVar *v = var_of(w, order[i]);
      if (!v) wf_fail(w, line, col, "%s reads '%s', which the function does not define", where, order[i]->aux.name);
      else need(w, v, line, col, where);
    }
  free(order);
}

static void need_pred(Wf *w, const Pred *p, int line, int col) {
  if (!p) return;
  need(w, p->tensor, line, col, "a dispatch predicate's tensor");
  for (uint32_t i = 0; i < p->nidx; i++) need_expr(w, p->idx[i], line, col, "a dispatch predicate's index");
}

static void need_type(Wf *w, const Type *t, int line, int col, const char *where) {
  if (!t) return;
  for (uint32_t i = 0; i < t->nexpr; i++) need_expr(w, t->expr[i], line, col, where);
}

static void need_val(Wf *w, const Val *v, int line, int col, const char *where) {
  /* Calls inside expressions: each sub call reads what is visible and the holes of the calls before
   * it, and defines its own hole for the rest of the value only. */
  Call *const *sub;
  uint32_t nsub = val_sub(v, &sub);
  size_t mark = w->nscope;
  if (nsub && !val_call_order_ok(v))
    wf_fail(w, line, col, "%s does not read each of its calls' results once, in evaluation order", where);
  for (uint32_t k = 0; k < nsub && !w->bad; k++) {
    const Call *c = sub[k];
    if (!c->hole) {
      wf_fail(w, line, col, "%s holds a call inside an expression without its result", where);
      break;
    }
    for (uint32_t i = 0; i < c->nargs; i++) need_val(w, &c->args[i], line, col, where);
    show(w, c->hole);
  }
  if (v->e) need_expr(w, v->e, line, col, where);
  else if (v->tensor) need(w, v->tensor, line, col, where);
  else if (v->call)
    for (uint32_t i = 0; i < v->call->nargs; i++) need_val(w, &v->call->args[i], line, col, where);
  hide_to(w, mark);
}

static void block(Wf *w, Block b);

static void body(Wf *w, Block b) {
  size_t mark = w->nscope;
  block(w, b);
  hide_to(w, mark);
}

static void stmt(Wf *w, const Stmt *s) {
  int L = s->line, C = s->col;
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN:
    need_val(w, &s->u.assign.val, L, C, "an assignment");
    need_type(w, s->u.assign.type ? s->u.assign.type : &s->u.assign.var->type, L, C, "a definition's type");
    show(w, s->u.assign.var);
    break;
  case SK_CALL: {
    Val v = {.call = s->u.call};
    need_val(w, &v, L, C, "a call");
    break;
  }
  case SK_SUBMIT: {
    Val v = {.call = s->u.submit.call};
    need_val(w, &v, L, C, "a submit");
    for (uint32_t i = 0; i < s->u.submit.ndeps; i++) need_expr(w, s->u.submit.deps[i], L, C, "a task dependency");
    need_pred(w, s->u.submit.pred, L, C);
    need_type(w, s->u.submit.type, L, C, "a task's result type");
    show(w, s->u.submit.out);
    show(w, s->u.submit.tid);
    break;
  }
  case SK_FOR:
  case SK_WHILE: {
    if (s->kind == SK_FOR) {
      need_expr(w, s->u.loop.start, L, C, "a loop bound");
      need_expr(w, s->u.loop.stop, L, C, "a loop bound");
      need_expr(w, s->u.loop.step, L, C, "a loop step");
    }
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
      need_val(w, &s->u.loop.inits[i], L, C, "a carry's initial value");
      need_type(w, stmt_slot_type(s, i), L, C, "a carry's type");
    }
    size_t mark = w->nscope;
    if (s->kind == SK_FOR) show(w, s->u.loop.var);
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) show(w, s->u.loop.carries[i]);
    if (s->kind == SK_WHILE) need_expr(w, s->u.loop.cond, L, C, "a loop condition");
    const Stmt *jt = w->jt;
    w->jt = s;
    body(w, s->u.loop.body);
    w->jt = jt;
    hide_to(w, mark);
    for (uint32_t i = 0; s->u.loop.rets && i < s->u.loop.ncarry; i++) show(w, s->u.loop.rets[i]);
    break;
  }
  case SK_IF: {
    need_expr(w, s->u.ifs.cond, L, C, "an if condition");
    for (uint32_t i = 0; i < s->u.ifs.nrets; i++) need_type(w, stmt_slot_type(s, i), L, C, "an if result's type");
    const Stmt *jt = w->jt;
    if (s->u.ifs.nrets) w->jt = NULL;
    body(w, s->u.ifs.then);
    body(w, s->u.ifs.els);
    w->jt = jt;
    for (uint32_t i = 0; i < s->u.ifs.nrets; i++) show(w, s->u.ifs.rets[i]);
    break;
  }
  case SK_PIN:
    need_expr(w, s->u.pin.index, L, C, "a slot index");
    need(w, s->u.pin.buf, L, C, "a pinned slot's buffer");
    show(w, s->u.pin.var);
    break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN: {
    if (s->kind == SK_SPMD) need_expr(w, s->u.scope.cores, L, C, "a core count");
    for (uint32_t i = 0; i < s->u.scope.ndeps; i++) need_expr(w, s->u.scope.deps[i], L, C, "a task dependency");
    need_pred(w, s->u.scope.pred, L, C);
    for (uint32_t i = 0; i < s->u.scope.nslots; i++) show(w, s->u.scope.slots[i]);
    const Stmt *jt = w->jt;
    w->jt = NULL;
    block(w, s->u.scope.body);
    w->jt = jt;
    /* The sizes are evaluated at the end of the body: over what is visible there. */
    for (uint32_t i = 0; i < s->u.scope.nslots; i++) need_expr(w, s->u.scope.sizes[i], L, C, "a slot size");
    break;
  }
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE:
    for (uint32_t i = 0; i < s->u.vals.n; i++)
      need_val(w, &s->u.vals.vals[i], L, C, s->kind == SK_YIELD ? "a yield" : s->kind == SK_RETURN ? "a return" : "a jump");
    break;
  }
}

static void block(Wf *w, Block b) {
  for (uint32_t i = 0; i < b.n && !w->bad; i++) {
    const Stmt *s = b.s[i];
    if (s->kind == SK_BREAK || s->kind == SK_CONTINUE) {
      const char *word = s->kind == SK_BREAK ? "break" : "continue";
      if (!w->jt) wf_fail(w, s->line, s->col, "a %s where no loop can be left", word);
      else if (s->u.vals.n != w->jt->u.loop.ncarry)
        wf_fail(w, s->line, s->col, "a %s with %u values for a loop of %u carries", word, s->u.vals.n,
                w->jt->u.loop.ncarry);
      else if (i + 1 != b.n) wf_fail(w, s->line, s->col, "a %s before the end of its block", word);
    }
    stmt(w, s);
  }
}

bool fn_well_formed(const Function *f, char *err, size_t errlen) {
  Wf w = {.f = f, .nvis = f->nvars, .err = err, .errlen = errlen};
  if (errlen) err[0] = 0;
  w.vis = calloc(f->nvars ? f->nvars : 1, 1);
  if (!w.vis) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  for (uint32_t i = 0; i < f->nparams; i++) show(&w, f->params[i]);
  for (uint32_t i = 0; i < f->nparams; i++) need_type(&w, &f->params[i]->type, f->line, f->col, "a parameter's type");
  for (uint32_t i = 0; i < f->nresults; i++) need_type(&w, &f->results[i], f->line, f->col, "a result type");
  block(&w, f->body);
  free(w.vis);
  free(w.scope);
  return !w.bad;
}
