#include "rules/catalog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/arena.h"
#include "rewrite/match.h"
#include "rules/embedded.h"
#include "rules/family.h"
#include "rules/rule_parse.h"

/* A cached candidate list: the actions that can fire on nodes of one shape (see shape_key). */
typedef struct {
  uint64_t key, deep; /* shape_key; key 0: an empty slot */
  Candidate *list;
  size_t n;
} CandSlot;

struct Catalog {
  Arena arena;
  Rule **rules;
  size_t n, cap;
  Action *actions[2][OP_COUNT]; /* [simple][op] */
  size_t nactions[2][OP_COUNT];
  bool indexed;
  /* The candidate cache: open addressing on shape keys, power-of-two capacity. */
  CandSlot *cand;
  size_t cand_cap, cand_count;
  /* Per rule (by order, for the first nproved_rules rules): its proved instance indices, computed on
   * first need (NULL: not yet). */
  unsigned **proved_list;
  size_t *nproved_list;
  size_t nproved_rules;
  /* Per rule (by order, for the first nprog_rules rules): its pattern variants compiled, computed on
   * first need; prog_failed[i] when some variant does not compile (the engine then uses match_pat). */
  MatchProg **progs;
  bool *prog_failed;
  size_t nprog_rules;
};

Catalog *catalog_new(void) { return calloc(1, sizeof(Catalog)); }

static void drop_candidates(Catalog *c) {
  for (size_t i = 0; i < c->cand_cap; i++) free(c->cand[i].list);
  free(c->cand);
  c->cand = NULL;
  c->cand_cap = c->cand_count = 0;
  if (c->proved_list)
    for (size_t i = 0; i < c->nproved_rules; i++) free(c->proved_list[i]);
  free(c->proved_list);
  free(c->nproved_list);
  c->proved_list = NULL;
  c->nproved_list = NULL;
  c->nproved_rules = 0;
  if (c->progs)
    for (size_t i = 0; i < c->nprog_rules; i++) free(c->progs[i]);
  free(c->progs);
  free(c->prog_failed);
  c->progs = NULL;
  c->prog_failed = NULL;
  c->nprog_rules = 0;
}

static void drop_index(Catalog *c) {
  for (int s = 0; s < 2; s++)
    for (int op = 0; op < OP_COUNT; op++) {
      free(c->actions[s][op]);
      c->actions[s][op] = NULL;
      c->nactions[s][op] = 0;
    }
  c->indexed = false;
  drop_candidates(c);
}

void catalog_free(Catalog *c) {
  if (!c) return;
  drop_index(c);
  for (size_t i = 0; i < c->n; i++) free(c->rules[i]->proved);
  free(c->rules);
  arena_free(&c->arena);
  free(c);
}

size_t catalog_rule_count(const Catalog *c) { return c->n; }
Rule *catalog_rule(const Catalog *c, size_t i) { return i < c->n ? c->rules[i] : NULL; }

const Rule *catalog_find(const Catalog *c, const char *name) {
  for (size_t i = 0; i < c->n; i++)
    if (!strcmp(c->rules[i]->name, name)) return c->rules[i];
  return NULL;
}

static bool add_rule(void *ud, Rule *r, VsDiag *diag) {
  Catalog *c = ud;
  const Rule *old = catalog_find(c, r->name);
  if (old) {
    snprintf(diag->file, sizeof diag->file, "%s", r->file);
    diag->line = r->line;
    diag->col = 1;
    snprintf(diag->msg, sizeof diag->msg, "rule '%s' is already defined at %s:%d", r->name, old->file, old->line);
    return false;
  }
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 256;
    Rule **nr = realloc(c->rules, cap * sizeof *nr);
    if (!nr) {
      snprintf(diag->file, sizeof diag->file, "%s", r->file);
      diag->line = r->line;
      diag->col = 1;
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return false;
    }
    c->rules = nr;
    c->cap = cap;
  }
  r->order = (int)c->n; /* catalog order: file order across the whole load */
  c->rules[c->n++] = r;
  drop_index(c);
  return true;
}

bool catalog_load_text(Catalog *c, const char *name, const char *text, size_t len, VsDiag *diag) {
  const char *stable = arena_strndup(&c->arena, name, strlen(name));
  return stable && rules_parse(&c->arena, stable, text, len, add_rule, c, diag);
}

bool catalog_load_builtin(Catalog *c, VsDiag *diag) {
  for (size_t i = 0; i < vs_embedded_rules_count; i++) {
    char name[128];
    snprintf(name, sizeof name, "src/rules/%s", vs_embedded_rules[i].name);
    if (!catalog_load_text(c, name, (const char *)vs_embedded_rules[i].data, vs_embedded_rules[i].len, diag))
      return false;
  }
  return true;
}

bool catalog_load_file(Catalog *c, const char *path, VsDiag *diag) {
  char *buf;
  size_t len;
  const char *name;
  if (!vs_read_file(path, &buf, &len, &name, diag)) return false;
  bool ok = catalog_load_text(c, name, buf, len, diag);
  free(buf);
  return ok;
}

/* ---- proofs ---- */

static bool parse_instance(const Rule *r, const char *s, unsigned *idx) {
  uint8_t dts[RULE_MAX_CLASSES];
  int n = 0;
  if (!strcmp(s, "-")) {
    *idx = 0;
    return r->nfree == 0;
  }
  while (*s && n < RULE_MAX_CLASSES) {
    size_t len = strcspn(s, ",");
    DType dt;
    if (!dt_from_name(s, len, &dt)) return false;
    dts[n++] = (uint8_t)dt;
    s += len;
    if (*s == ',') s++;
  }
  if (n != r->nfree || *s) return false;
  unsigned v = 0;
  for (int i = n - 1; i >= 0; i--) v = v * DT_COUNT + dts[i];
  *idx = v;
  return true;
}

static void mark_proved(Rule *r, unsigned idx) {
  if (!r->proved && !(r->proved = calloc(RULE_INSTANCES / 8 + 1, 1))) return;
  r->proved[idx >> 3] |= (uint8_t)(1u << (idx & 7));
}

void catalog_apply_ledger(Catalog *c, const char *text, size_t len) {
  size_t pos = 0;
  while (pos < len) {
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    char line[512];
    size_t n = end - pos < sizeof line - 1 ? end - pos : sizeof line - 1;
    memcpy(line, text + pos, n);
    line[n] = 0;
    pos = end + 1;
    char hash[32], name[160], inst[64], status[32];
    if (line[0] == '#' || sscanf(line, "%31s %159s %63s %31s", hash, name, inst, status) != 4) continue;
    if (strcmp(status, "proved")) continue;
    Rule *r = (Rule *)catalog_find(c, name);
    unsigned idx;
    char want[32];
    if (!r) continue;
    snprintf(want, sizeof want, "%016llx", (unsigned long long)r->text_hash);
    if (strcmp(hash, want) || !parse_instance(r, inst, &idx)) continue;
    mark_proved(r, idx);
  }
  drop_index(c); /* the folds' proved dtypes depend on the lemmas' proofs */
}

void catalog_apply_builtin_ledger(Catalog *c) {
  for (size_t i = 0; i < vs_embedded_ledger_count; i++)
    catalog_apply_ledger(c, (const char *)vs_embedded_ledger[i].data, vs_embedded_ledger[i].len);
}

void catalog_trust_all_for_testing(Catalog *c) {
  for (size_t i = 0; i < c->n; i++) {
    unsigned total = 1;
    for (int k = 0; k < c->rules[i]->nfree; k++) total *= DT_COUNT;
    for (unsigned idx = 0; idx < total; idx++) mark_proved(c->rules[i], idx);
  }
  drop_index(c);
}

/* ---- the action index ---- */

static int action_cmp(const void *a, const void *b) {
  const Action *x = a, *y = b;
  if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static bool push_action(Catalog *c, int s, int op, Action a) {
  Action *na = realloc(c->actions[s][op], (c->nactions[s][op] + 1) * sizeof *na);
  if (!na) return false;
  c->actions[s][op] = na;
  na[c->nactions[s][op]++] = a;
  return true;
}

/* The dtypes at which every lemma of f is proved. A lemma's instance at dtype dt takes dt for each of
 * its free type classes. A lemma that is not in the catalog, or not a lemma, is never proved. */
static uint16_t fold_proved_dtypes(const Catalog *c, const Fold *f) {
  uint16_t mask = (uint16_t)((1u << DT_COUNT) - 1);
  for (int k = 0; k < 12 && f->lemmas[k]; k++) {
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
    for (int dt = 0; r && r->is_lemma && dt < DT_COUNT && (!at || pinned != DT_COUNT); dt++) {
      uint8_t class_dt[RULE_MAX_ALL_CLASSES];
      for (int i = 0; i < r->nclasses; i++) class_dt[i] = r->class_fixed[i];
      for (int i = 0; i < r->nfree; i++) class_dt[r->free_class[i]] = (uint8_t)(at ? (int)pinned : dt);
      if (rule_instance_proved(r, rule_instance_index(r, class_dt))) m |= (uint16_t)(1u << dt);
    }
    mask &= m;
  }
  return mask;
}

static void build_index(Catalog *c) {
  drop_index(c);
  for (int s = 0; s < 2; s++) {
    for (size_t i = 0; i < c->n; i++) {
      const Rule *r = c->rules[i];
      if (r->is_lemma || (s && !families[r->family_rank].in_simple)) continue;
      push_action(c, s, r->lhs->op, (Action){.rule = r, .rank = r->family_rank, .order = r->order});
    }
    for (size_t i = 0; i < fold_count(); i++) {
      const Fold *f = fold_get(i);
      int rank = family_rank(f->family);
      if (s && !families[rank].in_simple) continue;
      uint16_t dts = fold_proved_dtypes(c, f);
      /* Within its family a fold comes after the rules: the specific patterns first. */
      for (int op = 0; op < OP_COUNT; op++)
        if (dts && (!f->ops || (f->ops >> op & 1)))
          push_action(c, s, op, (Action){.fold = f, .rank = rank, .order = (int)(c->n + i), .fold_dtypes = dts});
    }
    for (int op = 0; op < OP_COUNT; op++)
      if (c->nactions[s][op]) qsort(c->actions[s][op], c->nactions[s][op], sizeof(Action), action_cmp);
  }
  c->indexed = true;
}

const Action *catalog_actions(Catalog *c, bool simple, int op, size_t *n) {
  if (!c->indexed) build_index(c);
  *n = c->nactions[simple][op];
  return c->actions[simple][op];
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
 * 34-42 operands' constant classes, 43 args[0] == args[1], 44 args[1] == args[2], 45 args[0] == args[2]. */
enum { KEY_CC = 34, KEY_EQ = 43 };

/* What a node's candidates depend on: the matcher, its op and dtype, its first operand's dtype (a
 * comparison's and a cast's operand dtype differ from the node's; the other operands' follow from
 * these by typing, and are not used), its operands' ops, which operands are the constants 0, 1 or -1,
 * and which operands are the same node. Never 0. */
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
static const unsigned *proved_instances(Catalog *c, const Rule *r, size_t *n) {
  *n = 0;
  if (!r->proved || r->order < 0 || (size_t)r->order >= c->n) return NULL;
  if (!c->proved_list) {
    c->proved_list = calloc(c->n, sizeof *c->proved_list);
    c->nproved_list = calloc(c->n, sizeof *c->nproved_list);
    if (!c->proved_list || !c->nproved_list) {
      free(c->proved_list);
      free(c->nproved_list);
      c->proved_list = NULL;
      c->nproved_list = NULL;
      return NULL;
    }
    c->nproved_rules = c->n;
  }
  size_t o = (size_t)r->order;
  if (!c->proved_list[o]) {
    unsigned total = 1, count = 0;
    for (int k = 0; k < r->nfree; k++) total *= DT_COUNT;
    for (unsigned idx = 0; idx < total; idx++) count += rule_instance_proved(r, idx);
    unsigned *list = malloc((count ? count : 1) * sizeof *list);
    if (!list) return NULL;
    count = 0;
    for (unsigned idx = 0; idx < total; idx++)
      if (rule_instance_proved(r, idx)) list[count++] = idx;
    c->proved_list[o] = list;
    c->nproved_list[o] = count;
  }
  *n = c->nproved_list[o];
  return c->proved_list[o];
}

/* Binds type class cls to dt in cd (DT_COUNT: unbound), as the matcher would; false on a conflict. */
static bool shape_bind(uint8_t *cd, int cls, DType dt) {
  if (cd[cls] == DT_COUNT) cd[cls] = (uint8_t)dt;
  return cd[cls] == dt;
}

/* Whether pattern variant p of rule r may match n, judging from what shape_key records. Every test
 * is one match_pat makes (or the proof check after it), so a false answer means the variant fails. */
static bool variant_fits(Catalog *c, const Rule *r, const Pat *p, const Node *n) {
  if (p->kind != PAT_OP) return true; /* not a shape this filter knows: try it */
  /* Vector rules look at what the key does not record (vec's operand count, operands past the third,
   * lane counts): always a candidate, match_pat decides. */
  if (r->vector) return true;
  if (p->op != n->op || p->nargs != n->nargs) return false;
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
      if (x->op != a->op || x->nargs != a->nargs) return false;
      break;
    default: break;
    }
  }
  /* Some proved instance must agree with the free classes bound so far. */
  size_t np;
  const unsigned *inst = proved_instances(c, r, &np);
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

static bool cand_grow(Catalog *c) {
  size_t cap = c->cand_cap ? c->cand_cap * 2 : 256;
  CandSlot *t = calloc(cap, sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < c->cand_cap; i++) {
    if (!c->cand[i].key) continue;
    size_t j = shape_slot(c->cand[i].key, c->cand[i].deep, cap);
    while (t[j].key) j = (j + 1) & (cap - 1);
    t[j] = c->cand[i];
  }
  free(c->cand);
  c->cand = t;
  c->cand_cap = cap;
  return true;
}

/* Rule r's pattern variants compiled (cached), or NULL when one does not compile or memory is short. */
static const MatchProg *rule_progs(Catalog *c, const Rule *r) {
  if (r->order < 0 || (size_t)r->order >= c->n) return NULL;
  if (!c->progs) {
    c->progs = calloc(c->n, sizeof *c->progs);
    c->prog_failed = calloc(c->n, sizeof *c->prog_failed);
    if (!c->progs || !c->prog_failed) {
      free(c->progs);
      free(c->prog_failed);
      c->progs = NULL;
      c->prog_failed = NULL;
      return NULL;
    }
    c->nprog_rules = c->n;
  }
  size_t o = (size_t)r->order;
  if (!c->progs[o] && !c->prog_failed[o]) {
    MatchProg *p = malloc((size_t)(r->nvariants > 0 ? r->nvariants : 1) * sizeof *p);
    bool ok = p != NULL;
    for (int v = 0; ok && v < r->nvariants; v++) ok = match_compile(r, r->variants[v], &p[v]);
    if (!ok) {
      free(p);
      c->prog_failed[o] = true;
    } else {
      c->progs[o] = p;
    }
  }
  return c->progs[o];
}

/* The second word of a slot that holds the candidates of a first key word alone (real second words
 * use 51 bits). */
#define DEEP_NONE UINT64_MAX

static CandSlot *cand_find(const Catalog *c, uint64_t key, uint64_t deep) {
  if (!c->cand_cap) return NULL;
  for (size_t j = shape_slot(key, deep, c->cand_cap); c->cand[j].key; j = (j + 1) & (c->cand_cap - 1))
    if (c->cand[j].key == key && c->cand[j].deep == deep) return &c->cand[j];
  return NULL;
}

static CandSlot *cand_insert(Catalog *c, uint64_t key, uint64_t deep, Candidate *list, size_t n) {
  if ((c->cand_count + 1) * 2 > c->cand_cap && !cand_grow(c)) return NULL;
  size_t j = shape_slot(key, deep, c->cand_cap);
  while (c->cand[j].key) j = (j + 1) & (c->cand_cap - 1);
  c->cand[j] = (CandSlot){key, deep, list, n};
  c->cand_count++;
  return &c->cand[j];
}

/* The candidates of n's first key word: every action of its op, filtered by variant_fits. */
static CandSlot *cand_build(Catalog *c, bool simple, const Node *n, uint64_t key) {
  size_t na;
  const Action *acts = catalog_actions(c, simple, n->op, &na);
  Candidate *list = malloc((na ? na : 1) * sizeof *list);
  if (!list) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < na; i++) {
    const Action *a = &acts[i];
    if (a->fold) {
      if (action_fold_proved(a, n)) list[k++] = (Candidate){a, 0, NULL};
      continue;
    }
    unsigned mask = 0;
    for (int v = 0; v < a->rule->nvariants && v < 8; v++)
      if (!template_is_pattern(a->rule->rhs, a->rule->variants[v]) && variant_fits(c, a->rule, a->rule->variants[v], n))
        mask |= 1u << v;
    if (mask) list[k++] = (Candidate){a, (uint8_t)mask, rule_progs(c, a->rule)};
  }
  CandSlot *sl = cand_insert(c, key, DEEP_NONE, list, k);
  if (!sl) free(list);
  return sl;
}

/* The candidates of both key words of a binary node n: those of the first (base), filtered by
 * variant_fits_deep. */
static CandSlot *cand_build_deep(Catalog *c, const CandSlot *base, const Node *n, uint64_t key, uint64_t deep) {
  Candidate *list = malloc((base->n ? base->n : 1) * sizeof *list);
  if (!list) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < base->n; i++) {
    Candidate cd = base->list[i];
    if (cd.action->rule) {
      unsigned mask = 0;
      for (int v = 0; v < cd.action->rule->nvariants && v < 8; v++)
        if ((cd.variants >> v & 1) &&
            (cd.action->rule->vector || variant_fits_deep(cd.action->rule->variants[v], n))) /* as variant_fits */
          mask |= 1u << v;
      if (!mask) continue;
      cd.variants = (uint8_t)mask;
    }
    list[k++] = cd;
  }
  CandSlot *sl = cand_insert(c, key, deep, list, k);
  if (!sl) free(list);
  return sl;
}

const Candidate *catalog_candidates(Catalog *c, bool simple, const Node *n, size_t *count) {
  if (!c->indexed) build_index(c);
  uint64_t key = shape_key(simple, n), deep = n->nargs == 2 ? shape_deep(n) : DEEP_NONE;
  CandSlot *sl = cand_find(c, key, deep);
  if (!sl) {
    CandSlot *base = deep == DEEP_NONE ? NULL : cand_find(c, key, DEEP_NONE);
    if (!base) base = cand_build(c, simple, n, key);
    /* cand_build_deep may grow the table: base points into it, so copy what it needs first. */
    if (base && deep != DEEP_NONE) {
      CandSlot copy = *base;
      sl = cand_build_deep(c, &copy, n, key, deep);
    } else {
      sl = base;
    }
  }
  *count = sl ? sl->n : 0;
  return sl ? sl->list : NULL;
}
