/* Termination of the rule catalog: the reduction order (rule_order.h). */
#include "verify/rule_order.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/op.h"
#include "ir/rebuild.h"
#include "rewrite/match.h"
#include "text/text.h"
#include "verify/rule_verify.h"

/* ---- documented exceptions (docs/rules.md, "Termination", lists each with its reason) ---- */

static const struct {
  const char *name, *why;
} documented[] = {
  {"div_neg_numerator", "moves a negation out of a floor division (the numerator x + (c - 1) corrects the "
                        "rounding); the result divides no negation, and no rule moves one back in"},
  {"sub_const_add", "as heavy as its pattern, trading the root - for +; add_sub_assoc trades + back for - only "
                    "under a non-constant left operand, and the constant c1 stays outside: no cycle"},
  {"cast_select", "pushes a cast into both branches of a select; no rule pulls casts out of a select"},
  {"min_lt_const", "splits a comparison of a min with a constant into two comparisons joined by |: the min is "
                   "gone, and no rule joins comparisons into a min"},
  {"max_lt_const", "splits a comparison of a max with a constant into two joined by &; no rule joins them back"},
  {"const_lt_min", "splits a comparison of a constant with a min into two joined by &; no rule joins them back"},
  {"const_lt_max", "splits a comparison of a constant with a max into two joined by |; no rule joins them back"},
  {"invalid_mask_else", "moves `invalid` from the then- to the else-branch by negating the mask; the result "
                        "has no `invalid` in the then-branch, and no rule moves it back"},
  {"pow_two", "pow(x, 2) => x * x names x twice, but x is one shared node (hash-consing): the graph loses the "
              "pow; no rule builds a pow"},
  {"pow_three", "pow(x, 3) => (x * x) * x names x three times, one shared node; no rule builds a pow"},
  {"tmod_neg_divisor", "tmod(x, c) => tmod(x, 0 - c) for a negative constant c: the divisor folds to its positive "
                       "magnitude, and no rule makes a constant divisor negative"},
  {"select_lift_sub", "two selects of one condition become one (8 nodes for 9), heavier only because - weighs 3 and "
                      "appears twice; no rule splits a select of differences into two selects"},
  {"tdiv_mult_lt_self", "tdiv(x, c) * c < x => 0 < tmod(x, c) names x once for twice (5 nodes for 7), as heavy only "
                        "because tmod weighs 3; no rule turns a comparison of a tmod into a product of a tdiv"},
  {"select_lift_min_div", "two selects of one condition, one divided by a constant, become one select: a node more "
                          "(the division in both branches), a select fewer; no rule splits a select into two "
                          "selects or pulls a division out of one"},
  {"select_lift_max_div", "as select_lift_min_div, with max: one select for two; no rule splits it back"},
  {NULL, NULL},
};

const char *order_documented(const char *name) {
  for (size_t i = 0; documented[i].name; i++)
    if (!strcmp(documented[i].name, name)) return documented[i].why;
  return NULL;
}

const char *order_verdict_name(OrderVerdict v) {
  switch (v) {
  case ORDER_DECREASES: return "decreases";
  case ORDER_REORDERS: return "reorders";
  case ORDER_DOCUMENTED: return "documented";
  default: return "may-loop";
  }
}

void order_item_free(OrderItem *it) {
  free(it->cycle);
  it->cycle = NULL;
}

/* ---- terms: patterns and templates seen through constant folding and @-bindings ---- */

typedef struct {
  const Rule *r;
  bool nonconst[RULE_MAX_SLOTS]; /* `!is_const(x)` is a top-level conjunct of the guard */
  bool order_pair[RULE_MAX_SLOTS][RULE_MAX_SLOTS]; /* order(a, b) is a top-level conjunct */
} OCtx;

/* The op precedence: an op later here is greater (a rule may trade it for earlier ones of the same
 * weight). Ops not listed share the lowest rank. Among the choices it encodes: select below the ALU ops
 * (masks move outward), - below + (x + (y - z) => (x + y) - z) but heavier (x - c => x + -c), + below *
 * (distribution), % below // (divmod_nested), the graph ops above the rest (they fold into values). */
static int precedence(int op) {
  static const int order[] = {
    OP_SELECT, OP_NOT, OP_NEG, OP_SUB, OP_ADD, OP_MUL, OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_MIN, OP_MAX,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_CAST, OP_BITCAST, OP_MOD, OP_IDIV, OP_TMOD, OP_TDIV, OP_EMOD, OP_EDIV,
    OP_FDIV, OP_MULACC, OP_POW, OP_BCAST, OP_VEC, OP_GEP, OP_CAT,
    OP_RANGE, OP_INDEX, OP_LOAD, OP_STORE, OP_REDUCE, OP_END, OP_AFTER,
  };
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
    if (order[i] == op) return (int)i + 1;
  return 0;
}

/* An op's weight: 1, but for - (3) and + (2), so that x - c => x + -c and x + x => x * 2 shrink; the
 * comparisons (3), so that a comparison of bools may become logic ops; pow (9), which rules expand into
 * products; reduce (3), which becomes an add; cast (4), which becomes a comparison with 0 (bool(x) =>
 * x != 0); % and tmod (3): % becomes a subtraction of a constant (mod_const_range), tmod becomes %. */
static size_t op_weight(int op) {
  switch (op) {
  case OP_SUB: return 3;
  case OP_ADD: return 2;
  case OP_EQ:
  case OP_NE:
  case OP_LT:
  case OP_LE: return 3;
  case OP_POW: return 9;
  case OP_REDUCE: return 3;
  case OP_CAST: return 4;
  case OP_MOD:
  case OP_TMOD:
  case OP_EMOD: return 3;
  default: return 1;
  }
}

/* The pattern term an @-binding names. */
static const Pat *binding(const Pat *p, int slot) {
  if (!p || p->kind != PAT_OP) return NULL;
  if (p->slot == slot && p->nargs > 0) return p;
  for (int i = 0; i < p->nargs; i++) {
    const Pat *b = binding(p->args[i], slot);
    if (b) return b;
  }
  return NULL;
}

/* A reference to an @-binding, resolved to the bound pattern term; any other term as it is. */
static const Pat *resolve(const OCtx *c, const Pat *p) {
  int s = p->slot;
  bool ref = (p->kind == PAT_VAR && s >= 0 && c->r->slot_kind[s] == PAT_OP) ||
             (p->kind == PAT_OP && p->nargs == 0 && s >= 0 && c->r->slot_kind[s] == PAT_OP);
  if (!ref) return p;
  const Pat *b = binding(c->r->lhs, s);
  return b && b != p ? b : p;
}

/* Ops whose subterm of constants the engine folds into one constant. */
static bool folds(int op) { return op < OP_VEC && op != OP_CONST && op != OP_VAR && op != OP_INVALID; }

static bool is_const_term(const OCtx *c, const Pat *p) {
  p = resolve(c, p);
  switch (p->kind) {
  case PAT_CVAR:
  case PAT_LIT:
  case PAT_BOUND: return true;
  case PAT_VAR: return false;
  default: break;
  }
  if (!folds(p->op) || p->nargs == 0) return false;
  for (int i = 0; i < p->nargs; i++)
    if (!is_const_term(c, p->args[i])) return false;
  return true;
}

static bool is_var(const OCtx *c, const Pat *p) { return resolve(c, p)->kind == PAT_VAR; }

static size_t weight(const OCtx *c, const Pat *p) {
  p = resolve(c, p);
  if (is_const_term(c, p) || p->kind != PAT_OP) return 1;
  size_t w = op_weight(p->op);
  for (int i = 0; i < p->nargs; i++) w += weight(c, p->args[i]);
  return w;
}

static void occurrences(const OCtx *c, const Pat *p, int *occ) {
  p = resolve(c, p);
  if (is_const_term(c, p)) return;
  if (p->kind == PAT_VAR) {
    occ[p->slot]++;
    return;
  }
  if (p->kind == PAT_OP)
    for (int i = 0; i < p->nargs; i++) occurrences(c, p->args[i], occ);
}

static bool term_equal(const OCtx *c, const Pat *a, const Pat *b) {
  a = resolve(c, a);
  b = resolve(c, b);
  bool ka = is_const_term(c, a), kb = is_const_term(c, b);
  if (ka || kb) return false; /* two constants: equal weight and rank, never "greater" (see gt) */
  if (a->kind != b->kind) return false;
  if (a->kind == PAT_VAR) return a->slot == b->slot;
  if (a->op != b->op || a->nargs != b->nargs || a->aux != b->aux || a->lanes != b->lanes) return false;
  for (int i = 0; i < a->nargs; i++)
    if (!term_equal(c, a->args[i], b->args[i])) return false;
  return true;
}

static bool contains_var(const OCtx *c, const Pat *p, int slot) {
  p = resolve(c, p);
  if (is_const_term(c, p)) return false;
  if (p->kind == PAT_VAR) return p->slot == slot;
  if (p->kind != PAT_OP) return false;
  for (int i = 0; i < p->nargs; i++)
    if (contains_var(c, p->args[i], slot)) return true;
  return false;
}

static bool var_condition(const OCtx *c, const Pat *s, const Pat *t) {
  int os[RULE_MAX_SLOTS] = {0}, ot[RULE_MAX_SLOTS] = {0};
  occurrences(c, s, os);
  occurrences(c, t, ot);
  for (int i = 0; i < RULE_MAX_SLOTS; i++)
    if (ot[i] > os[i]) return false;
  return true;
}

/* s > t in the KBO described in rule_order.h. */
static bool gt(const OCtx *c, const Pat *s, const Pat *t) {
  s = resolve(c, s);
  t = resolve(c, t);
  if (!var_condition(c, s, t)) return false;
  bool ks = is_const_term(c, s), kt = is_const_term(c, t);
  if (ks) return false; /* a constant is the least term */
  if (is_var(c, s)) return kt && c->nonconst[s->slot]; /* a known non-constant leaf above a constant */
  if (is_var(c, t)) return contains_var(c, s, t->slot); /* s properly contains t */
  size_t ws = weight(c, s), wt = weight(c, t);
  if (ws != wt) return ws > wt;
  if (kt) return true; /* same weight 1: a non-constant leaf op (a range, noop) above a constant */
  if (s->op != t->op) return precedence(s->op) > precedence(t->op);
  if (s->nargs != t->nargs) return s->nargs > t->nargs;
  for (int i = s->nargs - 1; i >= 0; i--) {
    if (term_equal(c, s->args[i], t->args[i])) continue;
    return gt(c, s->args[i], t->args[i]);
  }
  return false;
}

/* ---- the reordering exception ---- */

static bool top_conjuncts(OCtx *c, const Guard *g) {
  if (!g) return false;
  bool any = false;
  if (g->kind == G_AND) {
    any |= top_conjuncts(c, g->a);
    any |= top_conjuncts(c, g->b);
  } else if (g->kind == G_NOT && g->a && g->a->kind == G_IS_CONST && g->a->slot >= 0) {
    c->nonconst[g->a->slot] = true;
  } else if (g->kind == G_ORDER && g->slot >= 0 && g->slot2 >= 0) {
    c->order_pair[g->slot][g->slot2] = true;
    any = true;
  }
  return any;
}

typedef struct {
  const Pat *leaf[64];
  int n;
} Leaves;

/* The same ops in the same places; the leaves collected in order. */
static bool same_shape(const OCtx *c, const Pat *a, const Pat *b, Leaves *la, Leaves *lb) {
  a = resolve(c, a);
  b = resolve(c, b);
  bool leaf_a = a->kind != PAT_OP || is_const_term(c, a), leaf_b = b->kind != PAT_OP || is_const_term(c, b);
  if (leaf_a || leaf_b) {
    if (!leaf_a || !leaf_b || la->n == 64) return false;
    la->leaf[la->n++] = a;
    lb->leaf[lb->n++] = b;
    return true;
  }
  if (a->op != b->op || a->nargs != b->nargs || a->aux != b->aux) return false;
  for (int i = 0; i < a->nargs; i++)
    if (!same_shape(c, a->args[i], b->args[i], la, lb)) return false;
  return true;
}

static bool leaf_same(const Pat *a, const Pat *b) {
  if (a->kind != b->kind) return false;
  if (a->kind == PAT_VAR || a->kind == PAT_CVAR) return a->slot == b->slot;
  return a->kind == PAT_LIT ? a->ival == b->ival && a->fval == b->fval : a == b;
}

static bool reorders(const OCtx *c, const Pat *v, const Pat *t) {
  Leaves lv = {.n = 0}, lt = {.n = 0};
  if (!same_shape(c, v, t, &lv, &lt)) return false;
  /* A permutation of the same leaves. */
  bool used[64] = {false};
  for (int i = 0; i < lv.n; i++) {
    int j = 0;
    while (j < lt.n && (used[j] || !leaf_same(lv.leaf[i], lt.leaf[j]))) j++;
    if (j == lt.n) return false;
    used[j] = true;
  }
  /* From the last leaf: at the first difference the template's leaf b must order after the pattern's
   * leaf a (order(b, a) in the guard). */
  for (int i = lv.n - 1; i >= 0; i--) {
    if (leaf_same(lv.leaf[i], lt.leaf[i])) continue;
    const Pat *a = lv.leaf[i], *b = lt.leaf[i];
    return a->kind == PAT_VAR && b->kind == PAT_VAR && c->order_pair[b->slot][a->slot];
  }
  return true; /* the same term: the firing changes nothing */
}

/* ---- printing terms for messages ---- */

static void print_pat(const OCtx *c, const Pat *p, char *buf, size_t size, size_t *len) {
  p = resolve(c, p);
#define PUT(...) (*len += (size_t)snprintf(buf + (*len < size ? *len : size), *len < size ? size - *len : 0, __VA_ARGS__))
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR: PUT("%s", c->r->slot_names[p->slot]); return;
  case PAT_LIT:
    if (p->lit_float) PUT("%g", p->fval);
    else {
      char nb[48];
      PUT("%s", im_format(p->ival, nb));
    }
    return;
  case PAT_BOUND: PUT("%s(%s)", p->bound_max == 0 ? "vmin" : p->bound_max == 1 ? "vmax" : p->bound_max == 2 ? "dtmin" : "dtmax", c->r->slot_names[p->slot]); return;
  default: break;
  }
  PUT("%s(", op_spelling((Op)p->op));
  for (int i = 0; i < p->nargs; i++) {
    if (i) PUT(", ");
    print_pat(c, p->args[i], buf, size, len);
  }
  PUT(")");
#undef PUT
}

static void why_not(const OCtx *c, const Pat *v, const Pat *t, char *why, size_t size) {
  char ps[120], ts[120];
  size_t lp = 0, lt = 0;
  print_pat(c, v, ps, sizeof ps, &lp);
  print_pat(c, t, ts, sizeof ts, &lt);
  if (!var_condition(c, v, t)) {
    snprintf(why, size, "a variable occurs more often in the template than in the pattern %.100s: %.100s", ps, ts);
    return;
  }
  size_t wv = weight(c, v), wt = weight(c, t);
  if (wv < wt) snprintf(why, size, "the template weighs more than the pattern %.100s (%zu < %zu): %.100s", ps, wv, wt, ts);
  else snprintf(why, size, "the template is not smaller than the pattern %.100s (both weigh %zu; op precedence, operands): %.100s", ps, wv, ts);
}

/* ---- looking for a cycle of actual rewrites ---- */

enum { CYCLE_MAX_TERMS = 300, CYCLE_MAX_DEPTH = 6 };

/* The pattern as a term at one dtype instance: variables stay variables, constant variables become
 * distinct small constants. */
typedef struct {
  const Rule *r;
  const uint8_t *class_dt;
  Node **slots;
} TermCtx;

static bool term_claim(PatBuilder *b, const Pat *p, Node **out) {
  const TermCtx *t = b->ud;
  DType dt = (DType)t->class_dt[p->tclass];
  Node **slot = p->kind == PAT_VAR || p->kind == PAT_CVAR ? &t->slots[p->slot] : NULL;
  if (!slot) return p->kind != PAT_LIT && p->kind != PAT_OP; /* bounds: no term */
  if (!*slot)
    *slot = p->kind == PAT_VAR ? vs_var(b->ctx, t->r->slot_names[p->slot], dt, im_min(dt), im_max(dt))
                               : vs_const(b->ctx, dt, dt_is_float(dt) ? 0 : im_from_value(dt, 3 + 2 * p->slot));
  *out = *slot;
  return true;
}

static Node *term_made(PatBuilder *b, const Pat *p, Node *n) {
  const TermCtx *t = b->ud;
  if (p->slot >= 0) t->slots[p->slot] = n;
  return n;
}

static Node *pat_term(VsCtx *ctx, const Rule *r, const uint8_t *class_dt, const Pat *p, Node **slots) {
  TermCtx t = {r, class_dt, slots};
  PatBuilder b = {ctx, class_dt, term_claim, term_made, &t};
  return pat_build(&b, p);
}

typedef struct {
  Node *from, *to;
} Swap;

static Node *swap_fn(void *ud, VsCtx *ctx, Node *orig, Node **args) {
  Swap *sw = ud;
  if (orig == sw->from) return sw->to;
  return vs_rebuild_node(ctx, orig, args);
}

typedef struct {
  Node *term;
  int parent;
  const Rule *rule;
  int depth;
} Step;

/* The path from the pattern to steps[last], then back to the pattern by `closing`, one term a line. */
static char *print_cycle(const Step *steps, int last, const Rule *closing) {
  int path[CYCLE_MAX_DEPTH + 2], n = 0;
  for (int i = last; i >= 0 && n < CYCLE_MAX_DEPTH + 1; i = steps[i].parent) path[n++] = i;
  size_t cap = 8192, len = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  out[0] = 0;
  for (int k = n; k >= 0; k--) {
    const Step *s = &steps[k > 0 ? path[k - 1] : path[n - 1]];
    const Rule *via = k == n ? NULL : k > 0 ? s->rule : closing;
    char *t = vs_print(s->term);
    if (len < cap)
      len += (size_t)snprintf(out + len, cap - len, "%s%s%s%s%s\n", via ? "--> " : "    ", t ? t : "?",
                              via ? "    (" : "", via ? via->name : "", via ? ")" : "");
    free(t);
  }
  return out;
}

/* Breadth first from r's pattern: every rule of cat at every position, guards as the engine evaluates
 * them (proofs aside: a new rule is not proved yet). The first path back to the pattern, or NULL. */
static char *find_cycle(const Catalog *cat, const Rule *r) {
  if (!cat || r->graph || r->vector) return NULL;
  unsigned inst[4];
  if (!rule_admissible_instances(r, inst, 4)) return NULL;
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  rule_instance_dtypes(r, inst[0], class_dt);
  VsCtx *ctx = vs_ctx_new();
  Step *steps = malloc(CYCLE_MAX_TERMS * sizeof *steps);
  char *found = NULL;
  Node *slots[RULE_MAX_SLOTS] = {0};
  Node *start = ctx && steps ? pat_term(ctx, r, class_dt, r->lhs, slots) : NULL;
  int n = 0;
  if (start) steps[n++] = (Step){start, -1, NULL, 0};
  for (int head = 0; head < n && !found; head++) {
    if (steps[head].depth >= CYCLE_MAX_DEPTH) continue;
    Node **sub;
    size_t nsub = vs_postorder(steps[head].term, &sub);
    for (size_t k = 0; k < nsub && !found && n < CYCLE_MAX_TERMS; k++) {
      for (size_t ri = 0; ri < catalog_rule_count(cat) && !found && n < CYCLE_MAX_TERMS; ri++) {
        const Rule *q = catalog_rule(cat, ri);
        /* The rule under test first, then the others. */
        if (ri == 0) q = r;
        else if (catalog_rule(cat, ri) == r) q = catalog_rule(cat, 0);
        if (q->is_lemma || q->graph || q->vector) continue;
        for (int v = 0; v < q->nvariants && !found; v++) {
          Match m;
          match_reset(q, &m);
          if (!match_pat(q, q->variants[v], sub[k], &m) || !guard_holds(ctx, q, &m)) continue;
          Node *t = template_build(ctx, q, q->rhs, &m);
          if (!t || t == sub[k]) continue;
          Swap sw = {sub[k], t};
          Node *next = vs_rebuild(ctx, steps[head].term, swap_fn, &sw);
          if (!next) continue;
          if (next == start) {
            found = print_cycle(steps, head, q);
            break;
          }
          bool seen = false;
          for (int j = 0; j < n && !seen; j++) seen = steps[j].term == next;
          if (!seen && n < CYCLE_MAX_TERMS) steps[n++] = (Step){next, head, q, steps[head].depth + 1};
        }
      }
    }
    free(sub);
  }
  free(steps);
  vs_ctx_free(ctx);
  return found;
}

OrderItem order_check_rule(const Catalog *cat, const Rule *r) {
  OrderItem it;
  memset(&it, 0, sizeof it);
  it.rule = r;
  OCtx c;
  memset(&c, 0, sizeof c);
  c.r = r;
  if (r->is_lemma) return it; /* never matched */
  bool has_order = top_conjuncts(&c, r->guard);
  bool all_dec = true, all_reorder = has_order;
  const Pat *bad = NULL;
  for (int i = 0; i < r->nvariants; i++) {
    const Pat *v = r->variants[i];
    if (gt(&c, v, r->rhs)) continue;
    all_dec = false;
    if (has_order && reorders(&c, v, r->rhs)) continue;
    all_reorder = false;
    if (!bad) bad = v;
  }
  if (all_dec) {
    it.verdict = ORDER_DECREASES;
    return it;
  }
  if (all_reorder || !bad) {
    it.verdict = ORDER_REORDERS;
    return it;
  }
  why_not(&c, bad, r->rhs, it.why, sizeof it.why);
  const char *doc = order_documented(r->name);
  if (doc) {
    it.verdict = ORDER_DOCUMENTED;
    snprintf(it.why, sizeof it.why, "%s", doc);
    return it;
  }
  it.verdict = ORDER_MAY_LOOP;
  it.cycle = find_cycle(cat, r);
  return it;
}
