#include "rewrite/match.h"

#include <string.h>

#include "eval/f16.h"
#include "ir/graph.h"

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
  /* Scalar rules see only scalar nodes (the engine gives them scalar roots, and every op they reach
   * through is lane-wise), so only vector rules' terms can differ here; the test is one compare. */
  if (n->lanes != p->lanes) return false;
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR:
    if (p->kind == PAT_CVAR && n->op != OP_CONST) return false;
    /* A variable stands for nodes of its kind only (values, buffers, pointers, effects), and for
     * those its proof built (rules/rule_graph.c): a buffer variable for a declared buffer, a pointer one
     * for an element of one. A buffer through after(b, E) runs E wherever it is accessed (which may be
     * UB, and changes memory), so a rule about b says nothing about it: store(index(after(b, E),
     * invalid), x) is E, not noop (corpus/regressions/graph_where_on_load_after_ub.vs). */
    if (n->kind != p->nkind) return false;
    if (n->kind == NK_BUFFER && n->op != OP_BUFFER) return false;
    if (n->kind == NK_POINTER && n->args[0]->op != OP_BUFFER) return false;
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
  if (!match_op_fits(p, n) || !bind_class(m, p->tclass, (DType)n->dtype)) return false;
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

const Guard *guard_order_conjunct(const Guard *g) {
  if (!g) return NULL;
  if (g->kind == G_ORDER) return g;
  if (g->kind != G_AND) return NULL;
  const Guard *a = guard_order_conjunct(g->a);
  return a ? a : guard_order_conjunct(g->b);
}

bool match_compile(const Rule *r, const Pat *p, MatchProg *out) {
  const Pat *pats[MATCH_MAX_NODES];
  int first_of_slot[RULE_MAX_SLOTS];
  bool class_seen[RULE_MAX_ALL_CLASSES] = {false};
  memset(out, 0, sizeof *out);
  /* Vector rules compare lane counts and gep selections, graph rules kinds and reduce ops, which the
   * flat program does not: match_pat. */
  if (r->vector || r->graph || r->nsw) return false; /* nsw marks too */
  if (r->nclasses > RULE_MAX_ALL_CLASSES || r->nslots > RULE_MAX_SLOTS || p->kind > PAT_OP) return false;
  for (int i = 0; i < RULE_MAX_SLOTS; i++) first_of_slot[i] = -1;
  /* Breadth-first: every node after its parent. */
  pats[0] = p;
  out->node[0] = (MatchNode){0, 0, 0, 0, 0, -1};
  int n = 1;
  for (int k = 0; k < n; k++) {
    const Pat *q = pats[k];
    MatchNode *mn = &out->node[k];
    if (q->tclass >= RULE_MAX_ALL_CLASSES) return false;
    switch (q->kind) {
    case PAT_OP:
      mn->op = q->op;
      if (q->nargs != op_arity((Op)q->op)) out->never = true; /* no node has that arity */
      break;
    case PAT_CVAR:
    case PAT_LIT: mn->op = OP_CONST; break;
    case PAT_VAR: mn->op = MATCH_ANY_OP; break;
    default: return false; /* PAT_BOUND only occurs in templates */
    }
    mn->cls = q->tclass;
    mn->cls_bind = r->class_fixed[q->tclass] == DT_COUNT && !class_seen[q->tclass];
    class_seen[q->tclass] = true;
    mn->slot = -1;
    bool has_slot = q->kind == PAT_VAR || q->kind == PAT_CVAR || (q->kind == PAT_OP && q->slot >= 0);
    if (has_slot) {
      if (q->slot < 0 || q->slot >= RULE_MAX_SLOTS) return false;
      if (first_of_slot[q->slot] < 0) {
        first_of_slot[q->slot] = k;
        mn->slot = q->slot;
      } else {
        out->eq[out->neq][0] = (uint8_t)first_of_slot[q->slot];
        out->eq[out->neq][1] = (uint8_t)k;
        out->neq++;
      }
    }
    if (q->kind == PAT_LIT) {
      out->lit[out->nlit].node = (uint8_t)k;
      out->lit[out->nlit].pat = q;
      out->nlit++;
    }
    if (q->kind == PAT_OP)
      for (int i = 0; i < q->nargs; i++) {
        if (n == MATCH_MAX_NODES) return false;
        pats[n] = q->args[i];
        out->node[n] = (MatchNode){(uint8_t)k, (uint8_t)i, 0, 0, 0, -1};
        n++;
      }
  }
  out->nnodes = (uint8_t)n;
  for (int i = 0; i < r->nslots; i++) out->clear_slots |= first_of_slot[i] < 0;
  const Guard *ord = guard_order_conjunct(r->guard);
  if (ord && ord->slot >= 0 && ord->slot < RULE_MAX_SLOTS && ord->slot2 >= 0 && ord->slot2 < RULE_MAX_SLOTS &&
      first_of_slot[ord->slot] >= 0 && first_of_slot[ord->slot2] >= 0) {
    out->has_ord = true;
    out->ord_a = (uint8_t)first_of_slot[ord->slot];
    out->ord_b = (uint8_t)first_of_slot[ord->slot2];
  }
  return true;
}

bool match_run(const Rule *r, const MatchProg *prog, Node *n, Match *m) {
  Node *nodes[MATCH_MAX_NODES];
  const MatchNode *mn = prog->node;
  int nn = prog->nnodes;
  if (prog->never || (mn[0].op != MATCH_ANY_OP && n->op != mn[0].op)) return false;
  nodes[0] = n;
  /* Structure. A node's operands exist once its op is checked (a node has its op's arity). */
  for (int k = 1; k < nn; k++) {
    Node *x = nodes[mn[k].parent]->args[mn[k].arg];
    if (mn[k].op != MATCH_ANY_OP && x->op != mn[k].op) return false;
    nodes[k] = x;
  }
  for (int e = 0; e < prog->neq; e++)
    if (nodes[prog->eq[e][0]] != nodes[prog->eq[e][1]]) return false;
  /* The guard's order conjunct: false means the rule cannot fire on this match. */
  if (prog->has_ord && !node_orders_after(nodes[prog->ord_a], nodes[prog->ord_b])) return false;
  /* Types and literal values. */
  memcpy(m->class_dt, r->class_fixed, sizeof m->class_dt);
  for (int k = 0; k < nn; k++) {
    uint8_t dt = nodes[k]->dtype;
    if (mn[k].cls_bind) m->class_dt[mn[k].cls] = dt;
    else if (m->class_dt[mn[k].cls] != dt) return false;
  }
  for (int l = 0; l < prog->nlit; l++) {
    const Node *x = nodes[prog->lit[l].node];
    const Pat *p = prog->lit[l].pat;
    DType dt = (DType)x->dtype;
    if (dt_is_int(dt)) {
      if (p->lit_float || !im_fits(dt, p->ival) || im_from_value(dt, p->ival) != x->aux.bits) return false;
    } else {
      uint64_t bits;
      if (!pat_literal_bits(p, dt, &bits) || vs_canon_bits(dt, bits) != x->aux.bits) return false;
    }
  }
  /* Bindings. */
  if (prog->clear_slots) memset(m->slot, 0, sizeof m->slot);
  for (int k = 0; k < nn; k++)
    if (mn[k].slot >= 0) m->slot[mn[k].slot] = nodes[k];
  return true;
}

Node *pat_build(PatBuilder *b, const Pat *p) {
  Node *out = NULL;
  if (b->claim && b->claim(b, p, &out)) return out;
  DType dt = (DType)b->class_dt[p->tclass];
  switch (p->kind) {
  case PAT_LIT: {
    uint64_t bits;
    return dt != DT_COUNT && pat_literal_bits(p, dt, &bits) ? vs_const(b->ctx, dt, bits) : NULL;
  }
  case PAT_OP: {
    if (p->op == OP_INVALID) return vs_invalid(b->ctx);
    Node *args[VS_MAX_LANES];
    for (int i = 0; i < p->nargs; i++)
      if (!(args[i] = pat_build(b, p->args[i]))) return NULL;
    Node *n = vs_make_ex(b->ctx, (Op)p->op, dt, p->lanes, p->aux, args, p->nargs);
    return n && b->made ? b->made(b, p, n) : n;
  }
  default: return NULL;
  }
}

/* The template's leaves: the match's slots, and the bounds of bound slots as constants. */
bool template_claim(PatBuilder *b, const Pat *t, Node **out) {
  const Match *m = b->ud;
  switch (t->kind) {
  case PAT_VAR:
  case PAT_CVAR: *out = m->slot[t->slot]; return true;
  case PAT_OP:
    if (t->nargs != 0 || t->slot < 0) return false;
    *out = m->slot[t->slot];
    return true;
  case PAT_BOUND: {
    const Node *x = m->slot[t->slot];
    *out = NULL;
    if (!x) return true;
    /* dtmin, dtmax: the identities of max and min (-inf, +inf for floats). */
    if (t->bound_max >= 2) *out = vs_const(b->ctx, (DType)x->dtype, vs_reduce_identity(t->bound_max == 2 ? OP_MAX : OP_MIN, (DType)x->dtype));
    else if (!dt_is_float((DType)x->dtype)) *out = vs_const(b->ctx, (DType)x->dtype, t->bound_max ? x->hi : x->lo);
    return true;
  }
  default: return false;
  }
}

Node *template_build(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m) {
  (void)r;
  PatBuilder b = {ctx, m->class_dt, template_claim, NULL, (void *)m};
  return pat_build(&b, t);
}
