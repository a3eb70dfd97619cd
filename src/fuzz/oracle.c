/* oracle.c: the fuzz pipeline for one input (see oracle.h). */
#include "fuzz/oracle.h"
#include "fuzz/prog_oracle.h"
#include "rewrite/folds.h"
#include "text/prog_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/refine_check.h"
#include "ir/graph.h"
#include "ir/timer.h"
#include "rewrite/engine.h"
#include "smt/smt.h"
#include "text/text.h"

/* The context is recreated when it holds this many nodes (a bound on memory; ~100 bytes a node). */
#define CTX_RECYCLE_NODES (1u << 14)
/* Limits of the worker's context: generated cases are small; parsed ones are bounded by the harness. */
#define CTX_MAX_NODES (1u << 22)
/* Domains of at most this many points are evaluated exhaustively by the concrete oracle. */
#define EXHAUSTIVE_POINTS 256
/* Edge values tried per variable. */
#define CAND_MAX 32

const char *find_kind_name(FindKind k) {
  static const char *const names[FIND_COUNT] = {"none", "unsound", "disagree", "not_idempotent", "roundtrip",
                                                "dtype", "engine", "budget", "parse"};
  return k < FIND_COUNT ? names[k] : "?";
}

const char *smt_mode_name(SmtMode m) {
  switch (m) {
  case SMT_MODE_NEVER: return "never";
  case SMT_MODE_ON_MISMATCH: return "on-mismatch";
  case SMT_MODE_SAMPLED: return "sampled";
  default: return "always";
  }
}

bool smt_mode_parse(const char *s, SmtMode *m) {
  for (int i = SMT_MODE_NEVER; i <= SMT_MODE_ALWAYS; i++)
    if (!strcmp(s, smt_mode_name((SmtMode)i))) {
      *m = (SmtMode)i;
      return true;
    }
  return false;
}

void fuzz_finding_free(FuzzFinding *f) {
  if (!f) return;
  free(f->case_text);
  free(f->cex_text);
  free(f->rules);
  free(f->signature);
  free(f->input);
  memset(f, 0, sizeof *f);
}

/* ---- the worker ---- */

typedef struct {
  const Node *var;
  uint64_t cand[CAND_MAX];
  unsigned ncand;
  i128 lo, span; /* integer and bool: the range, span = hi - lo */
} VarDom;

struct FuzzWorker {
  OracleOptions o;
  VsCtx *ctx;
  Catalog *cat;
  SmtCtx *smt;
  FuzzStats st;
  CoverageEntry *cov;
  size_t ncov, nrules;
  /* name pointer -> coverage index, open addressing (names are stable: rule text or static) */
  const char **idx_keys;
  uint32_t *idx_vals;
  size_t idx_cap;
  /* per input: the coverage entries that fired */
  uint32_t *fired;
  uint32_t *fired_count;
  /* per coverage entry: step checks asked (decided or not), so that a rule whose steps Z3 cannot
   * decide (loops it cannot unroll, timeouts) is not asked again at every firing */
  uint32_t *asked;
  size_t nfired;
  uint8_t *mark;
  VsFile file; /* the parsed text input, if any */
  uint64_t seed; /* of the current input's evaluation points */
  /* scratch for the concrete oracle: the candidate values of each variable, the prepared evaluators'
   * arguments */
  VarDom *dom;
  uint64_t *args;
  size_t dom_cap;
};

static size_t ptr_slot(const void *p, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(h >> 20) & (cap - 1);
}

static void idx_put(FuzzWorker *w, const char *name, uint32_t v) {
  size_t i = ptr_slot(name, w->idx_cap);
  while (w->idx_keys[i] && w->idx_keys[i] != name) i = (i + 1) & (w->idx_cap - 1);
  w->idx_keys[i] = name;
  w->idx_vals[i] = v;
}

static int idx_get(const FuzzWorker *w, const char *name) {
  for (size_t i = ptr_slot(name, w->idx_cap); w->idx_keys[i]; i = (i + 1) & (w->idx_cap - 1))
    if (w->idx_keys[i] == name) return (int)w->idx_vals[i];
  return -1;
}

static VsCtx *new_ctx(void) {
  VsCtx *ctx = vs_ctx_new();
  if (ctx) vs_ctx_set_limits(ctx, 0, CTX_MAX_NODES);
  return ctx;
}

FuzzWorker *fuzz_worker_new(const OracleOptions *opts, Catalog *cat) {
  FuzzWorker *w = calloc(1, sizeof *w);
  if (!w) {
    catalog_free(cat);
    return NULL;
  }
  if (opts) w->o = *opts;
  if (!w->o.smt_timeout_ms) w->o.smt_timeout_ms = 1000;
  if (!w->o.smt_rate) w->o.smt_rate = 4096;
  if (!w->o.smt_per_rule) w->o.smt_per_rule = 2;
  if (!w->o.points) w->o.points = 16;
  w->cat = cat;
  w->ctx = new_ctx();
  /* Coverage entries: the rules the engine can fire (lemmas are proved, never matched), then the folds. */
  size_t nmatchable = 0;
  for (size_t i = 0; i < catalog_rule_count(cat); i++) nmatchable += !catalog_rule(cat, i)->is_lemma;
  w->nrules = nmatchable;
  w->ncov = w->nrules + fold_count();
  w->cov = calloc(w->ncov + 1, sizeof *w->cov);
  w->fired = calloc(w->ncov + 1, sizeof *w->fired);
  w->fired_count = calloc(w->ncov + 1, sizeof *w->fired_count);
  w->asked = calloc(w->ncov + 1, sizeof *w->asked);
  w->mark = calloc(w->ncov + 1, 1);
  w->idx_cap = 64;
  while (w->idx_cap < 2 * (w->ncov + 1)) w->idx_cap *= 2;
  w->idx_keys = calloc(w->idx_cap, sizeof *w->idx_keys);
  w->idx_vals = calloc(w->idx_cap, sizeof *w->idx_vals);
  if (!w->ctx || !w->cov || !w->fired || !w->fired_count || !w->asked || !w->mark || !w->idx_keys || !w->idx_vals) {
    fuzz_worker_free(w);
    return NULL;
  }
  for (size_t i = 0, k = 0; i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    if (r->is_lemma) continue;
    w->cov[k] = (CoverageEntry){.name = r->name, .family = r->family, .provable = r->proved != NULL};
    idx_put(w, r->name, (uint32_t)k++);
  }
  for (size_t i = 0; i < fold_count(); i++) {
    const Fold *f = fold_get(i);
    bool provable = true; /* every lemma it rests on is proved somewhere */
    for (int l = 0; f->lemmas[l]; l++) {
      const Rule *lem = catalog_find(cat, f->lemmas[l]);
      provable &= lem && lem->proved;
    }
    w->cov[w->nrules + i] = (CoverageEntry){.name = f->name, .family = f->family, .provable = provable};
    idx_put(w, f->name, (uint32_t)(w->nrules + i));
  }
  if (w->o.smt != SMT_MODE_NEVER) {
    SmtOptions so = {.timeout_ms = w->o.smt_timeout_ms};
    w->smt = smt_new(&so);
  }
  return w;
}

void fuzz_worker_free(FuzzWorker *w) {
  if (!w) return;
  vs_file_free(&w->file);
  vs_ctx_free(w->ctx);
  catalog_free(w->cat);
  smt_free(w->smt);
  free(w->cov);
  free(w->fired);
  free(w->fired_count);
  free(w->asked);
  free(w->mark);
  free(w->idx_keys);
  free(w->idx_vals);
  free(w->dom);
  free(w->args);
  free(w);
}

const FuzzStats *fuzz_worker_stats(const FuzzWorker *w) { return &w->st; }
const CoverageEntry *fuzz_worker_coverage(const FuzzWorker *w, size_t *n) {
  *n = w->ncov;
  return w->cov;
}
VsCtx *fuzz_worker_ctx(FuzzWorker *w) { return w->ctx; }
size_t fuzz_worker_last_fired(const FuzzWorker *w, const uint32_t **idx) {
  *idx = w->fired;
  return w->nfired;
}
void fuzz_worker_set_seed(FuzzWorker *w, uint64_t seed) { w->seed = seed; }
void fuzz_worker_set_stats(FuzzWorker *w, const FuzzStats *st) { w->st = *st; }
Catalog *fuzz_worker_catalog(FuzzWorker *w) { return w->cat; }
const OracleOptions *fuzz_worker_options(const FuzzWorker *w) { return &w->o; }

static SmtCtx *worker_smt(FuzzWorker *w) {
  if (!w->smt) {
    SmtOptions so = {.timeout_ms = w->o.smt_timeout_ms};
    w->smt = smt_new(&so);
  }
  return w->smt;
}

/* ---- inputs ---- */

bool fuzz_input_case(FuzzWorker *w, const uint8_t *data, size_t size, GenCase *gc, FuzzCase *out) {
  memset(out, 0, sizeof *out);
  vs_file_free(&w->file);
  memset(&w->file, 0, sizeof w->file);
  if (size && data[0] == '#') {
    VsDiag d;
    memset(gc, 0, sizeof *gc);
    if (!vs_parse(w->ctx, "<input>", (const char *)data, size, &w->file, &d)) return false;
    out->vars = w->file.vars;
    out->nvars = w->file.nvars;
    out->root = w->file.src;
    /* `# matcher: simple` in a text input selects the simple matcher. */
    out->simple_matcher = fuzz_contains(data, size, "# matcher: simple");
    gc->nvars = w->file.nvars < GEN_CASE_VARS ? w->file.nvars : GEN_CASE_VARS;
    for (size_t i = 0; i < gc->nvars; i++) gc->vars[i] = w->file.vars[i];
    gc->root = out->root;
    gc->simple_matcher = out->simple_matcher;
    return true;
  }
  if (!gen_case(w->ctx, data, size, &w->o.gen, gc)) return false;
  out->vars = gc->vars;
  out->nvars = gc->nvars;
  out->root = gc->root;
  out->simple_matcher = gc->simple_matcher;
  return true;
}

bool fuzz_finding_case(FuzzWorker *w, const FuzzFinding *f, FuzzCase *out) {
  memset(out, 0, sizeof *out);
  vs_file_free(&w->file);
  memset(&w->file, 0, sizeof w->file);
  VsDiag d;
  if (!f->case_text || !vs_parse(w->ctx, "<finding>", f->case_text, strlen(f->case_text), &w->file, &d)) return false;
  out->vars = w->file.vars;
  out->nvars = w->file.nvars;
  out->root = w->file.src;
  out->simple_matcher = f->simple_matcher;
  return true;
}

FindKind fuzz_exec(FuzzWorker *w, const uint8_t *data, size_t size, FuzzFinding *f) {
  if (vs_ctx_node_count(w->ctx) > CTX_RECYCLE_NODES) {
    vs_file_free(&w->file);
    memset(&w->file, 0, sizeof w->file);
    VsCtx *fresh = new_ctx();
    if (fresh) {
      vs_ctx_free(w->ctx);
      w->ctx = fresh;
    }
  }
  w->seed = fuzz_hash(data, size, FUZZ_HASH_INIT);
  GenCase gc;
  FuzzCase c;
  if (!fuzz_input_case(w, data, size, &gc, &c)) {
    w->st.execs++;
    w->st.parse_failed++;
    return FIND_NONE;
  }
  FindKind k = fuzz_check(w, &c, 0, f);
  if (k != FIND_NONE && f) {
    f->input = malloc(size ? size : 1);
    if (f->input) {
      memcpy(f->input, data, size);
      f->input_size = size;
    }
  }
  return k;
}

/* ---- text helpers ---- */

typedef struct {
  char *buf;
  size_t len, cap;
} Str;

static void str_add(Str *s, const char *t) {
  size_t n = strlen(t);
  if (s->len + n + 1 > s->cap) {
    size_t cap = s->cap ? s->cap : 128;
    while (cap < s->len + n + 1) cap *= 2;
    char *nb = realloc(s->buf, cap);
    if (!nb) return;
    s->buf = nb;
    s->cap = cap;
  }
  memcpy(s->buf + s->len, t, n + 1);
  s->len += n;
}

static void str_addf(Str *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void str_addf(Str *s, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  str_add(s, tmp);
}

/* ---- rewriting ---- */

typedef struct {
  Rewriter *rw;
  Node *res;
  bool exhausted;
} Simplified;

/* The default budget: generous for rules that terminate (a node is rewritten a few times), small enough
 * that a loop between rules costs milliseconds. */
static uint64_t default_budget(Node *n) {
  Node **order;
  size_t k = vs_postorder(n, &order);
  free(order);
  return 5000 + 50 * (uint64_t)k;
}

static Simplified simplify_once(FuzzWorker *w, const FuzzCase *c, Node *n, bool trace) {
  RewriteOptions ro = {.simple = c->simple_matcher, .budget = w->o.budget ? w->o.budget : default_budget(n), .trace = trace};
  Simplified s = {0};
  s.rw = rewriter_new(w->ctx, w->cat, &ro);
  if (!s.rw) return s;
  s.res = rewriter_simplify(s.rw, n);
  s.exhausted = rewriter_stats(s.rw)->budget_exhausted;
  return s;
}

/* The names in a trace, in order of first appearance, space-separated (malloc'd). */
static char *trace_names(const Rewriter *rw) {
  size_t n;
  const TraceStep *t = rewriter_trace(rw, &n);
  Str s = {0};
  str_add(&s, "");
  const char *seen[512];
  size_t nseen = 0;
  for (size_t i = 0; i < n; i++) {
    size_t j = 0;
    while (j < nseen && seen[j] != t[i].name) j++;
    if (j < nseen) continue;
    if (nseen < 512) seen[nseen++] = t[i].name;
    if (s.len) str_add(&s, " ");
    str_add(&s, t[i].name);
  }
  return s.buf;
}

Node *fuzz_simplify_traced(FuzzWorker *w, const FuzzCase *c, char **rules) {
  Simplified s = simplify_once(w, c, c->root, true);
  if (rules) *rules = s.rw ? trace_names(s.rw) : NULL;
  rewriter_free(s.rw);
  return s.res;
}

/* Which coverage entries fired in this input (w->fired[0..nfired), with counts). */
static void collect_fired(FuzzWorker *w, const Rewriter *rw) {
  for (size_t i = 0; i < w->nfired; i++) w->mark[w->fired[i]] = 0;
  w->nfired = 0;
  size_t n;
  const TraceStep *t = rewriter_trace(rw, &n);
  const char *last = NULL;
  int last_idx = -1;
  for (size_t i = 0; i < n; i++) {
    int k = t[i].name == last ? last_idx : idx_get(w, t[i].name);
    last = t[i].name;
    last_idx = k;
    if (k < 0) continue;
    if (!w->mark[k]) {
      w->mark[k] = 1;
      w->fired_count[w->nfired] = 0;
      w->fired[w->nfired++] = (uint32_t)k;
    }
    for (size_t j = w->nfired; j-- > 0;)
      if (w->fired[j] == (uint32_t)k) {
        w->fired_count[j]++;
        break;
      }
  }
}

/* ---- engine properties ---- */

/* Printing n (with the case's declarations) and parsing it back gives n. */
static bool roundtrips(FuzzWorker *w, const FuzzCase *c, Node *n, char *why, size_t whylen) {
  char *text = vs_print_case(c->vars, c->nvars, n, NULL);
  if (!text) return true; /* too large to print: the printer's documented limit */
  VsFile f;
  VsDiag d;
  bool ok = vs_parse(w->ctx, "<printed>", text, strlen(text), &f, &d);
  if (!ok) snprintf(why, whylen, "the printed expression does not parse: %d:%d: %.100s", d.line, d.col, d.msg);
  else if (f.src != n) snprintf(why, whylen, "the printed expression parses to a different node");
  ok = ok && f.src == n;
  vs_file_free(&f);
  free(text);
  return ok;
}

/* A point where the result does not refine the source: the point and both outcomes (owned). */
typedef struct {
  bool mismatch;
  Point cex;
  Outcome src, tgt;
} Concrete;

/* ---- the concrete oracle ----
 *
 * One oracle for every case: source and result evaluated at the same points, scalars, vectors and
 * graphs alike. A point gives every variable every lane (the candidates of dom_init, drawn lane by lane
 * so that lanes differ: a wrong lane permutation shows only then), and on a graph expression every free
 * range a value and every buffer random contents. The points: every point when a scalar case's domain is
 * tiny; then edge rounds (every edge value of every variable at least once, combined diagonally; when
 * some scalar variable has at most 4 values (bools, tiny ranges), the same diagonal once more with those
 * variables shifted to their next value, so that each of them meets every edge of the others twice; a
 * graph case at least 8 rounds, so that buffer contents and range values vary); then random points. A
 * point where the source is admissible and not UB and the result does not refine it (outcome_refines) is
 * a mismatch. Scalar cases run in the prepared evaluator (the fuzzer's hot loop), everything else in
 * eval_at. A point one side cannot evaluate (a loop past the evaluator's iteration limit, in a text input)
 * costs a large part of a second: the case is not judged further.
 *
 * Graph inputs: every free range a value in its domain (its end evaluated at the point: 0, end - 1, the
 * middle or a random one; one point in eight outside the domain, which the evaluator marks inadmissible
 * and the oracle skips), and every buffer random contents (small values, which make good indices, edge
 * values and random bits; sometimes all one value). No exhaustive mode for vectors and graphs: a vector's
 * domain is the lane domain to the power of its lanes, a buffer's contents are part of the domain. */

static void dom_add(VarDom *d, uint64_t bits) {
  for (unsigned i = 0; i < d->ncand; i++)
    if (d->cand[i] == bits) return;
  if (d->ncand < CAND_MAX) d->cand[d->ncand++] = bits;
}

static void dom_init(VarDom *d, const Node *v) {
  DType dt = (DType)v->dtype;
  d->var = v;
  d->ncand = 0;
  const FuzzEdges *e = fuzz_edges(dt);
  if (dt_is_float(dt)) {
    for (size_t i = 0; i < e->nedge; i++) dom_add(d, e->edge[i]);
    return;
  }
  i128 lo = vs_vmin(v), hi = vs_vmax(v);
  d->lo = lo;
  d->span = hi - lo;
  const i128 near[] = {lo, hi, lo + 1, hi - 1, 0, 1, -1, 2};
  for (size_t i = 0; i < sizeof near / sizeof near[0]; i++)
    if (near[i] >= lo && near[i] <= hi) dom_add(d, im_from_value(dt, near[i]));
  for (size_t i = 0; i < e->nedge; i++) {
    i128 x = im_value(dt, e->edge[i]);
    if (x >= lo && x <= hi) dom_add(d, e->edge[i]);
  }
  i128 mid = lo + d->span / 2;
  dom_add(d, im_from_value(dt, mid));
}

static uint64_t dom_size(const VarDom *d) {
  DType dt = (DType)d->var->dtype;
  if (dt_is_float(dt)) return UINT64_MAX;
  return d->span >= (i128)UINT64_MAX ? UINT64_MAX : (uint64_t)d->span + 1;
}

static uint64_t dom_random(FuzzWorker *w, const VarDom *d) {
  DType dt = (DType)d->var->dtype;
  uint64_t r = fuzz_rng_next(&w->seed);
  if (r & 3) return d->cand[(r >> 2) % d->ncand];
  uint64_t x = fuzz_rng_next(&w->seed);
  if (dt_is_float(dt)) return im_wrap(dt, x);
  uint64_t size = dom_size(d);
  uint64_t k = size == UINT64_MAX && d->span >= (i128)UINT64_MAX ? x : x % size;
  return im_from_value(dt, d->lo + (i128)k);
}

static bool ensure_scratch(FuzzWorker *w, size_t nvars) {
  if (nvars + 1 <= w->dom_cap) return true;
  size_t cap = (nvars + 1) * 2;
  VarDom *d = realloc(w->dom, cap * sizeof *d);
  if (!d) return false;
  w->dom = d;
  uint64_t *a = realloc(w->args, cap * sizeof *a);
  if (!a) return false;
  w->args = a;
  w->dom_cap = cap;
  return true;
}

/* The variables of both sides, each once, with their candidate values in w->dom (in post-order of
 * first appearance, source first: the order the evaluators list them in); returns the count. */
static size_t collect_vars(FuzzWorker *w, Node *src, Node *res) {
  size_t n = 0;
  for (int e = 0; e < 2; e++) {
    Node **order;
    size_t k = vs_postorder(e ? res : src, &order);
    for (size_t i = 0; i < k; i++) {
      if (order[i]->op != OP_VAR) continue;
      size_t j = 0;
      while (j < n && w->dom[j].var != order[i]) j++;
      if (j < n) continue;
      if (!ensure_scratch(w, n + 1)) break;
      dom_init(&w->dom[n++], order[i]);
    }
    free(order);
  }
  return n;
}

static int cmp_node_id(const void *a, const void *b) {
  uint32_t x = (*(Node *const *)a)->id, y = (*(Node *const *)b)->id;
  return x < y ? -1 : x > y;
}

/* The union of the two lists (each malloc'd by graph_free_ranges or graph_buffers, and freed here), by
 * id. */
static size_t merge_nodes(Node **a, size_t na, Node **b, size_t nb, Node ***out) {
  *out = NULL;
  Node **u = na == SIZE_MAX || nb == SIZE_MAX ? NULL : malloc((na + nb + 1) * sizeof *u);
  size_t n = 0;
  for (size_t i = 0; u && i < na + nb; i++) {
    Node *x = i < na ? a[i] : b[i - na];
    size_t j = 0;
    while (j < n && u[j] != x) j++;
    if (j == n) u[n++] = x;
  }
  if (u) qsort(u, n, sizeof *u, cmp_node_id);
  if (na != SIZE_MAX) free(a);
  if (nb != SIZE_MAX) free(b);
  *out = u;
  return u ? n : 0;
}

/* One case's inputs and the state of its points. */
typedef struct {
  Node *src, *res;
  Point pt;           /* the current point: vars in w->dom's order, ranges and buffers by id */
  Evaluator *ev[2];   /* a scalar case: the prepared evaluators of source and result */
  size_t *slot[2];    /* for each evaluator's variable, its index in pt.vars */
  bool failed;        /* a side could not be evaluated: the case is not judged further */
} Probe;

/* The prepared evaluators of a scalar case. */
static bool probe_prepare(FuzzWorker *w, Probe *c) {
  for (int e = 0; e < 2; e++) {
    c->ev[e] = evaluator_new(e ? c->res : c->src);
    if (!c->ev[e]) return false;
    const Node *const *vs;
    size_t n = evaluator_vars(c->ev[e], &vs);
    if (!(c->slot[e] = malloc((n + 1) * sizeof(size_t)))) return false;
    for (size_t j = 0; j < n; j++) {
      size_t k = 0;
      while (k < c->pt.nvars && w->dom[k].var != vs[j]) k++;
      c->slot[e][j] = k;
    }
  }
  return true;
}

static void probe_free(Probe *c) {
  for (int e = 0; e < 2; e++) {
    evaluator_free(c->ev[e]);
    free(c->slot[e]);
  }
  point_free(&c->pt);
}

static Value probe_run(FuzzWorker *w, Probe *c, int e) {
  const Node *const *vs;
  size_t n = evaluator_vars(c->ev[e], &vs);
  for (size_t j = 0; j < n; j++) w->args[j] = c->pt.vars[c->slot[e][j]].lane[0];
  return evaluator_run(c->ev[e], w->args);
}

/* Evaluates both sides at the current point: true if it refutes (out then holds the point and both
 * outcomes). */
static bool probe_try(FuzzWorker *w, Probe *c, Concrete *out) {
  w->st.points++;
  Outcome so, to;
  memset(&so, 0, sizeof so);
  memset(&to, 0, sizeof to);
  bool refutes = false;
  if (c->ev[0]) {
    so.value = lane_value(probe_run(w, c, 0));
    if (!so.value.ub) to.value = lane_value(probe_run(w, c, 1));
    refutes = !outcome_refines(&so, &to);
  } else if (!eval_at(c->src, &c->pt, &so, NULL, 0)) {
    c->failed = true;
  } else if (!so.out_of_domain && !so.value.ub) {
    if (!eval_at(c->res, &c->pt, &to, NULL, 0)) c->failed = true;
    else refutes = !outcome_refines(&so, &to);
  }
  if (refutes && point_copy(&out->cex, &c->pt)) {
    out->mismatch = true;
    out->src = so;
    out->tgt = to;
    return true;
  }
  outcome_free(&so);
  outcome_free(&to);
  return refutes;
}

/* An element of a buffer of dtype dt: a small value (integers: -1 to 8, the indices of small
 * buffers), an edge value or random bits (canonical). */
static uint64_t graph_element(FuzzWorker *w, DType dt) {
  uint64_t r = fuzz_rng_next(&w->seed);
  const FuzzEdges *e = fuzz_edges(dt);
  if (dt == DT_BOOL) return r & 1;
  switch ((r >> 1) % 4) {
  case 0: case 1: /* floats: edge values (0.0, 1.0, -0.0, inf, NaN, ...) */
    if (dt_is_float(dt)) return e->nedge ? e->edge[(r >> 8) % e->nedge] : 0;
    return im_from_value(dt, (i128)((r >> 8) % 10) - 1);
  case 2: return e->nedge ? e->edge[(r >> 8) % e->nedge] : 0;
  default: return vs_canon_bits(dt, fuzz_rng_next(&w->seed));
  }
}

/* Elements written per point into a buffer of more than GRAPH_DENSE elements (the first and last 8 and
 * some in between; the rest hold the default). */
#define GRAPH_DENSE 16

/* New random contents of one buffer (its least size, for a buffer of free size). */
static bool graph_fill(FuzzWorker *w, BufValue *bv) {
  DType dt = (DType)bv->buf->dtype;
  uint64_t size = bv->buf->lo, mode = fuzz_rng_next(&w->seed) % 8;
  bufdata_free(&bv->data);
  bufdata_init(&bv->data, size, mode == 0 ? 0 : graph_element(w, dt));
  if (mode <= 1) return true; /* all zero, or all one value */
  for (uint64_t i = 0; i < size; i++) {
    uint64_t at = i;
    if (size > GRAPH_DENSE) {
      if (i >= GRAPH_DENSE + 8) break;
      at = i < 8 ? i : i < 16 ? size - 16 + i : 8 + fuzz_rng_below(&w->seed, size - 16);
    }
    if (!bufdata_set(&bv->data, at, graph_element(w, dt))) return false;
  }
  return true;
}

/* The value of free range k at the current point: its end is evaluated with the ranges before it
 * (those its end may use) already set. */
static uint64_t graph_range_value(FuzzWorker *w, const Point *pt, size_t k) {
  Point before = *pt;
  before.nranges = k;
  Outcome er;
  i128 end = 0;
  if (eval_at(pt->ranges[k].var->args[0], &before, &er, NULL, 0) && !er.out_of_domain && !er.value.ub && !er.value.inv)
    end = im_value(DT_INDEX, er.value.lane[0]);
  outcome_free(&er);
  uint64_t r = fuzz_rng_next(&w->seed);
  if (end <= 0 || r % 8 == 0) return im_from_value(DT_INDEX, r & 8 ? -1 : end); /* outside the domain */
  switch ((r >> 3) % 4) {
  case 0: return 0;
  case 1: return im_from_value(DT_INDEX, end - 1);
  case 2: return im_from_value(DT_INDEX, end / 2);
  default: return im_from_value(DT_INDEX, (i128)fuzz_rng_below(&w->seed, end > (i128)INT64_MAX ? (uint64_t)INT64_MAX : (uint64_t)end));
  }
}

/* A graph case's part of a point: new buffer contents, then the free ranges' values. False when out of
 * memory. */
static bool graph_inputs(FuzzWorker *w, Point *pt) {
  for (size_t k = 0; k < pt->nbufs; k++)
    if (!graph_fill(w, &pt->bufs[k])) return false;
  for (size_t k = 0; k < pt->nranges; k++) {
    /* One value per loop variable (name): the first node of a name (by id: the source's) decides. */
    size_t j = 0;
    while (j < k && pt->ranges[j].var->aux.name != pt->ranges[k].var->aux.name) j++;
    pt->ranges[k].lane[0] = j < k ? pt->ranges[j].lane[0] : graph_range_value(w, pt, k);
  }
  return true;
}

/* The free ranges and buffers of both sides into c->pt. */
static bool graph_collect(Probe *c) {
  Node **a, **b, **u;
  size_t na = graph_free_ranges(c->src, &a), nb = graph_free_ranges(c->res, &b);
  size_t n = merge_nodes(a, na, b, nb, &u);
  c->pt.ranges = calloc(n + 1, sizeof *c->pt.ranges);
  for (size_t k = 0; u && c->pt.ranges && k < n; k++) c->pt.ranges[c->pt.nranges++].var = u[k];
  bool ok = u && c->pt.ranges;
  free(u);
  na = graph_buffers(c->src, &a);
  nb = graph_buffers(c->res, &b);
  n = merge_nodes(a, na, b, nb, &u);
  c->pt.bufs = calloc(n + 1, sizeof *c->pt.bufs);
  for (size_t k = 0; u && c->pt.bufs && k < n; k++) c->pt.bufs[c->pt.nbufs++].buf = u[k];
  ok = ok && u && c->pt.bufs;
  free(u);
  return ok;
}

/* Sets every variable's lanes: edge round r of pass `pass`, or random (r < 0). */
static void set_vars(FuzzWorker *w, Probe *c, int r, unsigned pass) {
  for (size_t k = 0; k < c->pt.nvars; k++) {
    VarValue *v = &c->pt.vars[k];
    unsigned nc = w->dom[k].ncand;
    for (int l = 0; l < v->var->lanes; l++)
      v->lane[l] = r < 0 ? dom_random(w, &w->dom[k])
                         : w->dom[k].cand[((size_t)r + 5 * k + 3 * (size_t)l + (nc <= 4 ? pass : 0)) % nc];
  }
}

/* Tiny domains (a scalar case): every point. False when the domain is not tiny. */
static bool exhaust(FuzzWorker *w, Probe *c, Concrete *out) {
  uint64_t total = 1;
  for (size_t k = 0; k < c->pt.nvars && total <= EXHAUSTIVE_POINTS; k++) {
    uint64_t s = dom_size(&w->dom[k]);
    total = s > EXHAUSTIVE_POINTS ? EXHAUSTIVE_POINTS + 1 : total * s;
  }
  if (total > EXHAUSTIVE_POINTS || c->pt.nvars > 64) return false;
  uint64_t idx[64] = {0};
  for (size_t k = 0; k < c->pt.nvars; k++) c->pt.vars[k].lane[0] = im_from_value((DType)w->dom[k].var->dtype, w->dom[k].lo);
  for (;;) {
    if (probe_try(w, c, out)) return true;
    size_t k = 0;
    for (; k < c->pt.nvars; k++) {
      DType dt = (DType)w->dom[k].var->dtype;
      if (++idx[k] < dom_size(&w->dom[k])) {
        c->pt.vars[k].lane[0] = im_from_value(dt, w->dom[k].lo + (i128)idx[k]);
        break;
      }
      idx[k] = 0;
      c->pt.vars[k].lane[0] = im_from_value(dt, w->dom[k].lo);
    }
    if (k == c->pt.nvars) return true;
  }
}

static void concrete_check(FuzzWorker *w, Node *src, Node *res, Concrete *out) {
  memset(out, 0, sizeof *out);
  Probe c = {.src = src, .res = res};
  bool graph = ((src->flags | res->flags) & NF_HAS_GRAPH) != 0;
  bool scalar = !graph && !((src->flags | res->flags) & NF_HAS_VEC);
  size_t n = collect_vars(w, src, res);
  if (!(c.pt.vars = calloc(n + 1, sizeof *c.pt.vars))) goto done;
  for (size_t k = 0; k < n; k++) c.pt.vars[c.pt.nvars++].var = w->dom[k].var;
  if (graph && !graph_collect(&c)) goto done;
  if (scalar && (!probe_prepare(w, &c) || exhaust(w, &c, out))) goto done;
  unsigned rounds = graph ? 8 : 1;
  bool small = false;
  for (size_t k = 0; k < n; k++) {
    if (w->dom[k].ncand > rounds) rounds = w->dom[k].ncand;
    small |= w->dom[k].ncand <= 4;
  }
  unsigned passes = scalar && small && rounds > 4 ? 2 : 1;
  for (unsigned pass = 0; pass < passes; pass++)
    for (unsigned r = 0; r < rounds; r++) {
      set_vars(w, &c, (int)r, pass);
      if (!graph_inputs(w, &c.pt) || probe_try(w, &c, out) || c.failed) goto done;
    }
  for (unsigned r = 0; r < w->o.points; r++) {
    set_vars(w, &c, -1, 0);
    if (!graph_inputs(w, &c.pt) || probe_try(w, &c, out) || c.failed) goto done;
  }
done:
  probe_free(&c);
}

/* A range free in res whose name no free range of src has, or NULL. Ranges are matched by name, not
 * node: the engine rewrites a range's end (`range(min(0, 0), r)` becomes `range(0, r)`), which makes
 * another node of the same loop variable; the concrete oracle gives both one value (and the result's
 * own domain decides whether it is admissible there). check_unbound_range, which vsimp check uses,
 * compares nodes and calls such a result an error. */
static const Node *unbound_range(Node *src, Node *res) {
  Node **fs, **fr;
  size_t ns = graph_free_ranges(src, &fs), nr = graph_free_ranges(res, &fr);
  const Node *bad = NULL;
  for (size_t i = 0; ns != SIZE_MAX && nr != SIZE_MAX && i < nr && !bad; i++) {
    bool found = false;
    for (size_t j = 0; j < ns && !found; j++) found = fr[i]->aux.name == fs[j]->aux.name;
    if (!found) bad = fr[i];
  }
  if (ns != SIZE_MAX) free(fs);
  if (nr != SIZE_MAX) free(fr);
  return bad;
}

/* ---- findings ---- */

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

void fuzz_finding_sign(FuzzFinding *f) {
  free(f->signature);
  Str s = {0};
  str_add(&s, find_kind_name(f->kind));
  str_add(&s, ":");
  char *copy = f->rules ? strdup(f->rules) : NULL;
  const char *names[256];
  size_t n = 0;
  for (char *tok = copy ? strtok(copy, " ") : NULL; tok && n < 256; tok = strtok(NULL, " ")) names[n++] = tok;
  qsort(names, n, sizeof *names, cmp_str);
  for (size_t i = 0; i < n; i++) {
    if (i) str_add(&s, ",");
    str_add(&s, names[i]);
  }
  if (!n) str_add(&s, f->oracle);
  free(copy);
  f->signature = s.buf;
}

static void comment_lines(Str *s, const char *prefix, const char *text);

static void fill_texts(const FuzzCase *c, Node *res, FuzzFinding *f, const Rewriter *rw) {
  Node *both[2] = {c->root, res};
  if (res && ((c->root->flags & res->flags) & NF_HAS_GRAPH) && graph_range_names_clash(both, 2)) {
    /* The source alone, and the result as a comment. */
    char *src = vs_print_case(c->vars, c->nvars, c->root, NULL), *rt = vs_print(res);
    Str s = {0};
    str_add(&s, "# result (not written as SRC --> RESULT: it has a range of a source range's name with another end):\n");
    if (rt) comment_lines(&s, "#   ", rt);
    if (src) str_add(&s, src);
    free(src);
    free(rt);
    f->case_text = s.buf;
  } else {
    f->case_text = vs_print_case(c->vars, c->nvars, c->root, res);
  }
  if (!f->case_text) f->case_text = vs_print_case(c->vars, c->nvars, c->root, NULL);
  f->rules = rw ? trace_names(rw) : NULL;
  f->simple_matcher = c->simple_matcher;
  fuzz_finding_sign(f);
}

/* One side's outcome as counterexample text: a value, UB, or the final contents of every buffer. */
static void side_text(Str *s, const char *label, DType dt, const Outcome *o) {
  char buf[1024];
  if (o->value.ub || !o->bufs) {
    str_addf(s, "%s = ", label);
    str_add(s, vs_format_value(dt, &o->value, buf, sizeof buf));
    str_add(s, "\n");
    return;
  }
  for (size_t i = 0; i < o->nbufs; i++) {
    char *t = vs_format_buffer((DType)o->bufs[i].buf->dtype, &o->bufs[i].data);
    str_addf(s, "%s leaves %s = ", label, o->bufs[i].buf->aux.name);
    str_add(s, t ? t : "?");
    str_add(s, "\n");
    free(t);
  }
  if (!o->nbufs) str_addf(s, "%s = done\n", label);
}

/* A counterexample: the point (variables with every lane, free ranges, the buffers' initial contents)
 * and both sides. */
static void cex_text(FuzzFinding *f, const Point *p, DType dt, const Outcome *src, const Outcome *res) {
  Str s = {0};
  char buf[1024];
  str_add(&s, "");
  for (size_t i = 0; i < p->nvars; i++) {
    const Node *v = p->vars[i].var;
    str_addf(&s, "%s = ", v->aux.name);
    str_add(&s, vs_format_lanes((DType)v->dtype, v->lanes, p->vars[i].lane, buf, sizeof buf));
    str_add(&s, "\n");
  }
  for (size_t i = 0; i < p->nranges; i++)
    str_addf(&s, "%s = %s\n", p->ranges[i].var->aux.name, vs_format_literal(DT_INDEX, p->ranges[i].lane[0], true, buf, sizeof buf));
  for (size_t i = 0; i < p->nbufs; i++) {
    char *t = vs_format_buffer((DType)p->bufs[i].buf->dtype, &p->bufs[i].data);
    str_addf(&s, "%s = ", p->bufs[i].buf->aux.name);
    str_add(&s, t ? t : "?");
    str_add(&s, "\n");
    free(t);
  }
  side_text(&s, "source", dt, src);
  side_text(&s, "result", dt, res);
  free(f->cex_text);
  f->cex_text = s.buf;
}

static FindKind report(FuzzFinding *f, FindKind k, const char *oracle, const char *fmt, ...)
  __attribute__((format(printf, 4, 5)));
static FindKind report(FuzzFinding *f, FindKind k, const char *oracle, const char *fmt, ...) {
  if (!f) return k;
  f->kind = k;
  snprintf(f->oracle, sizeof f->oracle, "%s", oracle);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->detail, sizeof f->detail, fmt, ap);
  va_end(ap);
  return k;
}

/* ---- the pipeline ---- */

/* One Z3 refinement check of src by res, counted in the statistics; on a decision, the coverage entries
 * in fired[0..nfired) count as cross-checked. */
static CheckResult smt_check(FuzzWorker *w, bool stats, Node *src, Node *res, const uint32_t *fired, size_t nfired) {
  CheckOptions co = {.exhaustive_limit = 0};
  CheckResult cr = check_refinement(w->smt, &co, NULL, src, res);
  if (!stats) return cr;
  w->st.smt_checks++;
  w->st.smt_seconds += cr.seconds;
  switch (cr.verdict) {
  case CHECK_VALID: w->st.smt_valid++; break;
  case CHECK_INVALID: w->st.smt_invalid++; break;
  case CHECK_UNKNOWN: w->st.smt_unknown++; break;
  default: w->st.smt_errors++; break;
  }
  if (cr.verdict == CHECK_VALID || cr.verdict == CHECK_INVALID)
    for (size_t i = 0; i < nfired; i++) w->cov[fired[i]].smt_checked++;
  return cr;
}

FindKind fuzz_check(FuzzWorker *w, const FuzzCase *c, unsigned flags, FuzzFinding *f) {
  bool stats = !(flags & FUZZ_NO_STATS);
  FuzzFinding *ft = (flags & FUZZ_NO_TEXT) ? NULL : f;
  if (f) memset(f, 0, sizeof *f);
  if (stats) w->st.execs++;
  Node *src = c->root;
  FindKind k = FIND_NONE;
  char why[200];
  Concrete cc = {0};
  Simplified s = simplify_once(w, c, src, true);
  Simplified again = {0};
  if (!s.rw) return FIND_NONE; /* out of memory: not the engine's fault */
  collect_fired(w, s.rw);
  if (stats) {
    for (size_t i = 0; i < w->nfired; i++) {
      w->cov[w->fired[i]].fired += w->fired_count[i];
      w->cov[w->fired[i]].inputs++;
    }
  }
  Node *res = s.res, *case_src = src, *case_res = res;
  const char *only_rule = NULL; /* a finding about one rewrite step */
  if (!res) {
    k = report(f, FIND_ENGINE, "engine", "the engine failed: %s", vs_ctx_error(w->ctx));
    goto out;
  }
  if (stats && res != src) w->st.changed++;
  if (s.exhausted) {
    k = report(f, FIND_BUDGET, "engine", "the rule budget ran out (rules that undo each other?)");
    case_res = NULL; /* where the budget left it: a long tower, no news */
    goto out;
  }
  /* Graph cases: an effect stays an effect and a value a value (of the same dtype). */
  if (res->dtype != src->dtype || res->lanes != src->lanes || res->kind != src->kind) {
    char rt[24], st[24];
    k = report(f, FIND_DTYPE, "engine", "the result has type %s, the source %s", vs_node_type_name(res, rt, sizeof rt),
               vs_node_type_name(src, st, sizeof st));
    goto out;
  }
  /* The source's round trip is a printer/parser property, not the engine's, and costs a quarter of an
   * input: one generated input in 8 checks it (every text input, every reduction step). */
  bool check_src = (flags & FUZZ_NO_STATS) || w->file.src == src || (w->seed & 7) == 0;
  if (check_src && !roundtrips(w, c, src, why, sizeof why)) {
    k = report(f, FIND_ROUNDTRIP, "roundtrip", "source: %s", why);
    goto out;
  }
  if (res != src && !roundtrips(w, c, res, why, sizeof why)) {
    k = report(f, FIND_ROUNDTRIP, "roundtrip", "result: %s", why);
    goto out;
  }
  again = simplify_once(w, c, res, false);
  if (again.rw && again.res && !again.exhausted && again.res != res) {
    char *t = vs_print(again.res);
    k = report(f, FIND_NOT_IDEMPOTENT, "idempotence", "simplifying the result again gives %s", t ? t : "?");
    free(t);
    goto out;
  }
  if (res == src) goto out; /* nothing to refute */

  bool graph = ((src->flags | res->flags) & NF_HAS_GRAPH) != 0;
  /* A result that leaves a loop variable free which the source binds (or does not have) is no
   * refinement (docs/semantics.md): its value would depend on an input the source does not have. */
  const Node *loose = graph ? unbound_range(src, res) : NULL;
  if (loose) {
    k = report(f, FIND_UNSOUND, "concrete", "the result leaves range '%s' free, the source does not", loose->aux.name);
    goto out;
  }
  concrete_check(w, src, res, &cc);
  SmtMode mode = (flags & FUZZ_SMT_NEVER) ? SMT_MODE_NEVER : (flags & FUZZ_SMT_ALWAYS) ? SMT_MODE_ALWAYS : w->o.smt;
  DType dt = (DType)src->dtype;
  /* Sampled: the first firings of every rule are cross-checked one rewrite step at a time (the step's
   * expression before and after: small queries, and a step must refine on its own, since the engine
   * rewrites without regard to context). */
  if (mode == SMT_MODE_SAMPLED && !cc.mismatch && worker_smt(w)) {
    size_t nsteps;
    const TraceStep *steps = rewriter_trace(s.rw, &nsteps);
    unsigned asked = 0;
    for (size_t i = 0; i < nsteps && asked < 4 && k == FIND_NONE; i++) {
      int idx = idx_get(w, steps[i].name);
      if (idx < 0 || w->cov[idx].smt_checked >= w->o.smt_per_rule) continue;
      if (stats && w->asked[idx] >= 4 * w->o.smt_per_rule) continue; /* undecided that often: enough */
      if (stats) w->asked[idx]++;
      asked++;
      CheckResult cr = smt_check(w, stats, steps[i].before, steps[i].after, NULL, 0);
      if (stats && (cr.verdict == CHECK_VALID || cr.verdict == CHECK_INVALID)) w->cov[idx].smt_checked++;
      if (cr.verdict == CHECK_INVALID) {
        k = report(f, FIND_UNSOUND, "smt", "Z3 refutes the rewrite step %s (the evaluator confirms)", steps[i].name);
        if (ft) cex_text(f, &cr.cex, (DType)steps[i].before->dtype, &cr.src, &cr.tgt);
        case_src = steps[i].before;
        case_res = steps[i].after;
        only_rule = steps[i].name;
      } else if (cr.verdict == CHECK_ERROR && cr.disagree) {
        k = report(f, FIND_DISAGREE, "smt", "step %s: %s", steps[i].name, cr.reason);
        case_src = steps[i].before;
        case_res = steps[i].after;
        only_rule = steps[i].name;
      }
      check_result_free(&cr);
    }
    if (k != FIND_NONE) goto out;
  }
  bool whole = mode == SMT_MODE_ALWAYS || cc.mismatch ? mode != SMT_MODE_NEVER
               : mode == SMT_MODE_SAMPLED && w->seed % w->o.smt_rate == 0;
  CheckResult cr = {0};
  bool have_cr = false;
  if (whole && worker_smt(w)) {
    cr = smt_check(w, stats, src, res, w->fired, w->nfired);
    have_cr = true;
  }
  if (cc.mismatch) {
    if (have_cr && cr.verdict == CHECK_VALID)
      k = report(f, FIND_DISAGREE, "smt", "the evaluator refutes the result at a point, Z3 proves it valid");
    else k = report(f, FIND_UNSOUND, "concrete", "the result does not refine the source");
    if (ft) cex_text(f, &cc.cex, dt, &cc.src, &cc.tgt);
  } else if (have_cr && cr.verdict == CHECK_INVALID) {
    k = report(f, FIND_UNSOUND, "smt", "Z3 refutes the result (the evaluator confirms); the concrete points missed it");
    if (ft) cex_text(f, &cr.cex, dt, &cr.src, &cr.tgt);
  } else if (have_cr && cr.verdict == CHECK_ERROR && cr.disagree) {
    k = report(f, FIND_DISAGREE, "smt", "%s", cr.reason);
  }
  if (have_cr) check_result_free(&cr);
out:
  if (k != FIND_NONE && ft) {
    FuzzCase fc = *c;
    fc.root = case_src;
    fill_texts(&fc, case_res, f, only_rule ? NULL : s.rw);
    if (only_rule) {
      free(f->rules);
      f->rules = strdup(only_rule);
      fuzz_finding_sign(f);
    }
  }
  point_free(&cc.cex);
  outcome_free(&cc.src);
  outcome_free(&cc.tgt);
  rewriter_free(again.rw);
  rewriter_free(s.rw);
  return k;
}

/* ---- regression files ---- */

static void comment_lines(Str *s, const char *prefix, const char *text) {
  const char *p = text;
  while (p && *p) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    char line[600];
    snprintf(line, sizeof line, "%s%.*s\n", prefix, (int)(n < 500 ? n : 500), p);
    str_add(s, line);
    p = e ? e + 1 : NULL;
  }
}

char *fuzz_finding_file(const FuzzFinding *f) {
  /* A finding of the program target has a program for its case: its own file format. */
  if (f->case_text && prog_text_is_program(f->case_text, strlen(f->case_text))) return prog_finding_file(f);
  Str s = {0};
  str_addf(&s, "# fuzz finding: %s (%s oracle)\n", find_kind_name(f->kind), f->oracle);
  str_addf(&s, "# detail: %s\n", f->detail);
  str_addf(&s, "# signature: %s\n", f->signature ? f->signature : "?");
  str_addf(&s, "# rules: %s\n", f->rules && f->rules[0] ? f->rules : "(none)");
  if (f->cex_text) {
    str_add(&s, "# counterexample:\n");
    comment_lines(&s, "#   ", f->cex_text);
  }
  if (f->reduced) str_addf(&s, "# reduced from %zu to %zu source nodes\n", f->nodes_before, f->nodes_after);
  if (f->simple_matcher) str_add(&s, "# matcher: simple\n");
  /* A result that unbinds a range is an error for `vsimp check`, not a refutation: no expect line. */
  if (f->kind == FIND_UNSOUND && !strstr(f->detail, "leaves range") && f->case_text && strstr(f->case_text, " --> ")) {
    str_add(&s, "# The recorded SOURCE --> RESULT is a wrong simplification: `vsimp check` must refute it.\n");
    str_add(&s, "# expect: invalid\n");
  }
  str_add(&s, "# `vsimp fuzz FILE` replays the source through every oracle: it must pass once fixed.\n");
  if (f->case_text) str_add(&s, f->case_text);
  return s.buf;
}
