/* Vector dtypes end to end: type names, construction and type errors, hash-consing with lanes, the
 * text round trip and its diagnostics, the vector evaluator's values and whole-vector UB, Z3 verdicts
 * on vector cases (counterexamples confirmed by the evaluator), and that rules leave vectors alone. */
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
#include "fuzz/parse_oracle.h"
#include "ir/vector.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "smt/encode.h"
#include "smt/smt.h"
#include "smt/z3ctx.h"
#include "text/text.h"
#include "support.h"

static void test_type_names(void **state) {
  (void)state;
  DType dt;
  int lanes;
  assert_true(vs_vtype_from_name("i32x4", 5, &dt, &lanes));
  assert_int_equal(dt, DT_I32);
  assert_int_equal(lanes, 4);
  assert_true(vs_vtype_from_name("indexx8", 7, &dt, &lanes));
  assert_int_equal(dt, DT_INDEX);
  assert_int_equal(lanes, 8);
  assert_true(vs_vtype_from_name("boolx16", 7, &dt, &lanes));
  assert_int_equal(lanes, 16);
  assert_true(vs_vtype_from_name("f16x3", 5, &dt, &lanes));
  assert_true(vs_vtype_from_name("index", 5, &dt, &lanes));
  assert_int_equal(lanes, 1);
  const char *bad[] = {"i32x5", "i32x1", "i32x04", "i32x", "x4", "i33x4", "i32x32", "i32x4x4"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    assert_false(vs_vtype_from_name(bad[i], strlen(bad[i]), &dt, &lanes));
  char buf[16];
  assert_string_equal(vs_vtype_name(DT_U8, 16, buf, sizeof buf), "u8x16");
  assert_string_equal(vs_vtype_name(DT_U8, 1, buf, sizeof buf), "u8");
}

static void test_node_layout_and_hash_consing(void **state) {
  (void)state;
  /* README: a node is 40 bytes plus 8 per operand; lanes took room from depth, not new room. */
  assert_int_equal(sizeof(Node), 40);
  VsCtx *ctx = vs_ctx_new();
  Node *v4 = vs_var_lanes(ctx, "v", DT_I32, 4, im_min(DT_I32), im_max(DT_I32));
  Node *v8 = vs_var_lanes(ctx, "v", DT_I32, 8, im_min(DT_I32), im_max(DT_I32));
  Node *s = vs_var(ctx, "v", DT_I32, im_min(DT_I32), im_max(DT_I32));
  assert_true(v4 != v8 && v4 != s && v8 != s);
  assert_int_equal(v4->lanes, 4);
  assert_true(v4->flags & NF_HAS_VEC);
  assert_false(s->flags & NF_HAS_VEC);
  assert_ptr_equal(vs_var_lanes(ctx, "v", DT_I32, 4, im_min(DT_I32), im_max(DT_I32)), v4);
  assert_true(vs_bcast(ctx, s, 4) != vs_bcast(ctx, s, 8));
  assert_ptr_equal(vs_bcast(ctx, s, 4), vs_bcast(ctx, s, 4));
  Node *g01 = vs_gep(ctx, v4, (int[]){0, 1}, 2), *g10 = vs_gep(ctx, v4, (int[]){1, 0}, 2);
  assert_true(g01 != g10);
  assert_ptr_equal(vs_gep(ctx, v4, (int[]){0, 1}, 2), g01);
  assert_int_equal(g01->lanes, 2);
  Node *g3 = vs_gep(ctx, v4, (int[]){3}, 1);
  assert_int_equal(g3->lanes, 1);
  assert_true(g3->flags & NF_HAS_VEC); /* scalar, but from a vector */
  /* Lane-wise ops keep the lane count; comparisons give boolxN. */
  Node *sum = vs_bin(ctx, OP_ADD, v4, v4);
  assert_int_equal(sum->lanes, 4);
  Node *lt = vs_bin(ctx, OP_LT, v4, sum);
  assert_int_equal(lt->dtype, DT_BOOL);
  assert_int_equal(lt->lanes, 4);
  Node *sel = vs_tern(ctx, OP_SELECT, lt, v4, sum);
  assert_int_equal(sel->lanes, 4);
  Node *c = vs_cast(ctx, DT_I8, v4);
  assert_int_equal(c->dtype, DT_I8);
  assert_int_equal(c->lanes, 4);
  Node *parts[2] = {g01, g10};
  assert_int_equal(vs_cat(ctx, parts, 2)->lanes, 4);
  /* Bounds hold for every lane. */
  Node *r = vs_var_lanes(ctx, "r", DT_I32, 4, 0, 10);
  Node *e = vs_vec(ctx, (Node *[]){vs_const_int(ctx, DT_I32, -3), vs_const_int(ctx, DT_I32, 5)}, 2);
  assert_true(vs_vmin(e) == -3 && vs_vmax(e) == 5);
  Node *rr = vs_bin(ctx, OP_ADD, r, r);
  assert_true(vs_vmin(rr) == 0 && vs_vmax(rr) == 20);
  vs_ctx_free(ctx);
}

static void expect_type_error(VsCtx *ctx, Node *n, const char *needle) {
  assert_null(n);
  if (!strstr(vs_ctx_error(ctx), needle)) fail_msg("error '%s' lacks '%s'", vs_ctx_error(ctx), needle);
}

static void test_type_errors(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Node *v4 = vs_var_lanes(ctx, "v", DT_I32, 4, im_min(DT_I32), im_max(DT_I32));
  Node *w8 = vs_var_lanes(ctx, "w", DT_I32, 8, im_min(DT_I32), im_max(DT_I32));
  Node *x = vs_var(ctx, "x", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *y = vs_var(ctx, "y", DT_I64, im_min(DT_I64), im_max(DT_I64));
  Node *m4 = vs_var_lanes(ctx, "m", DT_BOOL, 4, 0, 1);
  expect_type_error(ctx, vs_bin(ctx, OP_ADD, v4, w8), "lane counts");
  expect_type_error(ctx, vs_bin(ctx, OP_ADD, v4, x), "lane counts");
  expect_type_error(ctx, vs_tern(ctx, OP_SELECT, m4, w8, w8), "lane counts");
  expect_type_error(ctx, vs_vec(ctx, (Node *[]){x, y}, 2), "different types");
  expect_type_error(ctx, vs_vec(ctx, (Node *[]){x, v4}, 2), "scalars");
  expect_type_error(ctx, vs_vec(ctx, (Node *[]){x, x, x, x, x}, 5), "2, 3, 4, 8 or 16");
  expect_type_error(ctx, vs_gep(ctx, v4, (int[]){4}, 1), "out of range");
  expect_type_error(ctx, vs_gep(ctx, v4, (int[]){-1}, 1), "out of range");
  expect_type_error(ctx, vs_gep(ctx, v4, (int[]){0, 1, 2, 3, 0}, 5), "lanes");
  expect_type_error(ctx, vs_gep(ctx, x, (int[]){0}, 1), "vector operand");
  expect_type_error(ctx, vs_cat(ctx, (Node *[]){v4, w8}, 2), "lanes");
  expect_type_error(ctx, vs_cat(ctx, (Node *[]){v4, x}, 2), "vectors");
  expect_type_error(ctx, vs_bcast(ctx, v4, 4), "scalar");
  expect_type_error(ctx, vs_bcast(ctx, x, 5), "lane count");
  expect_type_error(ctx, vs_var_lanes(ctx, "z", DT_I8, 7, 0, 1), "lane count");
  /* Through vs_type_check_ex directly: a message, never a crash. */
  DType rt;
  int rl;
  assert_non_null(vs_type_check_ex(OP_GEP, DT_BOOL, 1, 0, (Node *[]){NULL}, 1, &rt, &rl));
  assert_null(vs_type_check_ex(OP_GEP, DT_BOOL, 2, 0x32, &v4, 1, &rt, &rl));
  assert_int_equal(rl, 2);
  vs_ctx_free(ctx);
}


static void test_text_round_trip(void **state) {
  (void)state;
  const char *cases[] = {
    "v: i32x4\nw: i32x4\nv + w * v",
    "v: i32x4\nv + 1",
    "v: i32x4\ngep(v, 2) + 1",
    "v: i32x4\ngep(v, [3, 2, 1, 0])",
    "v: i32x4\ncat(gep(v, [0, 1]), gep(v, [2, 3])) --> v",
    "x: i8\ny: i8\nvec(x, y, x, y)",
    "vec(1_i32, 2, 3, 4)",
    "vec(1, 2, 3)",
    "vec(1.5_f64, 2.0)",
    "x: u16\nbcast(x, 16)",
    "bcast(7_u8, 8)",
    "v: f32x4\nm: boolx4\nselect(m, v, -v)",
    "v: indexx8 in [0, 100]\nv // 4 < v",
    "v: i32x4\ni8(v)",
    "v: f32x2\nbitcast_i32(v)",
    "v: i32x4\nv - v --> 0",
    "v: boolx3\n!v && v",
    "v: i64x2\ngep(vec(gep(v, 1), gep(v, 0)), [1, 0, 1, 0])",
    /* untyped vec and bcast take their dtype from the context */
    "v: i32x4\nv + vec(1, 2, 3, 4)",
    "vec(1, 2) + bcast(3, 2)",
    "vec(1, 2) + 3",
    "x: i8\nbcast(1, 4) + bcast(x, 4)",
    "v: i32x4\nm: boolx4\nselect(m, vec(1, 2, 3, 4), 0)",
    "gep(vec(1, 2, 3, 4), 2)",
    "gep(vec(1_u8, 2, 3, 4), [2, 2])",
    "v: f32x2\nv * vec(1.5, 2.0)",
    "cat(vec(1, 2), vec(3, 4))",
    "cat(vec(1_i8, 2), vec(3, 4))",
    "v: i32x4\nv - v --> vec(0, 0, 0, 0)",
    "v: u64x16\nv >> bcast(63, 16)",
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    VsCtx *ctx = vs_ctx_new();
    VsFile f = test_parse_round_trip(ctx, cases[i]);
    vs_file_free(&f);
    vs_ctx_free(ctx);
  }
  /* Types as parsed. */
  VsCtx *ctx = vs_ctx_new();
  VsFile f = test_parse_round_trip(ctx, "v: i32x4\nv + 1");
  assert_int_equal(f.src->lanes, 4);
  assert_int_equal(f.src->args[1]->op, OP_BCAST); /* an untyped literal widens */
  vs_file_free(&f);
  f = test_parse_round_trip(ctx, "v: i16x4\nv + vec(1, 2, 3, 4)");
  assert_int_equal(f.src->args[1]->dtype, DT_I16);
  vs_file_free(&f);
  f = test_parse_round_trip(ctx, "vec(1, 2, 3, 4) + 1");
  assert_int_equal(f.src->dtype, DT_INDEX); /* no context: the default, as for scalars */
  assert_int_equal(f.src->lanes, 4);
  vs_file_free(&f);
  f = test_parse_round_trip(ctx, "vec(1_i32, 2, 3, 4)");
  assert_int_equal(f.src->dtype, DT_I32);
  char *p = vs_print(f.src);
  assert_string_equal(p, "vec(1_i32, 2, 3, 4)");
  free(p);
  vs_file_free(&f);
  f = test_parse_round_trip(ctx, "v: i32x4\ngep(v, [3, 2, 1, 0])");
  p = vs_print(f.src);
  assert_string_equal(p, "gep(v, [3, 2, 1, 0])");
  free(p);
  vs_file_free(&f);
  vs_ctx_free(ctx);
}

static void expect_parse_error(const char *text, int line, int col, const char *needle) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  bool ok = vs_parse(ctx, "bad.vs", text, strlen(text), &f, &d);
  if (ok) fail_msg("'%s' parsed", text);
  if (d.line != line || d.col != col || !strstr(d.msg, needle))
    fail_msg("'%s': got %d:%d: %s; want %d:%d: ...%s...", text, d.line, d.col, d.msg, line, col, needle);
  assert_null(strchr(d.msg, '\n'));
  vs_ctx_free(ctx);
}

static void test_parse_errors(void **state) {
  (void)state;
  expect_parse_error("v: i32x4\ngep(v, 4)", 2, 1, "lane index 4 is out of range for i32x4");
  expect_parse_error("v: i32x4\nw: i32x8\nv + w", 3, 3, "different lane counts (i32x4 and i32x8");
  expect_parse_error("v: i32x4\nv + 1_i32", 2, 3, "lane counts");
  expect_parse_error("v: i32x5\nv", 1, 4, "unknown dtype 'i32x5'");
  expect_parse_error("v: i32x4\ni32x4(v)", 2, 1, "not a cast");
  expect_parse_error("v: i32x4\ngep(v)", 2, 1, "takes 2 arguments");
  expect_parse_error("v: i32x4\ngep(v, x)", 2, 8, "expected lane index");
  expect_parse_error("v: i32x4\ngep(v, [1, 2)", 2, 13, "expected ',' or ']'");
  expect_parse_error("v: i32x4\ngep(v, 1_i32)", 2, 8, "without a suffix");
  expect_parse_error("x: i32\nbcast(x, 5)", 2, 1, "lane count must be");
  expect_parse_error("x: i32\nbcast(x, 99)", 2, 10, "out of range");
  expect_parse_error("x: i32\ny: i64\nvec(x, y)", 3, 1, "different types (i32 and i64)");
  expect_parse_error("x: i32\nvec(x, x, x, x, x)", 2, 1, "2, 3, 4, 8 or 16");
  expect_parse_error("x: i32\nvec()", 2, 1, "at least 2");
  expect_parse_error("v: i32x4\nw: i32x8\nv --> w", 3, 3, "different types (i32x4 and i32x8)");
  expect_parse_error("vec: i32\nvec", 1, 1, "reserved");
}

/* Evaluates FILE's expression at the given variable lanes. */
static LaneValue eval_text(const char *text, const uint64_t (*lanes)[VS_MAX_LANES], size_t nvars) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse: %s", d.msg);
  assert_int_equal(f.nvars, nvars);
  VarValue env[4];
  for (size_t k = 0; k < nvars; k++) {
    env[k].var = f.vars[k];
    memcpy(env[k].lane, lanes[k], sizeof env[k].lane);
  }
  Point p = {.vars = env, .nvars = nvars};
  Outcome o;
  assert_true(eval_at(f.src, &p, &o, NULL, 0));
  LaneValue v = o.value;
  /* The prepared scalar evaluator refuses vector expressions rather than computing garbage. */
  if (f.src->flags & NF_HAS_VEC) assert_null(evaluator_new(f.src));
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return v;
}

static void test_eval_values(void **state) {
  (void)state;
  uint64_t env[2][VS_MAX_LANES] = {{1, 2, 3, (uint64_t)-4}, {0}};
  LaneValue v = eval_text("v: i32x4\ngep(v, [3, 2, 1, 0]) + 1", env, 1);
  assert_false(v.ub);
  assert_int_equal(v.lanes, 4);
  assert_int_equal(v.lane[0], 0xfffffffd); /* -3 */
  assert_int_equal(v.lane[1], 4);
  assert_int_equal(v.lane[3], 2);
  /* i8 wraps in each lane independently. */
  uint64_t e8[1][VS_MAX_LANES] = {{127, 1, 0x80, 5}};
  v = eval_text("v: i8x4\nv + 1", e8, 1);
  assert_int_equal(v.lane[0], 0x80);
  assert_int_equal(v.lane[1], 2);
  assert_int_equal(v.lane[2], 0x81);
  /* One UB lane makes the vector UB, and what is taken from it too. */
  uint64_t ed[2][VS_MAX_LANES] = {{6, 6, 6, 6}, {1, 2, 0, 3}};
  v = eval_text("v: i32x4\nw: i32x4\nv // w", ed, 2);
  assert_true(v.ub);
  v = eval_text("v: i32x4\nw: i32x4\ngep(v // w, 0)", ed, 2);
  assert_true(v.ub);
  assert_int_equal(v.lanes, 1);
  /* Select is lazy per lane: a UB branch that no lane picks does not matter; one that a lane picks
   * does. */
  uint64_t es[3][VS_MAX_LANES] = {{6, 6, 6, 6}, {1, 2, 0, 3}, {0, 0, 0, 0}};
  v = eval_text("v: i32x4\nw: i32x4\nm: boolx4\nselect(m, v // w, v)", es, 3);
  assert_false(v.ub);
  assert_int_equal(v.lane[2], 6);
  es[2][1] = 1;
  v = eval_text("v: i32x4\nw: i32x4\nm: boolx4\nselect(m, v // w, v)", es, 3);
  assert_true(v.ub);
  /* Comparisons give one bool per lane; bcast and cat move lanes. */
  uint64_t ec[2][VS_MAX_LANES] = {{1, 9, 3, 7}, {5}};
  v = eval_text("v: u8x4\nx: u8\ncat(gep(v < bcast(x, 4), [0, 1]), vec(true, false))", ec, 2);
  assert_int_equal(v.lanes, 4);
  assert_true(v.lane[0] == 1 && v.lane[1] == 0 && v.lane[2] == 1 && v.lane[3] == 0);
  /* Floats: lane-wise IEEE, NaN canonical. */
  uint64_t ef[1][VS_MAX_LANES] = {{0x3f800000, 0x7f800001, 0x80000000}};
  v = eval_text("v: f32x3\nv * 2.0", ef, 1);
  assert_int_equal(v.lane[0], 0x40000000);
  assert_int_equal(v.lane[1], vs_nan_bits(DT_F32));
  assert_int_equal(v.lane[2], 0x80000000);
}

/* vsimp check's verdict on a case. */
static CheckVerdict check_text(SmtCtx *smt, const char *text, CheckResult *out) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse: %s", d.msg);
  CheckOptions co = {.exhaustive_limit = 65536};
  CheckResult r = check_refinement(smt, &co, NULL, f.src, f.tgt);
  CheckVerdict v = r.verdict;
  if (v == CHECK_INVALID) {
    /* The counterexample is a real one: re-evaluate it here. */
    assert_non_null(r.cex.vars);
    Outcome sv, tv;
    assert_true(eval_at(f.src, &r.cex, &sv, NULL, 0));
    assert_true(eval_at(f.tgt, &r.cex, &tv, NULL, 0));
    assert_false(sv.value.ub);
    assert_false(lane_value_same(&sv.value, &tv.value));
    assert_true(lane_value_same(&sv.value, &r.src.value));
  }
  if (out) *out = r;
  else check_result_free(&r);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return v;
}

/* Every case of cases[0..n) gets verdict `want` from check_text. */
static void expect_verdicts(SmtCtx *smt, const char *const *cases, size_t n, CheckVerdict want) {
  for (size_t i = 0; i < n; i++)
    if (check_text(smt, cases[i], NULL) != want) fail_msg("not %s: %s", check_verdict_name(want), cases[i]);
}

static void test_z3_verdicts(void **state) {
  (void)state;
  SmtOptions so = test_smt_options(0);
  SmtCtx *smt = smt_new(&so);
  const char *valid[] = {
    "v: i32x4\nw: i32x4\n(v + w) - w --> v",
    "a: i8\nb: i8\nc: i8\nd: i8\ngep(vec(a, b, c, d), 1) --> b",
    "x: u16\ngep(bcast(x, 8), 5) --> x",
    "v: i32x4\nvec(gep(v, 0), gep(v, 1), gep(v, 2), gep(v, 3)) --> v",
    "v: i32x4\ngep(v, [0, 1, 2, 3]) --> v",
    "v: i32x4\ncat(gep(v, [0, 1]), gep(v, [2, 3])) --> v",
    "v: i32x8\ngep(gep(v, [7, 6, 5, 4]), [3, 2]) --> gep(v, [4, 5])",
    "v: f32x4\nm: boolx4\nselect(m, v, v) --> v",
    "v: indexx4 in [0, 100]\n(v * 4) // 4 --> v",
    "vec(1_i32, 2, 3, 4) + vec(10, 20, 30, 40) --> vec(11_i32, 22, 33, 44)",
    "x: i32\ny: i32\ngep(vec(x, y) + vec(y, x), 0) --> x + y",
    "v: i32x4\nw: i32x4\nm: boolx4\nselect(m, v // w, v) --> select(m, v // w, v)",
    /* UB in the source allows anything: v // w with a zero lane is UB as a whole. */
    "v: i32x2\nw: i32x2\ngep(v // w, 0) --> gep(v, 0) // gep(w, 0)",
  };
  expect_verdicts(smt, valid, sizeof valid / sizeof valid[0], CHECK_VALID);
  const char *invalid[] = {
    "v: i32x4\ngep(v, [1, 0, 2, 3]) --> v",
    "v: i8x4\nv + 1 > v --> bcast(true, 4)",
    "v: f32x2\nv + 0.0 --> v",
    "v: f32x4\nm: boolx4\nselect(m, v, 0.0) --> v",
    /* Lane-wise refinement: UB in one lane of the target is not allowed where the source is defined. */
    "v: i32x2\nw: i32x2\ngep(v, 0) // gep(w, 0) --> gep(v // w, 0)",
  };
  expect_verdicts(smt, invalid, sizeof invalid / sizeof invalid[0], CHECK_INVALID);
  CheckResult r;
  assert_int_equal(check_text(smt, "v: i8x4\nv + 1 > v --> bcast(true, 4)", &r), CHECK_INVALID);
  /* Some lane of the counterexample is 127. */
  bool has_max = false;
  for (int k = 0; k < 4; k++) has_max |= r.cex.vars[0].lane[k] == 127;
  assert_true(has_max);
  check_result_free(&r);
  smt_free(smt);
}

/* A float lane read back from a lane-wise result (a gep of it, the next lane-wise op) is the lane's own
 * term, not (fp BITS) of its bits (enc_fp_of_bits): the two are equal wherever the bits' definition
 * holds, and the round trip made the solver bit-blast the lane's conversion. Verdicts stay exact, NaN
 * and signed zeros included; and the lane is read through the extracts and concats without a trace of
 * its bits (Z3's simplifier then makes both sides one term). */
static void test_float_lane_read_back(void **state) {
  (void)state;
  SmtOptions so = test_smt_options(0);
  SmtCtx *smt = smt_new(&so);
  const char *valid[] = {
    "v: i32x4\ngep(f64(v), 1) --> f64(gep(v, 1))",
    "v: u64x8\ngep(f16(v), 6) --> f16(gep(v, 6))",
    "v: f32x4\ngep(f64(v), 3) --> f64(gep(v, 3))",
    "v: f64x2\nw: f64x2\ngep(v + w, 1) --> gep(v, 1) + gep(w, 1)",
    "v: f32x4\nm: boolx4\ngep(select(m, v * bcast(2.0, 4), v), 0) --> select(gep(m, 0), gep(v, 0) * 2.0, gep(v, 0))",
    "v: f32x4\ngep(f32(f64(v)), 2) --> gep(v, 2)",
  };
  expect_verdicts(smt, valid, sizeof valid / sizeof valid[0], CHECK_VALID);
  const char *invalid[] = {
    "v: i32x4\ngep(f64(v), 1) --> f64(gep(v, 2))",
    "v: f32x4\ngep(v + bcast(0.0, 4), 1) --> gep(v, 1)", /* -0.0 + 0.0 is +0.0 */
    "v: f64x4\ngep(f32(v), 0) --> f32(gep(v, 1))",
    "v: f64x4\ngep(f64(f32(v)), 3) --> gep(v, 3)",   /* rounding */
  };
  expect_verdicts(smt, invalid, sizeof invalid / sizeof invalid[0], CHECK_INVALID);
  VsCtx *ctx = vs_ctx_new();
  VsDiag d;
  VsFile f;
  const char *text = "v: i32x4\ngep(f64(v), 1) --> f64(gep(v, 1))";
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse: %s", d.msg);
  char why[160];
  assert_true(smt_z3_begin(smt, 1, why, sizeof why));
  Enc e;
  enc_init(&e, smt);
  SmtTerm a, b;
  assert_true(enc_expr(&e, f.src, &a));
  assert_true(enc_expr(&e, f.tgt, &b));
  Z3_ast sa = Z3_simplify(e.z, a.val);
  Z3_inc_ref(e.z, sa);
  Z3_ast sb = Z3_simplify(e.z, b.val);
  Z3_inc_ref(e.z, sb);
  assert_ptr_equal(sa, sb);
  Z3_dec_ref(e.z, sa);
  Z3_dec_ref(e.z, sb);
  enc_fini(&e);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  smt_free(smt);
}

/* Simplifies text's expression with the built-in catalog and ledger; returns the printed result. */
static char *simplify_text(SmtCtx *smt, const char *text, bool trust_all) {
  VsCtx *ctx = vs_ctx_new();
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  if (trust_all) catalog_trust_all_for_testing(cat);
  else catalog_apply_builtin_ledger(cat);
  RewriteOptions ro = {.budget = 0};
  Rewriter *rw = rewriter_new(ctx, cat, &ro);
  VsFile f;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse: %s", d.msg);
  Node *out = rewriter_simplify(rw, f.src);
  assert_non_null(out);
  assert_int_equal(out->dtype, f.src->dtype);
  assert_int_equal(out->lanes, f.src->lanes);
  if (!trust_all) { /* what the proved catalog does is a refinement */
    CheckOptions co = {.exhaustive_limit = 0};
    CheckResult r = check_refinement(smt, &co, NULL, f.src, out);
    if (r.verdict != CHECK_VALID) fail_msg("%s: not valid (%s)", text, check_verdict_name(r.verdict));
    check_result_free(&r);
  }
  char *printed = vs_print(out);
  vs_file_free(&f);
  rewriter_free(rw);
  catalog_free(cat);
  vs_ctx_free(ctx);
  return printed;
}

static void test_rules_on_vector_expressions(void **state) {
  (void)state;
  SmtOptions so = test_smt_options(0);
  SmtCtx *smt = smt_new(&so);
  /* Scalar rules never fire on vector nodes, even with every scalar instance trusted (x - x => 0
   * would build a scalar 0 for an i32x4). */
  char *p = simplify_text(smt, "v: i32x4\n(v - v) + 0", true);
  assert_string_equal(p, "v - v + bcast(0, 4)");
  free(p);
  /* Scalar nodes inside vector expressions simplify with the scalar proofs. */
  p = simplify_text(smt, "v: i32x4\n(gep(v, 2) + 0) * 1", false);
  assert_string_equal(p, "gep(v, 2)");
  free(p);
  p = simplify_text(smt, "x: i32\ny: i32\nvec(x + 0, y * 1, x - x, 3 + 4)", false);
  assert_string_equal(p, "vec(x, y, 0, 7)");
  free(p);
  /* The vector rules (vector.rules), each proved at its lane count and every dtype, and checked here
   * again on the whole result. */
  static const char *const cases[][2] = {
    {"v: i8x4\nbcast(gep(v, 1) * 1, 8) + gep(cat(v, v), [0, 1, 2, 3, 4, 5, 6, 7])", "bcast(gep(v, 1), 8) + cat(v, v)"},
    {"a: i32\nb: i32\ngep(vec(a, b, a, b), 1) + gep(vec(a, b), 0)", "a + b"}, /* then canonical order */
    {"v: u16x4\nvec(gep(v, 0), gep(v, 1), gep(v, 2), gep(v, 3)) * gep(v, [0, 1, 2, 3])", "v * v"},
    {"x: u8\ngep(bcast(x, 16), 9) + 1", "x + 1"},
    {"x: i8\nvec(x, x, x, x) + bcast(1, 4)", "bcast(x, 4) + bcast(1, 4)"},
    {"a: i64\nb: i64\ngep(vec(a // b, a, b), 1)", "a"}, /* the source is UB where b == 0 */
    {"v: boolx8\ngep(vec(gep(v, 0), gep(v, 1), gep(v, 2), gep(v, 3), gep(v, 4), gep(v, 5), gep(v, 6), "
     "gep(v, 7)), 3)", "gep(v, 3)"},
    /* lane-wise constant folding (vector_constant_fold), then the lane moves */
    {"vec(1_i32, 2, 3, 4) + vec(10, 20, 30, 40)", "vec(11_i32, 22, 33, 44)"},
    {"bcast(2_i8, 4) * vec(1, 2, 3, 100)", "vec(2_i8, 4, 6, -56)"},
    {"vec(1_i32, 2) // vec(1, 0)", "vec(1_i32, 2) // vec(1, 0)"}, /* UB in a lane: left alone */
    {"gep(vec(1_u8, 2, 3, 4) < bcast(3, 4), 2)", "false"},
    {"bcast(1_i32, 4) + bcast(2, 4)", "bcast(3_i32, 4)"},
    {"f32(vec(1, 2, 3)) * 0.5", "vec(0.5, 1.0, 1.5)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    p = simplify_text(smt, cases[i][0], false);
    if (strcmp(p, cases[i][1])) fail_msg("%s: got %s, want %s", cases[i][0], p, cases[i][1]);
    free(p);
  }
  smt_free(smt);
}

/* Random edits of vector cases: the parser never crashes, errors are one positioned line, and what
 * parses prints and parses back to the same nodes (the parse fuzzer's oracle). */
static void test_parse_mutations(void **state) {
  (void)state;
  static const char *seeds[] = {
    "v: i32x4\nw: i32x4\ngep(v, [3, 2, 1, 0]) + w --> w",
    "x: i8\ny: i8\nvec(x, y, 1, 2) + bcast(3, 4)",
    "v: f32x2\nm: boolx2\nselect(m, v * vec(1.5, 2.0), 0.0)",
    "v: u8x16\ncat(gep(v, [0, 1, 2, 3, 4, 5, 6, 7]), gep(v, [8, 9, 10, 11, 12, 13, 14, 15])) --> v",
  };
  static const char alphabet[] = "()+-*,[]_.0123456789xvwgepbcat \n:";
  TestRng rng = {77};
  VsCtx *ctx = vs_ctx_new();
  char buf[256];
  size_t parsed = 0;
  for (int it = 0; it < 20000; it++) {
    const char *seed = seeds[test_rng_below(&rng, sizeof seeds / sizeof seeds[0])];
    size_t len = strlen(seed);
    memcpy(buf, seed, len);
    for (int e = 0, ne = 1 + (int)test_rng_below(&rng, 3); e < ne; e++) {
      size_t at = test_rng_below(&rng, len);
      char c = alphabet[test_rng_below(&rng, sizeof alphabet - 1)];
      switch (test_rng_below(&rng, 3)) {
      case 0: buf[at] = c; break;
      case 1: memmove(buf + at, buf + at + 1, len - at - 1); len--; break;
      default:
        if (len + 1 < sizeof buf) {
          memmove(buf + at + 1, buf + at, len - at);
          buf[at] = c;
          len++;
        }
      }
    }
    FuzzFinding f;
    FindKind k = fuzz_parse_exec(ctx, (const uint8_t *)buf, len, &f);
    if (k != FIND_NONE) fail_msg("'%.*s': %s", (int)len, buf, f.detail);
    VsFile pf;
    VsDiag d;
    if (vs_parse(ctx, "m.vs", buf, len, &pf, &d)) {
      parsed++;
      vs_file_free(&pf);
    }
    if (vs_ctx_node_count(ctx) > 100000) {
      vs_ctx_free(ctx);
      ctx = vs_ctx_new();
    }
  }
  print_message("vector mutants that parse: %zu of 20000\n", parsed);
  assert_true(parsed > 500);
  vs_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_type_names),
    cmocka_unit_test(test_node_layout_and_hash_consing),
    cmocka_unit_test(test_type_errors),
    cmocka_unit_test(test_text_round_trip),
    cmocka_unit_test(test_parse_errors),
    cmocka_unit_test(test_eval_values),
    cmocka_unit_test(test_z3_verdicts),
    cmocka_unit_test(test_float_lane_read_back),
    cmocka_unit_test(test_rules_on_vector_expressions),
    cmocka_unit_test(test_parse_mutations),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
