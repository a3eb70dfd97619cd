/* Type inference for rules: every pattern, template and no_overflow node gets a type class by
 * unification (arithmetic ties operands to results, comparisons make bool, casts cut the tie), and the
 * classes no literal suffix or cast fixes are the rule's free classes: the dtype tuple its proofs
 * and firings are indexed by. Also expands commutative patterns into their operand-order variants. */
#include <stdio.h>
#include <string.h>

#include "rules/rule_parse.h"

enum { MAX_NODES = 256 };

typedef struct {
  Pat *pats[MAX_NODES];
  int npats;
  int parent[MAX_NODES + RULE_MAX_SLOTS];
  uint8_t fixed[MAX_NODES + RULE_MAX_SLOTS]; /* per set root: a dtype or DT_COUNT */
  bool conflict;
  const Pat *conflict_at;
} Unifier;

static int find(Unifier *u, int i) {
  while (u->parent[i] != i) i = u->parent[i] = u->parent[u->parent[i]];
  return i;
}

static void unify(Unifier *u, int a, int b, const Pat *at) {
  a = find(u, a);
  b = find(u, b);
  if (a == b) return;
  if (u->fixed[a] != DT_COUNT && u->fixed[b] != DT_COUNT && u->fixed[a] != u->fixed[b]) {
    u->conflict = true;
    u->conflict_at = at;
    return;
  }
  if (u->fixed[a] == DT_COUNT) u->fixed[a] = u->fixed[b];
  u->parent[b] = a;
}

static void fix(Unifier *u, int a, DType dt, const Pat *at) {
  a = find(u, a);
  if (u->fixed[a] != DT_COUNT && u->fixed[a] != dt) {
    u->conflict = true;
    u->conflict_at = at;
  }
  u->fixed[a] = (uint8_t)dt;
}

/* Numbers the nodes of a tree (the index is stored in tclass until classes are assigned). */
static bool collect(Unifier *u, Pat *p) {
  if (!p) return true;
  if (u->npats == MAX_NODES) return false;
  p->tclass = (uint8_t)0;
  u->pats[u->npats++] = p;
  for (int i = 0; i < p->nargs; i++)
    if (!collect(u, p->args[i])) return false;
  return true;
}

static int index_of(const Unifier *u, const Pat *p) {
  for (int i = 0; i < u->npats; i++)
    if (u->pats[i] == p) return i;
  return -1;
}

static void constrain(Unifier *u, Pat *p) {
  int me = index_of(u, p);
  int slot_node = MAX_NODES + p->slot;
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR:
  case PAT_BOUND:
    unify(u, me, slot_node, p);
    if (p->nkind == NK_EFFECT) fix(u, me, DT_BOOL, p); /* effects are typed bool (ir/graph.h) */
    return;
  case PAT_LIT:
    if (p->lit_typed) fix(u, me, (DType)p->fixed_dt, p);
    return;
  case PAT_OP: break;
  default: return;
  }
  if (p->slot >= 0) unify(u, me, slot_node, p);
  for (int i = 0; i < p->nargs; i++) constrain(u, p->args[i]);
  int a0 = p->nargs ? index_of(u, p->args[0]) : -1;
  switch ((Op)p->op) {
  case OP_CAST:
  case OP_BITCAST:
    if (p->lit_typed) fix(u, me, (DType)p->fixed_dt, p);
    return;
  case OP_INVALID: fix(u, me, DT_INDEX, p); return;
  /* The graph layer: a pointer and a load have their buffer's element dtype; effects are typed bool
   * (ir/graph.h); a range and its end are index values. */
  case OP_INDEX:
    unify(u, me, a0, p);
    fix(u, index_of(u, p->args[1]), DT_INDEX, p);
    return;
  case OP_LOAD:
  case OP_REDUCE: unify(u, me, a0, p); return;
  case OP_STORE:
    fix(u, me, DT_BOOL, p);
    unify(u, a0, index_of(u, p->args[1]), p);
    return;
  case OP_NOOP: fix(u, me, DT_BOOL, p); return;
  case OP_RANGE:
    fix(u, me, DT_INDEX, p);
    fix(u, a0, DT_INDEX, p);
    return;
  case OP_END:
    fix(u, me, DT_BOOL, p);
    fix(u, a0, DT_BOOL, p);
    return;
  case OP_AFTER:
    unify(u, me, a0, p);
    for (int i = 1; i < p->nargs; i++) fix(u, index_of(u, p->args[i]), DT_BOOL, p);
    return;
  case OP_SELECT:
    fix(u, a0, DT_BOOL, p);
    unify(u, me, index_of(u, p->args[1]), p);
    unify(u, me, index_of(u, p->args[2]), p);
    return;
  default: break;
  }
  if (op_is_cmp((Op)p->op)) {
    unify(u, a0, index_of(u, p->args[1]), p);
    fix(u, me, DT_BOOL, p);
    return;
  }
  for (int i = 0; i < p->nargs; i++) unify(u, me, index_of(u, p->args[i]), p);
}

static void collect_guard_exprs(Unifier *u, Guard *g, bool *ok) {
  if (!g) return;
  if (g->kind == G_NO_OVERFLOW && !collect(u, g->expr)) *ok = false;
  collect_guard_exprs(u, g->a, ok);
  collect_guard_exprs(u, g->b, ok);
}

static void constrain_guard_exprs(Unifier *u, Guard *g) {
  if (!g) return;
  if (g->kind == G_NO_OVERFLOW) constrain(u, g->expr);
  constrain_guard_exprs(u, g->a);
  constrain_guard_exprs(u, g->b);
}

static bool in_tree(const Pat *root, const Pat *p) {
  if (root == p) return true;
  for (int i = 0; root && i < root->nargs; i++)
    if (in_tree(root->args[i], p)) return true;
  return false;
}

/* ---- kinds (values, buffers, pointers, effects) and laziness ---- */

enum { KIND_ANY = 0xff };

/* Where a variable's place does not fix its kind (after(x) => x: a value or an effect?), its name
 * does: e, e0, e1, ... are effects, as c, c1, ... are constants. Elsewhere e is a name like any. */
static bool is_effect_name(const char *s) {
  if (s[0] != 'e') return false;
  for (size_t i = 1; s[i]; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

typedef struct {
  Rule *r;
  const Pat *bad;
  const char *why;
} Kinds;

static void kind_fail(Kinds *k, const Pat *p, const char *why) {
  if (!k->bad) {
    k->bad = p;
    k->why = why;
  }
}

/* The kind of term p where its context wants `want` (KIND_ANY: whatever it is); sets p->nkind and the
 * kinds of the slots it binds. */
static uint8_t kind_flow(Kinds *k, Pat *p, uint8_t want) {
  Rule *r = k->r;
  uint8_t got = NK_VALUE;
  switch (p->kind) {
  case PAT_VAR:
    /* The place decides; where it does not (after's first operand), the name. */
    if (r->slot_nkind[p->slot] == KIND_ANY)
      r->slot_nkind[p->slot] = want != KIND_ANY ? want : is_effect_name(r->slot_names[p->slot]) ? NK_EFFECT : NK_VALUE;
    got = r->slot_nkind[p->slot];
    break;
  case PAT_OP: {
    uint8_t wants[VS_MAX_LANES];
    for (int i = 0; i < p->nargs; i++) wants[i] = NK_VALUE;
    switch ((Op)p->op) {
    case OP_INDEX: wants[0] = NK_BUFFER; got = NK_POINTER; break;
    case OP_LOAD: wants[0] = NK_POINTER; break;
    case OP_STORE: wants[0] = NK_POINTER; got = NK_EFFECT; break;
    case OP_NOOP: got = NK_EFFECT; break;
    case OP_END: wants[0] = NK_EFFECT; got = NK_EFFECT; break;
    case OP_AFTER:
      wants[0] = want;
      for (int i = 1; i < p->nargs; i++) wants[i] = NK_EFFECT;
      break;
    default: break;
    }
    for (int i = 0; i < p->nargs; i++) {
      uint8_t a = kind_flow(k, p->args[i], wants[i]);
      if (wants[i] != KIND_ANY && a != wants[i]) kind_fail(k, p->args[i], "this operand has the wrong kind (a value, buffer, pointer or effect) for its place");
      if ((p->op == OP_REDUCE || p->op == OP_END) && i >= 1 && !(p->args[i]->kind == PAT_OP && p->args[i]->op == OP_RANGE))
        kind_fail(k, p->args[i], "a loop list holds ranges: write range(y), or r@range(y) to name one");
      if (p->op == OP_AFTER && i == 0) got = a;
    }
    if (p->slot >= 0) r->slot_nkind[p->slot] = got;
    break;
  }
  default: break; /* literals, constant variables and bounds are values */
  }
  p->nkind = got;
  if (want != KIND_ANY && got != want) kind_fail(k, p, "this term has the wrong kind (a value, buffer, pointer or effect) for its place");
  return got;
}

/* A pattern term is lazy when some evaluation of the pattern skips it: a select's branches, a loop's
 * body (a loop may run no iteration). */
static void mark_lazy(Pat *p, bool lazy) {
  p->lazy = lazy;
  for (int i = 0; p->kind == PAT_OP && i < p->nargs; i++) {
    bool skip = (p->op == OP_SELECT && i >= 1) || ((p->op == OP_REDUCE || p->op == OP_END) && i == 0);
    mark_lazy(p->args[i], lazy || skip);
  }
}

static bool infer_kinds(Rule *r, char *msg, size_t size, int *line, int *col) {
  Kinds k = {.r = r};
  memset(r->slot_nkind, KIND_ANY, sizeof r->slot_nkind);
  for (int s = 0; s < r->nslots; s++)
    if (r->slot_kind[s] == PAT_CVAR) r->slot_nkind[s] = NK_VALUE;
  uint8_t root = kind_flow(&k, r->lhs, KIND_ANY);
  kind_flow(&k, r->rhs, r->is_lemma ? KIND_ANY : root);
  for (int i = 0; i < r->nsteps; i++) {
    kind_flow(&k, r->step_from[i], NK_VALUE);
    kind_flow(&k, r->step_to[i], NK_VALUE);
  }
  mark_lazy(r->lhs, false);
  mark_lazy(r->rhs, false);
  for (int s = 0; s < r->nslots; s++)
    if (r->slot_nkind[s] == KIND_ANY) r->slot_nkind[s] = NK_VALUE;
  if ((root == NK_BUFFER || root == NK_POINTER) && !k.bad) kind_fail(&k, r->lhs, "a rule rewrites values or effects, not buffers or pointers");
  if (k.bad) {
    snprintf(msg, size, "%s", k.why);
    *line = k.bad->line;
    *col = k.bad->col;
    return false;
  }
  return true;
}

/* ---- commutative variants ---- */

bool pat_same(const Pat *a, const Pat *b, bool bindings) {
  if (a->kind != b->kind || a->op != b->op || a->nargs != b->nargs ||
      ((bindings || a->kind != PAT_OP) && a->slot != b->slot) || a->lit_float != b->lit_float || a->ival != b->ival ||
      a->fval != b->fval || a->lit_typed != b->lit_typed || a->fixed_dt != b->fixed_dt || a->lanes != b->lanes ||
      a->aux != b->aux || a->bound_max != b->bound_max)
    return false;
  for (int i = 0; i < a->nargs; i++)
    if (!pat_same(a->args[i], b->args[i], bindings)) return false;
  return true;
}

static int comm_nodes(Pat *p, Pat **out, int n) {
  if (p->kind != PAT_OP) return n;
  if (p->nargs == 2 && op_is_comm((Op)p->op) && !pat_same(p->args[0], p->args[1], true)) {
    if (n < RULE_MAX_COMM) out[n] = p;
    n++;
  }
  for (int i = 0; i < p->nargs; i++) n = comm_nodes(p->args[i], out, n);
  return n;
}

static Pat *clone_swapped(Arena *a, const Pat *p, Pat *const *swap, int nswap, unsigned mask) {
  Pat *c = arena_alloc(a, sizeof *c);
  if (!c) return NULL;
  *c = *p;
  bool s = false;
  for (int i = 0; i < nswap; i++)
    if (swap[i] == p && (mask >> i & 1)) s = true;
  for (int i = 0; i < p->nargs; i++) {
    int from = s ? p->nargs - 1 - i : i;
    if (!(c->args[i] = clone_swapped(a, p->args[from], swap, nswap, mask))) return NULL;
  }
  return c;
}

static bool make_variants(Arena *a, Rule *r, char *msg, size_t size) {
  if (r->is_lemma) { /* never matched: its pattern is just the statement (it may have vmin/vmax) */
    r->variants[0] = r->lhs;
    r->nvariants = 1;
    return true;
  }
  Pat *swap[RULE_MAX_COMM];
  int n = comm_nodes(r->lhs, swap, 0);
  if (n > RULE_MAX_COMM) {
    snprintf(msg, size, "too many commutative operators in one pattern (at most %d)", RULE_MAX_COMM);
    return false;
  }
  r->nvariants = 0;
  for (unsigned mask = 0; mask < (1u << n); mask++) {
    Pat *v = mask ? clone_swapped(a, r->lhs, swap, n, mask) : r->lhs;
    if (!v) {
      snprintf(msg, size, "out of memory");
      return false;
    }
    bool dup = false;
    for (int i = 0; i < r->nvariants; i++) dup |= pat_same(r->variants[i], v, true);
    if (!dup) r->variants[r->nvariants++] = v;
  }
  return true;
}

/* ---- lane counts ---- */

typedef struct {
  Rule *r;
  bool changed;
  const Pat *conflict;
} Lanes;

/* Sets *x to n (0: unknown) unless it is known and different (a conflict at p). */
static void lanes_set(Lanes *l, uint8_t *x, uint8_t n, const Pat *p) {
  if (!n || *x == n) return;
  if (*x) {
    if (!l->conflict) l->conflict = p;
    return;
  }
  *x = n;
  l->changed = true;
}

/* One propagation step over a tree: vec, gep and bcast fix their own lane counts (vec's operands are
 * scalars, bcast's too); every other op is lane-wise (its operands have its lane count); literals are
 * scalars; a variable has one lane count wherever it occurs. */
static void lanes_flow(Lanes *l, Pat *p) {
  Rule *r = l->r;
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR:
  case PAT_BOUND:
    if (p->kind == PAT_BOUND || p->kind == PAT_CVAR) lanes_set(l, &p->lanes, 1, p); /* constants are scalars */
    lanes_set(l, &p->lanes, r->slot_lanes[p->slot], p);
    lanes_set(l, &r->slot_lanes[p->slot], p->lanes, p);
    return;
  case PAT_LIT: lanes_set(l, &p->lanes, 1, p); return;
  case PAT_OP: break;
  default: return;
  }
  if (p->slot >= 0) {
    lanes_set(l, &p->lanes, r->slot_lanes[p->slot], p);
    lanes_set(l, &r->slot_lanes[p->slot], p->lanes, p);
  }
  for (int i = 0; i < p->nargs; i++) lanes_flow(l, p->args[i]);
  switch ((Op)p->op) {
  case OP_VEC:
  case OP_BCAST:
    for (int i = 0; i < p->nargs; i++) lanes_set(l, &p->args[i]->lanes, 1, p->args[i]);
    return;
  case OP_GEP: return; /* its operand's lane count comes from elsewhere (checked below) */
  case OP_CAT: {        /* its parts' lane counts come from elsewhere; it has their sum */
    int sum = 0;
    for (int i = 0; i < p->nargs && sum >= 0; i++) sum = p->args[i]->lanes ? sum + p->args[i]->lanes : -1;
    if (sum > 0) lanes_set(l, &p->lanes, sum <= VS_MAX_LANES ? (uint8_t)sum : 255, p);
    return;
  }
  default: break;
  }
  if (op_is_graph((Op)p->op)) { /* scalars throughout (graph expressions have no vectors) */
    lanes_set(l, &p->lanes, 1, p);
    for (int i = 0; i < p->nargs; i++) lanes_set(l, &p->args[i]->lanes, 1, p->args[i]);
    return;
  }
  for (int i = 0; i < p->nargs; i++) {
    lanes_set(l, &p->lanes, p->args[i]->lanes, p);
    lanes_set(l, &p->args[i]->lanes, p->lanes, p->args[i]);
  }
}

/* The first term whose lane count is still unknown, or a gep that selects past its operand's lanes. */
static const Pat *lanes_check(Pat *p, bool vector) {
  if (!vector && !p->lanes) p->lanes = 1; /* a scalar rule: scalars throughout */
  if (!p->lanes) return p;
  if (p->kind == PAT_OP && p->op == OP_CAT) {
    if (!vs_lanes_valid(p->lanes)) return p;
    for (int i = 0; i < p->nargs; i++)
      if (p->args[i]->lanes < 2) return p;
  }
  if (p->kind == PAT_OP && p->op == OP_GEP)
    for (int k = 0; k < p->lanes; k++)
      if ((int)(p->aux >> (4 * k) & 15) >= p->args[0]->lanes) return p;
  for (int i = 0; p->kind == PAT_OP && i < p->nargs; i++) {
    const Pat *bad = lanes_check(p->args[i], vector);
    if (bad) return bad;
  }
  return NULL;
}

/* Whether guard g is made of dtype tests alone (decided per instance: nothing a vector could change). */
static bool dtype_tests_only(const Guard *g) {
  if (!g) return true;
  switch (g->kind) {
  case G_TEST: return true;
  case G_AND:
  case G_OR: return dtype_tests_only(g->a) && dtype_tests_only(g->b);
  case G_NOT: return dtype_tests_only(g->a);
  default: return false;
  }
}

static bool infer_lanes(Rule *r, char *msg, size_t size, int *line, int *col) {
  Lanes l = {.r = r};
  memset(r->slot_lanes, 0, sizeof r->slot_lanes);
  for (int pass = 0; pass < 2 * RULE_MAX_SLOTS + 4; pass++) {
    l.changed = false;
    lanes_flow(&l, r->lhs);
    lanes_flow(&l, r->rhs);
    lanes_set(&l, &r->lhs->lanes, r->rhs->lanes, r->rhs); /* a rewrite keeps the lane count */
    lanes_set(&l, &r->rhs->lanes, r->lhs->lanes, r->rhs);
    if (!l.changed || l.conflict) break;
  }
  const Pat *bad = l.conflict ? l.conflict : lanes_check(r->lhs, r->vector);
  if (!bad) bad = lanes_check(r->rhs, r->vector);
  if (bad) {
    snprintf(msg, size, l.conflict ? "lane count conflict: this term cannot have the lane count its context needs"
                                   : "the lane count of this term is not fixed by the rule (or a gep lane is out of range)");
    *line = bad->line;
    *col = bad->col;
    return false;
  }
  for (int s = 0; s < r->nslots; s++)
    if (!r->slot_lanes[s]) r->slot_lanes[s] = 1;
  for (int i = 0; !bad && i < r->nsteps; i++) { /* steps are scalar (rule_parse.c) */
    bad = lanes_check(r->step_from[i], false);
    if (!bad) bad = lanes_check(r->step_to[i], false);
  }
  if (bad) {
    snprintf(msg, size, "a proof step's term must be a scalar");
    *line = bad->line;
    *col = bad->col;
    return false;
  }
  if (r->vector && r->guard && !dtype_tests_only(r->guard)) {
    snprintf(msg, size, "rules with vector operations take no guard yet but dtype tests (index(x), int(x), ...)");
    *line = r->guard->line;
    *col = r->guard->col;
    return false;
  }
  return true;
}

/* Types the proof steps (each term of a step has its replacement's type), once the rule's own npats
 * terms are typed: a step may not change those types (tie two classes, or fix a free one), since the
 * rule's instances are what it proves. */
static bool type_steps(Unifier *u, Rule *r, int npats, char *msg, size_t size, int *line, int *col) {
  enum { N = MAX_NODES + RULE_MAX_SLOTS };
  int root0[N], fwd[N], back[N];
  uint8_t fixed0[N];
  for (int i = 0; i < N; i++) {
    bool own = i < npats || i >= MAX_NODES;
    root0[i] = own ? find(u, i) : -1;
    fixed0[i] = own ? u->fixed[root0[i]] : DT_COUNT;
    fwd[i] = back[i] = -1;
  }
  for (int k = 0; k < r->nsteps; k++) {
    constrain(u, r->step_from[k]);
    constrain(u, r->step_to[k]);
    unify(u, index_of(u, r->step_from[k]), index_of(u, r->step_to[k]), r->step_to[k]);
  }
  if (u->conflict) return true; /* reported as any type conflict */
  for (int i = 0; i < N; i++) {
    if (root0[i] < 0) continue;
    int now = find(u, i);
    bool merged = (fwd[root0[i]] >= 0 && fwd[root0[i]] != now) || (back[now] >= 0 && back[now] != root0[i]);
    fwd[root0[i]] = now;
    back[now] = root0[i];
    if (merged || u->fixed[now] != fixed0[i]) {
      const Pat *at = r->step_to[0];
      for (int k = 0; k < r->nsteps; k++) /* the first step whose terms share the changed class */
        if (find(u, index_of(u, r->step_to[k])) == now) {
          at = r->step_to[k];
          break;
        }
      snprintf(msg, size, "a proof step may not change the types of the rule's terms");
      *line = at->line;
      *col = at->col;
      return false;
    }
  }
  return true;
}

bool rule_infer_types(Arena *arena, Rule *r, char *msg, size_t size, int *line, int *col) {
  /* On the stack (about 3.5 KB): rules are parsed on several threads at once (rules verify searches
   * suggested guards in parallel, rule_suggest.h); a static unifier was shared between them. */
  Unifier u;
  memset(&u, 0, sizeof u);
  if (!infer_kinds(r, msg, size, line, col)) return false; /* kinds first: effect variables are typed bool */
  bool ok = collect(&u, r->lhs) && collect(&u, r->rhs);
  collect_guard_exprs(&u, r->guard, &ok);
  int npats = u.npats; /* the rule's own terms; the steps' come after them */
  for (int i = 0; i < r->nsteps; i++) ok = ok && collect(&u, r->step_from[i]) && collect(&u, r->step_to[i]);
  if (!ok) {
    snprintf(msg, size, "rule too large (at most %d nodes)", MAX_NODES);
    return false;
  }
  for (int i = 0; i < MAX_NODES + RULE_MAX_SLOTS; i++) {
    u.parent[i] = i;
    u.fixed[i] = DT_COUNT;
  }
  constrain(&u, r->lhs);
  constrain(&u, r->rhs);
  constrain_guard_exprs(&u, r->guard);
  unify(&u, index_of(&u, r->lhs), index_of(&u, r->rhs), r->rhs);
  if (r->nsteps && !u.conflict && !type_steps(&u, r, npats, msg, size, line, col)) return false;
  if (u.conflict) {
    snprintf(msg, size, "type conflict: this term cannot have the type its context needs");
    *line = u.conflict_at->line;
    *col = u.conflict_at->col;
    return false;
  }
  /* Number the classes, free ones first in order of appearance in the pattern. */
  int class_of_root[MAX_NODES + RULE_MAX_SLOTS];
  for (int i = 0; i < MAX_NODES + RULE_MAX_SLOTS; i++) class_of_root[i] = -1;
  r->nclasses = r->nfree = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < u.npats; i++) {
      int root = find(&u, i);
      bool is_free = u.fixed[root] == DT_COUNT;
      if (class_of_root[root] >= 0 || is_free != (pass == 0)) continue;
      if (r->nclasses == RULE_MAX_ALL_CLASSES || (is_free && r->nfree == RULE_MAX_CLASSES)) {
        snprintf(msg, size, "too many independent types in one rule (at most %d free)", RULE_MAX_CLASSES);
        return false;
      }
      if (is_free && !r->is_lemma && !in_tree(r->lhs, u.pats[i])) {
        snprintf(msg, size, "the type of this template term is not determined by the pattern");
        *line = u.pats[i]->line;
        *col = u.pats[i]->col;
        return false;
      }
      class_of_root[root] = r->nclasses;
      r->class_fixed[r->nclasses] = u.fixed[root];
      if (is_free) r->free_class[r->nfree++] = (uint8_t)r->nclasses;
      r->nclasses++;
    }
  }
  for (int i = 0; i < u.npats; i++) u.pats[i]->tclass = (uint8_t)class_of_root[find(&u, i)];
  for (int s = 0; s < r->nslots; s++) {
    int root = find(&u, MAX_NODES + s);
    r->slot_class[s] = (uint8_t)(class_of_root[root] >= 0 ? class_of_root[root] : 0);
  }
  return infer_lanes(r, msg, size, line, col) && make_variants(arena, r, msg, size);
}

char *rule_instance_name(const Rule *r, unsigned idx, char *buf, size_t size) {
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < r->nfree; i++) {
    DType dt = (DType)(idx % DT_COUNT);
    idx /= DT_COUNT;
    n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", i ? "," : "", dt_name(dt));
  }
  if (!r->nfree) snprintf(buf, size, "-");
  return buf;
}

void rule_instance_dtypes(const Rule *r, unsigned idx, uint8_t *class_dt) {
  for (int c = 0; c < r->nclasses; c++) class_dt[c] = r->class_fixed[c];
  for (int i = 0; i < r->nfree; i++) {
    class_dt[r->free_class[i]] = (uint8_t)(idx % DT_COUNT);
    idx /= DT_COUNT;
  }
}
