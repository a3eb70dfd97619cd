/* pass_run.c: one run of the program pass over a function or a program (prog_pass.h): setup (the
 * output function, multi-assignment collection, parameter and result types), the walk, dead code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/pass_internal.h"

enum { DEFAULT_FOLD_DEPTH = 16 };

static void count_defs_block(Pass *ps, Block b);

/* A definition of v; `assignment` when multi-assignment collection counts it, `from_value` when v's
 * shape is the value's it is given (a carry, a loop's or an if's result) rather than its declared one. */
static void def_site(Pass *ps, PVar *v, bool assignment, bool from_value) {
  if (assignment && v->id < ps->nsrc) ps->defs[v->id]++;
  if (from_value && v->id < ps->nsrc) ps->shape_from_value[v->id] = 1;
  uint64_t n = 0;
  ptrmap_get(&ps->name_defs, v->name, &n);
  if (!ptrmap_put(&ps->name_defs, v->name, n + 1)) pass_fail(ps, "out of memory");
}

static void count_defs_stmt(Pass *ps, const Stmt *s) {
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: def_site(ps, s->u.assign.var, true, false); break;
  case SK_SUBMIT:
    def_site(ps, s->u.submit.out, true, false);
    if (s->u.submit.tid) def_site(ps, s->u.submit.tid, true, false);
    break;
  case SK_FOR:
  case SK_WHILE:
    if (s->kind == SK_FOR) def_site(ps, s->u.loop.var, false, false);
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
      def_site(ps, s->u.loop.carries[i], false, true);
      if (s->u.loop.rets) def_site(ps, s->u.loop.rets[i], true, true);
    }
    count_defs_block(ps, s->u.loop.body);
    break;
  case SK_IF:
    for (uint32_t i = 0; i < s->u.ifs.nrets; i++) def_site(ps, s->u.ifs.rets[i], true, true);
    count_defs_block(ps, s->u.ifs.then);
    count_defs_block(ps, s->u.ifs.els);
    break;
  case SK_PIN: def_site(ps, s->u.pin.var, true, false); break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN:
    for (uint32_t i = 0; i < s->u.scope.nslots; i++) def_site(ps, s->u.scope.slots[i], true, false);
    count_defs_block(ps, s->u.scope.body);
    break;
  default: break;
  }
}

static void count_defs_block(Pass *ps, Block b) {
  for (uint32_t i = 0; i < b.n; i++) count_defs_stmt(ps, b.s[i]);
}

/* The output function: the input's variables (shared), parameters and results with their types'
 * expressions (shapes, views) simplified. */
static Function *derive(Pass *ps) {
  const Function *src = ps->src;
  Function *f = prog_alloc(ps->prog, sizeof *f);
  if (!f) return NULL;
  *f = *src;
  f->body = (Block){0};
  f->vars = malloc((src->nvars ? src->nvars : 1) * sizeof *f->vars);
  f->by_name = src->cap_names ? calloc(src->cap_names, sizeof *f->by_name) : NULL;
  f->cap_vars = src->nvars ? src->nvars : 1;
  if (!f->vars || (src->cap_names && !f->by_name)) {
    free(f->vars);
    free(f->by_name);
    return NULL;
  }
  if (src->nvars) memcpy(f->vars, src->vars, src->nvars * sizeof *f->vars);
  if (src->cap_names) memcpy(f->by_name, src->by_name, src->cap_names * sizeof *f->by_name);
  f->params = src->nparams ? prog_alloc(ps->prog, src->nparams * sizeof *f->params) : NULL;
  f->results = src->nresults ? prog_alloc(ps->prog, src->nresults * sizeof *f->results) : NULL;
  if ((src->nparams && !f->params) || (src->nresults && !f->results)) return f;
  for (uint32_t i = 0; i < src->nparams; i++) {
    PVar *p = src->params[i];
    f->params[i] = p;
    if (type_is_scalar(&p->type)) continue;
    PVar *c = prog_alloc(ps->prog, sizeof *c);
    Node **ex = p->type.nexpr ? prog_alloc(ps->prog, p->type.nexpr * sizeof *ex) : NULL;
    if (!c || (p->type.nexpr && !ex)) return f;
    *c = *p;
    for (uint32_t k = 0; k < p->type.nexpr; k++) ex[k] = analyzer_simplify(ps->an, p->type.expr[k]);
    c->type.expr = ex;
    f->params[i] = c;
    f->vars[p->id] = c;
  }
  for (uint32_t i = 0; i < src->nresults; i++) {
    f->results[i] = src->results[i];
    const Type *t = &src->results[i];
    if (!t->nexpr) continue;
    Node **ex = prog_alloc(ps->prog, t->nexpr * sizeof *ex);
    if (!ex) return f;
    for (uint32_t k = 0; k < t->nexpr; k++) ex[k] = analyzer_simplify(ps->an, t->expr[k]);
    f->results[i].expr = ex;
  }
  return f;
}

static Function *run_once(Program *into, const Function *src, const PassOptions *opts, PassResult *res) {
  Pass ps = {.prog = into, .src = src, .res = res, .nsrc = src->nvars};
  if (opts) ps.opts = *opts;
  if (!ps.opts.max_fold_depth) ps.opts.max_fold_depth = DEFAULT_FOLD_DEPTH;
  ptrmap_init(&ps.name_defs);
  ptrmap_init(&ps.fresh_next);
  nodemap_init(&ps.sub);
  Function *out = NULL;
  RewriteOptions ro = {.budget = ps.opts.budget};
  if (ps.opts.cat && !ps.opts.constant_only) ps.rw = rewriter_new(into->ctx, ps.opts.cat, &ro);
  AnalyzerOptions ao = {.constant_only = ps.opts.constant_only, .premises = ps.opts.obligations};
  ps.an = analyzer_new(into->ctx, ps.rw, &ao);
  size_t n = src->nvars ? src->nvars : 1;
  ps.defs = calloc(n, sizeof *ps.defs);
  ps.ren = calloc(n, sizeof *ps.ren);
  ps.vis = calloc(n, 1);
  ps.shape_from_value = calloc(n, 1);
  if (!ps.an || !ps.defs || !ps.ren || !ps.vis || !ps.shape_from_value || (ps.opts.cat && !ps.opts.constant_only && !ps.rw)) {
    pass_fail(&ps, "out of memory");
    goto done;
  }
  /* 1. Multi-assignment collection. */
  for (uint32_t i = 0; i < src->nparams; i++) def_site(&ps, src->params[i], true, false);
  count_defs_block(&ps, src->body);
  for (uint32_t i = 0; i < src->nvars; i++)
    if ((ps.defs[i] > 1 || pvar_is_hole(src->vars[i])) && src->vars[i]->node) analyzer_set_unstable(ps.an, src->vars[i]->node);
  if (!(ps.tgt = derive(&ps))) {
    pass_fail(&ps, "out of memory");
    goto done;
  }
  for (uint32_t i = 0; i < src->nparams; i++) ps.vis[src->params[i]->id] = 1;
  /* 2-7, 9. */
  ps.tgt->body = pass_visit_body(&ps, src->body);
  /* 8. */
  if (!ps.failed) pass_dce(&ps, ps.tgt);
  if (!analyzer_ok(ps.an)) pass_fail(&ps, vs_ctx_error(into->ctx)[0] ? vs_ctx_error(into->ctx) : "analysis failed");
  /* The output must be a program the parser accepts: a variable that dead-code removal took while a
   * type or a value still reads it is a bug of the pass, never a printed program. */
  char why[120];
  if (!ps.failed && !fn_well_formed(ps.tgt, why, sizeof why)) {
    char msg[sizeof ps.res->error];
    snprintf(msg, sizeof msg, "internal error: the output is not well formed: %.120s", why);
    pass_fail(&ps, msg);
  }
  out = ps.tgt;
done:
  if (ps.failed) {
    res->failed = true;
    if (ps.tgt) {
      free(ps.tgt->vars);
      free(ps.tgt->by_name);
    }
    out = NULL;
  }
  analyzer_free(ps.an);
  rewriter_free(ps.rw);
  ptrmap_free(&ps.name_defs);
  ptrmap_free(&ps.fresh_next);
  nodemap_free(&ps.sub);
  free(ps.defs);
  free(ps.ren);
  free(ps.vis);
  free(ps.shape_from_value);
  free(ps.scope);
  free(ps.undo);
  return out;
}

void pass_each_def(Block b, void (*f)(const PVar *v, void *ud), void *ud) {
  for (uint32_t i = 0; i < b.n; i++) {
    const Stmt *s = b.s[i];
    switch ((StmtKind)s->kind) {
    case SK_ASSIGN: f(s->u.assign.var, ud); break;
    case SK_SUBMIT:
      f(s->u.submit.out, ud);
      if (s->u.submit.tid) f(s->u.submit.tid, ud);
      break;
    case SK_FOR:
    case SK_WHILE:
      for (uint32_t k = 0; s->u.loop.rets && k < s->u.loop.ncarry; k++)
        if (s->u.loop.rets[k]) f(s->u.loop.rets[k], ud);
      pass_each_def(s->u.loop.body, f, ud);
      break;
    case SK_IF:
      for (uint32_t k = 0; s->u.ifs.rets && k < s->u.ifs.nrets; k++)
        if (s->u.ifs.rets[k]) f(s->u.ifs.rets[k], ud);
      pass_each_def(s->u.ifs.then, f, ud);
      pass_each_def(s->u.ifs.els, f, ud);
      break;
    case SK_PIN: f(s->u.pin.var, ud); break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN:
      for (uint32_t k = 0; k < s->u.scope.nslots; k++) f(s->u.scope.slots[k], ud);
      pass_each_def(s->u.scope.body, f, ud);
      break;
    default: break;
    }
  }
}

typedef struct {
  uint32_t *defs, n;
} DefCounts;

static void count_def(const PVar *v, void *ud) {
  DefCounts *c = ud;
  if (v->id < c->n) c->defs[v->id]++;
}

/* Definitions per variable id (below n) as multi-assignment collection counts them: parameters,
 * assignments, and the results of loops and ifs. */
static void count_defs_into(Block b, uint32_t *defs, uint32_t n) {
  DefCounts c = {defs, n};
  pass_each_def(b, count_def, &c);
}

/* True when some variable defined more than once in `in` is defined at most once in `out` (the run
 * removed definitions: a dead branch, a zero-trip loop, a dead binding). */
static bool newly_stable(const Function *in, const Function *out, bool *oom) {
  uint32_t n = in->nvars;
  uint32_t *a = calloc(n ? n : 1, sizeof *a), *b = calloc(n ? n : 1, sizeof *b);
  bool found = false;
  if (!a || !b) {
    *oom = true;
  } else {
    for (uint32_t i = 0; i < in->nparams; i++) a[in->params[i]->id]++, b[in->params[i]->id]++;
    count_defs_into(in->body, a, n);
    count_defs_into(out->body, b, n);
    for (uint32_t i = 0; i < n && !found; i++) found = a[i] > 1 && b[i] <= 1;
  }
  free(a);
  free(b);
  return found;
}

/* Breaks and continues anywhere in b. */
static size_t count_jumps(Block b) {
  size_t n = 0;
  for (uint32_t i = 0; i < b.n; i++) {
    const Stmt *s = b.s[i];
    switch ((StmtKind)s->kind) {
    case SK_BREAK:
    case SK_CONTINUE: n++; break;
    case SK_FOR:
    case SK_WHILE: n += count_jumps(s->u.loop.body); break;
    case SK_IF: n += count_jumps(s->u.ifs.then) + count_jumps(s->u.ifs.els); break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN: n += count_jumps(s->u.scope.body); break;
    default: break;
    }
  }
  return n;
}

/* Multi-assignment collection counts the definitions of the run's input. When the run itself removes
 * definitions so that a variable defined several times is defined once, the next run would bind it and
 * change the program: the pass would not be idempotent. So the run is repeated on its own result while
 * that happens (each repetition has strictly fewer definitions to remove; at most MAX_ROUNDS), unless
 * the nesting cap was reached (deeper nests are left for the next call, as documented). Likewise when
 * the run removed a break or continue (a dead branch held it, or a branch it simplified): Folds A and B
 * decide on the code they are given, and the next run would lift or copy what lost its last jump. */
enum { MAX_ROUNDS = 8 };

Function *pass_simplify_function(Program *into, const Function *src, const PassOptions *opts, PassResult *res) {
  Function *out = run_once(into, src, opts, res);
  const Function *in = src;
  for (int round = 0; out && round < MAX_ROUNDS && !res->depth_capped; round++) {
    bool oom = false;
    if (!newly_stable(in, out, &oom) && count_jumps(out->body) >= count_jumps(in->body)) break;
    Function *next = oom ? NULL : run_once(into, out, opts, res);
    if (in != src) {
      free(((Function *)in)->vars);
      free(((Function *)in)->by_name);
    }
    if (!next) {
      free(out->vars);
      free(out->by_name);
      if (!res->failed) {
        res->failed = true;
        snprintf(res->error, sizeof res->error, "out of memory");
      }
      return NULL;
    }
    in = out;
    out = next;
  }
  if (in != src) {
    free(((Function *)in)->vars);
    free(((Function *)in)->by_name);
  }
  return out;
}

Program *pass_simplify_program(Program *p, const PassOptions *opts, PassResult *res) {
  Program *out = prog_new(p->ctx);
  if (!out) {
    res->failed = true;
    snprintf(res->error, sizeof res->error, "out of memory");
    return NULL;
  }
  for (uint32_t i = 0; i < p->nfuncs; i++) {
    Function *f = pass_simplify_function(out, p->funcs[i], opts, res);
    if (!f) {
      prog_free(out);
      return NULL;
    }
    if (out->nfuncs == out->cap_funcs) {
      uint32_t cap = out->cap_funcs ? out->cap_funcs * 2 : 4;
      Function **nf = realloc(out->funcs, cap * sizeof *nf);
      if (!nf) {
        free(f->vars);
        free(f->by_name);
        prog_free(out);
        res->failed = true;
        snprintf(res->error, sizeof res->error, "out of memory");
        return NULL;
      }
      out->funcs = nf;
      out->cap_funcs = cap;
    }
    out->funcs[out->nfuncs++] = f;
  }
  return out;
}

void pass_result_free(PassResult *res) {
  if (!res) return;
  free(res->obligations);
  res->obligations = NULL;
  res->nobligations = 0;
  free(res->links);
  res->links = NULL;
  res->nlinks = 0;
}
