/* test_rule_order.c: the catalog's termination check (verify/rule_order.h): rules that shrink, canonical
 * reorderings, rules that can loop (with the cycle printed), and the built-in catalog: every rule
 * decreases or reorders, or is a documented exception that docs/rules.md lists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/catalog.h"
#include "text/text.h"
#include "verify/rule_order.h"

static Catalog *load(const char *text) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  VsDiag d;
  if (!catalog_load_text(c, "order.rules", text, strlen(text), &d)) fail_msg("%d:%d: %s\n%s", d.line, d.col, d.msg, text);
  return c;
}

/* The verdict on the rule named "r" of the given rules (family identity). */
static OrderVerdict verdict(const char *rules, char *why, size_t size, char **cycle) {
  char buf[2048];
  snprintf(buf, sizeof buf, "family identity\n%s\n", rules);
  Catalog *c = load(buf);
  const Rule *r = catalog_find(c, "r");
  assert_non_null(r);
  OrderItem it = order_check_rule(c, r);
  if (why) snprintf(why, size, "%s", it.why);
  if (cycle) *cycle = it.cycle ? strdup(it.cycle) : NULL;
  OrderVerdict v = it.verdict;
  order_item_free(&it);
  catalog_free(c);
  return v;
}

static void expect(const char *rules, OrderVerdict want) {
  char why[400];
  OrderVerdict v = verdict(rules, why, sizeof why, NULL);
  if (v != want) fail_msg("%s: %s (%s), wanted %s", rules, order_verdict_name(v), why, order_verdict_name(want));
}

static void test_decreasing(void **state) {
  (void)state;
  expect("rule r : x + 0 => x", ORDER_DECREASES);
  expect("rule r : (x + c1) + c2 => x + (c1 + c2)", ORDER_DECREASES); /* a constant subterm is one constant */
  expect("rule r : x - c => x + -c where !is_const(x)", ORDER_DECREASES); /* precedence: - above + */
  expect("rule r : (x + c) + y => (x + y) + c where !is_const(y)", ORDER_DECREASES); /* constants move last */
  expect("rule r : (x + c1) * c2 => x * c2 + c1 * c2", ORDER_DECREASES); /* * above + */
  expect("rule r : x // 1 => x", ORDER_DECREASES);
  expect("rule r : z@cast(y@cast(x)) => cast(x) where int(x) && int(y) && int(z) && bits(z) <= bits(y)", ORDER_DECREASES);
}

static void test_reordering(void **state) {
  (void)state;
  expect("rule r : x + y => y + x where order(x, y)", ORDER_REORDERS);
  expect("rule r : (x + y) + z => (x + z) + y where int(x) && order(y, z)", ORDER_REORDERS);
  /* The order must move the leaf it tests: the wrong direction is no reordering. */
  expect("rule r : (x + y) + z => (x + z) + y where int(x) && order(z, y)", ORDER_MAY_LOOP);
  expect("rule r : min(x, y) => min(y, x) where order(y, x)", ORDER_MAY_LOOP);
  /* Termination is not soundness: a reordering of a non-commutative op still cannot cycle. */
  expect("rule r : x - y => y - x where order(x, y)", ORDER_REORDERS);
  /* Not a permutation of the leaves. */
  expect("rule r : x - y => y where order(y, x)", ORDER_DECREASES);
  expect("rule r : x + y => y + x where order(y, x)", ORDER_MAY_LOOP); /* the wrong direction */
}

static void test_may_loop(void **state) {
  (void)state;
  char why[400];
  char *cycle = NULL;
  assert_int_equal(verdict("rule r : x + y => y + x", why, sizeof why, &cycle), ORDER_MAY_LOOP);
  assert_non_null(strstr(why, "not smaller"));
  if (cycle) {
    printf("  cycle of x + y => y + x:\n%s", cycle);
    free(cycle);
  }
  assert_int_equal(verdict("rule r : x * 2 => x + x where int(x)", why, sizeof why, NULL), ORDER_MAY_LOOP);
  assert_non_null(strstr(why, "more often"));
  assert_int_equal(verdict("rule r : x * 1 => (x + 0) * 1 where int(x)", why, sizeof why, NULL), ORDER_MAY_LOOP);
  assert_non_null(strstr(why, "weighs more"));
  /* Without the guard's !is_const(y), y may be a constant: (x + c) + c' => (x + c') + c forever. */
  assert_int_equal(verdict("rule r : (x + c) + y => (x + y) + c", why, sizeof why, NULL), ORDER_MAY_LOOP);
}

/* Every built-in rule terminates by the order, or is a documented exception listed in docs/rules.md. */
static void test_builtin_catalog(void **state) {
  (void)state;
  Catalog *c = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(c, &d));
  char *doc = NULL;
  size_t len = 0;
  assert_true(vs_read_file(VSIMP_SOURCE_DIR "/docs/rules.md", &doc, &len, NULL, NULL));
  char *docz = malloc(len + 1);
  memcpy(docz, doc, len);
  docz[len] = 0;
  size_t counts[4] = {0};
  int bad = 0;
  for (size_t i = 0; i < catalog_rule_count(c); i++) {
    const Rule *r = catalog_rule(c, i);
    if (r->is_lemma) continue;
    OrderItem it = order_check_rule(c, r);
    counts[it.verdict]++;
    if (it.verdict == ORDER_MAY_LOOP) {
      printf("  may loop: %s (%s:%d): %s\n", r->name, r->file, r->line, it.why);
      bad++;
    }
    if (it.verdict == ORDER_DOCUMENTED) {
      char key[128];
      snprintf(key, sizeof key, "`%s`", r->name);
      if (!strstr(docz, key)) {
        printf("  documented exception %s is not listed in docs/rules.md\n", r->name);
        bad++;
      }
    }
    order_item_free(&it);
  }
  printf("  built-in rules: %zu decrease, %zu reorder, %zu documented exceptions, %zu may loop\n", counts[0], counts[1],
         counts[2], counts[3]);
  free(docz);
  free(doc);
  catalog_free(c);
  assert_int_equal(bad, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_decreasing),
    cmocka_unit_test(test_reordering),
    cmocka_unit_test(test_may_loop),
    cmocka_unit_test(test_builtin_catalog),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
