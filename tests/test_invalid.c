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

#include "verify/conformance.h"
#include "verify/refine_check.h"
#include "eval/eval.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "verify/rule_verify.h"
#include "smt/smt.h"
#include "support.h"
#include "text/text.h"


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
  VsFile f = test_parse_round_trip(ctx, "c: bool\nx: index\nselect(c, x + 1, invalid) * 4");
  assert_true(f.src->flags & NF_HAS_INVALID);
  char *p = vs_print(f.src);
  assert_string_equal(p, "select(c, x + 1, invalid) * 4");
  free(p);
  vs_file_free(&f);
  f = test_parse_round_trip(ctx, "c: bool\nd: bool\nx: index\nselect(c, select(d, x, invalid), invalid) --> select(c && d, x, invalid)");
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
  VsFile f = test_parse_round_trip(ctx, text);
  VarValue env[8];
  for (size_t i = 0; i < f.nvars; i++) env[i] = var_value(f.vars[i], vals[i]);
  Value v, w;
  assert_true(test_eval(f.src, env, f.nvars, &v));
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
  SmtOptions so = test_smt_options(0);
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
  VsFile f = test_parse_round_trip(ctx, text);
  CheckOptions co = {.exhaustive_limit = exhaustive};
  CheckResult r = check_refinement(smt, &co, NULL, f.src, f.tgt);
  CheckVerdict v = r.verdict;
  if (v == CHECK_INVALID) { /* a real counterexample: re-evaluated here */
    Value sv, tv;
    assert_true(test_eval(f.src, r.cex.vars, r.cex.nvars, &sv));
    assert_true(test_eval(f.tgt, r.cex.vars, r.cex.nvars, &tv));
    assert_false(sv.ub);
    assert_false(value_same(sv, tv));
    LaneValue sl = lane_value(sv);
    assert_true(lane_value_same(&sl, &r.src.value));
  }
  if (out) *out = r;
  else check_result_free(&r);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return v;
}

static void test_z3_verdicts(void **state) {
  (void)state;
  SmtOptions so = test_smt_options(0);
  SmtCtx *smt = smt_new(&so);
  /* x * 0 --> 0 destroys the mask: refuted at a point where the mask is off, source INVALID. */
  CheckResult r;
  assert_int_equal(check_text(smt, "c: bool\nx: index\nselect(c, x, invalid) * 0 --> 0", 0, &r), CHECK_INVALID);
  assert_true(r.src.value.inv);
  assert_false(r.tgt.value.inv);
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


/* Simplifies text's expression with cat (ledger as loaded); with smt, checks the result refines the
 * source. Returns the printed result; *trace (if given) gets the names of the steps, space-separated. */
static char *simplify_with(Catalog *cat, SmtCtx *smt, const char *text, bool simple, char *trace, size_t tsize) {
  VsCtx *ctx = vs_ctx_new();
  RewriteOptions ro = {.budget = 0, .simple = simple, .trace = true};
  Rewriter *rw = rewriter_new(ctx, cat, &ro);
  VsFile f = test_parse_round_trip(ctx, text);
  Node *out = rewriter_simplify(rw, f.src);
  assert_non_null(out);
  assert_int_equal(out->dtype, f.src->dtype);
  if (smt) {
    CheckOptions co = {.exhaustive_limit = 0};
    CheckResult r = check_refinement(smt, &co, NULL, f.src, out);
    if (r.verdict != CHECK_VALID) fail_msg("%s: not valid (%s)", text, check_verdict_name(r.verdict));
    check_result_free(&r);
  }
  if (trace) {
    size_t n;
    const TraceStep *ts = rewriter_trace(rw, &n);
    trace[0] = 0;
    for (size_t i = 0; i < n; i++) {
      strncat(trace, ts[i].name, tsize - strlen(trace) - 1);
      strncat(trace, " ", tsize - strlen(trace) - 1);
    }
  }
  char *printed = vs_print(out);
  vs_file_free(&f);
  rewriter_free(rw);
  vs_ctx_free(ctx);
  return printed;
}

static void test_rules_in_the_engine(void **state) {
  (void)state;
  SmtOptions so = test_smt_options(0);
  SmtCtx *smt = smt_new(&so);
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  catalog_apply_builtin_ledger(cat);
  /* simple_want: what the simple matcher gives where it differs (it does not apply select_bool_and). */
  static const struct { const char *text, *want, *trace, *simple_want; } cases[] = {
    /* the mask survives `* 0`: pushed outward first, then mul_zero fires on the unmasked x * 0 */
    {"m: bool\nx: index\nselect(m, x, invalid) * 0", "select(m, 0, invalid)", "invalid_push_mul mul_zero ", NULL},
    {"a: bool\nb: bool\nx: index\nselect(a, select(b, x, invalid), invalid)",
     "select(a && b, x, invalid)", "invalid_merge select_bool_and ", "select(select(a, b, false), x, invalid)"},
    {"m: bool\nx: index\ny: index\nselect(m, x + 0, invalid) < y", "x < y", "add_zero invalid_strip_lt_l ", NULL},
    {"m: bool\nx: index\ni32(select(m, x, invalid))", "i32(x)", "invalid_push_cast ", NULL},
    {"x: index\n(x + 1) * 3 + invalid * 0", "invalid", NULL, NULL},
    {"x: index\ny: index\nselect(true, x, invalid) + select(false, y, invalid)", "invalid",
     "invalid_mask_true invalid_mask_false invalid_add ", NULL},
    {"a: bool\nx: index\nselect(a, x - x, invalid)", "select(a, 0, invalid)", "sub_self ", NULL},
    {"m: bool\nx: index\ny: index\ny - select(m, x * 1, invalid)", "select(m, y - x, invalid)", NULL, NULL},
    {"m: bool\nx: index\ny: index\n-select(m, x, invalid) // y", "select(m, -x // y, invalid)", NULL, NULL},
    /* sub_self never binds a masked index (x - x => 0 would turn INVALID into 0), but once the masks
     * are pushed out it meets x - x, and the nested masks merge */
    {"m: bool\nx: index\nselect(m, x, invalid) - select(m, x, invalid)", "select(m, 0, invalid)",
     "invalid_push_sub_l invalid_push_sub_r sub_self invalid_merge select_self_cond_true ", NULL},
  };
  for (int simple = 0; simple < 2; simple++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      char trace[512];
      char *p = simplify_with(cat, smt, cases[i].text, simple, trace, sizeof trace);
      const char *want = simple && cases[i].simple_want ? cases[i].simple_want : cases[i].want;
      if (strcmp(p, want)) fail_msg("%s: got %s, want %s", cases[i].text, p, want);
      if (cases[i].trace && !(simple && cases[i].simple_want) && strcmp(trace, cases[i].trace))
        fail_msg("%s: trace '%s', want '%s'", cases[i].text, trace, cases[i].trace);
      free(p);
    }
  catalog_free(cat);
  smt_free(smt);
}

/* The regression of issue 6: `x * 0 -> 0` must not destroy a mask. With only integer rules, every
 * instance trusted (as if proved), the engine still leaves a masked index alone. */
static void test_integer_rules_skip_masked_values(void **state) {
  (void)state;
  static const char rules[] = "family identity\n"
                              "rule t_mul_zero : x * 0 => 0 where !float(x)\n"
                              "rule t_sub_self : x - x => 0 where !float(x)\n";
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_text(cat, "t.rules", rules, strlen(rules), &d));
  catalog_trust_all_for_testing(cat);
  for (int simple = 0; simple < 2; simple++) {
    char *p = simplify_with(cat, NULL, "m: bool\nx: index\nselect(m, x, invalid) * 0", simple, NULL, 0);
    assert_string_equal(p, "select(m, x, invalid) * 0");
    free(p);
    p = simplify_with(cat, NULL, "x: index\ninvalid - invalid", simple, NULL, 0);
    assert_string_equal(p, "invalid - invalid");
    free(p);
    /* the same rules still fire where no INVALID can reach them */
    p = simplify_with(cat, NULL, "m: bool\nx: index\nselect(m, x * 0, invalid)", simple, NULL, 0);
    assert_string_equal(p, "select(m, 0, invalid)");
    free(p);
  }
  catalog_free(cat);
}

/* The verifier gives an invalid-family rule's variables INVALID and UB values: wrong rules are refuted
 * with a case `vsimp check` reproduces; integer rules stay proved for integers. */
static void test_verifier_on_invalid_rules(void **state) {
  (void)state;
  static const char rules[] =
    "family invalid\n"
    "rule t_merge_and  : select(m1, select(m2, x, invalid), invalid) => select(m1 && m2, x, invalid)\n"
    "rule t_mask_zero  : select(m, x, invalid) * 0 => 0\n"
    "rule t_sub_self   : x - x => 0 where index(x)\n"
    "rule t_strip_add  : select(m, x, invalid) + y => x + y\n"
    "rule t_merge_lazy : select(m1, select(m2, x, invalid), invalid) => select(select(m1, m2, false), x, invalid)\n"
    "family zero_fold\n"
    "rule t_int_sub_self : x - x => 0 where index(x)\n";
  SmtOptions so = test_smt_options(0);
  SmtCtx *smt = smt_new(&so);
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_text(cat, "t.rules", rules, strlen(rules), &d));
  static const struct { const char *name; ProofStatus want; } cases[] = {
    {"t_merge_and", PROOF_REFUTED}, {"t_mask_zero", PROOF_REFUTED}, {"t_sub_self", PROOF_REFUTED},
    {"t_strip_add", PROOF_REFUTED}, {"t_merge_lazy", PROOF_PROVED}, {"t_int_sub_self", PROOF_PROVED},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const Rule *r = catalog_find(cat, cases[i].name);
    assert_non_null(r);
    unsigned inst[4];
    assert_int_equal(rule_admissible_instances(r, inst, 4), 1);
    ProofResult pr = verify_rule_instance(smt, r, inst[0]);
    if (pr.status != cases[i].want) fail_msg("%s: %s", cases[i].name, proof_status_name(pr.status));
    if (pr.status == PROOF_REFUTED) {
      assert_non_null(pr.cex);
      assert_int_equal(check_text(smt, pr.cex, 0, NULL), CHECK_INVALID);
    }
    proof_result_free(&pr);
  }
  catalog_free(cat);
  smt_free(smt);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_leaf_and_text),
    cmocka_unit_test(test_eval_values),
    cmocka_unit_test(test_conformance_on_invalid),
    cmocka_unit_test(test_z3_verdicts),
    cmocka_unit_test(test_rules_in_the_engine),
    cmocka_unit_test(test_integer_rules_skip_masked_values),
    cmocka_unit_test(test_verifier_on_invalid_rules),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
