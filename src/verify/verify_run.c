#include "verify/verify_run.h"

#include "rules/ledger.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/timer.h"
#include "smt/query_cache.h"

/* What one rule's instances have shown, for its later ones (shared by the workers). */
typedef struct {
  atomic_bool fires;       /* some instance was seen firing */
  atomic_bool int_late;    /* some instance was proved by the integer encoding's later turn */
  /* The last instance that told was proved by the bit-vector encoding's first turn where the integer
   * encoding's came first in vain (set), or by the integer encoding where the bit-vector turn came
   * first in vain (cleared). */
  atomic_bool bv_first;
  atomic_bool cases_first; /* the same for the cases (HINT_CASES_FIRST) */
  /* How often a long integer turn's query as it stands, or its query with the derived exactness marks,
   * proved an instance, and how often both were open (HINT_INT_MARKED, HINT_INT_PLAIN). */
  atomic_uint int_plain, int_marked, int_neither;
} RuleMemory;

typedef struct {
  VerifyReport *rep;
  const VerifyOptions *opts;
  int phase; /* 1: the concrete search; 2: seeds from the rule's other instances, then the solver */
  ConcretePoint *points; /* per item: the counterexample the search found (phase 1), if any */
  bool *found;
  size_t *rule_start; /* per item: the first item of its rule (a rule's items are contiguous) */
  /* Per item, at its rule's first item: what the rule's instances have shown so far. */
  RuleMemory *rule_mem;
  size_t *order; /* phase 2: the items in the order they are handed out (solve_order) */
  /* Followers (phase 2): an instance at `index` is solved by the worker that solved the same rule's
   * instance with i64 in its place, right after it: their queries are mostly the same text, and the
   * query cache (smt/query_cache.h) answers the second from the first. Solved side by side on two
   * workers, both would miss it. follow[i]: item i's first follower; next_follower[j]: the one after j;
   * NONE ends a list. */
  size_t *follow, *next_follower;
  bool *is_follower;
  SmtOptions smt; /* opts->smt with the run's query cache */
  atomic_size_t next;
  atomic_size_t done;
  pthread_mutex_t progress_lock;
} Work;

enum { MAX_SEEDS = 8 };

static void refuted_by_search(VerifyItem *it, ConcreteResult *cr) {
  it->result.status = PROOF_REFUTED;
  it->result.by_search = true;
  it->result.cex = cr->cex;
  it->result.seconds = cr->seconds;
  cr->cex = NULL;
}

static void search_item(Work *w, size_t i) {
  VerifyItem *it = &w->rep->items[i];
  ConcreteResult cr;
  if (concrete_search(it->rule, it->instance, NULL, 0, &w->opts->search, &cr) && cr.found) {
    w->found[i] = true;
    w->points[i] = cr.point;
    refuted_by_search(it, &cr);
  } else {
    it->result.seconds = cr.seconds;
  }
  concrete_result_free(&cr);
}

static void solve_item(Work *w, SmtCtx *s, size_t i) {
  VerifyItem *it = &w->rep->items[i];
  if (!w->opts->no_search) {
    if (w->found[i]) return;
    ConcretePoint seeds[MAX_SEEDS];
    size_t n = 0;
    for (size_t j = w->rule_start[i]; j < w->rep->n && w->rule_start[j] == w->rule_start[i] && n < MAX_SEEDS; j++)
      if (w->found[j]) seeds[n++] = w->points[j];
    ConcreteOptions o = w->opts->search;
    o.seeds_only = true;
    ConcreteResult cr;
    if (n && concrete_search(it->rule, it->instance, seeds, n, &o, &cr) && cr.found) {
      refuted_by_search(it, &cr);
      return;
    }
    if (n) concrete_result_free(&cr);
  }
  double searched = it->result.seconds;
  /* Instances of one rule tend to fall to the same encoding: where one needed the integer encoding's
   * longer turn, the others start with it (rule_verify.h). */
  size_t r0 = w->rule_start[i];
  RuleMemory *mem = &w->rule_mem[r0];
  atomic_bool *late = &mem->int_late, *bv = &mem->bv_first, *cs = &mem->cases_first;
  unsigned plain = atomic_load(&mem->int_plain), marked = atomic_load(&mem->int_marked);
  bool no_marks = !marked && atomic_load(&mem->int_neither) >= 2;
  if (s) {
    unsigned hints = (atomic_load(late) ? HINT_INT_FIRST : 0) | (atomic_load(bv) ? HINT_BV_FIRST : 0) |
                     (atomic_load(cs) ? HINT_CASES_FIRST : 0) | (w->is_follower[i] ? HINT_TWIN : 0) |
                     (marked > plain ? HINT_INT_MARKED : no_marks ? HINT_INT_PLAIN : 0);
    it->result = verify_rule_instance_hinted(s, it->rule, it->instance, PROVE_SOLVER, hints);
    if (it->result.int_late) atomic_store(late, true);
    if (it->result.bv_early) atomic_store(bv, true);
    if (it->result.int_after_bv) atomic_store(bv, false);
    if (it->result.cases_early) atomic_store(cs, true);
    if (it->result.cases_missed) atomic_store(cs, false);
    if (it->result.int_plain) atomic_fetch_add(&mem->int_plain, 1);
    if (it->result.int_marked) atomic_fetch_add(&mem->int_marked, 1);
    if (it->result.int_neither) atomic_fetch_add(&mem->int_neither, 1);
  } else {
    it->result.status = PROOF_ERROR;
    snprintf(it->result.reason, sizeof it->result.reason, "cannot create a solver context");
  }
  it->result.seconds += searched;
  /* The second solver is in the SmtCtx (opts->smt.second): cvc5 joins every query Z3 leaves open for a
   * second (the portfolio), and under SMT_SECOND_RECHECK re-checks every proof; the solvers disagreeing
   * is PROOF_ERROR with both answers (rule_verify.c). */
}

#define NONE SIZE_MAX

static void solve_and_count(Work *w, SmtCtx *s, size_t i) {
  VerifyItem *it = &w->rep->items[i];
  if (!it->cached) {
    solve_item(w, s, i);
    /* A rule is vacuous only if no instance fires: once the search saw one fire, the others need no
     * solver query. */
    if (it->vacuity == VAC_UNKNOWN && s && !atomic_load(&w->rule_mem[w->rule_start[i]].fires)) {
      it->vacuity = rule_instance_vacuity(s, it->rule, it->instance);
      if (it->vacuity == VAC_FIRES) atomic_store(&w->rule_mem[w->rule_start[i]].fires, true);
    }
  }
  size_t d = atomic_fetch_add(&w->done, 1) + 1;
  if (w->opts->progress) {
    pthread_mutex_lock(&w->progress_lock);
    w->opts->progress(w->opts->progress_ud, d, w->rep->n);
    pthread_mutex_unlock(&w->progress_lock);
  }
}

static void *worker(void *arg) {
  Work *w = arg;
  SmtCtx *s = w->phase == 2 ? smt_new(&w->smt) : NULL;
  for (;;) {
    size_t i = atomic_fetch_add(&w->next, 1);
    if (i >= w->rep->n) break;
    if (w->phase == 2) i = w->order[i];
    VerifyItem *it = &w->rep->items[i];
    if (w->phase == 1) {
      /* Vacuity is checked where a proof is made (a cached proof was checked when it was made). */
      if (!it->cached) {
        search_item(w, i);
        it->vacuity = w->found[i] || concrete_witness(it->rule, it->instance) == 1 ? VAC_FIRES : VAC_UNKNOWN;
      }
      continue;
    }
    if (w->is_follower[i]) continue;
    solve_and_count(w, s, i);
    for (size_t j = w->follow[i]; j != NONE; j = w->next_follower[j]) solve_and_count(w, s, j);
  }
  smt_free(s);
  return NULL;
}

/* Links each `index` instance to the instance of the same rule with i64 in its place, if any. */
static void link_followers(Work *w) {
  const VerifyReport *rep = w->rep;
  for (size_t i = 0; i < rep->n; i++) {
    w->follow[i] = w->next_follower[i] = NONE;
    w->is_follower[i] = false;
  }
  for (size_t j = 0; j < rep->n; j++) {
    const VerifyItem *it = &rep->items[j];
    uint8_t cls[RULE_MAX_ALL_CLASSES];
    rule_instance_dtypes(it->rule, it->instance, cls);
    bool has_index = false;
    for (int c = 0; c < it->rule->nfree; c++)
      if (cls[it->rule->free_class[c]] == DT_INDEX) {
        cls[it->rule->free_class[c]] = DT_I64;
        has_index = true;
      }
    if (!has_index) continue;
    unsigned twin = rule_instance_index(it->rule, cls);
    for (size_t i = w->rule_start[j]; i < rep->n && rep->items[i].rule == it->rule; i++) {
      if (i == j || w->is_follower[i] || rep->items[i].instance != twin) continue;
      w->is_follower[j] = true;
      w->next_follower[j] = w->follow[i];
      w->follow[i] = j;
      break;
    }
  }
}

/* The order of phase 2: each rule's first instance, then each rule's second, and so on (a counting sort
 * by the place in the rule). The hints (solve_item) come from a rule's earlier instances: in the order
 * of the items, a rule's first two would be solved side by side, neither with a hint from the other. */
static void solve_order(Work *w) {
  size_t n = w->rep->n, places = 0;
  for (size_t i = 0; i < n; i++)
    if (i - w->rule_start[i] + 1 > places) places = i - w->rule_start[i] + 1;
  size_t *start = calloc(places + 1, sizeof *start);
  if (!start) { /* the items' own order */
    for (size_t i = 0; i < n; i++) w->order[i] = i;
    return;
  }
  for (size_t i = 0; i < n; i++) start[i - w->rule_start[i] + 1]++;
  for (size_t k = 1; k <= places; k++) start[k] += start[k - 1];
  for (size_t i = 0; i < n; i++) w->order[start[i - w->rule_start[i]]++] = i;
  free(start);
}

/* The cache as a sorted array of record keys `HASH NAME INSTANCE STATUS SOLVER`. */
typedef struct {
  char **keys;
  size_t n;
} Cache;

static int key_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

typedef struct {
  Cache *c;
  size_t cap;
  bool oom;
} CacheBuild;

static bool cache_add(void *ud, const LedgerRecord *r) {
  CacheBuild *b = ud;
  Cache *c = b->c;
  if (c->n == b->cap) {
    b->cap = b->cap ? b->cap * 2 : 1024;
    char **nk = realloc(c->keys, b->cap * sizeof *nk);
    if (!nk) {
      b->oom = true;
      return false;
    }
    c->keys = nk;
  }
  char key[400], solver[LEDGER_WORD_MAX + 4];
  ledger_solver_normalise(r->solver, solver, sizeof solver);
  snprintf(key, sizeof key, "%016llx %s %s %s %s", (unsigned long long)r->hash, r->rule, r->instance, r->status,
           solver);
  if (!(c->keys[c->n] = strdup(key))) {
    b->oom = true;
    return false;
  }
  c->n++;
  return true;
}

/* On out of memory the cache holds what it could read: what is missing is proved again. */
static void cache_build(Cache *c, const char *text, size_t len) {
  c->keys = NULL;
  c->n = 0;
  CacheBuild b = {c, 0, false};
  if (text) ledger_each(text, len, cache_add, &b);
  if (c->n) qsort(c->keys, c->n, sizeof *c->keys, key_cmp);
}

static void cache_free(Cache *c) {
  for (size_t i = 0; i < c->n; i++) free(c->keys[i]);
  free(c->keys);
}

/* The status the cache records for this instance of the rule's current text by a solver of this
 * version (Z3's, cvc5's when it is installed, or the evaluator): PROOF_PROVED, PROOF_UNKNOWN (reused
 * only when asked), or PROOF_ERROR for "not cached"; *solver gets the record's SOLVER word. */
static ProofStatus cached_status(const Cache *c, bool reuse_unknown, const Rule *r, const char *inst, char *solver,
                                 size_t size) {
  static const struct {
    const char *word;
    ProofStatus status;
  } reusable[] = {{"proved", PROOF_PROVED}, {"unknown", PROOF_UNKNOWN}};
  char words[3][LEDGER_WORD_MAX];
  size_t nw = 0;
  ledger_solver_format(words[nw++], sizeof words[0], "z3", smt_solver_version());
  if (smt_second_version()) ledger_solver_format(words[nw++], sizeof words[0], "cvc5", smt_second_version());
  ledger_solver_format(words[nw++], sizeof words[0], "eval", NULL);
  for (size_t k = 0; k < (reuse_unknown ? 2u : 1u); k++)
    for (size_t w = 0; w < nw; w++) {
      char key[400];
      snprintf(key, sizeof key, "%016llx %s %s %s %s", (unsigned long long)r->text_hash, r->name, inst,
               reusable[k].word, words[w]);
      const char *kp = key;
      if (c->n && bsearch(&kp, c->keys, c->n, sizeof *c->keys, key_cmp)) {
        snprintf(solver, size, "%.31s", words[w]);
        return reusable[k].status;
      }
    }
  return PROOF_ERROR;
}

void verify_item_solver(const VerifyItem *it, char *buf, size_t size) {
  if (it->cached && it->solver[0]) {
    snprintf(buf, size, "%s", it->solver);
    return;
  }
  const ProofResult *p = &it->result;
  bool decided = p->status == PROOF_PROVED || p->status == PROOF_REFUTED;
  int by = decided ? p->by : PROOF_BY_Z3;
  if (by == PROOF_BY_EVAL) ledger_solver_format(buf, size, "eval", NULL);
  else if (by == PROOF_BY_CVC5) ledger_solver_format(buf, size, "cvc5", smt_second_version());
  else ledger_solver_format(buf, size, "z3", smt_solver_version());
}

const char *vacuous_kind_text(int kind) {
  switch (kind) {
  case VACUOUS_NO_INSTANCE: return "no dtype instance admits its guard";
  case VACUOUS_GUARD: return "its guard holds at no point of any instance";
  default: return "its pattern is UB wherever its guard holds";
  }
}

static void add_vacuous(VerifyReport *rep, const Rule *r, int kind) {
  struct VacuousRule *nv = realloc(rep->vacuous, (rep->nvacuous + 1) * sizeof *nv);
  if (!nv) return;
  rep->vacuous = nv;
  nv[rep->nvacuous++] = (struct VacuousRule){r, kind};
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
    if (!r->is_lemma) {
      OrderItem *no = realloc(rep->order, (rep->norder + 1) * sizeof *no);
      if (no) {
        rep->order = no;
        no[rep->norder] = order_check_rule(cat, r);
        rep->may_loop += no[rep->norder].verdict == ORDER_MAY_LOOP;
        rep->norder++;
      }
    }
    if (k == 0) add_vacuous(rep, r, VACUOUS_NO_INSTANCE);
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
      ProofStatus st = cached_status(&cache, opts->reuse_unknown, r, name, it->solver, sizeof it->solver);
      if (st != PROOF_ERROR) {
        it->cached = true;
        it->result.status = st;
        if (st == PROOF_UNKNOWN) snprintf(it->result.reason, sizeof it->result.reason, "unknown in the ledger");
      }
    }
  }
  free(inst);
  cache_free(&cache);
  Work w = {.rep = rep, .opts = opts, .smt = opts->smt};
  w.points = malloc((rep->n + 1) * sizeof *w.points);
  w.found = calloc(rep->n + 1, sizeof *w.found);
  w.rule_start = malloc((rep->n + 1) * sizeof *w.rule_start);
  w.rule_mem = malloc((rep->n + 1) * sizeof *w.rule_mem);
  w.order = malloc((rep->n + 1) * sizeof *w.order);
  w.follow = malloc((rep->n + 1) * sizeof *w.follow);
  w.next_follower = malloc((rep->n + 1) * sizeof *w.next_follower);
  w.is_follower = malloc((rep->n + 1) * sizeof *w.is_follower);
  /* The run's own query cache, unless the caller gave one (without memory for it, no cache). */
  QueryCache *qc = opts->smt.cache ? NULL : query_cache_new();
  if (qc) w.smt.cache = qc;
  if (!w.points || !w.found || !w.rule_start || !w.rule_mem || !w.order || !w.follow || !w.next_follower || !w.is_follower) {
    free(w.points);
    free(w.found);
    free(w.rule_start);
    free(w.rule_mem);
    free(w.order);
    free(w.follow);
    free(w.next_follower);
    free(w.is_follower);
    query_cache_free(qc);
    return false;
  }
  for (size_t i = 0; i < rep->n; i++) {
    w.rule_start[i] = i && rep->items[i - 1].rule == rep->items[i].rule ? w.rule_start[i - 1] : i;
    atomic_init(&w.rule_mem[i].fires, false);
    atomic_init(&w.rule_mem[i].int_late, false);
    atomic_init(&w.rule_mem[i].bv_first, false);
    atomic_init(&w.rule_mem[i].cases_first, false);
    atomic_init(&w.rule_mem[i].int_plain, 0);
    atomic_init(&w.rule_mem[i].int_marked, 0);
    atomic_init(&w.rule_mem[i].int_neither, 0);
  }
  link_followers(&w);
  solve_order(&w);
  pthread_mutex_init(&w.progress_lock, NULL);
  int jobs = opts->jobs > 0 ? opts->jobs : 1;
  pthread_t *t = calloc((size_t)jobs, sizeof *t);
  for (w.phase = opts->no_search ? 2 : 1; w.phase <= 2; w.phase++) {
    atomic_init(&w.next, 0);
    atomic_init(&w.done, 0);
    int started = 0;
    for (int j = 0; t && j < jobs; j++)
      if (pthread_create(&t[j], NULL, worker, &w) == 0) started++;
    if (!started) worker(&w);
    for (int j = 0; j < started; j++) pthread_join(t[j], NULL);
    if (w.phase == 1)
      for (size_t i = 0; i < rep->n; i++)
        if (rep->items[i].vacuity == VAC_FIRES) atomic_store(&w.rule_mem[w.rule_start[i]].fires, true);
  }
  free(t);
  free(w.points);
  free(w.found);
  free(w.rule_start);
  free(w.rule_mem);
  free(w.order);
  free(w.follow);
  free(w.next_follower);
  free(w.is_follower);
  rep->query_hits = w.smt.cache ? query_cache_hits(w.smt.cache) : 0;
  query_cache_free(qc);
  pthread_mutex_destroy(&w.progress_lock);
  for (size_t i = 0; i < rep->n; i++) {
    VerifyItem *it = &rep->items[i];
    rep->cached += it->cached;
    rep->by_search += it->result.status == PROOF_REFUTED && it->result.by_search;
    rep->disagreements += it->result.status == PROOF_ERROR && it->result.disagree;
    if (it->result.status == PROOF_PROVED && !it->cached) {
      rep->by_cvc5 += it->result.by == PROOF_BY_CVC5;
      rep->by_eval += it->result.by == PROOF_BY_EVAL;
      rep->rechecked += it->result.recheck == SMT_RECHECK_AGREES;
      rep->recheck_undecided += it->result.recheck == SMT_RECHECK_UNDECIDED;
    }
    switch (it->result.status) {
    case PROOF_PROVED: rep->proved++; break;
    case PROOF_REFUTED: rep->refuted++; break;
    case PROOF_UNKNOWN: rep->unknown++; break;
    default: rep->errors++; break;
    }
  }
  /* Hook (issue 12, item 3, not built yet): suggested guards. A rule with refuted instances would be
   * searched here for the weakest conjunction of vocabulary guards under which every instance is proved
   * (the refuted instances' points, rep->items[...].result and the search's ConcretePoint, rule out
   * candidates before any proof), and the rule line to use reported with the rule. */
  /* A rule whose every instance is vacuous (the solver says so) can never fire. */
  for (size_t i = 0; i < rep->n;) {
    size_t j = i;
    bool all = true, guard = true;
    while (j < rep->n && rep->items[j].rule == rep->items[i].rule) {
      Vacuity v = rep->items[j].vacuity;
      all &= v == VAC_GUARD || v == VAC_UB;
      guard &= v == VAC_GUARD;
      j++;
    }
    if (all) add_vacuous(rep, rep->items[i].rule, guard ? VACUOUS_GUARD : VACUOUS_UB);
    i = j;
  }
  rep->seconds = vs_seconds() - t0;
  return true;
}

void verify_report_free(VerifyReport *rep) {
  for (size_t i = 0; i < rep->n; i++) proof_result_free(&rep->items[i].result);
  for (size_t i = 0; i < rep->norder; i++) order_item_free(&rep->order[i]);
  free(rep->order);
  free(rep->vacuous);
  free(rep->items);
  memset(rep, 0, sizeof *rep);
}

char *verify_ledger_text(const VerifyReport *rep) {
  size_t cap = strlen(ledger_header) + rep->n * 160 + 1, len = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  len += (size_t)snprintf(out, cap, "%s", ledger_header);
  for (size_t i = 0; i < rep->n; i++) {
    const VerifyItem *it = &rep->items[i];
    LedgerRecord r = {.hash = it->rule->text_hash, .ms = it->result.seconds * 1000.0};
    snprintf(r.rule, sizeof r.rule, "%s", it->rule->name);
    rule_instance_name(it->rule, it->instance, r.instance, sizeof r.instance);
    snprintf(r.status, sizeof r.status, "%s", proof_status_name(it->result.status));
    verify_item_solver(it, r.solver, sizeof r.solver);
    if (cap - len < 400) {
      cap *= 2;
      char *no = realloc(out, cap);
      if (!no) {
        free(out);
        return NULL;
      }
      out = no;
    }
    len += ledger_format(out + len, cap - len, &r);
  }
  return out;
}
