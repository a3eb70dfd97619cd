/* prog_oracle.c: the program target's oracles (see prog_oracle.h). */
#include "fuzz/prog_oracle.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/prog_eval.h"
#include "fuzz/input.h"
#include "ir/timer.h"
#include "verify/prog_check.h"
#include "text/prog_text.h"
#include "text/text.h"

/* The folds of the pass, as coverage entries (PassResult's counters). */
enum { COV_IF, COV_LOOP_REMOVED, COV_LOOP_UNROLLED, COV_WHILE, COV_BINDING, COV_SLOT, COV_VIEW, COV_CAPPED, NCOV };
/* Seconds of translation validation per program at most (ProgCheckOptions.seconds). */
enum { PROG_CHECK_BUDGET_S = 30 };
static const char *const cov_names[NCOV] = {"if_folded",       "loop_removed",  "loop_unrolled", "while_removed",
                                            "binding_removed", "slot_pruned",   "view_folded",   "depth_capped"};

struct ProgWorker {
  ProgOracleOptions o;
  Catalog *cat;
  VsCtx *ctx;
  SmtCtx *smt;
  FuzzStats st;
  CoverageEntry cov[NCOV];
  uint32_t fired[NCOV];
  size_t nfired;
  uint64_t changed; /* changed inputs, for sampling */
  uint64_t asked;   /* translation validations run (which pairing the next one uses) */
};

/* ---- text buffer ---- */

typedef struct {
  char *buf;
  size_t len, cap;
} Buf;

__attribute__((format(printf, 2, 3))) static void bput(Buf *b, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->buf ? b->buf + b->len : NULL, b->buf ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if (b->buf && (size_t)k < b->cap - b->len) {
      b->len += (size_t)k;
      return;
    }
    size_t nc = (b->cap ? b->cap * 2 : 256) + (size_t)k;
    char *nb = realloc(b->buf, nc);
    if (!nb) return;
    b->buf = nb;
    b->cap = nc;
  }
}

/* Each line of text, prefixed. */
static void bcomment(Buf *b, const char *prefix, const char *text) {
  while (text && *text) {
    const char *nl = strchr(text, '\n');
    int n = nl ? (int)(nl - text) : (int)strlen(text);
    bput(b, "%s%.*s\n", prefix, n, text);
    text += n + (nl ? 1 : 0);
  }
}

/* ---- worker ---- */

ProgWorker *prog_worker_new(const ProgOracleOptions *opts, Catalog *cat) {
  ProgWorker *w = calloc(1, sizeof *w);
  if (!w) {
    catalog_free(cat);
    return NULL;
  }
  w->o = *opts;
  if (!w->o.smt_rate) w->o.smt_rate = 64;
  if (!w->o.smt_timeout_ms) w->o.smt_timeout_ms = 1000;
  if (!w->o.unroll) w->o.unroll = 8;
  if (!w->o.points) w->o.points = 8;
  if (!w->o.fuel) w->o.fuel = 4096;
  w->cat = cat;
  w->ctx = vs_ctx_new();
  SmtOptions so = {.timeout_ms = w->o.smt_timeout_ms};
  w->smt = smt_new(&so);
  for (int i = 0; i < NCOV; i++) {
    w->cov[i].name = cov_names[i];
    w->cov[i].family = "pass";
    w->cov[i].provable = true;
  }
  if (!w->ctx || !w->smt) {
    prog_worker_free(w);
    return NULL;
  }
  return w;
}

void prog_worker_free(ProgWorker *w) {
  if (!w) return;
  smt_free(w->smt);
  vs_ctx_free(w->ctx);
  catalog_free(w->cat);
  free(w);
}

const FuzzStats *prog_worker_stats(const ProgWorker *w) { return &w->st; }

const CoverageEntry *prog_worker_coverage(const ProgWorker *w, size_t *n) {
  *n = NCOV;
  return w->cov;
}

size_t prog_worker_last_fired(const ProgWorker *w, const uint32_t **idx) {
  *idx = w->fired;
  return w->nfired;
}

static bool is_text(const uint8_t *data, size_t size) {
  return size && (data[0] == '#' || prog_text_is_program((const char *)data, size));
}

char *prog_input_text(VsCtx *ctx, const uint8_t *data, size_t size, const ProgGenOptions *gen) {
  if (!is_text(data, size)) return gen_prog_text(ctx, data, size, gen);
  char *t = malloc(size + 1);
  if (!t) return NULL;
  memcpy(t, data, size);
  t[size] = 0;
  return t;
}

bool prog_text_constant_only(const char *text, size_t len) {
  size_t k = strlen(PROG_CONSTANT_ONLY_LINE);
  for (size_t i = 0; i + k <= len; i++)
    if ((i == 0 || text[i - 1] == '\n') && !memcmp(text + i, PROG_CONSTANT_ONLY_LINE, k)) return true;
  return false;
}

/* ---- the concrete oracle ---- */

/* Results of opaque calls: a function of the point's seed and the event's position, so that source
 * and result see the same values. Mostly small ones, which keep later arithmetic defined. */
static bool call_result(void *user, size_t pos, DType dt, uint64_t *bits) {
  uint64_t s = *(const uint64_t *)user ^ ((uint64_t)pos * UINT64_C(0x9E3779B97F4A7C15));
  uint64_t r = fuzz_rng_next(&s), v;
  switch (r % 4) {
  case 0: v = 0; break;
  case 1: v = 1; break;
  case 2: v = (r >> 8) % 16; break;
  default: v = r >> 8; break;
  }
  *bits = vs_canon_bits(dt, im_wrap(dt, v));
  return true;
}

enum { MAX_CAND = 48 };

/* Candidate values of one parameter: its range's ends and neighbours, small values, the dtype's edge
 * values within the range (bit patterns). */
static size_t param_candidates(const PVar *p, uint64_t *out) {
  if (p->type.kind != TY_SCALAR || !p->node) {
    out[0] = 0;
    return 1;
  }
  DType dt = (DType)p->type.dtype;
  const FuzzEdges *e = fuzz_edges(dt);
  size_t n = 0;
  if (dt_is_float(dt)) {
    for (size_t i = 0; i < e->nedge && n < MAX_CAND; i++) out[n++] = e->edge[i];
    if (!n) out[n++] = 0;
    return n;
  }
  i128 lo = vs_vmin(p->node), hi = vs_vmax(p->node);
  const i128 fixed[11] = {lo, hi, lo + 1, hi - 1, 0, 1, -1, 2, 7, 8, 64};
  for (int i = 0; i < 11; i++)
    if (fixed[i] >= lo && fixed[i] <= hi) out[n++] = im_from_value(dt, fixed[i]);
  for (size_t i = 0; i < e->nedge && n < MAX_CAND; i++) {
    i128 v = im_value(dt, e->edge[i]);
    if (v >= lo && v <= hi) out[n++] = e->edge[i];
  }
  return n;
}

static uint64_t random_in_range(const PVar *p, uint64_t *rng) {
  if (p->type.kind != TY_SCALAR || !p->node) return 0;
  DType dt = (DType)p->type.dtype;
  uint64_t r = fuzz_rng_next(rng);
  if (dt_is_float(dt)) return vs_canon_bits(dt, im_wrap(dt, r));
  i128 lo = vs_vmin(p->node), hi = vs_vmax(p->node);
  u128 span = (u128)(hi - lo) + 1; /* both ends lie in a 64-bit range: no overflow in 128 bits */
  return im_from_value(dt, lo + (i128)((u128)r % span));
}

static bool same_event(const ProgEvent *a, const ProgEvent *b) {
  if (strcmp(a->sig, b->sig) || a->nargs != b->nargs) return false;
  return !a->nargs || !memcmp(a->args, b->args, a->nargs * sizeof *a->args);
}

static void event_text(Buf *b, const ProgEvent *e) {
  bput(b, "%s [", e->sig);
  for (uint32_t i = 0; i < e->nargs; i++) {
    char lit[96];
    if (e->kinds[i] == PROG_KIND_TENSOR) bput(b, "%stensor#%llu", i ? ", " : "", (unsigned long long)e->args[i]);
    else bput(b, "%s%s", i ? ", " : "", vs_format_literal((DType)e->kinds[i], e->args[i], true, lit, sizeof lit));
  }
  bput(b, "] at %d:%d", e->line, e->col);
}

/* True when the target's run refines the source's; otherwise describes the divergence in *why. */
static bool refines(const ProgTrace *s, const ProgTrace *t, Buf *why) {
  size_t i = 0;
  while (i < s->nevents && i < t->nevents && same_event(&s->events[i], &t->events[i])) i++;
  if (i == s->nevents && i == t->nevents && !t->ub) return true;
  if (t->ub && i == t->nevents) {
    bput(why, "the result has UB at %d:%d after %zu events; the source does not", t->ub_line, t->ub_col, i);
    return false;
  }
  bput(why, "event %zu differs: source ", i);
  if (i < s->nevents) event_text(why, &s->events[i]);
  else bput(why, "(no more events)");
  bput(why, ", result ");
  if (i < t->nevents) event_text(why, &t->events[i]);
  else bput(why, "(no more events)");
  return false;
}

static void params_text(Buf *b, const Function *f, const uint64_t *vals, uint64_t seed) {
  for (uint32_t i = 0; i < f->nparams; i++) {
    const PVar *p = f->params[i];
    if (p->type.kind != TY_SCALAR) continue;
    char lit[96];
    bput(b, "%s = %s\n", p->name, vs_format_literal((DType)p->type.dtype, vals[i], true, lit, sizeof lit));
  }
  bput(b, "call results: seed %llu\n", (unsigned long long)seed);
}

static const Function *find_fn(const Program *p, const char *name) {
  for (uint32_t i = 0; i < p->nfuncs; i++)
    if (!strcmp(p->funcs[i]->name, name)) return p->funcs[i];
  return NULL;
}

/* Runs src and tgt on the edge points and random points. Returns false on a point where the target does
 * not refine the source (described in *why, the point in *cex). */
static bool concrete(ProgWorker *w, const Function *src, const Function *tgt, uint64_t seed, bool stats, Buf *why,
                     Buf *cex) {
  uint32_t np = src->nparams;
  uint64_t *cand = calloc((size_t)np * MAX_CAND + 1, sizeof *cand), *vals = calloc(np + 1u, sizeof *vals);
  size_t *ncand = calloc(np + 1u, sizeof *ncand);
  bool ok = true;
  if (!cand || !vals || !ncand) goto done;
  size_t diag = 1;
  for (uint32_t i = 0; i < np; i++) {
    ncand[i] = param_candidates(src->params[i], cand + (size_t)i * MAX_CAND);
    if (ncand[i] > diag) diag = ncand[i];
  }
  if (diag > 32) diag = 32;
  uint64_t rng = seed;
  for (size_t k = 0; ok && k < diag + w->o.points; k++) {
    for (uint32_t i = 0; i < np; i++) {
      const uint64_t *c = cand + (size_t)i * MAX_CAND;
      if (k < diag) vals[i] = c[(k + 3 * i) % ncand[i]]; /* the diagonal, skewed so pairs vary */
      else if (fuzz_rng_below(&rng, 4)) vals[i] = c[fuzz_rng_below(&rng, ncand[i])];
      else vals[i] = random_in_range(src->params[i], &rng);
    }
    uint64_t cseed = seed ^ (k * UINT64_C(0xD1B54A32D192ED03));
    ProgEvalInput in = {.params = vals, .call_result = call_result, .user = &cseed, .fuel = w->o.fuel};
    ProgTrace ts, tt;
    bool ran = prog_eval(src, &in, &ts);
    ran = prog_eval(tgt, &in, &tt) && ran;
    if (stats) w->st.points++;
    /* Only a run of the source that ends without UB constrains the target (and a target that ran out
     * of fuel is not judged: its bound is the interpreter's, not the program's). */
    if (ran && !ts.ub && !ts.out_of_fuel && !tt.out_of_fuel && !refines(&ts, &tt, why)) {
      ok = false;
      params_text(cex, src, vals, cseed);
    }
    prog_trace_free(&ts);
    prog_trace_free(&tt);
  }
done:
  free(cand);
  free(vals);
  free(ncand);
  return ok;
}

/* ---- the pipeline ---- */

static Program *run_pass(ProgWorker *w, Program *p, bool constant_only, PassResult *res) {
  PassOptions po = {.obligations = true, .cat = w->cat, .constant_only = constant_only};
  memset(res, 0, sizeof *res);
  if (w->o.pass) return w->o.pass(p, &po, res, w->o.pass_ud);
  return pass_simplify_program(p, &po, res);
}

static bool parse_text(ProgWorker *w, const char *text, size_t len, Program **out, VsDiag *d) {
  return prog_parse(w->ctx, "<program>", text, len, out, d);
}

/* print(p) parses back to a program that prints the same. *printed receives print(p). */
static bool round_trip(ProgWorker *w, const Program *p, char **printed, Buf *why) {
  *printed = prog_print(p);
  if (!*printed) {
    bput(why, "the program does not print");
    return false;
  }
  Program *q = NULL;
  VsDiag d;
  if (!parse_text(w, *printed, strlen(*printed), &q, &d)) {
    bput(why, "the printed program does not parse: %d:%d: %s", d.line, d.col, d.msg);
    return false;
  }
  char *again = prog_print(q);
  bool same = again && !strcmp(again, *printed);
  if (!same) bput(why, "the printed program parses back to another program");
  free(again);
  prog_free(q);
  return same;
}

static void note_folds(ProgWorker *w, const PassResult *r, Buf *names, bool stats) {
  const size_t counts[NCOV] = {r->ifs_folded,       r->loops_removed, r->loops_unrolled, r->whiles_removed,
                               r->bindings_removed, r->slots_pruned,  r->views_folded,   r->depth_capped};
  if (stats) w->nfired = 0;
  for (int i = 0; i < NCOV; i++) {
    if (!counts[i]) continue;
    if (names) bput(names, "%s%s", names->len ? " " : "", cov_names[i]);
    if (!stats) continue;
    w->cov[i].fired += counts[i];
    w->cov[i].inputs++;
    w->fired[w->nfired++] = (uint32_t)i;
  }
}

static FindKind report(FuzzFinding *f, FindKind k, const char *oracle, Buf *why, Buf *cex, const char *src_text,
                       const char *res_text, Buf *folds, bool constant_only, unsigned flags) {
  if (!f) return k;
  memset(f, 0, sizeof *f);
  f->kind = k;
  snprintf(f->oracle, sizeof f->oracle, "%s", oracle);
  snprintf(f->detail, sizeof f->detail, "%s", why->buf ? why->buf : "");
  if (flags & FUZZ_NO_TEXT) return k;
  if (src_text) {
    Buf t = {0};
    bput(&t, "%s%s", constant_only ? PROG_CONSTANT_ONLY_LINE "\n" : "", src_text);
    f->case_text = t.buf;
  }
  Buf c = {0};
  if (cex && cex->buf) bput(&c, "%s", cex->buf);
  if (res_text) {
    bput(&c, "the pass's result:\n");
    bcomment(&c, "  ", res_text);
  }
  f->cex_text = c.buf;
  f->rules = folds && folds->buf ? strdup(folds->buf) : strdup("");
  fuzz_finding_sign(f);
  return k;
}

FindKind prog_fuzz_check(ProgWorker *w, const char *text, size_t len, unsigned flags, FuzzFinding *f) {
  bool stats = !(flags & FUZZ_NO_STATS);
  Program *src = NULL, *res1 = NULL, *res2 = NULL;
  PassResult r1, r2;
  memset(&r1, 0, sizeof r1);
  memset(&r2, 0, sizeof r2);
  char *src_text = NULL, *res_text = NULL, *res2_text = NULL;
  Buf why = {0}, cex = {0}, folds = {0};
  FindKind k = FIND_NONE;
  const char *oracle = "engine";
  bool constant_only = prog_text_constant_only(text, len);
  VsDiag d;
  if (!parse_text(w, text, len, &src, &d)) {
    bput(&why, "the program does not parse: %d:%d: %s", d.line, d.col, d.msg);
    k = FIND_PARSE;
    oracle = "parser";
    goto out;
  }
  if (stats) w->st.execs++;
  /* The source round trip (a generated program must print as a file that parses back to it). */
  if (!round_trip(w, src, &src_text, &why)) {
    k = FIND_ROUNDTRIP;
    oracle = "roundtrip";
    goto out;
  }
  res1 = run_pass(w, src, constant_only, &r1);
  if (!res1) {
    bput(&why, "the pass failed: %s", r1.error);
    k = FIND_ENGINE;
    goto out;
  }
  note_folds(w, &r1, &folds, stats);
  res_text = prog_print(res1);
  if (!res_text) {
    bput(&why, "the result does not print");
    k = FIND_ROUNDTRIP;
    oracle = "roundtrip";
    goto out;
  }
  bool changed = strcmp(res_text, src_text) != 0;
  if (stats && changed) w->st.changed++;
  if (changed) w->changed++;
  /* Concrete differential, per function. */
  uint64_t seed = fuzz_hash(src_text, strlen(src_text), FUZZ_HASH_INIT);
  bool mismatch = false;
  for (uint32_t i = 0; i < src->nfuncs && !mismatch; i++) {
    const Function *tf = find_fn(res1, src->funcs[i]->name);
    if (!tf) {
      bput(&why, "the result has no function '%s'", src->funcs[i]->name);
      mismatch = true;
    } else {
      mismatch = !concrete(w, src->funcs[i], tf, seed + i, stats, &why, &cex);
    }
  }
  /* Z3: translation validation and the folds' obligations. */
  SmtMode mode = w->o.smt;
  if (flags & FUZZ_SMT_NEVER) mode = SMT_MODE_NEVER;
  if (flags & FUZZ_SMT_ALWAYS) mode = SMT_MODE_ALWAYS;
  bool ask = mode == SMT_MODE_ALWAYS ? changed
             : mode == SMT_MODE_SAMPLED ? changed && (w->changed % w->o.smt_rate == 1 || w->o.smt_rate == 1)
             : mode == SMT_MODE_ON_MISMATCH ? mismatch : false;
  if (ask) {
    /* Loop by loop: with the pass's records of the loops it kept, and one check in three with loops
     * paired structurally (as `vsimp check SRC TGT` does). */
    /* A budget per program: a program that asks hundreds of queries at a second each would hold a
     * worker for many minutes (a campaign ran past its --time on one); past it the check is `unknown`. */
    ProgCheckOptions co = {.unroll = w->o.unroll, .seconds = PROG_CHECK_BUDGET_S};
    if (w->asked++ % 3 != 2) {
      co.links = r1.links;
      co.nlinks = r1.nlinks;
    }
    double t0 = vs_seconds();
    ProgCheckResult tv = prog_check_program(w->smt, &co, src, res1);
    if (stats) {
      for (size_t i = 0; i < tv.nloops; i++)
        if (!tv.loops[i].in_target) {
          w->st.smt_loops++;
          w->st.smt_loops_induction += tv.loops[i].method == PROG_LOOP_INDUCTION;
        }
      w->st.smt_checks++;
      w->st.smt_seconds += vs_seconds() - t0;
      if (tv.verdict == CHECK_VALID) w->st.smt_valid++;
      else if (tv.verdict == CHECK_INVALID) w->st.smt_invalid++;
      else if (tv.verdict == CHECK_UNKNOWN) w->st.smt_unknown++;
      else w->st.smt_errors++;
    }
    if (mismatch && tv.verdict == CHECK_VALID && !tv.bounded) {
      /* A full proof of what the interpreter refutes: one of the two semantics is wrong. */
      Buf msg = {0};
      bput(&msg, "Z3 proves the result valid; the interpreter refutes it: %s", why.buf ? why.buf : "");
      free(why.buf);
      why = msg;
      k = FIND_DISAGREE;
      oracle = "smt";
    } else if (!mismatch && tv.verdict == CHECK_INVALID) {
      bput(&why, "translation validation refutes the result");
      if (tv.report) bput(&cex, "%s", tv.report);
      k = FIND_UNSOUND;
      oracle = "smt";
    }
    prog_check_result_free(&tv);
    for (size_t i = 0; k == FIND_NONE && !mismatch && i < r1.nobligations; i++) {
      char because[200] = "";
      if (prog_check_obligation(w->smt, &r1.obligations[i], because, sizeof because) == CHECK_INVALID) {
        bput(&why, "the fold decision '%s' at %d:%d does not hold: %s", r1.obligations[i].what ? r1.obligations[i].what : "?",
             r1.obligations[i].line, r1.obligations[i].col, because);
        k = FIND_UNSOUND;
        oracle = "obligation";
      }
    }
  }
  if (k == FIND_NONE && mismatch) {
    k = FIND_UNSOUND;
    oracle = "concrete";
  }
  if (k != FIND_NONE) goto out;
  /* The result's round trip, then idempotence (unless the first run stopped at the nesting cap). */
  char *rt = NULL;
  bool rt_ok = round_trip(w, res1, &rt, &why);
  free(rt);
  if (!rt_ok) {
    k = FIND_ROUNDTRIP;
    oracle = "roundtrip";
    goto out;
  }
  if (!r1.depth_capped) {
    res2 = run_pass(w, res1, constant_only, &r2);
    if (!res2) {
      bput(&why, "the second run of the pass failed: %s", r2.error);
      k = FIND_ENGINE;
      goto out;
    }
    res2_text = prog_print(res2);
    if (!res2_text || strcmp(res2_text, res_text)) {
      bput(&why, "a second run of the pass changes the result");
      if (res2_text) {
        bput(&cex, "the second run gives:\n");
        bcomment(&cex, "  ", res2_text);
      }
      k = FIND_NOT_IDEMPOTENT;
      oracle = "idempotence";
    }
  }
out:
  if (k != FIND_NONE) report(f, k, oracle, &why, &cex, src_text ? src_text : NULL, res_text, &folds, constant_only, flags);
  if (k == FIND_PARSE && f && !(flags & FUZZ_NO_TEXT)) {
    free(f->case_text);
    f->case_text = malloc(len + 1);
    if (f->case_text) {
      memcpy(f->case_text, text, len);
      f->case_text[len] = 0;
    }
  }
  free(why.buf);
  free(cex.buf);
  free(folds.buf);
  free(src_text);
  free(res_text);
  free(res2_text);
  pass_result_free(&r2);
  pass_result_free(&r1);
  prog_free(res2);
  prog_free(res1);
  prog_free(src);
  return k;
}

FindKind prog_fuzz_exec(ProgWorker *w, const uint8_t *data, size_t size, bool must_parse, FuzzFinding *f) {
  if (vs_ctx_node_count(w->ctx) > (1u << 18)) {
    VsCtx *fresh = vs_ctx_new();
    if (fresh) {
      vs_ctx_free(w->ctx);
      w->ctx = fresh;
    }
  }
  w->nfired = 0;
  bool text_input = is_text(data, size);
  char *text = prog_input_text(w->ctx, data, size, &w->o.gen);
  if (!text) return FIND_NONE;
  FuzzFinding tmp;
  FindKind k = prog_fuzz_check(w, text, strlen(text), 0, f ? f : &tmp);
  if (k == FIND_PARSE && text_input && !must_parse) {
    /* A mutated text that no longer parses: not a finding (the parse target covers the parser). */
    w->st.parse_failed++;
    if (f) fuzz_finding_free(f);
    else fuzz_finding_free(&tmp);
    k = FIND_NONE;
  } else if (!f && k != FIND_NONE) {
    fuzz_finding_free(&tmp);
  }
  if (k == FIND_NONE && f) memset(f, 0, sizeof *f);
  if (k != FIND_NONE && f && size) {
    f->input = malloc(size);
    if (f->input) {
      memcpy(f->input, data, size);
      f->input_size = size;
    }
  }
  free(text);
  return k;
}

static size_t stmt_count_text(ProgWorker *w, const char *text) {
  Program *p = NULL;
  VsDiag d;
  if (!text || !parse_text(w, text, strlen(text), &p, &d)) return 0;
  size_t n = 0;
  for (uint32_t i = 0; i < p->nfuncs; i++) n += block_count(p->funcs[i]->body);
  prog_free(p);
  return n;
}

char *prog_finding_file(const FuzzFinding *f) {
  Buf b = {0};
  bput(&b, "# fuzz finding: %s (%s oracle), program target\n", find_kind_name(f->kind), f->oracle);
  bcomment(&b, "# detail: ", f->detail);
  bput(&b, "# signature: %s\n", f->signature ? f->signature : "?");
  bput(&b, "# folds: %s\n", f->rules && f->rules[0] ? f->rules : "(none)");
  if (f->cex_text) {
    bput(&b, "# counterexample:\n");
    bcomment(&b, "#   ", f->cex_text);
  }
  if (f->reduced && f->nodes_before) bput(&b, "# reduced from %zu to %zu statements\n", f->nodes_before, f->nodes_after);
  bput(&b, "# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once "
           "fixed.\n");
  if (f->case_text) bput(&b, "%s", f->case_text);
  return b.buf;
}

size_t prog_text_statements(ProgWorker *w, const char *text) { return stmt_count_text(w, text); }

VsCtx *prog_worker_ctx(ProgWorker *w) { return w->ctx; }
