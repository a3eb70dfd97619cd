/* folds_bool.c: && / || chains simplified by what their operands say about each other (bool_chain: a
 * Boolean step), and the branches of a select by what its condition says there (select_context: a
 * substitution step). Both only choose: the engine checks the Boolean step against the node's truth
 * table over its atoms, re-decides every fact and every substitution, and builds the substituted
 * branches itself (fold_step.c).
 *
 * A fact is a rule of the catalog of the shape P & Q => false, P | Q => true, P & Q => P (and the
 * like): two comparisons of one integer against constants decided by their intervals, two
 * comparisons of the same two terms (boolean.rules). The folds look for one only between two
 * comparisons that share an operand. */
#include <stdlib.h>

#include "ir/ptrmap.h"
#include "rewrite/dispatch.h"
#include "rewrite/folds.h"

enum {
  LIT_MAX = 64,      /* literals known in one context */
  CHAIN_MAX = 64,    /* operands of one chain */
  BOOL_BUDGET = 4096, /* simplification calls per choice */
  CHAIN_DEPTH = 48,  /* nesting of chains the context reaches through */
  NOFACT_MAX = 64,   /* pairs known to have no fact, per choice */
  WALK_MAX = 2048,   /* nodes a substitution step looks at in a branch */
};

typedef struct {
  VsCtx *ctx;
  FoldAux *aux;
  const Rule *const *rules; /* the catalog's fact rules */
  size_t nrules;
  int budget;
  const Node *nofact[NOFACT_MAX][2];
  int nnofact;
} Chooser;

static bool is_cmp(const Node *n) {
  return (n->op == OP_LT || n->op == OP_LE || n->op == OP_EQ || n->op == OP_NE) && n->lanes == 1 &&
         n->args[0]->dtype != DT_BOOL;
}

/* Whether a fact between k and l is worth looking for: two comparisons sharing an operand. */
static bool may_relate(const Node *k, const Node *l) {
  if (!is_cmp(k) || !is_cmp(l) || k->args[0]->dtype != l->args[0]->dtype) return false;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      if (k->args[i] == l->args[j] && k->args[i]->op != OP_CONST) return true;
  return false;
}

/* The index of a fact (a = k, b = l) in aux, found or added; -1 when there is none (or no room). */
static int fact_between(Chooser *c, Node *k, Node *l, FactKind *kind) {
  if (!may_relate(k, l)) return -1;
  for (int i = 0; i < c->aux->nfacts; i++) {
    const FoldFact *f = &c->aux->fact[i];
    if (f->a == k && f->b == l) {
      *kind = fold_fact_kind(c->ctx, catalog_find(c->aux->cat, f->lemma), k, l);
      return *kind == FACT_NONE ? -1 : i;
    }
  }
  for (int i = 0; i < c->nnofact; i++)
    if (c->nofact[i][0] == k && c->nofact[i][1] == l) return -1;
  if (c->aux->nfacts < FOLD_MAX_FACTS)
    for (size_t i = 0; i < c->nrules; i++) {
      FactKind fk = fold_fact_kind(c->ctx, c->rules[i], k, l);
      if (fk == FACT_NONE) continue;
      c->aux->fact[c->aux->nfacts] = (FoldFact){c->rules[i]->name, k, l};
      *kind = fk;
      return c->aux->nfacts++;
    }
  if (c->nnofact < NOFACT_MAX) {
    c->nofact[c->nnofact][0] = k;
    c->nofact[c->nnofact][1] = l;
    c->nnofact++;
  }
  return -1;
}

/* The value atom l has where the literals hold: 0 or 1, or -1 when they do not say. *fact: the fact
 * that says it (-1: l is one of the literals). */
static int value_of(Chooser *c, Node *l, const FoldLit *lits, int nl, int *fact) {
  *fact = -1;
  for (int i = 0; i < nl; i++)
    if (lits[i].atom == l) return lits[i].value;
  if (!is_cmp(l)) return -1;
  for (int i = 0; i < nl; i++) {
    FactKind k;
    int f = fact_between(c, lits[i].atom, l, &k);
    int v = f < 0 ? -1 : fold_fact_derive(k, lits[i].value);
    if (v >= 0) {
      *fact = f;
      return v;
    }
  }
  return -1;
}

/* ---- bool_chain ---- */

static bool is_chain_op(const Node *n, Op op) { return n->op == op && n->dtype == DT_BOOL && n->lanes == 1; }

/* The operands of the chain of op at n, each once, in order of first appearance; false past CHAIN_MAX.
 * *dups counts the repeated ones. */
static bool flatten(Node *n, Op op, Node **ops, int *nops, int *dups, int depth) {
  if (is_chain_op(n, op) && depth < CHAIN_DEPTH)
    return flatten(n->args[0], op, ops, nops, dups, depth + 1) && flatten(n->args[1], op, ops, nops, dups, depth + 1);
  for (int i = 0; i < *nops; i++)
    if (ops[i] == n) {
      (*dups)++;
      return true;
    }
  if (*nops == CHAIN_MAX) return false;
  ops[(*nops)++] = n;
  return true;
}

static Node *simp(Chooser *c, Node *n, const FoldLit *lits, int nl, int depth);

/* A && (op AND) or || (op OR) chain with each operand simplified where the others hold (&&) or fail
 * (||): an operand decided the other way decides the chain, one decided the same way leaves it. */
static Node *simp_chain(Chooser *c, Node *n, Op op, const FoldLit *lits, int nl, int depth) {
  Node *ops[CHAIN_MAX];
  bool alive[CHAIN_MAX];
  int k = 0, dups = 0;
  if (!flatten(n, op, ops, &k, &dups, 0)) return n;
  bool conj = op == OP_AND, changed = dups > 0;
  for (int i = 0; i < k; i++) alive[i] = true;
  FoldLit sub[LIT_MAX];
  for (int i = 0; i < k; i++) {
    int ns = 0;
    for (int j = 0; j < nl && ns < LIT_MAX; j++) sub[ns++] = lits[j];
    for (int j = 0; j < k && ns < LIT_MAX; j++) {
      if (j == i || !alive[j] || ops[j]->op == OP_AND || ops[j]->op == OP_OR || ops[j]->op == OP_CONST) continue;
      if (ops[j]->op == OP_NOT && ops[j]->dtype == DT_BOOL) sub[ns++] = (FoldLit){ops[j]->args[0], !conj};
      else sub[ns++] = (FoldLit){ops[j], conj};
    }
    Node *s = simp(c, ops[i], sub, ns, depth + 1);
    if (!s) return NULL;
    if (s->op == OP_CONST) {
      if ((s->aux.bits != 0) != conj) return vs_bool(c->ctx, !conj); /* false in &&, true in || */
      alive[i] = false;
      changed = true;
    } else if (s != ops[i]) {
      ops[i] = s;
      changed = true;
    }
  }
  if (!changed) return n;
  Node *acc = NULL;
  for (int i = 0; i < k; i++)
    if (alive[i]) acc = acc ? vs_bin(c->ctx, op, acc, ops[i]) : ops[i];
  return acc ? acc : vs_bool(c->ctx, conj);
}

/* n simplified where the literals hold; NULL when a node cannot be built. */
static Node *simp(Chooser *c, Node *n, const FoldLit *lits, int nl, int depth) {
  if (--c->budget < 0 || depth > CHAIN_DEPTH || n->op == OP_CONST) return n;
  if (is_chain_op(n, OP_AND) || is_chain_op(n, OP_OR)) return simp_chain(c, n, (Op)n->op, lits, nl, depth);
  if (n->op == OP_NOT && n->dtype == DT_BOOL && n->lanes == 1) {
    Node *s = simp(c, n->args[0], lits, nl, depth + 1);
    if (!s || s == n->args[0]) return s ? n : NULL;
    return s->op == OP_CONST ? vs_bool(c->ctx, !s->aux.bits) : vs_un(c->ctx, OP_NOT, s);
  }
  if (n->dtype != DT_BOOL || n->lanes != 1) return n;
  int fact, v = value_of(c, n, lits, nl, &fact);
  return v < 0 ? n : vs_bool(c->ctx, v);
}

bool fold_bool_chain_applies(const Node *n) { return is_chain_op(n, OP_AND) || is_chain_op(n, OP_OR); }

static bool chooser_init(Chooser *c, VsCtx *ctx, FoldStep *out) {
  if (!out->aux || !out->aux->cat) return false;
  *c = (Chooser){.ctx = ctx, .aux = out->aux, .budget = BOOL_BUDGET};
  c->rules = dispatch_fact_rules(out->aux->cat, &c->nrules);
  out->aux->nfacts = 0;
  out->aux->nsubst = 0;
  return true;
}

/* bool_chain: the chain at n with every operand simplified in the context of the others (recursively
 * into the chains among them), chosen when the result is smaller than n. */
bool fold_bool_chain(VsCtx *ctx, Node *n, FoldStep *out) {
  Chooser c;
  if (!fold_bool_chain_applies(n) || !chooser_init(&c, ctx, out)) return false;
  Node *r = simp_chain(&c, n, (Op)n->op, NULL, 0, 0);
  if (!r || r == n || vs_tree_size(r) >= vs_tree_size(n)) return false;
  out->boolean = true;
  out->result = r;
  return true;
}

/* ---- select_context ---- */

bool fold_select_context_applies(const Node *n) {
  return n->op == OP_SELECT && n->lanes == 1 && !(n->flags & NF_HAS_GRAPH);
}

/* Lists, for the branch, every bool node of t the literals decide (not looking inside it). */
static bool walk(Chooser *c, Node *t, const FoldLit *lits, int nl, int branch, PtrMap *seen) {
  if (ptrmap_get(seen, t, &(uint64_t){0})) return true;
  if (seen->count >= WALK_MAX || !ptrmap_put(seen, t, 1)) return false;
  if (t->op == OP_CONST) return true;
  if (t->dtype == DT_BOOL && t->lanes == 1) {
    int fact, v = value_of(c, t, lits, nl, &fact);
    if (v >= 0) {
      if (c->aux->nsubst == FOLD_MAX_SUBST) return false;
      c->aux->subst[c->aux->nsubst++] = (FoldSubst){t, v == 1, (uint8_t)branch, (int8_t)fact};
      return true;
    }
  }
  for (int i = 0; i < t->nargs; i++)
    if (!walk(c, t->args[i], lits, nl, branch, seen)) return false;
  return true;
}

/* select_context: in select(b, x, y), the bool nodes of x that b's truth decides and those of y that
 * its falsity decides become constants (a substitution step). */
bool fold_select_context(VsCtx *ctx, Node *n, FoldStep *out) {
  Chooser c;
  if (!fold_select_context_applies(n) || !chooser_init(&c, ctx, out)) return false;
  bool ok = true;
  for (int b = 1; b <= 2 && ok; b++) {
    FoldLit lits[LIT_MAX];
    int nl = fold_cond_literals(n->args[0], b == 1, lits, LIT_MAX);
    PtrMap seen;
    ptrmap_init(&seen);
    ok = walk(&c, n->args[b], lits, nl, b, &seen);
    ptrmap_free(&seen);
  }
  if (!ok || !out->aux->nsubst) return false;
  out->substitute = true;
  return true;
}
