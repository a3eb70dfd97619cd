/* Checking a query with Z3 and, as the context's options ask, cvc5 (encode.h: smt_check).
 *
 * Portfolio (SMT_SECOND_PORTFOLIO): Z3 first gets the query for portfolio_after_ms; nearly every query
 * is decided well within that, and starting a process for it would only cost. A query still open then
 * is written as SMT-LIB2 and given to cvc5 with the rest of the time limit, while Z3 checks it again
 * with the same rest: both run, and the first definite answer wins. When cvc5 wins, a watcher thread
 * interrupts Z3 (Z3_interrupt, which Z3 does not undo: the context is then retired and recreated before
 * its next query); when Z3 wins, cvc5 is killed. An unknown from Z3 before then (its resource limit, an
 * incomplete theory) gives cvc5 the rest of the time alone. A time limit of 0 (an rlimit run, as in the unit tests)
 * has no slices: Z3 runs to its resource limit, then cvc5 alone with second_timeout_ms.
 *
 * Re-check (SMT_SECOND_RECHECK): every unsat Z3 finds is given to cvc5; what cvc5 says is recorded in
 * the context's last-solve record (smt_last_solve), and a sat there is a disagreement.
 *
 * Answers: an unsat from either solver is taken; a sat from cvc5 only where the query's model is read
 * (spec->models: cvc5's values of the encoder's variables), never as a verdict by itself: verify/ confirms
 * every counterexample with the evaluator. Two definite answers that contradict each other are a
 * disagreement: the check returns undecided with both answers, and the caller reports an error. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir/timer.h"
#include "smt/cvc5.h"
#include "smt/encode.h"
#include "smt/query_cache.h"

const char *smt_second_version(void) { return cvc5_version(); }

typedef struct {
  Cvc5Job job;
  Cvc5Answer ans;
  SmtCtx *s;
  const char *text;
  bool sat_ends;
  double t0;
  unsigned delay_ms, timeout_ms;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool z3_done, z3_running; /* Z3's check has returned; is under way */
  bool started, reaping, done, interrupted;
} Race;

static bool ends_race(const Race *r) {
  return r->ans.answer == CVC5_UNSAT || (r->ans.answer == CVC5_SAT && r->sat_ends && r->ans.nvalues);
}

/* The watcher: waits delay_ms for Z3; if Z3 is still at it, starts cvc5 with the rest of the time,
 * waits for its answer, and interrupts Z3 when that answer ends the race. */
static void *watch(void *arg) {
  Race *r = arg;
  pthread_mutex_lock(&r->mu);
  double until = r->t0 + r->delay_ms / 1000.0;
  while (!r->z3_done) {
    double now = vs_seconds();
    if (now >= until) break;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    double wait = until - now;
    ts.tv_sec += (time_t)wait;
    ts.tv_nsec += (long)((wait - (double)(time_t)wait) * 1e9);
    if (ts.tv_nsec >= 1000000000L) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&r->cv, &r->mu, &ts);
  }
  if (r->z3_done) {
    pthread_mutex_unlock(&r->mu);
    return NULL;
  }
  double elapsed = (vs_seconds() - r->t0) * 1000.0;
  unsigned rest = elapsed < (double)r->timeout_ms ? (unsigned)((double)r->timeout_ms - elapsed) : 1;
  r->started = cvc5_start(&r->job, r->text, rest, r->ans.why, sizeof r->ans.why);
  pthread_mutex_unlock(&r->mu);
  if (!r->started) return NULL;
  char *output = cvc5_read(&r->job);
  pthread_mutex_lock(&r->mu);
  r->reaping = true; /* from here on its pid is not to be signalled */
  pthread_mutex_unlock(&r->mu);
  cvc5_reap(&r->job, output, &r->ans);
  pthread_mutex_lock(&r->mu);
  r->done = true;
  if (r->z3_running && ends_race(r)) {
    Z3_interrupt(r->s->z);
    r->interrupted = true;
  }
  pthread_mutex_unlock(&r->mu);
  return NULL;
}

static const char *lbool_name(Z3_lbool r) { return r == Z3_L_FALSE ? "unsat" : r == Z3_L_TRUE ? "sat" : "unknown"; }
static const char *cvc5_name(int a) { return a == CVC5_UNSAT ? "unsat" : a == CVC5_SAT ? "sat" : "unknown"; }

static void z3_reason(SmtCtx *s, Z3_solver solver, char *why, size_t whylen) {
  const char *r = Z3_solver_get_reason_unknown(s->z, solver);
  snprintf(why, whylen, "%s", r && *r ? r : "unknown");
  smt_z3_clear_error();
}

static void note_disagreement(SmtCtx *s, Z3_lbool z3, int cvc5, SmtCheck *out) {
  s->last.disagree = true;
  snprintf(s->last.detail, sizeof s->last.detail, "the solvers disagree: z3 %s says %s, cvc5 %s says %s",
           smt_solver_version(), lbool_name(z3), cvc5_version() ? cvc5_version() : "?", cvc5_name(cvc5));
  out->res = Z3_L_UNDEF;
  out->disagree = true;
  snprintf(out->why, sizeof out->why, "%s", s->last.detail);
}

/* Both answers in: the verdict. */
static void combine(SmtCtx *s, Z3_lbool z3, const char *z3why, Race *r, const SmtCheckSpec *spec, SmtCheck *out) {
  int c = r->ans.answer;
  if ((z3 == Z3_L_FALSE && c == CVC5_SAT) || (z3 == Z3_L_TRUE && c == CVC5_UNSAT)) {
    note_disagreement(s, z3, c, out);
    return;
  }
  if (z3 != Z3_L_UNDEF) {
    out->res = z3;
    out->by = SMT_SOLVER_Z3;
    return;
  }
  if (c == CVC5_UNSAT || (c == CVC5_SAT && spec->models && r->ans.nvalues)) {
    out->res = c == CVC5_UNSAT ? Z3_L_FALSE : Z3_L_TRUE;
    out->by = SMT_SOLVER_CVC5;
    out->cvc5 = r->ans;
    memset(&r->ans, 0, sizeof r->ans);
    s->last.by = SMT_SOLVER_CVC5;
    return;
  }
  out->res = Z3_L_UNDEF;
  snprintf(out->why, sizeof out->why, "z3: %.60s; %.70s%s", z3why, r->ans.why[0] ? r->ans.why : "cvc5: unknown",
           c == CVC5_SAT ? " (sat: no model read here)" : "");
}

/* cvc5 on the query, alone, to its end. */
static void run_alone(SmtCtx *s, const char *text, unsigned timeout_ms, Cvc5Answer *ans) {
  Cvc5Job j;
  memset(ans, 0, sizeof *ans);
  if (!cvc5_start(&j, text, timeout_ms, ans->why, sizeof ans->why)) {
    ans->answer = CVC5_UNKNOWN;
    return;
  }
  (void)s;
  cvc5_finish(&j, ans);
}

static void recheck(SmtCtx *s, const char *text, unsigned timeout_ms, SmtCheck *out) {
  Cvc5Answer a;
  memset(&a, 0, sizeof a);
  if (!text) snprintf(a.why, sizeof a.why, "cvc5: the query could not be written");
  else run_alone(s, text, timeout_ms ? timeout_ms : s->second_timeout_ms, &a);
  int verdict = a.answer == CVC5_UNSAT ? SMT_RECHECK_AGREES
              : a.answer == CVC5_SAT   ? SMT_RECHECK_DISAGREES
                                       : SMT_RECHECK_UNDECIDED;
  if (verdict == SMT_RECHECK_DISAGREES) note_disagreement(s, Z3_L_FALSE, CVC5_SAT, out);
  else if (verdict == SMT_RECHECK_UNDECIDED && s->last.recheck != SMT_RECHECK_DISAGREES)
    snprintf(s->last.detail, sizeof s->last.detail, "not re-checked: %s", a.why[0] ? a.why : "cvc5: unknown");
  if (verdict > s->last.recheck) s->last.recheck = verdict;
  cvc5_answer_free(&a);
}

/* The formulas fs[0..n) printed by Z3's benchmark printer, with the query's logic and (check-sat): what
 * the cache keys and the scripts for cvc5 are made from. Valid until Z3's next call; NULL when n is 0 or
 * Z3 could not print them. */
static const char *bench_of(SmtCtx *s, const Z3_ast *fs, size_t n, const SmtCheckSpec *spec) {
  if (!n) return NULL;
  const char *text = Z3_benchmark_to_smtlib_string(s->z, "", smt_logic(spec->flags, spec->integer), "unknown", "",
                                                   (unsigned)(n - 1), fs, fs[n - 1]);
  return text && !smt_z3_failed(NULL, 0) ? text : NULL;
}

/* The formulas fs[0..n) as built, printed by Z3's benchmark printer, as a cache key (NULL: no cache,
 * or under the re-check, whose every proof must reach cvc5). Not a solver's own printout: that is of
 * its assertions after its rewriter, which orders the operands of + * and the like by Z3's term ids,
 * and those depend on everything the context built before. */
char *smt_query_key(SmtCtx *s, const Z3_ast *fs, size_t n, const SmtCheckSpec *spec) {
  if (!s->cache || (s->second & SMT_SECOND_RECHECK)) return NULL;
  const char *text = bench_of(s, fs, n, spec);
  char *key = text ? query_cache_key(text) : NULL;
  smt_z3_clear_error();
  return key;
}

/* The script for cvc5 from a benchmark text (which sets the logic and ends in (check-sat)):
 * (set-option :produce-models true) first when names are given, and (get-value (NAMES...)) of those
 * names the text declares after it. */
static char *script_of(const char *bench, const char *const *names, size_t nnames) {
  size_t cap = strlen(bench) + 64;
  for (size_t i = 0; i < nnames; i++) cap += strlen(names[i]) + 1;
  char *out = malloc(cap);
  if (!out) return NULL;
  size_t k = (size_t)snprintf(out, cap, "%s%s", nnames ? "(set-option :produce-models true)\n" : "", bench);
  if (nnames) {
    char decl[160];
    k += (size_t)snprintf(out + k, cap - k, "(get-value (");
    for (size_t i = 0, m = 0; i < nnames; i++) {
      snprintf(decl, sizeof decl, "(declare-fun %s (", names[i]);
      if (!strstr(bench, decl)) continue;
      k += (size_t)snprintf(out + k, cap - k, "%s%s", m++ ? " " : "", names[i]);
    }
    snprintf(out + k, cap - k, "))\n");
  }
  return out;
}

/* The cache key of the solver's assertions as they were asserted (want_key), and the script for cvc5
 * (want_text; with (get-value ...) of e's variables when models are read), both from one printout of
 * the assertions by Z3's benchmark printer. The solver's own printout (Z3_solver_to_string, the script
 * before) goes through Z3's SMT-LIB2 pretty printer, about ten times the cost: 0.5 ms a query, 7 to 9%
 * of an easy instance's time, for a script cvc5 needs only for the few queries Z3 does not answer
 * within a second. The two printers write the same formulas. */
static void query_texts(SmtCtx *s, const Enc *e, Z3_solver solver, const SmtCheckSpec *spec, bool want_key,
                        bool want_text, char **key, char **text) {
  *key = *text = NULL;
  if (!want_key && !want_text) return;
  char **names = NULL;
  size_t nn = 0;
  bool ok = true;
  if (want_text && spec->models && e && e->nvars) {
    names = calloc(e->nvars, sizeof *names);
    ok = names != NULL;
    /* Z3's symbol strings live until its next call: copies. */
    for (; ok && nn < e->nvars; nn++) {
      const char *nm = smt_z3_const_name(s, e->vars[nn].c);
      ok = nm && (names[nn] = malloc(strlen(nm) + 1)) != NULL;
      if (ok) memcpy(names[nn], nm, strlen(nm) + 1);
    }
  }
  Z3_ast_vector v = ok ? Z3_solver_get_assertions(s->z, solver) : NULL;
  if (v) Z3_ast_vector_inc_ref(s->z, v);
  unsigned n = v ? Z3_ast_vector_size(s->z, v) : 0;
  Z3_ast *fs = n ? malloc(n * sizeof *fs) : NULL;
  for (unsigned i = 0; fs && i < n; i++) fs[i] = Z3_ast_vector_get(s->z, v, i);
  /* The printout lives until Z3's next call: nothing below calls Z3. */
  const char *bench = fs && !smt_z3_failed(NULL, 0) ? bench_of(s, fs, n, spec) : NULL;
  if (bench) {
    if (want_key) *key = query_cache_key(bench);
    if (want_text) *text = script_of(bench, (const char *const *)names, nn);
  }
  free(fs);
  if (v) Z3_ast_vector_dec_ref(s->z, v);
  for (size_t i = 0; i < nn; i++) free(names[i]);
  free(names);
  smt_z3_clear_error();
}

/* A verdict the cache holds for the query: out filled as the check that made it did. */
static bool from_cache(SmtCtx *s, const char *key, unsigned timeout, SmtCheck *out) {
  QueryCacheEntry qe;
  if (!key || !query_cache_get(s->cache, key, timeout, &qe)) return false;
  out->by = qe.by;
  if (qe.answer == QC_UNSAT) {
    out->res = Z3_L_FALSE;
    if (qe.by == SMT_SOLVER_CVC5) s->last.by = SMT_SOLVER_CVC5;
  } else {
    out->res = Z3_L_UNDEF;
    snprintf(out->why, sizeof out->why, "%.80s (the same query, earlier in this run)", qe.why);
  }
  return true;
}

static void to_cache(SmtCtx *s, const char *key, unsigned timeout, const SmtCheck *out) {
  if (!key || out->disagree || out->res == Z3_L_TRUE) return;
  QueryCacheEntry qe = {.answer = out->res == Z3_L_FALSE ? QC_UNSAT : QC_UNKNOWN, .timeout_ms = timeout, .by = out->by};
  snprintf(qe.why, sizeof qe.why, "%.110s", out->why);
  query_cache_put(s->cache, key, &qe);
}

Z3_lbool smt_check(SmtCtx *s, const Enc *e, Z3_solver solver, const SmtCheckSpec *spec, SmtCheck *out) {
  memset(out, 0, sizeof *out);
  out->by = SMT_SOLVER_Z3;
  unsigned timeout = spec->timeout_ms ? spec->timeout_ms : s->timeout_ms;
  /* The text for cvc5 is printed before Z3 checks (a tactic solver prints its tactic's output after). */
  char *key, *text;
  query_texts(s, e, solver, spec, s->cache && !(s->second & SMT_SECOND_RECHECK), s->second && cvc5_version(), &key,
              &text);
  if (from_cache(s, key, timeout, out)) {
    free(key);
    free(text);
    return out->res;
  }
  bool portfolio = (s->second & SMT_SECOND_PORTFOLIO) && text;
  Z3_lbool z3 = Z3_L_UNDEF;
  char z3why[120] = "";
  if (!portfolio) {
    z3 = Z3_solver_check(s->z, solver);
    out->res = z3;
    if (z3 == Z3_L_UNDEF) z3_reason(s, solver, out->why, sizeof out->why);
  } else if (!timeout) {
    /* An rlimit run: Z3 to its limit, then cvc5 alone (deterministic for Z3; cvc5 has a time limit). */
    z3 = Z3_solver_check(s->z, solver);
    if (z3 == Z3_L_UNDEF) {
      z3_reason(s, solver, z3why, sizeof z3why);
      Race r = {.s = s, .sat_ends = spec->models};
      run_alone(s, text, s->second_timeout_ms, &r.ans);
      combine(s, z3, z3why, &r, spec, out);
      cvc5_answer_free(&r.ans);
    } else out->res = z3;
  } else {
    Race r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.text = text;
    r.sat_ends = spec->models;
    r.t0 = vs_seconds();
    r.delay_ms = s->portfolio_after_ms;
    r.timeout_ms = timeout;
    pthread_mutex_init(&r.mu, NULL);
    pthread_cond_init(&r.cv, NULL);
    pthread_t th;
    bool threaded = pthread_create(&th, NULL, watch, &r) == 0;
    pthread_mutex_lock(&r.mu);
    r.z3_running = true;
    pthread_mutex_unlock(&r.mu);
    z3 = Z3_solver_check(s->z, solver);
    pthread_mutex_lock(&r.mu);
    r.z3_running = false;
    r.z3_done = true;
    bool interrupted = r.interrupted;
    if (z3 != Z3_L_UNDEF && !interrupted && r.started && !r.reaping) cvc5_kill(&r.job);
    pthread_cond_broadcast(&r.cv);
    pthread_mutex_unlock(&r.mu);
    if (interrupted) {
      z3 = Z3_L_UNDEF; /* whatever it returned when stopped */
      snprintf(z3why, sizeof z3why, "interrupted: cvc5 answered first");
      smt_z3_clear_error();
      smt_z3_retire(s);
    } else if (z3 == Z3_L_UNDEF) {
      z3_reason(s, solver, z3why, sizeof z3why);
    }
    if (threaded) pthread_join(th, NULL);
    /* Z3 gave up before the watcher started cvc5 (a resource limit, an incomplete theory: its unknown
     * came early), or there is no watcher: cvc5 gets the rest of the time alone. */
    if (z3 == Z3_L_UNDEF && !interrupted && !r.started) {
      double left = (double)timeout - (vs_seconds() - r.t0) * 1000.0;
      if (left >= 50.0) run_alone(s, text, (unsigned)left, &r.ans);
    }
    if (!r.started && !r.ans.why[0]) snprintf(r.ans.why, sizeof r.ans.why, "cvc5: not started (Z3 answered first)");
    combine(s, z3, z3why, &r, spec, out);
    cvc5_answer_free(&r.ans);
    pthread_mutex_destroy(&r.mu);
    pthread_cond_destroy(&r.cv);
  }
  if (out->res == Z3_L_FALSE && out->by == SMT_SOLVER_Z3 && (s->second & SMT_SECOND_RECHECK) && text &&
      !spec->no_recheck)
    recheck(s, text, timeout, out);
  free(text);
  to_cache(s, key, timeout, out);
  free(key);
  return out->res;
}

void smt_check_free(SmtCheck *c) { cvc5_answer_free(&c->cvc5); }

void smt_recheck_formulas(SmtCtx *s, const Z3_ast *fs, size_t n, const SmtCheckSpec *spec) {
  if (!(s->second & SMT_SECOND_RECHECK) || !cvc5_version()) return;
  if (!n) return;
  /* The printout lives until Z3's next call: script_of copies it first. */
  const char *bench = bench_of(s, fs, n, spec);
  char *text = bench ? script_of(bench, NULL, 0) : NULL;
  smt_z3_clear_error();
  SmtCheck out;
  memset(&out, 0, sizeof out);
  recheck(s, text, spec->timeout_ms ? spec->timeout_ms : s->timeout_ms, &out);
  free(text);
}

/* ---- cvc5's model as the encoder's ---- */

SmtVerdict smt_cvc5_model(Enc *e, const SmtCheck *c, SmtResult *r) {
  const Cvc5Answer *a = &c->cvc5;
  r->model.vars = calloc(e->nvars ? e->nvars : 1, sizeof *r->model.vars);
  if (!r->model.vars) {
    snprintf(r->reason, sizeof r->reason, "out of memory");
    return SMT_ERROR;
  }
  for (size_t i = 0; i < e->nvars; i++) {
    const Node *n = e->vars[i].node;
    const char *name = smt_z3_const_name(e->s, e->vars[i].c);
    const Cvc5Value *v = NULL;
    for (size_t k = 0; name && k < a->nvalues && !v; k++)
      if (!strcmp(a->values[k].name, name)) v = &a->values[k];
    DType dt = (DType)n->dtype;
    int lanes = n->lanes > 1 ? n->lanes : 1;
    unsigned w = (unsigned)dt_bits(dt);
    if (!v || v->width != w * (unsigned)lanes || (v->is_fp && lanes > 1)) {
      smt_result_free(r);
      snprintf(r->reason, sizeof r->reason, "cvc5: sat, but no value for '%s' in its model", n->aux.name);
      return SMT_UNKNOWN;
    }
    /* A vector is its lanes' bits concatenated, lane 0 lowest (encode_vector.c). */
    VarValue *out = &r->model.vars[i];
    out->var = n;
    for (int l = 0; l < lanes; l++) {
      unsigned bit = (unsigned)l * w;
      uint64_t bits = v->words[bit / 64] >> (bit % 64);
      if (bit % 64 && bit % 64 + w > 64) bits |= v->words[bit / 64 + 1] << (64 - bit % 64);
      out->lane[l] = vs_canon_bits(dt, bits & im_mask((int)w));
    }
    r->model.nvars = i + 1;
  }
  return SMT_INVALID;
}
