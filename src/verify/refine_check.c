#include "verify/refine_check.h"

#include "ir/graph.h"
#include "ir/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *check_verdict_name(CheckVerdict v) {
  switch (v) {
  case CHECK_VALID: return "valid";
  case CHECK_INVALID: return "invalid";
  case CHECK_UNKNOWN: return "unknown";
  default: return "error";
  }
}

void check_result_free(CheckResult *r) {
  point_free(&r->cex);
  outcome_free(&r->src);
  outcome_free(&r->tgt);
}

static void check_error(CheckResult *r, const char *why) {
  r->verdict = CHECK_ERROR;
  snprintf(r->reason, sizeof r->reason, "%s", why);
}

/* ---- exhaustive evaluation (scalar expressions, with the prepared evaluator) ---- */

/* The three expressions of a query, each with an evaluator, over one shared list of variables. */
typedef struct {
  Node *roots[3]; /* pre (may be NULL), src, tgt */
  Evaluator *ev[3];
  const Node **vars; /* the union, in first-appearance order */
  size_t nvars;
  size_t *slot[3]; /* for each evaluator's variable, its index in vars */
  uint64_t *point;  /* current value of each variable */
  uint64_t *args;   /* scratch: one evaluator's variable values */
} Query;

static void query_free(Query *q) {
  for (int i = 0; i < 3; i++) {
    if (q->ev[i]) evaluator_free(q->ev[i]);
    free(q->slot[i]);
  }
  free(q->vars);
  free(q->point);
  free(q->args);
}

static bool query_init(Query *q, Node *pre, Node *src, Node *tgt) {
  memset(q, 0, sizeof *q);
  q->roots[0] = pre;
  q->roots[1] = src;
  q->roots[2] = tgt;
  size_t cap = 0;
  for (int i = 0; i < 3; i++) {
    if (!q->roots[i]) continue;
    q->ev[i] = evaluator_new(q->roots[i]);
    if (!q->ev[i]) return false;
    const Node *const *vs;
    size_t n = evaluator_vars(q->ev[i], &vs);
    q->slot[i] = malloc((n ? n : 1) * sizeof(size_t));
    if (!q->slot[i]) return false;
    for (size_t j = 0; j < n; j++) {
      size_t k = 0;
      while (k < q->nvars && q->vars[k] != vs[j]) k++;
      if (k == q->nvars) {
        if (q->nvars == cap) {
          cap = cap ? cap * 2 : 8;
          const Node **nv = realloc(q->vars, cap * sizeof *nv);
          if (!nv) return false;
          q->vars = nv;
        }
        q->vars[q->nvars++] = vs[j];
      }
      q->slot[i][j] = k;
    }
  }
  q->point = calloc(q->nvars + 1, sizeof *q->point);
  q->args = calloc(q->nvars + 1, sizeof *q->args);
  return q->point && q->args;
}

static Value query_eval(Query *q, int i) {
  const Node *const *vs;
  size_t n = evaluator_vars(q->ev[i], &vs);
  for (size_t j = 0; j < n; j++) q->args[j] = q->point[q->slot[i][j]];
  return evaluator_run(q->ev[i], q->args);
}

/* Evaluates pre, src and tgt at q->point: true if this point refutes the refinement. */
static bool query_refutes(Query *q, Value *sv, Value *tv) {
  if (q->roots[0]) {
    Value p = query_eval(q, 0);
    if (p.ub || !p.bits) return false;
  }
  *sv = query_eval(q, 1);
  if (sv->ub) return false;
  *tv = query_eval(q, 2);
  return !value_same(*sv, *tv);
}

static void record_cex(CheckResult *r, Query *q, Value sv, Value tv) {
  r->verdict = CHECK_INVALID;
  r->cex.vars = malloc((q->nvars ? q->nvars : 1) * sizeof *r->cex.vars);
  if (!r->cex.vars) {
    check_error(r, "out of memory");
    return;
  }
  r->cex.nvars = q->nvars;
  for (size_t k = 0; k < q->nvars; k++) r->cex.vars[k] = var_value(q->vars[k], q->point[k]);
  r->src = (Outcome){.value = lane_value(sv)};
  r->tgt = (Outcome){.value = lane_value(tv)};
}

/* The number of values a variable can take (saturating), and its k-th value's bits. */
static uint64_t domain_size(const Node *v) {
  DType dt = (DType)v->dtype;
  if (dt_is_float(dt)) return dt == DT_F16 ? 65536 : UINT64_MAX;
  i128 span = vs_vmax(v) - vs_vmin(v);
  return span >= (i128)UINT64_MAX ? UINT64_MAX : (uint64_t)span + 1;
}

static uint64_t domain_value(const Node *v, uint64_t k) {
  DType dt = (DType)v->dtype;
  if (dt_is_float(dt)) return vs_canon_bits(dt, k);
  return im_from_value(dt, vs_vmin(v) + (i128)k);
}

static void check_exhaustive(CheckResult *r, Query *q) {
  uint64_t *idx = calloc(q->nvars + 1, sizeof *idx);
  if (!idx) {
    check_error(r, "out of memory");
    return;
  }
  for (size_t k = 0; k < q->nvars; k++) q->point[k] = domain_value(q->vars[k], 0);
  r->verdict = CHECK_VALID;
  r->method = CHECK_BY_EXHAUSTIVE;
  for (;;) {
    Value sv, tv;
    if (query_refutes(q, &sv, &tv)) {
      record_cex(r, q, sv, tv);
      break;
    }
    size_t k = 0; /* odometer step */
    for (; k < q->nvars; k++) {
      if (++idx[k] < domain_size(q->vars[k])) {
        q->point[k] = domain_value(q->vars[k], idx[k]);
        break;
      }
      idx[k] = 0;
      q->point[k] = domain_value(q->vars[k], 0);
    }
    if (k == q->nvars) break;
  }
  free(idx);
}

/* ---- Z3, confirmed by the evaluator ---- */

static bool has_uf(Node *pre, Node *src, Node *tgt) {
  return ((pre ? pre->flags : 0) | src->flags | tgt->flags) & NF_HAS_UF;
}

/* A solver's counterexample the evaluator does not confirm: unknown when an uninterpreted function may
 * explain it (uf), else an internal error (the two implementations disagree). */
static void check_unconfirmed(CheckResult *r, bool uf) {
  if (uf) {
    r->verdict = CHECK_UNKNOWN;
    snprintf(r->reason, sizeof r->reason,
             "the solver's counterexample depends on an uninterpreted function (exp2, log2, sin, pow)");
  } else {
    r->verdict = CHECK_ERROR;
    r->disagree = true;
    snprintf(r->reason, sizeof r->reason,
             "internal error: the evaluator does not confirm the solver's counterexample (the two "
             "implementations of the semantics disagree)");
  }
}

/* Runs the model's point through the evaluator: invalid when it refutes (r->cex takes the model), else
 * unconfirmed. A point the evaluator cannot run (a loop past its iteration limit) is an error. */
static void confirm(CheckResult *r, SmtResult *s, Node *pre, Node *src, Node *tgt) {
  char err[160];
  bool holds = true;
  if (pre) {
    Outcome p;
    if (!eval_at(pre, &s->model, &p, err, sizeof err)) {
      check_error(r, err);
      return;
    }
    holds = outcome_holds(&p);
    outcome_free(&p);
  }
  if (holds && (!eval_at(src, &s->model, &r->src, err, sizeof err) || !eval_at(tgt, &s->model, &r->tgt, err, sizeof err))) {
    check_result_free(r);
    check_error(r, err);
    return;
  }
  if (holds && !outcome_refines(&r->src, &r->tgt)) {
    r->verdict = CHECK_INVALID;
    r->cex = s->model;
    memset(&s->model, 0, sizeof s->model);
    return;
  }
  check_result_free(r);
  check_unconfirmed(r, has_uf(pre, src, tgt));
}

static void check_smt(CheckResult *r, SmtCtx *smt, Node *pre, Node *src, Node *tgt) {
  SmtResult s = smt_refines(smt, pre, src, tgt);
  r->method = CHECK_BY_SMT;
  switch (s.verdict) {
  case SMT_VALID: r->verdict = CHECK_VALID; break;
  case SMT_UNKNOWN:
    r->verdict = CHECK_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "%s", s.reason[0] ? s.reason : "solver gave up");
    break;
  case SMT_ERROR:
    r->verdict = CHECK_ERROR;
    snprintf(r->reason, sizeof r->reason, "solver error: %s", s.reason);
    break;
  case SMT_INVALID: confirm(r, &s, pre, src, tgt); break;
  }
  smt_result_free(&s);
}

/* Why a graph case cannot be checked (it compares two values or two effects, and the target binds every
 * range the source binds), or NULL; *why is a scratch buffer for the message. */
static const char *graph_case_error(Node *src, Node *tgt, char *why, size_t size) {
  if (src->kind != tgt->kind || (src->kind != NK_VALUE && src->kind != NK_EFFECT))
    return "a case compares two values or two effects";
  bool oom;
  const Node *loose = graph_unbound_range(src, tgt, &oom);
  if (oom) return "out of memory";
  if (!loose) return NULL;
  snprintf(why, size, "the target leaves range '%s' free, the source does not", loose->aux.name);
  return why;
}

/* ---- the verdict ---- */

static void decide(CheckResult *r, SmtCtx *smt, const CheckOptions *opts, Node *pre, Node *src, Node *tgt) {
  unsigned flags = (pre ? pre->flags : 0) | src->flags | tgt->flags;
  char why[200];
  const char *err = (flags & NF_HAS_GRAPH) ? graph_case_error(src, tgt, why, sizeof why) : NULL;
  if (err) {
    check_error(r, err);
    return;
  }
  if (!(flags & (NF_HAS_GRAPH | NF_HAS_VEC))) {
    Query q;
    if (!query_init(&q, pre, src, tgt)) {
      check_error(r, "out of memory");
      query_free(&q);
      return;
    }
    uint64_t points = 1;
    for (size_t k = 0; k < q.nvars && points; k++) {
      uint64_t d = domain_size(q.vars[k]);
      points = (d && points > UINT64_MAX / d) ? 0 : points * d; /* 0: too many to count */
    }
    bool small = opts && opts->exhaustive_limit && points && points <= opts->exhaustive_limit;
    if (small) check_exhaustive(r, &q);
    query_free(&q);
    if (small) return;
  }
  if (smt) {
    check_smt(r, smt, pre, src, tgt);
    return;
  }
  r->verdict = CHECK_UNKNOWN;
  snprintf(r->reason, sizeof r->reason, "%s",
           (flags & NF_HAS_GRAPH) ? "memory and loop expressions need the solver and none is available"
           : (flags & NF_HAS_VEC) ? "vector expressions need the solver and none is available"
                                  : "domain too large to enumerate and no solver available");
}

CheckResult check_refinement(SmtCtx *smt, const CheckOptions *opts, Node *pre, Node *src, Node *tgt) {
  CheckResult r;
  memset(&r, 0, sizeof r);
  double t0 = vs_seconds();
  decide(&r, smt, opts, pre, src, tgt);
  r.seconds = vs_seconds() - t0;
  return r;
}
