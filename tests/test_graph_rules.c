/* test_graph_rules.c: rules over the tensor-graph layer (docs/rules.md, "Memory, loops and
 * reductions"): the DSL's kinds and guards, the verifier on right and wrong rules (the traps of
 * docs/semantics.md: an empty loop is not one iteration, a float sum of one element is +0.0 + x, a gated
 * store must not evaluate what the source skipped, after is not transparent to loads), and the engine
 * with the built-in catalog and its ledger: each result is checked against its source with Z3 (and the
 * counterexample-free verdict is `valid`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/may_ub.h"
#include "verify/refine_check.h"
#include "ir/graph.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "verify/rule_verify.h"
#include "text/text.h"
#include "support.h"

static VsCtx *ctx;
static SmtCtx *smt;

static int setup(void **state) {
  (void)state;
  ctx = vs_ctx_new();
  SmtOptions so = test_smt_options(0);
  smt = smt_new(&so);
  return ctx && smt ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  smt_free(smt);
  vs_ctx_free(ctx);
  return 0;
}

static VsFile parse(const char *text) {
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("t.vs:%d:%d: %s\n%s", d.line, d.col, d.msg, text);
  return f;
}

static Catalog *cat_text(const char *text, VsDiag *d) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  if (!catalog_load_text(c, "t.rules", text, strlen(text), d)) {
    catalog_free(c);
    return NULL;
  }
  return c;
}

/* ---- the DSL ---- */

static void expect_rule_error(const char *text, const char *msg) {
  VsDiag d;
  Catalog *c = cat_text(text, &d);
  if (c) {
    catalog_free(c);
    fail_msg("accepted: %s", text);
  }
  if (!strstr(d.msg, msg)) fail_msg("%s\n  said: %s\n  want: %s", text, d.msg, msg);
}

static void test_dsl_kinds_and_guards(void **state) {
  (void)state;
  VsDiag d;
  Catalog *c = cat_text("family memory\n"
                        "rule a : store(p, load(p)) => noop\n"
                        "rule b : after(e, noop) => e\n"
                        "rule c : reduce(max, x, r@range(y)) => x where vmin(y) >= 1 && vmax(y) <= 1 && free_of(x, r)\n",
                        &d);
  if (!c) fail_msg("%d:%d: %s", d.line, d.col, d.msg);
  const Rule *a = catalog_find(c, "a"), *b = catalog_find(c, "b"), *r = catalog_find(c, "c");
  assert_true(a->graph && b->graph && r->graph);
  assert_int_equal(a->slot_nkind[0], NK_POINTER);
  assert_int_equal(b->slot_nkind[0], NK_EFFECT);
  assert_int_equal(r->slot_nkind[0], NK_VALUE); /* x */
  assert_int_equal(r->lhs->aux, OP_MAX);
  catalog_free(c);
  expect_rule_error("family memory\nrule a : load(p) => p\n", "wrong kind");
  expect_rule_error("family dead_code\nrule a : reduce(add, x, y) => x\n", "loop list holds ranges");
  expect_rule_error("family dead_code\nrule a : reduce(add, x, r@range(y)) => x where !free_of(x, r)\n",
                    "conjuncts of the whole guard");
  expect_rule_error("family dead_code\nrule a : reduce(add, x, range(y)) => range(y)\n", "cannot make a new range");
  expect_rule_error("family dead_code\nrule a : reduce(sum, x, range(y)) => x\n", "expected add, mul, max or min");
  expect_rule_error("family dead_code\nrule a : after(x, x) => x\n", "wrong kind");
}

/* ---- the verifier ---- */

/* Verifies every admissible instance of rule `name` in text; returns how many were refuted (and
 * fails on unknown when want_all_decided). */
static size_t refuted(const char *text, const char *name, size_t *proved) {
  VsDiag d;
  Catalog *c = cat_text(text, &d);
  if (!c) fail_msg("%d:%d: %s", d.line, d.col, d.msg);
  const Rule *r = catalog_find(c, name);
  assert_non_null(r);
  unsigned inst[64];
  size_t n = rule_admissible_instances(r, inst, 64), bad = 0;
  assert_true(n > 0);
  *proved = 0;
  for (size_t i = 0; i < n && i < 64; i++) {
    ProofResult p = verify_rule_instance(smt, r, inst[i]);
    if (p.status == PROOF_REFUTED) bad++;
    if (p.status == PROOF_PROVED) ++*proved;
    if (p.status == PROOF_ERROR) fail_msg("%s: %s", name, p.reason);
    proof_result_free(&p);
  }
  catalog_free(c);
  return bad;
}

static void test_verifier_refutes_the_traps(void **state) {
  (void)state;
  size_t proved;
  /* morok's dead-range rules: a loop of no iteration is not its body once (a template that unbinds
   * the body's loop variable is refuted too). */
  assert_int_equal(refuted("family dead_code\nrule w : end(e, r@range(y)) => e where vmax(y) <= 0 && free_of(e, r)\n",
                           "w", &proved), 1);
  assert_int_equal(refuted("family dead_code\nrule w : end(e, range(y)) => e where vmax(y) <= 1\n", "w", &proved), 1);
  /* An empty range's reduction is the identity, but one of one iteration is not. */
  assert_true(refuted("family dead_code\nrule w : reduce(add, x, range(y)) => 0 where vmax(y) <= 1\n", "w", &proved) >= 9);
  /* A float sum of one element is +0.0 + x: plain x is refuted at every float dtype, right at the others. */
  assert_int_equal(refuted("family dead_code\nrule w : reduce(add, x, r@range(y)) => x "
                           "where vmin(y) >= 1 && vmax(y) <= 1 && free_of(x, r)\n", "w", &proved), 3);
  assert_int_equal(proved, 9);
  /* Without free_of, the body may depend on the loop variable: x's value at r = 0 is not "x". */
  assert_int_equal(refuted("family dead_code\nrule w : reduce(max, x, r@range(y)) => x "
                           "where vmin(y) >= 1 && vmax(y) <= 1\n", "w", &proved), 0);
  /* The gated store without no_ub(y) evaluates y where the source only reloaded the element. */
  assert_true(refuted("family memory\nrule w : store(index(b, x), select(m, y, load(index(b, x)))) "
                      "=> store(index(b, select(m, x, invalid)), y)\n", "w", &proved) >= 1);
  /* A value waited for by an effect may read what the effect wrote: after is not transparent. */
  assert_int_equal(refuted("family dead_code\nrule w : after(x, e) => x\n", "w", &proved), 13);
  /* A select branch the source does not take may be UB: the template must not evaluate it. */
  assert_true(refuted("family select\nrule w : select(m, x, 0) => x * i32(m) where int(x)\n", "w", &proved) >= 1);
}

/* ---- the engine with the built-in catalog ---- */

static Node *simplify(Catalog *cat, Node *n) {
  RewriteOptions o = {.simple = false};
  Rewriter *rw = rewriter_new(ctx, cat, &o);
  Node *out = rewriter_simplify(rw, n);
  assert_non_null(out);
  assert_false(rewriter_stats(rw)->budget_exhausted);
  rewriter_free(rw);
  return out;
}

/* Simplifies the expression of decls + expr, expects the printed result, and checks it with Z3. */
static void expect_simplify(Catalog *cat, const char *decls, const char *expr, const char *want) {
  char src[2048], tgt[2048];
  snprintf(src, sizeof src, "%s\n%s\n", decls, expr);
  VsFile f = parse(src);
  Node *out = simplify(cat, f.src);
  char *got = vs_print(out);
  snprintf(tgt, sizeof tgt, "%s\n%s\n", decls, want);
  VsFile g = parse(tgt);
  if (out != g.src) fail_msg("%s\n  simplified to %s\n  expected     %s", expr, got, want);
  CheckResult r = check_refinement(smt, NULL, NULL, f.src, out);
  if (r.verdict != CHECK_VALID) fail_msg("%s --> %s: %s %s", expr, got, check_verdict_name(r.verdict), r.reason);
  check_result_free(&r);
  free(got);
  vs_file_free(&f);
  vs_file_free(&g);
}

/* node_may_ub: a comparison of a masked index is UB where the mask is false; a divisor that excludes 0
 * is not (corpus/regressions/graph_store_gated_invalid_ub.vs). */
static void test_may_ub(void **state) {
  (void)state;
  VsFile f = parse("y: bool\nd: i32 in [1, 9]\nselect(y, 1, invalid) < 1\n");
  assert_true(node_may_ub(f.src));
  vs_file_free(&f);
  f = parse("y: bool\nd: i32 in [1, 9]\n7 // d\n");
  assert_false(node_may_ub(f.src));
  vs_file_free(&f);
  f = parse("y: bool\nd: i32 in [0, 9]\n7 // d\n");
  assert_true(node_may_ub(f.src));
  vs_file_free(&f);
  f = parse("b: i32[8]\nload(index(b, range(8, r)))\n"); /* every index the loop takes is in bounds */
  assert_false(node_may_ub(f.src));
  vs_file_free(&f);
  f = parse("b: i32[8]\nload(index(b, range(9, r)))\n");
  assert_true(node_may_ub(f.src));
  vs_file_free(&f);
}

static void test_dead_loops(void **state) {
  (void)state;
  Catalog *c = test_catalog_with_ledger();
  const char *d = "b: i32[8]\nf: f32[8]\ni: index in [0, 7]\nx: i8";
  expect_simplify(c, d, "reduce(add, load(index(b, range(1, r) + i)), range(1, r))", "load(index(b, i))");
  expect_simplify(c, d, "reduce(add, load(index(f, range(1, r))), range(1, r))", "load(index(f, 0)) + 0.0");
  expect_simplify(c, d, "reduce(max, x, range(0, r))", "-128_i8");
  expect_simplify(c, d, "reduce(mul, load(index(b, range(0, r))), range(0, r))", "1_i32");
  expect_simplify(c, d, "end(store(index(b, range(0, r)), 1), range(0, r))", "noop");
  expect_simplify(c, d, "end(store(index(b, range(1, r)), 1), range(1, r))", "store(index(b, 0), 1)");
  /* A loop that may run once or never is neither: the loop stays (and its uses are 0). */
  expect_simplify(c, "b: i32[8]\nn: index in [0, 1]", "reduce(add, load(index(b, range(n, r))), range(n, r))",
                  "reduce(add, load(index(b, 0)), range(n, r))");
  /* Several ranges: the fold drops the single-trip one, or empties the nest. */
  expect_simplify(c, d, "reduce(add, load(index(b, range(4, i0))), range(4, i0), range(1, j))",
                  "reduce(add, load(index(b, range(4, i0))), range(4, i0))");
  expect_simplify(c, d, "end(store(index(b, range(4, i0)), 2), range(4, i0), range(0, j))", "noop");
  expect_simplify(c, d, "after(load(index(b, i)), noop)", "load(index(b, i))");
  expect_simplify(c, d, "range(8, r) % 8 + range(8, r) // 8", "range(8, r)");
  /* A free range whose end simplifies is still its loop variable: the check matches ranges by name and
   * asks the target's domain to hold wherever the source's does. */
  expect_simplify(c, "b: i32[8]\nx: index in [7, 20]", "load(index(b, range(min(x, 4), r)))", "load(index(b, range(4, r)))");
  catalog_free(c);
}

static void test_memory_rules(void **state) {
  (void)state;
  Catalog *c = test_catalog_with_ledger();
  const char *d = "b: i32[8]\nf: f32[8]\ni: index in [0, 7]\nj: index\nm: bool\nv: i32";
  expect_simplify(c, d, "load(index(b, invalid)) + v", "v");
  expect_simplify(c, d, "store(index(b, invalid), v)", "noop");
  expect_simplify(c, d, "store(index(b, i), load(index(b, i)))", "noop");
  expect_simplify(c, d, "store(index(b, i), select(m, v, load(index(b, i))))", "store(index(b, select(m, i, invalid)), v)");
  /* where_on_load: a clause without loop variables moves; one over a loop the index does not use stays. */
  expect_simplify(c, d, "select(m, load(index(f, i)), 0.0)", "load(index(f, select(m, i, invalid)))");
  expect_simplify(c, d, "select(range(4, s) < 2 && m, load(index(b, i)), 0)",
                  "select(range(4, s) < 2, load(index(b, select(m, i, invalid))), 0)");
  expect_simplify(c, d, "select(j < 3, 0, load(index(b, i)))", "load(index(b, select(3 <= j, i, invalid)))");
  /* Through after(b, E) an access runs E (which may be UB, and changes memory): the rules about a
   * declared buffer b do not apply (corpus/regressions/graph_where_on_load_after_ub.vs). */
  expect_simplify(c, d, "store(index(after(b, store(index(b, 9), 1)), invalid), v)",
                  "store(index(after(b, store(index(b, 9), 1)), invalid), v)");
  expect_simplify(c, d, "select(m, load(index(after(b, store(index(b, 9), 1)), 0)), 0)",
                  "select(m, load(index(after(b, store(index(b, 9), 1)), 0)), 0)");
  /* A gated store's value must be UB-free: 1 // d is not (corpus/check/graph_gated_store_ub.vs). */
  expect_simplify(c, "b: i32[4]\nm: bool\nx: index\nd: i32", "store(index(b, x), select(m, 1 // d, load(index(b, x))))",
                  "store(index(b, x), select(m, 1 // d, load(index(b, x))))");
  /* a clause the mask already has is dropped */
  expect_simplify(c, d, "select(m && j < 5, load(index(b, select(m, i, invalid))), 0)",
                  "load(index(b, select(m && j < 5, i, invalid)))");
  catalog_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_dsl_kinds_and_guards),
    cmocka_unit_test(test_verifier_refutes_the_traps),
    cmocka_unit_test(test_dead_loops),
    cmocka_unit_test(test_memory_rules),
    cmocka_unit_test(test_may_ub),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
