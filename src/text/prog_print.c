/* prog_print.c: the program printer. Its output parses back (prog_parse.c) to the same program: the
 * printer replays the parser's scoping to decide where a definition needs its type (`x: i32 = ...`:
 * where the name is not visible yet; tensors always carry theirs), and writes expressions with
 * vs_print, which suffixes every literal whose dtype the expression alone would not give. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/prog_text.h"

typedef struct {
  char *buf;
  size_t len, cap;
  bool fail;
  uint8_t *vis; /* per variable id */
  uint32_t nvis;
  PVar **scope;
  size_t nscope, cap_scope;
} Out;

static void put(Out *o, const char *s, size_t n) {
  if (o->fail) return;
  if (o->len + n + 1 > o->cap) {
    size_t cap = o->cap ? o->cap : 1024;
    while (cap < o->len + n + 1) cap *= 2;
    char *nb = realloc(o->buf, cap);
    if (!nb) {
      o->fail = true;
      return;
    }
    o->buf = nb;
    o->cap = cap;
  }
  memcpy(o->buf + o->len, s, n);
  o->len += n;
  o->buf[o->len] = 0;
}

static void puts_(Out *o, const char *s) { put(o, s, strlen(s)); }

__attribute__((format(printf, 2, 3))) static void putf(Out *o, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) o->fail = true;
  else put(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void indent(Out *o, int depth) {
  for (int i = 0; i < depth; i++) puts_(o, "  ");
}

static void node(Out *o, const Node *n) {
  char *s = vs_print(n);
  if (!s) {
    o->fail = true;
    return;
  }
  puts_(o, s);
  free(s);
}

static void index_list(Out *o, Node *const *ex, uint32_t n) {
  puts_(o, "[");
  for (uint32_t i = 0; i < n; i++) {
    if (i) puts_(o, ", ");
    node(o, ex[i]);
  }
  puts_(o, "]");
}

/* A type whose expressions are ex (a tuple's elements print from the tuple's flat list). A view prints
 * its lists, its offset and its first layout always, the other tags where they are not the defaults. */
static void type_ex(Out *o, const Type *t, Node *const *ex) {
  if (t->kind == TY_SCALAR) {
    puts_(o, dt_name((DType)t->dtype));
    return;
  }
  const TypeForm *f = t->form;
  if (t->kind == TY_TUPLE) {
    puts_(o, "tuple[");
    for (uint32_t i = 0, k = 0; f && i < f->nelem; i++) {
      if (i) puts_(o, ", ");
      type_ex(o, &f->elem[i], ex + k);
      k += f->elem[i].nexpr;
    }
    puts_(o, "]");
    return;
  }
  bool tile = t->kind == TY_TILE;
  puts_(o, tile ? "tile[" : t->dist ? "dtensor[" : "tensor[");
  index_list(o, ex, t->rank);
  putf(o, ", %s", dt_name((DType)t->dtype));
  if (f && f->view) {
    Node *const *stride = ex + t->rank, *const *valid = stride + f->nstride;
    const char *sep = "";
    puts_(o, ", view(");
    if (tile && f->nvalid) {
      puts_(o, "valid_shape=");
      index_list(o, valid, f->nvalid);
      sep = ", ";
    }
    if (f->nstride) {
      putf(o, "%sstride=", sep);
      index_list(o, stride, f->nstride);
      sep = ", ";
    }
    if (tile && f->offset) {
      putf(o, "%sstart_offset=", sep);
      node(o, valid[f->nvalid]);
      sep = ", ";
    }
    if (tile) {
      putf(o, "%sblayout=%s", sep, tile_layout_name(f->layout));
      if (f->slayout != TLAYOUT_NONE_BOX) putf(o, ", slayout=%s", tile_layout_name(f->slayout));
      if (f->fractal != 512) putf(o, ", fractal=%u", f->fractal);
    } else {
      putf(o, "%slayout=%s", sep, tensor_layout_name(f->layout));
      if (f->nvalid) {
        puts_(o, ", valid_shape=");
        index_list(o, valid, f->nvalid);
      }
    }
    if (f->pad != PAD_NULL) putf(o, ", pad=%s", pad_name(f->pad));
    if (tile && f->compact != COMPACT_NULL) putf(o, ", compact=%s", compact_name(f->compact));
    puts_(o, ")");
  }
  puts_(o, "]");
}

static void type(Out *o, const Type *t) { type_ex(o, t, t->expr); }

/* Calls inside expressions: a hole prints as its call, found in the value's sub calls. */
typedef struct {
  Call *const *sub;
  uint32_t n;
} Holes;

static char *hole_text(void *user, const Node *hole);

/* An expression of a value whose sub calls are h. */
static void expr_in(Out *o, const Node *e, Holes *h) {
  if (!h->n) {
    node(o, e);
    return;
  }
  char *s = vs_print_holes(e, hole_text, h);
  if (!s) {
    o->fail = true;
    return;
  }
  puts_(o, s);
  free(s);
}

static void call_text(Out *o, const Call *c, Holes *h) {
  putf(o, "%s(", c->name);
  for (uint32_t i = 0; i < c->nargs; i++) {
    if (i) puts_(o, ", ");
    if (c->args[i].tensor) puts_(o, c->args[i].tensor->name);
    else expr_in(o, c->args[i].e, h);
  }
  puts_(o, ")");
}

static char *hole_text(void *user, const Node *hole) {
  Holes *h = user;
  for (uint32_t k = 0; k < h->n; k++)
    if (h->sub[k]->hole && h->sub[k]->hole->node == hole) {
      Out t = {0};
      call_text(&t, h->sub[k], h);
      if (t.fail) {
        free(t.buf);
        return NULL;
      }
      return t.buf ? t.buf : calloc(1, 1);
    }
  return NULL; /* a hole of no call of this value: no text */
}

static void val(Out *o, const Val *v) {
  Holes h;
  h.n = val_sub(v, &h.sub);
  /* Each call prints where its hole stands: the text parses back to the same calls in the same order
   * only when the value reads each hole once, in evaluation order (the pass keeps values so). */
  if (h.n && !val_call_order_ok(v)) {
    o->fail = true;
    return;
  }
  if (v->e) {
    expr_in(o, v->e, &h);
  } else if (v->tensor) {
    puts_(o, v->tensor->name);
  } else if (v->call) {
    puts_(o, "call ");
    call_text(o, v->call, &h);
  }
}

static void vals(Out *o, const Val *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    puts_(o, i ? ", " : " ");
    val(o, &v[i]);
  }
}

static bool is_visible(Out *o, const PVar *v) { return v->id < o->nvis && o->vis[v->id]; }

static void show(Out *o, PVar *v) {
  if (v->id >= o->nvis || o->vis[v->id]) return;
  if (o->nscope == o->cap_scope) {
    size_t cap = o->cap_scope ? o->cap_scope * 2 : 64;
    PVar **ns = realloc(o->scope, cap * sizeof *ns);
    if (!ns) {
      o->fail = true;
      return;
    }
    o->scope = ns;
    o->cap_scope = cap;
  }
  o->vis[v->id] = 1;
  o->scope[o->nscope++] = v;
}

static void hide_to(Out *o, size_t mark) {
  while (o->nscope > mark) o->vis[o->scope[--o->nscope]->id] = 0;
}

static void block(Out *o, Block b, int depth);

static void body(Out *o, Block b, int depth) {
  size_t mark = o->nscope;
  block(o, b, depth);
  hide_to(o, mark);
}

/* The result list; an if's results carry their types (a loop's come from its carries). */
static void rets(Out *o, const Stmt *s, PVar **r, uint32_t n) {
  if (!r || !n) return;
  puts_(o, "(");
  for (uint32_t i = 0; i < n; i++) {
    if (i) puts_(o, ", ");
    puts_(o, r[i]->name);
    if (s->kind == SK_IF) {
      puts_(o, ": ");
      type(o, stmt_slot_type(s, i));
    }
  }
  puts_(o, ") = ");
}

static void carries(Out *o, const Stmt *s) {
  if (!s->u.loop.ncarry) return;
  puts_(o, " iter (");
  for (uint32_t i = 0; i < s->u.loop.ncarry; i++) {
    if (i) puts_(o, ", ");
    puts_(o, s->u.loop.carries[i]->name);
    puts_(o, ": ");
    type(o, stmt_slot_type(s, i));
    puts_(o, " = ");
    val(o, &s->u.loop.inits[i]);
  }
  puts_(o, ")");
}

static const char *loop_kind_name(int k) {
  switch (k) {
  case LOOP_PARALLEL: return "parallel";
  case LOOP_UNROLL: return "unroll";
  case LOOP_PIPELINE: return "pipeline";
  default: return "range";
  }
}

/* ` deps [d, ...]` (when there are any) and ` predicate t[i, ...] OP K` of a submit or an spmd. */
static void dispatch_text(Out *o, Node *const *deps, uint32_t nd, const Pred *p) {
  if (nd) {
    puts_(o, " deps [");
    for (uint32_t i = 0; i < nd; i++) {
      if (i) puts_(o, ", ");
      node(o, deps[i]);
    }
    puts_(o, "]");
  }
  if (!p) return;
  putf(o, " predicate %s[", p->tensor->name);
  for (uint32_t i = 0; i < p->nidx; i++) {
    if (i) puts_(o, ", ");
    node(o, p->idx[i]);
  }
  putf(o, "] %s %lld", pred_op_name(p->op), (long long)p->target);
}

static void stmt(Out *o, const Stmt *s, int depth) {
  indent(o, depth);
  switch ((StmtKind)s->kind) {
  case SK_ASSIGN: {
    PVar *v = s->u.assign.var;
    const Call *vc = s->u.assign.val.call;
    const Type *ty = s->u.assign.type ? s->u.assign.type : &v->type;
    puts_(o, v->name);
    if (vc && vc->vform) {
      /* A view's shape and layout forms (view_type.h): the type, then the list from its shape. */
      puts_(o, ": ");
      type(o, ty);
      putf(o, " = call view(%s", vc->args[0].tensor->name);
      if (vc->vform & VIEW_SHAPE) {
        puts_(o, ", ");
        index_list(o, ty->expr, ty->rank);
      }
      if (vc->vform & VIEW_LAYOUT) putf(o, ", layout=%s", tensor_layout_name(vc->vlayout));
      puts_(o, ")\n");
      show(o, v);
      break;
    }
    if (!is_visible(o, v) || !type_is_scalar(&v->type)) {
      puts_(o, ": ");
      type(o, ty);
    }
    puts_(o, " = ");
    val(o, &s->u.assign.val);
    puts_(o, "\n");
    show(o, v);
    break;
  }
  case SK_CALL: {
    Val v = {.call = s->u.call};
    val(o, &v);
    puts_(o, "\n");
    break;
  }
  case SK_SUBMIT: {
    PVar *r[2] = {s->u.submit.out, s->u.submit.tid};
    int nr = r[1] ? 2 : 1; /* `out: T = submit ...` when the task id is not bound */
    if (nr == 2) puts_(o, "(");
    for (int i = 0; i < nr; i++) {
      if (i) puts_(o, ", ");
      puts_(o, r[i]->name);
      if (!is_visible(o, r[i]) || !type_is_scalar(&r[i]->type)) {
        puts_(o, ": ");
        type(o, i ? &r[i]->type : s->u.submit.type);
      }
    }
    puts_(o, nr == 2 ? ") = submit " : " = submit ");
    Val v = {.call = s->u.submit.call};
    Holes h;
    h.n = val_sub(&v, &h.sub);
    if (h.n && !val_call_order_ok(&v)) o->fail = true;
    call_text(o, s->u.submit.call, &h);
    dispatch_text(o, s->u.submit.deps, s->u.submit.ndeps, s->u.submit.pred);
    puts_(o, "\n");
    show(o, r[0]);
    if (r[1]) show(o, r[1]);
    break;
  }
  case SK_FOR: {
    rets(o, s, s->u.loop.rets, s->u.loop.ncarry);
    putf(o, "for %s in %s(", s->u.loop.var->name, loop_kind_name(s->u.loop.kind));
    node(o, s->u.loop.start);
    puts_(o, ", ");
    node(o, s->u.loop.stop);
    if (!(s->u.loop.step->op == OP_CONST && vs_const_value(s->u.loop.step) == 1)) {
      puts_(o, ", ");
      node(o, s->u.loop.step);
    }
    puts_(o, ")");
    for (uint32_t i = 0; i < s->u.loop.nattrs; i++) putf(o, " @%s", s->u.loop.attrs[i]);
    carries(o, s);
    puts_(o, " {\n");
    size_t mark = o->nscope;
    show(o, s->u.loop.var);
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) show(o, s->u.loop.carries[i]);
    body(o, s->u.loop.body, depth + 1);
    hide_to(o, mark);
    indent(o, depth);
    puts_(o, "}\n");
    for (uint32_t i = 0; s->u.loop.rets && i < s->u.loop.ncarry; i++) show(o, s->u.loop.rets[i]);
    break;
  }
  case SK_WHILE: {
    rets(o, s, s->u.loop.rets, s->u.loop.ncarry);
    puts_(o, "while");
    carries(o, s);
    puts_(o, " cond ");
    node(o, s->u.loop.cond);
    puts_(o, " {\n");
    size_t mark = o->nscope;
    for (uint32_t i = 0; i < s->u.loop.ncarry; i++) show(o, s->u.loop.carries[i]);
    body(o, s->u.loop.body, depth + 1);
    hide_to(o, mark);
    indent(o, depth);
    puts_(o, "}\n");
    for (uint32_t i = 0; s->u.loop.rets && i < s->u.loop.ncarry; i++) show(o, s->u.loop.rets[i]);
    break;
  }
  case SK_IF: {
    rets(o, s, s->u.ifs.rets, s->u.ifs.nrets);
    puts_(o, "if ");
    node(o, s->u.ifs.cond);
    puts_(o, " {\n");
    body(o, s->u.ifs.then, depth + 1);
    indent(o, depth);
    if (s->u.ifs.has_else) {
      puts_(o, "} else {\n");
      body(o, s->u.ifs.els, depth + 1);
      indent(o, depth);
    }
    puts_(o, "}\n");
    for (uint32_t i = 0; i < s->u.ifs.nrets; i++) show(o, s->u.ifs.rets[i]);
    break;
  }
  case SK_PIN:
    putf(o, "pin %s = %s[", s->u.pin.var->name, s->u.pin.buf->name);
    node(o, s->u.pin.index);
    puts_(o, "]\n");
    show(o, s->u.pin.var);
    break;
  case SK_SPMD:
  case SK_SCOPE:
  case SK_DOMAIN:
    if (s->kind == SK_DOMAIN) {
      puts_(o, "domain [");
      for (uint32_t i = 0; i < s->u.scope.nslots; i++) {
        if (i) puts_(o, ", ");
        putf(o, "%s: ", s->u.scope.slots[i]->name);
        node(o, s->u.scope.sizes[i]);
        show(o, s->u.scope.slots[i]);
      }
      puts_(o, "]");
    } else if (s->kind == SK_SPMD) {
      puts_(o, "spmd(");
      node(o, s->u.scope.cores);
      puts_(o, ")");
      dispatch_text(o, s->u.scope.deps, s->u.scope.ndeps, s->u.scope.pred);
    } else {
      puts_(o, "scope");
    }
    for (uint32_t i = 0; i < s->u.scope.nattrs; i++) putf(o, " @%s", s->u.scope.attrs[i]);
    puts_(o, " {\n");
    block(o, s->u.scope.body, depth + 1);
    indent(o, depth);
    puts_(o, "}\n");
    break;
  case SK_YIELD:
  case SK_RETURN:
  case SK_BREAK:
  case SK_CONTINUE:
    puts_(o, s->kind == SK_YIELD ? "yield" : s->kind == SK_RETURN ? "return" : s->kind == SK_BREAK ? "break" : "continue");
    vals(o, s->u.vals.vals, s->u.vals.n);
    puts_(o, "\n");
    break;
  }
}

static void block(Out *o, Block b, int depth) {
  if (!b.n) {
    indent(o, depth);
    puts_(o, "pass\n");
  }
  for (uint32_t i = 0; i < b.n && !o->fail; i++) stmt(o, b.s[i], depth);
}

static void function(Out *o, const Function *f) {
  free(o->vis);
  o->nvis = f->nvars;
  o->vis = calloc(f->nvars ? f->nvars : 1, 1);
  o->nscope = 0;
  if (!o->vis) {
    o->fail = true;
    return;
  }
  putf(o, "func %s(", f->name);
  char a[48], b[48];
  for (uint32_t i = 0; i < f->nparams; i++) {
    PVar *v = f->params[i];
    if (i) puts_(o, ", ");
    puts_(o, v->name);
    puts_(o, ": ");
    type(o, &v->type);
    DType dt = (DType)v->type.dtype;
    if (v->node && (dt_is_int(dt) || dt == DT_BOOL) &&
        (vs_vmin(v->node) != im_min(dt) || vs_vmax(v->node) != im_max(dt)))
      putf(o, " in [%s, %s]", im_format(vs_vmin(v->node), a), im_format(vs_vmax(v->node), b));
    show(o, v);
  }
  puts_(o, ")");
  if (f->nresults) {
    puts_(o, " -> (");
    for (uint32_t i = 0; i < f->nresults; i++) {
      if (i) puts_(o, ", ");
      type(o, &f->results[i]);
    }
    puts_(o, ")");
  }
  puts_(o, " {\n");
  block(o, f->body, 1);
  puts_(o, "}\n");
}

static char *finish(Out *o) {
  free(o->vis);
  free(o->scope);
  if (o->fail) {
    free(o->buf);
    return NULL;
  }
  return o->buf ? o->buf : calloc(1, 1);
}

char *prog_print_function(const Function *f) {
  Out o = {0};
  function(&o, f);
  return finish(&o);
}

char *prog_print(const Program *p) {
  Out o = {0};
  for (uint32_t i = 0; i < p->nfuncs && !o.fail; i++) {
    if (i) puts_(&o, "\n");
    function(&o, p->funcs[i]);
  }
  return finish(&o);
}

char *prog_print_type(const Type *t) {
  Out o = {0};
  type(&o, t);
  return finish(&o);
}
