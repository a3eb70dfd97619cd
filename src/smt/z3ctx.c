#include "smt/z3ctx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Z3 reports an error to the handler and then returns a null term from the failing call; it never
 * unwinds into our code. The handler only gets the Z3 context, so the error lands in a thread-local
 * record (one SmtCtx per thread) that the query checks when it is done. The first error is kept: later
 * ones are usually consequences. */
static _Thread_local bool tl_failed;
static _Thread_local char tl_msg[160];

static void on_z3_error(Z3_context z, Z3_error_code code) {
  if (tl_failed) return;
  tl_failed = true;
  snprintf(tl_msg, sizeof tl_msg, "z3: %s", Z3_get_error_msg(z, code));
}

bool smt_z3_failed(char *why, size_t whylen) {
  if (tl_failed && why && whylen) snprintf(why, whylen, "%s", tl_msg);
  return tl_failed;
}

void smt_z3_clear_error(void) {
  tl_failed = false;
  tl_msg[0] = 0;
}

/* A context serves this much weight (a refinement query weighs 100, a ground evaluation 1) before it is
 * recreated. With reference counting the terms of a query are freed with it; the bound is for what Z3
 * keeps per context regardless (interned symbols, rewriter caches). Recreating costs about a millisecond. */
enum { RECYCLE_WEIGHT = 200000 };

static void side_release(SmtCtx *s) {
  if (!s->side) return;
  if (s->side_params) Z3_params_dec_ref(s->side, s->side_params);
  Z3_del_context(s->side);
  s->side = NULL;
  s->side_params = NULL;
  s->side_uses = 0;
}

static void z3_release(SmtCtx *s) {
  side_release(s);
  if (!s->z) return;
  if (s->params) Z3_params_dec_ref(s->z, s->params);
  if (s->qfbv) Z3_tactic_dec_ref(s->z, s->qfbv);
  if (s->qffpbv) Z3_tactic_dec_ref(s->z, s->qffpbv);
  /* Deleting the context frees every term it owns, the cached sorts and declarations included. */
  Z3_del_context(s->z);
  s->z = NULL;
  memset(s->sort, 0, sizeof s->sort);
  memset(s->rm, 0, sizeof s->rm);
  memset(s->uf, 0, sizeof s->uf);
  s->t_true = s->t_false = NULL;
  s->qfbv = s->qffpbv = NULL;
  s->params = NULL;
  s->z_uses = 0;
}

static void hold(Z3_context z, Z3_ast a) {
  if (a) Z3_inc_ref(z, a);
}

static Z3_params make_params(const SmtCtx *s, Z3_context z) {
  Z3_params p = Z3_mk_params(z);
  if (!p) return NULL;
  Z3_params_inc_ref(z, p);
  if (s->timeout_ms) Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), s->timeout_ms);
  if (s->rlimit) Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"), s->rlimit);
  /* Z3 would otherwise install its own SIGINT handler for the duration of every check. */
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "ctrl_c"), false);
  return p;
}

static bool build_params(SmtCtx *s) {
  Z3_context z = s->z;
  if (s->params) Z3_params_dec_ref(z, s->params);
  s->params = make_params(s, z);
  if (!s->params) return false;
  return !tl_failed;
}

static bool z3_create(SmtCtx *s) {
  Z3_config cfg = Z3_mk_config();
  if (!cfg) return false;
  Z3_set_param_value(cfg, "model", "true");
  Z3_context z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!z) return false;
  Z3_set_error_handler(z, on_z3_error);
  s->z = z;
  s->z_uses = 0;
  for (int dt = 0; dt < DT_COUNT; dt++) {
    Z3_sort so;
    switch ((DType)dt) {
    case DT_BOOL: so = Z3_mk_bool_sort(z); break;
    case DT_F16: so = Z3_mk_fpa_sort(z, 5, 11); break;
    case DT_F32: so = Z3_mk_fpa_sort(z, 8, 24); break;
    case DT_F64: so = Z3_mk_fpa_sort(z, 11, 53); break;
    default: so = Z3_mk_bv_sort(z, (unsigned)dt_bits((DType)dt)); break;
    }
    if (!so) return false;
    hold(z, Z3_sort_to_ast(z, so));
    s->sort[dt] = so;
  }
  s->rm[SMT_RM_RNE] = Z3_mk_fpa_rne(z);
  hold(z, s->rm[SMT_RM_RNE]);
  s->rm[SMT_RM_RTZ] = Z3_mk_fpa_rtz(z);
  hold(z, s->rm[SMT_RM_RTZ]);
  s->rm[SMT_RM_RTN] = Z3_mk_fpa_rtn(z);
  hold(z, s->rm[SMT_RM_RTN]);
  s->rm[SMT_RM_RTP] = Z3_mk_fpa_rtp(z);
  hold(z, s->rm[SMT_RM_RTP]);
  s->t_true = Z3_mk_true(z);
  hold(z, s->t_true);
  s->t_false = Z3_mk_false(z);
  hold(z, s->t_false);
  s->qfbv = Z3_mk_tactic(z, "qfbv");
  if (s->qfbv) Z3_tactic_inc_ref(z, s->qfbv);
  s->qffpbv = Z3_mk_tactic(z, "qffpbv");
  if (s->qffpbv) Z3_tactic_inc_ref(z, s->qffpbv);
  if (!s->qfbv || !s->qffpbv || !build_params(s)) return false;
  return !tl_failed;
}

bool smt_z3_begin(SmtCtx *s, unsigned weight, char *why, size_t whylen) {
  smt_z3_clear_error();
  if (s->z && s->z_uses >= s->recycle_at) z3_release(s);
  if (!s->z && !z3_create(s)) {
    if (!smt_z3_failed(why, whylen)) snprintf(why, whylen, "could not create a Z3 context");
    z3_release(s);
    smt_z3_clear_error();
    return false;
  }
  s->z_uses += weight;
  return true;
}

SmtCtx *smt_new(const SmtOptions *opts) {
  SmtCtx *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->recycle_at = RECYCLE_WEIGHT;
  if (opts) smt_set_options(s, opts);
  return s;
}

void smt_free(SmtCtx *s) {
  if (!s) return;
  z3_release(s);
  free(s->smt2_path);
  free(s);
}

/* After a change of the options the params carry: the params object belongs to the context, so it is
 * rebuilt there, or left to the next creation; the side context is made again with them. */
static void options_changed(SmtCtx *s) {
  side_release(s);
  if (s->z) {
    smt_z3_clear_error();
    if (!build_params(s)) z3_release(s);
    smt_z3_clear_error();
  }
}

void smt_z3_set_timeout(SmtCtx *s, unsigned timeout_ms) {
  if (s->timeout_ms == timeout_ms) return;
  s->timeout_ms = timeout_ms;
  options_changed(s);
}

void smt_set_options(SmtCtx *s, const SmtOptions *opts) {
  s->timeout_ms = opts ? opts->timeout_ms : 0;
  s->rlimit = opts ? opts->rlimit : 0;
  s->second = opts && smt_second_version() ? opts->second : 0;
  s->portfolio_after_ms = opts && opts->portfolio_after_ms ? opts->portfolio_after_ms : 1000;
  s->second_timeout_ms = opts && opts->second_timeout_ms ? opts->second_timeout_ms : 10000;
  s->cache = opts ? opts->cache : NULL;
  free(s->smt2_path);
  s->smt2_path = NULL;
  if (opts && opts->smt2_path) {
    size_t n = strlen(opts->smt2_path) + 1;
    s->smt2_path = malloc(n);
    if (s->smt2_path) memcpy(s->smt2_path, opts->smt2_path, n);
  }
  options_changed(s);
}

const char *smt_solver_version(void) {
  static _Thread_local char buf[48];
  unsigned major, minor, build, rev;
  Z3_get_version(&major, &minor, &build, &rev);
  snprintf(buf, sizeof buf, "%u.%u.%u", major, minor, build);
  return buf;
}

/* Side contexts serve this many queries before they are recreated (a bound on Z3's own tables). */
enum { SIDE_RECYCLE = 5000 };

Z3_context smt_z3_side(SmtCtx *s) {
  if (s->side) {
    s->side_uses++;
    return s->side;
  }
  Z3_config cfg = Z3_mk_config();
  if (!cfg) return NULL;
  Z3_set_param_value(cfg, "model", "true");
  Z3_context z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!z) return NULL;
  Z3_set_error_handler(z, on_z3_error);
  s->side = z;
  s->side_uses = 1;
  s->side_params = make_params(s, z);
  if (!s->side_params) {
    side_release(s);
    return NULL;
  }
  return z;
}

Z3_params smt_z3_side_params(SmtCtx *s) { return s->side ? s->side_params : NULL; }

void smt_z3_side_recycle(SmtCtx *s) {
  if (s->side && s->side_uses >= SIDE_RECYCLE) side_release(s);
}

Z3_solver smt_z3_solver(SmtCtx *s, unsigned flags) {
  Z3_context z = s->z;
  /* A fresh tactic solver per query: we never push or pop, and creating one costs ~0.2 ms against
   * ~5 ms for Z3_mk_solver. Pure bit-vector queries go straight to qfbv (bit-blasting to SAT). For FP
   * (and the uninterpreted functions, which only occur over FP) qffpbv: measured on this machine against
   * the default solver and qffp, it is the fastest on easy and UF queries (sin(x) --> sin(x * 1.0):
   * 31 ms against 550 ms for the default solver), and on par on hard ones, whose times vary with luck. */
  Z3_solver solver = Z3_mk_solver_from_tactic(z, (flags & (NF_HAS_FLOAT | NF_HAS_UF)) ? s->qffpbv : s->qfbv);
  if (!solver) return NULL;
  Z3_solver_inc_ref(z, solver);
  Z3_solver_set_params(z, solver, s->params);
  if (tl_failed) {
    Z3_solver_dec_ref(z, solver);
    return NULL;
  }
  return solver;
}

bool smt_z3_dump(SmtCtx *s, Z3_solver solver, char *why, size_t whylen) {
  const char *text = Z3_solver_to_string(s->z, solver);
  if (!text) {
    snprintf(why, whylen, "could not print the query");
    return false;
  }
  FILE *f = fopen(s->smt2_path, "w");
  if (!f) {
    snprintf(why, whylen, "cannot write %s", s->smt2_path);
    return false;
  }
  bool ok = fputs(text, f) >= 0 && fputs("(check-sat)\n", f) >= 0;
  ok = (fclose(f) == 0) && ok;
  if (!ok) snprintf(why, whylen, "cannot write %s", s->smt2_path);
  return ok;
}

Z3_func_decl smt_z3_uf(SmtCtx *s, int uf, DType dt) {
  int k = dt == DT_F16 ? 0 : dt == DT_F32 ? 1 : 2;
  if (s->uf[uf][k]) return s->uf[uf][k];
  static const char *const names[SMT_UF_COUNT] = {"exp2", "log2", "sin", "pow"};
  /* A '.' cannot occur in a variable's symbol (see encode.c), so these names never clash with one. */
  char name[32];
  snprintf(name, sizeof name, "%s.%s", names[uf], dt_name(dt));
  Z3_sort dom[2] = {s->sort[dt], s->sort[dt]};
  Z3_func_decl d = Z3_mk_func_decl(s->z, Z3_mk_string_symbol(s->z, name), uf == SMT_UF_POW ? 2 : 1, dom, s->sort[dt]);
  if (!d) return NULL;
  Z3_inc_ref(s->z, Z3_func_decl_to_ast(s->z, d));
  s->uf[uf][k] = d;
  return d;
}

const char *smt_logic(unsigned flags, bool integer) {
  if (integer) return "QF_NIA";
  static const char *const names[8] = {"QF_BV",   "QF_ABV",   "QF_UFBV",   "QF_AUFBV",
                                       "QF_BVFP", "QF_ABVFP", "QF_UFBVFP", "QF_AUFBVFP"};
  /* A graph's abstract effects are uninterpreted functions (encode_graph.c): its logic has UF (cvc5
   * rejects a declare-fun with arguments under QF_ABV). */
  unsigned k = ((flags & NF_HAS_GRAPH) ? 3u : 0u) | ((flags & NF_HAS_UF) ? 2u : 0u) | ((flags & NF_HAS_FLOAT) ? 4u : 0u);
  return names[k];
}

const char *smt_z3_const_name(SmtCtx *s, Z3_ast c) {
  Z3_func_decl d = Z3_get_app_decl(s->z, Z3_to_app(s->z, c));
  return d ? Z3_get_symbol_string(s->z, Z3_get_decl_name(s->z, d)) : NULL;
}

void smt_z3_retire(SmtCtx *s) { s->z_uses = s->recycle_at; }

const SmtSolveInfo *smt_last_solve(const SmtCtx *s) { return &s->last; }

void smt_clear_last_solve(SmtCtx *s) { memset(&s->last, 0, sizeof s->last); }
