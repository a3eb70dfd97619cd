/* Suggested guards (rule_suggest.h). */
#include "verify/rule_suggest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/op.h"
#include "ir/timer.h"
#include "rules/catalog.h"
#include "verify/rule_concrete.h"
#include "verify/rule_verify.h"

enum { ATOM_TEXT = 160, MAX_ATOMS = 96 };

typedef struct {
  char text[ATOM_TEXT];
  int rank; /* smaller: weaker (tried first among candidates of equal reach) */
  /* A bound of a pattern variable against 0: +(slot + 1) from below (vmin(x) >= 0, unsigned(x)),
   * -(slot + 1) from above (vmax(x) < 0, no_overflow(-(x))), else 0. Two opposite pins of one variable
   * leave it no value or only 0: such pairs are not built. */
  int pin;
} Atom;

typedef struct {
  Atom a[MAX_ATOMS];
  int n;
} Atoms;

static void add_atom(Atoms *as, int rank, const char *fmt, const char *x, const char *y) {
  if (as->n >= MAX_ATOMS) return;
  Atom *a = &as->a[as->n];
  int k = snprintf(a->text, sizeof a->text, fmt, x, y ? y : "");
  if (k <= 0 || (size_t)k >= sizeof a->text) return;
  for (int i = 0; i < as->n; i++)
    if (!strcmp(as->a[i].text, a->text)) return;
  a->rank = rank;
  a->pin = 0;
  as->n++;
}

/* An arithmetic term of the rule as guard text (variables, constant variables, untyped integer
 * literals, + - * and unary -), fully parenthesised below the top. False for anything else. */
static bool term_text(const Rule *r, const Pat *p, bool top, char *buf, size_t size, size_t *len) {
#define PUT(...)                                                                                          \
  do {                                                                                                    \
    int k_ = snprintf(buf + *len, size - *len, __VA_ARGS__);                                              \
    if (k_ < 0 || (size_t)k_ >= size - *len) return false;                                                \
    *len += (size_t)k_;                                                                                   \
  } while (0)
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR: PUT("%s", r->slot_names[p->slot]); return true;
  case PAT_LIT: {
    if (p->lit_float || p->lit_typed) return false;
    char nb[48];
    PUT("%s", im_format(p->ival, nb));
    return true;
  }
  case PAT_OP: break;
  default: return false;
  }
  const char *sym = p->op == OP_ADD ? "+" : p->op == OP_SUB ? "-" : p->op == OP_MUL ? "*" : NULL;
  if (p->op == OP_NEG && p->nargs == 1) {
    PUT("-(");
    if (!term_text(r, p->args[0], true, buf, size, len)) return false;
    PUT(")");
    return true;
  }
  if (!sym || p->nargs != 2) return false;
  if (!top) PUT("(");
  if (!term_text(r, p->args[0], false, buf, size, len)) return false;
  PUT(" %s ", sym);
  if (!term_text(r, p->args[1], false, buf, size, len)) return false;
  if (!top) PUT(")");
  return true;
#undef PUT
}

/* no_overflow(E) for every arithmetic subterm E of p (operations only: a variable cannot overflow). */
static void overflow_atoms(const Rule *r, const Pat *p, Atoms *as) {
  if (!p || p->kind != PAT_OP) return;
  for (int i = 0; i < p->nargs; i++) overflow_atoms(r, p->args[i], as);
  if (p->op != OP_ADD && p->op != OP_SUB && p->op != OP_MUL && p->op != OP_NEG) return;
  char t[ATOM_TEXT - 16];
  size_t len = 0;
  int n0 = as->n;
  if (term_text(r, p, true, t, sizeof t, &len)) add_atom(as, 6, "no_overflow(%s)", t, NULL);
  /* -x (or 0 - x) does not overflow: for an unsigned x, only at x == 0 (see pin) */
  const Pat *neg = p->op == OP_NEG ? p->args[0]
                 : p->op == OP_SUB && p->args[0]->kind == PAT_LIT && !p->args[0]->lit_float && p->args[0]->ival == 0
                   ? p->args[1]
                   : NULL;
  if (as->n > n0 && neg && neg->kind == PAT_VAR) as->a[n0].pin = -(neg->slot + 1);
}

static void vocabulary(const Rule *r, Atoms *as) {
  /* Constant variables: sign, size, divisibility. */
  int cv[RULE_MAX_SLOTS], ncv = 0, pv[RULE_MAX_SLOTS], npv = 0;
  for (int s = 0; s < r->nslots; s++) {
    uint8_t fixed = r->class_fixed[r->slot_class[s]];
    if (fixed != DT_COUNT && (fixed == DT_BOOL || dt_is_float((DType)fixed))) continue;
    if (r->slot_kind[s] == PAT_CVAR) cv[ncv++] = s;
    else if (r->slot_kind[s] == PAT_VAR) pv[npv++] = s;
  }
  for (int i = 0; i < ncv; i++) {
    const char *c = r->slot_names[cv[i]];
    add_atom(as, 1, "%s != 0", c, NULL);
    add_atom(as, 1, "%s != -1", c, NULL);
    add_atom(as, 2, "%s >= 0", c, NULL);
    add_atom(as, 3, "%s > 0", c, NULL);
    add_atom(as, 3, "%s < bits(%s)", c, c);
    add_atom(as, 4, "%s < 0", c, NULL);
    add_atom(as, 5, "%s > 1", c, NULL);
    add_atom(as, 6, "is_pow2(%s)", c, NULL);
  }
  for (int i = 0; i < ncv; i++)
    for (int j = 0; j < ncv; j++) {
      if (i == j) continue;
      const char *a = r->slot_names[cv[i]], *b = r->slot_names[cv[j]];
      add_atom(as, 4, "%s <= %s", a, b);
      add_atom(as, 5, "%s < %s", a, b);
      add_atom(as, 5, "%s %% %s == 0", a, b);
    }
  /* Bounds of pattern variables. */
  for (int i = 0; i < npv; i++) {
    const char *x = r->slot_names[pv[i]];
    int n0 = as->n;
    add_atom(as, 4, "vmin(%s) >= 0", x, NULL);
    add_atom(as, 5, "vmin(%s) > 0", x, NULL);
    for (int k = n0; k < as->n; k++) as->a[k].pin = pv[i] + 1;
    n0 = as->n;
    add_atom(as, 5, "vmax(%s) < 0", x, NULL);
    for (int k = n0; k < as->n; k++) as->a[k].pin = -(pv[i] + 1);
    for (int j = 0; j < ncv; j++) add_atom(as, 5, "vmax(%s) < %s", x, r->slot_names[cv[j]]);
  }
  /* no_overflow of the arithmetic subterms, template and pattern. */
  overflow_atoms(r, r->rhs, as);
  overflow_atoms(r, r->lhs, as);
  /* Dtype classes and widths, through one variable of each free class. */
  for (int k = 0; k < r->nfree; k++) {
    int s = -1;
    for (int t = 0; t < r->nslots && s < 0; t++)
      if (r->slot_class[t] == r->free_class[k] && r->slot_kind[t] != PAT_OP) s = t;
    if (s < 0) continue;
    const char *x = r->slot_names[s];
    add_atom(as, 2, "int(%s)", x, NULL);
    add_atom(as, 3, "signed(%s)", x, NULL);
    int n0 = as->n;
    add_atom(as, 3, "unsigned(%s)", x, NULL);
    if (as->n > n0 && r->slot_kind[s] == PAT_VAR) as->a[n0].pin = s + 1;
    add_atom(as, 3, "float(%s)", x, NULL);
    add_atom(as, 3, "bits(%s) >= 16", x, NULL);
    add_atom(as, 4, "bits(%s) >= 32", x, NULL);
    add_atom(as, 5, "bits(%s) >= 64", x, NULL);
    add_atom(as, 3, "bits(%s) <= 32", x, NULL);
    add_atom(as, 4, "bits(%s) <= 16", x, NULL);
    add_atom(as, 5, "bits(%s) <= 8", x, NULL);
  }
}

typedef struct {
  Catalog *cat;
  const Rule *r;
  unsigned *inst;
  size_t ninst;
  int natoms, rank;
  size_t nowitness; /* instances where the concrete search found no point satisfying the guard */
  char guard[2 * ATOM_TEXT + 8];
} Cand;

static void cand_free(Cand *c) {
  catalog_free(c->cat);
  free(c->inst);
  c->cat = NULL;
  c->inst = NULL;
}

/* Builds the rule with the extra guard, types it, and runs the concrete search at every admissible
 * instance. 1: a survivor (c filled); 0: rejected; -1: out of memory. */
static int try_candidate(const Rule *r, const char *base, const char *g0, const char *extra, Cand *c,
                         Suggestion *out) {
  memset(c, 0, sizeof *c);
  size_t cap = strlen(base) + (g0 ? strlen(g0) : 0) + strlen(extra) + strlen(r->family) + 64;
  char *text = malloc(cap);
  if (!text) return -1;
  bool paren = g0 && strstr(g0, "||");
  snprintf(text, cap, "family %s\n%s where %s%s%s%s%s\n", r->family, base, paren ? "(" : "", g0 ? g0 : "",
           paren ? ")" : "", g0 ? " && " : "", extra);
  c->cat = catalog_new();
  if (!c->cat) {
    free(text);
    return -1;
  }
  VsDiag d;
  bool loaded = catalog_load_text(c->cat, "suggest", text, strlen(text), &d);
  free(text);
  if (!loaded || catalog_rule_count(c->cat) != 1) {
    cand_free(c);
    return 0;
  }
  out->candidates++;
  c->r = catalog_rule(c->cat, 0);
  c->inst = malloc(RULE_INSTANCES * sizeof *c->inst);
  if (!c->inst) {
    cand_free(c);
    return -1;
  }
  c->ninst = rule_admissible_instances(c->r, c->inst, RULE_INSTANCES);
  bool ok = c->ninst > 0;
  for (size_t i = 0; ok && i < c->ninst; i++) {
    ConcreteResult cr;
    if (!concrete_search(c->r, c->inst[i], NULL, 0, NULL, &cr)) {
      cand_free(c);
      return -1;
    }
    ok = !cr.found;
    concrete_result_free(&cr);
    /* A guard no point satisfies at an instance "repairs" it by making it vacuous. The search finding
     * no witness proves nothing (the solver decides, rule_suggest_guard), but such candidates go last. */
    if (ok && concrete_witness(c->r, c->inst[i]) == 0) c->nowitness++;
  }
  if (!ok) {
    out->searched_out++;
    cand_free(c);
    return 0;
  }
  snprintf(c->guard, sizeof c->guard, "%s", extra);
  return 1;
}

static int cand_cmp(const void *pa, const void *pb) {
  const Cand *a = pa, *b = pb;
  /* Reach: the instances where the search saw the guard hold. */
  size_t ra = a->ninst - a->nowitness, rb = b->ninst - b->nowitness;
  if (ra != rb) return ra > rb ? -1 : 1;
  if (a->natoms != b->natoms) return a->natoms < b->natoms ? -1 : 1;
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  return strcmp(a->guard, b->guard);
}

bool rule_suggest_guard(const Rule *r, const SuggestOptions *opts, Suggestion *out) {
  memset(out, 0, sizeof *out);
  double t0 = vs_seconds();
  if (r->vector || r->graph) {
    snprintf(out->why, sizeof out->why, "%s rules are not searched for guards", r->vector ? "vector" : "graph");
    return true;
  }
  size_t max_proofs = opts && opts->max_proofs ? opts->max_proofs : 40;
  size_t max_cands = opts && opts->max_candidates ? opts->max_candidates : 600;
  /* The rule's text without its guard, and its guard. */
  size_t tlen = strlen(r->text);
  char *base = malloc(tlen + 1);
  if (!base) return false;
  memcpy(base, r->text, tlen + 1);
  /* Proof steps follow the guard; a suggested rule is proved as it stands, without them. */
  char *steps = r->nsteps ? strstr(base, " by ") : NULL;
  if (steps) *steps = 0;
  char *g0 = NULL;
  char *w = strstr(base, " where ");
  if (w) {
    *w = 0;
    g0 = w + 7;
  }
  Atoms *as = calloc(1, sizeof *as);
  Cand *cands = calloc(max_cands, sizeof *cands);
  if (!as || !cands) {
    free(base);
    free(as);
    free(cands);
    return false;
  }
  vocabulary(r, as);
  size_t nc = 0;
  bool oom = false;
  /* Single atoms, then pairs. */
  for (int i = 0; i < as->n && nc < max_cands && !oom; i++) {
    int k = try_candidate(r, base, g0, as->a[i].text, &cands[nc], out);
    oom = k < 0;
    if (k > 0) {
      cands[nc].natoms = 1;
      cands[nc].rank = as->a[i].rank;
      nc++;
    }
  }
  for (int i = 0; i < as->n && nc < max_cands && !oom; i++)
    for (int j = i + 1; j < as->n && nc < max_cands && !oom; j++) {
      /* Opposite pins: x in no value, or x == 0 only (a guard that says "never mind x"). */
      if (as->a[i].pin && as->a[i].pin == -as->a[j].pin) continue;
      char extra[2 * ATOM_TEXT + 8];
      snprintf(extra, sizeof extra, "%s && %s", as->a[i].text, as->a[j].text);
      int k = try_candidate(r, base, g0, extra, &cands[nc], out);
      oom = k < 0;
      if (k > 0) {
        cands[nc].natoms = 2;
        cands[nc].rank = as->a[i].rank + as->a[j].rank;
        nc++;
      }
    }
  qsort(cands, nc, sizeof *cands, cand_cmp);
  SmtOptions so = {.timeout_ms = 20000};
  if (opts) so = opts->smt;
  SmtCtx *s = !oom && nc ? smt_new(&so) : NULL;
  for (size_t i = 0; s && i < nc && out->proofs < max_proofs && !out->found; i++) {
    Cand *c = &cands[i];
    out->proofs++;
    bool all = true;
    size_t nfire = 0;
    uint8_t *fires = calloc(c->ninst, 1);
    if (!fires) {
      oom = true;
      break;
    }
    for (size_t k = 0; all && k < c->ninst; k++) {
      ProofResult p = verify_rule_instance(s, c->r, c->inst[k]);
      all = p.status == PROOF_PROVED;
      proof_result_free(&p);
      /* Where the guard can hold (a width test such as bits(x) >= 32 leaves narrower instances admitted
       * but vacuous). A guard that holds nowhere proves everything and repairs nothing. */
      if (all) nfire += fires[k] = rule_instance_vacuity(s, c->r, c->inst[k]) == VAC_FIRES;
    }
    if (!all || !nfire) {
      free(fires);
      continue;
    }
    out->found = true;
    out->text = strdup(c->r->text);
    out->guard = strdup(c->guard);
    size_t len = 0;
    for (size_t k = 0; k < c->ninst && len + 24 < sizeof out->instances; k++) {
      if (!fires[k]) continue;
      char nm[64];
      rule_instance_name(c->r, c->inst[k], nm, sizeof nm);
      len += (size_t)snprintf(out->instances + len, sizeof out->instances - len, "%s%s", len ? " " : "", nm);
    }
    free(fires);
    if (!out->text || !out->guard) oom = true;
  }
  if (!out->found && !oom && nc)
    snprintf(out->why, sizeof out->why,
             "no candidate guard was proved at all its instances (%zu of %zu survivors of the search tried)",
             out->proofs, nc);
  else if (!out->found && !oom)
    snprintf(out->why, sizeof out->why, "every candidate guard (%zu) is refuted or vacuous at some instance",
             out->candidates);
  smt_free(s);
  for (size_t i = 0; i < nc; i++) cand_free(&cands[i]);
  free(cands);
  free(as);
  free(base);
  out->seconds = vs_seconds() - t0;
  return !oom;
}

void suggestion_free(Suggestion *s) {
  free(s->text);
  free(s->guard);
  s->text = s->guard = NULL;
}
