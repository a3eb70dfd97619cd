/* test_power_cmp.c: simplification power on comparisons, booleans and selects (issue 15), with the
 * built-in catalog and its proof ledger: each family fires where it should (the result is the expected
 * expression, and the trace names the rule or fold) and not where its guard forbids (the trace does not
 * name it), at a narrow and a wide dtype, including the wraparound cases where the integer version of
 * the rule is false. Every output is checked against its input with Z3 (refinement), under the unit
 * tier's deterministic resource limit. */
#include "power_support.h"

static const char *I8 = "x: i8\ny: i8\nz: i8\nw: i8\nb0: bool\nb1: bool\nb2: bool";
static const char *I64 = "x: i64\ny: i64\nz: i64\nw: i64\nb0: bool\nb1: bool\nb2: bool";
static const char *U8 = "x: u8\ny: u8\nz: u8\nw: u8\nb0: bool\nb1: bool\nb2: bool";
static const char *IDX = "x: index\ny: index\nz: index\nw: index\nb0: bool\nb1: bool\nb2: bool";

/* Two comparisons of one atom against constants, by their intervals. */
static void test_intervals(void **state) {
  (void)state;
  const char *dts[] = {I8, I64, U8};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "x <= 1 && 2 <= x", "false", "and_le_ge_empty");
    FIRES(dts[i], "x <= 20 || 19 < x", "true", "or_le_gt_full");
    FIRES(dts[i], "x < 20 || 19 <= x", "true", "or_lt_ge_full");
    FIRES(dts[i], "x != 1 || x != 2", "true", "or_ne_ne_full");
    FIRES(dts[i], "x == 7 && x < 3", "false", "and_eq_lt_empty");
    FIRES(dts[i], "x <= 3 && x < 9", "x <= 3", "and_le_lt_imp");
  }
  /* Not where the intervals overlap. */
  NEVER(I8, "x <= 2 && 2 <= x", "and_le_ge_empty");
  NEVER(I8, "x < 19 || 19 < x", "or_lt_ge_full");
}

/* x // c and x % c pinned together; not where the window's end does not fit the dtype. */
static void test_div_mod_pairs(void **state) {
  (void)state;
  FIRES(I8, "x // 8 == 3 && x % 8 == 4", "x == 28", "and_div_mod_eq");
  FIRES(I64, "x % 8 == 4 && x // 8 == -3", "x == -20", "and_div_mod_eq");
  FIRES(I64, "x // 10 == 5 && x % 10 < 7", "50 <= x && x < 57", "and_div_mod_lt");
  FIRES(I8, "x // 10 == -5 && x % 10 <= 7", "-50 <= x && x <= -43", "and_div_mod_le");
  FIRES(IDX, "x // 10 == 5 && 7 < x % 10", "57 < x && x < 60", "and_div_mod_gt");
  FIRES(I8, "x // 10 == -5 && 7 <= x % 10", "-43 <= x && x < -40", "and_div_mod_ge");
  /* At i8, 12 * 10 + 10 = 130 does not fit: the window [120, 130) is cut by the dtype. */
  NEVER(I8, "x // 10 == 12 && 3 < x % 10", "and_div_mod_gt");
}

/* && / || chains with repeated and contradicting atoms at any depth (the Boolean step). */
static void test_bool_chains(void **state) {
  (void)state;
  const char *dts[] = {I8, I64};
  for (int i = 0; i < 2; i++) {
    FIRES(dts[i], "x < y && (b1 && (b2 && y <= x))", "false", "bool_chain");
    FIRES(dts[i], "x < y && (b1 && (b2 && x < y))", "x < y && b1 && b2", "bool_chain");
    FIRES(dts[i], "x < y && (b1 || (b2 || x < y))", "x < y", "bool_chain");
    FIRES(dts[i], "x < y && (b1 || (b2 || y <= x))", "x < y && (b1 || b2)", "bool_chain");
    FIRES(dts[i], "x == y && (b1 && (b2 && y != x))", "false", "bool_chain");
    FIRES(dts[i], "x < 3 && (b1 || (x < 5 && b2))", "x < 3 && (b1 || b2)", "bool_chain");
    FIRES(dts[i], "x <= 1 && (b0 || b1 && 2 <= x && b2)", "x <= 1 && b0", "bool_chain");
  }
  FIRES(I8,
        "(((b0 && b1 || b2 && b1 || b0 || b2 || b0 || b2) && (b0 && y < z || b2 && y < z) || b0 || b2 || b0 "
        "|| b2) && (b0 && x < y || b2 && x < y) || b0 || b2) && (b0 && b1 || b2 && b1) || b0 || b2",
        "b0 || b2", "bool_chain");
  /* Nothing to drop: the chain stays (no Boolean step). */
  NEVER(I8, "x < y && (b1 || (b2 || z < w))", "bool_chain");
}

/* At bool, a comparison stays one (it used to grow into && / || / ^ forms). */
static void test_bool_comparisons(void **state) {
  (void)state;
  const char *b = "x: bool\ny: bool";
  run(b, "x < y", "x < y", NULL);
  run(b, "x <= y", "x <= y", NULL);
  run(b, "x == y", "x == y", NULL);
}

/* Comparisons through min and max. */
static void test_minmax_cmp(void **state) {
  (void)state;
  const char *dts[] = {I8, U8, I64};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "x <= max(x, y)", "true", "le_max_self");
    FIRES(dts[i], "x < min(x, y)", "false", "lt_min_self_false");
    FIRES(dts[i], "max(x, y) <= y", "x <= y", "max_le_self");
    FIRES(dts[i], "max(x, y) < min(z, y)", "false", "max_lt_min_common");
    FIRES(dts[i], "min(y, z) <= max(y, x)", "true", "min_le_max_common");
    FIRES(dts[i], "min(z, y) < min(x, y)", "z < min(x, y)", "min_lt_min_common");
    FIRES(dts[i], "max(min(x, 5), 1) == 3", "x == 3", "max_eq_const");
  }
  FIRES(I64, "max(min(x, 5), 1) == 1", "x <= 1", "min_le_const");
  FIRES(I8, "min(x, 20) < min(x, 19)", "false", "min_lt_min_common");
  /* 1 is not strictly inside (1, 5): max(min(x, 5), 1) == 1 holds for every x <= 1. */
  NEVER(I8, "max(min(x, 5), 1) == 1", "max_eq_const");
}

/* Comparisons through floor and truncating division, and multiples below x. */
static void test_division_cmp(void **state) {
  (void)state;
  const char *dts[] = {I8, I64};
  for (int i = 0; i < 2; i++) {
    FIRES(dts[i], "3 < tdiv(x, 2)", "8 <= x", "const_lt_tdiv_nonneg");
    FIRES(dts[i], "0 <= tdiv(x, 3)", "-3 < x", "const_le_tdiv_nonpos");
    FIRES(dts[i], "1 <= tdiv(x, 2)", "2 <= x", "const_le_tdiv_pos");
    FIRES(dts[i], "tdiv(x, 2) <= 1", "x < 4", "tdiv_le_nonneg");
    FIRES(dts[i], "tdiv(x, 2) <= -1", "x <= -2", "tdiv_le_neg");
    FIRES(dts[i], "-1 < tdiv(x, 2)", "-2 < x", "const_lt_tdiv_neg");
    FIRES(dts[i], "-1 <= x // 2", "-2 <= x", "const_le_div");
    FIRES(dts[i], "x // -4 < -3", "12 < x", "lt_div_neg");
    FIRES(dts[i], "x // 4 * 4 < x", "x % 4 != 0", "floor_mult_lt_self");
    FIRES(dts[i], "x <= x // 4 * 4", "x % 4 == 0", "le_floor_mult_self");
    FIRES(dts[i], "(x + 31) % 32 == 31", "x % 32 == 0", "mod_add_eq_const");
  }
  FIRES(U8, "x // 4 * 4 < x", "x % 4 != 0", "floor_mult_lt_self");
  /* Wraparound: x // -1 wraps at the minimum (-128 // -1 == -128), so x // -1 < 3 is not -3 < x. */
  NEVER(I8, "x // -1 < 3", "lt_div_neg");
  /* x // 3 * 3 wraps at i8 (-128 // 3 * 3 == -129): it is not below x there. */
  NEVER(I8, "x // 3 * 3 < x", "floor_mult_lt_self");
  FIRES("x: i8 in [-120, 120]", "x // 3 * 3 < x", "x % 3 != 0", "floor_mult_lt_self");
  /* x + 5 wraps at i8, and 10 does not divide 256. */
  NEVER(I8, "(x + 5) % 10 == 3", "mod_add_eq_const");
  FIRES("x: i8 in [0, 100]", "(x + 5) % 10 == 3", "x % 10 == 8", "mod_add_eq_const");
}

/* A bool cast to an integer against 0 and 1. */
static void test_bool_casts(void **state) {
  (void)state;
  FIRES("a: i32", "i32(a < 2) != 0", "a < 2", "cast_bool_ne_zero");
  FIRES("a: i8", "index(a < 2) != 1", "2 <= a", "cast_bool_ne_one");
  FIRES("b: bool", "u8(b) == 0", "!b", "cast_bool_eq_zero");
  FIRES("b: bool", "i64(b) == 1", "b", "cast_bool_eq_one");
}

/* A select against a constant in a comparison. */
static void test_select_cmp(void **state) {
  (void)state;
  const char *dts[] = {I8, I64};
  for (int i = 0; i < 2; i++) {
    FIRES(dts[i], "0 < select(x < 5, 4, 0)", "x < 5", "const_lt_select_push");
    FIRES(dts[i], "select(x == 3, y, 2) == 4", "x == 3 && y == 4", "select_eq_const_then");
    FIRES(dts[i], "select(x == 3, 2, y) == 4", "x != 3 && y == 4", "select_eq_const_else");
    FIRES(dts[i], "select(x == 3, z, y) == z", "x == 3 || y == z", "select_eq_then_var");
    /* The branch may be UB where the select does not choose it (y == 0): it stays lazy. */
    NEVER(dts[i], "select(x == 3, 10 // y, 2) == 4", "select_eq_const_then");
  }
}

/* Nested selects, a branch under the outer condition, common terms, min/max of selects. */
static void test_selects(void **state) {
  (void)state;
  const char *dts[] = {I8, I64};
  for (int i = 0; i < 2; i++) {
    FIRES(dts[i], "select(b0, x, select(b1, x, y))", "select(b0 || b1, x, y)", "select_merge_or");
    FIRES(dts[i], "select(b0, select(b1, y, x), x)", "select(b0 && b1, y, x)", "select_merge_and");
    /* The inner condition may be UB where the outer one is true (y == 0): no merge. */
    NEVER(dts[i], "select(b0, x, select(10 // y < 3, x, z))", "select_merge_or");
    FIRES(dts[i], "select(x < y, z, select(x < y, w, x) + 3)", "select(x < y, z, x + 3)", "select_context");
    FIRES(dts[i], "select(x < y, select(x < y, w, x) + 3, z)", "select(x < y, w + 3, z)", "select_context");
    FIRES(dts[i], "select(x < y, z, (select(x < y, w, x) + 3) // 2)", "select(x < y, z, (x + 3) // 2)",
          "select_context");
    FIRES(dts[i], "select(x < 5, select(5 <= x, y, z) * 2, w)", "select(x < 5, z * 2, w)", "select_context");
    FIRES(dts[i], "select(x < 5 && b0, select(x < 7, y, z) - select(b0, w, y), w)", "select(x < 5 && b0, y - w, w)",
          "select_context");
    FIRES(dts[i], "select(b0, x + y, x + z)", "x + select(b0, y, z)", "select_add_common");
    FIRES(dts[i], "select(b0, x * y, z * x)", "x * select(b0, y, z)", "select_mul_common");
    FIRES(dts[i], "select(b0, x - y, x - z)", "x - select(b0, y, z)", "select_sub_common_l");
    FIRES(dts[i], "max(select(x == -1, 1, x), 6)", "max(x, 6)", "max_select_eq_const");
    FIRES(dts[i], "min(select(x == 1, -1, x), -6)", "min(x, -6)", "min_select_eq_const");
    FIRES(dts[i], "max(select(x == 17, 1, x), x)", "x", "max_select_eq_down");
    /* 7 is above the bound 6: at x == 7 the select gives 1, max(1, 6) == 6, but max(7, 6) == 7. */
    NEVER(dts[i], "max(select(x == 7, 1, x), 6)", "max_select_eq_const");
    /* Two selects of one condition, one divided by a constant (Halide's bounds cases); not where the
     * conditions differ. */
    FIRES(dts[i], "min(select(x < y, z, w), select(x < y, x, z) // 2)", "select(x < y, min(z, x // 2), min(w, z // 2))",
          "select_lift_min_div");
    FIRES(dts[i], "max(select(b0, z, w) // 4, select(b0, x, y))", "select(b0, max(x, z // 4), max(y, w // 4))",
          "select_lift_max_div");
    NEVER(dts[i], "min(select(b0, z, w), select(b1, x, z) // 2)", "select_lift_min_div");
  }
  /* Nothing in the branches is decided by the condition: no substitution. */
  NEVER(I8, "select(x < y, z, select(z < w, w, x) + 3)", "select_context");
}

/* Pairs of terms of a sum recombined in their ring context: a remainder and the next digit of its
 * quotient (divmod_split, scaled), two selects of one condition (select_lift_add). */
static void test_sum_pairs(void **state) {
  (void)state;
  const char *dts[] = {I8, U8, I64};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "x % 4 * 3 + x // 4 % 2 * 12", "x % 8 * 3", "divmod_recombine");
    FIRES(dts[i], "w + select(b0, x, 0) + select(b0, y, 1)", "w + select(b0, x + y, 1)", "select_lift_terms");
    /* Two conditions: nothing to lift. */
    NEVER(dts[i], "w + select(b0, x, 0) + select(b1, y, 1)", "select_lift_terms");
  }
  FIRES(I8, "z + x % 11 * 5 + x // 11 % 7 * 55", "z + x % 77 * 5", "divmod_recombine");
  FIRES("x: i16\nz: i16", "z + x % 11 * 5 + x // 11 % 7 * 55", "z + x % 77 * 5", "divmod_recombine");
  FIRES(I64, "x % 4 * -2 + x // 4 % 2 * -8", "x % 8 * -2", "divmod_recombine");
  /* At i8, 11 * 12 = 132 is no modulus: x % 11 + (x // 11 % 12) * 11 is not x % 132 there (the rule
   * and, scaled, the fold). */
  NEVER(I8, "x % 11 + x // 11 % 12 * 11", "divmod_split");
  NEVER(I8, "x % 11 * 3 + x // 11 % 12 * 33", "divmod_recombine");
  FIRES("x: i16", "x % 11 + x // 11 % 12 * 11", "x % 132", "divmod_split");
  /* A negative divisor recombines the same way (tinygrad's negative_div case). */
  FIRES("x: i16", "x % -3 + x // -3 % 5 * -3", "x % -15", "divmod_split");
  FIRES("x: i8", "x % -3 + x // -3 % 5 * -3", "x % -15", "divmod_split");
  FIRES("x: i16\nz: i16", "z + x % -3 * 2 + x // -3 % 5 * -6", "z + x % -15 * 2", "divmod_recombine");
  /* The digit's coefficient is not the remainder's times the divisor. */
  NEVER(I64, "x % 4 * 3 + x // 4 % 2 * 8", "divmod_recombine");
  /* x, x % c and x // c all in the sum at coefficients that do not pair: x == x % c + (x // c) * c takes
   * the remainder out (exact at every width: (x // c) * c never wraps). */
  FIRES(I8, "z + x // 8 + x % 8 - x", "z + x // 8 * -7", "divmod_recombine");
  FIRES(I64, "z + x // 8 + x % 8 - x", "z + x // 8 * -7", "divmod_recombine");
  FIRES(U8, "z + x // 8 + x % 8 - x", "z + x // 8 * 249", "divmod_recombine");
  FIRES(I8, "tdiv(x, 4) * 3 + tmod(x, 4) * 2 - x * 2", "tdiv(x, 4) * -5", "divmod_recombine");
  FIRES("x: i16", "tdiv(x, 4) * 3 + tmod(x, 4) * 2 - x * 2", "tdiv(x, 4) * -5", "divmod_recombine");
  /* Not with the remainder of another divisor, nor a floor quotient beside a truncating remainder. */
  NEVER(I8, "z + x // 8 + x % 4 - x", "divmod_recombine");
  NEVER(I64, "x // 4 * 3 + tmod(x, 4) * 2 - x * 2", "divmod_recombine");
}

/* The peer corpus's misses (issue 15): a remainder the div/mod engine rewrote recombined with its
 * quotient, power-of-two congruences, multiples through casts, truncating casts of sums, distribution
 * over a difference, the multiple of 2 above x, selects bounded by min/max, product cancellation. */
static void test_peer_families(void **state) {
  (void)state;
  /* (31*b + 1) % 18 becomes (b*-5 + 1) % 18 first; the pair still recombines where the sums are exact. */
  FIRES("b: index in [0, 100]", "(31 * b + 1) % 18 + (31 * b + 1) // 18 * 18", "b * 31 + 1", "divmod_recombine_cong");
  FIRES("b: i32 in [0, 100]", "(16 * b + 2) % 18 + (16 * b + 2) // 18 * 18", "b * 16 + 2", "divmod_recombine_cong");
  FIRES("b: i16 in [0, 100]", "(b * -5 + 1) % 18 + (b * 31 + 1) // 18 * 18", "b * 31 + 1", "divmod_recombine_cong");
  /* Without ranges the two numerators differ by -36*b modulo 2^8, which 18 does not divide. */
  NEVER("b: i8", "(b * -5 + 1) % 18 + (b * 31 + 1) // 18 * 18", "divmod_recombine_cong");
  /* Power-of-two congruence where the sum may wrap: the symbolic rule at i32 (proved at every width
   * since 5 December); the literal powers mod_pow2_add_eq_const_* where c3 - c1 wraps (1 - 3 at u8,
   * which the symbolic rule's guard excludes); not for 24. */
  FIRES("x: i32", "(x + 31) % 32 == 31", "x % 32 == 0", "mod_add_eq_const");
  FIRES("x: i32", "(x - 1) % 32 == 31", "x % 32 == 0", "mod_add_eq_const");
  FIRES("x: u8", "(x + 3) % 4 == 1", "x % 4 == 2", "mod_pow2_add_eq_const_4");
  NEVER("x: i32", "(x + 5) % 24 == 3", "mod_add_eq_const");
  /* A multiple of 4 keeps its low bits through a cast, widening or narrowing; 6 does not divide 4. */
  FIRES("z: i32", "u32(z * 4) % 4", "0_u32", "cast_mul_mod_pow2");
  FIRES("z: i16", "u8(z * 8) % 4", "0_u8", "cast_mul_mod_pow2");
  NEVER("z: i32", "u32(z * 6) % 4", "cast_mul_mod_pow2");
  /* A truncating cast takes a sum apart; a widening one does not (i16(x + y) wraps at i8). */
  FIRES("i: i64\nj: i64", "i32(i + j + 1) - i32(i)", "i32(j + 1)", "cast_trunc_sum3_sub");
  FIRES("a: i64 in [0, 42]", "i32(a % 7 * 2 + 1) + 1 - i32(a % 7 * 2)", "2_i32", "cast_trunc_sum_sub");
  NEVER("i: i8\nj: i8", "i16(i + j) - i16(i)", "cast_trunc_sum_sub");
  const char *dts[] = {I8, U8, I64};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "(x - y) * z + (y * z + w)", "x * z + w", "sub_mul_add_mul3");
    run(dts[i], "(x - y) * z + y * z", "x * z", NULL); /* add_mul_common may come first */
    FIRES(dts[i], "(x + 1) // 2 * 2 - x", "x % 2", "half_up_mul_sub");
    FIRES(dts[i], "x - (x + 1) // 2 * 2", "(x + 1) % 2 - 1", "sub_half_up_mul");
    FIRES(dts[i], "max(select(x == 0, y, min(z, w)), w)", "select(x == 0, max(w, y), w)", "max_select_min_else");
    FIRES(dts[i], "min(select(x == 0, max(z, w), y), w)", "select(x == 0, w, min(w, y))", "min_select_max_then");
    /* The other operand is not the bound inside the branch. */
    NEVER(dts[i], "max(select(x == 0, y, min(z, w)), x)", "max_select_min_else");
  }
  /* x * (y * z) // y where the product is exact; not where it may wrap. */
  FIRES("a: index in [-10, 10]\nb: index in [-10, 10]\nd: index in [1, 10]", "d * a * b * d // d", "a * (b * d)",
        "div_mul_cancel_var3");
  NEVER("a: i8\nb: i8\nd: i8 in [1, 10]", "d * a * b * d // d", "div_mul_cancel_var3");
  FIRES("a: index in [-10, 10]\nb: index in [-10, 10]\nd: index in [1, 10]\ne: index in [-10, -1]",
        "d * a * e * b * d // (d * e)", "a * (b * d)", "div_mul_cancel_var4");
  NEVER("a: i8\nb: i8\nd: i8\ne: i8", "b * e * (d * (a * d)) // (d * e)", "div_mul_cancel_var4");
  /* A multiple of d*5 leaves the division where d is positive and the sum exact; not where d may be 0. */
  FIRES("a: index in [0, 10]\nb: index in [0, 10]\nd: index in [1, 10]", "(d * a * 20 + b) // (5 * d)",
        "a * 4 + b // (d * 5)", "div_var_factor_mul");
  NEVER("a: index in [0, 10]\nb: index in [0, 10]\nd: index in [0, 10]", "(d * a * 20 + b) // (5 * d)",
        "div_var_factor_mul");
  /* Truncating division: the multiple toward zero is below x exactly where the remainder is positive. */
  FIRES(I8, "tdiv(x, 4) * 4 < x", "0 < tmod(x, 4)", "tdiv_mult_lt_self");
  FIRES("x: i16", "tdiv(x, 7) * 7 < x", "0 < tmod(x, 7)", "tdiv_mult_lt_self");
  /* An odd factor cancels from an equality with zero where the product wraps (Halide's (y + x) * 17 ==
   * (z + y) * 17 ends as x == z); an even one does not: x * 2 == 0 at i8 holds for x = -128 too. */
  FIRES("x: i8", "x * 3 == 0", "x == 0", "eq_mul_odd_zero");
  FIRES("x: u64", "x * 5 != 0", "x != 0", "ne_mul_odd_zero");
  FIRES("x: i32\ny: i32\nz: i32", "(y + x) * 17 == (z + y) * 17", "x == z", "eq_mul_odd_zero");
  NEVER("x: i8", "x * 2 == 0", "eq_mul_odd_zero");
  NEVER("x: i8", "x * -2 != 0", "ne_mul_odd_zero");
}

int main(int argc, char **argv) {
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_intervals),        cmocka_unit_test(test_div_mod_pairs),
    cmocka_unit_test(test_bool_chains),      cmocka_unit_test(test_bool_comparisons),
    cmocka_unit_test(test_minmax_cmp),       cmocka_unit_test(test_division_cmp),
    cmocka_unit_test(test_bool_casts),       cmocka_unit_test(test_select_cmp),
    cmocka_unit_test(test_selects),          cmocka_unit_test(test_sum_pairs),
    cmocka_unit_test(test_peer_families),
  };
  (void)argc;
  (void)argv;
  return cmocka_run_group_tests_name("unit", unit, group_setup, group_teardown);
}
