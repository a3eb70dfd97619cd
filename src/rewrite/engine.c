#include "rewrite/engine.h"

#include <stdlib.h>
#include <string.h>

#include "ir/nodemap.h"
#include "rewrite/match.h"

struct Rewriter {
  VsCtx *ctx;
  Catalog *cat;
  RewriteOptions opts;
  NodeMap memo; /* node -> its simplified form (a fixpoint maps to itself) */
  RewriteStats stats;
  uint64_t budget_left;
  TraceStep *trace;
  size_t ntrace, trace_cap;
  bool failed;
};

Rewriter *rewriter_new(VsCtx *ctx, Catalog *cat, const RewriteOptions *opts) {
  Rewriter *rw = calloc(1, sizeof *rw);
  if (!rw) return NULL;
  rw->ctx = ctx;
  rw->cat = cat;
  if (opts) rw->opts = *opts;
  if (!rw->opts.budget) rw->opts.budget = 1000000;
  nodemap_init(&rw->memo);
  return rw;
}

void rewriter_free(Rewriter *rw) {
  if (!rw) return;
  nodemap_free(&rw->memo);
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

/* Tries one rule on n: every commutative variant of its pattern, then the proof, then the guard. */
static Node *try_rule(Rewriter *rw, const Rule *r, Node *n) {
  Match m;
  for (int v = 0; v < r->nvariants; v++) {
    match_reset(r, &m);
    if (!match_pat(r, r->variants[v], n, &m)) continue;
    if (!rule_instance_proved(r, rule_instance_index(r, m.class_dt))) continue;
    if (!guard_holds(r, &m)) continue;
    Node *out = template_build(rw->ctx, r, r->rhs, &m);
    if (out && out != n && out->dtype == n->dtype) {
      ((Rule *)r)->fired++;
      return out;
    }
  }
  return NULL;
}

/* The first action that rewrites n, or NULL. */
static Node *step(Rewriter *rw, Node *n) {
  size_t na;
  const Action *acts = catalog_actions(rw->cat, rw->opts.simple, n->op, &na);
  for (size_t i = 0; i < na; i++) {
    Node *out;
    const char *name;
    if (acts[i].rule) {
      out = try_rule(rw, acts[i].rule, n);
      name = acts[i].rule->name;
    } else {
      if (!acts[i].fold->applies(n)) continue;
      out = acts[i].fold->fold(rw->ctx, n);
      name = acts[i].fold->name;
      if (out && (out == n || out->dtype != n->dtype)) out = NULL;
    }
    if (out) {
      record(rw, name, n, out);
      return out;
    }
  }
  return NULL;
}

static Node *simplify(Rewriter *rw, Node *n);

/* n with every operand simplified. */
static Node *simplify_args(Rewriter *rw, Node *n) {
  Node *args[3];
  bool changed = false;
  for (int i = 0; i < n->nargs; i++) {
    args[i] = simplify(rw, n->args[i]);
    changed |= args[i] != n->args[i];
  }
  if (!changed) return n;
  Node *out = vs_make(rw->ctx, (Op)n->op, (DType)n->dtype, args, n->nargs);
  if (!out) rw->failed = true;
  return out ? out : n;
}

static Node *simplify(Rewriter *rw, Node *n) {
  uint64_t done;
  if (nodemap_get(&rw->memo, n, &done)) return (Node *)(uintptr_t)done;
  Node *cur = simplify_args(rw, n);
  while (rw->budget_left > 0) {
    if (cur != n && nodemap_get(&rw->memo, cur, &done)) {
      cur = (Node *)(uintptr_t)done;
      break;
    }
    Node *next = step(rw, cur);
    if (!next) break;
    cur = simplify_args(rw, next);
  }
  /* Out of budget, cur may not be a fixpoint: remember where n got to, but not that cur is final. */
  bool final = rw->budget_left > 0;
  if (!final) rw->stats.budget_exhausted = true;
  if (!nodemap_put(&rw->memo, n, (uintptr_t)cur) || (final && !nodemap_put(&rw->memo, cur, (uintptr_t)cur)))
    rw->failed = true;
  return cur;
}

Node *rewriter_simplify(Rewriter *rw, Node *n) {
  rw->budget_left = rw->opts.budget;
  rw->failed = false;
  Node *out = simplify(rw, n);
  return rw->failed ? NULL : out;
}
