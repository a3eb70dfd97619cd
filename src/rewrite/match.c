#include "rewrite/match.h"

#include <string.h>

#include "eval/f16.h"

/* Fixed sizes (a few vector stores, no library call); classes past r->nclasses are never read. */
void match_reset(const Rule *r, Match *m) {
  memset(m->slot, 0, sizeof m->slot);
  memcpy(m->class_dt, r->class_fixed, sizeof m->class_dt);
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
  /* An integer literal near 2^127 rounds up to 2^127, which converting back to i128 cannot hold. */
  if (!p->lit_float && (d >= 0x1p127 || (i128)d != p->ival)) return false;
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

/* A leaf of a pattern (a variable, a constant variable, a literal) against n. */
static inline bool match_leaf(const Pat *p, Node *n, Match *m) {
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR:
    if (p->kind == PAT_CVAR && n->op != OP_CONST) return false;
    if (!bind_class(m, p->tclass, (DType)n->dtype)) return false;
    if (m->slot[p->slot]) return m->slot[p->slot] == n;
    m->slot[p->slot] = n;
    return true;
  case PAT_LIT: {
    if (n->op != OP_CONST || !bind_class(m, p->tclass, (DType)n->dtype)) return false;
    DType dt = (DType)n->dtype;
    /* An integer constant: what pat_literal_bits and vs_canon_bits compute there, directly. */
    if (dt_is_int(dt)) return !p->lit_float && im_fits(dt, p->ival) && im_from_value(dt, p->ival) == n->aux.bits;
    uint64_t bits;
    return pat_literal_bits(p, dt, &bits) && vs_canon_bits(dt, bits) == n->aux.bits;
  }
  default:
    return false; /* PAT_BOUND only occurs in templates */
  }
}

/* The cheap structural tests come before the class binding, and leaves are matched in line: on
 * failure the match is discarded whole, so neither changes the answer. */
bool match_pat(const Rule *r, const Pat *p, Node *n, Match *m) {
  if (p->kind != PAT_OP) return match_leaf(p, n, m);
  if (n->op != p->op || n->nargs != p->nargs) return false;
  if (!bind_class(m, p->tclass, (DType)n->dtype)) return false;
  for (int i = 0; i < p->nargs; i++) {
    const Pat *a = p->args[i];
    if (a->kind == PAT_OP ? !match_pat(r, a, n->args[i], m) : !match_leaf(a, n->args[i], m)) return false;
  }
  if (p->slot >= 0) {
    if (m->slot[p->slot]) return m->slot[p->slot] == n;
    m->slot[p->slot] = n;
  }
  return true;
}

/* ---- compiled patterns ---- */

typedef struct {
  MatchProg *prog;
  const Rule *r;
  bool slot_seen[RULE_MAX_SLOTS];
  bool class_seen[RULE_MAX_ALL_CLASSES];
} Compiler;

static bool compile_node(Compiler *c, const Pat *p, int parent, int arg) {
  MatchProg *pr = c->prog;
  if (pr->nsteps == MATCH_MAX_STEPS || p->kind > PAT_OP) return false;
  int k = pr->nsteps++;
  MatchStep *s = &pr->step[k];
  *s = (MatchStep){.pat = p, .kind = p->kind, .parent = (uint8_t)(parent < 0 ? 0 : parent), .arg = (uint8_t)arg,
                   .op = p->op, .nargs = p->nargs, .cls = p->tclass, .slot = -1};
  /* A fixed class is compared with its dtype (match_run starts from class_fixed), a free one binds at
   * its first occurrence. */
  s->cls_bind = c->r->class_fixed[p->tclass] == DT_COUNT && !c->class_seen[p->tclass];
  c->class_seen[p->tclass] = true;
  if (p->kind == PAT_VAR || p->kind == PAT_CVAR || (p->kind == PAT_OP && p->slot >= 0)) {
    if (p->slot < 0 || p->slot >= RULE_MAX_SLOTS) return false;
    s->slot = p->slot;
    s->slot_bind = !c->slot_seen[p->slot];
    c->slot_seen[p->slot] = true;
  }
  if (p->kind == PAT_OP)
    for (int i = 0; i < p->nargs; i++)
      if (!compile_node(c, p->args[i], k, i)) return false;
  return true;
}

bool match_compile(const Rule *r, const Pat *p, MatchProg *out) {
  Compiler c = {.prog = out, .r = r};
  out->nsteps = 0;
  if (r->nclasses > RULE_MAX_ALL_CLASSES || r->nslots > RULE_MAX_SLOTS || !compile_node(&c, p, -1, 0)) return false;
  out->clear_slots = false;
  for (int i = 0; i < r->nslots; i++) out->clear_slots |= !c.slot_seen[i];
  return true;
}

bool match_run(const Rule *r, const MatchProg *prog, Node *n, Match *m) {
  Node *nodes[MATCH_MAX_STEPS];
  memcpy(m->class_dt, r->class_fixed, sizeof m->class_dt);
  if (prog->clear_slots) memset(m->slot, 0, sizeof m->slot);
  for (int k = 0; k < prog->nsteps; k++) {
    const MatchStep *s = &prog->step[k];
    Node *x = k ? nodes[s->parent]->args[s->arg] : n;
    nodes[k] = x;
    switch (s->kind) {
    case PAT_OP:
      if (x->op != s->op || x->nargs != s->nargs) return false;
      break;
    case PAT_CVAR:
    case PAT_LIT:
      if (x->op != OP_CONST) return false;
      break;
    default: break;
    }
    if (s->cls_bind) m->class_dt[s->cls] = x->dtype;
    else if (m->class_dt[s->cls] != x->dtype) return false;
    if (s->kind == PAT_LIT) {
      DType dt = (DType)x->dtype;
      const Pat *p = s->pat;
      if (dt_is_int(dt)) {
        if (p->lit_float || !im_fits(dt, p->ival) || im_from_value(dt, p->ival) != x->aux.bits) return false;
      } else {
        uint64_t bits;
        if (!pat_literal_bits(p, dt, &bits) || vs_canon_bits(dt, bits) != x->aux.bits) return false;
      }
    }
    if (s->slot >= 0) {
      if (s->slot_bind) m->slot[s->slot] = x;
      else if (m->slot[s->slot] != x) return false;
    }
  }
  return true;
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
