/* Refinement verdicts on expressions with vectors. The exhaustive mode of scalar checks is not used:
 * a vector variable's domain is the lane domain to the power of the lane count, rarely small. Z3
 * decides; a counterexample is re-evaluated lane by lane by the vector evaluator before it is
 * reported, as for scalars (refine_check.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/refine_check.h"

/* Evaluates pre, src, tgt at env: true when the point refutes the refinement. */
static bool refutes(Node *pre, Node *src, Node *tgt, const VecVarValue *env, size_t n, VecValue *sv, VecValue *tv) {
  if (pre) {
    VecValue p;
    if (!eval_vec_expr(pre, env, n, &p) || p.ub || !p.lane[0]) return false;
  }
  if (!eval_vec_expr(src, env, n, sv) || sv->ub) return false;
  if (!eval_vec_expr(tgt, env, n, tv)) return false;
  return !vec_value_same(sv, tv);
}

static void confirm(CheckResult *r, const SmtResult *s, Node *pre, Node *src, Node *tgt) {
  size_t n = s->nmodel;
  VecVarValue *env = calloc(n ? n : 1, sizeof *env);
  VarValue *cex = calloc(n ? n : 1, sizeof *cex);
  if (!env || !cex) {
    free(env);
    free(cex);
    r->verdict = CHECK_ERROR;
    snprintf(r->reason, sizeof r->reason, "out of memory");
    return;
  }
  for (size_t k = 0; k < n; k++) {
    if (s->vmodel) env[k] = s->vmodel[k];
    env[k].var = s->model[k].var;
    env[k].lane[0] = s->model[k].bits;
    cex[k] = s->model[k];
  }
  VecValue sv, tv;
  if (refutes(pre, src, tgt, env, n, &sv, &tv)) {
    r->verdict = CHECK_INVALID;
    r->cex = cex;
    r->vcex = env;
    r->ncex = n;
    r->src_vec = sv;
    r->tgt_vec = tv;
    r->src_value = (Value){sv.lane[0], sv.ub, false};
    r->tgt_value = (Value){tv.lane[0], tv.ub, false};
    return;
  }
  free(env);
  free(cex);
  check_unconfirmed(r, (((pre ? pre->flags : 0) | src->flags | tgt->flags) & NF_HAS_UF) != 0);
}

void check_refinement_vec(CheckResult *r, SmtCtx *smt, Node *pre, Node *src, Node *tgt) {
  r->method = CHECK_BY_SMT;
  if (!smt) {
    r->verdict = CHECK_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "vector expressions need the solver and none is available");
    return;
  }
  SmtResult s = smt_refines(smt, pre, src, tgt);
  if (check_take_smt_verdict(r, &s)) confirm(r, &s, pre, src, tgt);
  smt_result_free(&s);
}
