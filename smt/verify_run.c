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

/* Whether the cache holds a proof of this instance of the rule's current text under this solver. */
static bool cached_proof(const VerifyOptions *o, const Rule *r, const char *inst) {
  if (!o->cache) return false;
  char key[320];
  int n = snprintf(key, sizeof key, "%016llx %s %s proved %s ", (unsigned long long)r->text_hash, r->name, inst,
                   smt_solver_version());
  if (n <= 0 || (size_t)n >= sizeof key) return false;
  for (const char *p = o->cache; p && p < o->cache + o->cache_len;) {
    if (!strncmp(p, key, (size_t)n)) return true;
    p = memchr(p, '\n', (size_t)(o->cache + o->cache_len - p));
    if (p) p++;
  }
  return false;
}

bool verify_catalog(Catalog *cat, const VerifyOptions *opts, VerifyReport *rep) {
  memset(rep, 0, sizeof *rep);
  double t0 = vs_seconds();
  size_t cap = 0;
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  if (!inst) return false;
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
      if (cached_proof(opts, r, name)) {
        it->cached = true;
        it->result.status = PROOF_PROVED;
      }
    }
  }
  free(inst);
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
