#include "rewrite/engine.h"

#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "ir/rebuild.h"
#include "ir/vector.h"
#include "rewrite/dispatch.h"
#include "rewrite/match.h"

/* The memo: node -> its simplified form (a fixpoint maps to itself). Open addressing on the node's
 * address (a lookup never reads the node), key and value side by side; it starts in the Rewriter
 * itself (enough for a typical expression without a single allocation) and doubles at half full.
 * Only lookups: its layout cannot change what is rewritten. */
typedef struct {
  const Node *key;
  Node *val;
} MemoEntry;
/* 32 entries: the context's known fixpoints take no entry (note_fixpoint), so 3% of the benchmark's
 * expressions grow it; clearing 128 cost more than that saved. */
enum { MEMO_INLINE_BITS = 5 };
typedef struct {
  MemoEntry *e;
  size_t count;
  unsigned bits; /* capacity 1 << bits */
  MemoEntry inline_e[1 << MEMO_INLINE_BITS];
} Memo;

static void memo_init(Memo *m) {
  memset(m->inline_e, 0, sizeof m->inline_e);
  m->e = m->inline_e;
  m->count = 0;
  m->bits = MEMO_INLINE_BITS;
}

static void memo_free(Memo *m) {
  if (m->e != m->inline_e) free(m->e);
}

static inline size_t memo_slot(const Node *k, unsigned bits) {
  return (size_t)(((uint64_t)(uintptr_t)k * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

static inline Node *memo_get(const Memo *m, const Node *k) {
  size_t mask = ((size_t)1 << m->bits) - 1;
  for (size_t i = memo_slot(k, m->bits);; i = (i + 1) & mask) {
    if (m->e[i].key == k) return m->e[i].val;
    if (!m->e[i].key) return NULL;
  }
}

__attribute__((noinline)) static bool memo_grow(Memo *m) {
  unsigned bits = m->bits + 1;
  size_t cap = (size_t)1 << bits, mask = cap - 1;
  MemoEntry *e = calloc(cap, sizeof *e);
  if (!e) return false;
  for (size_t i = 0; i < ((size_t)1 << m->bits); i++) {
    if (!m->e[i].key) continue;
    size_t j = memo_slot(m->e[i].key, bits);
    while (e[j].key) j = (j + 1) & mask;
    e[j] = m->e[i];
  }
  memo_free(m);
  m->e = e;
  m->bits = bits;
  return true;
}

/* Inserts or overwrites; false when out of memory. */
static inline bool memo_put(Memo *m, const Node *k, Node *v) {
  if ((m->count + 1) * 2 > ((size_t)1 << m->bits) && !memo_grow(m)) return false;
  size_t mask = ((size_t)1 << m->bits) - 1, i = memo_slot(k, m->bits);
  while (m->e[i].key && m->e[i].key != k) i = (i + 1) & mask;
  if (!m->e[i].key) {
    m->e[i].key = k;
    m->count++;
  }
  m->e[i].val = v;
  return true;
}

struct Rewriter {
  VsCtx *ctx;
  Catalog *cat;
  RewriteOptions opts;
  Memo memo;
  RewriteStats stats;
  uint64_t budget_left;
  uint32_t depth, max_depth; /* nesting of simplify() calls, and its limit */
  TraceStep *trace;
  size_t ntrace, trace_cap;
  bool failed;
  FoldAux fold_aux; /* what Boolean and substitution steps list (folds.h) */
  LinShapeCache shapes;
  LinCache lins; /* the last linear form a fold read (fold_lin_of) */
  const SwapRules *swaps; /* per op, the catalog's operand swaps (dispatch_swap_rules), per call */
  Dispatch *dispatch;     /* the catalog's dispatch state (dispatch_state), per call */
  VsNodeMarks *fixed;     /* the context's known fixpoints under that state and matcher (note_fixpoint), per
                           * call; NULL when there is no dispatch state */
};

Rewriter *rewriter_new(VsCtx *ctx, Catalog *cat, const RewriteOptions *opts) {
  /* Not calloc: the fold room (fold_aux's lists, over a kilobyte) is read only up to its counts, and a
   * rewriter is made per expression. */
  Rewriter *rw = malloc(sizeof *rw);
  if (!rw) return NULL;
  rw->ctx = ctx;
  rw->cat = cat;
  rw->opts = opts ? *opts : (RewriteOptions){0};
  rw->stats = (RewriteStats){0};
  rw->budget_left = 0;
  rw->depth = 0;
  rw->trace = NULL;
  rw->ntrace = rw->trace_cap = 0;
  rw->failed = false;
  rw->swaps = NULL;
  rw->dispatch = NULL;
  rw->fixed = NULL;
  rw->fold_aux.cat = cat;
  rw->fold_aux.nfacts = rw->fold_aux.nsubst = 0;
  lin_shape_init(&rw->shapes);
  rw->fold_aux.shapes = &rw->shapes;
  lin_cache_init(&rw->lins);
  rw->fold_aux.lins = &rw->lins;
  if (!rw->opts.budget) rw->opts.budget = 1000000;
  /* Legitimate nesting follows the expression's depth (an operand inside a rewritten node); rules that
   * rewrite a node into something containing itself, or a fresh variant of itself (x + c => (x + (c + 1))
   * - 1, proved and all), nest without end and would exhaust the stack long before the budget. */
  rw->max_depth = 2 * vs_ctx_max_depth(ctx) + 64;
  memo_init(&rw->memo);
  return rw;
}

void rewriter_free(Rewriter *rw) {
  if (!rw) return;
  memo_free(&rw->memo);
  lin_shape_free(&rw->shapes);
  free(rw->trace);
  free(rw);
}

const RewriteStats *rewriter_stats(const Rewriter *rw) { return &rw->stats; }
const TraceStep *rewriter_trace(const Rewriter *rw, size_t *n) {
  *n = rw->ntrace;
  return rw->trace;
}

static void record(Rewriter *rw, const char *name, Node *before, Node *after) {
  rw->stats.applications++;
  rw->budget_left--;
  if (!rw->opts.trace) return;
  if (rw->ntrace == rw->trace_cap) {
    size_t cap = rw->trace_cap ? rw->trace_cap * 2 : 64;
    TraceStep *t = realloc(rw->trace, cap * sizeof *t);
    if (!t) return;
    rw->trace = t;
    rw->trace_cap = cap;
  }
  rw->trace[rw->ntrace++] = (TraceStep){name, before, after};
}

/* Whether the match binds an index node that may be INVALID: rules outside the invalid family are
 * proved with integer variables only (rule.h, binds_invalid), and `x * 0 => 0` would drop a mask. */
static bool binds_maybe_invalid(const Rule *r, const Match *m) {
  for (int s = 0; s < r->nslots; s++) {
    const Node *x = m->slot[s];
    if (x && x->dtype == DT_INDEX && (x->flags & NF_HAS_INVALID)) return true;
  }
  return false;
}

/* Matches pattern p of r against n into m: by its compiled program when given (the same tests as
 * match_pat, and the guard's order conjunct), else by match_pat. */
static bool match_one(const Rule *r, const MatchProg *prog, const Pat *p, Node *n, Match *m) {
  if (prog) return match_run(r, prog, n, m);
  /* The root's own tests before the reset: an nsw swap (no program) tried on a plain node fails there. */
  if (p->kind == PAT_OP && !match_op_fits(p, n)) return false;
  match_reset(r, m);
  return match_pat(r, p, n, m);
}

/* Whether a match of r on n may fire: the instance at the matched dtypes proved, no slot that may be
 * INVALID where the rule is not proved for INVALID, and the guard. What every rule application
 * checks between the match and the template, here and in swap_early. */
static bool may_fire(Rewriter *rw, const Rule *r, const Node *n, const Match *m) {
  if (!rule_instance_proved(r, rule_instance_index(r, m->class_dt))) return false;
  /* The node's flag is a quick no; a graph rule's slots may sit below a load or a store, which do
   * not pass the flag up (a masked load is no INVALID), so those are checked slot by slot. */
  if (((n->flags & NF_HAS_INVALID) || r->graph) && !r->binds_invalid && binds_maybe_invalid(r, m)) return false;
  return guard_holds(rw->ctx, r, m);
}

/* A rule's template built with its constant operations folded as they are built: `x + (c1 + c2)` gets
 * the constant c1 + c2, not a node the engine would step to that constant next (simplify_args steps
 * a result's operands before the result), and then rebuild the result over. The fold is the step's
 * own: only where constant folding is the first action that can fire on such a node
 * (dispatch_constant_fold_first), at a dtype it is proved at, on a scalar node, and recorded, counted
 * and remembered as that step is. Off while tracing, whose steps come in the lazy engine's order. */
typedef struct {
  PatBuilder b; /* first: the builder the hook gets is this one */
  Rewriter *rw;
} RuleBuilder;

static Node *fold_made(PatBuilder *b, const Pat *p, Node *n) {
  (void)p;
  Rewriter *rw = ((RuleBuilder *)b)->rw;
  /* Most nodes a template builds have an operand that is no constant: fold_constant declines those. */
  if (!fold_constant_operands(n) || n->lanes != 1 || op_is_vec((Op)n->op) || (n->flags & NF_HAS_INVALID) ||
      rw->budget_left <= 0)
    return n;
  const Action *a = dispatch_constant_fold_first(rw->dispatch, rw->opts.simple, n->op);
  Node *k = a && action_fold_proved(a, n) ? fold_constant(rw->ctx, n) : NULL;
  if (!k || k == n || k->dtype != n->dtype) return n;
  record(rw, a->fold->name, n, k);
  if (!memo_put(&rw->memo, n, k)) rw->failed = true;
  return k;
}

static Node *rule_template_build(Rewriter *rw, const Rule *r, const Match *m) {
  if (rw->opts.trace || !rw->dispatch) return template_build(rw->ctx, r, r->rhs, m);
  RuleBuilder rb = {{rw->ctx, m->class_dt, template_claim, fold_made, (void *)m}, rw};
  return pat_build(&rb.b, r->rhs);
}

/* Tries one rule on n: the commutative variants of its pattern in `variants` (bit v: variant v; the
 * candidate index leaves out only variants that cannot match), matched by their compiled programs
 * when given, then the proof, then the guard. */
static Node *try_rule(Rewriter *rw, const Rule *r, Node *n, unsigned variants, const MatchProg *progs) {
  Match m;
  for (int v = 0; v < r->nvariants; v++) {
    if (!(variants >> v & 1)) continue;
    if (!match_one(r, progs ? &progs[v] : NULL, r->variants[v], n, &m) || !may_fire(rw, r, n, &m)) continue;
    Node *out = rule_template_build(rw, r, &m);
    if (out && out != n && out->dtype == n->dtype && out->lanes == n->lanes && out->kind == n->kind) {
      ((Rule *)r)->fired++;
      return out;
    }
  }
  return NULL;
}

/* Fold f on n, which it applies to (f->applies): its result, or NULL. */
static Node *apply_fold(Rewriter *rw, const Fold *f, Node *n) {
  Node *out;
  if (f->choose) {
    /* A lemma-driven fold chooses; its lemma decides (folds.h). */
    FoldStep st;
    fold_step_init(&st, &rw->fold_aux);
    out = f->choose(rw->ctx, n, &st) ? fold_step_apply(rw->ctx, rw->cat, n, &st) : NULL;
  } else {
    out = f->fold(rw->ctx, n);
  }
  return out && (out == n || out->dtype != n->dtype || out->lanes != n->lanes || out->kind != n->kind) ? NULL : out;
}

/* Tries one action on n; sets *name to what fired. */
static Node *try_action(Rewriter *rw, const Action *a, unsigned variants, const MatchProg *progs, Node *n,
                        bool vec_node, const char **name) {
  /* Scalar rules and the folds are proved per scalar dtype: they fire on no vector node nor lane move
   * (gep); vector rules (vector.rules) are proved with their lane counts and fire there. Scalar nodes
   * inside vector expressions are fair game for all: every node a scalar pattern reaches through
   * lane-wise ops is scalar too, and so is what its template builds. */
  if (vec_node && !(a->rule ? a->rule->vector : a->fold->on_vectors)) return NULL;
  if (a->rule) {
    *name = a->rule->name;
    return try_rule(rw, a->rule, n, variants, progs);
  }
  /* The folds compute on integers: none of them knows INVALID, so none sees a node above one. */
  if (n->flags & NF_HAS_INVALID) return NULL;
  if (!action_fold_proved(a, n) || !a->fold->applies(n)) return NULL;
  *name = a->fold->name;
  return apply_fold(rw, a->fold, n);
}

/* Whether n's skeleton summary meets fold needs `needs` (fold_shape_admits; the FOLD_NEEDS_SHAPE bits):
 * the summary's answers are read at the first fold of a step that asks, into *answers (-1: not yet).
 * The summary reads integer sums, the only nodes those folds apply to: others are let through. */
static bool shape_admits(Rewriter *rw, const Node *n, unsigned needs, int *answers) {
  if (!dt_is_int((DType)n->dtype)) return true;
  if (*answers < 0) *answers = (int)lin_shape_answers(&rw->shapes, n);
  return fold_shape_admits(needs, (unsigned)*answers);
}

/* The first action that rewrites n, or NULL. The candidates of n's shape are the actions of n's op
 * minus those that cannot fire on it, in the same order: the same action fires as if every action
 * were tried. */
static Node *step(Rewriter *rw, Node *n) {
  size_t nc;
  int answers = -1; /* shape_admits */
  const Candidate *cs = dispatch_candidates_of(rw->dispatch, rw->opts.simple, n, &nc);
  if (!cs) { /* out of memory for the index: try every action */
    bool vec_node = n->lanes > 1 || op_is_vec((Op)n->op);
    const Action *acts = dispatch_actions(rw->cat, rw->opts.simple, n->op, &nc);
    for (size_t i = 0; i < nc; i++) {
      const char *name;
      Node *out = try_action(rw, &acts[i], ~0u, NULL, n, vec_node, &name);
      if (out) {
        record(rw, name, n, out);
        return out;
      }
    }
    return NULL;
  }
  /* What try_action checks besides is settled for the whole list: the index leaves out the actions
   * that cannot fire on a vector node, and the folds not proved at n's subject dtype (both in the
   * shape key). */
  for (size_t i = 0; i < nc; i++) {
    const Action *a = cs[i].action;
    Node *out;
    if (a->rule) {
      if (!(out = try_rule(rw, a->rule, n, cs[i].variants, cs[i].progs))) continue;
      record(rw, a->rule->name, n, out);
      return out;
    }
    if (n->flags & NF_HAS_INVALID) continue;
    /* A sum fold whose choose would decline on the skeleton summary is neither asked (applies may walk
     * the sum too) nor called. */
    if ((a->fold->needs & FOLD_NEEDS_SHAPE) && !shape_admits(rw, n, a->fold->needs, &answers)) continue;
    if (!a->fold->applies(n) || !(out = apply_fold(rw, a->fold, n))) continue;
    record(rw, a->fold->name, n, out);
    return out;
  }
  return NULL;
}

/* A node on the stack that is about to be built: what swap_early matches a swap's pattern against. */
typedef union {
  Node n;
  unsigned char room[sizeof(Node) + 2 * sizeof(Node *)];
} PendingNode;

/* Operand order at construction (docs/rules.md, "Order"). n's op over args, the operands simplified, is
 * about to be built, and then stepped; when its operands are out of canonical order, the step would
 * reach one of the op's swap rules (add_swap, mul_swap, ...), which builds the node again the other
 * way round and has it stepped once more. Instead the swap is applied here, to the node not yet
 * built, through the engine's own path: the rule's pattern matched against the pending node, and
 * may_fire's tests (its proof at the dtypes matched, the INVALID test, its guard: order(x, y) and
 * the rest), its template built, and the application recorded. So what is built is an instance of a proved
 * rule, as every rewrite; what is skipped is building the out-of-order node and the actions ranked
 * before the swap on it (constant folding, identities: they are tried on the swapped node instead).
 * NULL when no swap applies: n is then rebuilt as it is. */
static Node *swap_early(Rewriter *rw, Node *n, Node *const *args) {
  const SwapRules *sw = &rw->swaps[n->op];
  /* Scalar rules fire on scalar values only (try_action); every swap has the order conjunct. */
  if (n->lanes != 1 || op_is_vec((Op)n->op) || n->kind != NK_VALUE || !node_orders_after(args[0], args[1]))
    return NULL;
  PendingNode p;
  memset(&p.n, 0, sizeof p.n);
  p.n.op = n->op;
  p.n.dtype = n->dtype;
  p.n.nargs = 2;
  p.n.lanes = n->lanes;
  p.n.kind = n->kind;
  p.n.aux = n->aux; /* the rebuilt node's: vs_rebuild_node keeps it */
  p.n.args[0] = args[0];
  p.n.args[1] = args[1];
  p.n.flags = (uint8_t)(args[0]->flags | args[1]->flags);
  for (int i = 0; i < sw->n; i++) {
    const Rule *r = sw->rule[i];
    Match m;
    if (!match_one(r, sw->prog[i], r->lhs, &p.n, &m) || !may_fire(rw, r, &p.n, &m)) continue;
    /* The template op(y, x) at the matched classes is the pending node's op over the swapped operands
     * with the template's mark: where that mark is the node's (always but for a plain swap on a marked
     * node), the node rebuilt over them, as vs_remake builds it without checking its type again. */
    const Pat *t = r->rhs;
    uint64_t mark = vs_nsw_applies((Op)n->op, (DType)n->dtype) ? t->aux & VS_AUX_NSW : 0;
    Node *swapped[2] = {m.slot[t->args[0]->slot], m.slot[t->args[1]->slot]};
    Node *out = mark == n->aux.bits && m.class_dt[t->tclass] == n->dtype ? vs_remake(rw->ctx, n, swapped)
                                                                         : template_build(rw->ctx, r, t, &m);
    if (!out || out->dtype != n->dtype || out->lanes != n->lanes || out->kind != n->kind) continue;
    ((Rule *)r)->fired++;
    /* A trace shows the step as the lazy engine takes it: from the node in its first order. */
    Node *before = rw->opts.trace ? vs_rebuild_node(rw->ctx, n, args) : NULL;
    record(rw, r->name, before ? before : out, out);
    return out;
  }
  return NULL;
}

static Node *simplify(Rewriter *rw, Node *n);
static Node *simplify_args(Rewriter *rw, Node *n);

/* A range where a reduce or an end binds it: part of the loop, not a use of its variable, so no rule
 * rewrites it (range(E, r) => 0 is proved for the uses of r; applied here it would turn the loop into
 * something else: docs/semantics.md, "Memory, loops and reductions"). Its end is simplified like any
 * value, the same way as in the uses, so the loop and its uses keep naming one range node. */
static Node *rebuild_binder(Rewriter *rw, Node *r) { return simplify_args(rw, r); }

/* n with every operand simplified. */
static Node *simplify_args(Rewriter *rw, Node *n) {
  Node *args[VS_MAX_LANES]; /* vec has up to 16 operands */
  for (int i = 0; i < n->nargs; i++) {
    Node *a = n->args[i];
    /* A known fixpoint is its own result (simplify's first test), without the call. */
    args[i] = vs_binds(n, i) ? rebuild_binder(rw, a) : rw->fixed && vs_marks_has(rw->fixed, a) ? a : simplify(rw, a);
  }
  /* The same op with new operands (n itself when none changed): a gep's selection (aux) and a bcast's
   * lane count (lanes) carry over; or, when a swap rule orders the operands, the node it builds. */
  Node *out = n->nargs == 2 && rw->swaps && rw->swaps[n->op].n && rw->budget_left > 0 ? swap_early(rw, n, args) : NULL;
  if (!out) { /* vs_rebuild_node, its common case (no operand changed) without the call */
    bool changed = false;
    for (int i = 0; i < n->nargs; i++) changed |= args[i] != n->args[i];
    out = changed ? vs_remake(rw->ctx, n, args) : n;
  }
  /* Out of budget, operands may be half-rewritten towers of a runaway rule set, too deep to rebuild:
   * keeping n is sound, and the exhaustion is reported. Otherwise a failure is an internal error. */
  if (!out && rw->budget_left > 0) rw->failed = true;
  return out ? out : n;
}

/* Known fixpoints (docs/rules.md, "Fixpoints across expressions"). A node c is added once simplify found
 * that no action fires on it (step(c) is NULL), when every operand of c is in the set (each simplifies
 * to itself) and no swap applies to c's operands (the test swap_early starts with fails: rebuilding c
 * over them gives c). Then simplify(c) is c in every rewriter with the same catalog state and matcher:
 * its operands come back unchanged, the rebuild is c, and step(c) is NULL, since a step reads only c
 * (its shape, operands, bounds: all fixed when c was built) and the catalog (rules, proofs, folds),
 * never the rewriter's memo or budget. The set is keyed by the catalog's dispatch serial and the
 * matcher, so it empties itself when either changes. A node that binds a range is never added: its
 * binder operand is rebuilt, not simplified. */
static void note_fixpoint(Rewriter *rw, Node *c) {
  for (int i = 0; i < c->nargs; i++)
    if (vs_binds(c, i) || !vs_marks_has(rw->fixed, c->args[i])) return;
  if (c->nargs == 2 && rw->swaps && rw->swaps[c->op].n && c->lanes == 1 && !op_is_vec((Op)c->op) &&
      c->kind == NK_VALUE && node_orders_after(c->args[0], c->args[1]))
    return; /* swap_early would try its swaps on c's operands */
  (void)vs_marks_add(rw->fixed, c); /* out of memory: c is simplified again next time, no harm */
}

static Node *simplify(Rewriter *rw, Node *n) {
  if (rw->fixed && vs_marks_has(rw->fixed, n)) return n;
  Node *done = memo_get(&rw->memo, n);
  if (done) return done;
  if (rw->depth >= rw->max_depth) {
    /* Runaway nesting: stop all rewriting as if the budget had run out (n is a sound result). */
    rw->budget_left = 0;
    rw->stats.budget_exhausted = true;
    return n;
  }
  rw->depth++;
  Node *cur = n->nargs ? simplify_args(rw, n) : n; /* a leaf is its own rebuild */
  bool stepped_out = false; /* the loop ended because step(cur) found nothing */
  while (rw->budget_left > 0) {
    if (cur != n && rw->fixed && vs_marks_has(rw->fixed, cur)) break;
    if (cur != n && (done = memo_get(&rw->memo, cur))) {
      cur = done;
      break;
    }
    Node *next = step(rw, cur);
    if (!next) {
      stepped_out = true;
      break;
    }
    cur = simplify_args(rw, next);
  }
  /* Out of budget, cur may not be a fixpoint: remember where n got to, but not that cur is final. */
  bool final = rw->budget_left > 0;
  if (!final) rw->stats.budget_exhausted = true;
  else if (stepped_out && rw->fixed) note_fixpoint(rw, cur);
  /* A known fixpoint needs no memo entry: simplify finds it in the context's set first. */
  bool known = final && rw->fixed && vs_marks_has(rw->fixed, cur);
  if ((cur != n || !known) && !memo_put(&rw->memo, n, cur)) rw->failed = true;
  if (final && cur != n && !known && !memo_put(&rw->memo, cur, cur)) rw->failed = true;
  rw->depth--;
  return cur;
}

Node *rewriter_simplify(Rewriter *rw, Node *n) {
  rw->budget_left = rw->opts.budget;
  rw->failed = false;
  rw->depth = 0;
  rw->swaps = dispatch_swap_rules(rw->cat, rw->opts.simple);
  rw->dispatch = dispatch_state(rw->cat);
  rw->fixed = rw->dispatch ? vs_ctx_node_marks(rw->ctx, dispatch_serial(rw->dispatch) * 2 + rw->opts.simple) : NULL;
  Node *out = simplify(rw, n);
  return rw->failed ? NULL : out;
}
