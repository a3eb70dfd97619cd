/* test_query_cache.c: the verdicts a run of queries shares (smt/query_cache.h).
 *
 * The key renames declared constants and nothing else, so that only the same formula up to names
 * shares a verdict; unsat is reused at any limit, unknown only at its own limit or less, sat never;
 * and two solver contexts given one cache answer an index query from its i64 twin. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "smt/query_cache.h"
#include "smt/smt.h"

static char *key_of(const char *text) {
  char *k = query_cache_key(text);
  assert_non_null(k);
  return k;
}

static void assert_same_key(const char *a, const char *b, bool same) {
  char *ka = key_of(a), *kb = key_of(b);
  if (same) assert_string_equal(ka, kb);
  else assert_string_not_equal(ka, kb);
  free(ka);
  free(kb);
}

static void test_key_renames_declared_names(void **state) {
  (void)state;
  const char *i64 = "(declare-fun x_i64 () (_ BitVec 64))\n(declare-fun c_i64 () (_ BitVec 64))\n"
                    "(assert (not (= (bvmul x_i64 c_i64) (bvmul c_i64 x_i64))))\n(check-sat)\n";
  const char *idx = "(declare-fun x_index () (_ BitVec 64))\n(declare-fun c_index () (_ BitVec 64))\n"
                    "(assert (not (= (bvmul x_index c_index) (bvmul c_index x_index))))\n(check-sat)\n";
  assert_same_key(i64, idx, true);
  char *k = key_of(i64);
  assert_null(strstr(k, "x_i64"));
  assert_non_null(strstr(k, "(bvmul %k0 %k1)"));
  free(k);
  /* Other sorts, the operands swapped, or the names declared in another order: another formula (or one
   * the cache does not know to be the same), another key. */
  assert_same_key(i64,
                  "(declare-fun x_i32 () (_ BitVec 32))\n(declare-fun c_i32 () (_ BitVec 32))\n"
                  "(assert (not (= (bvmul x_i32 c_i32) (bvmul c_i32 x_i32))))\n(check-sat)\n",
                  false);
  assert_same_key(i64,
                  "(declare-fun x_i64 () (_ BitVec 64))\n(declare-fun c_i64 () (_ BitVec 64))\n"
                  "(assert (not (= (bvmul c_i64 x_i64) (bvmul c_i64 x_i64))))\n(check-sat)\n",
                  false);
  /* Line breaks where the printer put them for longer names. */
  assert_same_key(i64,
                  "(declare-fun x_index () (_ BitVec 64))\n(declare-fun c_index () (_ BitVec 64))\n"
                  "(assert (not (= (bvmul x_index c_index)\n                (bvmul c_index x_index))))\n(check-sat)\n",
                  true);
  k = key_of("(assert\n  (and  a\t( b c ) ))");
  assert_string_equal(k, "(assert (and a (b c)))");
  free(k);
  /* A name inside a longer token, a let-bound name and a quoted symbol. */
  assert_same_key("(declare-fun x () Bool)\n(declare-fun |y z| () Bool)\n(assert (let ((x!1 x)) (and x!1 |y z|)))",
                  "(declare-fun p () Bool)\n(declare-fun |q| () Bool)\n(assert (let ((x!1 p)) (and x!1 |q|)))", true);
  assert_same_key("(declare-fun x () Bool)\n(assert (let ((x!1 x)) x!1))",
                  "(declare-fun x () Bool)\n(assert (let ((x!2 x)) x!2))", false);
  /* Declarations in another order (Z3 prints them in an order of its own): numbered by first use. */
  assert_same_key("(declare-fun a () Bool)\n(declare-fun b () Int)\n(assert (and a (> b 0)))",
                  "(declare-fun q () Int)\n(declare-fun p () Bool)\n(assert (and p (> q 0)))", true);
  assert_same_key("(declare-fun a () Bool)\n(declare-fun b () Int)\n(assert (and a (> b 0)))",
                  "(declare-fun q () Bool)\n(declare-fun p () Int)\n(assert (and p (> q 0)))", false);
  /* Let-bound names after Z3's term ids. */
  assert_same_key("(declare-fun a () Int)\n(assert (let ((?x12 (+ a 1))) (let (($x40 (> ?x12 0))) (and $x40 $x40))))",
                  "(declare-fun b () Int)\n(assert (let ((?x7 (+ b 1))) (let (($x3 (> ?x7 0))) (and $x3 $x3))))", true);
  assert_same_key("(declare-fun a () Int)\n(assert (let ((?x12 (+ a 1))) (let ((?x13 (+ a 2))) (> ?x12 ?x13))))",
                  "(declare-fun a () Int)\n(assert (let ((?x12 (+ a 1))) (let ((?x13 (+ a 2))) (> ?x13 ?x12))))", false);
  /* A text with a token that looks like a new name keeps its own names. */
  const char *clash = "(declare-fun a () Bool)\n(assert (and a %k0))";
  k = key_of(clash);
  assert_string_equal(k, clash);
  free(k);
}

static void test_cache_answers(void **state) {
  (void)state;
  QueryCache *c = query_cache_new();
  assert_non_null(c);
  QueryCacheEntry e;
  assert_false(query_cache_get(c, "q1", 1000, &e));
  query_cache_put(c, "q1", &(QueryCacheEntry){.answer = QC_UNKNOWN, .timeout_ms = 400, .why = "timeout"});
  assert_true(query_cache_get(c, "q1", 400, &e));
  assert_int_equal(e.answer, QC_UNKNOWN);
  assert_string_equal(e.why, "timeout");
  assert_true(query_cache_get(c, "q1", 200, &e));
  /* A little longer (what a turn's preprocessing left differs by milliseconds) is the same budget; a
   * longer limit may decide it; a resource limit alone is another budget. */
  assert_true(query_cache_get(c, "q1", 450, &e));
  assert_false(query_cache_get(c, "q1", 451, &e));
  assert_false(query_cache_get(c, "q1", 2000, &e));
  assert_false(query_cache_get(c, "q1", 0, &e));
  /* A shorter unknown does not replace a longer one; a longer one does; an unsat replaces any. */
  query_cache_put(c, "q1", &(QueryCacheEntry){.answer = QC_UNKNOWN, .timeout_ms = 100});
  assert_true(query_cache_get(c, "q1", 400, &e));
  query_cache_put(c, "q1", &(QueryCacheEntry){.answer = QC_UNKNOWN, .timeout_ms = 2000});
  assert_true(query_cache_get(c, "q1", 2000 + 2000 / 8, &e));
  assert_false(query_cache_get(c, "q1", 2000 + 2000 / 8 + 1, &e));
  query_cache_put(c, "q1", &(QueryCacheEntry){.answer = QC_UNSAT, .by = SMT_SOLVER_CVC5});
  assert_true(query_cache_get(c, "q1", 20000, &e));
  assert_int_equal(e.answer, QC_UNSAT);
  assert_int_equal(e.by, SMT_SOLVER_CVC5);
  assert_true(query_cache_get(c, "q1", 0, &e));
  /* An unknown never replaces an unsat; an unknown without a time limit is not kept. */
  query_cache_put(c, "q1", &(QueryCacheEntry){.answer = QC_UNKNOWN, .timeout_ms = 50000});
  assert_true(query_cache_get(c, "q1", 0, &e));
  assert_int_equal(e.answer, QC_UNSAT);
  query_cache_put(c, "q2", &(QueryCacheEntry){.answer = QC_UNKNOWN, .timeout_ms = 0});
  assert_false(query_cache_get(c, "q2", 0, &e));
  /* Enough entries to grow the table: each still found, and only under its own key. */
  char key[32];
  for (int i = 0; i < 10000; i++) {
    snprintf(key, sizeof key, "k%d", i);
    query_cache_put(c, key, &(QueryCacheEntry){.answer = QC_UNSAT});
  }
  size_t before = query_cache_hits(c);
  for (int i = 0; i < 10000; i += 7) {
    snprintf(key, sizeof key, "k%d", i);
    assert_true(query_cache_get(c, key, 0, &e));
  }
  assert_false(query_cache_get(c, "k10000", 0, &e));
  assert_int_equal(query_cache_hits(c) - before, (10000 + 6) / 7);
  query_cache_free(c);
}

/* Two contexts with one cache: the index query after its i64 twin is answered by the cache, with the
 * same verdict; a refuted one is solved again each time (its model is read from the solver). */
static void test_contexts_share_verdicts(void **state) {
  (void)state;
  QueryCache *qc = query_cache_new();
  assert_non_null(qc);
  SmtOptions o = {.timeout_ms = 20000, .cache = qc};
  SmtCtx *a = smt_new(&o), *b = smt_new(&o);
  VsCtx *c = vs_ctx_new();
  assert_non_null(a);
  assert_non_null(b);
  assert_non_null(c);
  Node *xs[2], *ys[2];
  DType dts[2] = {DT_I64, DT_INDEX};
  for (int i = 0; i < 2; i++) {
    Node *x = vs_var(c, "x", dts[i], im_min(dts[i]), im_max(dts[i]));
    assert_non_null(x);
    /* x * 6 % 4 => x * 2 % 4: the two products differ by x * 4, a multiple of 4 also where they wrap. */
    xs[i] = vs_bin(c, OP_MOD, vs_bin(c, OP_MUL, x, vs_const_int(c, dts[i], 6)), vs_const_int(c, dts[i], 4));
    ys[i] = vs_bin(c, OP_MOD, vs_bin(c, OP_MUL, x, vs_const_int(c, dts[i], 2)), vs_const_int(c, dts[i], 4));
    assert_non_null(xs[i]);
    assert_non_null(ys[i]);
  }
  SmtResult r = smt_refines(a, NULL, xs[0], ys[0]);
  assert_int_equal(r.verdict, SMT_VALID);
  smt_result_free(&r);
  size_t hits = query_cache_hits(qc);
  r = smt_refines(b, NULL, xs[1], ys[1]);
  assert_int_equal(r.verdict, SMT_VALID);
  smt_result_free(&r);
  assert_true(query_cache_hits(qc) > hits);
  /* x * 6 % 4 against x % 4: refuted at both, each with a model of its own. */
  for (int i = 0; i < 2; i++) {
    Node *x = vs_var(c, "x", dts[i], im_min(dts[i]), im_max(dts[i]));
    Node *wrong = vs_bin(c, OP_MOD, x, vs_const_int(c, dts[i], 4));
    hits = query_cache_hits(qc);
    r = smt_refines(i ? b : a, NULL, xs[i], wrong);
    assert_int_equal(r.verdict, SMT_INVALID);
    assert_int_equal(r.model.nvars, 1);
    smt_result_free(&r);
    assert_int_equal(query_cache_hits(qc), hits);
  }
  vs_ctx_free(c);
  smt_free(a);
  smt_free(b);
  query_cache_free(qc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_key_renames_declared_names),
    cmocka_unit_test(test_cache_answers),
    cmocka_unit_test(test_contexts_share_verdicts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
