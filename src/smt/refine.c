#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smt/encode.h"
#include "smt/encode_graph.h"
#include "smt/slice.h"

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void smt_result_free(SmtResult *r) {
  if (r) point_free(&r->model);
}

bool enc_model_bits(Enc *e, Z3_model m, Z3_ast term, DType dt, uint64_t *bits) {
  Z3_ast t = dt_is_float(dt) ? enc_fp_bits_eval(e, term, dt) : term;
  Z3_ast val = NULL;
  if (!t || e->failed || !Z3_model_eval(e->z, m, t, true, &val) || !enc_hold(e, val)) return false;
  if (dt == DT_BOOL) {
    Z3_lbool b = Z3_get_bool_value(e->z, val);
    if (b == Z3_L_UNDEF) return false;
    *bits = b == Z3_L_TRUE;
    return true;
  }
  uint64_t u;
  if (!Z3_is_numeral_ast(e->z, val) || !Z3_get_numeral_uint64(e->z, val, &u)) return false;
  *bits = vs_canon_bits(dt, u);
  return true;
}

void enc_unknown_reason(Enc *e, Z3_solver solver, char *reason, size_t size) {
  /* A check that is interrupted (timeout, rlimit) may also report an error; it is still just unknown. */
  const char *why = Z3_solver_get_reason_unknown(e->z, solver);
  reason[0] = 0;
  if (why && *why) snprintf(reason, size, "%s", why);
  else smt_z3_failed(reason, size);
  if (!reason[0]) snprintf(reason, size, "unknown");
  smt_z3_clear_error();
}

/* The model's value of lane `lane` of variable v. */
static bool model_bits(Enc *e, Z3_model m, const struct EncVar *v, int lane, uint64_t *bits) {
  DType dt = (DType)v->node->dtype;
  return enc_model_bits(e, m, v->node->lanes > 1 ? enc_lane(e, v->c, dt, lane) : v->c, dt, bits);
}

SmtVerdict enc_extract_model(Enc *e, Z3_solver solver, SmtResult *r) {
  Z3_model m = Z3_solver_get_model(e->z, solver);
  if (!m) {
    snprintf(r->reason, sizeof r->reason, "sat, but Z3 gave no model");
    return SMT_UNKNOWN;
  }
  Z3_model_inc_ref(e->z, m);
  SmtVerdict verdict = SMT_INVALID;
  r->model.vars = calloc(e->nvars ? e->nvars : 1, sizeof *r->model.vars);
  if (!r->model.vars) {
    snprintf(r->reason, sizeof r->reason, "out of memory");
    verdict = SMT_ERROR;
  }
  for (size_t i = 0; verdict == SMT_INVALID && i < e->nvars; i++) {
    VarValue *v = &r->model.vars[i];
    v->var = e->vars[i].node;
    for (int k = 0; verdict == SMT_INVALID && k < v->var->lanes; k++)
      if (!model_bits(e, m, &e->vars[i], k, &v->lane[k])) {
        /* A counterexample we cannot state is no counterexample. */
        snprintf(r->reason, sizeof r->reason, "sat, but no value for '%s' in the model", v->var->aux.name);
        verdict = SMT_UNKNOWN;
      }
    if (verdict == SMT_INVALID) r->model.nvars = i + 1;
  }
  Z3_model_dec_ref(e->z, m);
  if (verdict != SMT_INVALID) smt_result_free(r);
  return verdict;
}

/* ranges && hyp && def(src) && !(def(tgt) && src == tgt): satisfiable exactly when some admissible input
 * makes tgt UB or different. SMT-LIB `=` on FP is identity of values: NaN = NaN and -0.0 != +0.0, as
 * refinement wants. The hypothesis part in *h, the goal's negation in *bad; false on failure. */
static bool refinement_query(Enc *e, Z3_ast hyp, SmtTerm src, SmtTerm tgt, Z3_ast *h, Z3_ast *bad) {
  *h = enc_and(e, enc_and(e, e->ranges, hyp), src.def);
  *bad = enc_not(e, enc_same(e, src, tgt)); /* INVALID must stay INVALID (enc_same) */
  return !e->failed && *h && *bad;
}

char *smt_refinement_key(SmtCtx *s, Enc *e, Z3_ast hyp, SmtTerm src, SmtTerm tgt, unsigned flags) {
  Z3_ast fs[2];
  SmtCheckSpec spec = {.flags = flags};
  return refinement_query(e, hyp, src, tgt, &fs[0], &fs[1]) ? smt_query_key(s, fs, 2, &spec) : NULL;
}

SmtVerdict smt_solve_refinement(SmtCtx *s, Enc *e, Z3_ast hyp, SmtTerm src, SmtTerm tgt, unsigned flags,
                                SmtResult *r) {
  Z3_solver solver = NULL;
  SmtVerdict verdict = SMT_ERROR;
  Z3_ast h, bad;
  if (!refinement_query(e, hyp, src, tgt, &h, &bad)) goto done;
  /* A vector query first without the hypotheses that cannot bear on the goal (slice.h): an unsat
   * answer there is one for the whole; anything else, and the whole query is asked. */
  if (flags & NF_HAS_VEC) {
    Z3_ast goal = bad, cut = smt_slice_hypothesis(e, h, &goal);
    if (cut && !e->failed) {
      Z3_solver sl = smt_z3_solver(s, flags);
      if (sl) {
        if (cut != s->t_true) Z3_solver_assert(e->z, sl, cut);
        Z3_solver_assert(e->z, sl, goal);
        bool proved = false;
        if (!smt_z3_failed(NULL, 0)) {
          SmtCheckSpec spec = {.flags = flags, .models = false};
          SmtCheck ck;
          proved = smt_check(s, e, sl, &spec, &ck) == Z3_L_FALSE;
          smt_check_free(&ck);
        }
        Z3_solver_dec_ref(e->z, sl);
        smt_z3_clear_error();
        if (proved) {
          verdict = SMT_VALID;
          goto done;
        }
      }
    }
  }
  solver = smt_z3_solver(s, flags);
  if (!solver) goto done;
  if (h != s->t_true) Z3_solver_assert(e->z, solver, h);
  Z3_solver_assert(e->z, solver, bad);
  if (smt_z3_failed(NULL, 0)) goto done;
  if (s->smt2_path && !smt_z3_dump(s, solver, r->reason, sizeof r->reason)) goto done;
  SmtCheckSpec spec = {.flags = flags, .models = true};
  SmtCheck ck;
  Z3_lbool res = smt_check(s, e, solver, &spec, &ck);
  if (res == Z3_L_FALSE) {
    verdict = SMT_VALID;
  } else if (res == Z3_L_TRUE) {
    verdict = ck.by == SMT_SOLVER_CVC5 ? smt_cvc5_model(e, &ck, r) : enc_extract_model(e, solver, r);
  } else if (ck.disagree) {
    snprintf(r->reason, sizeof r->reason, "%.150s", ck.why);
    verdict = SMT_ERROR;
  } else {
    snprintf(r->reason, sizeof r->reason, "%.150s", ck.why[0] ? ck.why : "unknown");
    smt_z3_clear_error();
    verdict = SMT_UNKNOWN;
  }
  smt_check_free(&ck);
done:
  if (verdict != SMT_UNKNOWN && smt_z3_failed(r->reason, sizeof r->reason)) {
    verdict = SMT_ERROR;
    smt_result_free(r);
  }
  if (verdict == SMT_ERROR && !r->reason[0]) snprintf(r->reason, sizeof r->reason, "encoding failed");
  if (solver) Z3_solver_dec_ref(e->z, solver);
  r->verdict = verdict;
  return verdict;
}

static SmtVerdict run(SmtCtx *s, Node *pre, Node *src, Node *tgt, SmtResult *r) {
  Enc e;
  enc_init(&e, s);
  SmtTerm tp = {s->t_true, s->t_true, NULL}, ts, tt;
  SmtVerdict verdict = SMT_ERROR;
  if ((pre && !enc_expr(&e, pre, &tp)) || !enc_expr(&e, src, &ts) || !enc_expr(&e, tgt, &tt)) {
    if (!r->reason[0]) snprintf(r->reason, sizeof r->reason, "encoding failed");
  } else {
    unsigned flags = (pre ? pre->flags : 0) | src->flags | tgt->flags;
    verdict = smt_solve_refinement(s, &e, enc_and(&e, tp.def, tp.val), ts, tt, flags, r);
  }
  enc_fini(&e);
  return verdict;
}

static bool has_graph(const Node *n) { return n && (n->flags & NF_HAS_GRAPH); }

/* A graph case (some of pre, src, tgt in the tensor-graph layer): one Enc and one GraphEnc over the
 * three, so that they share buffers, free ranges and abstract effects. */
static SmtVerdict run_graph(SmtCtx *s, Node *pre, Node *src, Node *tgt, SmtResult *r) {
  Enc e;
  enc_init(&e, s);
  Node *roots[3] = {pre, src, tgt};
  GraphEnc *g = genc_new(&e, roots, 3);
  SmtTerm tp = {s->t_true, s->t_true, NULL};
  SmtVerdict verdict = SMT_ERROR;
  if (!g || e.failed || (pre && !genc_value(g, pre, &tp))) {
    const char *why = g ? genc_error(g) : "out of memory";
    snprintf(r->reason, sizeof r->reason, "%s", why[0] ? why : "encoding failed");
  } else {
    unsigned flags = (pre ? pre->flags : 0) | src->flags | tgt->flags;
    verdict = smt_solve_graph_refinement(s, &e, g, enc_and(&e, tp.def, tp.val), src, tgt, flags, r);
  }
  genc_free(g);
  enc_fini(&e);
  return verdict;
}

/* Why a graph case cannot be checked, or NULL. */
static const char *graph_case_error(const Node *pre, const Node *src, const Node *tgt) {
  if (pre && pre->kind != NK_VALUE) return "precondition is not bool";
  static const char *not_compared = "a case compares values or effects, not buffers or pointers";
  if (src->kind != NK_VALUE && src->kind != NK_EFFECT) return not_compared;
  if (tgt->kind != NK_VALUE && tgt->kind != NK_EFFECT) return not_compared;
  if (src->kind != tgt->kind)
    return src->kind == NK_EFFECT ? "the source is an effect but the target is a value"
                                  : "the source is a value but the target is an effect";
  return NULL;
}

SmtResult smt_refines(SmtCtx *s, Node *pre, Node *src, Node *tgt) {
  double t0 = now_seconds();
  SmtResult r;
  memset(&r, 0, sizeof r);
  r.verdict = SMT_ERROR;
  bool graph = has_graph(pre) || has_graph(src) || has_graph(tgt);
  const char *gerr = NULL;
  if (!s || !src || !tgt) {
    snprintf(r.reason, sizeof r.reason, "missing expression");
  } else if (graph && (gerr = graph_case_error(pre, src, tgt)) != NULL) {
    snprintf(r.reason, sizeof r.reason, "%s", gerr);
  } else if (src->dtype != tgt->dtype || src->lanes != tgt->lanes) {
    snprintf(r.reason, sizeof r.reason, "source is %s but target is %s", dt_name((DType)src->dtype),
             dt_name((DType)tgt->dtype));
  } else if (pre && (pre->dtype != DT_BOOL || pre->lanes != 1)) {
    snprintf(r.reason, sizeof r.reason, "precondition is not bool");
  } else if (smt_z3_begin(s, 100, r.reason, sizeof r.reason)) {
    r.verdict = graph ? run_graph(s, pre, src, tgt, &r) : run(s, pre, src, tgt, &r);
  }
  r.seconds = now_seconds() - t0;
  return r;
}
