#include "smt/verify_run.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/timer.h"

typedef struct {
  VerifyReport *rep;
  const VerifyOptions *opts;
  atomic_size_t next;
  atomic_size_t done;
  pthread_mutex_t progress_lock;
} Work;

static void *worker(void *arg) {
  Work *w = arg;
  SmtCtx *s = smt_new(&w->opts->smt);
  for (;;) {
    size_t i = atomic_fetch_add(&w->next, 1);
    if (i >= w->rep->n) break;
    VerifyItem *it = &w->rep->items[i];
    if (!it->cached) {
      if (s) it->result = verify_rule_instance(s, it->rule, it->instance);
      else {
        it->result.status = PROOF_ERROR;
        snprintf(it->result.reason, sizeof it->result.reason, "cannot create a solver context");
      }
    }
    size_t d = atomic_fetch_add(&w->done, 1) + 1;
    if (w->opts->progress) {
      pthread_mutex_lock(&w->progress_lock);
      w->opts->progress(w->opts->progress_ud, d, w->rep->n);
      pthread_mutex_unlock(&w->progress_lock);
    }
  }
  smt_free(s);
  return NULL;
}

/* The cache as a sorted array of record keys `HASH NAME INSTANCE STATUS SOLVER`. */
typedef struct {
  char **keys;
  size_t n;
} Cache;

static int key_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void cache_build(Cache *c, const char *text, size_t len) {
  c->keys = NULL;
  c->n = 0;
  size_t cap = 0;
  for (size_t pos = 0; text && pos < len;) {
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    char f[5][160];
    char line[900];
    size_t ll = end - pos < sizeof line - 1 ? end - pos : sizeof line - 1;
    memcpy(line, text + pos, ll);
    line[ll] = 0;
    pos = end + 1;
    if (line[0] == '#' || sscanf(line, "%159s %159s %159s %159s %159s", f[0], f[1], f[2], f[3], f[4]) != 5) continue;
    if (c->n == cap) {
      cap = cap ? cap * 2 : 1024;
      char **nk = realloc(c->keys, cap * sizeof *nk);
      if (!nk) break;
      c->keys = nk;
    }
    size_t klen = strlen(f[0]) + strlen(f[1]) + strlen(f[2]) + strlen(f[3]) + strlen(f[4]) + 5;
    char *k = malloc(klen);
    if (!k) break;
    snprintf(k, klen, "%s %s %s %s %s", f[0], f[1], f[2], f[3], f[4]);
    c->keys[c->n++] = k;
  }
  if (c->n) qsort(c->keys, c->n, sizeof *c->keys, key_cmp);
}

static void cache_free(Cache *c) {
  for (size_t i = 0; i < c->n; i++) free(c->keys[i]);
  free(c->keys);
}

/* The status the cache records for this instance of the rule's current text under this solver:
 * PROOF_PROVED, PROOF_UNKNOWN (reused only when asked), or PROOF_ERROR for "not cached". */
static ProofStatus cached_status(const Cache *c, bool reuse_unknown, const Rule *r, const char *inst) {
  static const struct {
    const char *word;
    ProofStatus status;
  } reusable[] = {{"proved", PROOF_PROVED}, {"unknown", PROOF_UNKNOWN}};
  for (size_t k = 0; k < (reuse_unknown ? 2u : 1u); k++) {
    char key[400];
    snprintf(key, sizeof key, "%016llx %s %s %s %s", (unsigned long long)r->text_hash, r->name, inst,
             reusable[k].word, smt_solver_version());
    const char *kp = key;
    if (c->n && bsearch(&kp, c->keys, c->n, sizeof *c->keys, key_cmp)) return reusable[k].status;
  }
  return PROOF_ERROR;
}

bool verify_catalog(Catalog *cat, const VerifyOptions *opts, VerifyReport *rep) {
  memset(rep, 0, sizeof *rep);
  double t0 = vs_seconds();
  size_t cap = 0;
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  if (!inst) return false;
  Cache cache;
  cache_build(&cache, opts->cache, opts->cache_len);
  for (size_t i = 0; i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    if (opts->only && strcmp(opts->only, r->name)) continue;
    if (!opts->include_builtin && !strncmp(r->file, "src/rules/", 10)) continue;
    size_t k = rule_admissible_instances(r, inst, RULE_INSTANCES);
    rep->rules++;
    for (size_t j = 0; j < k; j++) {
      if (rep->n == cap) {
        cap = cap ? cap * 2 : 1024;
        VerifyItem *ni = realloc(rep->items, cap * sizeof *ni);
        if (!ni) {
          free(inst);
          cache_free(&cache);
          return false;
        }
        rep->items = ni;
      }
      VerifyItem *it = &rep->items[rep->n++];
      memset(it, 0, sizeof *it);
      it->rule = r;
      it->instance = inst[j];
      char name[64];
      rule_instance_name(r, inst[j], name, sizeof name);
      ProofStatus st = cached_status(&cache, opts->reuse_unknown, r, name);
      if (st != PROOF_ERROR) {
        it->cached = true;
        it->result.status = st;
        if (st == PROOF_UNKNOWN) snprintf(it->result.reason, sizeof it->result.reason, "unknown in the ledger");
      }
    }
  }
  free(inst);
  cache_free(&cache);
  Work w = {.rep = rep, .opts = opts};
  atomic_init(&w.next, 0);
  atomic_init(&w.done, 0);
  pthread_mutex_init(&w.progress_lock, NULL);
  int jobs = opts->jobs > 0 ? opts->jobs : 1;
  pthread_t *t = calloc((size_t)jobs, sizeof *t);
  int started = 0;
  for (int j = 0; t && j < jobs; j++)
    if (pthread_create(&t[j], NULL, worker, &w) == 0) started++;
  if (!started) worker(&w);
  for (int j = 0; j < started; j++) pthread_join(t[j], NULL);
  free(t);
  pthread_mutex_destroy(&w.progress_lock);
  for (size_t i = 0; i < rep->n; i++) {
    VerifyItem *it = &rep->items[i];
    rep->cached += it->cached;
    switch (it->result.status) {
    case PROOF_PROVED: rep->proved++; break;
    case PROOF_REFUTED: rep->refuted++; break;
    case PROOF_UNKNOWN: rep->unknown++; break;
    default: rep->errors++; break;
    }
  }
  rep->seconds = vs_seconds() - t0;
  return true;
}

void verify_report_free(VerifyReport *rep) {
  for (size_t i = 0; i < rep->n; i++) proof_result_free(&rep->items[i].result);
  free(rep->items);
  memset(rep, 0, sizeof *rep);
}

char *verify_ledger_text(const VerifyReport *rep) {
  size_t cap = 4096 + rep->n * 160, len = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  len += (size_t)snprintf(out, cap,
                          "# vsimp proof ledger: HASH RULE INSTANCE STATUS SOLVER MILLISECONDS\n"
                          "# Written by `vsimp rules verify --write-ledger`; a rule fires only at instances\n"
                          "# proved here for its current text.\n");
  for (size_t i = 0; i < rep->n; i++) {
    const VerifyItem *it = &rep->items[i];
    char name[64];
    rule_instance_name(it->rule, it->instance, name, sizeof name);
    if (cap - len < 400) {
      cap *= 2;
      char *no = realloc(out, cap);
      if (!no) {
        free(out);
        return NULL;
      }
      out = no;
    }
    len += (size_t)snprintf(out + len, cap - len, "%016llx %s %s %s %s %.0f\n",
                            (unsigned long long)it->rule->text_hash, it->rule->name, name,
                            proof_status_name(it->result.status), smt_solver_version(),
                            it->result.seconds * 1000.0);
  }
  return out;
}
