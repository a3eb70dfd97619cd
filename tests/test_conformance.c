/* The two implementations of docs/semantics.md agree: the evaluator and the Z3 encoding compute every
 * op at every dtype identically on edge values, powers of two and random operands (the same check
 * `vsimp gate` runs), and both give the documented values on hand-picked edge cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "verify/conformance.h"
#include "eval/eval.h"
#include "ir/graph.h"
#include "smt/smt.h"
#include "support.h"

/* The gate's run (the full tier), or every 16th scalar tuple with fewer random operands (the unit tier). */
static void all_ops_agree(unsigned sample, size_t min_cases) {
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  assert_non_null(smt);
  ConformanceOptions co = {.full = false, .seed = 7, .random_per_op = sample ? 8 : 60, .max_report = 20, .sample = sample};
  ConformanceReport rep;
  bool ok = conformance_run(smt, &co, &rep, stderr);
  printf("conformance: %zu cases (%zu on vectors), %zu classes, %zu mismatches, %zu flag-only\n", rep.cases,
         rep.vector_cases, rep.op_dtypes, rep.mismatches, rep.unreduced);
  assert_true(ok);
  assert_int_equal(rep.mismatches, 0);
  /* Every op at every dtype it applies to: 13x13 casts, 13-ish bitcast pairs, the rest per dtype. */
  assert_true(rep.op_dtypes > 400);
  assert_true(rep.cases > min_cases);
  /* Only the uninterpreted functions are compared by UB flag alone. */
  assert_true(rep.unreduced < rep.cases / 20);
  /* The graph layer: loads, stores, after, loops over every element dtype (conformance_graph.c). */
  assert_true(rep.graph_cases > (sample ? 5000 / sample : 5000));
  smt_free(smt);
}

static void test_all_ops_agree(void **state) {
  (void)state;
  all_ops_agree(0, 100000);
}

static void test_all_ops_agree_sample(void **state) {
  (void)state;
  all_ops_agree(16, 10000);
}

/* The graph part of the check can fail: an expression on which the two implementations are known to
 * be checked the same way gives the documented results in both (here: the float sum's first step). */
static void test_graph_ground_matches_documented(void **state) {
  (void)state;
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  VsCtx *ctx = vs_ctx_new();
  Node *a = vs_buffer(ctx, "a", DT_F32, 2, 2);
  Node *r = vs_range(ctx, vs_const_int(ctx, DT_INDEX, 1), "r");
  Node *sum = vs_reduce(ctx, OP_ADD, vs_load(ctx, vs_ptr(ctx, a, r)), &r, 1);
  BufValue b = {a, {0}};
  bufdata_init(&b.data, 2, 0);
  assert_true(bufdata_set(&b.data, 0, 0x80000000)); /* -0.0 */
  Point env = {.bufs = &b, .nbufs = 1};
  Outcome ev, zv;
  char err[160];
  assert_true(eval_at(sum, &env, &ev, err, sizeof err));
  assert_true(smt_eval_at(smt, sum, &env, &zv, err, sizeof err));
  assert_false(ev.value.ub);
  assert_int_equal(ev.value.lane[0], 0); /* +0.0 + -0.0 is +0.0 */
  assert_true(lane_value_same(&ev.value, &zv.value));
  outcome_free(&ev);
  outcome_free(&zv);
  bufdata_free(&b.data);
  vs_ctx_free(ctx);
  smt_free(smt);
}

static void test_ground_values_match_evaluator_on_known_cases(void **state) {
  (void)state;
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  VsCtx *ctx = vs_ctx_new();
  /* MIN // -1 wraps to MIN in both; 5 // 0 is UB in both. */
  Node *min = vs_const_int(ctx, DT_I8, -128), *m1 = vs_const_int(ctx, DT_I8, -1), *z = vs_const_int(ctx, DT_I8, 0);
  Node *cases[] = {vs_bin(ctx, OP_IDIV, min, m1), vs_bin(ctx, OP_MOD, min, m1), vs_bin(ctx, OP_IDIV, min, z),
                   vs_bin(ctx, OP_TMOD, vs_const_int(ctx, DT_I8, -7), vs_const_int(ctx, DT_I8, 2)),
                   vs_bin(ctx, OP_MOD, vs_const_int(ctx, DT_I8, -7), vs_const_int(ctx, DT_I8, 2))};
  const int64_t want[] = {-128, 0, 0, -1, 1};
  const bool want_ub[] = {false, false, true, false, false};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Outcome ev, zv;
    assert_true(eval_at(cases[i], NULL, &ev, NULL, 0));
    assert_true(smt_eval_at(smt, cases[i], NULL, &zv, NULL, 0));
    assert_int_equal(ev.value.ub, want_ub[i]);
    assert_int_equal(zv.value.ub, want_ub[i]);
    if (!want_ub[i]) {
      assert_int_equal(ev.value.lane[0], im_from_value(DT_I8, want[i]));
      assert_int_equal(zv.value.lane[0], ev.value.lane[0]);
    }
  }
  vs_ctx_free(ctx);
  smt_free(smt);
}

/* No-signed-overflow ops and Euclidean division: the values docs/semantics.md gives, in both
 * implementations (among them the products Z3's own overflow predicate got wrong). */
static void test_nsw_and_euclid_known_cases(void **state) {
  (void)state;
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  VsCtx *ctx = vs_ctx_new();
#define K(v) vs_const_int(ctx, DT_I8, v)
#define NSW(op, a, b) vs_make_ex(ctx, op, DT_I8, 1, VS_AUX_NSW, (Node *[]){a, b}, 2)
  Node *cases[] = {
    NSW(OP_ADD, K(127), K(1)),   NSW(OP_ADD, K(126), K(1)),    NSW(OP_SUB, K(-128), K(1)), NSW(OP_SUB, K(-1), K(127)),
    NSW(OP_MUL, K(-2), K(8)),    NSW(OP_MUL, K(-16), K(8)),    NSW(OP_MUL, K(16), K(8)),   NSW(OP_MUL, K(-1), K(-128)),
    vs_make_ex(ctx, OP_NEG, DT_I8, 1, VS_AUX_NSW, (Node *[]){K(-128)}, 1),
    vs_make_ex(ctx, OP_NEG, DT_I8, 1, VS_AUX_NSW, (Node *[]){K(127)}, 1),
    NSW(OP_SHL, K(-16), K(3)),   NSW(OP_SHL, K(16), K(3)),     NSW(OP_SHL, K(15), K(3)),   NSW(OP_SHL, K(1), K(8)),
    vs_bin(ctx, OP_EDIV, K(-7), K(2)), vs_bin(ctx, OP_EMOD, K(-7), K(2)), vs_bin(ctx, OP_EDIV, K(-7), K(-2)),
    vs_bin(ctx, OP_EMOD, K(-7), K(-2)), vs_bin(ctx, OP_EDIV, K(7), K(-2)), vs_bin(ctx, OP_EMOD, K(7), K(-2)),
    vs_bin(ctx, OP_EDIV, K(-128), K(-1)), vs_bin(ctx, OP_EMOD, K(-128), K(-1)), vs_bin(ctx, OP_EDIV, K(5), K(0)),
    vs_bin(ctx, OP_EMOD, K(5), K(0)), vs_bin(ctx, OP_EMOD, K(-128), K(127)),
  };
#undef NSW
#undef K
  const int64_t want[] = {0, 127, 0, -128, -16, -128, 0, 0, 0, -127, -128, 0, 120, 0,
                          -4, 1, 4, 1, -3, 1, -128, 0, 0, 0, 126};
  const bool want_ub[] = {true, false, true, false, false, false, true, true, true, false, false, true, false, true,
                          false, false, false, false, false, false, false, false, false, false, false};
  _Static_assert(sizeof want / sizeof want[0] == sizeof cases / sizeof cases[0], "one answer per case");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Outcome ev, zv;
    assert_non_null(cases[i]);
    assert_true(eval_at(cases[i], NULL, &ev, NULL, 0));
    assert_true(smt_eval_at(smt, cases[i], NULL, &zv, NULL, 0));
    if (ev.value.ub != want_ub[i] || zv.value.ub != want_ub[i]) fprintf(stderr, "case %zu\n", i);
    assert_int_equal(ev.value.ub, want_ub[i]);
    assert_int_equal(zv.value.ub, want_ub[i]);
    if (!want_ub[i]) {
      assert_int_equal(ev.value.lane[0], im_from_value(DT_I8, want[i]));
      assert_int_equal(zv.value.lane[0], ev.value.lane[0]);
    }
  }
  /* The mark exists at signed dtypes only: at u8 the builder drops it, so the node is the plain one. */
  Node *u = vs_var(ctx, "u", DT_U8, 0, 255);
  Node *plain = vs_bin(ctx, OP_ADD, u, u);
  assert_ptr_equal(vs_make_ex(ctx, OP_ADD, DT_U8, 1, VS_AUX_NSW, (Node *[]){u, u}, 2), plain);
  assert_false(vs_is_nsw(plain));
  /* At i8 it is part of the node's identity. */
  Node *x = vs_var(ctx, "x", DT_I8, -128, 127);
  Node *wrap = vs_bin(ctx, OP_ADD, x, x), *nsw = vs_with_nsw(ctx, wrap, true);
  assert_true(nsw != wrap && vs_is_nsw(nsw) && !vs_is_nsw(wrap));
  assert_ptr_equal(vs_with_nsw(ctx, nsw, false), wrap);
  vs_ctx_free(ctx);
  smt_free(smt);
}

int main(int argc, char **argv) {
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_ground_values_match_evaluator_on_known_cases),
    cmocka_unit_test(test_nsw_and_euclid_known_cases),
    cmocka_unit_test(test_all_ops_agree_sample),
    cmocka_unit_test(test_graph_ground_matches_documented),
  };
  const struct CMUnitTest full[] = {
    cmocka_unit_test(test_ground_values_match_evaluator_on_known_cases),
    cmocka_unit_test(test_nsw_and_euclid_known_cases),
    cmocka_unit_test(test_all_ops_agree),
    cmocka_unit_test(test_graph_ground_matches_documented),
  };
  return TEST_RUN_TIERS(argc, argv, unit, full);
}
