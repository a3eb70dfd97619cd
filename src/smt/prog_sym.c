/* prog_sym.c: symbolic execution of programs (prog_sym.h), the Z3 side of eval/prog_eval.c. */
#include "smt/prog_sym.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/prog_event.h"
#include "ir/timer.h"
#include "smt/z3ctx.h"

#define H(x) enc_hold(sh->e, (x))

bool sym_shared_init(SymShared *sh, SmtCtx *s, Enc *e, unsigned unroll, unsigned long max_steps, uint32_t maxa) {
  memset(sh, 0, sizeof *sh);
  sh->s = s;
  sh->e = e;
  sh->z = e->z;
  sh->unroll = unroll;
  sh->max_steps = max_steps;
  sh->maxa = maxa;
  ptrmap_init(&sh->pair_of[0]);
  ptrmap_init(&sh->pair_of[1]);
  ptrmap_init(&sh->method);
  sh->frame_hyp = s->t_true;
  Z3_context z = sh->z;
  /* Reference-counted context: a result must be held before the next API call may release it. */
  if (!(sh->bv32 = Z3_mk_bv_sort(z, 32)) || !H(Z3_sort_to_ast(z, sh->bv32))) return false;
  if (!(sh->bv64 = Z3_mk_bv_sort(z, 64)) || !H(Z3_sort_to_ast(z, sh->bv64))) return false;
  if (!(sh->arr32 = Z3_mk_array_sort(z, sh->bv32, sh->bv32)) || !H(Z3_sort_to_ast(z, sh->arr32))) return false;
  if (!(sh->arr64 = Z3_mk_array_sort(z, sh->bv32, sh->bv64)) || !H(Z3_sort_to_ast(z, sh->arr64))) return false;
  sh->zero64 = enc_bv(e, 0, 64);
  sh->zero32 = enc_bv(e, 0, 32);
  return sh->zero64 && sh->zero32;
}

void sym_shared_fini(SymShared *sh) {
  for (size_t i = 0; i < sh->nsigs; i++) free(sh->sigs[i]);
  free(sh->sigs);
  free(sh->sigtab);
  free(sh->pairs);
  ptrmap_free(&sh->pair_of[0]);
  ptrmap_free(&sh->pair_of[1]);
  ptrmap_free(&sh->method);
  arena_free(&sh->arena);
}

static void *salloc(SymShared *sh, size_t n) {
  void *p = arena_alloc(&sh->arena, n ? n : 1);
  if (!p) sh->e->failed = true;
  else memset(p, 0, n ? n : 1);
  return p;
}

static void give_up(SymShared *sh, const char *why) {
  if (!sh->unknown) snprintf(sh->why, sizeof sh->why, "%s", why);
  sh->unknown = true;
}

bool sym_live(const Sym *y) { return !y->sh->e->failed && !y->sh->unknown; }
static bool live(const Sym *y) { return sym_live(y); }

void sym_note_method(SymShared *sh, const Stmt *loop, SymMethod m) {
  uint64_t cur = 0;
  ptrmap_get(&sh->method, loop, &cur);
  if ((uint64_t)m > cur && !ptrmap_put(&sh->method, loop, (uint64_t)m)) sh->e->failed = true;
}

SymMethod sym_method(const SymShared *sh, const Stmt *loop) {
  uint64_t cur = 0;
  ptrmap_get(&sh->method, loop, &cur);
  return (SymMethod)cur;
}

/* ---- values ---- */

Z3_ast sym_to_bv64(SymShared *sh, Z3_ast v, DType dt) {
  Enc *e = sh->e;
  if (!v) return NULL;
  if (dt == DT_BOOL) return enc_ite(e, v, enc_bv(e, 1, 64), sh->zero64);
  if (dt_is_float(dt)) v = enc_fp_bits(e, v, dt);
  int w = dt_bits(dt);
  if (w >= 64 || !v) return v;
  return H(Z3_mk_zero_ext(sh->z, (unsigned)(64 - w), v));
}

static Z3_func_decl decl2(SymShared *sh, const char *name, Z3_sort range) {
  Z3_sort dom[2] = {sh->bv32, sh->bv32};
  Z3_func_decl d = Z3_mk_func_decl(sh->z, Z3_mk_string_symbol(sh->z, name), 2, dom, range);
  if (!d || !H(Z3_func_decl_to_ast(sh->z, d))) return NULL;
  return d;
}

Z3_ast sym_call_result(SymShared *sh, uint32_t region, Z3_ast pos, DType dt) {
  if (dt_is_float(dt)) sh->has_float = true;
  if (!sh->callres[dt]) {
    char name[32];
    snprintf(name, sizeof name, "call.%s", dt_name(dt));
    if (!(sh->callres[dt] = decl2(sh, name, sh->s->sort[dt]))) return NULL;
  }
  Z3_ast r = enc_bv(sh->e, region, 32);
  if (!pos || !r) return NULL;
  Z3_ast args[2] = {r, pos};
  return H(Z3_mk_app(sh->z, sh->callres[dt], 2, args));
}

/* The identity of the tensor a call at `pos` returns: 2^32 + pos in region 0 (where positions are the
 * trace's own until the first summary), an unknown of (region, position) elsewhere. */
static Z3_ast tensor_call_id(SymShared *sh, Z3_ast pos) {
  if (!pos) return NULL;
  if (sh->region == 0) {
    Z3_ast base = enc_bv(sh->e, prog_tensor_call_id(0), 64);
    return enc_ap2(sh->e, Z3_mk_bvadd, base, H(Z3_mk_zero_ext(sh->z, 32, pos)));
  }
  if (!sh->tcall && !(sh->tcall = decl2(sh, "tensor.call", sh->bv64))) return NULL;
  Z3_ast args[2] = {enc_bv(sh->e, sh->region, 32), pos};
  if (!args[0]) return NULL;
  return H(Z3_mk_app(sh->z, sh->tcall, 2, args));
}

/* The identity of slot j of the domain entered at `pos`: 2^48 + 256 pos + j in region 0, an unknown
 * of (region, position) plus j elsewhere (prog_slot_id). */
static Z3_ast slot_id(SymShared *sh, Z3_ast pos, uint32_t j) {
  if (!pos) return NULL;
  Enc *e = sh->e;
  Z3_ast base;
  if (sh->region == 0) {
    Z3_ast p64 = H(Z3_mk_zero_ext(sh->z, 32, pos));
    base = enc_ap2(e, Z3_mk_bvadd, enc_bv(e, prog_slot_id(0, 0), 64), enc_ap2(e, Z3_mk_bvshl, p64, enc_bv(e, 8, 64)));
  } else {
    if (!sh->tslot && !(sh->tslot = decl2(sh, "domain.slot", sh->bv64))) return NULL;
    Z3_ast args[2] = {enc_bv(e, sh->region, 32), pos};
    if (!args[0]) return NULL;
    base = enc_ap2(e, Z3_mk_bvshl, H(Z3_mk_app(sh->z, sh->tslot, 2, args)), enc_bv(e, 8, 64));
  }
  return enc_ap2(e, Z3_mk_bvadd, base, enc_bv(e, j, 64));
}

static Z3_ast view_id(SymShared *sh, Z3_ast t, Z3_ast rows, Z3_ast off) {
  if (!sh->view) {
    Z3_sort dom[3] = {sh->bv64, sh->bv64, sh->bv64};
    Z3_func_decl d = Z3_mk_func_decl(sh->z, Z3_mk_string_symbol(sh->z, "view."), 3, dom, sh->bv64);
    if (!d || !H(Z3_func_decl_to_ast(sh->z, d))) return NULL;
    sh->view = d;
  }
  if (!t || !rows || !off) return NULL;
  Z3_ast args[3] = {t, rows, off};
  return H(Z3_mk_app(sh->z, sh->view, 3, args));
}

static Z3_ast as_layout_id(SymShared *sh, Z3_ast t, int layout) {
  if (!sh->as_layout) {
    Z3_sort dom[2] = {sh->bv64, sh->bv64};
    Z3_func_decl d = Z3_mk_func_decl(sh->z, Z3_mk_string_symbol(sh->z, "as_layout."), 2, dom, sh->bv64);
    if (!d || !H(Z3_func_decl_to_ast(sh->z, d))) return NULL;
    sh->as_layout = d;
  }
  if (!t) return NULL;
  Z3_ast args[2] = {t, enc_bv(sh->e, (uint64_t)layout, 64)};
  return H(Z3_mk_app(sh->z, sh->as_layout, 2, args));
}

static Z3_ast fresh_const(SymShared *sh, const char *name, Z3_sort sort) {
  return H(Z3_mk_const(sh->z, Z3_mk_string_symbol(sh->z, name), sort));
}

/* An unknown value of type t named `base` (a tensor: an identity and its shape). */
static SVal fresh_val(SymShared *sh, const char *base, const Type *t) {
  SVal o = {0};
  char name[96];
  if (!type_is_scalar(t)) {
    snprintf(name, sizeof name, "%s.id", base);
    o.v = fresh_const(sh, name, sh->bv64);
    o.rank = t->nexpr;
    o.shape = salloc(sh, t->nexpr * sizeof *o.shape);
    for (uint32_t k = 0; o.shape && k < t->nexpr; k++) {
      snprintf(name, sizeof name, "%s.s%u", base, k);
      o.shape[k] = fresh_const(sh, name, sh->bv64);
    }
    return o;
  }
  if (dt_is_float((DType)t->dtype)) sh->has_float = true;
  o.v = fresh_const(sh, base, sh->s->sort[t->dtype]);
  return o;
}

/* ---- variables ---- */

static bool grow(void **p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return true;
  size_t c = *cap ? *cap * 2 : 64;
  while (c < need) c *= 2;
  void *n = realloc(*p, c * size);
  if (!n) return false;
  *p = n;
  *cap = c;
  return true;
}

/* Notes that variable id holds a value in this frame (cleared when the next frame starts). */
static void touch(Sym *y, uint32_t id) {
  if (y->dmark[id] == y->epoch) return;
  if (!grow((void **)&y->dirty, &y->capdirty, y->ndirty + 1, sizeof *y->dirty)) {
    y->sh->e->failed = true;
    return;
  }
  y->dmark[id] = y->epoch;
  y->dirty[y->ndirty++] = id;
}

static void set_var(Sym *y, uint32_t id, SVal v) {
  touch(y, id);
  if (y->nopen) {
    if (!grow((void **)&y->log, &y->caplog, y->nlog + 1, sizeof *y->log)) {
      y->sh->e->failed = true;
      return;
    }
    y->log[y->nlog++] = (SymUndo){id, y->env[id]};
  }
  y->env[id] = v;
}

/* A merge point: the writes made from here on can be collected and undone. */
static size_t open_merge(Sym *y) {
  y->nopen++;
  return y->nlog;
}

static void close_merge(Sym *y) {
  if (--y->nopen == 0) y->nlog = 0;
}

/* The variables written since mark (each once) with their current values; then undoes the writes. */
typedef struct {
  uint32_t *ids;
  SVal *vals;
  size_t n;
} Writes;

static Writes take_writes(Sym *y, size_t mark) {
  Writes w = {0};
  size_t n = y->nlog - mark;
  if (n) {
    w.ids = salloc(y->sh, n * sizeof *w.ids);
    w.vals = salloc(y->sh, n * sizeof *w.vals);
    if (!w.ids || !w.vals) return (Writes){0};
  }
  y->stamp_now++;
  for (size_t i = mark; i < y->nlog; i++) {
    uint32_t id = y->log[i].id;
    if (y->stamp[id] == y->stamp_now) continue;
    y->stamp[id] = y->stamp_now;
    w.ids[w.n] = id;
    w.vals[w.n++] = y->env[id];
  }
  for (size_t i = y->nlog; i-- > mark;) y->env[y->log[i].id] = y->log[i].old;
  y->nlog = mark;
  return w;
}

/* ---- expressions ---- */

/* An expression's value and definedness under the current variables; *rdef: the values it read were
 * defined. */
static bool expr(Sym *y, Node *n, Z3_ast *val, Z3_ast *def, Z3_ast *rdef) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  SmtTerm t;
  *rdef = sh->s->t_true;
  if (n->flags & NF_HAS_FLOAT) sh->has_float = true;
  if (!enc_expr(e, n, &t)) return false;
  if (!(n->flags & NF_HAS_VAR)) {
    *val = t.val;
    *def = t.def;
    return true;
  }
  Node **order;
  size_t cnt = vs_postorder(n, &order);
  if (!cnt) {
    e->failed = true;
    return false;
  }
  Z3_ast *from = malloc(cnt * sizeof *from), *to = malloc(cnt * sizeof *to);
  unsigned k = 0;
  bool ok = from && to;
  for (size_t i = 0; ok && i < cnt; i++) {
    if (order[i]->op != OP_VAR) continue;
    uint64_t id;
    SmtTerm pt;
    if (!nodemap_get(&y->var_id, order[i], &id) || !y->env[id - 1].v || !enc_expr(e, order[i], &pt)) {
      ok = false;
      break;
    }
    from[k] = pt.val;
    to[k++] = y->env[id - 1].v;
    if (y->env[id - 1].def) *rdef = enc_and(e, *rdef, y->env[id - 1].def);
  }
  if (ok) {
    *val = H(Z3_substitute(sh->z, t.val, k, from, to));
    *def = H(Z3_substitute(sh->z, t.def, k, from, to));
    ok = *val && *def && *rdef;
  } else {
    e->failed = true;
  }
  free(from);
  free(to);
  free(order);
  return ok;
}

/* Evaluates an expression, recording its UB and what it read on the state; *vdef (may be NULL): the
 * value's definedness, for the variable it is stored in (source side only: the target's is not read). */
static Z3_ast value_def(Sym *y, Node *n, Z3_ast *vdef) {
  Z3_ast v = NULL, d = NULL, rd = NULL;
  Enc *e = y->sh->e;
  if (vdef) *vdef = NULL;
  if (!expr(y, n, &v, &d, &rd)) return NULL;
  y->st.ub = enc_or(e, y->st.ub, enc_not(e, d));
  if (y->side == 0) {
    y->st.hypdef = enc_and(e, y->st.hypdef, rd);
    if (vdef) *vdef = enc_and(e, d, rd);
  }
  return v;
}

static Z3_ast value_of(Sym *y, Node *n) { return value_def(y, n, NULL); }

Z3_ast sym_eval(Sym *y, Node *n) { return value_of(y, n); }

static SVal call(Sym *y, const Call *c, const Type *result);

/* Calls inside expressions: each in turn (its event), its result into its hole. */
static void run_sub(Sym *y, Call *const *sub, uint32_t n) {
  for (uint32_t k = 0; k < n; k++) {
    const Call *c = sub[k];
    if (!c->hole) {
      y->sh->e->failed = true;
      return;
    }
    SVal r = call(y, c, &c->hole->type);
    set_var(y, c->hole->id, (SVal){.v = r.v});
  }
}

static SVal val_of(Sym *y, const Val *v) {
  SVal o = {0};
  if (v->nsub) run_sub(y, v->sub, v->nsub);
  if (v->e) o.v = value_def(y, v->e, &o.def);
  else if (v->tensor) o = y->env[v->tensor->id];
  return o;
}

/* ---- events ---- */

static uint64_t str_hash(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

/* An event signature's id (its index in sh->sigs), through an open-addressing table of indices + 1:
 * every summary has a signature of its own, so a linear search would make execution quadratic. */
static uint32_t sig_id(SymShared *sh, char *sig) {
  if (!sig) {
    sh->e->failed = true;
    return 0;
  }
  if (2 * (sh->nsigs + 1) > sh->capsigtab) {
    size_t cap = sh->capsigtab ? sh->capsigtab * 2 : 64;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) {
      free(sig);
      sh->e->failed = true;
      return 0;
    }
    for (size_t i = 0; i < sh->nsigs; i++) {
      size_t k = str_hash(sh->sigs[i]) & (cap - 1);
      while (t[k]) k = (k + 1) & (cap - 1);
      t[k] = (uint32_t)i + 1;
    }
    free(sh->sigtab);
    sh->sigtab = t;
    sh->capsigtab = cap;
  }
  size_t k = str_hash(sig) & (sh->capsigtab - 1);
  for (; sh->sigtab[k]; k = (k + 1) & (sh->capsigtab - 1))
    if (!strcmp(sh->sigs[sh->sigtab[k] - 1], sig)) {
      free(sig);
      return sh->sigtab[k] - 1;
    }
  if (!grow((void **)&sh->sigs, &sh->capsigs, sh->nsigs + 1, sizeof *sh->sigs)) {
    free(sig);
    sh->e->failed = true;
    return 0;
  }
  sh->sigs[sh->nsigs] = sig;
  sh->sigtab[k] = (uint32_t)sh->nsigs + 1;
  return (uint32_t)sh->nsigs++;
}

/* Appends an event; vals are 64-bit terms. Returns the event's position (32-bit term). */
static Z3_ast emit(Sym *y, char *sig, Z3_ast *vals, uint32_t n) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  SState *st = &y->st;
  uint32_t id = sig_id(sh, sig);
  Z3_ast pos = st->len;
  st->sig = enc_ap3(e, Z3_mk_store, st->sig, pos, enc_bv(e, id, 32));
  for (uint32_t j = 0; j < sh->maxa; j++)
    st->args[j] = enc_ap3(e, Z3_mk_store, st->args[j], pos, j < n && vals[j] ? vals[j] : sh->zero64);
  if (n > sh->maxa) e->failed = true;
  st->len = enc_ap2(e, Z3_mk_bvadd, pos, enc_bv(e, 1, 32));
  st->nev++;
  return pos;
}

/* The expressions a type carries (shape, view fields...), here: an aggregate's metadata. */
static Z3_ast *shape_of(Sym *y, const Type *t) {
  Z3_ast *s = salloc(y->sh, (t->nexpr ? t->nexpr : 1) * sizeof *s);
  for (uint32_t i = 0; s && i < t->nexpr; i++) s[i] = value_of(y, t->expr[i]);
  return s;
}

/* The terms a dispatch (a submit, an spmd) adds to its event, into out: the dependencies, then a
 * predicate's tensor identity and indices (its element is the scheduler's, never read here). Returns
 * their number. */
static uint32_t dispatch_vals(Sym *y, Node *const *deps, uint32_t nd, const Pred *p, Z3_ast *out) {
  SymShared *sh = y->sh;
  uint32_t k = 0;
  for (uint32_t i = 0; i < nd; i++) out[k++] = sym_to_bv64(sh, value_of(y, deps[i]), (DType)deps[i]->dtype);
  if (!p) return k;
  out[k++] = y->env[p->tensor->id].v;
  for (uint32_t i = 0; i < p->nidx; i++) out[k++] = sym_to_bv64(sh, value_of(y, p->idx[i]), DT_INDEX);
  return k;
}

/* An opaque call: its event, and its result when `result` is not NULL. */
/* A call, or a task (submit: the dependencies and a predicate follow a tensor result's shape);
 * *pos_out: its position. */
static SVal call_ex(Sym *y, const Call *c, const Type *result, Node *const *deps, uint32_t ndeps, const Pred *pred,
                    bool submit, Z3_ast *pos_out) {
  SymShared *sh = y->sh;
  SVal out = {0};
  if (c->nsub) run_sub(y, c->sub, c->nsub);
  uint32_t shape_n = result ? result->nexpr : 0, extra = shape_n + ndeps + (pred ? 1 + pred->nidx : 0);
  Z3_ast *vals = salloc(sh, (c->nargs + extra + 1) * sizeof *vals);
  if (!vals) return out;
  for (uint32_t i = 0; i < c->nargs; i++) {
    const Val *a = &c->args[i];
    if (a->tensor) vals[i] = y->env[a->tensor->id].v;
    else vals[i] = sym_to_bv64(sh, value_of(y, a->e), (DType)a->e->dtype);
  }
  Z3_ast *shape = shape_n ? shape_of(y, result) : NULL;
  for (uint32_t i = 0; i < shape_n && shape; i++) vals[c->nargs + i] = shape[i];
  dispatch_vals(y, deps, ndeps, pred, vals + c->nargs + shape_n);
  char *sig = submit ? prog_sig_dispatch(prog_sig_submit(c, result, ndeps), 0, pred) : prog_sig_call(c, result);
  Z3_ast pos = emit(y, sig, vals, c->nargs + extra);
  if (pos_out) *pos_out = pos;
  if (!result) return out;
  if (!type_is_scalar(result)) {
    out.v = tensor_call_id(sh, pos);
    out.rank = result->nexpr;
    out.shape = shape;
  } else {
    out.v = sym_call_result(sh, sh->region, pos, (DType)result->dtype);
  }
  return out;
}

static SVal call(Sym *y, const Call *c, const Type *result) { return call_ex(y, c, result, NULL, 0, NULL, false, NULL); }

/* ---- states ---- */

static SState copy_state(Sym *y, const SState *s) {
  SymShared *sh = y->sh;
  SState c = *s;
  c.args = salloc(sh, sh->maxa * sizeof *c.args);
  if (c.args && sh->maxa) memcpy(c.args, s->args, sh->maxa * sizeof *c.args);
  return c;
}

static Z3_ast pick(Enc *e, Z3_ast c, Z3_ast a, Z3_ast b) {
  if (a == b || !b) return a;
  if (!a) return b;
  return enc_ite(e, c, a, b);
}

/* Definedness terms: NULL is true. */
static Z3_ast pick_def(Enc *e, Z3_ast c, Z3_ast a, Z3_ast b) {
  if (a == b) return a;
  Z3_ast t = e->s->t_true;
  return enc_ite(e, c, a ? a : t, b ? b : t);
}

static SVal pick_val(Sym *y, Z3_ast c, SVal a, SVal b) {
  if (a.v == b.v && a.shape == b.shape && a.def == b.def) return a;
  if (!a.v) return b;
  if (!b.v) return a;
  SVal o = a;
  Enc *e = y->sh->e;
  o.v = pick(e, c, a.v, b.v);
  if (y->side == 0) o.def = pick_def(e, c, a.def, b.def);
  if (a.rank && a.rank == b.rank && a.shape != b.shape) {
    o.shape = salloc(y->sh, a.rank * sizeof *o.shape);
    for (uint32_t i = 0; o.shape && i < a.rank; i++) o.shape[i] = pick(e, c, a.shape[i], b.shape[i]);
  }
  return o;
}

static SVal *pick_vals(Sym *y, Z3_ast c, SVal *a, SVal *b, uint32_t n);

/* A jump flag (NULL: false). */
static Z3_ast pick_flag(Enc *e, Z3_ast c, Z3_ast a, Z3_ast b) {
  if (a == b) return a;
  Z3_ast f = e->s->t_false;
  return enc_ite(e, c, a ? a : f, b ? b : f);
}

/* c ? a : b into a (everything but the variables, the path condition and the yield values). */
static void merge_state(Sym *y, Z3_ast c, SState *a, const SState *b) {
  Enc *e = y->sh->e;
  a->jmp = pick_flag(e, c, a->jmp, b->jmp);
  a->brk = pick_flag(e, c, a->brk, b->brk);
  if (y->loop) a->jv = pick_vals(y, c, a->jv, b->jv, y->loop->u.loop.ncarry);
  a->ub = pick(e, c, a->ub, b->ub);
  a->assume = pick(e, c, a->assume, b->assume);
  a->hypdef = pick(e, c, a->hypdef, b->hypdef);
  a->len = pick(e, c, a->len, b->len);
  a->sig = pick(e, c, a->sig, b->sig);
  for (uint32_t j = 0; j < y->sh->maxa; j++) a->args[j] = pick(e, c, a->args[j], b->args[j]);
  if (b->nev > a->nev) a->nev = b->nev;
}

static SVal *pick_vals(Sym *y, Z3_ast c, SVal *a, SVal *b, uint32_t n) {
  if (a == b || !b) return a;
  if (!a) return b;
  SVal *m = salloc(y->sh, (n ? n : 1) * sizeof *m);
  for (uint32_t i = 0; m && i < n; i++) m[i] = pick_val(y, c, a[i], b[i]);
  return m;
}

/* Applies the merge of two sets of writes: each variable written by either becomes c ? then : else,
 * where a side that did not write it holds the current value. */
static void apply_merge(Sym *y, Z3_ast c, Writes wt, Writes we) {
  uint32_t s_then = ++y->stamp_now;
  for (size_t i = 0; i < wt.n; i++) {
    y->stamp[wt.ids[i]] = s_then;
    y->where[wt.ids[i]] = (uint32_t)i;
  }
  uint32_t s_done = ++y->stamp_now;
  for (size_t i = 0; i < we.n; i++) {
    uint32_t id = we.ids[i];
    SVal tv = y->stamp[id] == s_then ? wt.vals[y->where[id]] : y->env[id];
    y->stamp[id] = s_done;
    set_var(y, id, pick_val(y, c, tv, we.vals[i]));
  }
  for (size_t i = 0; i < wt.n; i++) {
    uint32_t id = wt.ids[i];
    if (y->stamp[id] == s_done) continue;
    set_var(y, id, pick_val(y, c, wt.vals[i], y->env[id]));
  }
}

static bool is_false(SymShared *sh, Z3_ast c) {
  if (!c) return false;
  Z3_ast s = H(Z3_simplify(sh->z, c));
  return s && Z3_get_bool_value(sh->z, s) == Z3_L_FALSE;
}

static bool is_true(SymShared *sh, Z3_ast c) {
  if (!c) return false;
  Z3_ast s = H(Z3_simplify(sh->z, c));
  return s && Z3_get_bool_value(sh->z, s) == Z3_L_TRUE;
}

/* ---- solvers ---- */

/* The solver for a check. Z3's default solver (Z3_mk_solver) was measured to take minutes on program
 * queries that a tactic solver settles in a tenth of a second: without floats, the QF_AUFBV tactic
 * (simplification, then bit-blasting with arrays and functions eliminated), after contextual
 * simplification; with floats, which that tactic does not take, the plain SMT core. Contextual
 * simplification rewrites a branch under its condition: a pass that folded `acc + i32(n + 1)` to
 * `acc + 4` under `if n == 3` leaves two adder chains whose equivalence costs the bit-blasted query
 * seconds to a minute (measured on a mutant-test kernel), and 0.1 s once n is replaced by 3. */
/* timeout_ms (0: none) also bounds the tactic itself: a solver's timeout was seen not to stop the
 * simplification tactics on a query whose terms grew for minutes (a program fuzz campaign). */
static Z3_solver new_solver(Z3_context z, Z3_params params, bool has_float, unsigned timeout_ms) {
  Z3_solver solver = NULL;
  if (has_float) {
    solver = Z3_mk_simple_solver(z);
  } else {
    /* Each object is held as soon as it is made: Z3 keeps only the last one made alive for us. */
    static const char *const names[3] = {"simplify", "ctx-simplify", "qfaufbv"};
    Z3_tactic t[3];
    for (int i = 0; i < 3; i++)
      if ((t[i] = Z3_mk_tactic(z, names[i]))) Z3_tactic_inc_ref(z, t[i]);
    /* Bounded: unbounded, it took 4 times as long as the rest of an unrolled loop's query (12.6 s
     * against 3.2 s); at a million steps 3.1 s, and the iteration queries it is for keep their gain. */
    Z3_params cp = Z3_mk_params(z);
    Z3_params_inc_ref(z, cp);
    Z3_params_set_uint(z, cp, Z3_mk_string_symbol(z, "max_steps"), 1000000);
    Z3_tactic ctx = t[1] ? Z3_tactic_using_params(z, t[1], cp) : NULL;
    if (ctx) Z3_tactic_inc_ref(z, ctx);
    Z3_params_dec_ref(z, cp);
    Z3_tactic t12 = ctx && t[2] ? Z3_tactic_and_then(z, ctx, t[2]) : NULL;
    if (t12) Z3_tactic_inc_ref(z, t12);
    Z3_tactic all = t[0] && t12 ? Z3_tactic_and_then(z, t[0], t12) : NULL;
    if (all) Z3_tactic_inc_ref(z, all);
    Z3_tactic bounded = all && timeout_ms ? Z3_tactic_try_for(z, all, timeout_ms) : NULL;
    if (bounded) Z3_tactic_inc_ref(z, bounded);
    Z3_tactic use = bounded ? bounded : all;
    if (use) solver = Z3_mk_solver_from_tactic(z, use);
    if (bounded) Z3_tactic_dec_ref(z, bounded);
    if (all) Z3_tactic_dec_ref(z, all);
    if (ctx) Z3_tactic_dec_ref(z, ctx);
    if (t12) Z3_tactic_dec_ref(z, t12);
    for (int i = 0; i < 3; i++)
      if (t[i]) Z3_tactic_dec_ref(z, t[i]);
  }
  if (!solver) return NULL;
  Z3_solver_inc_ref(z, solver);
  if (params) Z3_solver_set_params(z, solver, params);
  return solver;
}

/* The query is solved in the side context (smt_z3_side: a check's cost grows with every term alive in
 * its context, and the executor's context holds a whole program). With `roundtrip`, the assertions
 * then go through their SMT-LIB2 text: the same tactic on the terms as the symbolic executor built them
 * was measured to be orders of magnitude slower (minutes against a tenth of a second) than on the same
 * formula read back from its text, which the parser rebuilds in a canonical order. A formula
 * Z3_simplify already rebuilt needs no round trip. */
Z3_solver sym_solver(SymShared *sh, const Z3_ast *as, int n, bool dump, bool roundtrip, char *why, size_t whylen) {
  SmtCtx *s = sh->s;
  if (dump && s->smt2_path) {
    Z3_solver tmp = new_solver(sh->z, s->params, sh->has_float, s->timeout_ms);
    if (!tmp) return NULL;
    for (int i = 0; i < n; i++) Z3_solver_assert(sh->z, tmp, as[i]);
    bool ok = smt_z3_dump(s, tmp, why, whylen);
    Z3_solver_dec_ref(sh->z, tmp);
    if (!ok) return NULL;
  }
  Z3_context zs = smt_z3_side(s);
  if (!zs) return NULL;
  sh->zs = zs;
  Z3_solver solver = new_solver(zs, smt_z3_side_params(s), sh->has_float, s->timeout_ms);
  if (!solver) return NULL;
  for (int i = 0; i < n; i++) {
    Z3_ast t = Z3_translate(sh->z, as[i], zs);
    if (!t) {
      Z3_solver_dec_ref(zs, solver);
      return NULL;
    }
    Z3_inc_ref(zs, t);
    Z3_solver_assert(zs, solver, t);
    Z3_dec_ref(zs, t);
  }
  if (!roundtrip) return solver;
  const char *text = Z3_solver_to_string(zs, solver);
  Z3_solver again = text ? new_solver(zs, smt_z3_side_params(s), sh->has_float, s->timeout_ms) : NULL;
  if (again) {
    Z3_solver_from_string(zs, again, text);
    if (smt_z3_failed(NULL, 0)) { /* could not read it back: use the terms themselves */
      smt_z3_clear_error();
      Z3_solver_dec_ref(zs, again);
      again = NULL;
    }
  }
  if (!again) return solver;
  Z3_solver_dec_ref(zs, solver);
  return again;
}

bool sym_model_bits(SymShared *sh, Z3_model m, Z3_ast term, DType dt, uint64_t *bits) {
  Enc *e = sh->e;
  Z3_context zs = sh->zs;
  Z3_ast t = dt_is_float(dt) ? enc_fp_bits(e, term, dt) : term;
  if (!t || e->failed || !zs) return false;
  Z3_ast ts = Z3_translate(sh->z, t, zs), val = NULL;
  if (!ts) return false;
  Z3_inc_ref(zs, ts);
  bool ok = Z3_model_eval(zs, m, ts, true, &val) && val;
  if (ok) Z3_inc_ref(zs, val);
  Z3_dec_ref(zs, ts);
  if (!ok) return false;
  uint64_t u = 0;
  if (dt == DT_BOOL) {
    Z3_lbool b = Z3_get_bool_value(zs, val);
    ok = b != Z3_L_UNDEF;
    u = b == Z3_L_TRUE;
  } else {
    ok = Z3_is_numeral_ast(zs, val) && Z3_get_numeral_uint64(zs, val, &u);
  }
  Z3_dec_ref(zs, val);
  if (ok) *bits = vs_canon_bits(dt, u);
  return ok;
}

/* ---- abstraction ---- */

static bool expensive(Z3_context z, Z3_app app, Z3_decl_kind k) {
  switch (k) {
  case Z3_OP_BSDIV: case Z3_OP_BUDIV: case Z3_OP_BSREM: case Z3_OP_BUREM: case Z3_OP_BSMOD:
  case Z3_OP_BSDIV_I: case Z3_OP_BUDIV_I: case Z3_OP_BSREM_I: case Z3_OP_BUREM_I: case Z3_OP_BSMOD_I:
    return Z3_get_app_num_args(z, app) == 2;
  case Z3_OP_BMUL:
    /* A product of two unknowns; by a constant it is a few adders. */
    return Z3_get_app_num_args(z, app) == 2 && !Z3_is_numeral_ast(z, Z3_get_app_arg(z, app, 0)) &&
           !Z3_is_numeral_ast(z, Z3_get_app_arg(z, app, 1));
  default: return false;
  }
}

/* The uninterpreted stand-in of an expensive operation: one per operation and width. */
static Z3_func_decl abstract_decl(SymShared *sh, Z3_decl_kind k, Z3_sort sort) {
  unsigned w = Z3_get_bv_sort_size(sh->z, sort);
  char name[48];
  snprintf(name, sizeof name, "abs.%d.%u", (int)k, w);
  Z3_sort dom[2] = {sort, sort};
  Z3_func_decl d = Z3_mk_func_decl(sh->z, Z3_mk_string_symbol(sh->z, name), 2, dom, sort);
  if (!d || !H(Z3_func_decl_to_ast(sh->z, d))) return NULL;
  return d;
}

typedef struct {
  Z3_ast *v;
  size_t n, cap;
} AstVec;

Z3_ast sym_abstract(SymShared *sh, Z3_ast t, bool *changed) {
  Z3_context z = sh->z;
  PtrMap memo; /* term -> its abstraction */
  ptrmap_init(&memo);
  AstVec stack = {0};
  Z3_ast out = NULL;
  *changed = false;
  if (!t || !grow((void **)&stack.v, &stack.cap, 1, sizeof *stack.v)) goto done;
  stack.v[stack.n++] = t;
  /* Iterative post-order over the DAG (store chains are as deep as a region has events). */
  while (stack.n && !sh->e->failed) {
    Z3_ast a = stack.v[stack.n - 1];
    uint64_t x;
    if (ptrmap_get(&memo, a, &x)) {
      stack.n--;
      continue;
    }
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST) {
      if (!ptrmap_put(&memo, a, (uintptr_t)a)) sh->e->failed = true;
      stack.n--;
      continue;
    }
    Z3_app app = Z3_to_app(z, a);
    unsigned n = Z3_get_app_num_args(z, app);
    bool ready = true;
    for (unsigned i = 0; i < n; i++) {
      Z3_ast c = Z3_get_app_arg(z, app, i);
      if (ptrmap_get(&memo, c, &x)) continue;
      if (!grow((void **)&stack.v, &stack.cap, stack.n + 1, sizeof *stack.v)) {
        sh->e->failed = true;
        break;
      }
      stack.v[stack.n++] = c;
      ready = false;
    }
    if (!ready) continue;
    stack.n--;
    Z3_ast args[16], *argv = n <= 16 ? args : malloc(n * sizeof *argv);
    if (!argv) {
      sh->e->failed = true;
      break;
    }
    bool same = true;
    for (unsigned i = 0; i < n; i++) {
      Z3_ast c = Z3_get_app_arg(z, app, i);
      ptrmap_get(&memo, c, &x);
      argv[i] = (Z3_ast)(uintptr_t)x;
      same &= argv[i] == c;
    }
    Z3_ast r = a;
    Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
    if (expensive(z, app, k)) {
      Z3_func_decl d = abstract_decl(sh, k, Z3_get_sort(z, a));
      r = d ? H(Z3_mk_app(z, d, 2, argv)) : NULL;
      *changed = true;
    } else if (!same) {
      r = H(Z3_update_term(z, a, n, argv));
    }
    if (argv != args) free(argv);
    if (!r || !ptrmap_put(&memo, a, (uintptr_t)r)) {
      sh->e->failed = true;
      break;
    }
  }
  uint64_t x;
  if (!sh->e->failed && ptrmap_get(&memo, t, &x)) out = (Z3_ast)(uintptr_t)x;
done:
  free(stack.v);
  ptrmap_free(&memo);
  return out;
}

bool sym_implies(SymShared *sh, Z3_ast hyp, Z3_ast goal) {
  Enc *e = sh->e;
  if (!hyp || !goal || e->failed) return false;
  if (is_true(sh, goal)) return true;
  Z3_ast as[2] = {hyp, enc_not(e, goal)};
  if (!as[1]) return false;
  if (vs_past(sh->deadline)) return false; /* not proved: the safe answer */
  sh->queries++;
  Z3_solver solver = sym_solver(sh, as, 2, false, true, NULL, 0);
  if (!solver) {
    smt_z3_clear_error();
    return false;
  }
  bool ok = Z3_solver_check(sh->zs, solver) == Z3_L_FALSE;
  Z3_solver_dec_ref(sh->zs, solver);
  smt_z3_clear_error();
  return ok;
}

/* Does the goal hold here (the parameters' ranges, the frame's hypotheses, the path, the
 * assumptions)? */
static bool holds_here(Sym *y, Z3_ast goal) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  Z3_ast hyp = enc_and(e, enc_and(e, e->ranges, sh->frame_hyp), enc_and(e, y->st.pc, y->st.assume));
  return sym_implies(sh, hyp, goal);
}

/* ---- loops: pairs and summaries ---- */

static bool same_key(const PVar *a, const PVar *b) {
  return a->name == b->name && type_same_form(&a->type, &b->type);
}

typedef struct {
  PVar **v;
  size_t n, cap;
  PtrMap seen;
} VarSet;

static bool vs_add(VarSet *s, PVar *v) {
  uint64_t x;
  if (!v || ptrmap_get(&s->seen, v, &x)) return true;
  if (!ptrmap_put(&s->seen, v, 1) || !grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v)) return false;
  s->v[s->n++] = v;
  return true;
}

/* Every variable a block may write and that may be visible outside it: assignments and results. (The
 * variable and carries of a nested loop are visible in that loop only.) */
static bool assigned_in(Block b, VarSet *s) {
  bool ok = true;
  for (uint32_t i = 0; ok && i < b.n; i++) {
    const Stmt *x = b.s[i];
    switch ((StmtKind)x->kind) {
    case SK_ASSIGN: ok = vs_add(s, x->u.assign.var); break;
    case SK_SUBMIT: ok = vs_add(s, x->u.submit.out) && vs_add(s, x->u.submit.tid); break;
    case SK_PIN: ok = vs_add(s, x->u.pin.var); break;
    case SK_FOR:
    case SK_WHILE:
      for (uint32_t k = 0; ok && x->u.loop.rets && k < x->u.loop.ncarry; k++) ok = vs_add(s, x->u.loop.rets[k]);
      if (ok) ok = assigned_in(x->u.loop.body, s);
      break;
    case SK_IF:
      for (uint32_t k = 0; ok && x->u.ifs.rets && k < x->u.ifs.nrets; k++) ok = vs_add(s, x->u.ifs.rets[k]);
      if (ok) ok = assigned_in(x->u.ifs.then, s);
      if (ok) ok = assigned_in(x->u.ifs.els, s);
      break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN:
      for (uint32_t k = 0; ok && k < x->u.scope.nslots; k++) ok = vs_add(s, x->u.scope.slots[k]);
      if (ok) ok = assigned_in(x->u.scope.body, s);
      break;
    default: break;
    }
  }
  return ok;
}

bool sym_add_pair(SymShared *sh, const Function *fs, const Stmt *src, const Function *ft, const Stmt *tgt) {
  uint64_t x;
  /* An iteration that may leave the loop is no step of the induction: such loops are unrolled. */
  if (block_jumps(src->u.loop.body) || (tgt && block_jumps(tgt->u.loop.body))) return false;
  if (!tgt) {
    if (src->kind != SK_FOR || ptrmap_get(&sh->pair_of[0], src, &x)) return false;
  } else {
    if (src->kind != tgt->kind || (src->kind != SK_FOR && src->kind != SK_WHILE)) return false;
    if (src->kind == SK_FOR && src->u.loop.start->dtype != tgt->u.loop.start->dtype) return false;
    if (ptrmap_get(&sh->pair_of[0], src, &x) || ptrmap_get(&sh->pair_of[1], tgt, &x)) return false;
  }
  if (!grow((void **)&sh->pairs, &sh->cappairs, sh->npairs + 1, sizeof *sh->pairs)) return false;
  SymPair *p = &sh->pairs[sh->npairs];
  memset(p, 0, sizeof *p);
  p->loop[0] = src;
  p->loop[1] = tgt;
  VarSet as[2];
  bool ok = true;
  for (int side = 0; side < 2; side++) {
    memset(&as[side], 0, sizeof as[side]);
    ptrmap_init(&as[side].seen);
    const Stmt *l = p->loop[side];
    if (l) ok = ok && assigned_in(l->u.loop.body, &as[side]);
  }
  uint32_t nc0 = src->u.loop.ncarry, nc1 = tgt ? tgt->u.loop.ncarry : 0;
  uint32_t maxslots = nc0 + (uint32_t)as[0].n + (uint32_t)as[1].n;
  for (int side = 0; ok && side < 2; side++) {
    const Stmt *l = p->loop[side];
    uint32_t nc = l ? l->u.loop.ncarry : 0;
    p->slot_var[side] = salloc(sh, (maxslots ? maxslots : 1) * sizeof(PVar *));
    p->carry_slot[side] = salloc(sh, (nc ? nc : 1) * sizeof(int32_t));
    p->nasg[side] = (uint32_t)as[side].n;
    p->asg[side] = salloc(sh, (as[side].n ? as[side].n : 1) * sizeof(PVar *));
    p->asg_slot[side] = salloc(sh, (as[side].n ? as[side].n : 1) * sizeof(int32_t));
    ok = p->slot_var[side] && p->carry_slot[side] && p->asg[side] && p->asg_slot[side];
    for (uint32_t i = 0; ok && i < nc; i++) p->carry_slot[side][i] = -1;
    for (size_t i = 0; ok && i < as[side].n; i++) {
      p->asg[side][i] = as[side].v[i];
      p->asg_slot[side][i] = -1;
    }
  }
  for (uint32_t i = 0; ok && i < nc0; i++)
    for (uint32_t j = 0; j < nc1; j++)
      if (p->carry_slot[1][j] < 0 && same_key(src->u.loop.carries[i], tgt->u.loop.carries[j])) {
        p->slot_var[0][p->nslots] = src->u.loop.carries[i];
        p->slot_var[1][p->nslots] = tgt->u.loop.carries[j];
        p->carry_slot[0][i] = p->carry_slot[1][j] = (int32_t)p->nslots++;
        break;
      }
  for (uint32_t i = 0; ok && i < p->nasg[0]; i++)
    for (uint32_t j = 0; j < p->nasg[1]; j++)
      if (p->asg_slot[1][j] < 0 && same_key(p->asg[0][i], p->asg[1][j])) {
        p->slot_var[0][p->nslots] = p->asg[0][i];
        p->slot_var[1][p->nslots] = p->asg[1][j];
        p->asg_slot[0][i] = p->asg_slot[1][j] = (int32_t)p->nslots++;
        break;
      }
  /* A variable one body assigns and the other does not (the simplifier deleted a dead assignment) is
   * carried on both sides, when the other function has it: that side keeps its value, and the
   * iterations keep the two equal. */
  const Function *fn[2] = {fs, ft};
  for (int side = 0; ok && tgt && side < 2; side++) {
    int other = 1 - side;
    uint32_t n0 = p->nasg[side];
    for (uint32_t i = 0; ok && i < n0; i++) {
      if (p->asg_slot[side][i] >= 0) continue;
      PVar *v = p->asg[side][i], *w = fn_find_var(fn[other], v->name, &v->type);
      const Stmt *lo = p->loop[other];
      bool bound = w && lo->kind == SK_FOR && lo->u.loop.var == w;
      for (uint32_t k = 0; w && k < lo->u.loop.ncarry; k++) bound |= lo->u.loop.carries[k] == w;
      if (!w || bound || !same_key(v, w)) continue;
      uint32_t m = p->nasg[other];
      PVar **na = salloc(sh, (m + 1) * sizeof *na);
      int32_t *ns = salloc(sh, (m + 1) * sizeof *ns);
      ok = na && ns;
      if (!ok) break;
      memcpy(na, p->asg[other], m * sizeof *na);
      memcpy(ns, p->asg_slot[other], m * sizeof *ns);
      na[m] = w;
      ns[m] = (int32_t)p->nslots;
      p->asg[other] = na;
      p->asg_slot[other] = ns;
      p->nasg[other] = m + 1;
      p->slot_var[side][p->nslots] = v;
      p->slot_var[other][p->nslots] = w;
      p->asg_slot[side][i] = (int32_t)p->nslots++;
    }
  }
  for (int side = 0; side < 2; side++) {
    free(as[side].v);
    ptrmap_free(&as[side].seen);
  }
  if (!ok) return false;
  if (!ptrmap_put(&sh->pair_of[0], src, sh->npairs + 1) || (tgt && !ptrmap_put(&sh->pair_of[1], tgt, sh->npairs + 1))) {
    sh->e->failed = true;
    return false;
  }
  sh->npairs++;
  return true;
}

static void node_vars(Sym *y, Node *n, PtrMap *seen, uint32_t **ids, size_t *nids, size_t *cap) {
  if (!n || !(n->flags & NF_HAS_VAR)) return;
  Node **order;
  size_t cnt = vs_postorder(n, &order);
  if (!cnt) {
    y->sh->e->failed = true;
    return;
  }
  for (size_t i = 0; i < cnt; i++) {
    uint64_t id, x;
    if (order[i]->op != OP_VAR || !nodemap_get(&y->var_id, order[i], &id) || ptrmap_get(seen, order[i], &x)) continue;
    if (!ptrmap_put(seen, order[i], 1) || !grow((void **)ids, cap, *nids + 1, sizeof **ids)) {
      y->sh->e->failed = true;
      break;
    }
    (*ids)[(*nids)++] = (uint32_t)(id - 1);
  }
  free(order);
}

typedef struct {
  Sym *y;
  PtrMap seen; /* VAR nodes and PVars */
  uint32_t *ids;
  size_t n, cap;
} VarCollect;

static void vc_var(VarCollect *c, const PVar *v) {
  uint64_t x;
  if (!v || ptrmap_get(&c->seen, v, &x)) return;
  if (!ptrmap_put(&c->seen, v, 1) || !grow((void **)&c->ids, &c->cap, c->n + 1, sizeof *c->ids)) {
    c->y->sh->e->failed = true;
    return;
  }
  c->ids[c->n++] = v->id;
}

static void vc_node(VarCollect *c, Node *n) { node_vars(c->y, n, &c->seen, &c->ids, &c->n, &c->cap); }

static void vc_pred(VarCollect *c, const Pred *p) {
  if (!p) return;
  vc_var(c, p->tensor);
  for (uint32_t i = 0; i < p->nidx; i++) vc_node(c, p->idx[i]);
}

static void vc_type(VarCollect *c, const Type *t) {
  for (uint32_t i = 0; t && i < t->nexpr; i++) vc_node(c, t->expr[i]);
}

static void vc_val(VarCollect *c, const Val *v) {
  Call *const *sub;
  uint32_t nsub = val_sub(v, &sub);
  for (uint32_t k = 0; k < nsub; k++) {
    for (uint32_t i = 0; i < sub[k]->nargs; i++) vc_val(c, &sub[k]->args[i]);
    if (sub[k]->hole) vc_var(c, sub[k]->hole);
  }
  if (v->e) vc_node(c, v->e);
  if (v->tensor) vc_var(c, v->tensor);
  if (v->call)
    for (uint32_t i = 0; i < v->call->nargs; i++) vc_val(c, &v->call->args[i]);
}

static void vc_block(VarCollect *c, Block b);

static void vc_stmt(VarCollect *c, const Stmt *s) {
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN:
    vc_var(c, s->u.assign.var);
    vc_type(c, s->u.assign.type);
    vc_type(c, &s->u.assign.var->type);
    vc_val(c, &s->u.assign.val);
    break;
  case SK_CALL: {
    Val v = {.call = s->u.call};
    vc_val(c, &v);
    break;
  }
  case SK_SUBMIT: {
    Val v = {.call = s->u.submit.call};
    vc_val(c, &v);
    for (uint32_t i = 0; i < s->u.submit.ndeps; i++) vc_node(c, s->u.submit.deps[i]);
    vc_pred(c, s->u.submit.pred);
    vc_type(c, s->u.submit.type);
    vc_var(c, s->u.submit.out);
    vc_var(c, s->u.submit.tid);
    break;
  }
  case SK_FOR:
  case SK_WHILE:
    vc_node(c, s->u.loop.start);
    vc_node(c, s->u.loop.stop);
    vc_node(c, s->u.loop.step);
    vc_node(c, s->u.loop.cond);
    if (s->kind == SK_FOR) vc_var(c, s->u.loop.var);
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
      vc_var(c, s->u.loop.carries[i]);
      if (s->u.loop.rets) vc_var(c, s->u.loop.rets[i]);
      vc_val(c, &s->u.loop.inits[i]);
      vc_type(c, stmt_slot_type(s, i));
    }
    vc_block(c, s->u.loop.body);
    break;
  case SK_IF:
    vc_node(c, s->u.ifs.cond);
    for (uint32_t i = 0; s->u.ifs.rets && i < s->u.ifs.nrets; i++) {
      vc_var(c, s->u.ifs.rets[i]);
      vc_type(c, stmt_slot_type(s, i));
    }
    vc_block(c, s->u.ifs.then);
    vc_block(c, s->u.ifs.els);
    break;
  case SK_PIN:
    vc_var(c, s->u.pin.var);
    vc_var(c, s->u.pin.buf);
    vc_node(c, s->u.pin.index);
    break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN:
    vc_node(c, s->u.scope.cores);
    for (uint32_t i = 0; i < s->u.scope.ndeps; i++) vc_node(c, s->u.scope.deps[i]);
    vc_pred(c, s->u.scope.pred);
    for (uint32_t i = 0; i < s->u.scope.nslots; i++) {
      vc_var(c, s->u.scope.slots[i]);
      vc_node(c, s->u.scope.sizes[i]);
    }
    vc_block(c, s->u.scope.body);
    break;
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE:
    for (uint32_t i = 0; i < s->u.vals.n; i++) vc_val(c, &s->u.vals.vals[i]);
    break;
  }
}

static void vc_block(VarCollect *c, Block b) {
  for (uint32_t i = 0; i < b.n; i++) vc_stmt(c, b.s[i]);
}

/* The variables a loop statement reads or writes (what its iteration frame needs), cached. */
static const uint32_t *loop_vars(Sym *y, const Stmt *s, uint32_t *n) {
  uint64_t x;
  if (ptrmap_get(&y->loop_vars, s, &x)) {
    const uint32_t *p = (const uint32_t *)(uintptr_t)x;
    *n = p[0];
    return p + 1;
  }
  VarCollect c = {.y = y};
  ptrmap_init(&c.seen);
  vc_stmt(&c, s);
  uint32_t *p = salloc(y->sh, (c.n + 1) * sizeof *p);
  if (p) {
    p[0] = (uint32_t)c.n;
    if (c.n) memcpy(p + 1, c.ids, c.n * sizeof *p);
    if (!ptrmap_put(&y->loop_vars, s, (uintptr_t)p)) y->sh->e->failed = true;
  }
  free(c.ids);
  ptrmap_free(&c.seen);
  *n = p ? p[0] : 0;
  return p ? p + 1 : NULL;
}

/* Names of the unknowns of a frame: k<f> (for: the iteration), w<f> (while: the first iteration),
 * f<f>.<slot> (a slot's value at the start of the iteration) and g<f>.<side>.<c|v><i> (another
 * carried value); summaries: s<f>.<pair>.<inst>.<slot> (a slot's final value, both sides) and
 * u<f>.<pair>.<inst>.<side>.<c|v><i>. f is the frame (unique in a check). */

/* Executes a paired loop as its summary: one event, the instance recorded, results unknown. */
static void summarize(Sym *y, const Stmt *s, uint32_t pid, Z3_ast a, Z3_ast b, Z3_ast stp, Z3_ast T, SVal *inits,
                      Z3_ast zero_trips) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  const SymPair *p = &sh->pairs[pid];
  int side = y->side;
  uint64_t j = 0;
  ptrmap_get(&y->inst_count, s, &j);
  if (!ptrmap_put(&y->inst_count, s, j + 1)) {
    e->failed = true;
    return;
  }
  char sig[96];
  if (!p->loop[1]) {
    /* A solo loop: no event (the target has nothing here). */
  } else if (s->kind == SK_FOR) {
    snprintf(sig, sizeof sig, "loop %u.%llu(%s)", pid, (unsigned long long)j, dt_name((DType)s->u.loop.start->dtype));
    Z3_ast v[3] = {sym_to_bv64(sh, a, (DType)s->u.loop.start->dtype), sym_to_bv64(sh, b, (DType)s->u.loop.start->dtype),
                   sym_to_bv64(sh, stp, (DType)s->u.loop.start->dtype)};
    emit(y, strdup(sig), v, 3);
  } else {
    snprintf(sig, sizeof sig, "while %u.%llu", pid, (unsigned long long)j);
    emit(y, strdup(sig), NULL, 0);
  }
  if (!grow((void **)&y->insts, &y->capinsts, y->ninsts + 1, sizeof *y->insts)) {
    e->failed = true;
    return;
  }
  SymInst *in = &y->insts[y->ninsts++];
  memset(in, 0, sizeof *in);
  in->loop = s;
  in->pair = pid;
  in->inst = (uint32_t)j;
  const uint32_t *ids = loop_vars(y, s, &in->nvals);
  in->ids = salloc(sh, (in->nvals ? in->nvals : 1) * sizeof *in->ids);
  in->vals = salloc(sh, (in->nvals ? in->nvals : 1) * sizeof *in->vals);
  for (uint32_t i = 0; ids && in->ids && in->vals && i < in->nvals; i++) {
    in->ids[i] = ids[i];
    in->vals[i] = y->env[ids[i]];
  }
  in->pc = y->st.pc;
  in->assume = y->st.assume;
  in->a = a;
  in->b = b;
  in->st = stp;
  in->T = T;
  in->inits = inits;
  /* Results: on no iteration the initial values; otherwise unknowns, shared by both sides for slots. */
  uint32_t nc = s->u.loop.ncarry;
  SVal *res = salloc(sh, (nc ? nc : 1) * sizeof *res);
  char name[96];
  for (uint32_t i = 0; res && i < nc; i++) {
    int32_t slot = p->carry_slot[side][i];
    if (slot >= 0) snprintf(name, sizeof name, "s%u.%u.%llu.%d", sh->frame, pid, (unsigned long long)j, slot);
    else snprintf(name, sizeof name, "u%u.%u.%llu.%d.c%u", sh->frame, pid, (unsigned long long)j, side, i);
    SVal r = fresh_val(sh, name, stmt_slot_type(s, i));
    res[i] = pick_val(y, zero_trips, inits[i], r);
    if (side == 0) res[i].def = pick_def(e, zero_trips, inits[i].def, NULL);
  }
  for (uint32_t i = 0; i < p->nasg[side]; i++) {
    PVar *v = p->asg[side][i];
    int32_t slot = p->asg_slot[side][i];
    if (slot >= 0) snprintf(name, sizeof name, "s%u.%u.%llu.%d", sh->frame, pid, (unsigned long long)j, slot);
    else snprintf(name, sizeof name, "u%u.%u.%llu.%d.v%u", sh->frame, pid, (unsigned long long)j, side, v->id);
    SVal r = fresh_val(sh, name, &v->type);
    SVal entry = y->env[v->id];
    SVal nv = entry.v ? pick_val(y, zero_trips, entry, r) : r;
    if (side == 0) nv.def = entry.v ? pick_def(e, zero_trips, entry.def, NULL) : NULL;
    set_var(y, v->id, nv);
  }
  for (uint32_t i = 0; res && s->u.loop.rets && i < nc; i++) set_var(y, s->u.loop.rets[i]->id, res[i]);
  sym_note_method(sh, s, SYM_M_NONE);
}

static uint32_t pair_id(const Sym *y, const Stmt *s) {
  uint64_t x = 0;
  ptrmap_get(&y->sh->pair_of[y->side], s, &x);
  return (uint32_t)x;
}

/* ---- statements ---- */

static void exec_block(Sym *y, Block b, uint32_t from, uint32_t to, const Stmt *owner);

static Z3_ast ext2(SymShared *sh, Z3_ast x, DType dt) {
  if (!x) return NULL;
  return H(dt_is_signed(dt) ? Z3_mk_sign_ext(sh->z, 2, x) : Z3_mk_zero_ext(sh->z, 2, x));
}

/* The exact trip count of range(start, stop, step), as a (w+2)-bit signed term. */
static Z3_ast trip_count(SymShared *sh, Z3_ast a, Z3_ast b, Z3_ast s, DType dt) {
  Enc *e = sh->e;
  int W = dt_bits(dt) + 2;
  Z3_ast A = ext2(sh, a, dt), B = ext2(sh, b, dt), S = ext2(sh, s, dt);
  Z3_ast zero = enc_bv(e, 0, W), one = enc_bv(e, 1, W);
  Z3_ast d = enc_ap2(e, Z3_mk_bvsub, B, A);
  Z3_ast tpos = enc_ite(e, enc_ap2(e, Z3_mk_bvsle, d, zero), zero,
                        enc_ap2(e, Z3_mk_bvsdiv, enc_ap2(e, Z3_mk_bvadd, d, enc_ap2(e, Z3_mk_bvsub, S, one)), S));
  Z3_ast nd = enc_ap1(e, Z3_mk_bvneg, d), ns = enc_ap1(e, Z3_mk_bvneg, S);
  Z3_ast tneg = enc_ite(e, enc_ap2(e, Z3_mk_bvsge, d, zero), zero,
                        enc_ap2(e, Z3_mk_bvsdiv, enc_ap2(e, Z3_mk_bvadd, nd, enc_ap2(e, Z3_mk_bvsub, ns, one)), ns));
  return enc_ite(e, enc_ap2(e, Z3_mk_bvsgt, S, zero), tpos, tneg);
}

/* A carry's initial value (a call's result is typed by the carry). */
static SVal init_of(Sym *y, const Stmt *s, uint32_t i) {
  const Val *v = &s->u.loop.inits[i];
  return v->call ? call(y, v->call, stmt_slot_type(s, i)) : val_of(y, v);
}

static void set_slots(Sym *y, PVar **vars, const SVal *vals, uint32_t n) {
  for (uint32_t i = 0; vars && vals && i < n; i++) set_var(y, vars[i]->id, vals[i]);
}

/* Runs one iteration of a loop body, guarded by g (NULL: it surely runs): the variables the body
 * writes and the state are merged with what holds when it does not run. Returns the yield values. */
/* After a body ran: where it jumped, the jump's values are its outcome (*brk: where it broke). */
static SVal *body_outcome(Sym *y, SVal *yv, uint32_t nc, Z3_ast *brk) {
  *brk = y->st.brk;
  if (!y->st.jmp) return yv;
  return pick_vals(y, y->st.jmp, y->st.jv, yv, nc);
}

static SVal *run_iteration(Sym *y, const Stmt *s, Z3_ast g, SVal *cur, uint32_t nc, PVar *var, SVal ival,
                           Z3_ast *brk) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  SVal *outer_yv = y->st.yv;
  /* The enclosing loop's jump state waits while this loop runs. */
  const Stmt *outer_loop = y->loop;
  Z3_ast ojmp = y->st.jmp, obrk = y->st.brk;
  SVal *ojv = y->st.jv;
  y->loop = s;
  y->st.jmp = y->st.brk = NULL;
  y->st.jv = NULL;
  if (!g) {
    if (var) set_var(y, var->id, ival);
    set_slots(y, s->u.loop.carries, cur, nc);
    y->st.yv = NULL;
    exec_block(y, s->u.loop.body, 0, s->u.loop.body.n, s);
    SVal *next = body_outcome(y, y->st.yv, nc, brk);
    y->st.yv = outer_yv;
    y->loop = outer_loop;
    y->st.jmp = ojmp, y->st.brk = obrk, y->st.jv = ojv;
    return next;
  }
  size_t mark = open_merge(y);
  SState saved = copy_state(y, &y->st);
  y->st.pc = enc_and(e, saved.pc, g);
  y->st.yv = NULL;
  if (var) set_var(y, var->id, ival);
  set_slots(y, s->u.loop.carries, cur, nc);
  exec_block(y, s->u.loop.body, 0, s->u.loop.body.n, s);
  SVal *next = body_outcome(y, y->st.yv, nc, brk);
  if (*brk) *brk = enc_and(e, g, *brk);
  SState body = y->st;
  Writes w = take_writes(y, mark);
  close_merge(y);
  apply_merge(y, g, w, (Writes){0});
  merge_state(y, g, &body, &saved);
  body.pc = saved.pc;
  body.yv = outer_yv;
  y->st = body;
  y->loop = outer_loop;
  y->st.jmp = ojmp, y->st.brk = obrk, y->st.jv = ojv;
  return pick_vals(y, g, next, cur, nc);
}

static void exec_for(Sym *y, const Stmt *s) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  DType dt = (DType)s->u.loop.start->dtype;
  int w = dt_bits(dt);
  Z3_ast a = value_of(y, s->u.loop.start), b = value_of(y, s->u.loop.stop), st = value_of(y, s->u.loop.step);
  uint32_t nc = s->u.loop.ncarry;
  SVal *cur = salloc(sh, (nc ? nc : 1) * sizeof *cur);
  for (uint32_t i = 0; cur && i < nc; i++) cur[i] = init_of(y, s, i);
  if (!a || !b || !st || !cur) {
    e->failed = true;
    return;
  }
  y->st.ub = enc_or(e, y->st.ub, enc_eq(e, st, enc_bv(e, 0, w)));
  Z3_ast T = trip_count(sh, a, b, st, dt);
  uint32_t pid = pair_id(y, s);
  Z3_ast Ts = T ? H(Z3_simplify(sh->z, T)) : NULL;
  uint64_t t = 0;
  bool fixed = Ts && Z3_is_numeral_ast(sh->z, Ts) && Z3_get_numeral_uint64(sh->z, Ts, &t);
  /* A solo loop that surely runs few iterations is unrolled: exact, and cheaper than its proof. */
  if (pid && !sh->pairs[pid - 1].loop[1] &&
      ((fixed && t <= sh->unroll) || (!fixed && holds_here(y, enc_ap2(e, Z3_mk_bvsle, T, enc_bv(e, 1, w + 2))))))
    pid = 0;
  if (pid) {
    summarize(y, s, pid - 1, a, b, st, T, cur, enc_eq(e, T, enc_bv(e, 0, w + 2)));
    return;
  }
  if (fixed && t > sh->unroll) {
    char why[200];
    snprintf(why, sizeof why, "the loop at %d:%d runs %llu iterations, more than the unrolling bound %u (--unroll)",
             s->line, s->col, (unsigned long long)t, sh->unroll);
    give_up(sh, why);
    return;
  }
  uint64_t K = fixed ? t : sh->unroll;
  SymMethod method = SYM_M_UNROLLED;
  if (!fixed) {
    /* A symbolic trip count: as small a bound as can be proved here, else the bound, assumed. */
    Z3_ast le = enc_ap2(e, Z3_mk_bvsle, T, enc_bv(e, K, w + 2));
    if (holds_here(y, enc_ap2(e, Z3_mk_bvsle, T, enc_bv(e, 0, w + 2)))) K = 0;
    else if (holds_here(y, enc_ap2(e, Z3_mk_bvsle, T, enc_bv(e, 1, w + 2)))) K = 1;
    else if (!holds_here(y, le)) {
      y->st.assume = enc_and(e, y->st.assume, le);
      sh->bounded = true;
      method = SYM_M_BOUNDED;
    }
  }
  sym_note_method(sh, s, method);
  Z3_ast broken = NULL; /* a break ended the loop before iteration k */
  for (uint64_t k = 0; k < K && live(y); k++) {
    Z3_ast g = fixed ? NULL : enc_ap2(e, Z3_mk_bvslt, enc_bv(e, k, w + 2), T);
    if (broken) g = g ? enc_and(e, g, enc_not(e, broken)) : enc_not(e, broken);
    if (g && is_false(sh, g)) break;
    if (g && is_true(sh, g)) g = NULL;
    Z3_ast iv = enc_ap2(e, Z3_mk_bvadd, a, enc_ap2(e, Z3_mk_bvmul, enc_bv(e, k, w), st));
    Z3_ast brk = NULL;
    SVal *next = run_iteration(y, s, g, cur, nc, s->u.loop.var, (SVal){.v = iv}, &brk);
    if (nc && !next) {
      e->failed = true;
      return;
    }
    cur = next;
    if (brk) broken = broken ? enc_or(e, broken, brk) : brk;
  }
  if (s->u.loop.rets) set_slots(y, s->u.loop.rets, cur, nc);
}

static void exec_while(Sym *y, const Stmt *s) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  uint32_t nc = s->u.loop.ncarry;
  SVal *cur = salloc(sh, (nc ? nc : 1) * sizeof *cur);
  for (uint32_t i = 0; cur && i < nc; i++) cur[i] = init_of(y, s, i);
  if (!cur) return;
  uint32_t pid = pair_id(y, s);
  if (pid) {
    set_slots(y, s->u.loop.carries, cur, nc);
    Z3_ast c = value_of(y, s->u.loop.cond);
    if (!c) return;
    summarize(y, s, pid - 1, NULL, NULL, NULL, NULL, cur, enc_not(e, c));
    return;
  }
  Z3_ast active = sh->s->t_true;
  SymMethod method = SYM_M_UNROLLED;
  for (unsigned k = 0; live(y); k++) {
    set_slots(y, s->u.loop.carries, cur, nc);
    Z3_ast c, d, rd;
    if (!expr(y, s->u.loop.cond, &c, &d, &rd)) return;
    y->st.ub = enc_or(e, y->st.ub, enc_and(e, active, enc_not(e, d)));
    if (y->side == 0) y->st.hypdef = enc_and(e, y->st.hypdef, enc_or(e, enc_not(e, active), rd));
    Z3_ast g = enc_and(e, active, c);
    if (is_false(sh, g)) break;
    if (k == sh->unroll) {
      /* The loop has ended by now: proved here, or assumed (bounded). */
      if (!holds_here(y, enc_not(e, g))) {
        y->st.assume = enc_and(e, y->st.assume, enc_not(e, g));
        sh->bounded = true;
        method = SYM_M_BOUNDED;
      }
      break;
    }
    Z3_ast brk = NULL;
    SVal *next = run_iteration(y, s, g, cur, nc, NULL, (SVal){0}, &brk);
    if (nc && !next) {
      e->failed = true;
      return;
    }
    cur = next;
    active = brk ? enc_and(e, g, enc_not(e, brk)) : g; /* a break ends it like a false condition */
  }
  sym_note_method(sh, s, method);
  if (s->u.loop.rets) set_slots(y, s->u.loop.rets, cur, nc);
}

/* Does a block hold a loop (at any depth)? Executing it may cost much more than a query. */
static bool holds_loop(Block b) {
  for (uint32_t i = 0; i < b.n; i++) {
    const Stmt *s = b.s[i];
    switch ((StmtKind)s->kind) {
    case SK_FOR:
    case SK_WHILE: return true;
    case SK_IF:
      if (holds_loop(s->u.ifs.then) || holds_loop(s->u.ifs.els)) return true;
      break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN:
      if (holds_loop(s->u.scope.body)) return true;
      break;
    default: break;
    }
  }
  return false;
}

static void exec_if(Sym *y, const Stmt *s) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  Z3_ast c = value_of(y, s->u.ifs.cond);
  if (!c) return;
  uint32_t n = s->u.ifs.nrets;
  SVal *outer = y->st.yv;
  Z3_ast pc = y->st.pc;
  bool only_t = is_true(sh, c), only_f = !only_t && is_false(sh, c);
  /* A branch with loops that cannot run here (the simplifier deleted such branches, and unrolling
   * their loops could cost more than anything else) is not executed: what follows only holds where
   * the path does, under the same hypotheses. */
  if (!only_t && !only_f && holds_loop(s->u.ifs.then) && holds_here(y, enc_not(e, c))) only_f = true;
  if (!only_t && !only_f && holds_loop(s->u.ifs.els) && holds_here(y, c)) only_t = true;
  SVal *yv;
  if (only_t || only_f) {
    y->st.yv = NULL;
    Block b = only_t ? s->u.ifs.then : s->u.ifs.els;
    exec_block(y, b, 0, b.n, s);
    yv = y->st.yv;
  } else {
    size_t mark = open_merge(y);
    SState saved = copy_state(y, &y->st);
    y->st.pc = enc_and(e, pc, c);
    y->st.yv = NULL;
    exec_block(y, s->u.ifs.then, 0, s->u.ifs.then.n, s);
    SState t = y->st;
    Writes wt = take_writes(y, mark);
    y->st = saved;
    y->st.pc = enc_and(e, pc, enc_not(e, c));
    y->st.yv = NULL;
    exec_block(y, s->u.ifs.els, 0, s->u.ifs.els.n, s);
    SState f = y->st;
    Writes wf = take_writes(y, mark);
    close_merge(y);
    apply_merge(y, c, wt, wf);
    yv = n ? pick_vals(y, c, t.yv, f.yv, n) : NULL;
    merge_state(y, c, &t, &f);
    y->st = t;
  }
  y->st.pc = pc;
  y->st.yv = outer;
  if (n && !yv) {
    sh->e->failed = true;
    return;
  }
  set_slots(y, s->u.ifs.rets, yv, n);
}

static void exec_assign(Sym *y, const Stmt *s) {
  SymShared *sh = y->sh;
  PVar *v = s->u.assign.var;
  const Val *val = &s->u.assign.val;
  const Type *ty = s->u.assign.type ? s->u.assign.type : &v->type;
  if (type_is_scalar(&v->type)) {
    SVal r = val->call ? call(y, val->call, ty) : val_of(y, val);
    set_var(y, v->id, (SVal){.v = r.v, .def = r.def});
    return;
  }
  const Call *c = val->call;
  bool is_view = c && !strcmp(c->name, "view") && c->nargs == 3 && c->args[0].tensor && c->args[1].e && c->args[2].e;
  bool is_as_layout = c && !strcmp(c->name, "as_layout") && c->nargs == 1 && c->args[0].tensor;
  /* The view's layout form is as_layout renamed; its shape form never gives its operand back. */
  bool view_shape = c && (c->vform & VIEW_SHAPE);
  bool view_layout = c && c->vform && !view_shape;
  if (c && !is_view && !is_as_layout && !view_layout && !view_shape) {
    set_var(y, v->id, call(y, c, ty));
    return;
  }
  Z3_ast *shape = shape_of(y, ty);
  Z3_ast id;
  if (is_view) {
    Enc *e = sh->e;
    SVal t = y->env[c->args[0].tensor->id];
    Z3_ast rows = sym_to_bv64(sh, value_of(y, c->args[1].e), (DType)c->args[1].e->dtype);
    Z3_ast off = sym_to_bv64(sh, value_of(y, c->args[2].e), (DType)c->args[2].e->dtype);
    bool same_kind = type_same_form(&c->args[0].tensor->type, ty) && t.rank == ty->nexpr && ty->rank > 0;
    Z3_ast ident = same_kind ? sh->s->t_true : sh->s->t_false;
    if (same_kind) {
      ident = enc_and(e, ident, enc_eq(e, rows, t.shape[0]));
      ident = enc_and(e, ident, enc_eq(e, off, sh->zero64));
      for (uint32_t i = 0; shape && i < ty->nexpr; i++) ident = enc_and(e, ident, enc_eq(e, t.shape[i], shape[i]));
    }
    id = enc_ite(e, ident, t.v, view_id(sh, t.v, rows, off));
  } else if (view_shape) {
    /* Another tensor of t and the layout: the as_layout function at codes no layout has. */
    id = as_layout_id(sh, y->env[c->args[0].tensor->id].v, type_tensor_layout(ty) + 8);
  } else if (is_as_layout || view_layout) {
    /* t itself when T's layout is t's (decided by the types alone), else another tensor. */
    const PVar *src = c->args[0].tensor;
    SVal t = y->env[src->id];
    int lt = type_tensor_layout(ty);
    bool ident = src->type.dtype == ty->dtype && type_tensor_layout(&src->type) == lt;
    id = ident ? t.v : as_layout_id(sh, t.v, lt);
  } else {
    id = y->env[val->tensor->id].v;
  }
  Z3_ast *vals = salloc(sh, (ty->nexpr + 1) * sizeof *vals);
  if (!vals || !shape) return;
  vals[0] = id;
  for (uint32_t i = 0; i < ty->nexpr; i++) vals[i + 1] = shape[i];
  Type t = *ty;
  const Type *tp = &t;
  emit(y, prog_sig_simple("tensor", &tp, 1), vals, ty->nexpr + 1);
  set_var(y, v->id, (SVal){.v = id, .rank = ty->nexpr, .shape = shape});
}

static void exec_stmt(Sym *y, const Stmt *s, const Stmt *owner) {
  SymShared *sh = y->sh;
  if (++sh->steps > sh->max_steps) {
    give_up(sh, "the programs are too large to unroll (statement limit)");
    return;
  }
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: exec_assign(y, s); break;
  case SK_CALL: call(y, s->u.call, NULL); break;
  case SK_SUBMIT: {
    Z3_ast pos = NULL;
    SVal r = call_ex(y, s->u.submit.call, s->u.submit.type, s->u.submit.deps, s->u.submit.ndeps, s->u.submit.pred, true,
                     &pos);
    set_var(y, s->u.submit.out->id, r);
    if (!pos) sh->e->failed = true;
    else if (s->u.submit.tid) set_var(y, s->u.submit.tid->id, (SVal){.v = tensor_call_id(sh, pos)});
    break;
  }
  case SK_FOR: exec_for(y, s); break;
  case SK_WHILE: exec_while(y, s); break;
  case SK_IF: exec_if(y, s); break;
  case SK_BREAK:
  case SK_CONTINUE: {
    /* The path leaves the body here (the block ends here too): its values wait for the loop. */
    uint32_t n = s->u.vals.n;
    SVal *v = salloc(sh, (n ? n : 1) * sizeof *v);
    if (!v || !y->loop) {
      sh->e->failed = true;
      return;
    }
    for (uint32_t i = 0; i < n; i++) {
      const Val *x = &s->u.vals.vals[i];
      v[i] = x->call ? call(y, x->call, stmt_slot_type(y->loop, i)) : val_of(y, x);
    }
    y->st.jmp = sh->s->t_true;
    y->st.brk = s->kind == SK_BREAK ? sh->s->t_true : sh->s->t_false;
    y->st.jv = v;
    break;
  }
  case SK_DOMAIN: {
    uint32_t k = s->u.scope.nslots;
    Z3_ast pos = emit(y, prog_sig_domain(k, false), NULL, 0);
    for (uint32_t j = 0; j < k; j++) {
      Z3_ast id = slot_id(sh, pos, j);
      if (!id) {
        sh->e->failed = true;
        return;
      }
      set_var(y, s->u.scope.slots[j]->id, (SVal){.v = id});
    }
    exec_block(y, s->u.scope.body, 0, s->u.scope.body.n, owner);
    /* The sizes at the end of the body, over what it left. */
    Z3_ast *v = salloc(sh, (k ? k : 1) * sizeof *v);
    if (!v) return;
    for (uint32_t j = 0; j < k; j++) v[j] = sym_to_bv64(sh, value_of(y, s->u.scope.sizes[j]), DT_INDEX);
    emit(y, prog_sig_domain(k, true), v, k);
    break;
  }
  case SK_PIN: {
    Enc *e = sh->e;
    Z3_ast idx = sym_to_bv64(sh, value_of(y, s->u.pin.index), DT_INDEX);
    uint64_t size = prog_pin_elem_bytes((DType)s->u.pin.buf->type.dtype);
    /* UB when the index is negative or its offset overflows an index: as unsigned, past (2^63-1)/size. */
    Z3_ast bad = enc_ap2(e, Z3_mk_bvugt, idx, enc_bv(e, (UINT64_MAX >> 1) / size, 64));
    y->st.ub = enc_or(e, y->st.ub, bad);
    Z3_ast off = enc_ap2(e, Z3_mk_bvmul, idx, enc_bv(e, size, 64));
    Z3_ast vals[3] = {y->env[s->u.pin.buf->id].v, idx, off};
    const Type *tp = &s->u.pin.buf->type;
    emit(y, prog_sig_simple("pin", &tp, 1), vals, 3);
    set_var(y, s->u.pin.var->id, (SVal){.v = off});
    break;
  }
  case SK_SPMD:
  case SK_SCOPE:
    if (s->kind == SK_SPMD) {
      Z3_ast n = value_of(y, s->u.scope.cores);
      Type ct = type_scalar((DType)s->u.scope.cores->dtype);
      const Type *tp = &ct;
      const Pred *pr = s->u.scope.pred;
      uint32_t nd = s->u.scope.ndeps;
      Z3_ast *v = salloc(sh, (2 + nd + (pr ? pr->nidx : 0)) * sizeof *v);
      if (!v) return;
      v[0] = sym_to_bv64(sh, n, (DType)ct.dtype);
      uint32_t k = 1 + dispatch_vals(y, s->u.scope.deps, nd, pr, v + 1);
      emit(y, prog_sig_dispatch(prog_sig_simple("spmd", &tp, 1), nd, pr), v, k);
    } else {
      emit(y, prog_sig_simple("scope", NULL, 0), NULL, 0);
    }
    exec_block(y, s->u.scope.body, 0, s->u.scope.body.n, owner);
    emit(y, prog_sig_simple(s->kind == SK_SPMD ? "end spmd" : "end scope", NULL, 0), NULL, 0);
    break;
  case SK_YIELD:
  case SK_RETURN: {
    uint32_t n = s->u.vals.n;
    SVal *v = salloc(sh, (n ? n : 1) * sizeof *v);
    if (!v) return;
    for (uint32_t i = 0; i < n; i++) {
      const Val *x = &s->u.vals.vals[i];
      if (x->call) {
        Type rt = s->kind == SK_RETURN ? y->f->results[i] : owner ? *stmt_slot_type(owner, i) : type_scalar(DT_INDEX);
        v[i] = call(y, x->call, &rt);
      } else {
        v[i] = val_of(y, x);
      }
    }
    if (s->kind == SK_YIELD) {
      y->st.yv = v;
      break;
    }
    uint32_t na = 0;
    const Type **types = salloc(sh, (n ? n : 1) * sizeof *types);
    if (!types) return;
    for (uint32_t i = 0; i < n; i++) {
      types[i] = &y->f->results[i];
      na += 1 + (!type_is_scalar(types[i]) ? v[i].rank : 0);
    }
    Z3_ast *vals = salloc(sh, (na ? na : 1) * sizeof *vals);
    if (!vals) return;
    for (uint32_t i = 0, k = 0; i < n; i++) {
      vals[k++] = !type_is_scalar(types[i]) ? v[i].v : sym_to_bv64(sh, v[i].v, (DType)types[i]->dtype);
      for (uint32_t j = 0; !type_is_scalar(types[i]) && j < v[i].rank; j++) vals[k++] = v[i].shape[j];
    }
    emit(y, prog_sig_simple("return", types, n), vals, na);
    break;
  }
  }
}

/* The rest of a block, b[from, to), after a statement that may have jumped: it runs only where no jump
 * happened, merged like a branch with the state of the paths that jumped. */
static void exec_rest(Sym *y, Block b, uint32_t from, uint32_t to, const Stmt *owner) {
  Enc *e = y->sh->e;
  Z3_ast g = enc_not(e, y->st.jmp);
  if (is_false(y->sh, g)) return;
  size_t mark = open_merge(y);
  SState saved = copy_state(y, &y->st);
  y->st.pc = enc_and(e, saved.pc, g);
  exec_block(y, b, from, to, owner);
  SState rest = y->st;
  Writes w = take_writes(y, mark);
  close_merge(y);
  apply_merge(y, g, w, (Writes){0});
  uint32_t n = owner && owner->kind != SK_IF ? owner->u.loop.ncarry : owner ? owner->u.ifs.nrets : 0;
  SVal *yv = pick_vals(y, g, rest.yv, saved.yv, n);
  merge_state(y, g, &rest, &saved);
  rest.pc = saved.pc;
  rest.yv = yv;
  y->st = rest;
}

static void exec_block(Sym *y, Block b, uint32_t from, uint32_t to, const Stmt *owner) {
  for (uint32_t i = from; i < to && i < b.n && live(y); i++) {
    const Stmt *s = b.s[i];
    exec_stmt(y, s, owner);
    if (s->kind == SK_IF && y->st.jmp && i + 1 < to && i + 1 < b.n && live(y) &&
        (block_jumps(s->u.ifs.then) || block_jumps(s->u.ifs.els))) {
      exec_rest(y, b, i + 1, to, owner);
      return;
    }
  }
}

void sym_exec(Sym *y, Block b, uint32_t from, uint32_t to, const Stmt *owner) { exec_block(y, b, from, to, owner); }

/* ---- frames ---- */

static uint32_t max_args_block(const Function *f, Block b, const Stmt *owner);

static uint32_t call_args(const Call *c, const Type *result) {
  return c->nargs + (result ? result->nexpr : 0);
}

static uint32_t max_u(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* The widest event of the calls inside a value's expressions (scalar results: no shape). */
static uint32_t sub_args(const Val *v, uint32_t n) {
  uint32_t m = 1;
  for (uint32_t i = 0; i < n; i++) {
    Call *const *sub;
    uint32_t ns = val_sub(&v[i], &sub);
    for (uint32_t k = 0; k < ns; k++) m = max_u(m, sub[k]->nargs);
  }
  return m;
}

/* owner: the loop or if whose body holds s (its slots type a yielded call). */
/* The widest event a break or continue of `loop` in b makes: a call typed by the loop's slot. */
static uint32_t jump_call_args(Block b, const Stmt *loop) {
  uint32_t m = 1;
  for (uint32_t i = 0; i < b.n; i++) {
    const Stmt *s = b.s[i];
    if (s->kind == SK_IF) m = max_u(m, max_u(jump_call_args(s->u.ifs.then, loop), jump_call_args(s->u.ifs.els, loop)));
    if (s->kind != SK_BREAK && s->kind != SK_CONTINUE) continue;
    for (uint32_t k = 0; k < s->u.vals.n && k < loop->u.loop.ncarry; k++)
      if (s->u.vals.vals[k].call) m = max_u(m, call_args(s->u.vals.vals[k].call, stmt_slot_type(loop, k)));
  }
  return m;
}

static uint32_t max_args_stmt(const Function *f, const Stmt *s, const Stmt *owner) {
  uint32_t m = 1;
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: {
    const Type *t = s->u.assign.type ? s->u.assign.type : &s->u.assign.var->type;
    if (s->u.assign.val.call) m = max_u(m, call_args(s->u.assign.val.call, t));
    m = max_u(m, sub_args(&s->u.assign.val, 1));
    if (!type_is_scalar(t)) m = max_u(m, t->nexpr + 1);
    break;
  }
  case SK_CALL: {
    Val v = {.call = s->u.call};
    m = max_u(m, max_u(call_args(s->u.call, NULL), sub_args(&v, 1)));
    break;
  }
  case SK_SUBMIT: {
    Val v = {.call = s->u.submit.call};
    const Pred *pr = s->u.submit.pred;
    m = max_u(m, max_u(call_args(s->u.submit.call, s->u.submit.type) + s->u.submit.ndeps + (pr ? 1 + pr->nidx : 0),
                       sub_args(&v, 1)));
    break;
  }
  case SK_FOR:
  case SK_WHILE:
    m = max_u(m, sub_args(s->u.loop.inits, s->u.loop.ncarry));
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++)
      if (s->u.loop.inits[i].call) m = max_u(m, call_args(s->u.loop.inits[i].call, stmt_slot_type(s, i)));
    m = max_u(m, max_args_block(f, s->u.loop.body, s));
    m = max_u(m, jump_call_args(s->u.loop.body, s));
    break;
  case SK_IF: m = max_u(m, max_u(max_args_block(f, s->u.ifs.then, s), max_args_block(f, s->u.ifs.els, s))); break;
  case SK_PIN: m = max_u(m, 3); break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN: {
    /* An spmd's event: the core count, the dependencies, a predicate's tensor and indices. */
    uint32_t na = 1 + s->u.scope.ndeps + (s->u.scope.pred ? 1 + s->u.scope.pred->nidx : 0);
    m = max_u(m, max_u(max_u(s->u.scope.nslots, na), max_args_block(f, s->u.scope.body, owner)));
    break;
  }
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE: {
    uint32_t na = 0;
    m = max_u(m, sub_args(s->u.vals.vals, s->u.vals.n));
    for (uint32_t i = 0; i < s->u.vals.n; i++) {
      const Val *v = &s->u.vals.vals[i];
      if (v->call) {
        /* A tensor result's shape follows the arguments: its slot's rank (a return: bounded by the limit). */
        uint32_t rank = s->kind == SK_RETURN ? (i < f->nresults ? f->results[i].nexpr : 0)
                        : s->kind == SK_YIELD && owner ? stmt_slot_type(owner, i)->nexpr
                                                       : 0; /* a jump's: its loop counts them */
        m = max_u(m, v->call->nargs + rank);
      }
      na += 1 + (v->tensor ? v->tensor->type.nexpr : 0);
    }
    m = max_u(m, na);
    break;
  }
  }
  return m;
}

static uint32_t max_args_block(const Function *f, Block b, const Stmt *owner) {
  uint32_t m = 1;
  for (uint32_t i = 0; i < b.n; i++) m = max_u(m, max_args_stmt(f, b.s[i], owner));
  return m;
}

uint32_t sym_max_event_args(const Function *f) {
  uint32_t m = max_args_block(f, f->body, NULL), shapes = 0, rets = 0;
  for (uint32_t i = 0; i < f->nresults; i++) m = max_u(m, f->results[i].nexpr + 1);
  for (uint32_t i = 0; i < f->nparams; i++) shapes += f->params[i]->type.nexpr;
  for (uint32_t i = 0; i < f->nresults; i++) rets += 1 + f->results[i].nexpr;
  return max_u(m, max_u(shapes, rets));
}

/* A fresh state for a new frame: the variables the last frame set are cleared (not all of them: a
 * frame costs what it touches, not the function's size). */
static bool new_frame(Sym *y) {
  SymShared *sh = y->sh;
  for (size_t i = 0; i < y->ndirty; i++) y->env[y->dirty[i]] = (SVal){0};
  y->ndirty = 0;
  y->epoch++;
  y->nlog = 0;
  y->nopen = 0;
  ptrmap_free(&y->inst_count);
  ptrmap_init(&y->inst_count);
  memset(&y->st, 0, sizeof y->st);
  y->st.args = salloc(sh, sh->maxa * sizeof *y->st.args);
  y->st.assume = sh->s->t_true;
  y->st.pc = sh->s->t_true;
  sym_region_begin(y);
  return y->st.args != NULL;
}

void sym_region_begin(Sym *y) {
  SymShared *sh = y->sh;
  y->st.ub = sh->s->t_false;
  y->st.hypdef = sh->s->t_true;
  y->st.len = sh->zero32;
  y->st.nev = 0;
  y->st.sig = H(Z3_mk_const_array(sh->z, sh->bv32, sh->zero32));
  for (uint32_t j = 0; j < sh->maxa; j++) y->st.args[j] = H(Z3_mk_const_array(sh->z, sh->bv32, sh->zero64));
  y->ninsts = 0;
}

bool sym_init(Sym *y, SymShared *sh, const Function *f, int side) {
  Enc *e = sh->e;
  memset(y, 0, sizeof *y);
  y->sh = sh;
  y->f = f;
  y->side = side;
  nodemap_init(&y->var_id);
  ptrmap_init(&y->inst_count);
  ptrmap_init(&y->loop_vars);
  size_t nv = f->nvars ? f->nvars : 1;
  y->stamp = calloc(nv, sizeof *y->stamp);
  y->where = calloc(nv, sizeof *y->where);
  y->dmark = calloc(nv, sizeof *y->dmark);
  y->env = calloc(nv, sizeof *y->env);
  if (!y->stamp || !y->where || !y->dmark || !y->env || !new_frame(y)) return false;
  for (uint32_t i = 0; i < f->nvars; i++)
    if (f->vars[i]->node && !nodemap_put(&y->var_id, f->vars[i]->node, (uint64_t)i + 1)) e->failed = true;
  /* Parameters: scalars are the Enc's variables (with their ranges); tensors have fixed identities. */
  for (uint32_t i = 0; i < f->nparams; i++) {
    PVar *p = f->params[i];
    if (!type_is_scalar(&p->type)) continue;
    SmtTerm t;
    if (dt_is_float((DType)p->type.dtype)) sh->has_float = true;
    if (!enc_expr(e, p->node, &t)) return false;
    set_var(y, p->id, (SVal){.v = t.val});
  }
  return !e->failed;
}

void sym_emit_params(Sym *y) {
  SymShared *sh = y->sh;
  const Function *f = y->f;
  uint32_t ntp = 0, nshape = 0;
  for (uint32_t i = 0; i < f->nparams; i++)
    if (!type_is_scalar(&f->params[i]->type)) {
      ntp++;
      nshape += f->params[i]->type.nexpr;
    }
  if (!ntp) return;
  const Type **types = salloc(sh, ntp * sizeof *types);
  Z3_ast *vals = salloc(sh, (nshape ? nshape : 1) * sizeof *vals);
  if (!types || !vals) return;
  for (uint32_t i = 0, k = 0, t = 0; i < f->nparams; i++) {
    PVar *p = f->params[i];
    if (type_is_scalar(&p->type)) continue;
    types[t++] = &p->type;
    Z3_ast *shape = shape_of(y, &p->type);
    for (uint32_t j = 0; shape && j < p->type.nexpr; j++) vals[k++] = shape[j];
    set_var(y, p->id, (SVal){enc_bv(sh->e, prog_tensor_param_id(i), 64), p->type.nexpr, shape, NULL});
  }
  emit(y, prog_sig_simple("params", types, ntp), vals, nshape);
}

void sym_fini(Sym *y) {
  nodemap_free(&y->var_id);
  ptrmap_free(&y->inst_count);
  ptrmap_free(&y->loop_vars);
  free(y->env);
  free(y->log);
  free(y->stamp);
  free(y->where);
  free(y->dmark);
  free(y->dirty);
  free(y->insts);
  memset(y, 0, sizeof *y);
}

/* One side of an iteration frame: the loop's entry values, then the loop variable and the carried
 * values at the start of the iteration. */
static void iteration_side(SymShared *sh, Sym *y, const SymPair *p, const SymInst *in, SymIter *it,
                           uint32_t frame) {
  Enc *e = sh->e;
  int side = y->side;
  const Stmt *s = in->loop;
  for (uint32_t i = 0; i < in->nvals; i++) set_var(y, in->ids[i], in->vals[i]);
  if (s->kind == SK_FOR) {
    DType dt = (DType)s->u.loop.start->dtype;
    int w = dt_bits(dt);
    Z3_ast k = enc_extract(e, (unsigned)w - 1, 0, it->k);
    Z3_ast iv = enc_ap2(e, Z3_mk_bvadd, in->a, enc_ap2(e, Z3_mk_bvmul, k, in->st));
    set_var(y, s->u.loop.var->id, (SVal){.v = iv});
  }
  char name[96];
  for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
    int32_t slot = p->carry_slot[side][i];
    if (slot >= 0) snprintf(name, sizeof name, "f%u.%d", frame, slot);
    else snprintf(name, sizeof name, "g%u.%d.c%u", frame, side, i);
    SVal F = fresh_val(sh, name, stmt_slot_type(s, i));
    SVal v = pick_val(y, it->first, in->inits[i], F);
    if (side == 0) v.def = pick_def(e, it->first, in->inits[i].def, NULL);
    set_var(y, s->u.loop.carries[i]->id, v);
  }
  for (uint32_t i = 0; i < p->nasg[side]; i++) {
    PVar *v = p->asg[side][i];
    int32_t slot = p->asg_slot[side][i];
    if (slot >= 0) snprintf(name, sizeof name, "f%u.%d", frame, slot);
    else snprintf(name, sizeof name, "g%u.%d.v%u", frame, side, v->id);
    SVal F = fresh_val(sh, name, &v->type);
    SVal entry = y->env[v->id];
    /* No value at the entry: not visible on this side, which never reads it in the loop or after. */
    if (slot >= 0 && !entry.v && it->skip) it->skip[slot] = true;
    SVal nv = entry.v ? pick_val(y, it->first, entry, F) : F;
    if (side == 0) nv.def = entry.v ? pick_def(e, it->first, entry.def, NULL) : NULL;
    set_var(y, v->id, nv);
  }
}

bool sym_iteration(SymShared *sh, Sym *ys, const SymInst *a, Sym *yt, const SymInst *b, uint32_t frame, SymIter *it) {
  Enc *e = sh->e;
  memset(it, 0, sizeof *it);
  const SymPair *p = &sh->pairs[a->pair];
  bool solo = !p->loop[1];
  if (!solo && a->pair != b->pair) return false;
  it->pair = p;
  it->inst[0] = a;
  it->inst[1] = b;
  if (!new_frame(ys) || !new_frame(yt)) return false;
  char name[64];
  Z3_ast hyp = solo ? enc_and(e, a->pc, a->assume) : enc_and(e, enc_and(e, a->pc, b->pc), enc_and(e, a->assume, b->assume));
  const Stmt *s = a->loop;
  if (s->kind == SK_FOR) {
    DType dt = (DType)s->u.loop.start->dtype;
    int W = dt_bits(dt) + 2;
    snprintf(name, sizeof name, "k%u", frame);
    Z3_sort ks = Z3_mk_bv_sort(sh->z, (unsigned)W);
    if (!ks || !H(Z3_sort_to_ast(sh->z, ks))) return false;
    it->k = fresh_const(sh, name, ks);
    Z3_ast zero = enc_bv(e, 0, W);
    it->first = enc_eq(e, it->k, zero);
    hyp = enc_and(e, hyp, enc_ap2(e, Z3_mk_bvsle, zero, it->k));
    hyp = enc_and(e, hyp, enc_ap2(e, Z3_mk_bvslt, it->k, a->T));
    /* What k < T means without the division (implied by it: (T - 1) * step < stop - start), so
     * that it survives sym_abstract: the loop variable lies before the stop. */
    Z3_ast A = ext2(sh, a->a, dt), B = ext2(sh, a->b, dt), S = ext2(sh, a->st, dt);
    Z3_ast at = enc_ap2(e, Z3_mk_bvadd, A, enc_ap2(e, Z3_mk_bvmul, it->k, S));
    hyp = enc_and(e, hyp, enc_ite(e, enc_ap2(e, Z3_mk_bvsgt, S, zero), enc_ap2(e, Z3_mk_bvslt, at, B),
                                  enc_ap2(e, Z3_mk_bvsgt, at, B)));
    if (!solo) {
      hyp = enc_and(e, hyp, enc_eq(e, a->a, b->a));
      hyp = enc_and(e, hyp, enc_eq(e, a->b, b->b));
      hyp = enc_and(e, hyp, enc_eq(e, a->st, b->st));
    }
  } else {
    snprintf(name, sizeof name, "w%u", frame);
    it->first = fresh_const(sh, name, sh->s->sort[DT_BOOL]);
  }
  it->hyp = hyp;
  it->skip = salloc(sh, (p->nslots ? p->nslots : 1) * sizeof *it->skip);
  iteration_side(sh, ys, p, a, it, frame);
  if (!solo) iteration_side(sh, yt, p, b, it, frame);
  return !e->failed;
}

static Z3_ast sval_differs(Enc *e, SVal a, SVal b) {
  if (!a.v || !b.v || a.rank != b.rank) return e->s->t_true;
  Z3_ast d = enc_not(e, enc_eq(e, a.v, b.v));
  for (uint32_t i = 0; i < a.rank && a.shape && b.shape; i++) d = enc_or(e, d, enc_not(e, enc_eq(e, a.shape[i], b.shape[i])));
  return d;
}

Z3_ast sym_iteration_differs(SymShared *sh, const Sym *ys, const Sym *yt, const SymIter *it) {
  Enc *e = sh->e;
  const SymPair *p = it->pair;
  Z3_ast d = sh->s->t_false;
  for (uint32_t k = 0; k < p->nslots; k++) {
    if (it->skip && it->skip[k]) continue;
    SVal v[2];
    const Sym *ys2[2] = {ys, yt};
    for (int side = 0; side < 2; side++) {
      const Stmt *s = p->loop[side];
      PVar *var = p->slot_var[side][k];
      int32_t ci = -1;
      for (uint32_t i = 0; i < s->u.loop.ncarry; i++)
        if (s->u.loop.carries[i] == var && p->carry_slot[side][i] == (int32_t)k) ci = (int32_t)i;
      if (ci >= 0) v[side] = ys2[side]->st.yv ? ys2[side]->st.yv[ci] : (SVal){0};
      else v[side] = ys2[side]->env[var->id];
    }
    d = enc_or(e, d, sval_differs(e, v[0], v[1]));
  }
  return d;
}
