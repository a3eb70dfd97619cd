/* prog_sym.c: symbolic execution of programs (prog_sym.h), the Z3 side of eval/prog_eval.c. */
#include "smt/prog_sym.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/prog_event.h"
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
  arena_free(&sh->arena);
}

void sym_fini(Sym *y) { nodemap_free(&y->var_id); }

static void *salloc(SymShared *sh, size_t n) {
  void *p = arena_alloc(&sh->arena, n ? n : 1);
  if (!p) sh->e->failed = true;
  return p;
}

static void give_up(SymShared *sh, const char *why) {
  if (!sh->unknown) snprintf(sh->why, sizeof sh->why, "%s", why);
  sh->unknown = true;
}

static bool live(const Sym *y) { return !y->sh->e->failed && !y->sh->unknown; }

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

Z3_ast sym_call_result(SymShared *sh, Z3_ast pos, DType dt) {
  if (dt_is_float(dt)) sh->has_float = true;
  if (!sh->callres[dt]) {
    char name[32];
    snprintf(name, sizeof name, "call.%s", dt_name(dt));
    Z3_sort dom = sh->bv32;
    Z3_func_decl d = Z3_mk_func_decl(sh->z, Z3_mk_string_symbol(sh->z, name), 1, &dom, sh->s->sort[dt]);
    if (!d || !H(Z3_func_decl_to_ast(sh->z, d))) return NULL;
    sh->callres[dt] = d;
  }
  if (!pos) return NULL;
  return H(Z3_mk_app(sh->z, sh->callres[dt], 1, &pos));
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

/* An expression's value and definedness under the current variables. */
static bool expr(Sym *y, Node *n, Z3_ast *val, Z3_ast *def) {
  SymShared *sh = y->sh;
  Enc *e = sh->e;
  SmtTerm t;
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
    if (!nodemap_get(&y->var_id, order[i], &id) || !y->st.env[id - 1].v || !enc_expr(e, order[i], &pt)) {
      ok = false;
      break;
    }
    from[k] = pt.val;
    to[k++] = y->st.env[id - 1].v;
  }
  if (ok) {
    *val = H(Z3_substitute(sh->z, t.val, k, from, to));
    *def = H(Z3_substitute(sh->z, t.def, k, from, to));
    ok = *val && *def;
  } else {
    e->failed = true;
  }
  free(from);
  free(to);
  free(order);
  return ok;
}

/* Evaluates an expression, recording its UB on the state. */
static Z3_ast value_of(Sym *y, Node *n) {
  Z3_ast v = NULL, d = NULL;
  if (!expr(y, n, &v, &d)) return NULL;
  y->st.ub = enc_or(y->sh->e, y->st.ub, enc_not(y->sh->e, d));
  return v;
}

static SVal val_of(Sym *y, const Val *v) {
  SVal o = {0};
  if (v->e) o.v = value_of(y, v->e);
  else if (v->tensor) o = y->st.env[v->tensor->id];
  return o;
}

/* ---- events ---- */

static uint32_t sig_id(SymShared *sh, char *sig) {
  if (!sig) {
    sh->e->failed = true;
    return 0;
  }
  for (size_t i = 0; i < sh->nsigs; i++)
    if (!strcmp(sh->sigs[i], sig)) {
      free(sig);
      return (uint32_t)i;
    }
  if (sh->nsigs == sh->capsigs) {
    size_t cap = sh->capsigs ? sh->capsigs * 2 : 16;
    char **ns = realloc(sh->sigs, cap * sizeof *ns);
    if (!ns) {
      free(sig);
      sh->e->failed = true;
      return 0;
    }
    sh->sigs = ns;
    sh->capsigs = cap;
  }
  sh->sigs[sh->nsigs] = sig;
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

static Z3_ast *shape_of(Sym *y, const Type *t) {
  Z3_ast *s = salloc(y->sh, t->rank * sizeof *s);
  for (uint32_t i = 0; s && i < t->rank; i++) s[i] = value_of(y, t->shape[i]);
  return s;
}

/* An opaque call: its event, and its result when `result` is not NULL. */
static SVal call(Sym *y, const Call *c, const Type *result) {
  SymShared *sh = y->sh;
  SVal out = {0};
  uint32_t extra = result && result->kind == TY_TENSOR ? result->rank : 0;
  Z3_ast *vals = salloc(sh, (c->nargs + extra + 1) * sizeof *vals);
  if (!vals) return out;
  for (uint32_t i = 0; i < c->nargs; i++) {
    const Val *a = &c->args[i];
    if (a->tensor) vals[i] = y->st.env[a->tensor->id].v;
    else vals[i] = sym_to_bv64(sh, value_of(y, a->e), (DType)a->e->dtype);
  }
  Z3_ast *shape = extra ? shape_of(y, result) : NULL;
  for (uint32_t i = 0; i < extra && shape; i++) vals[c->nargs + i] = shape[i];
  Z3_ast pos = emit(y, prog_sig_call(c, result), vals, c->nargs + extra);
  if (!result) return out;
  if (result->kind == TY_TENSOR) {
    Z3_ast base = enc_bv(sh->e, prog_tensor_call_id(0), 64);
    Z3_ast p64 = pos ? H(Z3_mk_zero_ext(sh->z, 32, pos)) : NULL;
    out.v = enc_ap2(sh->e, Z3_mk_bvadd, base, p64);
    out.rank = result->rank;
    out.shape = shape;
  } else {
    out.v = sym_call_result(sh, pos, (DType)result->dtype);
  }
  return out;
}

/* ---- states ---- */

static SState copy(Sym *y, const SState *s) {
  SymShared *sh = y->sh;
  SState c = *s;
  c.env = salloc(sh, y->f->nvars * sizeof *c.env);
  c.args = salloc(sh, sh->maxa * sizeof *c.args);
  if (c.env) memcpy(c.env, s->env, y->f->nvars * sizeof *c.env);
  if (c.args && sh->maxa) memcpy(c.args, s->args, sh->maxa * sizeof *c.args);
  return c;
}

static Z3_ast pick(Enc *e, Z3_ast c, Z3_ast a, Z3_ast b) {
  if (a == b || !b) return a;
  if (!a) return b;
  return enc_ite(e, c, a, b);
}

static SVal pick_val(Sym *y, Z3_ast c, SVal a, SVal b) {
  if (a.v == b.v && a.shape == b.shape) return a;
  if (!a.v) return b;
  if (!b.v) return a;
  SVal o = a;
  o.v = pick(y->sh->e, c, a.v, b.v);
  if (a.rank && a.rank == b.rank && a.shape != b.shape) {
    o.shape = salloc(y->sh, a.rank * sizeof *o.shape);
    for (uint32_t i = 0; o.shape && i < a.rank; i++) o.shape[i] = pick(y->sh->e, c, a.shape[i], b.shape[i]);
  }
  return o;
}

/* c ? a : b, into a. */
static void merge(Sym *y, Z3_ast c, SState *a, const SState *b, uint32_t nyv) {
  Enc *e = y->sh->e;
  for (uint32_t i = 0; i < y->f->nvars; i++) a->env[i] = pick_val(y, c, a->env[i], b->env[i]);
  a->ub = pick(e, c, a->ub, b->ub);
  a->assume = pick(e, c, a->assume, b->assume);
  a->len = pick(e, c, a->len, b->len);
  a->sig = pick(e, c, a->sig, b->sig);
  for (uint32_t j = 0; j < y->sh->maxa; j++) a->args[j] = pick(e, c, a->args[j], b->args[j]);
  if (b->nev > a->nev) a->nev = b->nev;
  if (a->yv && b->yv && a->yv != b->yv) {
    SVal *m = salloc(y->sh, (nyv ? nyv : 1) * sizeof *m);
    for (uint32_t i = 0; m && i < nyv; i++) m[i] = pick_val(y, c, a->yv[i], b->yv[i]);
    a->yv = m;
  } else if (!a->yv) {
    a->yv = b->yv;
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

/* ---- statements ---- */

static void exec_block(Sym *y, Block b, const Stmt *owner);

/* Runs a body on a copy of the state; returns the copy (its yv: the yield values). */
static SState run_body(Sym *y, Block b, const Stmt *owner) {
  SState saved = y->st;
  y->st = copy(y, &saved);
  y->st.yv = NULL;
  exec_block(y, b, owner);
  SState out = y->st;
  y->st = saved;
  return out;
}

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
  for (uint32_t i = 0; vars && vals && i < n; i++) y->st.env[vars[i]->id] = vals[i];
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
  Z3_ast Ts = T ? H(Z3_simplify(sh->z, T)) : NULL;
  uint64_t t = 0;
  bool fixed = Ts && Z3_is_numeral_ast(sh->z, Ts) && Z3_get_numeral_uint64(sh->z, Ts, &t);
  if (fixed && t > sh->unroll) {
    char why[200];
    snprintf(why, sizeof why, "the loop at %d:%d runs %llu iterations, more than the unrolling bound %u (--unroll)",
             s->line, s->col, (unsigned long long)t, sh->unroll);
    give_up(sh, why);
    return;
  }
  uint64_t K = fixed ? t : sh->unroll;
  if (!fixed) {
    Z3_ast le = enc_ap2(e, Z3_mk_bvsle, T, enc_bv(e, K, w + 2));
    if (!is_true(sh, le)) {
      y->st.assume = enc_and(e, y->st.assume, le);
      sh->bounded = true;
    }
  }
  for (uint64_t k = 0; k < K && live(y); k++) {
    Z3_ast g = fixed ? NULL : enc_ap2(e, Z3_mk_bvslt, enc_bv(e, k, w + 2), T);
    if (g && is_false(sh, g)) break;
    y->st.env[s->u.loop.var->id].v = enc_ap2(e, Z3_mk_bvadd, a, enc_ap2(e, Z3_mk_bvmul, enc_bv(e, k, w), st));
    set_slots(y, s->u.loop.carries, cur, nc);
    SState body = run_body(y, s->u.loop.body, s);
    SVal *next = body.yv;
    if (nc && !next) {
      e->failed = true;
      return;
    }
    if (!g) {
      body.yv = y->st.yv;
      y->st = body;
      cur = next;
      continue;
    }
    SVal *m = salloc(sh, (nc ? nc : 1) * sizeof *m);
    for (uint32_t i = 0; m && i < nc; i++) m[i] = pick_val(y, g, next[i], cur[i]);
    body.yv = y->st.yv;
    merge(y, g, &body, &y->st, 0);
    y->st = body;
    cur = m;
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
  Z3_ast active = sh->s->t_true;
  for (unsigned k = 0; live(y); k++) {
    set_slots(y, s->u.loop.carries, cur, nc);
    Z3_ast c, d;
    if (!expr(y, s->u.loop.cond, &c, &d)) return;
    y->st.ub = enc_or(e, y->st.ub, enc_and(e, active, enc_not(e, d)));
    Z3_ast g = enc_and(e, active, c);
    if (is_false(sh, g)) break;
    if (k == sh->unroll) {
      /* Bounded: assume the loop has ended by now. */
      y->st.assume = enc_and(e, y->st.assume, enc_not(e, g));
      sh->bounded = true;
      break;
    }
    SState body = run_body(y, s->u.loop.body, s);
    SVal *next = body.yv;
    if (nc && !next) {
      e->failed = true;
      return;
    }
    SVal *m = salloc(sh, (nc ? nc : 1) * sizeof *m);
    for (uint32_t i = 0; m && i < nc; i++) m[i] = pick_val(y, g, next[i], cur[i]);
    body.yv = y->st.yv;
    merge(y, g, &body, &y->st, 0);
    y->st = body;
    cur = m;
    active = g;
  }
  if (s->u.loop.rets) set_slots(y, s->u.loop.rets, cur, nc);
}

static void exec_if(Sym *y, const Stmt *s) {
  SymShared *sh = y->sh;
  Z3_ast c = value_of(y, s->u.ifs.cond);
  if (!c) return;
  uint32_t n = s->u.ifs.nrets;
  SVal *outer = y->st.yv;
  SState t = {0}, f = {0};
  bool only_t = is_true(sh, c), only_f = !only_t && is_false(sh, c);
  if (!only_f) t = run_body(y, s->u.ifs.then, s);
  if (!only_t) f = run_body(y, s->u.ifs.els, s);
  if (only_t) y->st = t;
  else if (only_f) y->st = f;
  else {
    merge(y, c, &t, &f, n);
    y->st = t;
  }
  SVal *yv = y->st.yv;
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
  if (v->type.kind != TY_TENSOR) {
    SVal r = val->call ? call(y, val->call, ty) : val_of(y, val);
    y->st.env[v->id].v = r.v;
    return;
  }
  const Call *c = val->call;
  bool is_view = c && !strcmp(c->name, "view") && c->nargs == 3 && c->args[0].tensor && c->args[1].e && c->args[2].e;
  if (c && !is_view) {
    y->st.env[v->id] = call(y, c, ty);
    return;
  }
  Z3_ast *shape = shape_of(y, ty);
  Z3_ast id;
  if (is_view) {
    Enc *e = sh->e;
    SVal t = y->st.env[c->args[0].tensor->id];
    Z3_ast rows = sym_to_bv64(sh, value_of(y, c->args[1].e), (DType)c->args[1].e->dtype);
    Z3_ast off = sym_to_bv64(sh, value_of(y, c->args[2].e), (DType)c->args[2].e->dtype);
    bool same_kind = c->args[0].tensor->type.dtype == ty->dtype && t.rank == ty->rank && ty->rank > 0;
    Z3_ast ident = same_kind ? sh->s->t_true : sh->s->t_false;
    if (same_kind) {
      ident = enc_and(e, ident, enc_eq(e, rows, t.shape[0]));
      ident = enc_and(e, ident, enc_eq(e, off, sh->zero64));
      for (uint32_t i = 0; shape && i < ty->rank; i++) ident = enc_and(e, ident, enc_eq(e, t.shape[i], shape[i]));
    }
    id = enc_ite(e, ident, t.v, view_id(sh, t.v, rows, off));
  } else {
    id = y->st.env[val->tensor->id].v;
  }
  Z3_ast *vals = salloc(sh, (ty->rank + 1) * sizeof *vals);
  if (!vals || !shape) return;
  vals[0] = id;
  for (uint32_t i = 0; i < ty->rank; i++) vals[i + 1] = shape[i];
  Type t = *ty;
  const Type *tp = &t;
  emit(y, prog_sig_simple("tensor", &tp, 1), vals, ty->rank + 1);
  y->st.env[v->id] = (SVal){id, ty->rank, shape};
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
  case SK_FOR: exec_for(y, s); break;
  case SK_WHILE: exec_while(y, s); break;
  case SK_IF: exec_if(y, s); break;
  case SK_BREAK:
  case SK_CONTINUE: give_up(sh, "break and continue are not encoded yet"); break;
  case SK_SPMD:
  case SK_SCOPE:
    if (s->kind == SK_SPMD) {
      Z3_ast n = value_of(y, s->u.scope.cores);
      Type ct = type_scalar((DType)s->u.scope.cores->dtype);
      const Type *tp = &ct;
      Z3_ast v = sym_to_bv64(sh, n, (DType)ct.dtype);
      emit(y, prog_sig_simple("spmd", &tp, 1), &v, 1);
    } else {
      emit(y, prog_sig_simple("scope", NULL, 0), NULL, 0);
    }
    exec_block(y, s->u.scope.body, owner);
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
      na += 1 + (types[i]->kind == TY_TENSOR ? v[i].rank : 0);
    }
    Z3_ast *vals = salloc(sh, (na ? na : 1) * sizeof *vals);
    if (!vals) return;
    for (uint32_t i = 0, k = 0; i < n; i++) {
      vals[k++] = types[i]->kind == TY_TENSOR ? v[i].v : sym_to_bv64(sh, v[i].v, (DType)types[i]->dtype);
      for (uint32_t j = 0; types[i]->kind == TY_TENSOR && j < v[i].rank; j++) vals[k++] = v[i].shape[j];
    }
    emit(y, prog_sig_simple("return", types, n), vals, na);
    break;
  }
  }
}

static void exec_block(Sym *y, Block b, const Stmt *owner) {
  for (uint32_t i = 0; i < b.n && live(y); i++) exec_stmt(y, b.s[i], owner);
}

/* ---- entry ---- */

static uint32_t max_args_block(Block b);

static uint32_t call_args(const Call *c, const Type *result) {
  return c->nargs + (result && result->kind == TY_TENSOR ? result->rank : 0);
}

static uint32_t max_u(uint32_t a, uint32_t b) { return a > b ? a : b; }

static uint32_t max_args_stmt(const Stmt *s) {
  uint32_t m = 1;
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: {
    const Type *t = s->u.assign.type ? s->u.assign.type : &s->u.assign.var->type;
    if (s->u.assign.val.call) m = max_u(m, call_args(s->u.assign.val.call, t));
    if (t->kind == TY_TENSOR) m = max_u(m, t->rank + 1);
    break;
  }
  case SK_CALL: m = max_u(m, call_args(s->u.call, NULL)); break;
  case SK_FOR:
  case SK_WHILE:
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++)
      if (s->u.loop.inits[i].call) m = max_u(m, call_args(s->u.loop.inits[i].call, stmt_slot_type(s, i)));
    m = max_u(m, max_args_block(s->u.loop.body));
    break;
  case SK_IF: m = max_u(m, max_u(max_args_block(s->u.ifs.then), max_args_block(s->u.ifs.els))); break;
  case SK_SPMD:
  case SK_SCOPE: m = max_u(m, max_args_block(s->u.scope.body)); break;
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE: {
    uint32_t na = 0;
    for (uint32_t i = 0; i < s->u.vals.n; i++) {
      const Val *v = &s->u.vals.vals[i];
      if (v->call) m = max_u(m, v->call->nargs + 64); /* a tensor result's shape: bounded by the rank limit */
      na += 1 + (v->tensor ? v->tensor->type.rank : 0);
    }
    m = max_u(m, na);
    break;
  }
  }
  return m;
}

static uint32_t max_args_block(Block b) {
  uint32_t m = 1;
  for (uint32_t i = 0; i < b.n; i++) m = max_u(m, max_args_stmt(b.s[i]));
  return m;
}

uint32_t sym_max_event_args(const Function *f) {
  uint32_t m = max_args_block(f->body), shapes = 0, rets = 0;
  for (uint32_t i = 0; i < f->nparams; i++) shapes += f->params[i]->type.rank;
  for (uint32_t i = 0; i < f->nresults; i++) rets += 1 + f->results[i].rank;
  return max_u(m, max_u(shapes, rets));
}

bool sym_run(Sym *y, SymShared *sh, const Function *f) {
  Enc *e = sh->e;
  memset(y, 0, sizeof *y);
  y->sh = sh;
  y->f = f;
  nodemap_init(&y->var_id);
  SState *st = &y->st;
  st->env = salloc(sh, f->nvars * sizeof *st->env);
  st->args = salloc(sh, sh->maxa * sizeof *st->args);
  if (!st->env || !st->args) return false;
  for (uint32_t i = 0; i < f->nvars; i++)
    if (f->vars[i]->node && !nodemap_put(&y->var_id, f->vars[i]->node, (uint64_t)i + 1)) e->failed = true;
  st->ub = sh->s->t_false;
  st->assume = sh->s->t_true;
  st->len = sh->zero32;
  st->sig = H(Z3_mk_const_array(sh->z, sh->bv32, sh->zero32));
  for (uint32_t j = 0; j < sh->maxa; j++) st->args[j] = H(Z3_mk_const_array(sh->z, sh->bv32, sh->zero64));
  /* Parameters: scalars are the Enc's variables (with their ranges); tensors have fixed identities. */
  uint32_t ntp = 0, nshape = 0;
  for (uint32_t i = 0; i < f->nparams; i++) {
    PVar *p = f->params[i];
    if (p->type.kind == TY_TENSOR) {
      ntp++;
      nshape += p->type.rank;
      continue;
    }
    SmtTerm t;
    if (dt_is_float((DType)p->type.dtype)) sh->has_float = true;
    if (!enc_expr(e, p->node, &t)) return false;
    st->env[p->id].v = t.val;
  }
  if (ntp) {
    const Type **types = salloc(sh, ntp * sizeof *types);
    Z3_ast *vals = salloc(sh, (nshape ? nshape : 1) * sizeof *vals);
    if (!types || !vals) return false;
    for (uint32_t i = 0, k = 0, t = 0; i < f->nparams; i++) {
      PVar *p = f->params[i];
      if (p->type.kind != TY_TENSOR) continue;
      types[t++] = &p->type;
      Z3_ast *shape = shape_of(y, &p->type);
      for (uint32_t j = 0; shape && j < p->type.rank; j++) vals[k++] = shape[j];
      st->env[p->id] = (SVal){enc_bv(e, prog_tensor_param_id(i), 64), p->type.rank, shape};
    }
    emit(y, prog_sig_simple("params", types, ntp), vals, nshape);
  }
  exec_block(y, f->body, NULL);
  return live(y);
}
