/* Refinement verdicts on graph expressions (docs/semantics.md, "Memory, loops and reductions"). Z3
 * decides (smt_refines goes to the graph encoding); a counterexample (variables, free ranges, initial
 * buffer contents) is run by the graph evaluator on both sides before it is reported, as for scalars
 * (refine_check.h). Exhaustive evaluation is not used: a buffer's contents are part of the domain. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/refine_check.h"
#include "ir/graph.h"

static bool copy_bufs(BufValue **dst, const BufValue *src, size_t n) {
  *dst = calloc(n ? n : 1, sizeof **dst);
  if (!*dst) return false;
  for (size_t i = 0; i < n; i++) {
    (*dst)[i].buf = src[i].buf;
    if (!bufdata_copy(&(*dst)[i].data, &src[i].data)) return false;
  }
  return true;
}

static void internal(CheckResult *r, const char *why) {
  r->verdict = CHECK_ERROR;
  snprintf(r->reason, sizeof r->reason, "%s", why);
}

/* Runs the model's point through the evaluator: invalid when it refutes, else an internal error. */
static void confirm(CheckResult *r, const SmtResult *s, Node *pre, Node *src, Node *tgt) {
  GraphEnv env = {.vars = s->model, .nvars = s->nmodel, .ranges = s->rmodel, .nranges = s->nrmodel,
                  .bufs = s->bmodel, .nbufs = s->nbmodel};
  char err[160];
  if (pre) {
    GraphResult p;
    bool ok = eval_graph(pre, &env, &p, err, sizeof err);
    bool holds = ok && !p.out_of_domain && !p.value.ub && p.value.bits;
    graph_result_free(&p);
    if (!holds) {
      internal(r, "internal error: the solver's counterexample violates the precondition");
      return;
    }
  }
  if (!eval_graph(src, &env, &r->gsrc, err, sizeof err) || !eval_graph(tgt, &env, &r->gtgt, err, sizeof err)) {
    internal(r, err);
    return;
  }
  bool refutes = !r->gsrc.out_of_domain && !r->gsrc.value.ub && !graph_result_refines(&r->gsrc, &r->gtgt);
  if (!refutes) {
    check_unconfirmed(r, ((src->flags | tgt->flags) & NF_HAS_UF) != 0);
    return;
  }
  r->verdict = CHECK_INVALID;
  r->graph = true;
  r->cex = calloc(s->nmodel ? s->nmodel : 1, sizeof *r->cex);
  r->rcex = calloc(s->nrmodel ? s->nrmodel : 1, sizeof *r->rcex);
  if (!r->cex || !r->rcex || !copy_bufs(&r->bcex, s->bmodel, s->nbmodel)) {
    internal(r, "out of memory");
    return;
  }
  if (s->nmodel) memcpy(r->cex, s->model, s->nmodel * sizeof *r->cex);
  if (s->nrmodel) memcpy(r->rcex, s->rmodel, s->nrmodel * sizeof *r->rcex);
  r->ncex = s->nmodel;
  r->nrcex = s->nrmodel;
  r->nbcex = s->nbmodel;
  r->src_value = r->gsrc.value;
  r->tgt_value = r->gtgt.value;
}

void check_refinement_graph(CheckResult *r, SmtCtx *smt, Node *pre, Node *src, Node *tgt) {
  r->method = CHECK_BY_SMT;
  if (src->kind != tgt->kind || (src->kind != NK_VALUE && src->kind != NK_EFFECT)) {
    internal(r, "a case compares two values or two effects");
    return;
  }
  bool oom;
  const Node *loose = graph_unbound_range(src, tgt, &oom);
  if (oom) {
    internal(r, "out of memory");
    return;
  }
  if (loose) {
    r->verdict = CHECK_ERROR;
    snprintf(r->reason, sizeof r->reason, "the target leaves range '%s' free, the source does not", loose->aux.name);
    return;
  }
  if (!smt) {
    r->verdict = CHECK_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "memory and loop expressions need the solver and none is available");
    return;
  }
  SmtResult s = smt_refines(smt, pre, src, tgt);
  if (check_take_smt_verdict(r, &s)) confirm(r, &s, pre, src, tgt);
  smt_result_free(&s);
}
