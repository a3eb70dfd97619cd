/* test_power_nsw.c: the built-in catalog's no-signed-overflow rules (docs/rules.md, "No-signed-overflow
 * rules"), with its proof ledger. Each fires on marked ops at a narrow and a wide signed dtype (the result
 * is the expected expression, and the trace names the rule), and not on the same expression unmarked,
 * where the wrapping form is false (the trace does not name it); a `semantics nsw` file gets the same
 * simplifications as explicit marks, and its unsigned ops (never marked) do not. Every output is checked
 * against its input with Z3 (refinement), under the unit tier's deterministic resource limit. */
#include "power_support.h"

static const char *I8 = "x: i8\ny: i8\nz: i8";
static const char *I32 = "x: i32\ny: i32\nz: i32";
static const char *I64 = "x: i64\ny: i64\nz: i64";
static const char *IDX = "x: index\ny: index\nz: index";
static const char *U8 = "x: u8\ny: u8\nz: u8";

/* The families' loops run at i8 and i32 in the unit tier, and at index and i64 too in the full tier
 * (--full): each case costs Z3 a refinement check, and at 64 bits under the unit tier's resource limit
 * that is seconds. */
static int ndtypes = 2;

/* Cancelling a common term or an offset across a comparison: exact only where nothing wraps (at i8,
 * x + 1 < y + 1 is false for x = 0, y = 127). */
static void test_cmp_offset(void **state) {
  (void)state;
  const char *d[] = {I8, I32, IDX, I64};
  for (int i = 0; i < ndtypes; i++) {
    FIRES(d[i], "nsw(x + z) < nsw(y + z)", "x < y", "lt_add_both_nsw");
    FIRES(d[i], "nsw(z + x) <= nsw(y + z)", "x <= y", "le_add_both_nsw");
    FIRES(d[i], "nsw(x - z) < nsw(y - z)", "x < y", "lt_sub_both_nsw");
    FIRES(d[i], "nsw(z - x) < nsw(z - y)", "y < x", "lt_sub_left_nsw");
    FIRES(d[i], "nsw(x - y) < 0", "x < y", "sub_lt_zero_nsw");
    FIRES(d[i], "0 < nsw(x - y)", "y < x", "zero_lt_sub_nsw");
    FIRES(d[i], "nsw(x + 5) < 12", "x < 7", "lt_add_const_nsw");
    FIRES(d[i], "nsw(x + 5) <= 12", "x <= 7", "le_add_const_nsw");
    FIRES(d[i], "3 < nsw(x + 5)", "-2 < x", "const_lt_add_nsw");
    FIRES(d[i], "nsw(x + 1) > x", "true", "lt_self_add_nsw");
    FIRES(d[i], "x < nsw(x + y)", "0 < y", "lt_self_add_nsw");
    FIRES(d[i], "nsw(x + y) <= x", "y <= 0", "add_le_self_nsw");
    FIRES(d[i], "nsw(-x) < nsw(-y)", "y < x", "lt_neg_nsw");
    NEVER(d[i], "x + z < y + z", "lt_add_both_nsw");
    NEVER(d[i], "x - y < 0", "sub_lt_zero_nsw");
    NEVER(d[i], "x + 1 > x", "lt_self_add_nsw");
    NEVER(d[i], "-x < -y", "lt_neg_nsw");
  }
  /* The moved constant must fit: at i8, 12 - -120 does not. */
  NEVER(I8, "nsw(x + -120) < 12", "lt_add_const_nsw");
  /* A subtraction of a constant keeps its mark as an addition, so the offset still moves across. */
  FIRES(I8, "nsw(x - 2) < 3", "x < 5", "lt_add_const_nsw");
  FIRES(I64, "nsw(x - 2) < 3", "x < 5", "sub_to_add_const_nsw");
  /* x - MIN is not x + MIN: the mark is dropped with the rewrite. */
  NEVER(I8, "nsw(x - -128) < 3", "sub_to_add_const_nsw");
}

/* A positive scale cancels from an order, any non-zero one from an equality; a scaled term against a
 * constant bounds the unscaled one. */
static void test_cmp_scale(void **state) {
  (void)state;
  const char *d[] = {I8, I32, IDX, I64};
  for (int i = 0; i < ndtypes; i++) {
    FIRES(d[i], "nsw(x * 4) < nsw(y * 4)", "x < y", "lt_mul_pos_nsw");
    FIRES(d[i], "nsw(x * 4) <= nsw(y * 4)", "x <= y", "le_mul_pos_nsw");
    FIRES(d[i], "nsw(x * 4) < 10", "x < 3", "lt_mul_const_nsw");
    FIRES(d[i], "nsw(x * 4) <= 10", "x <= 2", "le_mul_const_nsw");
    FIRES(d[i], "10 < nsw(x * 4)", "2 < x", "const_lt_mul_nsw");
    FIRES(d[i], "nsw(x * 4) == 12", "x == 3", "eq_mul_const_nsw");
    FIRES(d[i], "nsw(x * 4) == 10", "false", "eq_mul_const_off_nsw");
    NEVER(d[i], "x * 4 < y * 4", "lt_mul_pos_nsw");
    NEVER(d[i], "x * 4 < 10", "lt_mul_const_nsw");
    NEVER(d[i], "x * 4 == 12", "eq_mul_const_nsw");
    NEVER(d[i], "x * 4 == 10", "eq_mul_const_off_nsw");
  }
  /* A negative scale flips an order: not this rule. */
  NEVER(I8, "nsw(x * -4) < nsw(y * -4)", "lt_mul_pos_nsw");
}

/* Division and remainder of scaled sums by the scale: the floor division of x * 4 + y by 4 is x + y // 4
 * where the sum is exact (at i8, x = 32, y = 0 wraps x * 4 to -128). A divisor that is no power of two is
 * tested at i8 only (exhaustively; at i64 the refinement check of a division by 3 is beyond the unit
 * tier's resource limit), and a remainder by a power of two is not: mod_add_mul_pow2 holds under
 * wraparound and comes first. */
static void test_divmod(void **state) {
  (void)state;
  const char *d[] = {I8, I32, IDX, I64};
  for (int i = 0; i < ndtypes; i++) {
    FIRES(d[i], "nsw(nsw(x * 4) + y) // 4", "nsw(x + y // 4)", "div_add_mul_nsw");
    FIRES(d[i], "nsw(nsw(x * 8) + y) // 4", "nsw(nsw(x * 2) + y // 4)", "div_add_mul_nsw");
    FIRES(d[i], "nsw(x * 4) // 4", "x", "div_mul_cancel_nsw");
    FIRES(d[i], "nsw(x * 8) // 4", "nsw(x * 2)", "div_fold_mul_nsw");
    FIRES(d[i], "nsw(x + 8) // 4", "nsw(x // 4 + 2)", "div_add_const_nsw");
    NEVER(d[i], "(x * 8 + y) // 4", "div_add_mul_nsw");
    NEVER(d[i], "(x * 4) // 4", "div_mul_cancel_nsw");
    NEVER(d[i], "(x + 8) // 4", "div_add_const_nsw");
    /* Only the sum marked: the product may wrap. */
    NEVER(d[i], "nsw(x * 8 + y) // 4", "div_add_mul_nsw");
  }
  FIRES(I8, "nsw(nsw(x * 6) + y) // 3", "nsw(nsw(x * 2) + y // 3)", "div_add_mul_nsw");
  FIRES(I8, "nsw(nsw(x * 6) + y) % 3", "y % 3", "mod_add_mul_nsw");
  FIRES(I8, "nsw(x * 6) // 6", "x", "div_mul_cancel_nsw");
  FIRES(I8, "nsw(x * 6) // 3", "nsw(x * 2)", "div_fold_mul_nsw");
  FIRES(I8, "nsw(x * 6) % 3", "x - x", "mod_mul_multiple_nsw");
  FIRES(I8, "nsw(x + 6) % 3", "x % 3", "mod_add_const_nsw");
  NEVER(I8, "(x * 6 + y) % 3", "mod_add_mul_nsw");
  NEVER(I8, "nsw(x * 6 + y) % 3", "mod_add_mul_nsw");
  NEVER(I8, "(x * 6) % 3", "mod_mul_multiple_nsw");
  NEVER(I8, "(x + 6) % 3", "mod_add_const_nsw");
  /* A variable divisor known positive. */
  FIRES("x: i8\ny: i8 in [1, 9]\nz: i8", "nsw(nsw(x * y) + z) // y", "nsw(x + z // y)", "div_var_factor_nsw");
  FIRES("x: i8\ny: i8 in [1, 9]\nz: i8", "nsw(nsw(x * y) + z) % y", "z % y", "mod_var_factor_nsw");
  NEVER("x: i8\ny: i8 in [1, 9]\nz: i8", "(x * y + z) // y", "div_var_factor_nsw");
}

/* A common offset or a scale out of a min or max. */
static void test_minmax(void **state) {
  (void)state;
  const char *d[] = {I8, I32, IDX, I64};
  for (int i = 0; i < ndtypes; i++) {
    FIRES(d[i], "min(nsw(x + 3), nsw(y + 3))", "nsw(min(x, y) + 3)", "min_add_common_nsw");
    FIRES(d[i], "max(nsw(x + z), nsw(z + y))", "nsw(z + max(x, y))", "max_add_common_nsw");
    FIRES(d[i], "min(x, nsw(x + 3))", "x", "min_add_self_nsw");
    FIRES(d[i], "max(x, nsw(x + 3))", "nsw(x + 3)", "max_add_self_nsw");
    FIRES(d[i], "max(nsw(x * 4), nsw(y * 4))", "nsw(max(x, y) * 4)", "max_mul_pos_nsw");
    FIRES(d[i], "min(nsw(x * -2), nsw(y * -2))", "nsw(max(x, y) * -2)", "min_mul_neg_nsw");
    FIRES(d[i], "min(nsw(-x), nsw(-y))", "nsw(-max(x, y))", "min_neg_nsw");
    NEVER(d[i], "min(x + 3, y + 3)", "min_add_common_nsw");
    NEVER(d[i], "max(x * 4, y * 4)", "max_mul_pos_nsw");
    NEVER(d[i], "min(x, x + 3)", "min_add_self_nsw");
  }
}

/* TVM's index comparisons: offsets on both sides, an off-by-one offset as <=, a constant minus x, a
 * negative scale; and min/max of differences, an offset undone outside a max or min, and a scaled sum
 * with an offset over a multiple of the scale. */
static void test_tvm_forms(void **state) {
  (void)state;
  const char *d[] = {I8, I32, IDX, I64};
  for (int i = 0; i < ndtypes; i++) {
    FIRES(d[i], "nsw(x + 5) < nsw(y + 10)", "x < nsw(y + 5)", "lt_add_consts_nsw");
    FIRES(d[i], "nsw(x + 10) < nsw(y + 5)", "nsw(x + 5) < y", "lt_add_consts_r_nsw");
    FIRES(d[i], "nsw(x + 5) <= nsw(y + 10)", "x <= nsw(y + 5)", "le_add_consts_nsw");
    FIRES(d[i], "nsw(x - 3) < nsw(y - 2)", "x <= y", "lt_add_consts_one_nsw");
    FIRES(d[i], "nsw(x - 1) < y", "x <= y", "lt_dec_nsw");
    FIRES(d[i], "x < nsw(y + 1)", "x <= y", "lt_inc_nsw");
    FIRES(d[i], "nsw(x + 1) <= y", "x < y", "le_inc_nsw");
    FIRES(d[i], "1 < nsw(100 - x)", "x < 99", "const_lt_rsub_nsw");
    FIRES(d[i], "nsw(100 - x) <= 1", "99 <= x", "rsub_le_const_nsw");
    FIRES(d[i], "nsw(x * -3) < nsw(y * -3)", "y < x", "lt_mul_neg_nsw");
    FIRES(d[i], "3 <= nsw(x * -2)", "x <= -2", "const_le_mul_neg_nsw");
    FIRES(d[i], "nsw(x * -2) <= 3", "-1 <= x", "le_mul_neg_const_nsw");
    FIRES(d[i], "nsw(x * -2) <= -3", "2 <= x", "le_mul_neg_const_nsw");
    FIRES(d[i], "nsw(x * 3) != 12", "x != 4", "ne_mul_const_nsw");
    FIRES(d[i], "nsw(nsw(x * 3) + 10) != 0", "true", "ne_mul_const_off_nsw");
    FIRES(d[i], "min(nsw(3 - x), nsw(2 - x))", "nsw(2 - x)", "min_sub_common_nsw");
    FIRES(d[i], "max(nsw(y - x), nsw(z - x))", "nsw(max(y, z) - x)", "max_sub_common_nsw");
    FIRES(d[i], "min(nsw(x - y), nsw(x - z))", "nsw(x - max(y, z))", "min_rsub_common_nsw");
    FIRES(d[i], "nsw(max(x, nsw(y - 10)) + 10)", "max(y, nsw(x + 10))", "max_add_cancel_nsw");
    FIRES(d[i], "nsw(min(x, nsw(y + 2)) + -2)", "min(y, nsw(x + -2))", "min_add_cancel_nsw");
    FIRES(d[i], "nsw(nsw(x * 8) + 39) // 16", "nsw(x // 2 + 2)", "div_mul_add_const_nsw");
    FIRES(d[i], "nsw(nsw(x * 8) + -9) // 16", "nsw(x // 2 + -1)", "div_mul_add_const_nsw");
    NEVER(d[i], "x + 5 < y + 10", "lt_add_consts_nsw");
    NEVER(d[i], "x - 1 < y", "lt_dec_nsw");
    NEVER(d[i], "x < y + 1", "lt_inc_nsw");
    NEVER(d[i], "1 < 100 - x", "const_lt_rsub_nsw");
    NEVER(d[i], "x * -3 < y * -3", "lt_mul_neg_nsw");
    NEVER(d[i], "3 <= x * -2", "const_le_mul_neg_nsw");
    NEVER(d[i], "x * 3 + 10 != 0", "ne_mul_const_off_nsw");
    NEVER(d[i], "min(3 - x, 2 - x)", "min_sub_common_nsw");
    NEVER(d[i], "max(x, y - 10) + 10", "max_add_cancel_nsw");
    NEVER(d[i], "(x * 8 + 39) // 16", "div_mul_add_const_nsw");
  }
  /* y + (c2 - c1) could overflow where y + c2 does not when c1 < 0; the offsets stay. */
  NEVER(I8, "nsw(x + -3) < nsw(y + 5)", "lt_add_consts_nsw");
  /* min(x, y - c) + c with c > 0: x + c may overflow where the source does not. */
  NEVER(I8, "nsw(min(x, nsw(y + -10)) + 10)", "min_add_cancel_nsw");
}

/* The mirror forms of the rules above (<= for <, max for min, the other side of the comparison), at i8,
 * and at i32 and i64 in the full tier (the tests above cover index there). */
static void test_mirrors(void **state) {
  (void)state;
  const char *d[] = {I8, I32, I64};
  for (int i = 0; i < ndtypes - 1; i++) {
    FIRES(d[i], "nsw(x + y) < x", "y < 0", "add_lt_self_nsw");
    FIRES(d[i], "nsw(y + x)", "nsw(x + y)", "add_swap_nsw");
    FIRES(d[i], "nsw(y * x)", "nsw(x * y)", "mul_swap_nsw");
    FIRES(d[i], "3 <= nsw(x + 5)", "-2 <= x", "const_le_add_nsw");
    FIRES(d[i], "10 <= nsw(x * 4)", "3 <= x", "const_le_mul_nsw");
    FIRES(d[i], "1 <= nsw(100 - x)", "x <= 99", "const_le_rsub_nsw");
    FIRES(d[i], "nsw(100 - x) < 1", "99 < x", "rsub_lt_const_nsw");
    FIRES(d[i], "nsw(x * 4) // 8", "x // 2", "div_mul_exact_nsw");
    FIRES(d[i], "nsw(x * 4) == nsw(y * 4)", "x == y", "eq_mul_nsw");
    FIRES(d[i], "nsw(x * 4) != nsw(y * 4)", "x != y", "ne_mul_nsw");
    FIRES(d[i], "nsw(x + 10) <= nsw(y + 5)", "nsw(x + 5) <= y", "le_add_consts_r_nsw");
    FIRES(d[i], "x <= nsw(y - 1)", "x < y", "le_dec_nsw");
    FIRES(d[i], "nsw(x * -3) <= nsw(y * -3)", "y <= x", "le_mul_neg_nsw");
    FIRES(d[i], "nsw(-x) <= nsw(-y)", "y <= x", "le_neg_nsw");
    FIRES(d[i], "x <= nsw(x + y)", "0 <= y", "le_self_add_nsw");
    FIRES(d[i], "nsw(x - z) <= nsw(y - z)", "x <= y", "le_sub_both_nsw");
    FIRES(d[i], "nsw(z - x) <= nsw(z - y)", "y <= x", "le_sub_left_nsw");
    FIRES(d[i], "nsw(x - y) <= 0", "x <= y", "sub_le_zero_nsw");
    FIRES(d[i], "0 <= nsw(x - y)", "y <= x", "zero_le_sub_nsw");
    FIRES(d[i], "max(nsw(x * -2), nsw(y * -2))", "nsw(min(x, y) * -2)", "max_mul_neg_nsw");
    FIRES(d[i], "max(nsw(-x), nsw(-y))", "nsw(-min(x, y))", "max_neg_nsw");
    FIRES(d[i], "max(nsw(x - y), nsw(x - z))", "nsw(x - min(y, z))", "max_rsub_common_nsw");
    FIRES(d[i], "min(nsw(x * 4), nsw(y * 4))", "nsw(min(x, y) * 4)", "min_mul_pos_nsw");
    NEVER(d[i], "x - y <= 0", "sub_le_zero_nsw");
    NEVER(d[i], "x <= x + y", "le_self_add_nsw");
    NEVER(d[i], "x * 4 == y * 4", "eq_mul_nsw");
    NEVER(d[i], "x * -3 <= y * -3", "le_mul_neg_nsw");
    NEVER(d[i], "min(x * 4, y * 4)", "min_mul_pos_nsw");
  }
}

/* A file declared `semantics nsw` gets the rules without a mark written (TVM's index simplifications),
 * and keeps the marks through the canonical reorderings; unsigned ops stay wrapping. */
static void test_semantics_nsw(void **state) {
  (void)state;
  const char *s32 = "semantics nsw\nx: i32\ny: i32\nz: i32";
  const char *s64 = "semantics nsw\nx: i64\ny: i64\nz: i64";
  const char *d[] = {s32, s64}; /* i64 in the full tier */
  for (int i = 0; i < ndtypes - 1 && i < 2; i++) {
    FIRES(d[i], "(y + x < z + x)", "y < z", "lt_add_both_nsw");
    FIRES(d[i], "(x * 4 + y) // 4", "x + y // 4", "div_add_mul_nsw");
    FIRES(d[i], "x - 2 < 3", "x < 5", "lt_add_const_nsw");
    FIRES(d[i], "min(y + 3, x + 3)", "min(x, y) + 3", "min_add_common_nsw");
    FIRES(d[i], "x * 3 < y * 3", "x < y", "lt_mul_pos_nsw");
    FIRES(d[i], "x + 1 > x", "true", "lt_self_add_nsw");
    FIRES(d[i], "y * x + 1 + 2 < 7", "y * x < 4", "add_const_const_nsw");
  }
  FIRES("semantics nsw\nx: i8\ny: i8", "(y + x * 6) % 3", "y % 3", "mod_add_mul_nsw");
  NEVER("semantics nsw\nx: u8\ny: u8\nz: u8", "x + z < y + z", "lt_add_both_nsw");
  NEVER(U8, "(x * 4 + y) // 4", "div_add_mul_nsw");
  /* wrap(...) exempts one op. */
  NEVER(s32, "wrap(x * 4) + y < 40", "lt_mul_const_nsw");
  NEVER(s32, "wrap(x + 1) > x", "lt_self_add_nsw");
}

int main(int argc, char **argv) {
  if (test_full_tier(argc, argv)) ndtypes = 4;
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_cmp_offset),
    cmocka_unit_test(test_cmp_scale),
    cmocka_unit_test(test_divmod),
    cmocka_unit_test(test_minmax),
    cmocka_unit_test(test_tvm_forms),
    cmocka_unit_test(test_mirrors),
    cmocka_unit_test(test_semantics_nsw),
  };
  return TEST_RUN_TIERS_WITH(argc, argv, unit, unit, group_setup, group_teardown);
}
