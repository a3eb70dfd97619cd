/* dispatch.c: the engine's index of actions per op and its per-shape candidate cache (dispatch.h). */
#include "rewrite/dispatch.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/family.h"

/* ---- the dispatch state kept with the catalog ---- */

/* A cached candidate list: the actions that can fire on nodes of one shape (see shape_key). */
typedef struct {
  uint64_t key, deep; /* shape_key; key 0: an empty slot */
  Candidate *list;
  size_t n;
} CandSlot;

struct Dispatch {
  Catalog *cat;
  uint64_t serial; /* dispatch_serial */
  size_t n; /* rules in the catalog when this was built */
  Action *actions[2][OP_COUNT]; /* [simple][op] */
  size_t nactions[2][OP_COUNT];
  SwapRules swaps[2][OP_COUNT]; /* dispatch_swap_rules */
  const Action *const_first[2][OP_COUNT]; /* dispatch_constant_fold_first */
  /* The candidate cache: open addressing on shape keys, power-of-two capacity. */
  CandSlot *cand;
  size_t cand_cap, cand_count;
  /* Per rule (by order): its proved instance indices, computed on first need (NULL: not yet). */
  unsigned **proved_list;
  size_t *nproved_list;
  /* Per rule (by order): its pattern variants compiled, computed on first need; prog_failed[i] when some
   * variant does not compile (the engine then uses match_pat). */
  MatchProg **progs;
  bool *prog_failed;
  /* The fact rules (dispatch_fact_rules), built on first need. */
  const Rule **facts;
  size_t nfacts;
  bool facts_built;
};

static void dispatch_free(void *p) {
  Dispatch *d = p;
  if (!d) return;
  for (int s = 0; s < 2; s++)
    for (int op = 0; op < OP_COUNT; op++) free(d->actions[s][op]);
  for (size_t i = 0; i < d->cand_cap; i++) free(d->cand[i].list);
  free(d->cand);
  for (size_t i = 0; d->proved_list && i < d->n; i++) free(d->proved_list[i]);
  free(d->proved_list);
  free(d->nproved_list);
  for (size_t i = 0; d->progs && i < d->n; i++) free(d->progs[i]);
  free(d->progs);
  free(d->prog_failed);
  free(d->facts);
  free(d);
}

/* ---- the action index ---- */


static int action_cmp(const void *a, const void *b) {
  const Action *x = a, *y = b;
  if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static bool push_action(Dispatch *d, int s, int op, Action a) {
  Action *na = realloc(d->actions[s][op], (d->nactions[s][op] + 1) * sizeof *na);
  if (!na) return false;
  d->actions[s][op] = na;
  na[d->nactions[s][op]++] = a;
  return true;
}

/* The dtypes at which every lemma of f is proved. A lemma's instance at dtype dt takes dt for each of
 * its free type classes. A lemma may be any rule of the catalog (a rule's proof is a lemma's); one
 * that is not in the catalog is never proved. */
static uint16_t fold_proved_dtypes(const Catalog *c, const Fold *f) {
  uint16_t mask = (uint16_t)((1u << DT_COUNT) - 1);
  for (int k = 0; k < FOLD_MAX_LEMMAS && f->lemmas[k]; k++) {
    /* NAME@DTYPE: the lemma at that one dtype, wherever the fold fires (the conjunction lemmas of
     * where_on_load are about bool, whatever the load's dtype). */
    char name[96];
    snprintf(name, sizeof name, "%s", f->lemmas[k]);
    char *at = strchr(name, '@');
    DType pinned = DT_COUNT;
    if (at) {
      *at = 0;
      if (!dt_from_name(at + 1, strlen(at + 1), &pinned)) pinned = DT_COUNT;
    }
    const Rule *r = catalog_find(c, name);
    uint16_t m = 0;
    for (int dt = 0; r && dt < DT_COUNT && (!at || pinned != DT_COUNT); dt++) {
      uint8_t class_dt[RULE_MAX_ALL_CLASSES];
      for (int i = 0; i < r->nclasses; i++) class_dt[i] = r->class_fixed[i];
      for (int i = 0; i < r->nfree; i++) class_dt[r->free_class[i]] = (uint8_t)(at ? (int)pinned : dt);
      if (rule_instance_proved(r, rule_instance_index(r, class_dt))) m |= (uint16_t)(1u << dt);
    }
    mask &= m;
  }
  return mask;
}

/* Whether r is a canonical operand swap: op(x, y) => op(y, x) (two variables, the same op, type class,
 * lane count and mark on both sides, nothing bound to the whole) under a guard with the conjunct
 * order(x, y). */
static bool is_swap_rule(const Rule *r) {
  const Pat *l = r->lhs, *t = r->rhs;
  if (r->is_lemma || r->vector || r->graph || !l || !t || l->kind != PAT_OP || t->kind != PAT_OP || l->nargs != 2 ||
      t->nargs != 2 || l->op != t->op || l->aux != t->aux || l->tclass != t->tclass || l->lanes != t->lanes ||
      l->slot >= 0 || t->slot >= 0)
    return false;
  for (int i = 0; i < 2; i++)
    if (l->args[i]->kind != PAT_VAR || t->args[i]->kind != PAT_VAR) return false;
  int x = l->args[0]->slot, y = l->args[1]->slot;
  const Guard *o = guard_order_conjunct(r->guard);
  return x != y && t->args[0]->slot == y && t->args[1]->slot == x && o && o->slot == x && o->slot2 == y;
}

/* The swaps of one op's action list (dispatch_swap_rules). */
static void find_swaps(const Action *acts, size_t n, SwapRules *out) {
  out->n = 0;
  size_t i = 0;
  while (i < n && !(acts[i].rule && is_swap_rule(acts[i].rule))) i++;
  for (; i < n && out->n < DISPATCH_MAX_SWAPS && acts[i].rule && is_swap_rule(acts[i].rule); i++)
    out->rule[out->n++] = acts[i].rule;
}

static const MatchProg *rule_progs(Dispatch *d, const Rule *r);

/* Whether pattern p may match a node whose operands are all constants: no operand pattern is an
 * operation (a constant has no operands, and is no other leaf). */
static bool may_match_constant_operands(const Pat *p) {
  if (p->kind != PAT_OP) return true;
  for (int i = 0; i < p->nargs; i++)
    if (p->args[i]->kind == PAT_OP && p->args[i]->op != OP_CONST) return false;
  return true;
}

/* The constant-folding action of a list when no action before it can fire on a node whose operands
 * are all constants (every earlier one a rule none of whose variants can match one), else NULL. */
static const Action *find_const_first(const Action *acts, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const Action *a = &acts[i];
    if (a->fold) return !strcmp(a->fold->name, "constant_fold") ? a : NULL;
    if (may_match_constant_operands(a->rule->lhs)) return NULL;
    for (int v = 0; v < a->rule->nvariants; v++)
      if (may_match_constant_operands(a->rule->variants[v])) return NULL;
  }
  return NULL;
}

const Action *dispatch_constant_fold_first(const Dispatch *d, bool simple, int op) {
  return op >= 0 && op < OP_COUNT ? d->const_first[simple][op] : NULL;
}

/* The dispatch state of c, built on first use after the last change of its rules or proofs; NULL
 * when out of memory (then nothing fires). */
static Dispatch *dispatch_of(Catalog *c) {
  Dispatch *d = catalog_cache(c);
  if (d) return d;
  if (!(d = calloc(1, sizeof *d))) return NULL;
  d->cat = c;
  /* Unique in the process, across threads and catalogs: no state built later can take an earlier one's
   * number, even at the same address. */
  static _Atomic uint64_t next_serial = 1;
  d->serial = atomic_fetch_add(&next_serial, 1);
  d->n = catalog_rule_count(c);
  for (int s = 0; s < 2; s++) {
    for (size_t i = 0; i < d->n; i++) {
      const Rule *r = catalog_rule(c, i);
      if (r->is_lemma || (s && !families[r->family_rank].in_simple)) continue;
      push_action(d, s, r->lhs->op, (Action){.rule = r, .rank = r->family_rank, .order = r->order});
    }
    for (size_t i = 0; i < fold_count(); i++) {
      const Fold *f = fold_get(i);
      int rank = family_rank(f->family);
      if (s && !families[rank].in_simple) continue;
      uint16_t dts = fold_proved_dtypes(c, f);
      /* Within its family a fold comes after the rules: the specific patterns first. */
      for (int op = 0; op < OP_COUNT; op++)
        if (dts && (!f->ops || (f->ops >> op & 1)))
          push_action(d, s, op, (Action){.fold = f, .rank = rank, .order = (int)(d->n + i), .fold_dtypes = dts});
    }
    for (int op = 0; op < OP_COUNT; op++)
      if (d->nactions[s][op]) qsort(d->actions[s][op], d->nactions[s][op], sizeof(Action), action_cmp);
    for (int op = 0; op < OP_COUNT; op++) d->const_first[s][op] = find_const_first(d->actions[s][op], d->nactions[s][op]);
    for (int op = 0; op < OP_COUNT; op++) {
      SwapRules *sw = &d->swaps[s][op];
      find_swaps(d->actions[s][op], d->nactions[s][op], sw);
      for (int i = 0; i < sw->n; i++) sw->prog[i] = rule_progs(d, sw->rule[i]); /* variant 0: the lhs */
    }
  }
  catalog_set_cache(c, d, dispatch_free);
  return d;
}

const Action *dispatch_actions(Catalog *c, bool simple, int op, size_t *n) {
  Dispatch *d = dispatch_of(c);
  *n = d ? d->nactions[simple][op] : 0;
  return d ? d->actions[simple][op] : NULL;
}

/* ---- the candidate cache ---- */

/* What a literal pattern can tell about an integer or bool constant: its value is 0, 1, -1, or another
 * value. CC_UNKNOWN for anything else (not a constant, or a float constant). */
enum { CC_UNKNOWN, CC_ZERO, CC_ONE, CC_MINUS_ONE, CC_OTHER };

static unsigned value_class(i128 v) { return v == 0 ? CC_ZERO : v == 1 ? CC_ONE : v == -1 ? CC_MINUS_ONE : CC_OTHER; }

/* value_class of an integer or bool constant's value, read from its (canonical) bits. */
static inline unsigned const_class(const Node *x) {
  if (x->op != OP_CONST) return CC_UNKNOWN;
  DType dt = (DType)x->dtype;
  uint64_t b = x->aux.bits;
  if (dt == DT_BOOL) return b ? CC_ONE : CC_ZERO;
  if (!dt_is_int(dt)) return CC_UNKNOWN;
  if (b == 0) return CC_ZERO;
  if (b == 1) return CC_ONE;
  return dt_is_signed(dt) && b == im_mask(dt_bits(dt)) ? CC_MINUS_ONE : CC_OTHER;
}

/* Key bits: 0 set, 1 simple, 2-7 op, 8-11 dtype, 12-15 first operand's dtype, 16-33 operands' ops (+1),
 * 34-42 operands' constant classes, 43 args[0] == args[1], 44 args[1] == args[2], 45 args[0] == args[2],
 * 46 a vector node, 47 the node's no-signed-overflow mark, 48-50 its operands' marks, 51 a division or
 * remainder below the node (NF_HAS_DIVMOD), 52 bounds of one value (lo == hi). */
enum { KEY_CC = 34, KEY_EQ = 43, KEY_VEC = 46, KEY_NSW = 47, KEY_DIVMOD = 51, KEY_SINGLE = 52 };

/* Whether the engine treats n as a vector node: only vector rules and folds fire there (engine.c). */
static inline bool is_vec_node(const Node *n) { return n->lanes > 1 || op_is_vec((Op)n->op); }

/* Whether a marked pattern op p cannot match node x: x carries no mark where the mark exists (as
 * match_pat tests it). */
static inline bool nsw_mismatch(const Pat *p, const Node *x) {
  return (p->aux & VS_AUX_NSW) && op_may_nsw((Op)p->op) && vs_nsw_applies((Op)x->op, (DType)x->dtype) && !vs_is_nsw(x);
}

/* What a node's candidates depend on: the matcher, its op and dtype, its first operand's dtype (a
 * comparison's and a cast's operand dtype differ from the node's; the other operands' follow from
 * these by typing, and are not used), its operands' ops, which operands are the constants 0, 1 or -1,
 * which operands are the same node, whether a division or remainder is below it, and whether its bounds
 * are one value. Never 0. */
static uint64_t shape_key(bool simple, const Node *n) {
  uint64_t k = 1 | (uint64_t)simple << 1 | (uint64_t)n->op << 2 | (uint64_t)n->dtype << 8;
  if (n->nargs > 0) k |= (uint64_t)n->args[0]->dtype << 12;
  for (int i = 0; i < n->nargs && i < 3; i++) {
    k |= (uint64_t)(n->args[i]->op + 1) << (16 + 6 * i);
    k |= (uint64_t)const_class(n->args[i]) << (KEY_CC + 3 * i);
  }
  if (n->nargs >= 2 && n->args[0] == n->args[1]) k |= (uint64_t)1 << KEY_EQ;
  if (n->nargs >= 3 && n->args[1] == n->args[2]) k |= (uint64_t)1 << (KEY_EQ + 1);
  if (n->nargs >= 3 && n->args[0] == n->args[2]) k |= (uint64_t)1 << (KEY_EQ + 2);
  if (is_vec_node(n)) k |= (uint64_t)1 << KEY_VEC;
  if (vs_is_nsw(n)) k |= (uint64_t)1 << KEY_NSW;
  for (int i = 0; i < n->nargs && i < 3; i++)
    if (vs_is_nsw(n->args[i])) k |= (uint64_t)1 << (KEY_NSW + 1 + i);
  if (n->flags & NF_HAS_DIVMOD) k |= (uint64_t)1 << KEY_DIVMOD;
  if (n->lo == n->hi) k |= (uint64_t)1 << KEY_SINGLE;
  return k;
}

/* The operands of a binary node and their operands: S = args[0], args[1], args[0]->args[0],
 * args[0]->args[1], args[1]->args[0], args[1]->args[1] (NULL where there is none). */
static void shape_nodes(const Node *n, const Node *s[6]) {
  for (int i = 0; i < 2; i++) {
    const Node *c = n->args[i];
    s[i] = c;
    s[2 + 2 * i] = c->nargs > 0 ? c->args[0] : NULL;
    s[3 + 2 * i] = c->nargs > 1 ? c->args[1] : NULL;
  }
}

/* The second key word, for binary nodes (0 for others): the shape one level further down, where most
 * patterns that fit the first word still fail (x * c + x, (x + c1) + c2, x + y * -1). Bits 0-23: the
 * four operands' operands' ops (+1; 0: none); 24-35: their constant classes; 36-50: for each node of
 * S after the first, the position in S of the first node equal to it. */
static uint64_t shape_deep(const Node *n) {
  if (n->nargs != 2) return 0;
  const Node *s[6];
  shape_nodes(n, s);
  uint64_t d = 0;
  for (int k = 2; k < 6; k++)
    if (s[k])
      d |= (uint64_t)(s[k]->op + 1) << (6 * (k - 2)) | (uint64_t)const_class(s[k]) << (24 + 3 * (k - 2));
  for (int k = 1; k < 6; k++) {
    if (!s[k]) continue;
    int first = k;
    for (int j = 0; j < k; j++)
      if (s[j] == s[k]) {
        first = j;
        break;
      }
    d |= (uint64_t)first << (36 + 3 * (k - 1));
  }
  return d;
}

static size_t shape_slot(uint64_t key, uint64_t deep, size_t cap) {
  return (size_t)(((key ^ (deep * UINT64_C(0xff51afd7ed558ccd))) * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & (cap - 1);
}

/* The proved instance indices of rule r (cached). NULL with *n == 0 when none, or out of memory
 * (then the rule is treated as unproved: it could not fire anyway without memory to match). */
static const unsigned *proved_instances(Dispatch *d, const Rule *r, size_t *n) {
  *n = 0;
  if (!r->proved || r->order < 0 || (size_t)r->order >= d->n) return NULL;
  if (!d->proved_list) {
    d->proved_list = calloc(d->n, sizeof *d->proved_list);
    d->nproved_list = calloc(d->n, sizeof *d->nproved_list);
    if (!d->proved_list || !d->nproved_list) {
      free(d->proved_list);
      free(d->nproved_list);
      d->proved_list = NULL;
      d->nproved_list = NULL;
      return NULL;
    }
  }
  size_t o = (size_t)r->order;
  if (!d->proved_list[o]) {
    unsigned total = 1, count = 0;
    for (int k = 0; k < r->nfree; k++) total *= DT_COUNT;
    for (unsigned idx = 0; idx < total; idx++) count += rule_instance_proved(r, idx);
    unsigned *list = malloc((count ? count : 1) * sizeof *list);
    if (!list) return NULL;
    count = 0;
    for (unsigned idx = 0; idx < total; idx++)
      if (rule_instance_proved(r, idx)) list[count++] = idx;
    d->proved_list[o] = list;
    d->nproved_list[o] = count;
  }
  *n = d->nproved_list[o];
  return d->proved_list[o];
}

/* Binds type class cls to dt in cd (DT_COUNT: unbound), as the matcher would; false on a conflict. */
static bool shape_bind(uint8_t *cd, int cls, DType dt) {
  if (cd[cls] == DT_COUNT) cd[cls] = (uint8_t)dt;
  return cd[cls] == dt;
}

/* Whether pattern variant p of rule r may match n, judging from what shape_key records. Every test
 * is one match_pat makes (or the proof check after it), so a false answer means the variant fails. */
static bool variant_fits(Dispatch *d, const Rule *r, const Pat *p, const Node *n) {
  if (p->kind != PAT_OP) return true; /* not a shape this filter knows: try it */
  /* Vector rules look at what the key does not record (vec's operand count, operands past the third,
   * lane counts): always a candidate, match_pat decides. */
  if (r->vector) return true;
  if (p->op != n->op || p->nargs != n->nargs || nsw_mismatch(p, n)) return false;
  uint8_t cd[RULE_MAX_ALL_CLASSES];
  for (int i = 0; i < RULE_MAX_ALL_CLASSES; i++) cd[i] = i < r->nclasses ? r->class_fixed[i] : DT_COUNT;
  if (!shape_bind(cd, p->tclass, (DType)n->dtype)) return false;
  for (int i = 0; i < p->nargs; i++) {
    const Pat *a = p->args[i];
    const Node *x = n->args[i];
    if (i == 0 && !shape_bind(cd, a->tclass, (DType)x->dtype)) return false;
    /* A variable repeated among the operands needs the same node there. */
    for (int j = 0; j < i; j++) {
      const Pat *b = p->args[j];
      if ((a->kind == PAT_VAR || a->kind == PAT_CVAR) && (b->kind == PAT_VAR || b->kind == PAT_CVAR) &&
          a->slot == b->slot && n->args[j] != x)
        return false;
    }
    switch (a->kind) {
    case PAT_CVAR:
      if (x->op != OP_CONST) return false;
      break;
    case PAT_LIT: {
      if (x->op != OP_CONST) return false;
      /* An integer literal matches an integer or bool constant of its value only (pat_literal_bits). */
      unsigned cc = const_class(x);
      if (!a->lit_float && cc != CC_UNKNOWN && cc != value_class(a->ival)) return false;
      break;
    }
    case PAT_OP:
      if (x->op != a->op || x->nargs != a->nargs || (i < 3 && nsw_mismatch(a, x))) return false;
      break;
    default: break;
    }
  }
  /* Some proved instance must agree with the free classes bound so far. */
  size_t np;
  const unsigned *inst = proved_instances(d, r, &np);
  for (size_t k = 0; k < np; k++) {
    unsigned idx = inst[k];
    bool ok = true;
    for (int i = 0; i < r->nfree && ok; i++, idx /= DT_COUNT) {
      uint8_t want = cd[r->free_class[i]];
      ok = want == DT_COUNT || want == idx % DT_COUNT;
    }
    if (ok) return true;
  }
  return false;
}

/* Whether pattern variant p, which fits binary node n's first key word (variant_fits), fits its
 * second one too (shape_deep): its operands' operands' ops and constants, and a variable's occurrences
 * among the six nodes of S being one node. Every test is one match_pat makes. */
static bool variant_fits_deep(const Pat *p, const Node *n) {
  if (p->kind != PAT_OP || n->nargs != 2 || p->nargs != 2) return true;
  const Node *sn[6];
  const Pat *sp[6] = {p->args[0], p->args[1], NULL, NULL, NULL, NULL};
  shape_nodes(n, sn);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (p->args[i]->kind == PAT_OP && j < p->args[i]->nargs) sp[2 + 2 * i + j] = p->args[i]->args[j];
  for (int k = 2; k < 6; k++) {
    const Pat *a = sp[k];
    const Node *x = sn[k]; /* exists: its parent's op (and so arity) is the pattern's (variant_fits) */
    if (!a || !x) continue;
    if ((a->kind == PAT_CVAR || a->kind == PAT_LIT) && x->op != OP_CONST) return false;
    if (a->kind == PAT_LIT && !a->lit_float && const_class(x) != CC_UNKNOWN && const_class(x) != value_class(a->ival))
      return false;
    if (a->kind == PAT_OP && x->op != a->op) return false;
  }
  for (int k = 0; k < 6; k++)
    for (int l = k + 1; l < 6; l++) {
      const Pat *a = sp[k], *b = sp[l];
      bool sa = a && (a->kind == PAT_VAR || a->kind == PAT_CVAR || (a->kind == PAT_OP && a->slot >= 0));
      bool sb = b && (b->kind == PAT_VAR || b->kind == PAT_CVAR || (b->kind == PAT_OP && b->slot >= 0));
      if (sa && sb && a->slot == b->slot && sn[k] && sn[l] && sn[k] != sn[l]) return false;
    }
  return true;
}

/* Whether template t rebuilds exactly what pattern p matched, whatever the match: the same tree of
 * ops, variables, literals and type classes. The template then yields the matched node itself
 * (hash-consing), which the engine discards: such a variant never fires (x + y => y + x tried with
 * its commuted variant y + x is one). Conservative: any difference answers false. */
static bool template_is_pattern(const Pat *t, const Pat *p) {
  if (t->kind != p->kind || t->op != p->op || t->nargs != p->nargs || t->slot != p->slot || t->tclass != p->tclass ||
      t->lit_float != p->lit_float || t->lit_typed != p->lit_typed || t->fixed_dt != p->fixed_dt)
    return false;
  if (t->kind == PAT_LIT && (t->lit_float ? t->fval != p->fval : t->ival != p->ival)) return false;
  if (t->kind == PAT_BOUND) return false;
  for (int i = 0; i < t->nargs; i++)
    if (!template_is_pattern(t->args[i], p->args[i])) return false;
  return true;
}

static bool cand_grow(Dispatch *d) {
  size_t cap = d->cand_cap ? d->cand_cap * 2 : 256;
  CandSlot *t = calloc(cap, sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < d->cand_cap; i++) {
    if (!d->cand[i].key) continue;
    size_t j = shape_slot(d->cand[i].key, d->cand[i].deep, cap);
    while (t[j].key) j = (j + 1) & (cap - 1);
    t[j] = d->cand[i];
  }
  free(d->cand);
  d->cand = t;
  d->cand_cap = cap;
  return true;
}

/* Rule r's pattern variants compiled (cached), or NULL when one does not compile or memory is short. */
static const MatchProg *rule_progs(Dispatch *d, const Rule *r) {
  if (r->order < 0 || (size_t)r->order >= d->n) return NULL;
  if (!d->progs) {
    d->progs = calloc(d->n, sizeof *d->progs);
    d->prog_failed = calloc(d->n, sizeof *d->prog_failed);
    if (!d->progs || !d->prog_failed) {
      free(d->progs);
      free(d->prog_failed);
      d->progs = NULL;
      d->prog_failed = NULL;
      return NULL;
    }
  }
  size_t o = (size_t)r->order;
  if (!d->progs[o] && !d->prog_failed[o]) {
    MatchProg *p = malloc((size_t)(r->nvariants > 0 ? r->nvariants : 1) * sizeof *p);
    bool ok = p != NULL;
    for (int v = 0; ok && v < r->nvariants; v++) ok = match_compile(r, r->variants[v], &p[v]);
    if (!ok) {
      free(p);
      d->prog_failed[o] = true;
    } else {
      d->progs[o] = p;
    }
  }
  return d->progs[o];
}

/* The second word of a slot that holds the candidates of a first key word alone (real second words
 * use 51 bits). */
#define DEEP_NONE UINT64_MAX

static CandSlot *cand_find(const Dispatch *d, uint64_t key, uint64_t deep) {
  if (!d->cand_cap) return NULL;
  for (size_t j = shape_slot(key, deep, d->cand_cap); d->cand[j].key; j = (j + 1) & (d->cand_cap - 1))
    if (d->cand[j].key == key && d->cand[j].deep == deep) return &d->cand[j];
  return NULL;
}

static CandSlot *cand_insert(Dispatch *d, uint64_t key, uint64_t deep, Candidate *list, size_t n) {
  if ((d->cand_count + 1) * 2 > d->cand_cap && !cand_grow(d)) return NULL;
  size_t j = shape_slot(key, deep, d->cand_cap);
  while (d->cand[j].key) j = (j + 1) & (d->cand_cap - 1);
  d->cand[j] = (CandSlot){key, deep, list, n};
  d->cand_count++;
  return &d->cand[j];
}

/* Whether fold f may apply to n as far as the first key word tells (f->needs; the operands' ops are
 * in the key for the first three only). */
static bool fold_fits(const Fold *f, const Node *n) {
  if ((f->needs & FOLD_NEEDS_VECTOR) && !is_vec_node(n)) return false;
  if ((f->needs & FOLD_NEEDS_DIVMOD) && !(n->flags & NF_HAS_DIVMOD)) return false;
  if ((f->needs & FOLD_NEEDS_SINGLE) && n->lo != n->hi) return false;
  if ((f->needs & FOLD_NEEDS_CONST_ARGS) && n->nargs <= 3) {
    if (n->nargs == 0) return false;
    for (int i = 0; i < n->nargs; i++)
      if (n->args[i]->op != OP_CONST) return false;
  }
  return true;
}

/* The candidates of n's first key word: every action of its op, filtered by variant_fits. */
__attribute__((noinline)) static CandSlot *cand_build(Dispatch *d, bool simple, const Node *n, uint64_t key) {
  size_t na;
  const Action *acts = d->actions[simple][n->op];
  na = d->nactions[simple][n->op];
  Candidate *list = malloc((na ? na : 1) * sizeof *list);
  if (!list) return NULL;
  size_t k = 0;
  bool vec = is_vec_node(n);
  const SwapRules *sw = &d->swaps[simple][n->op];
  for (size_t i = 0; i < na; i++) {
    const Action *a = &acts[i];
    /* What the engine itself refuses on this kind of node (engine.c, try_action). */
    if (vec && !(a->rule ? a->rule->vector : a->fold->on_vectors)) continue;
    /* The op's swaps: applied before a node is built, they cannot fire on a node the engine steps. */
    bool swap = false;
    for (int j = 0; a->rule && j < sw->n; j++) swap |= sw->rule[j] == a->rule;
    if (swap) continue;
    if (a->fold) {
      if (action_fold_proved(a, n) && fold_fits(a->fold, n)) list[k++] = (Candidate){a, 0, NULL};
      continue;
    }
    unsigned mask = 0;
    for (int v = 0; v < a->rule->nvariants && v < DISPATCH_MAX_VARIANTS; v++)
      if (!template_is_pattern(a->rule->rhs, a->rule->variants[v]) && variant_fits(d, a->rule, a->rule->variants[v], n))
        mask |= 1u << v;
    if (mask) list[k++] = (Candidate){a, (uint16_t)mask, rule_progs(d, a->rule)};
  }
  CandSlot *sl = cand_insert(d, key, DEEP_NONE, list, k);
  if (!sl) free(list);
  return sl;
}

/* The candidates of both key words of a binary node n: those of the first (base), filtered by
 * variant_fits_deep. */
__attribute__((noinline)) static CandSlot *cand_build_deep(Dispatch *d, const CandSlot *base, const Node *n, uint64_t key,
                                                            uint64_t deep) {
  Candidate *list = malloc((base->n ? base->n : 1) * sizeof *list);
  if (!list) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < base->n; i++) {
    Candidate cd = base->list[i];
    if (cd.action->rule) {
      unsigned mask = 0;
      for (int v = 0; v < cd.action->rule->nvariants && v < DISPATCH_MAX_VARIANTS; v++)
        if ((cd.variants >> v & 1) &&
            (cd.action->rule->vector || variant_fits_deep(cd.action->rule->variants[v], n))) /* as variant_fits */
          mask |= 1u << v;
      if (!mask) continue;
      cd.variants = (uint16_t)mask;
    }
    list[k++] = cd;
  }
  CandSlot *sl = cand_insert(d, key, deep, list, k);
  if (!sl) free(list);
  return sl;
}

Dispatch *dispatch_state(Catalog *c) { return dispatch_of(c); }
uint64_t dispatch_serial(const Dispatch *d) { return d->serial; }

const Candidate *dispatch_candidates(Catalog *c, bool simple, const Node *n, size_t *count) {
  return dispatch_candidates_of(dispatch_of(c), simple, n, count);
}

const Candidate *dispatch_candidates_of(Dispatch *d, bool simple, const Node *n, size_t *count) {
  if (!d) {
    *count = 0;
    return NULL;
  }
  if (!d->nactions[simple][n->op]) { /* an op no action applies to (a constant): nothing to look up */
    static const Candidate none[1];
    *count = 0;
    return none;
  }
  uint64_t key = shape_key(simple, n), deep = n->nargs == 2 ? shape_deep(n) : DEEP_NONE;
  CandSlot *sl = cand_find(d, key, deep);
  if (!sl) {
    CandSlot *base = deep == DEEP_NONE ? NULL : cand_find(d, key, DEEP_NONE);
    if (!base) base = cand_build(d, simple, n, key);
    /* cand_build_deep may grow the table: base points into it, so copy what it needs first. */
    if (base && deep != DEEP_NONE) {
      CandSlot copy = *base;
      sl = cand_build_deep(d, &copy, n, key, deep);
    } else {
      sl = base;
    }
  }
  *count = sl ? sl->n : 0;
  return sl ? sl->list : NULL;
}

const SwapRules *dispatch_swap_rules(Catalog *c, bool simple) {
  Dispatch *d = dispatch_of(c);
  return d ? d->swaps[simple] : NULL;
}

const Rule *const *dispatch_fact_rules(Catalog *c, size_t *n) {
  Dispatch *d = dispatch_of(c);
  *n = 0;
  if (!d) return NULL;
  if (!d->facts_built) {
    d->facts = malloc((d->n ? d->n : 1) * sizeof *d->facts);
    if (!d->facts) return NULL;
    for (size_t i = 0; i < d->n; i++) {
      const Rule *r = catalog_rule(c, i);
      if (r->proved && fold_is_fact_rule(r)) d->facts[d->nfacts++] = r;
    }
    d->facts_built = true;
  }
  *n = d->nfacts;
  return d->facts;
}
