/* test_verify.c: the rule verifier (smt/rule_verify.c), by mutation: deliberately unsound rules must be
 * refuted, each with a counterexample case that parses and that the refinement checker independently
 * finds invalid; their sound neighbours must be proved. Also: which instances are admissible, and
 * that heuristic guards (order, is_const) give a proof nothing to stand on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "verify/refine_check.h"
#include "rules/catalog.h"
#include "verify/rule_concrete.h"
#include "verify/rule_suggest.h"
#include "verify/rule_verify.h"
#include "smt/query_cache.h"
#include "smt/smt.h"
#include "text/text.h"
#include "support.h"

static SmtCtx *smt;

static int group_setup(void **state) {
  (void)state;
  /* Division proofs at 32 and 64 bits can take Z3 minutes: the proofs here are at widths it decides
   * in well under a second (refutations are quick at any width). */
  SmtOptions o = test_smt_options(0);
  smt = smt_new(&o);
  return smt ? 0 : -1;
}

static int group_teardown(void **state) {
  (void)state;
  smt_free(smt);
  return 0;
}

/* ---- helpers ---- */

/* A catalog holding one rule, `rule r : TEXT` in family identity (or `lemma r : TEXT` in family lemma,
 * whose templates may name constants of their own). */
static Catalog *load_rule_as(const char *kind, const char *text, const Rule **out) {
  char buf[1024];
  snprintf(buf, sizeof buf, "family %s\n%s r : %s\n", strcmp(kind, "lemma") ? "identity" : "lemma", kind, text);
  Catalog *c = catalog_new();
  assert_non_null(c);
  VsDiag d;
  if (!catalog_load_text(c, "mutants.rules", buf, strlen(buf), &d)) fail_msg("%d:%d: %s\n%s", d.line, d.col, d.msg, buf);
  *out = catalog_find(c, "r");
  assert_non_null(*out);
  return c;
}

static Catalog *load_rule(const char *text, const Rule **out) { return load_rule_as("rule", text, out); }

/* The instance where every free class is dt (the rules here have at most one free class, or none). */
static unsigned inst_at(const Rule *r, DType dt) {
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  for (int i = 0; i < r->nclasses; i++) class_dt[i] = r->class_fixed[i];
  for (int i = 0; i < r->nfree; i++) class_dt[r->free_class[i]] = (uint8_t)dt;
  return rule_instance_index(r, class_dt);
}

static bool is_admissible(const Rule *r, unsigned idx) {
  unsigned *all = malloc(RULE_INSTANCES * sizeof *all);
  assert_non_null(all);
  size_t n = rule_admissible_instances(r, all, RULE_INSTANCES);
  bool found = false;
  for (size_t i = 0; i < n; i++) found |= all[i] == idx;
  free(all);
  return found;
}

/* The rule must be refuted at dt; its counterexample must parse as a case and be invalid. */
static void expect_refuted(const char *text, DType dt) {
  const Rule *r;
  Catalog *c = load_rule(text, &r);
  unsigned idx = inst_at(r, dt);
  char name[64];
  rule_instance_name(r, idx, name, sizeof name);
  if (!is_admissible(r, idx)) fail_msg("%s: instance %s not admissible", text, name);
  ProofResult p = verify_rule_instance(smt, r, idx);
  if (p.status != PROOF_REFUTED)
    fail_msg("%s at %s: %s (%s), wanted refuted", text, name, proof_status_name(p.status), p.reason);
  assert_non_null(p.cex);
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "cex.vs", p.cex, strlen(p.cex), &f, &d))
    fail_msg("%s at %s: counterexample does not parse: %d:%d: %s\n%s", text, name, d.line, d.col, d.msg, p.cex);
  assert_non_null(f.tgt);
  CheckOptions co = {.exhaustive_limit = 65536};
  CheckResult cr = check_refinement(smt, &co, NULL, f.src, f.tgt);
  if (cr.verdict != CHECK_INVALID)
    fail_msg("%s at %s: the counterexample is %s, not invalid (%s):\n%s", text, name, check_verdict_name(cr.verdict),
             cr.reason, p.cex);
  printf("  refuted %-55s at %-5s: %s", text, name, strchr(p.cex, '\n') ? p.cex : "\n");
  check_result_free(&cr);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  proof_result_free(&p);
  catalog_free(c);
}

static void expect_proved(const char *text, DType dt) {
  const Rule *r;
  Catalog *c = load_rule(text, &r);
  unsigned idx = inst_at(r, dt);
  char name[64];
  rule_instance_name(r, idx, name, sizeof name);
  if (!is_admissible(r, idx)) fail_msg("%s: instance %s not admissible", text, name);
  ProofResult p = verify_rule_instance(smt, r, idx);
  if (p.status != PROOF_PROVED)
    fail_msg("%s at %s: %s (%s), wanted proved\n%s", text, name, proof_status_name(p.status), p.reason,
             p.cex ? p.cex : "");
  assert_null(p.cex);
  proof_result_free(&p);
  catalog_free(c);
}

static const DType int_dtypes[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64, DT_INDEX};

/* ---- mutants ---- */

static void test_float_identities(void **state) {
  (void)state;
  expect_refuted("x + 0.0 => x", DT_F32);   /* x = -0.0 */
  expect_refuted("x + 0 => x", DT_F64);
  expect_refuted("x * 0 => 0", DT_F32);     /* NaN, inf, -0.0 */
  expect_refuted("x - x => 0", DT_F16);     /* NaN, inf */
  expect_refuted("x * 2.0 => x + x + 0.0", DT_F32);
  /* Their sound neighbours. */
  expect_proved("x + -0.0 => x", DT_F32);
  expect_proved("x * 1.0 => x", DT_F32);
  expect_proved("x - 0.0 => x", DT_F16);
  expect_proved("x * 2.0 => x + x", DT_F32);
}

static void test_integer_wraparound(void **state) {
  (void)state;
  expect_refuted("(x + 1) > x => true", DT_I8); /* x = 127 */
  expect_refuted("(x + 1) > x => true", DT_U32);
  expect_refuted("x * c < y * c => x < y where c > 0", DT_I16);
  expect_refuted("-x < 0 => 0 < x", DT_I32); /* x = MIN */
  /* With the guard that rules the wrap out, proved. */
  expect_proved("(x + 1) > x => true where vmax(x) < 127", DT_I8);
  expect_proved("x * c < y * c => x < y where c > 0 && no_overflow(x * c) && no_overflow(y * c)", DT_I8);
  expect_proved("-x < 0 => 0 < x where no_overflow(-x)", DT_I32);
}

static void test_division_mutants(void **state) {
  (void)state;
  expect_refuted("x % c => x", DT_I32);
  expect_refuted("x % c => x where c > 0 && vmin(x) >= 0", DT_I32);   /* the upper bound is missing */
  expect_refuted("x % c => x where c > 0 && vmax(x) < c", DT_I8);     /* the lower bound is missing */
  expect_proved("x % c => x where c > 0 && vmin(x) >= 0 && vmax(x) < c", DT_I32);
  expect_refuted("(x * y) // y => x", DT_I32);                        /* wraps: 2^30 * 4 */
  expect_refuted("(x * y) // y => x", DT_U8);
  expect_proved("(x * y) // y => x where no_overflow(x * y)", DT_I8);
  expect_refuted("(x * c) // c => x where c != 0", DT_I16);
  expect_proved("(x * c) // c => x where c != 0 && no_overflow(x * c)", DT_I8);
  expect_refuted("x // c * c => x where c != 0", DT_I8);
  /* tmod takes the dividend's sign, so negating the divisor changes nothing... */
  expect_refuted("tmod(x, 0 - c) => 0 - tmod(x, c)", DT_I8);
  expect_proved("tmod(x, 0 - c) => tmod(x, c) where c > 0", DT_I8);
  /* ...while tdiv's quotient changes sign: proved, except at c = MIN, where 0 - c wraps to c. */
  expect_proved("tdiv(x, 0 - c) => 0 - tdiv(x, c) where c > 0", DT_I8);
  expect_refuted("tdiv(x, 0 - c) => 0 - tdiv(x, c)", DT_I8);
  /* And floor division is not truncation: (0 - 2) // 4 is -1. */
  expect_refuted("(a - 2) // 4 => 0 where vmin(a) >= 0 && vmax(a) <= 5", DT_I32);
  expect_proved("tdiv(a - 2, 4) => 0 where vmin(a) >= 0 && vmax(a) <= 5", DT_I32);
  expect_proved("tdiv(a - 2, 4) => 0 where vmin(a) >= 0 && vmax(a) <= 5", DT_I8);
  expect_refuted("tdiv(a - 2, 4) => 0 where vmin(a) >= 0 && vmax(a) <= 5", DT_U8); /* 0 - 2 wraps */
  expect_refuted("(a - 2) % 4 => a - 2 where vmin(a) >= 0 && vmax(a) <= 5", DT_I32);
  expect_proved("tmod(a - 2, 4) => a - 2 where vmin(a) >= 0 && vmax(a) <= 5", DT_I32);
  /* Division by zero is UB in the source: the template may do anything there. */
  expect_proved("x // x => 1", DT_I32);
  expect_proved("tmod(x, x) => 0", DT_I64);
  expect_proved("x // x => 1 + 0 * (1 // x)", DT_U8);  /* UB exactly where the source is */
  expect_refuted("x * 1 => x + 0 * (1 // x)", DT_U8);  /* UB where the source is defined (x = 0) */
}

static void test_cast_mutants(void **state) {
  (void)state;
  expect_refuted("i64(i8(x)) => x", DT_COUNT); /* no free class: x is i64 */
  expect_proved("i64(i8(x)) => x where vmin(x) >= -128 && vmax(x) <= 127", DT_COUNT);
  expect_refuted("i32(u8(x)) => x where vmin(x) >= -128 && vmax(x) <= 127", DT_COUNT); /* u8 loses the sign */
  expect_proved("i8(i32(x)) => x", DT_COUNT);
  expect_refuted("f32(f64(x)) + 0.0 => x", DT_COUNT);
  expect_proved("f32(f64(x)) => x", DT_COUNT);
  expect_refuted("i32(f32(x)) => x", DT_COUNT); /* 2^24 + 1 is not an f32 */
}

static void test_heuristic_guards(void **state) {
  (void)state;
  /* order() and is_const() steer the engine but mean nothing to a proof: unsound stays unsound. */
  expect_refuted("x - y => y - x where order(x, y)", DT_I32);
  expect_refuted("x - y => 0 where order(x, y) && order(y, x)", DT_I32); /* never true in the engine */
  expect_refuted("x // y => x where is_const(y)", DT_I32);
  expect_refuted("x // y => x where is_const(y) && !is_const(y)", DT_U8);
  /* Sound rules stay provable under them. */
  expect_proved("x + y => y + x where order(x, y)", DT_I32);
  expect_proved("x * y => y * x where !is_const(x)", DT_F32);
}

static void test_undefined_guards(void **state) {
  (void)state;
  /* A guard that divides by zero is undefined and never fires; the proof may assume it defined. So a
   * rule whose guard holds only where it is undefined is vacuously proved, and the engine must not
   * fire it (test_engine checks that it does not). */
  expect_proved("x + c => x where c == 0 && 10 // c == 10 // c", DT_I32);
  expect_proved("x + c => x where !(gcd(vmin(x) * vmin(x) * (0 - 2), c) > 0)", DT_I64);
  /* Where it is defined, it counts. */
  expect_refuted("x + c => x where !(10 // c == 3)", DT_I32);
}

/* pow2(e), 2^e for 0 <= e <= 64 and undefined elsewhere: the masked shift (shr_masked_low's guard) is
 * proved, and the same guard with one power off by one is refuted, in both classes of dtype. */
static void test_pow2_guard(void **state) {
  (void)state;
  const char *ok = "(x & c1) >> c2 => x >> c2 where int(x) && c2 >= 0 && c2 < bits(x) && ((signed(x) && c1 // "
                   "pow2(c2) == -1) || (unsigned(x) && c1 // pow2(c2) == (pow2(bits(x)) - 1) // pow2(c2)))";
  expect_proved(ok, DT_I8);
  expect_proved(ok, DT_U8);
  expect_refuted("(x & c1) >> c2 => x >> c2 where int(x) && c2 >= 0 && c2 < bits(x) && c1 // pow2(c2 + 1) == -1",
                 DT_I8);
  expect_refuted("(x & c1) >> c2 => x >> c2 where c2 >= 0 && c2 < bits(x) && c1 // pow2(c2) >= (pow2(bits(x)) - 1) "
                 "// pow2(c2 + 1)",
                 DT_U8);
  /* Undefined below 0 and above 64: a guard true only there never holds. */
  expect_proved("x + c => x where c < 0 && pow2(c) >= 0", DT_I32);
  expect_proved("x + c => x where c > 64 && pow2(c) >= 0", DT_I8);
  expect_refuted("x + c => x where pow2(c) > 1", DT_I8);
}

/* ---- sound rules, admissibility, the result record ---- */

static void test_correct_rules(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof int_dtypes / sizeof int_dtypes[0]; i++) {
    expect_proved("x + 0 => x", int_dtypes[i]);
    expect_proved("x // x => 1", int_dtypes[i]);
    expect_proved("x - x => 0", int_dtypes[i]);
  }
  expect_proved("x & true => x", DT_BOOL);
  expect_proved("select(b, x, x) => x", DT_F32);
  expect_proved("(x + c1) + c2 => x + (c1 + c2)", DT_U16);
}

static void test_admissible_instances(void **state) {
  (void)state;
  const Rule *r;
  unsigned inst[64];
  Catalog *c;
  /* A guard's dtype tests decide statically: instances where it is false are not even attempted. */
  c = load_rule("x + 0 => x where float(x)", &r);
  size_t n = rule_admissible_instances(r, inst, 64);
  assert_int_equal(n, 3);
  assert_int_equal(inst[0], inst_at(r, DT_F16));
  assert_int_equal(inst[1], inst_at(r, DT_F32));
  assert_int_equal(inst[2], inst_at(r, DT_F64));
  catalog_free(c);
  c = load_rule("x + 0 => x where !float(x) && !unsigned(x)", &r);
  n = rule_admissible_instances(r, inst, 64);
  assert_int_equal(n, 5); /* i8 i16 i32 i64 index */
  for (size_t i = 0; i < n; i++) {
    uint8_t cls[RULE_MAX_ALL_CLASSES];
    rule_instance_dtypes(r, inst[i], cls);
    assert_true(dt_is_signed((DType)cls[r->slot_class[0]]));
  }
  catalog_free(c);
  c = load_rule("x + 0 => x where int(x) && float(x)", &r);
  assert_int_equal(rule_admissible_instances(r, inst, 64), 0);
  catalog_free(c);
  c = load_rule("x + 0 => x where bits(x) == 8 || index(x)", &r); /* not a dtype test alone: left open */
  assert_int_equal(rule_admissible_instances(r, inst, 64), 12);
  catalog_free(c);
  /* Increasing index order, and the count returned even beyond the capacity. */
  c = load_rule("cast(x) + 0 => cast(x) where int(x)", &r);
  n = rule_admissible_instances(r, inst, 64);
  assert_int_equal(n, 9 * 12);
  for (size_t i = 1; i < 64; i++) assert_true(inst[i - 1] < inst[i]);
  catalog_free(c);

  /* An ill-typed instance is an error, never a proof. */
  c = load_rule("x + 0 => x", &r);
  ProofResult p = verify_rule_instance(smt, r, inst_at(r, DT_BOOL));
  assert_int_equal(p.status, PROOF_ERROR);
  assert_null(p.cex);
  assert_non_null(strstr(p.reason, "ill-typed"));
  proof_result_free(&p);
  p = verify_rule_instance(smt, r, inst_at(r, DT_I16));
  assert_int_equal(p.status, PROOF_PROVED);
  assert_true(p.seconds >= 0);
  proof_result_free(&p);
  catalog_free(c);
}

/* ---- the concrete search (rule_concrete.h) ---- */

/* The search alone at dt: the counterexample found, or NULL (malloc'd). */
static char *search_at(const char *text, DType dt, ConcretePoint *point) {
  const Rule *r;
  Catalog *c = load_rule(text, &r);
  ConcreteResult cr;
  assert_true(concrete_search(r, inst_at(r, dt), NULL, 0, NULL, &cr));
  assert_true(cr.searchable);
  char *cex = cr.found ? cr.cex : NULL;
  if (cr.found && point) *point = cr.point;
  if (!cr.found) concrete_result_free(&cr);
  catalog_free(c);
  return cex;
}

/* The rule is refuted by the search at dt, its smallest counterexample's comment line starting with
 * `# counterexample: POINT`, and the case is invalid for the refinement checker. */
static void expect_search_finds(const char *text, DType dt, const char *point) {
  char *cex = search_at(text, dt, NULL);
  if (!cex) fail_msg("%s at %s: the search found no counterexample", text, dt_name(dt));
  char want[256];
  snprintf(want, sizeof want, "# counterexample: %s", point);
  printf("  %-50s at %-5s %.*s\n", text, dt_name(dt), (int)strcspn(cex, "\n"), cex);
  if (strncmp(cex, want, strlen(want))) fail_msg("%s at %s: wanted '%s', got:\n%s", text, dt_name(dt), want, cex);
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "cex.vs", cex, strlen(cex), &f, &d)) fail_msg("%d:%d: %s\n%s", d.line, d.col, d.msg, cex);
  CheckOptions co = {.exhaustive_limit = 65536};
  CheckResult cr = check_refinement(smt, &co, NULL, f.src, f.tgt);
  if (cr.verdict != CHECK_INVALID) fail_msg("%s: the case is %s:\n%s", text, check_verdict_name(cr.verdict), cex);
  check_result_free(&cr);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  free(cex);
}

static void expect_search_silent(const char *text, DType dt) {
  char *cex = search_at(text, dt, NULL);
  if (cex) fail_msg("%s at %s: the search refuted a sound rule:\n%s", text, dt_name(dt), cex);
}

static void test_search_finds(void **state) {
  (void)state;
  /* The two: Z3 left them unknown after 20 s at i32. */
  expect_search_finds("-(x // c) => (-x) // c where c > 0", DT_I32, "x = 1_i32, c = 2_i32;");
  expect_search_finds("-(x // c) => (-x) // c where c > 0", DT_I64, "x = 1_i64, c = 2_i64;");
  expect_search_finds("tdiv(x, c) * c + x % c => x", DT_I32, "x = -1_i32, c = 2_i32;");
  /* The smallest magnitudes, edges where only an edge refutes, floats, bounds, UB in the target. */
  expect_search_finds("x % c => x where c > 0", DT_I32, "x = 1_i32, c = 1_i32; source = 0_i32, target = 1_i32");
  expect_search_finds("(x + 1) > x => true", DT_I64, "x = 9223372036854775807_i64; source = false, target = true");
  expect_search_finds("(x + 1) > x => true", DT_U16, "x = 65535_u16;");
  expect_search_finds("x + 0.0 => x", DT_F32, "x = -0.0_f32; source = 0.0_f32, target = -0.0_f32");
  expect_search_finds("x * 0.0 => 0.0", DT_F64, "x = -0.0_f64; source = -0.0_f64, target = 0.0_f64");
  expect_search_finds("x % c => x where c > 0 && vmax(x) < c", DT_I16, "x = -1_i16, c = 1_i16;");
  expect_search_finds("x * 1 => x + 0 * (1 // x)", DT_U32, "x = 0_u32; source = 0_u32, target = UB");
  expect_search_finds("i32(f32(x)) => x", DT_COUNT, "x = 16777217_i32; source = 16777216_i32");
  expect_search_silent("x // y * y + x % y => x + 0 * y", DT_I8); /* where the source is defined, equal */
}

static void test_search_guards(void **state) {
  (void)state;
  /* Heuristic tests go either way, as in the proof. */
  expect_search_finds("x - y => y - x where order(x, y)", DT_I32, "x = 1_i32, y = 0_i32;");
  expect_search_finds("x // y => x where is_const(y) && !is_const(y)", DT_U8, "x = 1_u8, y = 2_u8;");
  /* A guard that divides by zero holds nowhere; where it is defined it counts. */
  expect_search_silent("x + c => x where c == 0 && 10 // c == 10 // c", DT_I32);
  expect_search_finds("x + c => x where !(10 // c == 3)", DT_I32, "x = 0_i32, c = 1_i32;");
  /* no_overflow at the point, bounds around the point. */
  expect_search_silent("(x * c) // c => x where c != 0 && no_overflow(x * c)", DT_I16);
  expect_search_finds("(x * c) // c => x where c != 0", DT_I8, "x = 64_i8, c = 2_i8;");
  /* Vector rules: a variable of n lanes is n values. */
  expect_search_finds("gep(vec(x0, x1, x2, x3), 1) => x2", DT_I32, "x0 = 0_i32, x1 = 1_i32, x2 = 0_i32, x3 = 0_i32;");
  expect_search_finds("v + bcast(1, 4) > v => bcast(true, 4)", DT_I8, "v = [");
  expect_search_silent("x % c => x where c > 0 && vmin(x) >= 0 && vmax(x) < c", DT_I64);
  expect_search_silent("(x + 1) > x => true where vmax(x) < 127", DT_I8);
  /* Sound rules: nothing to find. */
  expect_search_silent("x + 0 => x", DT_I64);
  expect_search_silent("x * 2.0 => x + x", DT_F16);
  expect_search_silent("tdiv(x, 0 - c) => 0 - tdiv(x, c) where c > 0", DT_I32);
  expect_search_silent("select(b, x, x) => x", DT_F64);
  expect_search_silent("gep(vec(x0, x1, x2, x3), 2) => x2", DT_F32);
  expect_search_silent("vec(gep(v, 0), gep(v, 1)) => v", DT_I16);
}

/* A point found at one width is tried at another, sign- or zero-extended or wrapped. */
static void test_search_seeds(void **state) {
  (void)state;
  const char *text = "tdiv(x, c) * c + x % c => x";
  ConcretePoint p;
  char *cex = search_at(text, DT_I8, &p);
  assert_non_null(cex);
  free(cex);
  const Rule *r;
  Catalog *c = load_rule(text, &r);
  ConcreteOptions o = {.seeds_only = true};
  ConcreteResult cr;
  assert_true(concrete_search(r, inst_at(r, DT_I64), &p, 1, &o, &cr));
  assert_true(cr.found);
  assert_non_null(strstr(cr.cex, "x = -1_i64, c = 2_i64"));
  concrete_result_free(&cr);
  /* With no seed and no search of its own, nothing. */
  assert_true(concrete_search(r, inst_at(r, DT_I64), NULL, 0, &o, &cr));
  assert_false(cr.found);
  catalog_free(c);
  /* Exhaustive evaluation: a proof where the domain is every assignment (no bounds read). */
  ConcreteOptions ex = {.exhaustive = (size_t)1 << 20, .exhaustive_only = true};
  c = load_rule("tdiv(x, c) * c + tmod(x, c) => x", &r);
  assert_true(concrete_search(r, inst_at(r, DT_I8), NULL, 0, &ex, &cr));
  assert_true(cr.proved);
  assert_false(cr.found);
  assert_int_equal(cr.evaluated, 65536);
  assert_true(concrete_search(r, inst_at(r, DT_I32), NULL, 0, &ex, &cr));
  assert_false(cr.proved); /* too large: nothing evaluated */
  assert_int_equal(cr.evaluated, 0);
  catalog_free(c);
  c = load_rule("x % c => x where c > 0 && vmin(x) >= 0 && vmax(x) < c", &r);
  assert_true(concrete_search(r, inst_at(r, DT_U8), NULL, 0, &ex, &cr));
  assert_false(cr.proved); /* bounds are not enumerated */
  assert_false(cr.found);
  catalog_free(c);
  /* Through verify_rule_instance: refuted by the search, no solver asked. */
  c = load_rule("-(x // c) => (-x) // c where c > 0", &r);
  ProofResult pr = verify_rule_instance(smt, r, inst_at(r, DT_I64));
  assert_int_equal(pr.status, PROOF_REFUTED);
  assert_true(pr.by_search);
  assert_true(pr.seconds < 5);
  proof_result_free(&pr);
  pr = verify_rule_instance_with(smt, r, inst_at(r, DT_I8), PROVE_SOLVER);
  assert_int_equal(pr.status, PROOF_REFUTED);
  assert_false(pr.by_search);
  proof_result_free(&pr);
  catalog_free(c);
}

/* A lemma the solver leaves unknown as one query: its guard leaves x two values, and each value is a
 * query whose products cancel (the binary-numerator lemma of the div/mod folds). Proved by cases at 16
 * and 64 bits, where no exhaustive evaluation stands in (PROVE_SOLVER), each case by the ring step
 * (without it, the cases run out of the budget); a wrong variant is still refuted. */
static void test_two_value_split(void **state) {
  (void)state;
  static const char *const text[2] = {
      "tdiv(x, c) => x * (tdiv(c2, c) - tdiv(c1, c)) + (tdiv(c1, c) - c1 * (tdiv(c2, c) - tdiv(c1, c))) "
      "where c != 0 && c1 == vmin(x) && c2 == vmax(x) && c2 == c1 + 1",
      /* Off by one in the template's constant: wrong at both values. */
      "tdiv(x, c) => x * (tdiv(c2, c) - tdiv(c1, c)) + (tdiv(c1, c) - c1 * (tdiv(c2, c) - tdiv(c1, c))) + 1 "
      "where c != 0 && c1 == vmin(x) && c2 == vmax(x) && c2 == c1 + 1"};
  /* A small budget: the whole query runs out (the parts come first: the guard ties vmin(x) and vmax(x)
   * together). Each case is one polynomial once c1, c2 and vmax(x) are replaced by what the guard
   * equates them with (rule_cases.c): without that, the 64-bit cases run out of the budget too. */
  SmtOptions o = test_smt_options(1000000u);
  SmtCtx *small = smt_new(&o);
  assert_non_null(small);
  static const DType dts[3] = {DT_I16, DT_I64, DT_U64};
  for (int k = 0; k < 2; k++) {
    const Rule *r;
    Catalog *c = load_rule_as("lemma", text[k], &r);
    for (int i = 0; i < (k == 0 ? 3 : 1); i++) {
      ProofResult p = verify_rule_instance_with(small, r, inst_at(r, dts[i]), PROVE_SOLVER);
      if (k == 0 && (p.status != PROOF_PROVED || !strstr(p.reason, "by cases")))
        fail_msg("%s at %s (%s), wanted proved by cases", proof_status_name(p.status), dt_name(dts[i]), p.reason);
      if (k == 1 && p.status != PROOF_REFUTED)
        fail_msg("%s (%s), wanted refuted", proof_status_name(p.status), p.reason);
      proof_result_free(&p);
    }
    catalog_free(c);
  }
  smt_free(small);
}

/* The ring step (rule_cases.c) proves values equal as polynomials and leaves definedness to the
 * solver: a template that names a division the pattern does not evaluate is refuted at the zero
 * divisor, though the division cancels from its value. Where the guard equates a constant with a ring
 * expression of others, the replaced sides are one polynomial: proved, and by that step. */
static void test_ring_step(void **state) {
  (void)state;
  SmtOptions o = test_smt_options(1000000u);
  SmtCtx *small = smt_new(&o);
  assert_non_null(small);
  const Rule *r;
  Catalog *c = load_rule("x + 0 * (y + z) => x + y // z - y // z", &r);
  ProofResult p = verify_rule_instance_with(small, r, inst_at(r, DT_I32), PROVE_SOLVER);
  if (p.status != PROOF_REFUTED) fail_msg("%s (%s), wanted refuted", proof_status_name(p.status), p.reason);
  proof_result_free(&p);
  catalog_free(c);
  static const char *const sums[2] = {
      "tdiv(x, y) * z * c1 + tdiv(x, y) * z * c2 => tdiv(x, y) * z * c3 where c3 == c1 + c2",
      /* The equation off by one: no polynomial identity, and refuted. */
      "tdiv(x, y) * z * c1 + tdiv(x, y) * z * c2 => tdiv(x, y) * z * c3 where c3 == c1 + c2 + 1"};
  for (int k = 0; k < 2; k++) {
    c = load_rule_as("lemma", sums[k], &r);
    /* The wrong one at a narrow width, where a counterexample is within the budget. */
    p = verify_rule_instance_with(small, r, inst_at(r, k == 0 ? DT_I64 : DT_I8), PROVE_SOLVER);
    if (k == 0 && (p.status != PROOF_PROVED || !strstr(p.reason, "one polynomial")))
      fail_msg("%s (%s), wanted proved by the ring step", proof_status_name(p.status), p.reason);
    if (k == 1 && p.status != PROOF_REFUTED) fail_msg("%s (%s), wanted refuted", proof_status_name(p.status), p.reason);
    proof_result_free(&p);
    catalog_free(c);
  }
  smt_free(small);
}

/* A remainder by a symbolic power of two: beyond the solver as one query within a small budget, easy
 * per literal power (rule_cases.c: a remainder by one is a mask). Proved by cases at the two dtypes
 * given (an unsigned and a signed one: w and w - 1 powers); a variant whose guard lets c1 miss the
 * multiple is never proved. The budget is a resource limit, so the outcome does not depend on the
 * machine: the whole query runs out of it at 32 bits already (at 1M and at 5M alike). */
static void pow2_cases_at(const DType dts[2], unsigned rlimit) {
  SmtOptions o = test_smt_options(rlimit);
  SmtCtx *small = smt_new(&o);
  assert_non_null(small);
  const Rule *r;
  Catalog *c = load_rule("(x * c1 + y) % c2 => y % c2 where c2 > 0 && is_pow2(c2) && c1 % c2 == 0", &r);
  for (int i = 0; i < 2; i++) {
    ProofResult p = verify_rule_instance_with(small, r, inst_at(r, dts[i]), PROVE_SOLVER);
    if (p.status != PROOF_PROVED || !strstr(p.reason, "power of two"))
      fail_msg("%s at %s (%s), wanted proved by cases", proof_status_name(p.status), dt_name(dts[i]), p.reason);
    proof_result_free(&p);
  }
  catalog_free(c);
  c = load_rule("(x * c1 + y) % c2 => y % c2 where c2 > 0 && is_pow2(c2) && c1 % 2 == 0", &r);
  ProofResult p = verify_rule_instance_with(small, r, inst_at(r, dts[0]), PROVE_SOLVER);
  assert_int_not_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  catalog_free(c);
  smt_free(small);
}

/* The hints a run passes from a rule's instances to its later ones (verify_run.c), with turns (a time
 * limit of 4 s: a first turn of 400 ms each). `x * c == 0` for odd c is beyond the integer encoding at
 * any limit and the bit-vector one's at once: without hints its first turn is spent in vain and the
 * result says so (bv_early); with HINT_BV_FIRST the bit-vector turn comes first and proves it before the
 * integer turn could have ended. A power-of-two remainder the first turns prove is proved by the cases
 * where HINT_CASES_FIRST puts them first. And the index twin of a proved i64 instance takes its proof at
 * once under HINT_TWIN (the lookup before the integer turn). */
static void test_turn_hints(void **state) {
  (void)state;
  SmtOptions o = {.timeout_ms = 4000};
  SmtCtx *s = smt_new(&o);
  assert_non_null(s);
  const Rule *r;
  Catalog *c = load_rule("x * c == 0 => x == 0 where int(x) && c % 2 == 1", &r);
  unsigned idx = inst_at(r, DT_I16);
  ProofResult p = verify_rule_instance_hinted(s, r, idx, PROVE_SOLVER, 0);
  assert_int_equal(p.status, PROOF_PROVED);
  assert_true(p.bv_early);
  assert_true(p.seconds >= 0.35); /* the integer turn's 400 ms */
  proof_result_free(&p);
  p = verify_rule_instance_hinted(s, r, idx, PROVE_SOLVER, HINT_BV_FIRST);
  assert_int_equal(p.status, PROOF_PROVED);
  assert_false(p.bv_early);
  assert_false(p.int_after_bv);
  assert_true(p.seconds < 0.35);
  proof_result_free(&p);
  catalog_free(c);
  c = load_rule("tmod(x * c1, c2) => 0 where c2 > 0 && is_pow2(c2) && c1 % c2 == 0", &r);
  idx = inst_at(r, DT_I8);
  p = verify_rule_instance_hinted(s, r, idx, PROVE_SOLVER, 0);
  assert_int_equal(p.status, PROOF_PROVED);
  assert_null(strstr(p.reason, "by cases"));
  proof_result_free(&p);
  p = verify_rule_instance_hinted(s, r, idx, PROVE_SOLVER, HINT_CASES_FIRST);
  if (p.status != PROOF_PROVED || !strstr(p.reason, "a constant the guard makes a power of two"))
    fail_msg("%s (%s), wanted proved by the cases put first", proof_status_name(p.status), p.reason);
  assert_false(p.cases_missed);
  proof_result_free(&p);
  catalog_free(c);
  smt_free(s);
  /* HINT_TWIN: the index instance after the i64 one looks the obligation up before the integer turn. */
  QueryCache *qc = query_cache_new();
  assert_non_null(qc);
  o.cache = qc;
  s = smt_new(&o);
  assert_non_null(s);
  c = load_rule("x * c == 0 => x == 0 where int(x) && c % 2 == 1", &r);
  p = verify_rule_instance_hinted(s, r, inst_at(r, DT_I64), PROVE_SOLVER, 0);
  assert_int_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  p = verify_rule_instance_hinted(s, r, inst_at(r, DT_INDEX), PROVE_SOLVER, HINT_TWIN);
  if (p.status != PROOF_PROVED || !strstr(p.reason, "the same obligation") || p.seconds >= 0.35)
    fail_msg("index: %s (%s) in %.3f s, wanted the i64 instance's proof at once", proof_status_name(p.status),
             p.reason, p.seconds);
  proof_result_free(&p);
  catalog_free(c);
  smt_free(s);
  query_cache_free(qc);
}

/* Unit tier: u32 and i32 (about 10 s under the sanitizers, which intercept every allocation Z3 makes). */
static void test_pow2_cases(void **state) {
  (void)state;
  static const DType dts[2] = {DT_U32, DT_I32};
  pow2_cases_at(dts, 1000000u);
}

/* Full tier: u64 and i64, the widths the cases were built for (63 and 62 powers; about three minutes
 * under the sanitizers, a few seconds in a release build). */
static void test_pow2_cases_wide(void **state) {
  (void)state;
  static const DType dts[2] = {DT_U64, DT_I64};
  pow2_cases_at(dts, 5000000u);
}

/* A variable whose literal bounds the guard pins to a few values (rule_cases.c): at 64 bits a power with
 * a symbolic base and exponent is a 64-step product the solver does not finish within a small budget;
 * with the base 0 or 1 each case folds. Proved by cases at i64 and u64; a variant whose range lets the
 * base be 2 is never proved (refuted at i8: 2^2 is not 2), and one whose guard states no narrow range gets no cases. */
static void test_few_values_cases(void **state) {
  (void)state;
  SmtOptions o = test_smt_options(1000000u);
  SmtCtx *small = smt_new(&o);
  assert_non_null(small);
  static const DType dts[2] = {DT_I64, DT_U64};
  const Rule *r;
  Catalog *c = load_rule_as("lemma", "pow(x, y) => x where int(x) && vmin(x) >= 0 && vmax(x) <= 1 && vmin(y) >= 1", &r);
  for (int i = 0; i < 2; i++) {
    ProofResult p = verify_rule_instance_with(small, r, inst_at(r, dts[i]), PROVE_SOLVER);
    if (p.status != PROOF_PROVED || !strstr(p.reason, "few literal values"))
      fail_msg("%s at %s (%s), wanted proved by cases", proof_status_name(p.status), dt_name(dts[i]), p.reason);
    proof_result_free(&p);
  }
  catalog_free(c);
  c = load_rule_as("lemma", "pow(x, y) => x where int(x) && vmin(x) >= 0 && vmax(x) <= 2 && vmin(y) >= 1", &r);
  /* A case that fails proves nothing: the instance stays open at i64 (the whole query is beyond the
   * budget) and is refuted at i8. */
  ProofResult p = verify_rule_instance_with(small, r, inst_at(r, DT_I64), PROVE_SOLVER);
  assert_int_not_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  p = verify_rule_instance_with(small, r, inst_at(r, DT_I8), PROVE_SOLVER);
  assert_int_equal(p.status, PROOF_REFUTED);
  proof_result_free(&p);
  catalog_free(c);
  /* vmin(x) <= 1 bounds the lower end from above: no range of few values, no cases. */
  c = load_rule_as("lemma", "pow(x, y) => x where int(x) && vmin(x) <= 1 && vmax(x) <= 1 && vmin(y) >= 1", &r);
  p = verify_rule_instance_with(small, r, inst_at(r, DT_I64), PROVE_SOLVER);
  assert_int_not_equal(p.status, PROOF_PROVED);
  assert_null(strstr(p.reason, "few literal values"));
  proof_result_free(&p);
  catalog_free(c);
  smt_free(small);
}

/* Cases on a product's if-then-else factor (int_solve.c): the integer encoding's truncating remainder
 * is ite(p, r - b, r) of the floor remainder r, and c2 * ite(...) hides from the factoring hints the
 * monomials the proof needs. remove_nested_tmod's integer query is open at every signed width within
 * any budget as one query; split on p, each case is a few milliseconds. A variant without the
 * divisibility (c1 a multiple of c) is not proved, and is refuted at i8. */
static void test_product_ite_cases(void **state) {
  (void)state;
  SmtOptions o = test_smt_options(2000000u);
  SmtCtx *small = smt_new(&o);
  assert_non_null(small);
  static const char *const good =
    "(m@tmod(x, c1) * c2 + y) % c => (x * c2 + y) % c where c > 0 && c1 > 0 && c1 % c == 0 && "
    "no_overflow(m * c2 + y) && no_overflow(x * c2 + y)";
  static const char *const bad =
    "(m@tmod(x, c1) * c2 + y) % c => (x * c2 + y) % c where c > 0 && c1 > 0 && "
    "no_overflow(m * c2 + y) && no_overflow(x * c2 + y)";
  static const DType dts[3] = {DT_I8, DT_I32, DT_I64};
  const Rule *r;
  Catalog *c = load_rule_as("lemma", good, &r);
  for (int i = 0; i < 3; i++) {
    ProofResult p = verify_rule_instance_with(small, r, inst_at(r, dts[i]), PROVE_INT_ONLY);
    if (p.status != PROOF_PROVED) fail_msg("at %s: %s (%s), wanted proved", dt_name(dts[i]), proof_status_name(p.status), p.reason);
    proof_result_free(&p);
  }
  catalog_free(c);
  c = load_rule_as("lemma", bad, &r);
  ProofResult p = verify_rule_instance_with(small, r, inst_at(r, DT_I32), PROVE_INT_ONLY);
  assert_int_not_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  p = verify_rule_instance_with(small, r, inst_at(r, DT_I8), PROVE_ANY);
  assert_int_equal(p.status, PROOF_REFUTED);
  proof_result_free(&p);
  catalog_free(c);
  smt_free(small);
}

/* Proof steps (rule_verify.c, prove_by_steps). The digit lemma of fold_divmod_chain_split, whose
 * nested quotient the solvers take seconds to take apart (docs/rules.md, "Proof steps"), is proved by
 * its two steps and what is left, and the proof says so. A wrong step proves nothing: the instance is then proved as it
 * stands, so a wrong rule with a wrong step is refuted. And a variable the pattern reads only in a
 * select branch may be UB in a step's obligation too, where the step's own term does not name it: the
 * step 0 => x * 0 of select(b, x, 0) is wrong where x is UB, and so is the rule. */
static void test_proof_steps(void **state) {
  (void)state;
  SmtOptions o = test_smt_options(2000000u);
  SmtCtx *small = smt_new(&o);
  assert_non_null(small);
  static const char *const lemma =
      "(x1 + x2 // c1 + z * 16) % 16 + (x1 * c1 + x2) // c3 * 16 => x1 + x2 // c1 "
      "where c1 > 0 && c3 == c1 * 16 && vmin(x2) >= 0 && no_overflow(x1 * c1 + x2) && no_overflow(x1 + x2) "
      "&& no_overflow(x1 + z * 16 + x2)";
  char text[1024];
  snprintf(text, sizeof text, "%s by (x1 * c1 + x2) // c3 => (x1 * c1 + x2) // c1 // 16 by (x1 * c1 + x2) // c1 => x1 + x2 // c1",
           lemma);
  const Rule *r;
  Catalog *c = load_rule_as("lemma", text, &r);
  static const DType dts[2] = {DT_I32, DT_U64};
  for (int i = 0; i < 2; i++) {
    ProofResult p = verify_rule_instance_with(small, r, inst_at(r, dts[i]), PROVE_SOLVER);
    if (p.status != PROOF_PROVED || !strstr(p.reason, "by 2 proof steps"))
      fail_msg("at %s: %s (%s), wanted proved by the steps", dt_name(dts[i]), proof_status_name(p.status), p.reason);
    proof_result_free(&p);
  }
  catalog_free(c);
  c = load_rule("(x + 1) // c => x // c + 1 where c > 0 by (x + 1) // c => x // c + 1", &r);
  ProofResult p = verify_rule_instance_with(small, r, inst_at(r, DT_I8), PROVE_SOLVER);
  assert_int_equal(p.status, PROOF_REFUTED);
  if (!strstr(p.step_note, "proof step 1 refuted: ") || !strstr(p.step_note, "-->"))
    fail_msg("step note '%s', wanted the step's refutation with its case", p.step_note);
  proof_result_free(&p);
  catalog_free(c);
  c = load_rule("select(b, x, 0) => select(b, x, x * 0) by 0 => x * 0", &r);
  p = verify_rule_instance_with(small, r, inst_at(r, DT_I8), PROVE_SOLVER);
  if (p.status == PROOF_PROVED) fail_msg("proved (%s): a step took x as always defined", p.reason);
  proof_result_free(&p);
  catalog_free(c);
  smt_free(small);
}

/* Twin instances (rule_verify.c): with a query cache, an index instance whose bit-vector query is its
 * i64 instance's up to names takes that instance's proof, and says so; a refutation is found again, with
 * a counterexample of its own. */
static void test_twin_instances(void **state) {
  (void)state;
  QueryCache *qc = query_cache_new();
  assert_non_null(qc);
  SmtOptions o = test_smt_options(5000000u);
  o.cache = qc;
  SmtCtx *s = smt_new(&o);
  assert_non_null(s);
  const Rule *r;
  Catalog *c = load_rule("(x ^ y) ^ y => x", &r);
  ProofResult p = verify_rule_instance_with(s, r, inst_at(r, DT_I64), PROVE_SOLVER);
  assert_int_equal(p.status, PROOF_PROVED);
  assert_null(strstr(p.reason, "same obligation"));
  proof_result_free(&p);
  p = verify_rule_instance_with(s, r, inst_at(r, DT_INDEX), PROVE_SOLVER);
  if (p.status != PROOF_PROVED || !strstr(p.reason, "the same obligation"))
    fail_msg("index: %s (%s), wanted the i64 instance's proof", proof_status_name(p.status), p.reason);
  proof_result_free(&p);
  /* Signedness does not enter ^: u64 is the same obligation too. Another width is another one. */
  p = verify_rule_instance_with(s, r, inst_at(r, DT_U64), PROVE_SOLVER);
  assert_int_equal(p.status, PROOF_PROVED);
  assert_non_null(strstr(p.reason, "the same obligation"));
  proof_result_free(&p);
  p = verify_rule_instance_with(s, r, inst_at(r, DT_U32), PROVE_SOLVER);
  assert_int_equal(p.status, PROOF_PROVED);
  assert_null(strstr(p.reason, "same obligation"));
  proof_result_free(&p);
  catalog_free(c);
  c = load_rule("(x ^ y) ^ x => x", &r);
  for (int i = 0; i < 2; i++) {
    p = verify_rule_instance_with(s, r, inst_at(r, i ? DT_INDEX : DT_I64), PROVE_SOLVER);
    assert_int_equal(p.status, PROOF_REFUTED);
    assert_non_null(p.cex);
    assert_non_null(strstr(p.cex, i ? "index" : "i64"));
    proof_result_free(&p);
  }
  catalog_free(c);
  smt_free(s);
  query_cache_free(qc);
}

/* A lane of a 16-lane float-to-int cast: the vector's definedness is every lane's, but only lane 3's
 * bears on the goal (src/smt/slice.c), so the query without the other fifteen conversions decides it.
 * A wrong lane is still refuted: the sliced query is sat, and the whole query gives the model. */
static unsigned inst_cast(const Rule *r, DType from, DType to) {
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  for (int i = 0; i < r->nclasses; i++) class_dt[i] = r->class_fixed[i];
  assert_int_equal(r->nfree, 2);
  int x = 0;
  while (x < r->nslots && strcmp(r->slot_names[x], "x")) x++;
  assert_true(x < r->nslots);
  for (int i = 0; i < r->nfree; i++)
    class_dt[r->free_class[i]] = (uint8_t)(r->free_class[i] == r->slot_class[x] ? from : to);
  return rule_instance_index(r, class_dt);
}

static void test_vector_slice(void **state) {
  (void)state;
  const Rule *r;
  Catalog *c = load_rule("gep(cast(lanes(x, 16)), 3) => cast(gep(x, 3))", &r);
  ProofResult p = verify_rule_instance_with(smt, r, inst_cast(r, DT_F64, DT_I64), PROVE_SOLVER);
  if (p.status != PROOF_PROVED) fail_msg("%s (%s), wanted proved", proof_status_name(p.status), p.reason);
  proof_result_free(&p);
  catalog_free(c);
  c = load_rule("gep(cast(lanes(x, 16)), 3) => cast(gep(x, 4))", &r);
  p = verify_rule_instance_with(smt, r, inst_cast(r, DT_F64, DT_I64), PROVE_SOLVER);
  if (p.status != PROOF_REFUTED) fail_msg("%s (%s), wanted refuted", proof_status_name(p.status), p.reason);
  assert_non_null(p.cex);
  proof_result_free(&p);
  catalog_free(c);
}

/* The search must not refute any instance of the built-in catalog (every one is proved or unknown):
 * its guard semantics may be no looser than the proof's. Small budgets: the ordered edge values and a
 * few random points per instance. */
/* The lane lemmas of the GEP folds (lemmas_vector.rules): 10,349 vector instances, more than the rest of
 * the catalog together; the unit tier searches each at its first instance, the full tier at all. */
static bool lane_lemma(const Rule *r) { return r->is_lemma && r->vector && r->file && strstr(r->file, "lemmas_vector"); }

static void search_catalog(bool all_lane_instances, size_t want) {
  Catalog *c = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(c, &d));
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  assert_non_null(inst);
  ConcreteOptions o = {.ordered = 150, .points = 50, .exhaustive = 256};
  size_t searched = 0;
  for (size_t i = 0; i < catalog_rule_count(c); i++) {
    const Rule *r = catalog_rule(c, i);
    size_t n = rule_admissible_instances(r, inst, RULE_INSTANCES);
    if (!all_lane_instances && lane_lemma(r) && n > 1) n = 1;
    for (size_t k = 0; k < n; k++) {
      ConcreteResult cr;
      assert_true(concrete_search(r, inst[k], NULL, 0, &o, &cr));
      if (cr.found) fail_msg("built-in rule %s refuted by the search:\n%s", r->name, cr.cex);
      searched += cr.searchable;
    }
  }
  printf("  %zu built-in instances searched, none refuted\n", searched);
  assert_true(searched > want); /* vector rules included */
  free(inst);
  catalog_free(c);
}

static void test_search_catalog_silent(void **state) {
  (void)state;
  search_catalog(false, 6500);
}

static void test_search_catalog_silent_all(void **state) {
  (void)state;
  search_catalog(true, 16000);
}

/* Vacuity: can an instance fire at all? */
static Vacuity vacuity_of(const char *text, DType dt) {
  const Rule *r;
  Catalog *c = load_rule(text, &r);
  Vacuity v = rule_instance_vacuity(smt, r, inst_at(r, dt));
  catalog_free(c);
  return v;
}

static void test_vacuity(void **state) {
  (void)state;
  assert_int_equal(vacuity_of("x + 0 => x", DT_I32), VAC_FIRES);
  assert_int_equal(vacuity_of("x + c => x where c > 0 && c < 0", DT_I32), VAC_GUARD);
  assert_int_equal(vacuity_of("x + c => x where c > 0 && c < 0", DT_U8), VAC_GUARD);
  assert_int_equal(vacuity_of("x // 0 => x", DT_I64), VAC_UB);
  assert_int_equal(vacuity_of("(x // y) + y => x where vmax(y) <= 0 && vmin(y) >= 0", DT_I16), VAC_UB);
  /* The search finds no witness in its few hundred points; the solver does. */
  assert_int_equal(vacuity_of("x + c => x where c == 1234567 && vmin(x) == 7654321", DT_I64), VAC_FIRES);
  assert_int_equal(vacuity_of("gep(vec(x0, x1), 0) => x0", DT_I32), VAC_FIRES);
}

/* Suggested guards (rule_suggest.h): for a wrong rule, the suggestion is a rule that, parsed again on its
 * own, the verifier proves at every admissible instance, with the original guard kept; a rule no guard
 * of the vocabulary repairs gets none and a reason. */
static void check_suggestion(const char *text, const char *must_contain) {
  const Rule *r;
  Catalog *c = load_rule(text, &r);
  SuggestOptions so = {.smt = test_smt_options(0)};
  Suggestion sg;
  assert_true(rule_suggest_guard(r, &so, &sg));
  if (!sg.found) fail_msg("no guard for %s: %s", text, sg.why);
  assert_non_null(strstr(sg.text, must_contain));
  assert_true(sg.proofs >= 1 && sg.candidates >= sg.proofs);
  /* The suggestion, parsed afresh, is proved wherever it is admissible. */
  char buf[1024];
  snprintf(buf, sizeof buf, "family identity\n%s\n", sg.text);
  Catalog *c2 = catalog_new();
  VsDiag d;
  if (!catalog_load_text(c2, "suggested.rules", buf, strlen(buf), &d)) fail_msg("%s: %s", buf, d.msg);
  const Rule *r2 = catalog_rule(c2, 0);
  unsigned inst[64];
  size_t n = rule_admissible_instances(r2, inst, 64);
  assert_true(n > 0);
  for (size_t i = 0; i < n; i++) {
    ProofResult p = verify_rule_instance(smt, r2, inst[i]);
    if (p.status != PROOF_PROVED) fail_msg("%s not proved at %u: %s", sg.text, inst[i], p.reason);
    proof_result_free(&p);
  }
  catalog_free(c2);
  suggestion_free(&sg);
  catalog_free(c);
}

static void test_suggest(void **state) {
  (void)state;
  /* Wrong for negative x (truncation vs floor) and where x * c1 wraps: a guard on the sign of x or on
   * the constants and the overflow. The original guard stays in front. */
  check_suggestion("x >> 1 => tdiv(x, 2) where int(x)", "where int(x) && ");
  check_suggestion("tdiv(x, c) * c + x % c => x", " where ");
  check_suggestion("x - y < 0 => x < y", "no_overflow(x - y)");
  /* select(b, x, false) is b && x only for bools: nothing in the vocabulary helps a bool-only rule. */
  const Rule *r;
  Catalog *c = load_rule("select(b, x, false) => b & x", &r);
  SuggestOptions so = {.smt = test_smt_options(0)};
  Suggestion sg;
  assert_true(rule_suggest_guard(r, &so, &sg));
  assert_false(sg.found);
  assert_null(sg.text);
  assert_true(sg.why[0] != 0);
  suggestion_free(&sg);
  catalog_free(c);
}

static void test_status_names(void **state) {
  (void)state;
  assert_string_equal(proof_status_name(PROOF_PROVED), "proved");
  assert_string_equal(proof_status_name(PROOF_REFUTED), "refuted");
  assert_string_equal(proof_status_name(PROOF_UNKNOWN), "unknown");
  assert_string_equal(proof_status_name(PROOF_ERROR), "error");
}

/* No-signed-overflow rules (docs/rules.md): a rule that holds only without overflow is proved on
 * marked ops and refuted on plain ones; a template may not claim a mark its source does not guarantee
 * (the proof sees the template's mark: the target would be UB where the source wraps); Euclidean
 * division as Halide defines it. */
static void test_nsw_rules(void **state) {
  (void)state;
  static const DType sdt[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_INDEX};
  for (size_t i = 0; i < sizeof sdt / sizeof sdt[0]; i++) {
    expect_proved("nsw(x + 1) > x => true where signed(x)", sdt[i]);
    expect_refuted("x + 1 > x => true where signed(x)", sdt[i]);
    expect_refuted("x + y - y => nsw(x + y) - y", sdt[i]);
    expect_proved("nsw(x + y) - y => x", sdt[i]);
    expect_proved("nsw(x * 2) // 2 => x where signed(x)", sdt[i]);
    expect_refuted("(x * 2) // 2 => x where signed(x)", sdt[i]);
    expect_proved("nsw(x + y) => nsw(y + x)", sdt[i]);
  }
  /* At an unsigned instance the mark means nothing: the rule is the plain one, refuted. */
  expect_refuted("nsw(x + 1) > x => true", DT_U8);
  for (size_t i = 0; i < sizeof int_dtypes / sizeof int_dtypes[0]; i++) {
    expect_proved("ediv(x, c0) * c0 + emod(x, c0) => x where c0 != 0", int_dtypes[i]);
    expect_refuted("ediv(x, c0) * c0 + emod(x, c0) => x", int_dtypes[i]); /* c0 = 0: 0, not x */
    expect_proved("emod(x, 0) => 0", int_dtypes[i]);
  }
  expect_proved("ediv(x, -1) => -x", DT_I8);
  expect_refuted("emod(x, c0) => x % c0 where c0 != 0", DT_I8); /* a negative c0 */
  expect_proved("emod(x, c0) => x % c0 where c0 > 0", DT_I8);
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_float_identities),
    cmocka_unit_test(test_integer_wraparound),
    cmocka_unit_test(test_division_mutants),
    cmocka_unit_test(test_cast_mutants),
    cmocka_unit_test(test_heuristic_guards),
    cmocka_unit_test(test_undefined_guards),
    cmocka_unit_test(test_pow2_guard),
    cmocka_unit_test(test_pow2_cases),
    cmocka_unit_test(test_turn_hints),
    cmocka_unit_test(test_few_values_cases),
    cmocka_unit_test(test_product_ite_cases),
    cmocka_unit_test(test_two_value_split),
    cmocka_unit_test(test_proof_steps),
    cmocka_unit_test(test_ring_step),
    cmocka_unit_test(test_twin_instances),
    cmocka_unit_test(test_vector_slice),
    cmocka_unit_test(test_correct_rules),
    cmocka_unit_test(test_nsw_rules),
    cmocka_unit_test(test_admissible_instances),
    cmocka_unit_test(test_search_finds),
    cmocka_unit_test(test_search_guards),
    cmocka_unit_test(test_search_seeds),
    cmocka_unit_test(test_search_catalog_silent),
    cmocka_unit_test(test_vacuity),
    cmocka_unit_test(test_suggest),
    cmocka_unit_test(test_status_names),
  };
  /* The full tier (TEST_RUN_TIERS, with this group's solver): proofs that take minutes under the
   * sanitizers, and the concrete search at every instance of the lane lemmas. */
  const struct CMUnitTest full[] = {
    cmocka_unit_test(test_pow2_cases_wide),
    cmocka_unit_test(test_search_catalog_silent_all),
  };
  if (test_full_tier(argc, argv)) return cmocka_run_group_tests_name("full", full, group_setup, group_teardown);
  return cmocka_run_group_tests_name("unit", tests, group_setup, group_teardown);
}
