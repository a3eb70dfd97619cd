#include "smt/query_cache.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Chained buckets: a lookup hashes the text once and compares the texts of one short chain. */
typedef struct Entry {
  struct Entry *next;
  uint64_t hash;
  size_t len;
  QueryCacheEntry e;
  char text[];
} Entry;

struct QueryCache {
  pthread_mutex_t mu;
  Entry **bucket;
  size_t nbuckets, count, bytes, hits;
};

/* FNV-1a, 64 bits. */
static uint64_t text_hash(const char *s, size_t len) {
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * UINT64_C(0x100000001b3);
  return h;
}

/* ---- the key: the declared constants renamed in order ---- */

/* The token at p (p not at a space or parenthesis): its length. A |quoted| symbol or a "string" is one
 * token, kept as it is. */
static size_t token_len(const char *p) {
  if (*p == '|' || *p == '"') {
    const char *q = strchr(p + 1, *p);
    return q ? (size_t)(q - p) + 1 : strlen(p);
  }
  size_t n = 0;
  while (p[n] && p[n] != ' ' && p[n] != '\n' && p[n] != '\t' && p[n] != '\r' && p[n] != '(' && p[n] != ')') n++;
  return n;
}

/* A constant the text declares: its name, its declaration's span, and its new number. */
typedef struct {
  const char *s;
  size_t len;
  const char *decl, *decl_end;
  size_t order;
} Name;

/* The new names (%k for declared constants, %l for let-bound ones) start with a character no Z3 name
 * starts with; a text holding such a token anyway keeps its names (it only misses the cache). */
static bool is_new_name(const char *p, size_t len) { return len >= 2 && p[0] == '%' && (p[1] == 'k' || p[1] == 'l'); }

static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

/* The end of the form that opens at p (its closing parenthesis, past it). */
static const char *form_end(const char *p) {
  int depth = 0;
  while (*p) {
    if (*p == '(') depth++;
    else if (*p == ')' && --depth == 0) return p + 1;
    p += *p == '|' || *p == '"' ? token_len(p) : 1;
  }
  return p;
}

/* Z3's printer names the subterms it shares by `let` after its own term ids ($x22, ?x31), which differ
 * between twin queries: such a bound name is renamed %l0, %l1, ... by first occurrence. A small
 * open-addressing table from the name to its number. */
typedef struct {
  const char *s;
  size_t len, num;
} Local;

static bool is_local(const char *p, size_t len) { return len >= 2 && (*p == '$' || *p == '?'); }

typedef struct {
  char *out;
  size_t k;
  bool space, clash;
  Local *local;
  size_t local_cap, nlocal; /* capacity a power of two, at least twice the bound names */
} Writer;

static size_t local_num(Writer *w, const char *p, size_t len) {
  uint64_t h = text_hash(p, len);
  size_t mask = w->local_cap - 1, i = (size_t)h & mask;
  for (; w->local[i].s; i = (i + 1) & mask)
    if (w->local[i].len == len && !memcmp(w->local[i].s, p, len)) return w->local[i].num;
  w->local[i] = (Local){p, len, w->nlocal};
  return w->nlocal++;
}

/* [p, end) to w: each run of whitespace one space, none inside the parentheses' edges (Z3 breaks its
 * lines by the names' lengths, so x_i64 and x_index break the same formula at other places), and each
 * declared name its new one. */
static void emit(Writer *w, const char *p, const char *end, const Name *names, size_t n) {
  while (p < end) {
    if (is_space(*p)) {
      w->space = true;
      p++;
      continue;
    }
    if (w->space && w->k && w->out[w->k - 1] != '(' && *p != ')') w->out[w->k++] = ' ';
    w->space = false;
    if (*p == '(' || *p == ')') {
      w->out[w->k++] = *p++;
      continue;
    }
    size_t len = token_len(p), i = 0;
    if (is_new_name(p, len)) w->clash = true;
    if (is_local(p, len)) {
      w->k += (size_t)sprintf(w->out + w->k, "%%l%zu", local_num(w, p, len));
      p += len;
      continue;
    }
    while (i < n && !(names[i].len == len && !memcmp(names[i].s, p, len))) i++;
    if (i < n) {
      w->k += (size_t)sprintf(w->out + w->k, "%%k%zu", names[i].order);
    } else {
      memcpy(w->out + w->k, p, len);
      w->k += len;
    }
    p += len;
  }
}

static int by_order(const void *a, const void *b) {
  size_t x = ((const Name *)a)->order, y = ((const Name *)b)->order;
  return x < y ? -1 : x > y;
}

char *query_cache_key(const char *text) {
  size_t len = strlen(text), nnames = 0, cap = 0;
  Name *names = NULL;
  for (const char *p = text; (p = strstr(p, "(declare-")); p++) {
    const char *q = strchr(p, ' ');
    if (!q || (strncmp(p, "(declare-fun ", 13) && strncmp(p, "(declare-const ", 15))) continue;
    q++;
    if (nnames == cap) {
      cap = cap ? cap * 2 : 16;
      Name *nn = realloc(names, cap * sizeof *nn);
      if (!nn) {
        free(names);
        return NULL;
      }
      names = nn;
    }
    names[nnames] = (Name){q, token_len(q), p, form_end(p), (size_t)-1};
    p = names[nnames++].decl_end - 1;
  }
  /* Numbers by first use outside the declarations (the assertions are built in one order; Z3 prints the
   * declarations in an order of its own), then the unused ones in the order declared. */
  size_t next = 0, d = 0, uses = 0, locals = 0;
  for (const char *p = text; *p;) {
    if (d < nnames && p == names[d].decl) {
      p = names[d++].decl_end;
      continue;
    }
    if (is_space(*p) || *p == '(' || *p == ')') {
      p++;
      continue;
    }
    size_t tl = token_len(p);
    locals += is_local(p, tl);
    for (size_t i = 0; i < nnames; i++)
      if (names[i].len == tl && !memcmp(names[i].s, p, tl)) {
        uses++;
        if (names[i].order == (size_t)-1) names[i].order = next++;
        break;
      }
    p += tl;
  }
  for (size_t i = 0; i < nnames; i++)
    if (names[i].order == (size_t)-1) names[i].order = next++;
  /* Each new name is at most 2 + 20 characters, in its declaration and at each use; the whitespace only
   * shrinks. */
  Writer w = {malloc(len + (nnames + uses + locals) * 24 + 1), 0, false, false, NULL, 2, 0};
  while (w.local_cap < 2 * locals) w.local_cap *= 2;
  w.local = calloc(w.local_cap, sizeof *w.local);
  /* The text up to the first declaration, the declarations in the new numbers' order, the rest. */
  Name *sorted = malloc((nnames ? nnames : 1) * sizeof *sorted);
  if (!w.out || !w.local || !sorted) {
    free(w.out);
    free(w.local);
    free(sorted);
    free(names);
    return NULL;
  }
  if (nnames) {
    memcpy(sorted, names, nnames * sizeof *sorted);
    qsort(sorted, nnames, sizeof *sorted, by_order);
  }
  const char *p = text;
  if (nnames) {
    emit(&w, text, names[0].decl, names, nnames);
    for (size_t i = 0; i < nnames; i++) emit(&w, sorted[i].decl, sorted[i].decl_end, names, nnames);
    p = names[0].decl_end;
    for (size_t i = 1; i < nnames; i++) {
      emit(&w, p, names[i].decl, names, nnames);
      p = names[i].decl_end;
    }
  }
  emit(&w, p, text + len, names, nnames);
  w.out[w.k] = 0;
  free(sorted);
  free(names);
  free(w.local);
  if (w.clash) memcpy(w.out, text, len + 1);
  return w.out;
}

QueryCache *query_cache_new(void) {
  QueryCache *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->nbuckets = 4096;
  c->bucket = calloc(c->nbuckets, sizeof *c->bucket);
  if (!c->bucket) {
    free(c);
    return NULL;
  }
  pthread_mutex_init(&c->mu, NULL);
  return c;
}

void query_cache_free(QueryCache *c) {
  if (!c) return;
  for (size_t i = 0; i < c->nbuckets; i++)
    for (Entry *e = c->bucket[i], *next; e; e = next) {
      next = e->next;
      free(e);
    }
  free(c->bucket);
  pthread_mutex_destroy(&c->mu);
  free(c);
}

static Entry *find(QueryCache *c, const char *text, size_t len, uint64_t h) {
  for (Entry *e = c->bucket[h & (c->nbuckets - 1)]; e; e = e->next)
    if (e->hash == h && e->len == len && !memcmp(e->text, text, len)) return e;
  return NULL;
}

static void grow(QueryCache *c) {
  size_t n = c->nbuckets * 2;
  Entry **b = calloc(n, sizeof *b);
  if (!b) return; /* longer chains, still correct */
  for (size_t i = 0; i < c->nbuckets; i++)
    for (Entry *e = c->bucket[i], *next; e; e = next) {
      next = e->next;
      e->next = b[e->hash & (n - 1)];
      b[e->hash & (n - 1)] = e;
    }
  free(c->bucket);
  c->bucket = b;
  c->nbuckets = n;
}

/* The longest limit an unknown found with limit t answers for: t and an eighth more (at least 50 ms). A
 * turn's limit is what is left of it after the preprocessing, which differs by milliseconds from one
 * run of the same turn to the next; a little more time than an unknown had is no reason to ask again. */
static unsigned unknown_reach(unsigned t) {
  unsigned extra = t / 8 > 50 ? t / 8 : 50;
  return t > UINT32_MAX - extra ? UINT32_MAX : t + extra;
}

bool query_cache_get(QueryCache *c, const char *key, unsigned timeout_ms, QueryCacheEntry *out) {
  size_t len = strlen(key);
  if (len > QUERY_CACHE_MAX_TEXT) return false;
  uint64_t h = text_hash(key, len);
  pthread_mutex_lock(&c->mu);
  Entry *e = find(c, key, len, h);
  bool usable = e && (e->e.answer == QC_UNSAT || (timeout_ms && timeout_ms <= unknown_reach(e->e.timeout_ms)));
  if (usable) {
    *out = e->e;
    c->hits++;
  }
  pthread_mutex_unlock(&c->mu);
  return usable;
}

void query_cache_put(QueryCache *c, const char *key, const QueryCacheEntry *qe) {
  size_t len = strlen(key);
  if (len > QUERY_CACHE_MAX_TEXT || (qe->answer == QC_UNKNOWN && !qe->timeout_ms)) return;
  uint64_t h = text_hash(key, len);
  pthread_mutex_lock(&c->mu);
  Entry *e = find(c, key, len, h);
  if (e) {
    if (qe->answer == QC_UNSAT || (e->e.answer == QC_UNKNOWN && qe->timeout_ms > e->e.timeout_ms)) e->e = *qe;
  } else if (c->bytes + sizeof *e + len + 1 <= QUERY_CACHE_MAX_BYTES && (e = malloc(sizeof *e + len + 1))) {
    e->hash = h;
    e->len = len;
    e->e = *qe;
    memcpy(e->text, key, len + 1);
    size_t b = h & (c->nbuckets - 1);
    e->next = c->bucket[b];
    c->bucket[b] = e;
    c->bytes += sizeof *e + len + 1;
    if (++c->count > c->nbuckets) grow(c);
  }
  pthread_mutex_unlock(&c->mu);
}

size_t query_cache_hits(QueryCache *c) {
  pthread_mutex_lock(&c->mu);
  size_t n = c->hits;
  pthread_mutex_unlock(&c->mu);
  return n;
}
