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
#include "smt/rule_verify.h"

static bool ledger_has(const char *ledger, size_t len, const Rule *r, const char *inst, char *status, size_t ssz) {
  char prefix[256];
  int n = snprintf(prefix, sizeof prefix, "%016llx %s %s ", (unsigned long long)r->text_hash, r->name, inst);
  for (const char *p = ledger; p && p < ledger + len;) {
    if (!strncmp(p, prefix, (size_t)n)) {
      sscanf(p + n, "%31s", status);
      (void)ssz;
      return true;
    }
    p = memchr(p, '\n', (size_t)(ledger + len - p));
    if (p) p++;
  }
  return false;
}

static void test_ledger_covers_catalog(void **state) {
  (void)state;
  assert_int_equal(vs_embedded_ledger_count, 1);
  const char *ledger = (const char *)vs_embedded_ledger[0].data;
  size_t len = vs_embedded_ledger[0].len;
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
      if (!ledger_has(ledger, len, r, name, status, sizeof status)) {
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

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_ledger_covers_catalog),
    cmocka_unit_test(test_engine_sees_proved_instances),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
