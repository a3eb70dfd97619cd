#include "ir/stmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Program *prog_new(VsCtx *ctx) {
  Program *p = calloc(1, sizeof *p);
  if (p) p->ctx = ctx;
  return p;
}

void prog_free(Program *p) {
  if (!p) return;
  for (uint32_t i = 0; i < p->nfuncs; i++) {
    free(p->funcs[i]->vars);
    free(p->funcs[i]->by_name);
  }
  free(p->funcs);
  arena_free(&p->arena);
  free(p);
}

void *prog_alloc(Program *p, size_t size) { return arena_alloc(&p->arena, size ? size : 1); }

Function *prog_add_function(Program *p, const char *name) {
  if (p->nfuncs == p->cap_funcs) {
    uint32_t cap = p->cap_funcs ? p->cap_funcs * 2 : 4;
    Function **nf = realloc(p->funcs, cap * sizeof *nf);
    if (!nf) return NULL;
    p->funcs = nf;
    p->cap_funcs = cap;
  }
  Function *f = prog_alloc(p, sizeof *f);
  if (!f) return NULL;
  f->name = name;
  p->funcs[p->nfuncs++] = f;
  return f;
}

static uint32_t ptr_hash(const void *k) {
  uint64_t x = (uint64_t)(uintptr_t)k;
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (uint32_t)x;
}

PVar *fn_find_name(const Function *f, const char *name) {
  if (!f->cap_names) return NULL;
  for (uint32_t i = ptr_hash(name) & (f->cap_names - 1); f->by_name[i]; i = (i + 1) & (f->cap_names - 1))
    if (f->by_name[i]->name == name) return f->by_name[i];
  return NULL;
}

PVar *fn_find_var(const Function *f, const char *name, const Type *type) {
  for (PVar *v = fn_find_name(f, name); v; v = v->next_same_name)
    if (type_equal(&v->type, type) || (!type_is_scalar(type) && type_same_form(&v->type, type))) return v;
  return NULL;
}

static bool names_insert(Function *f, PVar *v) {
  if ((f->nvars + 1) * 2 > f->cap_names) {
    uint32_t ncap = f->cap_names ? f->cap_names * 2 : 64;
    PVar **nt = calloc(ncap, sizeof *nt);
    if (!nt) return false;
    for (uint32_t i = 0; i < f->cap_names; i++) {
      if (!f->by_name[i]) continue;
      uint32_t j = ptr_hash(f->by_name[i]->name) & (ncap - 1);
      while (nt[j]) j = (j + 1) & (ncap - 1);
      nt[j] = f->by_name[i];
    }
    free(f->by_name);
    f->by_name = nt;
    f->cap_names = ncap;
  }
  uint32_t i = ptr_hash(v->name) & (f->cap_names - 1);
  for (; f->by_name[i]; i = (i + 1) & (f->cap_names - 1)) {
    if (f->by_name[i]->name == v->name) {
      PVar *w = f->by_name[i];
      while (w->next_same_name) w = w->next_same_name;
      w->next_same_name = v;
      return true;
    }
  }
  f->by_name[i] = v;
  return true;
}

PVar *fn_var(Program *p, Function *f, const char *name, const Type *type, bool is_param, i128 lo, i128 hi) {
  if (!is_param) {
    PVar *old = fn_find_var(f, name, type);
    if (old && !old->is_param) return old;
  }
  if (f->nvars == f->cap_vars) {
    uint32_t cap = f->cap_vars ? f->cap_vars * 2 : 32;
    PVar **nv = realloc(f->vars, cap * sizeof *nv);
    if (!nv) return NULL;
    f->vars = nv;
    f->cap_vars = cap;
  }
  PVar *v = prog_alloc(p, sizeof *v);
  if (!v) return NULL;
  v->name = name;
  v->type = *type;
  v->is_param = is_param;
  v->id = f->nvars;
  if (type->kind == TY_SCALAR) {
    DType dt = (DType)type->dtype;
    if (!is_param || !(dt_is_int(dt) || dt == DT_BOOL)) lo = im_min(dt), hi = im_max(dt);
    if (dt_is_float(dt)) lo = hi = 0;
    if (dt == DT_BOOL && !is_param) lo = 0, hi = 1;
    v->node = vs_var(p->ctx, name, dt, lo, hi);
    if (!v->node) return NULL;
  }
  if (!names_insert(f, v)) return NULL;
  f->vars[f->nvars++] = v;
  return v;
}

PVar *fn_fresh_var(Program *p, Function *f, const PVar *base, unsigned *next) {
  char buf[300];
  size_t len = strlen(base->name);
  if (len > 200) len = 200;
  for (unsigned k = next && *next > 1 ? *next : 1;; k++) {
    if (next) *next = k + 1;
    snprintf(buf, sizeof buf, "%.*s_%u", (int)len, base->name, k);
    const char *nm = vs_intern(p->ctx, buf, strlen(buf));
    if (!nm) return NULL;
    if (fn_find_name(f, nm)) continue;
    PVar *v = fn_var(p, f, nm, &base->type, false, 0, 0);
    if (v) {
      v->line = base->line;
      v->col = base->col;
    }
    return v;
  }
}

PVar *fn_var_of_node(const Function *f, const Node *n) {
  if (!n || n->op != OP_VAR) return NULL;
  for (PVar *v = fn_find_name(f, n->aux.name); v; v = v->next_same_name)
    if (v->node == n) return v;
  return NULL;
}

Stmt *stmt_new(Program *p, StmtKind kind, int line, int col) {
  Stmt *s = prog_alloc(p, sizeof *s);
  if (!s) return NULL;
  s->kind = (uint8_t)kind;
  s->line = line;
  s->col = col;
  return s;
}

Stmt *stmt_clone(Program *p, const Stmt *s) {
  Stmt *c = prog_alloc(p, sizeof *c);
  if (c) *c = *s;
  return c;
}

void svec_push(StmtVec *v, Stmt *s) {
  if (!s) {
    v->oom = true;
    return;
  }
  if (v->n == v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 8;
    Stmt **ns = realloc(v->s, cap * sizeof *ns);
    if (!ns) {
      v->oom = true;
      return;
    }
    v->s = ns;
    v->cap = cap;
  }
  v->s[v->n++] = s;
}

void svec_append(StmtVec *v, Block b) {
  for (uint32_t i = 0; i < b.n; i++) svec_push(v, b.s[i]);
}

Block svec_freeze(Program *p, StmtVec *v) {
  Block b = {0};
  if (v->n && v->n <= UINT32_MAX) {
    b.s = prog_alloc(p, v->n * sizeof *b.s);
    if (b.s) {
      memcpy(b.s, v->s, v->n * sizeof *b.s);
      b.n = (uint32_t)v->n;
    } else {
      v->oom = true;
    }
  }
  free(v->s);
  v->s = NULL;
  v->n = v->cap = 0;
  return b;
}

void svec_free(StmtVec *v) {
  free(v->s);
  v->s = NULL;
  v->n = v->cap = 0;
}

Stmt *block_trailing_yield(Block b, Block **owner) {
  (void)owner;
  for (;;) {
    if (!b.n) return NULL;
    Stmt *last = b.s[b.n - 1];
    if (last->kind == SK_YIELD) return last;
    if (last->kind != SK_SPMD && last->kind != SK_SCOPE) return NULL;
    b = last->u.scope.body;
  }
}

bool val_has_call(const Val *v) { return v->call != NULL || v->nsub != 0; }

/* val_call_order_ok: a walk of the value's expressions as they print (operands left to right), each
 * hole expanded into its call's arguments; the calls met must be the sub list, in order. Bounded:
 * a deep or shared expression (a DAG printed as a tree) is simply not accepted. */
typedef struct {
  Call *const *sub;
  uint32_t n, next;
  size_t budget;
  bool ok;
} OrderWalk;

enum { ORDER_MAX_DEPTH = 512, ORDER_BUDGET = 1 << 16 };

static void order_args(OrderWalk *w, const Call *c, unsigned depth);

static void order_node(OrderWalk *w, const Node *e, unsigned depth) {
  if (!w->ok || !e || !(e->flags & NF_HAS_VAR)) return;
  if (depth > ORDER_MAX_DEPTH || w->budget-- == 0) {
    w->ok = false;
    return;
  }
  if (e->op == OP_VAR) {
    if (e->aux.name[0] != '$') return;
    for (uint32_t k = 0; k < w->n; k++)
      if (w->sub[k]->hole && w->sub[k]->hole->node == e) {
        order_args(w, w->sub[k], depth + 1);
        if (!w->ok || w->next >= w->n || w->sub[w->next] != w->sub[k]) w->ok = false;
        else w->next++;
        return;
      }
    w->ok = false; /* a hole of no call of this value */
    return;
  }
  for (int i = 0; i < e->nargs && w->ok; i++) order_node(w, e->args[i], depth + 1);
}

static void order_args(OrderWalk *w, const Call *c, unsigned depth) {
  for (uint32_t i = 0; i < c->nargs && w->ok; i++) order_node(w, c->args[i].e, depth);
}

bool val_call_order_ok(const Val *v) {
  Call *const *sub;
  uint32_t n = val_sub(v, &sub);
  OrderWalk w = {sub, n, 0, ORDER_BUDGET, true};
  if (v->call) order_args(&w, v->call, 0);
  else order_node(&w, v->e, 0);
  return w.ok && w.next == n;
}

static bool node_reads(Node *e, const Node *var) {
  if (!e || !var || !(e->flags & NF_HAS_VAR)) return false;
  if (e == var) return true;
  Node **order;
  size_t n = vs_postorder(e, &order);
  bool found = false;
  for (size_t i = 0; i < n && !found; i++) found = order[i] == var;
  free(order);
  return found;
}

bool val_reads(const Val *val, const PVar *v) {
  if (val->tensor) return val->tensor == v;
  Call *const *sub;
  uint32_t n = val_sub(val, &sub);
  for (uint32_t k = 0; k < n; k++)
    for (uint32_t i = 0; i < sub[k]->nargs; i++)
      if (val_reads(&sub[k]->args[i], v)) return true;
  if (val->e) return node_reads(val->e, v->node);
  if (val->call)
    for (uint32_t i = 0; i < val->call->nargs; i++)
      if (val_reads(&val->call->args[i], v)) return true;
  return false;
}

size_t block_count(Block b) {
  size_t n = 0;
  for (uint32_t i = 0; i < b.n; i++) {
    Stmt *s = b.s[i];
    n++;
    switch ((StmtKind)s->kind) {
    case SK_FOR:
    case SK_WHILE: n += block_count(s->u.loop.body); break;
    case SK_IF: n += block_count(s->u.ifs.then) + block_count(s->u.ifs.els); break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN: n += block_count(s->u.scope.body); break;
    default: break;
    }
  }
  return n;
}

bool block_jumps(Block b) {
  for (uint32_t i = 0; i < b.n; i++) {
    const Stmt *s = b.s[i];
    if (s->kind == SK_BREAK || s->kind == SK_CONTINUE) return true;
    if (s->kind == SK_IF && (block_jumps(s->u.ifs.then) || block_jumps(s->u.ifs.els))) return true;
  }
  return false;
}

const Type *stmt_slot_type(const Stmt *s, uint32_t i) {
  if (s->kind == SK_IF) return s->u.ifs.types ? &s->u.ifs.types[i] : &s->u.ifs.rets[i]->type;
  return s->u.loop.types ? &s->u.loop.types[i] : &s->u.loop.carries[i]->type;
}

const char *pred_op_name(int op) {
  static const char *const names[PRED_COUNT] = {"==", "!=", ">", "<", ">=", "<="};
  return op >= 0 && op < PRED_COUNT ? names[op] : "?";
}
