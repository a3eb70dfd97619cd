/* test_gep.c: GEP composition and pushing (src/rewrite/folds_gep.c). Each fold fires where it should
 * (the engine's trace names it) and gives the expected expression, which Z3 confirms refines the input;
 * no gep is pushed through ALU ops of other dtypes than index; and a deliberately wrong GEP rule is
 * refuted with a counterexample that the refinement checker confirms; and, on random vector
 * expressions, every simplified output refines its input at random points (the evaluator). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "verify/refine_check.h"
#include "eval/eval.h"
#include "ir/intmath.h"
#include "ir/vector.h"
#include "rewrite/engine.h"
#include "rewrite/folds.h"
#include "rules/catalog.h"
#include "verify/rule_verify.h"
#include "smt/smt.h"
#include "text/text.h"
#include "support.h"

static SmtCtx *smt;

static int group_setup(void **state) {
  (void)state;
  SmtOptions o = test_smt_options(0);
  smt = smt_new(&o);
  return smt ? 0 : -1;
}

static int group_teardown(void **state) {
  (void)state;
  smt_free(smt);
  return 0;
}

/* Simplifies the case's expression with the built-in catalog and ledger, checks the result against
 * the input with Z3, and returns it printed; *fired says whether a step of the trace is `fold`. */
static char *simplify_traced(const char *text, const char *fold, bool *fired) {
  VsCtx *ctx = vs_ctx_new();
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  catalog_apply_builtin_ledger(cat);
  RewriteOptions ro = {.trace = true};
  Rewriter *rw = rewriter_new(ctx, cat, &ro);
  VsFile f;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse: %s", d.msg);
  Node *out = rewriter_simplify(rw, f.src);
  assert_non_null(out);
  assert_int_equal(out->dtype, f.src->dtype);
  assert_int_equal(out->lanes, f.src->lanes);
  size_t n;
  const TraceStep *t = rewriter_trace(rw, &n);
  *fired = false;
  for (size_t i = 0; i < n; i++) *fired |= !strcmp(t[i].name, fold);
  CheckOptions co = {.exhaustive_limit = 0};
  CheckResult r = check_refinement(smt, &co, NULL, f.src, out);
  if (r.verdict != CHECK_VALID) fail_msg("%s: result not valid (%s)", text, check_verdict_name(r.verdict));
  check_result_free(&r);
  char *printed = vs_print(out);
  vs_file_free(&f);
  rewriter_free(rw);
  catalog_free(cat);
  vs_ctx_free(ctx);
  return printed;
}

typedef struct {
  const char *text, *fold, *want;
} Case;

static void run_cases(const Case *cs, size_t n, bool want_fired) {
  for (size_t i = 0; i < n; i++) {
    bool fired;
    char *p = simplify_traced(cs[i].text, cs[i].fold, &fired);
    if (fired != want_fired) fail_msg("%s: %s %s", cs[i].text, cs[i].fold, want_fired ? "did not fire" : "fired");
    if (strcmp(p, cs[i].want)) fail_msg("%s: got %s, want %s", cs[i].text, p, cs[i].want);
    free(p);
  }
}

static void test_folds_fire(void **state) {
  (void)state;
  static const Case cases[] = {
    {"v: i32x8\ngep(gep(v, [7, 6, 5, 4]), [3, 0])", "gep_compose", "gep(v, [4, 7])"},
    /* composition, then the identity permutation rule */
    {"v: u8x4\ngep(gep(v, [3, 2, 1, 0]), [3, 2, 1, 0])", "gep_compose", "v"},
    {"v: f64x16\ngep(gep(v, [15, 14, 13, 12, 11, 10, 9, 8]), 2)", "gep_compose", "gep(v, 13)"},
    /* 16-lane vecs and multi-lane selections, which vector.rules does not list */
    {"x: i16\ny: i16\ngep(vec(x, y, x, y, x, y, x, y, x, y, x, y, x, y, x, y), 13)", "gep_extract", "y"},
    {"x: i16\ny: i16\nz: i16\ngep(vec(x, y, z), [2, 0])", "gep_extract", "vec(z, x)"},
    {"x: f32\ngep(bcast(x, 8), [1, 2, 3])", "gep_extract", "bcast(x, 3)"},
    {"a: i8x4\nb: i8x4\ngep(cat(a, b), [5, 6])", "gep_cat", "gep(b, [1, 2])"},
    {"a: i8x4\nb: i8x4\nc: i8x8\ngep(cat(a, b, c), 9)", "gep_cat", "gep(c, 1)"},
    {"m: boolx4\na: f32x4\nb: f32x4\ngep(select(m, a, b), 2)", "gep_select", "select(gep(m, 2), gep(a, 2), gep(b, 2))"},
    /* the select's operand a // b may be UB in a lane no lane of the gep picks */
    {"m: boolx2\na: i32x2\nb: i32x2\ngep(select(m, a // b, a), [1, 0])", "gep_select",
     "select(gep(m, [1, 0]), gep(a // b, [1, 0]), gep(a, [1, 0]))"},
    {"a: i64x4\nb: i64x4\nc: i64x4\ngep(mulacc(a, b, c), [1, 0])", "gep_mulacc",
     "mulacc(gep(a, [1, 0]), gep(b, [1, 0]), gep(c, [1, 0]))"},
    {"v: i32x4\ngep(f16(v), 3)", "gep_cast", "f16(gep(v, 3))"},
    {"v: u32x4\ngep(bitcast_f32(v), 1)", "gep_cast", "bitcast_f32(gep(v, 1))"},
    /* a cast of a vec: pushed, then extracted, then the scalar cast rules and folding */
    {"x: i8\ngep(i32(vec(x, 1, x, 2)), 3)", "gep_cast", "2_i32"},
    {"v: indexx8\nw: indexx8\ngep(v * w - v, 5)", "gep_index_alu", "gep(v, 5) * gep(w, 5) - gep(v, 5)"},
    /* an address computation: the lane's affine form, folded by the scalar rules */
    {"x: index\ngep((bcast(x, 4) + vec(0, 1, 2, 3)) * 4, 2)", "gep_index_alu", "x * 4 + 8"},
    /* the whole-vector UB of v // w is not the gep's: the lane divides alone */
    {"v: indexx2\nw: indexx2\ngep(v // w, 0)", "gep_index_alu", "gep(v, 0) // gep(w, 0)"},
  };
  run_cases(cases, sizeof cases / sizeof cases[0], true);
}

/* Where the folds must not fire: ALU ops on data (each lane would become its own scalar op: graph
 * growth, docs/rules.md), comparisons and unary ops, and a cat selection across parts. */
static void test_folds_hold_back(void **state) {
  (void)state;
  static const Case cases[] = {
    {"v: i32x4\nw: i32x4\ngep(v + w, 1)", "gep_index_alu", "gep(v + w, 1)"},
    {"v: f32x4\nw: f32x4\ngep(v * w, 0)", "gep_index_alu", "gep(v * w, 0)"},
    {"v: u8x8\nw: u8x8\ngep(v ^ w, 7)", "gep_index_alu", "gep(v ^ w, 7)"},
    {"v: i64x2\nw: i64x2\ngep(v // w, 1)", "gep_index_alu", "gep(v // w, 1)"},
    {"v: indexx4\nw: indexx4\ngep(v < w, 1)", "gep_index_alu", "gep(v < w, 1)"},
    {"v: indexx4\ngep(-v, 1)", "gep_index_alu", "gep(-v, 1)"},
    {"a: i8x4\nb: i8x4\ngep(cat(a, b), [3, 4])", "gep_cat", "gep(cat(a, b), [3, 4])"},
  };
  run_cases(cases, sizeof cases / sizeof cases[0], false);
}

/* Z3 on the folds' shapes as check cases, the wrong directions included: a gep's lane is not the
 * vector op's other lane, and building a vector op from one lane's scalar op adds UB. */
static void test_z3_cases(void **state) {
  (void)state;
  static const char *const invalid[] = {
    "v: indexx4\nw: indexx4\ngep(v + w, 1) --> gep(v, 1) + gep(w, 0)",
    "v: i32x8\ngep(gep(v, [7, 6, 5, 4]), 1) --> gep(v, 1)",
    "a: i8x4\nb: i8x4\ngep(cat(a, b), 5) --> gep(b, 0)",
    "v: indexx2\nw: indexx2\ngep(v, 0) // gep(w, 0) --> gep(v // w, 0)",
  };
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
    VsCtx *ctx = vs_ctx_new();
    VsFile f;
    VsDiag d;
    if (!vs_parse(ctx, "t.vs", invalid[i], strlen(invalid[i]), &f, &d)) fail_msg("parse: %s", d.msg);
    CheckOptions co = {.exhaustive_limit = 0};
    CheckResult r = check_refinement(smt, &co, NULL, f.src, f.tgt);
    if (r.verdict != CHECK_INVALID) fail_msg("%s: %s, wanted invalid", invalid[i], check_verdict_name(r.verdict));
    assert_true(r.cex.nvars > 0 && r.cex.vars[0].var->lanes > 1); /* the counterexample has every lane */
    check_result_free(&r);
    vs_file_free(&f);
    vs_ctx_free(ctx);
  }
}

/* The proof of `rule r : TEXT` at the instance where its one free class is dt. */
static ProofResult prove(const char *text, DType dt, Catalog **cat) {
  char buf[512];
  snprintf(buf, sizeof buf, "family vector\nrule r : %s\n", text);
  *cat = catalog_new();
  VsDiag d;
  if (!catalog_load_text(*cat, "gep_mutants.rules", buf, strlen(buf), &d)) fail_msg("%d:%d: %s", d.line, d.col, d.msg);
  const Rule *r = catalog_find(*cat, "r");
  assert_non_null(r);
  assert_int_equal(r->nfree, 1);
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  for (int i = 0; i < r->nclasses; i++) class_dt[i] = r->class_fixed[i];
  class_dt[r->free_class[0]] = (uint8_t)dt;
  return verify_rule_instance(smt, r, rule_instance_index(r, class_dt));
}

/* A wrong composition (the outer lane taken from the vector, not from the inner selection) is refuted;
 * its counterexample parses as a case the refinement checker finds invalid. Its sound neighbour, the
 * composition gep_compose performs, is proved. */
static void test_wrong_gep_rule_refuted(void **state) {
  (void)state;
  Catalog *cat;
  ProofResult p = prove("gep(gep(vec(x0, x1, x2, x3), [3, 2, 1, 0]), 0) => x0", DT_I32, &cat);
  if (p.status != PROOF_REFUTED) fail_msg("wrong gep rule: %s, wanted refuted", proof_status_name(p.status));
  assert_non_null(p.cex);
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "cex.vs", p.cex, strlen(p.cex), &f, &d)) fail_msg("counterexample: %s\n%s", d.msg, p.cex);
  CheckOptions co = {.exhaustive_limit = 0};
  CheckResult r = check_refinement(smt, &co, NULL, f.src, f.tgt);
  assert_int_equal(r.verdict, CHECK_INVALID);
  check_result_free(&r);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  proof_result_free(&p);
  catalog_free(cat);

  p = prove("gep(gep(vec(x0, x1, x2, x3), [3, 2, 1, 0]), 0) => x3", DT_I32, &cat);
  assert_int_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  catalog_free(cat);
}

/* The lane steps decide: a fold's choice that its lemmas do not state is refused. With the built-in
 * ledger, gep_select's step on gep(select(m, a, b), [1, 0]) builds the pushed select; the same step
 * bound wrongly (a and b swapped), with another record's prefix, or in a catalog where the lemmas are
 * not proved, builds nothing. */
static void test_lane_steps_decide(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Catalog *cat = catalog_new(), *unproved = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  catalog_apply_builtin_ledger(cat);
  assert_true(catalog_load_builtin(unproved, &d));
  VsFile f;
  const char *text = "m: boolx4\na: f32x4\nb: f32x4\ngep(select(m, a, b), [1, 0])";
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse: %s", d.msg);
  Node *n = f.src, *sel = n->args[0];
  FoldStep st = {0};
  assert_true(fold_gep_select(ctx, n, &st));
  assert_true(st.lanes);
  assert_string_equal(st.lemma, "gep_select_lane_4");
  Node *out = fold_step_apply(ctx, cat, n, &st);
  assert_non_null(out);
  char *p = vs_print(out);
  assert_string_equal(p, "select(gep(m, [1, 0]), gep(a, [1, 0]), gep(b, [1, 0]))");
  free(p);
  assert_null(fold_step_apply(ctx, unproved, n, &st)); /* no proof, no step */
  FoldStep wrong = {0};
  assert_true(fold_gep_select(ctx, n, &wrong));
  wrong.bind[1].node = sel->args[2]; /* a bound to b: the pattern is not the node */
  wrong.bind[2].node = sel->args[1];
  assert_null(fold_step_apply(ctx, cat, n, &wrong));
  FoldStep other = st;
  snprintf(other.prefix, sizeof other.prefix, "gep_mulacc_lane_4"); /* another record's lemmas */
  other.lemma = other.prefix;
  assert_null(fold_step_apply(ctx, cat, n, &other));
  snprintf(other.prefix, sizeof other.prefix, "gep_select_lane_8"); /* another lane count */
  assert_null(fold_step_apply(ctx, cat, n, &other));
  vs_file_free(&f);
  catalog_free(unproved);
  catalog_free(cat);
  vs_ctx_free(ctx);
}

/* Lane lemmas in the DSL: lanes(x, N) fixes a variable's lane count, cat takes parts of fixed counts;
 * a lane lemma that takes the wrong part's lane is refuted, its sound neighbour proved. */
static void test_lane_lemmas_proved(void **state) {
  (void)state;
  Catalog *cat;
  ProofResult p = prove("gep(cat(lanes(a, 4), lanes(b, 4)), 5) => gep(b, 0)", DT_I16, &cat);
  assert_int_equal(p.status, PROOF_REFUTED);
  proof_result_free(&p);
  catalog_free(cat);
  p = prove("gep(cat(lanes(a, 4), lanes(b, 4)), 5) => gep(b, 1)", DT_I16, &cat);
  assert_int_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  catalog_free(cat);
  /* lane 2 of a select of 4 lanes: its branches stay unevaluated where the mask does not take them */
  p = prove("gep(select(lanes(m, 4), a, b), 2) => select(gep(m, 2), gep(a, 2), gep(b, 2))", DT_U8, &cat);
  assert_int_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  catalog_free(cat);
  p = prove("gep(select(lanes(m, 4), a, b), 2) => select(gep(m, 2), gep(a, 1), gep(b, 2))", DT_U8, &cat);
  assert_true(p.status == PROOF_REFUTED || p.status == PROOF_UNKNOWN);
  assert_int_not_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  catalog_free(cat);
}

/* ---- random vector expressions ---- */

typedef struct {
  VsCtx *ctx;
  TestRng rng;
  Node *vars[2][2]; /* [index, i32][two 4-lane variables] */
  Node *scalar[2];  /* one scalar variable of each */
} Gen;

static DType gen_dt(int k) { return k ? DT_I32 : DT_INDEX; }

/* A 4-lane vector of dtype gen_dt(k) (the shapes vectorizers emit and the GEP folds meet). */
static Node *gen_vec4(Gen *g, int k, int depth) {
  VsCtx *ctx = g->ctx;
  DType dt = gen_dt(k);
  unsigned choice = (unsigned)test_rng_below(&g->rng, depth > 0 ? 11 : 3);
  switch (choice) {
  case 0: return g->vars[k][test_rng_below(&g->rng, 2)];
  case 1: return vs_bcast(ctx, test_rng_below(&g->rng, 2) ? g->scalar[k] : vs_const_int(ctx, dt, (i128)test_rng_below(&g->rng, 9) - 4), 4);
  case 2: {
    Node *e[4];
    for (int i = 0; i < 4; i++)
      e[i] = test_rng_below(&g->rng, 3) ? vs_const_int(ctx, dt, (i128)test_rng_below(&g->rng, 9) - 4) : g->scalar[k];
    return vs_vec(ctx, e, 4);
  }
  case 3:
  case 4: {
    static const Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_MIN};
    return vs_bin(ctx, ops[test_rng_below(&g->rng, 6)], gen_vec4(g, k, depth - 1), gen_vec4(g, k, depth - 1));
  }
  case 5: {
    Node *m = vs_bin(ctx, OP_LT, gen_vec4(g, k, depth - 1), gen_vec4(g, k, depth - 1));
    return vs_tern(ctx, OP_SELECT, m, gen_vec4(g, k, depth - 1), gen_vec4(g, k, depth - 1));
  }
  case 6: return vs_tern(ctx, OP_MULACC, gen_vec4(g, k, depth - 1), gen_vec4(g, k, depth - 1), gen_vec4(g, k, depth - 1));
  case 7: return vs_cast(ctx, dt, gen_vec4(g, !k, depth - 1));
  case 8: { /* a shuffle of a cat of two: lanes from one part or across */
    Node *parts[2] = {gen_vec4(g, k, depth - 1), gen_vec4(g, k, depth - 1)};
    int sel[4], base = (int)test_rng_below(&g->rng, 3) * 2;
    for (int i = 0; i < 4; i++) sel[i] = base + (int)test_rng_below(&g->rng, 4); /* base 2: across */
    return vs_gep(ctx, vs_cat(ctx, parts, 2), sel, 4);
  }
  default: { /* a shuffle */
    int sel[4];
    for (int i = 0; i < 4; i++) sel[i] = (int)test_rng_below(&g->rng, 4);
    return vs_gep(ctx, gen_vec4(g, k, depth - 1), sel, 4);
  }
  }
}

static const char *const gep_folds[] = {"gep_compose", "gep_extract", "gep_cat", "gep_select",
                                        "gep_mulacc", "gep_cast", "gep_index_alu"};
enum { NGEP_FOLDS = sizeof gep_folds / sizeof gep_folds[0] };

/* Random lane extractions of random vector expressions: the output of the simplifier must refine the
 * input at random points (small lanes and the dtype's edges), and each GEP fold must have fired. */
static void test_random_refinement(void **state) {
  (void)state;
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  catalog_apply_builtin_ledger(cat);
  int fired[NGEP_FOLDS] = {0};
  Gen g = {.rng = {getenv("SEED") ? strtoull(getenv("SEED"), 0, 10) : 6}};
  int n = getenv("N") ? atoi(getenv("N")) : 400;
  for (int it = 0; it < n; it++) {
    g.ctx = vs_ctx_new();
    static const char *const names[2][2] = {{"a", "b"}, {"p", "q"}};
    for (int k = 0; k < 2; k++) {
      DType dt = gen_dt(k);
      for (int v = 0; v < 2; v++) g.vars[k][v] = vs_var_lanes(g.ctx, names[k][v], dt, 4, im_min(dt), im_max(dt));
      g.scalar[k] = vs_var(g.ctx, k ? "y" : "x", dt, im_min(dt), im_max(dt));
    }
    int k = (int)test_rng_below(&g.rng, 2);
    Node *v = gen_vec4(&g, k, 3);
    int sel[2] = {(int)test_rng_below(&g.rng, 4), (int)test_rng_below(&g.rng, 4)};
    Node *src = vs_gep(g.ctx, v, sel, test_rng_below(&g.rng, 3) ? 1 : 2);
    assert_non_null(src);
    RewriteOptions ro = {.trace = true};
    Rewriter *rw = rewriter_new(g.ctx, cat, &ro);
    Node *out = rewriter_simplify(rw, src);
    assert_non_null(out);
    size_t nt;
    const TraceStep *t = rewriter_trace(rw, &nt);
    for (size_t i = 0; i < nt; i++)
      for (int f = 0; f < NGEP_FOLDS; f++) fired[f] += !strcmp(t[i].name, gep_folds[f]);
    VarValue env[6];
    for (int p = 0; p < 40; p++) {
      int ne = 0;
      for (int kk = 0; kk < 2; kk++) {
        DType dt = gen_dt(kk);
        Node *vars[3] = {g.vars[kk][0], g.vars[kk][1], g.scalar[kk]};
        for (int j = 0; j < 3; j++) {
          env[ne].var = vars[j];
          for (int l = 0; l < VS_MAX_LANES; l++) env[ne].lane[l] = 0;
          for (int l = 0; l < vars[j]->lanes; l++) {
            uint64_t r = test_rng_below(&g.rng, 16);
            i128 val = r < 13 ? (i128)r - 6 : r == 13 ? im_min(dt) : r == 14 ? im_max(dt) : (i128)test_rng_next(&g.rng);
            env[ne].lane[l] = im_from_value(dt, val);
          }
          ne++;
        }
      }
      Point pt = {.vars = env, .nvars = (size_t)ne};
      Outcome sv, tv;
      assert_true(eval_at(src, &pt, &sv, NULL, 0));
      assert_true(eval_at(out, &pt, &tv, NULL, 0));
      if (!sv.value.ub && !lane_value_same(&sv.value, &tv.value)) {
        char *ps = vs_print(src), *po = vs_print(out);
        fail_msg("iteration %d: %s\n  simplified to %s\n  differs at point %d (target %s)", it, ps, po, p,
                 tv.value.ub ? "UB" : "another value");
      }
    }
    rewriter_free(rw);
    vs_ctx_free(g.ctx);
  }
  for (int f = 0; f < NGEP_FOLDS; f++) {
    printf("  %-14s fired %d times\n", gep_folds[f], fired[f]);
    if (!fired[f]) fail_msg("%s never fired on the random expressions", gep_folds[f]);
  }
  catalog_free(cat);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_folds_fire),
    cmocka_unit_test(test_folds_hold_back),
    cmocka_unit_test(test_z3_cases),
    cmocka_unit_test(test_wrong_gep_rule_refuted),
    cmocka_unit_test(test_lane_steps_decide),
    cmocka_unit_test(test_lane_lemmas_proved),
    cmocka_unit_test(test_random_refinement),
  };
  return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
