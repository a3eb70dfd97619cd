#include "rules/catalog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/arena.h"
#include "rules/embedded.h"
#include "rules/ledger.h"
#include "rules/rule_parse.h"

struct Catalog {
  Arena arena;
  Rule **rules;
  size_t n, cap;
  /* Rules by name: open addressing on the name's hash, power-of-two capacity, NULL: empty. */
  Rule **by_name;
  size_t cap_names;
  /* The cache a layer above keeps with the catalog (catalog_set_cache). */
  void *cache;
  void (*cache_free)(void *);
};

Catalog *catalog_new(void) { return calloc(1, sizeof(Catalog)); }

/* Rules or proofs changed: whatever was derived from them is stale. */
static void changed(Catalog *c) {
  if (c->cache && c->cache_free) c->cache_free(c->cache);
  c->cache = NULL;
  c->cache_free = NULL;
}

void *catalog_cache(const Catalog *c) { return c->cache; }

void catalog_set_cache(Catalog *c, void *cache, void (*free_fn)(void *)) {
  changed(c);
  c->cache = cache;
  c->cache_free = free_fn;
}

void catalog_free(Catalog *c) {
  if (!c) return;
  changed(c);
  for (size_t i = 0; i < c->n; i++) free(c->rules[i]->proved);
  free(c->rules);
  free(c->by_name);
  arena_free(&c->arena);
  free(c);
}

size_t catalog_rule_count(const Catalog *c) { return c->n; }
Rule *catalog_rule(const Catalog *c, size_t i) { return i < c->n ? c->rules[i] : NULL; }

static uint64_t name_hash(const char *s, size_t len) {
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * UINT64_C(0x100000001b3);
  return h;
}

static Rule *find_len(const Catalog *c, const char *name, size_t len) {
  if (!c->cap_names) return NULL;
  for (size_t j = name_hash(name, len) & (c->cap_names - 1); c->by_name[j]; j = (j + 1) & (c->cap_names - 1))
    if (!strncmp(c->by_name[j]->name, name, len) && !c->by_name[j]->name[len]) return c->by_name[j];
  return NULL;
}

const Rule *catalog_find(const Catalog *c, const char *name) { return find_len(c, name, strlen(name)); }

static bool names_insert(Catalog *c, Rule *r) {
  if ((c->n + 1) * 2 > c->cap_names) {
    size_t cap = c->cap_names ? c->cap_names * 2 : 512;
    Rule **t = calloc(cap, sizeof *t);
    if (!t) return false;
    for (size_t i = 0; i < c->cap_names; i++) {
      Rule *x = c->by_name[i];
      if (!x) continue;
      size_t j = name_hash(x->name, strlen(x->name)) & (cap - 1);
      while (t[j]) j = (j + 1) & (cap - 1);
      t[j] = x;
    }
    free(c->by_name);
    c->by_name = t;
    c->cap_names = cap;
  }
  size_t j = name_hash(r->name, strlen(r->name)) & (c->cap_names - 1);
  while (c->by_name[j]) j = (j + 1) & (c->cap_names - 1);
  c->by_name[j] = r;
  return true;
}

static bool add_rule(void *ud, Rule *r, VsDiag *diag) {
  Catalog *c = ud;
  const Rule *old = catalog_find(c, r->name);
  if (old) {
    snprintf(diag->file, sizeof diag->file, "%s", r->file);
    diag->line = r->line;
    diag->col = 1;
    snprintf(diag->msg, sizeof diag->msg, "rule '%s' is already defined at %s:%d", r->name, old->file, old->line);
    return false;
  }
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 256;
    Rule **nr = realloc(c->rules, cap * sizeof *nr);
    if (!nr) {
      snprintf(diag->file, sizeof diag->file, "%s", r->file);
      diag->line = r->line;
      diag->col = 1;
      snprintf(diag->msg, sizeof diag->msg, "out of memory");
      return false;
    }
    c->rules = nr;
    c->cap = cap;
  }
  if (!names_insert(c, r)) {
    snprintf(diag->file, sizeof diag->file, "%s", r->file);
    diag->line = r->line;
    diag->col = 1;
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return false;
  }
  r->order = (int)c->n; /* catalog order: file order across the whole load */
  c->rules[c->n++] = r;
  changed(c);
  return true;
}

bool catalog_load_text(Catalog *c, const char *name, const char *text, size_t len, VsDiag *diag) {
  const char *stable = arena_strndup(&c->arena, name, strlen(name));
  return stable && rules_parse(&c->arena, stable, text, len, add_rule, c, diag);
}

bool catalog_load_builtin(Catalog *c, VsDiag *diag) {
  for (size_t i = 0; i < vs_embedded_rules_count; i++) {
    char name[128];
    snprintf(name, sizeof name, "src/rules/%s", vs_embedded_rules[i].name);
    if (!catalog_load_text(c, name, (const char *)vs_embedded_rules[i].data, vs_embedded_rules[i].len, diag))
      return false;
  }
  return true;
}

bool catalog_load_file(Catalog *c, const char *path, VsDiag *diag) {
  char *buf;
  size_t len;
  const char *name;
  if (!vs_read_file(path, &buf, &len, &name, diag)) return false;
  bool ok = catalog_load_text(c, name, buf, len, diag);
  free(buf);
  return ok;
}

/* ---- proofs ---- */

static bool parse_instance(const Rule *r, const char *s, unsigned *idx) {
  uint8_t dts[RULE_MAX_CLASSES];
  int n = 0;
  if (!strcmp(s, "-")) {
    *idx = 0;
    return r->nfree == 0;
  }
  while (*s && n < RULE_MAX_CLASSES) {
    size_t len = strcspn(s, ",");
    DType dt;
    if (!dt_from_name(s, len, &dt)) return false;
    dts[n++] = (uint8_t)dt;
    s += len;
    if (*s == ',') s++;
  }
  if (n != r->nfree || *s) return false;
  unsigned v = 0;
  for (int i = n - 1; i >= 0; i--) v = v * DT_COUNT + dts[i];
  *idx = v;
  return true;
}

static void mark_proved(Rule *r, unsigned idx) {
  /* One bit per instance the rule has (13^nfree: 13 bits for most rules, not RULE_INSTANCES). */
  unsigned total = 1;
  for (int i = 0; i < r->nfree; i++) total *= DT_COUNT;
  if (idx >= total || (!r->proved && !(r->proved = calloc(total / 8 + 1, 1)))) return;
  r->proved[idx >> 3] |= (uint8_t)(1u << (idx & 7));
}

static bool apply_record(void *ud, const LedgerRecord *rec) {
  Catalog *c = ud;
  if (strcmp(rec->status, "proved")) return true;
  Rule *r = find_len(c, rec->rule, strlen(rec->rule));
  unsigned idx;
  if (r && rec->hash == r->text_hash && parse_instance(r, rec->instance, &idx)) mark_proved(r, idx);
  return true;
}

void catalog_apply_ledger(Catalog *c, const char *text, size_t len) {
  ledger_each(text, len, apply_record, c);
  changed(c); /* the folds' proved dtypes depend on the lemmas' proofs */
}

void catalog_apply_builtin_ledger(Catalog *c) {
  size_t len;
  const char *text = ledger_builtin(&len);
  catalog_apply_ledger(c, text, len);
}

void catalog_trust_all_for_testing(Catalog *c) {
  for (size_t i = 0; i < c->n; i++) {
    unsigned total = 1;
    for (int k = 0; k < c->rules[i]->nfree; k++) total *= DT_COUNT;
    for (unsigned idx = 0; idx < total; idx++) mark_proved(c->rules[i], idx);
  }
  changed(c);
}
