#include "rewrite/match.h"

#include <string.h>

#include "eval/f16.h"

void match_reset(const Rule *r, Match *m) {
  memset(m->slot, 0, sizeof m->slot);
  for (int c = 0; c < r->nclasses; c++) m->class_dt[c] = r->class_fixed[c];
}

bool pat_literal_bits(const Pat *p, DType dt, uint64_t *bits) {
  if (!dt_is_float(dt)) {
    if (p->lit_float) return false;
    if (dt == DT_BOOL && p->ival != 0 && p->ival != 1) return false;
    if (dt != DT_BOOL && !im_fits(dt, p->ival)) return false;
    *bits = im_from_value(dt, p->ival);
    return true;
  }
  double d = p->lit_float ? p->fval : (double)p->ival;
  if (!p->lit_float && (i128)d != p->ival) return false;
  if (dt == DT_F64) {
    memcpy(bits, &d, sizeof d);
    return true;
  }
  if (dt == DT_F32) {
    float f = (float)d;
    if ((double)f != d && d == d) return false;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    *bits = b;
    return true;
  }
  uint16_t h = f16_from_double(d);
  if (f16_to_double(h) != d && d == d) return false;
  *bits = h;
  return true;
}

/* Binds type class c to dt, or checks that it already is dt. */
static bool bind_class(Match *m, int c, DType dt) {
  if (m->class_dt[c] == DT_COUNT) {
    m->class_dt[c] = (uint8_t)dt;
    return true;
  }
  return m->class_dt[c] == dt;
}

bool match_pat(const Rule *r, const Pat *p, Node *n, Match *m) {
  if (!bind_class(m, p->tclass, (DType)n->dtype)) return false;
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR:
    if (p->kind == PAT_CVAR && n->op != OP_CONST) return false;
    if (m->slot[p->slot]) return m->slot[p->slot] == n;
    m->slot[p->slot] = n;
    return true;
  case PAT_LIT: {
    uint64_t bits;
    return n->op == OP_CONST && pat_literal_bits(p, (DType)n->dtype, &bits) &&
           vs_canon_bits((DType)n->dtype, bits) == n->aux.bits;
  }
  case PAT_OP:
    if (n->op != p->op || n->nargs != p->nargs) return false;
    for (int i = 0; i < p->nargs; i++)
      if (!match_pat(r, p->args[i], n->args[i], m)) return false;
    if (p->slot >= 0) {
      if (m->slot[p->slot]) return m->slot[p->slot] == n;
      m->slot[p->slot] = n;
    }
    return true;
  default:
    return false; /* PAT_BOUND only occurs in templates */
  }
}

bool node_orders_after(const Node *a, const Node *b) {
  bool ca = a->op == OP_CONST, cb = b->op == OP_CONST;
  if (ca != cb) return ca;
  return a->id > b->id;
}

Node *template_build(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m) {
  DType dt = (DType)m->class_dt[t->tclass];
  switch (t->kind) {
  case PAT_VAR:
  case PAT_CVAR: return m->slot[t->slot];
  case PAT_OP:
    if (t->nargs == 0 && t->slot >= 0) return m->slot[t->slot];
    {
      Node *args[3];
      for (int i = 0; i < t->nargs; i++)
        if (!(args[i] = template_build(ctx, r, t->args[i], m))) return NULL;
      return vs_make(ctx, (Op)t->op, dt, args, t->nargs);
    }
  case PAT_LIT: {
    uint64_t bits;
    if (dt == DT_COUNT || !pat_literal_bits(t, dt, &bits)) return NULL;
    return vs_const(ctx, dt, bits);
  }
  case PAT_BOUND: {
    const Node *x = m->slot[t->slot];
    if (!x || dt_is_float((DType)x->dtype)) return NULL;
    return vs_const(ctx, (DType)x->dtype, t->bound_max ? x->hi : x->lo);
  }
  default: return NULL;
  }
}
