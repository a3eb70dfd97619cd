/* campaign.c: the built-in campaign runner (see campaign.h). */
#include "fuzz/campaign.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "fuzz/crash_dump.h"
#include "fuzz/input.h"
#include "fuzz/mutate.h"
#include "fuzz/parse_oracle.h"
#include "ir/timer.h"
#include "text/text.h"

enum { POOL = 256, MAX_INPUT = 1 << 16 };

const char *fuzz_target_name(FuzzTarget t) {
  return t == FUZZ_TARGET_PARSE ? "parse" : t == FUZZ_TARGET_PROGRAM ? "program" : "expr";
}

bool fuzz_target_parse(const char *s, FuzzTarget *t) {
  if (!strcmp(s, "expr")) *t = FUZZ_TARGET_EXPR;
  else if (!strcmp(s, "parse")) *t = FUZZ_TARGET_PARSE;
  else if (!strcmp(s, "program")) *t = FUZZ_TARGET_PROGRAM;
  else return false;
  return true;
}

Catalog *fuzz_builtin_catalog(void *ud) {
  (void)ud;
  Catalog *c = catalog_new();
  VsDiag d;
  if (!c || !catalog_load_builtin(c, &d)) {
    catalog_free(c);
    return NULL;
  }
  catalog_apply_builtin_ledger(c);
  return c;
}

/* ---- shared state ---- */

typedef struct {
  const CampaignOptions *o;
  CampaignReport *rep;
  pthread_mutex_t mu;
  atomic_bool stop;
  atomic_uint_fast64_t execs;
  atomic_uint done_workers;
  /* coverage summary for the progress line: which entries some worker reached / cross-checked */
  atomic_uchar *reached, *checked;
  atomic_uint nreached, nchecked;
  size_t ncov;
  /* replay */
  char **paths;
  size_t npaths;
  atomic_size_t next_file;
  /* signatures of raw (unreduced) findings already handled */
  char **raw;
  size_t nraw, capraw;
} Shared;

typedef struct {
  Shared *sh;
  unsigned id;
  pthread_t th;
  FuzzWorker *w;   /* expr target */
  ProgWorker *pw;  /* program target */
  VsCtx *pctx;     /* parse target */
  uint64_t pexecs; /* parse target: inputs */
  uint64_t rng;
  uint8_t *pool[POOL];
  size_t pool_len[POOL];
  unsigned npool, pool_next;
  uint64_t since_publish;
  /* The input being run, for the watchdog (under cur_mu: the watchdog reads it from another thread) */
  pthread_mutex_t cur_mu;
  const uint8_t *cur;
  size_t cur_size;
  double cur_since;
} Worker;

static bool push_str(char ***v, size_t *n, size_t *cap, char *s) {
  if (*n == *cap) {
    size_t nc = *cap ? *cap * 2 : 16;
    char **nv = realloc(*v, nc * sizeof *nv);
    if (!nv) return false;
    *v = nv;
    *cap = nc;
  }
  (*v)[(*n)++] = s;
  return true;
}

/* ---- inputs ---- */

static void pool_add(Worker *wk, const uint8_t *data, size_t size) {
  uint8_t *copy = malloc(size ? size : 1);
  if (!copy) return;
  memcpy(copy, data, size);
  unsigned i = wk->pool_next;
  if (wk->npool == POOL) free(wk->pool[i]);
  else wk->npool++;
  wk->pool[i] = copy;
  wk->pool_len[i] = size;
  wk->pool_next = (i + 1) % POOL;
}

static size_t byte_mutate(Worker *wk, uint8_t *buf, size_t n, size_t max) {
  unsigned k = 1 + (unsigned)fuzz_rng_below(&wk->rng, 4);
  for (unsigned m = 0; m < k; m++) {
    size_t at = (size_t)fuzz_rng_below(&wk->rng, n + 1);
    switch (fuzz_rng_below(&wk->rng, 5)) {
    case 0: if (at < n) buf[at] = (uint8_t)fuzz_rng_next(&wk->rng); break;
    case 1: if (at < n) buf[at] ^= (uint8_t)(1u << fuzz_rng_below(&wk->rng, 8)); break;
    case 2: /* insert a byte */
      if (n < max) {
        memmove(buf + at + 1, buf + at, n - at);
        buf[at] = (uint8_t)fuzz_rng_next(&wk->rng);
        n++;
      }
      break;
    case 3: /* delete a span */
      if (at < n) {
        size_t len = 1 + (size_t)fuzz_rng_below(&wk->rng, 4);
        if (at + len > n) len = n - at;
        memmove(buf + at, buf + at + len, n - at - len);
        n -= len;
      }
      break;
    default: { /* splice: the tail of another pool entry */
      unsigned j = (unsigned)fuzz_rng_below(&wk->rng, wk->npool);
      size_t from = (size_t)fuzz_rng_below(&wk->rng, wk->pool_len[j] + 1), len = wk->pool_len[j] - from;
      if (at + len > max) len = max - at;
      memcpy(buf + at, wk->pool[j] + from, len);
      if (at + len > n) n = at + len;
      break;
    }
    }
  }
  return n;
}

static size_t next_input(Worker *wk, uint8_t *buf, size_t max) {
  const CampaignOptions *o = wk->sh->o;
  if (o->target == FUZZ_TARGET_PARSE) return fuzz_parse_input(wk->pctx, &wk->rng, buf, max);
  size_t limit = o->max_input ? o->max_input : o->target == FUZZ_TARGET_PROGRAM ? 512 : 256;
  if (limit > max) limit = max;
  if (wk->npool && fuzz_rng_below(&wk->rng, 2)) {
    unsigned j = (unsigned)fuzz_rng_below(&wk->rng, wk->npool);
    size_t n = wk->pool_len[j] < max ? wk->pool_len[j] : max;
    memcpy(buf, wk->pool[j], n);
    /* Text inputs mostly through the IR mutator (byte changes rarely keep them parseable); programs
     * are generator bytes: byte mutations change the program's decisions. */
    if (wk->w && fuzz_rng_below(&wk->rng, 8) < (n && buf[0] == '#' ? 7u : 2u)) {
      size_t m = fuzz_mutate(fuzz_worker_ctx(wk->w), buf, n, max, fuzz_rng_next(&wk->rng));
      if (m) return m;
    }
    return byte_mutate(wk, buf, n, limit > n ? limit : n);
  }
  size_t n = 1 + (size_t)fuzz_rng_below(&wk->rng, limit);
  for (size_t i = 0; i < n; i += 8) {
    uint64_t r = fuzz_rng_next(&wk->rng);
    memcpy(buf + i, &r, n - i < 8 ? n - i : 8);
  }
  return n;
}

/* ---- findings ---- */

static bool have_raw(Shared *sh, const char *sig) {
  for (size_t i = 0; i < sh->nraw; i++)
    if (!strcmp(sh->raw[i], sig)) return true;
  return false;
}

static void handle_finding(Worker *wk, FuzzFinding *f, const uint8_t *data, size_t size, const char *origin) {
  Shared *sh = wk->sh;
  const CampaignOptions *o = sh->o;
  pthread_mutex_lock(&sh->mu);
  bool seen = f->signature && have_raw(sh, f->signature);
  if (!seen && f->signature) {
    char *copy = strdup(f->signature);
    if (copy && !push_str(&sh->raw, &sh->nraw, &sh->capraw, copy)) free(copy);
  }
  if (seen && !origin) sh->rep->duplicates++;
  pthread_mutex_unlock(&sh->mu);
  if (seen && !origin) {
    fuzz_finding_free(f);
    return;
  }
  if (o->reduce && wk->pw) prog_reduce(wk->pw, f, &o->reduce_opts);
  if (o->reduce && wk->w) {
    GenCase gc;
    FuzzCase c;
    bool have = f->kind != FIND_ROUNDTRIP && fuzz_finding_case(wk->w, f, &c);
    if (have || fuzz_input_case(wk->w, data, size, &gc, &c)) fuzz_reduce(wk->w, &c, f, &o->reduce_opts);
  }
  pthread_mutex_lock(&sh->mu);
  CampaignReport *rep = sh->rep;
  bool dup = false;
  for (size_t i = 0; i < rep->nfindings && !dup; i++)
    dup = f->signature && rep->findings[i].signature && !strcmp(rep->findings[i].signature, f->signature);
  if (dup && !origin) {
    rep->duplicates++;
    fuzz_finding_free(f);
  } else {
    FuzzFinding *nf = realloc(rep->findings, (rep->nfindings + 1) * sizeof *nf);
    char **no = realloc(rep->finding_origin, (rep->nfindings + 1) * sizeof *no);
    if (nf) rep->findings = nf;
    if (no) rep->finding_origin = no;
    if (nf && no) {
      rep->findings[rep->nfindings] = *f;
      rep->finding_origin[rep->nfindings] = origin ? strdup(origin) : NULL;
      rep->nfindings++;
    } else {
      fuzz_finding_free(f);
    }
    if (o->max_findings && rep->nfindings >= o->max_findings) atomic_store(&sh->stop, true);
  }
  pthread_mutex_unlock(&sh->mu);
}

/* The coverage of a worker of either oracle (rules for expr, folds for program), or NULL. */
static const CoverageEntry *worker_coverage(const Worker *wk, size_t *n) {
  *n = 0;
  if (wk->w) return fuzz_worker_coverage(wk->w, n);
  if (wk->pw) return prog_worker_coverage(wk->pw, n);
  return NULL;
}

static const FuzzStats *worker_stats(const Worker *wk) {
  return wk->w ? fuzz_worker_stats(wk->w) : wk->pw ? prog_worker_stats(wk->pw) : NULL;
}

/* Marks the coverage entries this worker reached in the shared summary. */
static void publish(Worker *wk) {
  Shared *sh = wk->sh;
  size_t n;
  const CoverageEntry *cov = worker_coverage(wk, &n);
  if (!cov) return;
  for (size_t i = 0; i < n && i < sh->ncov; i++) {
    if (cov[i].inputs && !atomic_load_explicit(&sh->reached[i], memory_order_relaxed) &&
        !atomic_exchange(&sh->reached[i], 1))
      atomic_fetch_add(&sh->nreached, 1);
    if (cov[i].smt_checked && !atomic_load_explicit(&sh->checked[i], memory_order_relaxed) &&
        !atomic_exchange(&sh->checked[i], 1))
      atomic_fetch_add(&sh->nchecked, 1);
  }
}

/* ---- workers ---- */

static bool read_file(const char *path, uint8_t **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap + 2);
  while (buf) {
    size_t got = fread(buf + 2 + n, 1, cap - n, f);
    n += got;
    if (n < cap || n >= MAX_INPUT) break;
    cap *= 2;
    uint8_t *nb = realloc(buf, cap + 2);
    if (!nb) {
      free(buf);
      buf = NULL;
    }
    buf = nb;
  }
  fclose(f);
  if (!buf) return false;
  /* A .vs file is a text input even when it does not start with a comment: prefix one. */
  size_t len = strlen(path);
  if (len > 3 && !strcmp(path + len - 3, ".vs") && (n == 0 || buf[2] != '#')) {
    buf[0] = '#';
    buf[1] = '\n';
    *data = buf;
    *size = n + 2;
    return true;
  }
  memmove(buf, buf + 2, n);
  *data = buf;
  *size = n;
  return true;
}

static FindKind run_one(Worker *wk, const uint8_t *data, size_t size, bool replay, FuzzFinding *f) {
  if (wk->w) return fuzz_exec(wk->w, data, size, f);
  if (wk->pw) return prog_fuzz_exec(wk->pw, data, size, replay, f); /* a replayed file must parse */
  if (vs_ctx_node_count(wk->pctx) > (1u << 18)) {
    VsCtx *fresh = vs_ctx_new();
    if (fresh) {
      vs_ctx_free(wk->pctx);
      wk->pctx = fresh;
    }
  }
  wk->pexecs++;
  return fuzz_parse_exec(wk->pctx, data, size, f);
}

static void after_exec(Worker *wk, const uint8_t *data, size_t size, bool found) {
  Shared *sh = wk->sh;
  size_t ncov;
  const CoverageEntry *cov = worker_coverage(wk, &ncov);
  if (cov) {
    const uint32_t *idx;
    size_t n = wk->w ? fuzz_worker_last_fired(wk->w, &idx) : prog_worker_last_fired(wk->pw, &idx);
    bool rare = false;
    for (size_t i = 0; i < n && !rare; i++) rare = cov[idx[i]].inputs <= 4;
    if (rare && !found) pool_add(wk, data, size); /* a finding is reported, not bred */
    if (++wk->since_publish >= 64 || rare) {
      wk->since_publish = 0;
      publish(wk);
    }
  }
  uint64_t total = atomic_fetch_add(&sh->execs, 1) + 1;
  if (sh->o->max_execs && total >= sh->o->max_execs) atomic_store(&sh->stop, true);
}

/* The input the worker runs from now on (NULL: none), for the crash handler and the watchdog. */
static void mark_current(Worker *wk, const uint8_t *data, size_t size) {
  crash_dump_current(data, size, wk->id);
  pthread_mutex_lock(&wk->cur_mu);
  wk->cur = data;
  wk->cur_size = size;
  wk->cur_since = vs_seconds();
  pthread_mutex_unlock(&wk->cur_mu);
}

/* An input past the time limit hangs its worker, and a thread stuck in a solver cannot be stopped:
 * the input is written (crash_dump.h) and the process exits with the findings code. */
static void watchdog(Worker *wks, unsigned n, double limit, const char *target) {
  double now = vs_seconds();
  for (unsigned j = 0; j < n; j++) {
    Worker *wk = &wks[j];
    pthread_mutex_lock(&wk->cur_mu);
    if (wk->cur && now - wk->cur_since > limit) {
      char path[512];
      if (crash_dump_write("timeout", wk->id, wk->cur, wk->cur_size, path, sizeof path))
        fprintf(stderr, "\nvsimp fuzz: error: an input ran past %g s in worker %u: it is %s (replay: vsimp fuzz --target %s %s)\n",
                limit, wk->id, path, target, path);
      else
        fprintf(stderr, "\nvsimp fuzz: error: an input ran past %g s in worker %u, and %s could not be written\n", limit,
                wk->id, path);
      fflush(stderr);
      _Exit(1);
    }
    pthread_mutex_unlock(&wk->cur_mu);
  }
}

static void *worker_main(void *arg) {
  Worker *wk = arg;
  Shared *sh = wk->sh;
  uint8_t *buf = malloc(MAX_INPUT);
  while (buf && !atomic_load(&sh->stop)) {
    FuzzFinding f;
    memset(&f, 0, sizeof f);
    if (sh->npaths) {
      size_t i = atomic_fetch_add(&sh->next_file, 1);
      if (i >= sh->npaths) break;
      uint8_t *data;
      size_t size;
      if (!read_file(sh->paths[i], &data, &size)) continue;
      mark_current(wk, data, size);
      bool found = run_one(wk, data, size, true, &f) != FIND_NONE;
      if (found) handle_finding(wk, &f, data, size, sh->paths[i]);
      after_exec(wk, data, size, found);
      mark_current(wk, NULL, 0);
      free(data);
      continue;
    }
    size_t size = next_input(wk, buf, MAX_INPUT);
    mark_current(wk, buf, size);
    bool found = run_one(wk, buf, size, false, &f) != FIND_NONE;
    if (found) handle_finding(wk, &f, buf, size, NULL);
    after_exec(wk, buf, size, found);
    mark_current(wk, NULL, 0);
  }
  free(buf);
  publish(wk);
  atomic_fetch_add(&sh->done_workers, 1);
  return NULL;
}

/* ---- replay file lists ---- */

static int cmp_path(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool collect_paths(Shared *sh, const CampaignOptions *o, char *err, size_t errlen) {
  size_t cap = 0;
  for (size_t i = 0; i < o->nfiles; i++) {
    struct stat st;
    if (stat(o->files[i], &st) != 0) {
      snprintf(err, errlen, "%s: %s", o->files[i], strerror(errno));
      return false;
    }
    if (!S_ISDIR(st.st_mode)) {
      if (!push_str(&sh->paths, &sh->npaths, &cap, strdup(o->files[i]))) return false;
      continue;
    }
    DIR *d = opendir(o->files[i]);
    if (!d) {
      snprintf(err, errlen, "%s: %s", o->files[i], strerror(errno));
      return false;
    }
    size_t first = sh->npaths;
    for (struct dirent *e; (e = readdir(d));) {
      if (e->d_name[0] == '.') continue;
      size_t len = strlen(o->files[i]) + strlen(e->d_name) + 2;
      char *p = malloc(len);
      if (!p) break;
      snprintf(p, len, "%s/%s", o->files[i], e->d_name);
      if (stat(p, &st) != 0 || !S_ISREG(st.st_mode) || !push_str(&sh->paths, &sh->npaths, &cap, p)) free(p);
    }
    closedir(d);
    qsort(sh->paths + first, sh->npaths - first, sizeof *sh->paths, cmp_path);
  }
  return true;
}

/* ---- the run ---- */

static void progress_line(Shared *sh, double t, bool final) {
  const CampaignOptions *o = sh->o;
  uint64_t n = atomic_load(&sh->execs);
  pthread_mutex_lock(&sh->mu);
  size_t nf = sh->rep->nfindings;
  pthread_mutex_unlock(&sh->mu);
  fprintf(o->progress, "\rfuzz %s: %.0f s, %llu execs (%.0f/s), %zu findings", fuzz_target_name(o->target), t,
          (unsigned long long)n, t > 0 ? (double)n / t : 0.0, nf);
  if (o->target == FUZZ_TARGET_EXPR)
    fprintf(o->progress, ", rules fired %u/%zu, cross-checked %u   ", atomic_load(&sh->nreached), sh->ncov,
            atomic_load(&sh->nchecked));
  else if (o->target == FUZZ_TARGET_PROGRAM)
    fprintf(o->progress, ", folds fired %u/%zu   ", atomic_load(&sh->nreached), sh->ncov);
  if (final) fputc('\n', o->progress);
  fflush(o->progress);
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

bool campaign_run(const CampaignOptions *o, CampaignReport *rep) {
  memset(rep, 0, sizeof *rep);
  rep->target = o->target;
  rep->jobs = o->jobs ? o->jobs : 1;
  rep->seed = o->seed;
  rep->smt = o->oracle.smt;
  Shared sh;
  memset(&sh, 0, sizeof sh);
  sh.o = o;
  sh.rep = rep;
  pthread_mutex_init(&sh.mu, NULL);
  atomic_init(&sh.stop, false);
  atomic_init(&sh.execs, 0);
  atomic_init(&sh.done_workers, 0);
  atomic_init(&sh.nreached, 0);
  atomic_init(&sh.nchecked, 0);
  atomic_init(&sh.next_file, 0);
  bool ok = false;
  unsigned jobs = rep->jobs;
  Worker *wks = calloc(jobs, sizeof *wks);
  unsigned started = 0;
  if (!wks) {
    snprintf(rep->error, sizeof rep->error, "out of memory");
    goto done;
  }
  if (o->nfiles && !collect_paths(&sh, o, rep->error, sizeof rep->error)) goto done;
  if (o->nfiles && jobs > sh.npaths) jobs = sh.npaths ? (unsigned)sh.npaths : 1;
  CatalogMaker make = o->make_catalog ? o->make_catalog : fuzz_builtin_catalog;
  crash_dump_install(o->crash_dir, fuzz_target_name(o->target));
  for (unsigned j = 0; j < jobs; j++) {
    Worker *wk = &wks[j];
    wk->sh = &sh;
    wk->id = j;
    pthread_mutex_init(&wk->cur_mu, NULL);
    wk->rng = o->seed * UINT64_C(0x9E3779B97F4A7C15) + j * UINT64_C(0xD1B54A32D192ED03) + 1;
    if (o->target == FUZZ_TARGET_EXPR) {
      Catalog *cat = make(o->catalog_ud);
      if (!cat) {
        snprintf(rep->error, sizeof rep->error, "cannot load the rule catalog");
        goto done;
      }
      wk->w = fuzz_worker_new(&o->oracle, cat);
      if (!wk->w) {
        snprintf(rep->error, sizeof rep->error, "out of memory");
        goto done;
      }
    } else if (o->target == FUZZ_TARGET_PROGRAM) {
      Catalog *cat = make(o->catalog_ud);
      ProgOracleOptions po = o->prog;
      po.smt = o->oracle.smt;
      if (!po.smt_rate) po.smt_rate = o->oracle.smt_rate ? o->oracle.smt_rate : 64;
      if (!po.smt_timeout_ms) po.smt_timeout_ms = o->oracle.smt_timeout_ms;
      if (!po.points) po.points = o->oracle.points;
      wk->pw = cat ? prog_worker_new(&po, cat) : NULL;
      if (!wk->pw) {
        snprintf(rep->error, sizeof rep->error, cat ? "out of memory" : "cannot load the rule catalog");
        goto done;
      }
    } else if (!(wk->pctx = vs_ctx_new())) {
      snprintf(rep->error, sizeof rep->error, "out of memory");
      goto done;
    }
  }
  worker_coverage(&wks[0], &sh.ncov);
  sh.reached = calloc(sh.ncov + 1, sizeof *sh.reached);
  sh.checked = calloc(sh.ncov + 1, sizeof *sh.checked);
  if (!sh.reached || !sh.checked) {
    snprintf(rep->error, sizeof rep->error, "out of memory");
    goto done;
  }
  double seconds = o->seconds;
  if (seconds <= 0 && !o->max_execs && !o->nfiles) seconds = 60;
  double t0 = vs_seconds(), last = t0;
  for (; started < jobs; started++)
    if (pthread_create(&wks[started].th, NULL, worker_main, &wks[started])) {
      snprintf(rep->error, sizeof rep->error, "cannot start a worker thread");
      atomic_store(&sh.stop, true);
      break;
    }
  while (atomic_load(&sh.done_workers) < started) {
    sleep_ms(20);
    double now = vs_seconds();
    if (seconds > 0 && now - t0 >= seconds) atomic_store(&sh.stop, true);
    if (o->input_timeout > 0) watchdog(wks, started, o->input_timeout, fuzz_target_name(o->target));
    if (o->progress && now - last >= 0.5) {
      progress_line(&sh, now - t0, false);
      last = now;
    }
  }
  for (unsigned j = 0; j < started; j++) pthread_join(wks[j].th, NULL);
  rep->seconds = vs_seconds() - t0;
  if (o->progress) progress_line(&sh, rep->seconds, true);
  ok = started == jobs;
  rep->execs = atomic_load(&sh.execs);
  rep->files = sh.npaths;
  /* Sum statistics and coverage. */
  for (unsigned j = 0; j < jobs; j++) {
    Worker *wk = &wks[j];
    const FuzzStats *st = worker_stats(wk);
    if (!st) {
      rep->stats.execs += wk->pexecs;
      continue;
    }
    rep->stats.execs += st->execs;
    rep->stats.changed += st->changed;
    rep->stats.parse_failed += st->parse_failed;
    rep->stats.points += st->points;
    rep->stats.smt_checks += st->smt_checks;
    rep->stats.smt_valid += st->smt_valid;
    rep->stats.smt_invalid += st->smt_invalid;
    rep->stats.smt_unknown += st->smt_unknown;
    rep->stats.smt_errors += st->smt_errors;
    rep->stats.smt_seconds += st->smt_seconds;
    rep->stats.smt_loops += st->smt_loops;
    rep->stats.smt_loops_induction += st->smt_loops_induction;
    size_t n;
    const CoverageEntry *cov = worker_coverage(wk, &n);
    if (!rep->cov) {
      rep->cov = calloc(n + 1, sizeof *rep->cov);
      if (!rep->cov) continue;
      rep->ncov = n;
      for (size_t i = 0; i < n; i++) {
        rep->cov[i].name = strdup(cov[i].name);
        rep->cov[i].family = strdup(cov[i].family);
        rep->cov[i].provable = cov[i].provable;
      }
    }
    for (size_t i = 0; i < n && i < rep->ncov; i++) {
      rep->cov[i].fired += cov[i].fired;
      rep->cov[i].inputs += cov[i].inputs;
      rep->cov[i].smt_checked += cov[i].smt_checked;
    }
  }
done:
  if (wks) {
    for (unsigned j = 0; j < jobs; j++) {
      fuzz_worker_free(wks[j].w);
      prog_worker_free(wks[j].pw);
      vs_ctx_free(wks[j].pctx);
      for (unsigned i = 0; i < wks[j].npool; i++) free(wks[j].pool[i]);
      if (wks[j].sh) pthread_mutex_destroy(&wks[j].cur_mu);
    }
    free(wks);
  }
  for (size_t i = 0; i < sh.npaths; i++) free(sh.paths[i]);
  free(sh.paths);
  for (size_t i = 0; i < sh.nraw; i++) free(sh.raw[i]);
  free(sh.raw);
  free(sh.reached);
  free(sh.checked);
  pthread_mutex_destroy(&sh.mu);
  return ok;
}

void campaign_report_free(CampaignReport *rep) {
  for (size_t i = 0; i < rep->nfindings; i++) {
    fuzz_finding_free(&rep->findings[i]);
    if (rep->finding_origin) free(rep->finding_origin[i]);
  }
  free(rep->findings);
  free(rep->finding_origin);
  for (size_t i = 0; i < rep->ncov; i++) {
    free((char *)rep->cov[i].name);
    free((char *)rep->cov[i].family);
  }
  free(rep->cov);
  memset(rep, 0, sizeof *rep);
}

char *fuzz_input_text(const uint8_t *data, size_t size) {
  VsCtx *ctx = vs_ctx_new();
  if (!ctx) return NULL;
  char *out = NULL;
  if (size && data[0] == '#') {
    VsFile f;
    VsDiag d;
    if (vs_parse(ctx, "<input>", (const char *)data, size, &f, &d)) {
      out = vs_print_case(f.vars, f.nvars, f.src, f.tgt);
      vs_file_free(&f);
    }
  } else {
    GenCase gc;
    if (gen_case(ctx, data, size, NULL, &gc)) {
      char *text = vs_print_case(gc.vars, gc.nvars, gc.root, NULL);
      if (text && gc.simple_matcher) {
        size_t n = strlen(text);
        out = malloc(n + 20);
        if (out) {
          memcpy(out, "# matcher: simple\n", 18);
          memcpy(out + 18, text, n + 1);
        }
        free(text);
      } else {
        out = text;
      }
    }
  }
  vs_ctx_free(ctx);
  return out;
}
