/* The built-in proof ledger is complete and current: every admissible dtype instance of every rule in
 * the built-in rule files has a record for the rule's present text, and none is refuted. A rule edited without
 * re-running `vsimp rules verify --write-ledger src/rules/ledger.txt` fails here (it would silently
 * stop firing otherwise). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/catalog.h"
#include "rules/embedded.h"
#include "rules/ledger.h"
#include "verify/rule_verify.h"

/* The ledger's records, read once through the ledger module and sorted by (hash, rule, instance), so
 * that each of the catalog's instances is one binary search (the catalog has about 20,000). */
typedef struct {
  uint64_t hash;
  char rule[LEDGER_NAME_MAX], inst[LEDGER_INSTANCE_MAX], status[LEDGER_WORD_MAX];
} Rec;

typedef struct {
  Rec *r;
  size_t n, cap;
} Recs;

static bool collect_one(void *ud, const LedgerRecord *r) {
  Recs *rs = ud;
  if (rs->n == rs->cap) {
    rs->cap = rs->cap ? rs->cap * 2 : 1024;
    rs->r = realloc(rs->r, rs->cap * sizeof *rs->r);
    assert_non_null(rs->r);
  }
  Rec *x = &rs->r[rs->n++];
  x->hash = r->hash;
  snprintf(x->rule, sizeof x->rule, "%s", r->rule);
  snprintf(x->inst, sizeof x->inst, "%s", r->instance);
  snprintf(x->status, sizeof x->status, "%s", r->status);
  return true;
}

static int rec_cmp(const void *a, const void *b) {
  const Rec *x = a, *y = b;
  if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
  int c = strcmp(x->rule, y->rule);
  return c ? c : strcmp(x->inst, y->inst);
}

/* The status recorded for (hash, rule, instance). */
static bool ledger_has(const Recs *rs, const Rule *r, const char *inst, char *status, size_t ssz) {
  Rec key = {.hash = r->text_hash};
  snprintf(key.rule, sizeof key.rule, "%s", r->name);
  snprintf(key.inst, sizeof key.inst, "%s", inst);
  const Rec *hit = bsearch(&key, rs->r, rs->n, sizeof *rs->r, rec_cmp);
  if (hit) snprintf(status, ssz, "%s", hit->status);
  return hit != NULL;
}

static void test_ledger_covers_catalog(void **state) {
  (void)state;
  assert_int_equal(vs_embedded_ledger_count, 1);
  size_t len;
  const char *ledger = ledger_builtin(&len);
  Recs rs = {0};
  ledger_each(ledger, len, collect_one, &rs);
  qsort(rs.r, rs.n, sizeof *rs.r, rec_cmp);
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  assert_non_null(inst);
  size_t missing = 0, refuted = 0, total = 0, proved = 0;
  for (size_t i = 0; i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    size_t k = rule_admissible_instances(r, inst, RULE_INSTANCES);
    for (size_t j = 0; j < k; j++) {
      char name[64], status[32] = "";
      rule_instance_name(r, inst[j], name, sizeof name);
      total++;
      if (!ledger_has(&rs, r, name, status, sizeof status)) {
        if (missing++ < 10) printf("not in the ledger: %s at %s\n", r->name, name);
        continue;
      }
      if (!strcmp(status, "refuted") && refuted++ < 10) printf("refuted: %s at %s\n", r->name, name);
      proved += !strcmp(status, "proved");
    }
  }
  printf("ledger: %zu instances, %zu proved, %zu missing, %zu refuted\n", total, proved, missing, refuted);
  assert_int_equal(missing, 0);
  assert_int_equal(refuted, 0);
  assert_true(proved > total / 2);
  free(inst);
  free(rs.r);
  catalog_free(cat);
}

/* What the engine reads from the ledger is exactly the proved records. */
static void test_engine_sees_proved_instances(void **state) {
  (void)state;
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  catalog_apply_builtin_ledger(cat);
  const Rule *r = catalog_find(cat, "add_zero");
  assert_non_null(r);
  uint8_t dt[RULE_MAX_ALL_CLASSES];
  for (int c = 0; c < r->nclasses; c++) dt[c] = r->class_fixed[c];
  dt[r->free_class[0]] = DT_I8;
  assert_true(rule_instance_proved(r, rule_instance_index(r, dt)));
  dt[r->free_class[0]] = DT_F32; /* excluded by its guard: never proved, never fires */
  assert_false(rule_instance_proved(r, rule_instance_index(r, dt)));
  catalog_free(cat);
}

/* The format: records are read back as written; comments, blank and malformed lines are skipped;
 * the time is optional. */
static bool collect(void *ud, const LedgerRecord *r) {
  LedgerRecord *out = ud;
  size_t i = 0;
  while (out[i].rule[0]) i++;
  out[i] = *r;
  return i < 6;
}

static void test_ledger_format(void **state) {
  (void)state;
  LedgerRecord r = {.hash = UINT64_C(0x29c034e7872cd6e7), .ms = 12};
  snprintf(r.rule, sizeof r.rule, "div_sum_exact");
  snprintf(r.instance, sizeof r.instance, "i64,i8");
  snprintf(r.status, sizeof r.status, "proved");
  snprintf(r.solver, sizeof r.solver, "4.8.12");
  char line[256];
  size_t n = ledger_format(line, sizeof line, &r);
  assert_string_equal(line, "29c034e7872cd6e7 div_sum_exact i64,i8 proved 4.8.12 12\n");
  assert_int_equal(n, strlen(line));
  assert_int_equal(ledger_format(line, 10, &r), 0); /* does not fit */
  const char *text = "# header\n"
                     "\n"
                     "29c034e7872cd6e7 div_sum_exact i64,i8 proved 4.8.12 12\n"
                     "29c034e7872cd6e7 short line\n"
                     "29c034e7872cd6eZ bad_hash i8 proved 4.8.12\n"
                     "00000000000000ff no_time - unknown 4.8.12\n"
                     "00000000000000ff last_line u8 refuted 4.8.12 3";
  LedgerRecord got[8];
  memset(got, 0, sizeof got);
  assert_int_equal(ledger_each(text, strlen(text), collect, got), 3);
  assert_string_equal(got[0].rule, "div_sum_exact");
  assert_true(got[0].hash == r.hash && got[0].ms == 12);
  assert_string_equal(got[1].rule, "no_time");
  assert_string_equal(got[1].instance, "-");
  assert_true(got[1].ms < 0);
  assert_string_equal(got[2].status, "refuted");
  assert_true(got[2].ms == 3);
}

/* --only: one rule's records replaced in place, the others kept, the fresh header on top. */
static void test_ledger_replace_rule(void **state) {
  (void)state;
  const char *old = "# old header\n"
                    "0000000000000001 a i8 proved z3\n"
                    "0000000000000002 b i8 unknown z3\n"
                    "0000000000000002 b i16 unknown z3\n"
                    "0000000000000003 c i8 proved z3\n";
  const char *fresh = "# new header\n"
                      "0000000000000009 b i8 proved z3\n";
  char *m = ledger_replace_rule(old, strlen(old), fresh, strlen(fresh), "b");
  assert_string_equal(m, "# new header\n"
                         "0000000000000001 a i8 proved z3\n"
                         "0000000000000009 b i8 proved z3\n"
                         "0000000000000003 c i8 proved z3\n");
  free(m);
  m = ledger_replace_rule(old, strlen(old), fresh, strlen(fresh), "d"); /* not there: appended */
  assert_non_null(strstr(m, "0000000000000003 c i8 proved z3\n0000000000000009 b i8 proved z3\n"));
  free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_ledger_format),
    cmocka_unit_test(test_ledger_replace_rule),
    cmocka_unit_test(test_ledger_covers_catalog),
    cmocka_unit_test(test_engine_sees_proved_instances),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
