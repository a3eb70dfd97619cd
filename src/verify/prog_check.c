/* prog_check.c: translation validation of programs (prog_check.h): the query over two symbolic
 * executions, and the counterexample, replayed by the reference interpreter. */
#include "verify/prog_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval/prog_eval.h"
#include "smt/prog_sym.h"
#include "smt/z3ctx.h"
#include "text/text.h"

enum { DEFAULT_UNROLL = 32, DEFAULT_MAX_STEPS = 1000000 };

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void prog_check_result_free(ProgCheckResult *r) {
  if (!r) return;
  free(r->report);
  r->report = NULL;
}

/* ---- text ---- */

typedef struct {
  char *s;
  size_t len, cap;
} Buf;

__attribute__((format(printf, 2, 3))) static void bprintf(Buf *b, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  size_t len = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
  if (b->len + len + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 512;
    while (cap < b->len + len + 1) cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) return;
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->len, tmp, len + 1);
  b->len += len;
}

static void arg_text(Buf *b, const ProgEvent *e, uint32_t i) {
  char lit[96];
  if (e->kinds[i] == PROG_KIND_TENSOR) bprintf(b, "tensor#%llu", (unsigned long long)e->args[i]);
  else bprintf(b, "%s", vs_format_literal((DType)e->kinds[i], e->args[i], true, lit, sizeof lit));
}

/* `call f(3_i32, tensor#1)->i32 at 4:5`: the signature's parameter list filled with the values; the
 * values past it (a tensor's shape) follow as `shape [..]`. */
static void event_text(Buf *b, const ProgEvent *e) {
  const char *open = strchr(e->sig, '('), *close = open ? strchr(open, ')') : NULL;
  uint32_t n = 0;
  if (open && close && close > open + 1) {
    n = 1;
    for (const char *c = open; c < close; c++) n += *c == ',';
  }
  if (n > e->nargs || !open || !close) n = 0;
  bprintf(b, "%.*s(", open ? (int)(open - e->sig) : (int)strlen(e->sig), e->sig);
  for (uint32_t i = 0; i < n; i++) {
    if (i) bprintf(b, ", ");
    arg_text(b, e, i);
  }
  bprintf(b, ")%s", close ? close + 1 : "");
  if (n < e->nargs) {
    bprintf(b, " shape [");
    for (uint32_t i = n; i < e->nargs; i++) {
      if (i > n) bprintf(b, ", ");
      arg_text(b, e, i);
    }
    bprintf(b, "]");
  }
  bprintf(b, " at %d:%d", e->line, e->col);
}

static bool same_event(const ProgEvent *a, const ProgEvent *b) {
  if (strcmp(a->sig, b->sig) || a->nargs != b->nargs) return false;
  return !a->nargs || !memcmp(a->args, b->args, a->nargs * sizeof *a->args);
}

/* The first point where the runs differ, or false if they do not (in a way refinement forbids). */
static bool divergence(Buf *b, const ProgTrace *s, const ProgTrace *t) {
  if (s->ub || s->out_of_fuel || t->out_of_fuel) return false;
  size_t i = 0;
  while (i < s->nevents && i < t->nevents && same_event(&s->events[i], &t->events[i])) i++;
  if (i == s->nevents && i == t->nevents) {
    if (!t->ub) return false;
    bprintf(b, "first divergence: the target has UB at %d:%d; the source does not\n", t->ub_line, t->ub_col);
    return true;
  }
  if (i == t->nevents && t->ub) {
    bprintf(b, "first divergence: the target has UB at %d:%d, where the source goes on with event %zu: ", t->ub_line,
            t->ub_col, i);
    event_text(b, &s->events[i]);
    bprintf(b, "\n");
    return true;
  }
  bprintf(b, "first divergence: event %zu\n  source: ", i);
  if (i < s->nevents) event_text(b, &s->events[i]);
  else bprintf(b, "(no more events)");
  bprintf(b, "\n  target: ");
  if (i < t->nevents) event_text(b, &t->events[i]);
  else bprintf(b, "(no more events)");
  bprintf(b, "\n");
  return true;
}

/* ---- model access ---- */

typedef struct {
  SymShared *sh;
  Z3_model m;
  Buf *calls; /* the call results the replay used */
  bool bad;
} Replay;

static bool replay_result(void *user, size_t pos, DType dt, uint64_t *bits) {
  Replay *r = user;
  Z3_ast t = sym_call_result(r->sh, enc_bv(r->sh->e, pos, 32), dt);
  if (!t || !enc_model_bits(r->sh->e, r->m, t, dt, bits)) {
    r->bad = true;
    *bits = 0;
    return true;
  }
  char lit[96];
  bprintf(r->calls, "  result of event %zu = %s\n", pos, vs_format_literal(dt, *bits, true, lit, sizeof lit));
  return true;
}

/* ---- the check ---- */

static bool same_signature(const Function *a, const Function *b, char *why, size_t n) {
  if (a->nparams != b->nparams || a->nresults != b->nresults) {
    snprintf(why, n, "function '%s' has different parameters or results in the two programs", a->name);
    return false;
  }
  for (uint32_t i = 0; i < a->nparams; i++) {
    const PVar *p = a->params[i], *q = b->params[i];
    bool ok = p->name == q->name && p->type.kind == q->type.kind && p->type.dtype == q->type.dtype &&
              p->type.rank == q->type.rank && p->node == q->node;
    if (!ok) {
      snprintf(why, n, "parameter %u of '%s' is declared differently in the two programs", i + 1, a->name);
      return false;
    }
  }
  for (uint32_t i = 0; i < a->nresults; i++)
    if (a->results[i].kind != b->results[i].kind || a->results[i].dtype != b->results[i].dtype ||
        a->results[i].rank != b->results[i].rank) {
      snprintf(why, n, "result %u of '%s' has a different type in the two programs", i + 1, a->name);
      return false;
    }
  return true;
}

/* The trace difference: the target is UB, or some event differs. */
static Z3_ast traces_differ(SymShared *sh, const SState *s, const SState *t) {
  Enc *e = sh->e;
  Z3_ast bad = enc_or(e, t->ub, enc_not(e, enc_eq(e, s->len, t->len)));
  uint64_t n = s->nev > t->nev ? s->nev : t->nev;
  for (uint64_t k = 0; k < n && !e->failed; k++) {
    Z3_ast K = enc_bv(e, k, 32);
    Z3_ast diff = enc_not(e, enc_eq(e, enc_ap2(e, Z3_mk_select, s->sig, K), enc_ap2(e, Z3_mk_select, t->sig, K)));
    for (uint32_t j = 0; j < sh->maxa; j++)
      diff = enc_or(e, diff, enc_not(e, enc_eq(e, enc_ap2(e, Z3_mk_select, s->args[j], K),
                                              enc_ap2(e, Z3_mk_select, t->args[j], K))));
    bad = enc_or(e, bad, enc_and(e, enc_ap2(e, Z3_mk_bvult, K, s->len), diff));
  }
  return bad;
}

/* The solver for a check. Z3's default solver (Z3_mk_solver) was measured to take minutes on program
 * queries that a tactic solver settles in a tenth of a second: without floats, the QF_AUFBV tactic
 * (simplification, then bit-blasting with arrays and functions eliminated); with floats, which that
 * tactic does not take, the plain SMT core. */
static Z3_solver new_solver(SmtCtx *s, bool has_float) {
  Z3_solver solver = NULL;
  if (has_float) {
    solver = Z3_mk_simple_solver(s->z);
  } else {
    Z3_tactic t = Z3_mk_tactic(s->z, "qfaufbv");
    if (t) {
      Z3_tactic_inc_ref(s->z, t);
      solver = Z3_mk_solver_from_tactic(s->z, t);
      Z3_tactic_dec_ref(s->z, t);
    }
  }
  if (!solver) return NULL;
  Z3_solver_inc_ref(s->z, solver);
  Z3_solver_set_params(s->z, solver, s->params);
  return solver;
}

/* A solver holding the assertions, ready to check. The assertions go through their SMT-LIB2 text:
 * the same tactic on the terms as the symbolic executor built them was measured to be orders of
 * magnitude slower (minutes against a tenth of a second) than on the same formula read back from its
 * text, which the parser rebuilds in a canonical order. The declarations are the context's own, so a
 * model of the parsed formula evaluates the executor's terms. */
static Z3_solver assert_all(SmtCtx *s, Enc *e, const Z3_ast *as, int n, bool has_float, bool dump, char *why,
                            size_t whylen) {
  Z3_solver tmp = new_solver(s, has_float);
  if (!tmp) return NULL;
  for (int i = 0; i < n; i++) Z3_solver_assert(e->z, tmp, as[i]);
  if (dump && s->smt2_path && !smt_z3_dump(s, tmp, why, whylen)) {
    Z3_solver_dec_ref(e->z, tmp);
    return NULL;
  }
  const char *text = Z3_solver_to_string(e->z, tmp);
  Z3_solver solver = text ? new_solver(s, has_float) : NULL;
  if (solver) {
    Z3_solver_from_string(e->z, solver, text);
    if (smt_z3_failed(NULL, 0)) { /* could not read it back: use the terms themselves */
      smt_z3_clear_error();
      Z3_solver_dec_ref(e->z, solver);
      solver = NULL;
    }
  }
  if (!solver) return tmp;
  Z3_solver_dec_ref(e->z, tmp);
  return solver;
}

/* Is `a` implied by the parameters' ranges? (Then a bounded proof is a full one.) */
static bool always(SmtCtx *s, Enc *e, Z3_ast a, bool has_float) {
  Z3_ast as[2] = {e->ranges, enc_not(e, a)};
  if (!as[1]) return false;
  Z3_solver solver = assert_all(s, e, as, 2, has_float, false, NULL, 0);
  if (!solver) return false;
  bool ok = !e->failed && Z3_solver_check(s->z, solver) == Z3_L_FALSE;
  Z3_solver_dec_ref(s->z, solver);
  smt_z3_clear_error();
  return ok;
}

static void counterexample(ProgCheckResult *r, SymShared *sh, Z3_model m, const Function *src, const Function *tgt) {
  Buf b = {0}, calls = {0};
  uint64_t *params = calloc(src->nparams ? src->nparams : 1, sizeof *params);
  char lit[96];
  bool ok = params != NULL;
  bprintf(&b, "counterexample (function '%s'):\n", src->name);
  for (uint32_t i = 0; ok && i < src->nparams; i++) {
    PVar *p = src->params[i];
    if (p->type.kind == TY_TENSOR) {
      bprintf(&b, "  %s = tensor#%llu\n", p->name, (unsigned long long)prog_tensor_param_id(i));
      continue;
    }
    SmtTerm t;
    ok = enc_expr(sh->e, p->node, &t) && enc_model_bits(sh->e, m, t.val, (DType)p->type.dtype, &params[i]);
    if (ok) bprintf(&b, "  %s = %s\n", p->name, vs_format_literal((DType)p->type.dtype, params[i], true, lit, sizeof lit));
  }
  Replay rp = {sh, m, &calls, false};
  ProgEvalInput in = {.params = params, .call_result = replay_result, .user = &rp};
  ProgTrace ts = {0}, tt = {0};
  Buf div = {0};
  bool confirmed = ok && prog_eval(src, &in, &ts) && prog_eval(tgt, &in, &tt) && !rp.bad && divergence(&div, &ts, &tt);
  if (confirmed) {
    r->verdict = CHECK_INVALID;
    if (calls.s) bprintf(&b, "call results:\n%s", calls.s);
    if (div.s) bprintf(&b, "%s", div.s);
    r->report = b.s;
    b.s = NULL;
  } else {
    r->verdict = CHECK_UNKNOWN;
    snprintf(r->reason, sizeof r->reason,
             "Z3 found a difference the reference interpreter does not reproduce (it may depend on the unrolling "
             "bound, on an uninterpreted function, or on a non-identity view)");
  }
  prog_trace_free(&ts);
  prog_trace_free(&tt);
  free(div.s);
  free(calls.s);
  free(b.s);
  free(params);
}

ProgCheckResult prog_check_function(SmtCtx *s, const ProgCheckOptions *opts, const Function *src, const Function *tgt) {
  double t0 = now_seconds();
  ProgCheckResult r;
  memset(&r, 0, sizeof r);
  r.verdict = CHECK_ERROR;
  unsigned unroll = opts && opts->unroll ? opts->unroll : DEFAULT_UNROLL;
  unsigned long max_steps = opts && opts->max_steps ? opts->max_steps : DEFAULT_MAX_STEPS;
  if (!same_signature(src, tgt, r.reason, sizeof r.reason)) {
    r.input_error = true;
    return r;
  }
  if (!smt_z3_begin(s, 100, r.reason, sizeof r.reason)) return r;
  Enc e;
  enc_init(&e, s);
  SymShared sh;
  Sym ys = {0}, yt = {0};
  uint32_t maxa = sym_max_event_args(src), ma2 = sym_max_event_args(tgt);
  if (ma2 > maxa) maxa = ma2;
  Z3_solver solver = NULL;
  if (!sym_shared_init(&sh, s, &e, unroll, max_steps, maxa)) goto done;
  bool ran = sym_run(&ys, &sh, src) && sym_run(&yt, &sh, tgt);
  if (sh.unknown) {
    r.verdict = CHECK_UNKNOWN;
    snprintf(r.reason, sizeof r.reason, "%s", sh.why);
    goto done;
  }
  if (!ran || e.failed) {
    if (!smt_z3_failed(r.reason, sizeof r.reason)) snprintf(r.reason, sizeof r.reason, "encoding failed");
    goto done;
  }
  Z3_ast assume = enc_and(&e, ys.st.assume, yt.st.assume);
  Z3_ast hyp = enc_and(&e, enc_and(&e, e.ranges, assume), enc_not(&e, ys.st.ub));
  Z3_ast bad = traces_differ(&sh, &ys.st, &yt.st);
  Z3_ast query[2] = {hyp, bad};
  if (e.failed || !hyp || !bad || !(solver = assert_all(s, &e, query, 2, sh.has_float, true, r.reason, sizeof r.reason))) {
    if (!r.reason[0] && !smt_z3_failed(r.reason, sizeof r.reason)) snprintf(r.reason, sizeof r.reason, "encoding failed");
    goto done;
  }
  Z3_lbool res = Z3_solver_check(e.z, solver);
  if (res == Z3_L_FALSE) {
    r.verdict = CHECK_VALID;
    if (sh.bounded && !always(s, &e, assume, sh.has_float)) {
      r.bounded = true;
      r.bound = unroll;
    }
  } else if (res == Z3_L_TRUE) {
    Z3_model m = Z3_solver_get_model(e.z, solver);
    if (m) {
      Z3_model_inc_ref(e.z, m);
      counterexample(&r, &sh, m, src, tgt);
      Z3_model_dec_ref(e.z, m);
    } else {
      r.verdict = CHECK_UNKNOWN;
      snprintf(r.reason, sizeof r.reason, "sat, but Z3 gave no model");
    }
  } else {
    const char *why = Z3_solver_get_reason_unknown(e.z, solver);
    snprintf(r.reason, sizeof r.reason, "%s", why && *why ? why : "unknown");
    r.verdict = CHECK_UNKNOWN;
    smt_z3_clear_error();
  }
done:
  if (r.verdict != CHECK_UNKNOWN && smt_z3_failed(r.reason, sizeof r.reason)) r.verdict = CHECK_ERROR;
  if (solver) Z3_solver_dec_ref(e.z, solver);
  sym_fini(&ys);
  sym_fini(&yt);
  sym_shared_fini(&sh);
  enc_fini(&e);
  r.seconds = now_seconds() - t0;
  return r;
}

static int rank(CheckVerdict v) {
  switch (v) {
  case CHECK_INVALID: return 3;
  case CHECK_ERROR: return 2;
  case CHECK_UNKNOWN: return 1;
  default: return 0;
  }
}

ProgCheckResult prog_check_program(SmtCtx *s, const ProgCheckOptions *opts, const Program *src, const Program *tgt) {
  ProgCheckResult out;
  memset(&out, 0, sizeof out);
  out.verdict = CHECK_VALID;
  if (src->nfuncs != tgt->nfuncs) {
    out.verdict = CHECK_ERROR;
    out.input_error = true;
    snprintf(out.reason, sizeof out.reason, "the programs have %u and %u functions", src->nfuncs, tgt->nfuncs);
    return out;
  }
  for (uint32_t i = 0; i < src->nfuncs; i++) {
    const Function *t = NULL;
    for (uint32_t j = 0; j < tgt->nfuncs && !t; j++)
      if (tgt->funcs[j]->name == src->funcs[i]->name) t = tgt->funcs[j];
    if (!t) {
      prog_check_result_free(&out);
      memset(&out, 0, sizeof out);
      out.verdict = CHECK_ERROR;
      out.input_error = true;
      snprintf(out.reason, sizeof out.reason, "function '%s' is missing from the target", src->funcs[i]->name);
      return out;
    }
    ProgCheckResult r = prog_check_function(s, opts, src->funcs[i], t);
    out.seconds += r.seconds;
    if (r.bounded) {
      out.bounded = true;
      out.bound = r.bound;
    }
    if (r.input_error) out.input_error = true;
    if (rank(r.verdict) > rank(out.verdict)) {
      double secs = out.seconds;
      bool bounded = out.bounded;
      unsigned bound = out.bound;
      prog_check_result_free(&out);
      out = r;
      out.seconds = secs;
      out.bounded = bounded;
      out.bound = bound;
    } else {
      prog_check_result_free(&r);
    }
  }
  return out;
}

CheckVerdict prog_check_obligation(SmtCtx *s, const Obligation *o, char *why, size_t whylen) {
  SmtResult r = smt_refines(s, o->premises, o->cond, o->expected);
  CheckVerdict v = r.verdict == SMT_VALID ? CHECK_VALID : r.verdict == SMT_INVALID ? CHECK_INVALID
                   : r.verdict == SMT_UNKNOWN ? CHECK_UNKNOWN : CHECK_ERROR;
  if (why && whylen) snprintf(why, whylen, "%s", r.reason);
  smt_result_free(&r);
  return v;
}
