/* The `invalid` index sentinel end to end (docs/semantics.md, "The invalid index"): the leaf and its
 * typing, the text round trip, the evaluator's INVALID values, the two implementations agreeing on
 * INVALID operands, Z3 verdicts (a masked index must keep its mask: counterexamples confirmed by the
 * evaluator), and the invalid rules firing in the engine while the integer-only rules stay off masked
 * values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check/conformance.h"
#include "check/refine_check.h"
#include "eval/eval.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "smt/smt.h"
#include "text/text.h"

static VsFile parse_ok(VsCtx *ctx, const char *text) {
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse failed: %d:%d: %s", d.line, d.col, d.msg);
  char *printed = vs_print_case(f.vars, f.nvars, f.src, f.tgt);
  assert_non_null(printed);
  VsFile g;
  if (!vs_parse(ctx, "p.vs", printed, strlen(printed), &g, &d))
    fail_msg("reparse of '%s' failed: %d:%d: %s", printed, d.line, d.col, d.msg);
  if (g.src != f.src || g.tgt != f.tgt) fail_msg("round trip changed '%s'", printed);
  free(printed);
  vs_file_free(&g);
  return f;
}

static void test_leaf_and_text(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Node *inv = vs_invalid(ctx);
  assert_non_null(inv);
  assert_ptr_equal(vs_invalid(ctx), inv); /* hash-consed */
  assert_int_equal(inv->op, OP_INVALID);
  assert_int_equal(inv->dtype, DT_INDEX);
  assert_int_equal(inv->nargs, 0);
  assert_true(inv->flags & NF_HAS_INVALID);
  VsFile f = parse_ok(ctx, "c: bool\nx: index\nselect(c, x + 1, invalid) * 4");
  assert_true(f.src->flags & NF_HAS_INVALID);
  char *p = vs_print(f.src);
  assert_string_equal(p, "select(c, x + 1, invalid) * 4");
  free(p);
  vs_file_free(&f);
  f = parse_ok(ctx, "c: bool\nd: bool\nx: index\nselect(c, select(d, x, invalid), invalid) --> select(c && d, x, invalid)");
  vs_file_free(&f);
  /* Typing: invalid is an index; it does not mix with other dtypes, vectors or programs' names. */
  static const char *const bad[] = {
    "x: i32\nx + invalid",
    "c: bool\nx: i64\nselect(c, x, invalid)",
    "invalid: index\ninvalid",
    "v: indexx4\nv + bcast(invalid, 4)",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    VsDiag d;
    if (vs_parse(ctx, "bad.vs", bad[i], strlen(bad[i]), &f, &d)) fail_msg("'%s' parsed", bad[i]);
  }
  vs_ctx_free(ctx);
}

static Value eval_text(const char *text, const uint64_t *vals) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f = parse_ok(ctx, text);
  VarValue env[8];
  for (size_t i = 0; i < f.nvars; i++) env[i] = (VarValue){f.vars[i], vals[i]};
  Value v, w;
  assert_true(eval_expr(f.src, env, f.nvars, &v));
  /* The prepared evaluator computes the same. */
  Evaluator *ev = evaluator_new(f.src);
  assert_non_null(ev);
  const Node *const *vars;
  size_t n = evaluator_vars(ev, &vars);
  uint64_t bits[8];
  for (size_t k = 0; k < n; k++)
    for (size_t i = 0; i < f.nvars; i++)
      if (f.vars[i] == vars[k]) bits[k] = vals[i];
  w = evaluator_run(ev, bits);
  assert_true(value_same(v, w));
  evaluator_free(ev);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return v;
}

static void test_eval_values(void **state) {
  (void)state;
  const char *masked = "c: bool\nx: index\nselect(c, x, invalid) * 0";
  Value v = eval_text(masked, (uint64_t[]){0, 5});
  assert_true(v.inv && !v.ub); /* the mask survives arithmetic */
  v = eval_text(masked, (uint64_t[]){1, 5});
  assert_false(v.inv || v.ub);
  assert_int_equal(v.bits, 0);
  /* Comparisons and casts out of index on INVALID are UB; UB beats INVALID; a division by INVALID is
   * INVALID (the division does not happen). */
  v = eval_text("x: index\ninvalid < x", (uint64_t[]){3});
  assert_true(v.ub);
  v = eval_text("x: index\ni32(invalid + x)", (uint64_t[]){3});
  assert_true(v.ub);
  v = eval_text("x: index\ninvalid + x // 0", (uint64_t[]){3});
  assert_true(v.ub && !v.inv);
  v = eval_text("x: index\nx // invalid", (uint64_t[]){0});
  assert_true(v.inv);
  v = eval_text("c: bool\nx: index\nselect(c, invalid, x) == x", (uint64_t[]){0, 7});
  assert_false(v.ub || v.inv);
  assert_int_equal(v.bits, 1);
  v = eval_text("x: index\nindex(invalid)", (uint64_t[]){0});
  assert_true(v.inv);
  /* value_same: INVALID only equals INVALID */
  Value a = {0, false, true}, b = {0, false, false};
  assert_false(value_same(a, b));
  assert_true(value_same(a, a));
}

static void test_conformance_on_invalid(void **state) {
  (void)state;
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  assert_non_null(smt);
  ConformanceOptions co = {.full = true, .seed = 11, .random_per_op = 0, .max_report = 20};
  ConformanceReport rep;
  memset(&rep, 0, sizeof rep);
  conformance_run_invalid(smt, &co, &rep, stderr);
  print_message("invalid conformance: %zu cases, %zu mismatches, %zu unreduced\n", rep.invalid_cases,
                rep.mismatches, rep.unreduced);
  assert_int_equal(rep.mismatches, 0);
  assert_int_equal(rep.unreduced, 0);
  assert_true(rep.invalid_cases > 1000);
  smt_free(smt);
}

static CheckVerdict check_text(SmtCtx *smt, const char *text, uint64_t exhaustive, CheckResult *out) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f = parse_ok(ctx, text);
  CheckOptions co = {.exhaustive_limit = exhaustive};
  CheckResult r = check_refinement(smt, &co, NULL, f.src, f.tgt);
  CheckVerdict v = r.verdict;
  if (v == CHECK_INVALID) { /* a real counterexample: re-evaluated here */
    Value sv, tv;
    assert_true(eval_expr(f.src, r.cex, r.ncex, &sv));
    assert_true(eval_expr(f.tgt, r.cex, r.ncex, &tv));
    assert_false(sv.ub);
    assert_false(value_same(sv, tv));
    assert_true(value_same(sv, r.src_value));
  }
  if (out) *out = r;
  else check_result_free(&r);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return v;
}

static void test_z3_verdicts(void **state) {
  (void)state;
  SmtOptions so = {.timeout_ms = 20000};
  SmtCtx *smt = smt_new(&so);
  /* x * 0 --> 0 destroys the mask: refuted at a point where the mask is off, source INVALID. */
  CheckResult r;
  assert_int_equal(check_text(smt, "c: bool\nx: index\nselect(c, x, invalid) * 0 --> 0", 0, &r), CHECK_INVALID);
  assert_true(r.src_value.inv);
  assert_false(r.tgt_value.inv);
  check_result_free(&r);
  static const struct { const char *text; CheckVerdict want; } cases[] = {
    {"c: bool\nx: index\nselect(c, x, invalid) * 0 --> select(c, 0, invalid)", CHECK_VALID},
    {"c: bool\nd: bool\nx: index\nselect(c, select(d, x, invalid), invalid) --> select(c && d, x, invalid)", CHECK_VALID},
    {"c: bool\nd: bool\nx: index\nselect(c, select(d, x, invalid), invalid) --> select(c, x, invalid)", CHECK_INVALID},
    {"c: bool\nx: index\ny: index\nselect(c, x, invalid) + y --> select(c, x + y, invalid)", CHECK_VALID},
    {"c: bool\nx: index\ny: index\nselect(c, x, invalid) // y --> select(c, x // y, invalid)", CHECK_VALID},
    {"c: bool\nx: index\ny: index\nselect(c, x, invalid) < y --> x < y", CHECK_VALID}, /* UB where masked */
    {"c: bool\nx: index\ny: index\nx < y --> select(c, x, invalid) < y", CHECK_INVALID}, /* adds UB */
    {"x: index\ninvalid + x --> invalid", CHECK_VALID},
    {"x: index\nx - x --> 0", CHECK_VALID},             /* a variable is never INVALID */
    {"x: index\ninvalid - invalid --> 0", CHECK_INVALID},
    {"c: bool\nx: index\nselect(c, x, invalid) --> x", CHECK_INVALID},
    {"c: bool\nx: index\nx --> select(c, x, invalid)", CHECK_INVALID},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    CheckVerdict v = check_text(smt, cases[i].text, 0, NULL);
    if (v != cases[i].want) fail_msg("%s: %s", cases[i].text, check_verdict_name(v));
    /* The exhaustive evaluator agrees where the domain is small (bool variables only here). */
  }
  assert_int_equal(check_text(smt, "c: bool\nd: bool\nselect(c, 3, invalid) --> select(c && d, 3, invalid)", 65536, NULL),
                   CHECK_INVALID);
  smt_free(smt);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_leaf_and_text),
    cmocka_unit_test(test_eval_values),
    cmocka_unit_test(test_conformance_on_invalid),
    cmocka_unit_test(test_z3_verdicts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
