/* test_power_size.c: the families added for halide_bench's output size (issue 15: vsimp's output no
 * larger than Halide's), with the built-in catalog and its proof ledger. Each family fires where it
 * should (the result is the expected expression, and the trace names the rule or fold) and not where its
 * guard forbids (the trace does not name it), at narrow and wide dtypes, including the wraparound cases
 * where Halide's no-overflow version of the rewrite is false. Every output is checked against its input
 * with Z3 (refinement), under the unit tier's deterministic resource limit. */
#include "power_support.h"

static const char *I8 = "x: i8\ny: i8\nz: i8\nw: i8\nb0: bool\nb1: bool";
static const char *I64 = "x: i64\ny: i64\nz: i64\nw: i64\nb0: bool\nb1: bool";
static const char *U8 = "x: u8\ny: u8\nz: u8\nw: u8\nb0: bool\nb1: bool";

/* A last tile's extent: an offset moved into the min (max), min(x + c, y) - x => min(y - x, c), and
 * where nothing wraps; an offset on y stays with y. */
static void test_minmax_offset(void **state) {
  (void)state;
  const char *tile = "xo: i32 in [0, 127]\nn: i32 in [1, 2147483647]";
  FIRES(tile, "min(xo * 8 + 8, n) - xo * 8", "min(n - xo * 8, 8)", "min_add_sub_self");
  FIRES(tile, "max(xo * 8 + 8, n) - xo * 8", "max(n - xo * 8, 8)", "max_add_sub_self");
  FIRES(tile, "min(xo * 8 + 8, n - 2) - xo * 8", "min(n - 2 - xo * 8, 8)", "min_add_sub_self");
  FIRES(tile, "max(xo * 8 + 8, n - 1) - xo * 8", "max(n - 1 - xo * 8, 8)", "max_add_sub_self");
  FIRES(tile, "max(min(xo * 8 + 8, n) - xo * 8, 0)", "max(min(n - xo * 8, 8), 0)", "min_add_sub_self");
  FIRES("x: i8 in [0, 50]\ny: i8 in [0, 50]", "min(x + 3, y) - x", "min(y - x, 3)", "min_add_sub_self");
  FIRES("x: u8 in [0, 50]\ny: u8 in [50, 200]", "min(x + 3, y) - x", "min(y - x, 3)", "min_add_sub_self");
  FIRES("x: i64 in [-1000, 1000]\ny: i64 in [-1000, 1000]", "max(x + -3, y + 5) - x", "max(y + 5 - x, -3)",
        "max_add_sub_self");
  /* Wraparound: at i8, x + 3 wraps for x = 125 (min(-128, y) - 125 is not min(y - 125, 3)); y - x wraps
   * for y = -128, x = 1; at u8, y - x wraps below 0. */
  NEVER(I8, "min(x + 3, y) - x", "min_add_sub_self");
  NEVER("x: i8 in [0, 50]\ny: i8", "min(x + 3, y) - x", "min_add_sub_self");
  NEVER(U8, "min(x + 3, y) - x", "min_add_sub_self");
  NEVER(I64, "max(x + 7, y) - x", "max_add_sub_self");
  NEVER("x: i8 in [0, 50]\ny: i8 in [-128, 50]", "min(x + 8, y + -2) - x", "min_add_sub_self");
}

/* Two bounds against one term as one comparison with a min or max: exact at every dtype (no arithmetic),
 * so the only place they do not fire is against a constant, where min_lt_const and the like go the
 * other way (and the interval rules decide the pair). */
static void test_cmp_pairs(void **state) {
  (void)state;
  const char *dts[] = {I8, U8, I64};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "x < z && y < z", "max(x, y) < z", "and_lt_same_rhs");
    FIRES(dts[i], "x <= z && y <= z", "max(x, y) <= z", "and_le_same_rhs");
    FIRES(dts[i], "x < y && x < z", "x < min(y, z)", "and_lt_same_lhs");
    FIRES(dts[i], "z <= x && z <= y", "z <= min(x, y)", "and_le_same_lhs");
    FIRES(dts[i], "x < z || y < z", "min(x, y) < z", "or_lt_same_rhs");
    FIRES(dts[i], "x <= z || y <= z", "min(x, y) <= z", "or_le_same_rhs");
    FIRES(dts[i], "x < y || x < z", "x < max(y, z)", "or_lt_same_lhs");
    FIRES(dts[i], "x <= y || x <= z", "x <= max(y, z)", "or_le_same_lhs");
    /* The guards of a split loop: x < n - 1 && x < m - 1 is x < min(n, m) - 1 where n - 1 and m - 1 are exact. */
    FIRES(dts[i], "x < y && w < y", "max(w, x) < y", "and_lt_same_rhs");
    NEVER(dts[i], "x < 5 && y < 5", "and_lt_same_rhs");
    NEVER(dts[i], "3 < x && 3 < y", "and_lt_same_lhs");
    NEVER(dts[i], "x < z && y <= z", "and_lt_same_rhs");
    NEVER(dts[i], "x < z && z < y", "and_lt_same_lhs");
  }
  FIRES("x: i32 in [0, 127]\nn: i32 in [1, 2147483647]\nm: i32 in [1, 2147483647]", "x < n - 1 && x < m - 1",
        "x < min(m, n) - 1", "and_lt_same_lhs");
  /* At i8 without ranges n - 1 wraps at -128: the comparisons merge, the offset stays in each. */
  FIRES(I8, "x < y - 1 && x < z - 1", "x < min(y - 1, z - 1)", "and_lt_same_lhs");
}

/* x // c * c + x % c put back together after the remainder's numerator lost the multiples of c
 * (divmod_recombine_cong): modulo a power of two c (2 to 64) whatever the sums do, since wrapping
 * changes no residue (lemmas divmod_recombine_cong_pow2_C); modulo any other c only where the sums are
 * exact. */
static void test_recombine_pow2(void **state) {
  (void)state;
  const char *dts[] = {I8, U8, "x: i32\ny: i32\nz: i32"};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "(x * 9 - y) // 4 * 4 + (x * 9 - y) % 4", "x * 9 - y", "divmod_recombine_cong");
    if (i < 2) /* (at i32 the check of this one is past the unit tier's solver budget) */
      FIRES(dts[i], "z + ((x * 8 - y) // 2 * 2 + (x * 8 - y) % 2) * 3", "z + (x * 8 - y) * 3", "divmod_recombine_cong");
    FIRES(dts[i], "(x + y * 64) // 32 * 32 + (x + y * 64) % 32", "x + y * 64", "divmod_recombine_cong");
  }
  /* At i64 the remainder is not rewritten first (the sum goes back together whole); as rewritten: */
  FIRES(I64, "(x * 9 - y) // 4 * 4 + (x - y) % 4", "x * 9 - y", "divmod_recombine_cong");
  FIRES(I64, "(x * 1027 + y) // 64 * 64 + (x * 3 + y) % 64", "x * 1027 + y", "divmod_recombine_cong");
  FIRES("x: i32\ny: i32", "(x * 1027 + y) // 64 * 64 + (x * 1027 + y) % 64", "x * 1027 + y", "divmod_recombine_cong");
  /* 3 does not divide 2^8: at i8 x * 9 - y wraps, and (x * 9 - y) % 3 is not (-y) % 3 there. */
  NEVER(I8, "(x * 9 - y) // 3 * 3 + (x * 9 - y) % 3", "divmod_recombine_cong");
  /* 128 is past the lemmas' divisors; the remainder's numerator is not congruent to the quotient's. */
  NEVER(I64, "(x * 384 - y) // 128 * 128 + (x * 384 - y) % 128", "divmod_recombine_cong");
  NEVER(I64, "(x * 9 - y) // 4 * 4 + (x * 9 - z) % 4", "divmod_recombine_cong");
  /* Modulo 18 where the sums are exact: the general lemma (test_power_cmp.c has more). */
  FIRES("b: i16 in [0, 100]", "(b * -5 + 1) % 18 + (b * 31 + 1) // 18 * 18", "b * 31 + 1", "divmod_recombine_cong");
}

/* A comparison of a multiple of c1 with a constant, as a comparison of the factor (floor and ceiling
 * of the quotient), where the product is exact; and (x + z) * y + (x + z) as (x + z) * (y + 1), a ring
 * identity (no guard). */
static void test_mul_cmp(void **state) {
  (void)state;
  const char *small = "x: i8 in [-10, 10]\ny: i8\nz: i8";
  FIRES(small, "x * 8 <= 20", "x <= 2", "le_mul_const");
  FIRES(small, "x * 8 <= -20", "x <= -3", "le_mul_const");
  FIRES(small, "20 < x * 8", "2 < x", "const_lt_mul");
  FIRES(small, "-20 < x * 8", "-3 < x", "const_lt_mul");
  FIRES(small, "20 <= x * 8", "3 <= x", "const_le_mul");
  FIRES(small, "-20 <= x * 8", "-2 <= x", "const_le_mul");
  FIRES("x: i64 in [0, 1000]", "10 <= x * 256", "1 <= x", "const_le_mul");
  FIRES("x: u8 in [0, 20]", "10 <= x * 8", "2 <= x", "const_le_mul");
  /* Wraparound: x * 8 wraps at i8 (x = 16 gives -128 <= 20) and at u8 (x = 32 gives 0). */
  NEVER(I8, "x * 8 <= 20", "le_mul_const");
  NEVER(I8, "20 < x * 8", "const_lt_mul");
  NEVER(I8, "20 <= x * 8", "const_le_mul");
  NEVER(U8, "10 <= x * 8", "const_le_mul");
  const char *dts[] = {I8, U8, I64};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "(x + z * 8) * y + (x + z * 8)", "(x + z * 8) * (y + 1)", "add_mul_self_sum");
    FIRES(dts[i], "w + ((x + z) * y + (x + z))", "w + (x + z) * (y + 1)", "add_mul_self_sum");
    /* Different sums: nothing in common. */
    NEVER(dts[i], "(x + z) * y + (x + w)", "add_mul_self_sum");
  }
}

/* A common factor out of a sum (a ring step: exact modulo 2^w, so at every dtype and whatever wraps),
 * where at least two coefficients are exactly the factor, nested; not where it would not shrink. */
static void test_term_factor(void **state) {
  (void)state;
  const char *dts[] = {I8, U8, I64};
  for (int i = 0; i < 3; i++) {
    /* (adjacent terms with one factor go by add_mul_common first) */
    FIRES(dts[i], "x * 8 + z * 3 + y * 8", "(x + y) * 8 + z * 3", "term_factor");
    FIRES(dts[i], "w - x * 4 - y * 4", "w - (x + y) * 4", "term_factor");
    FIRES(dts[i], "x * 16 + z * 8 + y * 16 + w * 8 + 1", "(x + y) * 16 + (z + w) * 8 + 1", "term_factor");
    FIRES(dts[i], "(x + y) * 8 + z * 3 + w * 8", "(x + y + w) * 8 + z * 3", "term_factor");
    /* One term per coefficient, or already factored: nothing shrinks. */
    NEVER(dts[i], "x * 8 + y * 16 + z * 3", "term_factor");
    NEVER(dts[i], "x * 8 + z * 3 + y * 16", "term_factor");
    NEVER(dts[i], "(x + y) * 8 + z * 3", "term_factor");
    NEVER(dts[i], "(x + y * 2) * 8 + z", "term_factor");
  }
}



/* A digit of a quotient divided again (TVM's split-index case 17): one division of the low part, where
 * the two products fit the dtype; not for a negative first divisor, nor where c1 * c2 wraps. */
static void test_divmod_nested_div(void **state) {
  (void)state;
  FIRES("x: i32 in [-100, 1000]", "x % 16 // 2 * 2 // 6", "x % 16 // 6", "divmod_nested_div");
  FIRES(I8, "x // 2 % 8 // 3", "x % 16 // 6", "divmod_nested_div");
  FIRES(U8, "x // 3 % 5 // 2", "x % 15 // 6", "divmod_nested_div");
  FIRES("x: i16", "x // 7 % 9 // 4", "x % 63 // 28", "divmod_nested_div");
  NEVER(I8, "x // -2 % 8 // 3", "divmod_nested_div");
  NEVER(I8, "x // 16 % 16 // 3", "divmod_nested_div");
  NEVER(U8, "x // 16 % 32 // 3", "divmod_nested_div");
}
/* A mask that clears only the bits a right shift drops (tinygrad's masked_shr_fold; the guard's pow2):
 * at signed and unsigned dtypes alike, never when the mask clears a bit the shift keeps (the sign bit
 * included, which an arithmetic shift copies). */
static void test_masked_shr(void **state) {
  (void)state;
  FIRES("x: u32 in [0, 255]", "(x & 4294967292) >> 2", "x >> 2", "shr_masked_low");
  FIRES(I8, "(x & -4) >> 2", "x >> 2", "shr_masked_low");
  FIRES(I8, "(x & -2) >> 3", "x >> 3", "shr_masked_low");
  FIRES(U8, "(x & 252) >> 2", "x >> 2", "shr_masked_low");
  FIRES(I64, "(x & -8) >> 3", "x >> 3", "shr_masked_low");
  FIRES("x: u64", "(x & 18446744073709551360) >> 8", "x >> 8", "shr_masked_low");
  NEVER(I8, "(x & 124) >> 2", "shr_masked_low");
  NEVER(I8, "(x & -4) >> 1", "shr_masked_low");
  NEVER(U8, "(x & 127) >> 1", "shr_masked_low");
  NEVER("x: u64", "(x & 9223372036854775807) >> 8", "shr_masked_low");
}
/* min/max of one form up to its constants, where the two operands are not one node (one side's terms
 * collected, the other's not): min_add_consts on forms, where both sums are exact. */
static void test_minmax_forms(void **state) {
  (void)state;
  const char *dts[] = {"x: i8 in [0, 10]\ny: i8 in [0, 10]", "x: u8 in [0, 10]\ny: u8 in [0, 10]",
                       "x: i64 in [-99, 99]\ny: i64 in [0, 10]"};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "min((x + y * 2) * 4 + 1, x * 4 + y * 8 + 3)", "x * 4 + y * 8 + 1", "minmax_offset");
    FIRES(dts[i], "max(x * 4 + y * 8 + 2, (x + y * 2) * 4 + 1)", "x * 4 + y * 8 + 2", "minmax_offset");
    FIRES(dts[i], "min(x * 4 + y * 8, (x + y * 2) * 4 + 1)", "x * 4 + y * 8", "minmax_offset");
    /* Not one form: y's coefficients differ. */
    NEVER(dts[i], "min((x + y * 2) * 4 + 1, x * 4 + y * 4 + 3)", "minmax_offset");
  }
  /* Wraparound: without ranges the sums wrap (at x * 4 + y * 8 = 127, + 3 is -126 at i8). */
  NEVER(I8, "min((x + y * 2) * 4 + 1, x * 4 + y * 8 + 3)", "minmax_offset");
  NEVER(I64, "max((x + y * 2) * 4 + 1, x * 4 + y * 8 + 3)", "minmax_offset");
}

/* Digits of one quotient whose numerators differ by a constant (tinygrad's recombination cases): the
 * engine has already moved constants out of the numerators and merged nested quotients, so a pair of
 * digits names its quotient two ways; the folds put them back together where the numerator x + c1*c4
 * is exact, and never where it wraps. */
static void test_digits_offset(void **state) {
  (void)state;
  const char *ranged[] = {"x: i8 in [0, 100]", "x: u8 in [0, 200]", "x: i32 in [-1000, 1000]", "x: index in [0, 199]"};
  for (int i = 0; i < 4; i++) {
    FIRES(ranged[i], "(x // 3 + 1) % 4 + (x + 3) // 12 * 4", "x // 3 + 1", "divmod_chain_off");
    /* divmod_split_nested at u8 too: proved at every dtype by its proof steps (unknown at the unsigned
     * ones before). */
    FIRES(ranged[i], "x // 3 % 4 * 2 + x // 12 % 5 * 8", "x // 3 % 20 * 2", "divmod_split_nested");
    FIRES(ranged[i], "(x // 3 + 1) % 4 + (x + 3) // 12 % 5 * 4 + 7", "(x // 3 + 1) % 20 + 7", "divmod_split_nested");
  }
  FIRES("x: index in [0, 100]", "(x - 50) % 3 + (x - 50) // 3 % 5 * 3", "(x + 10) % 15", "divmod_split_off");
  FIRES("y: index in [0, 100]", "(y - 50) // 5 % 4 + (y - 50) // 20 * 4", "y // 5 + -10", "divmod_chain_off");
  FIRES("x: i16 in [-300, 300]", "((x + 1) % 3 + ((x + 1) // 3 + 3) % 5 * 3) * 2", "(x + 10) % 15 * 2",
        "divmod_split_off");
  /* Wraparound: at i8 without a range x + 3 wraps for x >= 125 ((x // 3 + 1) % 4 + (x + 3) // 12 * 4 is
   * 2 + -11 * 4 at x = 125, not 42), and x + 9 for x >= 119. */
  NEVER("x: i8", "(x // 3 + 1) % 4 + (x + 3) // 12 * 4", "divmod_chain_off");
  NEVER("x: i8", "x % 3 + (x // 3 + 3) % 5 * 3", "divmod_split_off");
  NEVER("x: i8", "(x // 3 + 1) % 4 + (x + 3) // 12 % 5 * 4", "divmod_split_nested");
  /* Not one quotient: the numerators differ by 4, not 3 * 1. */
  NEVER("x: index in [0, 199]", "(x // 3 + 1) % 4 + (x + 4) // 12 * 4", "divmod_chain_off");
}

/* Multiples of a variable divisor leave the division one term at a time, where the divisor is
 * positive and the numerator exact. */
static void test_div_var_factor_terms(void **state) {
  (void)state;
  const char *abd = "a: index in [0, 10]\nb: index in [0, 10]\nd: index in [1, 10]";
  FIRES(abd, "(d * a * 20 + b * d * 5 + 10) // (5 * d)", "b + a * 4 + 2 // d", "div_var_factor_terms");
  FIRES(abd, "(b * d + a * d * 4 + 2) // d", "b + a * 4 + 2 // d", "div_var_factor_terms");
  FIRES(abd, "(b * d + a * d * 4 + 2) % d", "2 % d", "mod_var_factor_terms");
  FIRES("a: i8 in [0, 10]\nb: i8 in [0, 2]\nd: i8 in [1, 5]", "(b * d * 6 + a + 1) // (d * 3)",
        "b * 2 + (a + 1) // (d * 3)", "div_var_factor_terms");
  /* A divisor that may be 0 or negative, and a numerator that wraps (b * d * 6 at i8 reaches 600). */
  NEVER("a: index in [0, 10]\nb: index in [0, 10]\nd: index in [-10, 10]", "(b * d + a * d * 4 + 2) // d",
        "div_var_factor_terms");
  NEVER("a: i8 in [0, 10]\nb: i8 in [0, 100]\nd: i8 in [1, 10]", "(b * d * 6 + a + 1) // (d * 3)",
        "div_var_factor_terms");
}

/* A variable factor of every term of both sides (tinygrad's symbolic gcd), of one sign, where neither
 * product wraps: divide_by_var_* (whose pattern instance is the node only with products distributed). */
static void test_divide_by_var(void **state) {
  (void)state;
  FIRES("a: index in [-10, 10]\nb: index in [-10, 10]\nd1: index in [1, 10]\nd2: index in [-10, -1]",
        "(3 * a * d1 + 9 * b * d1) // (3 * d1 * d2)", "(a + b * 3) // d2", "divide_by_var_div");
  const char *neg = "a: i32 in [-100, 100]\nd: i32 in [-9, -2]\ne: i32 in [1, 5]";
  FIRES(neg, "(a * d - d) % (e * d)", "d * ((a - 1) % e)", "divide_by_var_mod");
  FIRES(neg, "tdiv(a * d - d, e * d)", "tdiv(a - 1, e)", "divide_by_var_tdiv");
  FIRES("a: i8 in [0, 2]\nb: i8 in [0, 2]\nd: i8 in [1, 5]\ne: i8 in [1, 5]", "tmod(a * d + b * d * 3 + d, d * e)",
        "d * ((a + b * 3 + 1) % e)", "divide_by_var_mod");
  /* A factor that may be 0, and products that wrap (x * d up to 13 * 10 at i8). */
  NEVER("a: index in [-10, 10]\nb: index in [-10, 10]\nd: index in [-3, 10]\ne: index in [1, 5]",
        "(a * d + b * d * 3) // (d * e)", "divide_by_var_div");
  NEVER("a: i8 in [0, 3]\nb: i8 in [0, 3]\nd: i8 in [1, 10]\ne: i8 in [1, 5]", "(a * d + b * d * 3 + d) // (d * e)",
        "divide_by_var_div");
  /* A constant term has no factor d. */
  NEVER("a: i32 in [0, 10]\nd: i32 in [1, 5]\ne: i32 in [1, 5]", "(a * d + 1) // (d * e)", "divide_by_var_div");
}

/* gcd_with_remainder where a term's coefficient is a multiple of g plus or minus a residue: the
 * residues join the remainder part when that stays in one window of g (tinygrad's nested factor and
 * tie break). Quotients only. */
static void test_gcd_split_terms(void **state) {
  (void)state;
  const char *abc = "a: index in [0, 2]\nb: index in [0, 31]\nc: index in [0, 1]";
  for (int k = 1; k <= 3; k++) {
    char e[64];
    snprintf(e, sizeof e, "(160 * a + 5 * b + 4 * c + %d) // 60", k);
    FIRES(abc, e, "(a * 32 + b + c) // 12", "gcd_with_remainder_div");
  }
  FIRES("a: i8 in [0, 1]\nb: i8 in [0, 1]", "(a * 2 + b * 3 + 2) // 6", "(a + b) // 2", "gcd_with_remainder_div");
  /* a up to 100: only g = 2 leaves one window (b), the form tinygrad expects. */
  FIRES("a: u16 in [0, 100]\nb: u16 in [0, 1]", "(a * 2 + b * 3 + 2) // 6", "(a + b + 1) // 3", "gcd_with_remainder_div");
  /* The residue's range spans two windows (b up to 2: 2 - b in [0, 2] fits, b * 3 in [0, 6] would not). */
  NEVER("a: i32 in [0, 10]\nb: i32 in [0, 3]", "(a * 2 + b * 3 + 2) // 6", "gcd_with_remainder_div");
  /* Wrapping: 2 * a at i8 without a range. */
  NEVER("a: i8\nb: i8 in [0, 1]", "(a * 2 + b * 3 + 2) // 6", "gcd_with_remainder_div");
  /* A remainder keeps whole terms only. */
  NEVER("xo: i32 in [0, 7]\nxi: i32 in [0, 7]", "(xo * 8 + xi * 9) % 64", "gcd_with_remainder_mod");
}

/* A sum of a scaled part and a low part below the scale, against a constant: the comparison of the
 * scaled part (TVM's split index bound: x1*5632 + (... % 5632) < 11008). */
static void test_cmp_scaled(void **state) {
  (void)state;
  FIRES("tx: i32 in [0, 31]\nty: i32 in [0, 7]\nvec_: i32 in [0, 7]\nx1: i32 in [0, 1]\nx2: i32 in [0, 2]",
        "x1 * 5632 + (((x2 * 8 + ty) * 32 + tx) * 8 + vec_) % 5632 < 11008", "x1 * 22 + (x2 * 8 + ty) % 22 < 43",
        "cmp_scaled_lt");
  const char *dts[] = {"x: i8 in [-4, 5]\ny: i8 in [0, 3]\nz: i8 in [0, 3]", "x: u8 in [0, 10]\ny: u8 in [0, 3]\nz: u8 in [0, 3]",
                       "x: i64 in [-99, 99]\ny: i64 in [0, 3]\nz: i64 in [0, 3]"};
  for (int i = 0; i < 3; i++) {
    FIRES(dts[i], "x * 16 + y * 4 + z < 64", "x < 4", "cmp_scaled_lt");
    FIRES(dts[i], "x * 16 + y * 4 + z <= 47", "x <= 2", "cmp_scaled_le");
    /* A multiple of the scale in the constant moves to the scaled part. */
    FIRES(dts[i], "x * 16 + y * 4 + z + 16 < 64", "x < 3", "cmp_scaled_lt");
    /* The low part reaches 16 (y * 4 + z * 2 up to 18): only the common factor 2 leaves. */
    FIRES(dts[i], "x * 16 + y * 4 + z * 2 < 64", "x * 8 + y * 2 + z < 32", "cmp_scaled_lt");
    NEVER(dts[i], "x * 16 + y * 4 + z * 3 < 64", "cmp_scaled_lt");
  }
  /* Wraparound: at i8 without a range x * 16 wraps (x = 8 gives -128 < 64, x < 4 false). */
  NEVER("x: i8\ny: i8 in [0, 3]\nz: i8 in [0, 3]", "x * 16 + y * 4 + z < 64", "cmp_scaled_lt");
  /* A low part that straddles a multiple of the scale ([-1, 6]); with a factor 4 the low part is z alone. */
  NEVER("x: i32 in [0, 10]\ny: i32 in [-1, 3]\nz: i32 in [0, 3]", "x * 16 + y + z < 64", "cmp_scaled_lt");
  FIRES("x: i32 in [0, 10]\ny: i32 in [-1, 3]\nz: i32 in [0, 3]", "x * 16 + y * 4 + z < 64", "x * 4 + y < 16",
        "cmp_scaled_lt");
}

/* A product against a scaled sum of its factors (TVM's comparison of a product and a sum): true where
 * both factors lie in (0, 2*c2/c1) and nothing wraps; never past that bound or without ranges. */
static void test_mul_sum(void **state) {
  (void)state;
  const char *xy = "x: i32 in [1, 4095]\ny: i32 in [1, 4095]";
  FIRES(xy, "x * y < (x + y) * 2048", "true", "lt_mul_sum");
  FIRES(xy, "x * y * 59 < (y + x) * 176128", "true", "lt_mul_sum_scaled");
  FIRES("x: i8 in [1, 9]\ny: i8 in [1, 9]", "x * y < (x + y) * 5", "true", "lt_mul_sum");
  FIRES("x: u16 in [1, 200]\ny: u16 in [1, 150]", "x * y < (x + y) * 101", "true", "lt_mul_sum");
  /* Proved at 64 bits since the guard names the products' own no_overflow (comparison.rules). */
  FIRES("x: i64 in [1, 4095]\ny: i64 in [1, 4095]", "x * y * 59 < (y + x) * 176128", "true", "lt_mul_sum_scaled");
  FIRES("x: index in [1, 4095]\ny: index in [1, 4095]", "x * y < (x + y) * 2048", "true", "lt_mul_sum");
  /* x = y = 4096 gives 4096 * 4096 == 8192 * 2048: the bound 2 * c2 is tight. */
  NEVER("x: i32 in [1, 4096]\ny: i32 in [1, 4096]", "x * y < (x + y) * 2048", "lt_mul_sum");
  NEVER("x: i32\ny: i32", "x * y < (x + y) * 2048", "lt_mul_sum");
  /* At i8 the sides wrap (x = y = 9 with c2 = 10: (9 + 9) * 10 is 180). */
  NEVER("x: i8 in [1, 9]\ny: i8 in [1, 9]", "x * y < (x + y) * 10", "lt_mul_sum");
}

/* A truncating remainder of a truncating remainder by a multiple of a power of two (TVM's canonical
 * tmod(tmod(x, 20), 4)): at every signed width and at index, for negative x too; never where c2 does
 * not divide c1, nor for a c2 that is not a power of two. The same for a truncating quotient of a
 * remainder (tdivmod_nested_pow2_M), and the two together on TVM's test_canonical_mixed[6], whose
 * expectation tdiv(tmod(x, 4), 2) * 2 has the output's 7 nodes. */
static void test_tmod_tmod(void **state) {
  (void)state;
  FIRES("x: i32", "tdiv(tmod(x, 20), 4)", "tmod(tdiv(x, 4), 5)", "tdivmod_nested_pow2_4");
  FIRES("x: i16 in [-300, -1]", "tdiv(tmod(x, 96), 32)", "tmod(tdiv(x, 32), 3)", "tdivmod_nested_pow2_32");
  NEVER("x: i32", "tdiv(tmod(x, 20), 8)", "tdivmod_nested_pow2_8");
  /* TVM's test_split_index_simplify[5]: the quotient of the digit put back together. */
  FIRES("x: i32", "tdiv(tdiv(tmod(x, 16), 2) * 2, 6)", "tdiv(tmod(x, 16), 6)", "tdivmod_nested_div_pow2_2");
  FIRES("x: i64 in [-5000, 5000]", "tdiv(tmod(tdiv(x, 4), 9), 2)", "tdiv(tmod(x, 36), 8)", "tdivmod_nested_div_pow2_4");
  FIRES("x: i32", "tmod(tdiv(tmod(x, 20), 2) * 2, 4)", "tmod(tdiv(x, 2), 2) * 2", "tmod_tmod_pow2");
  FIRES("x: i32", "tmod(tmod(x, 20), 4)", "tmod(x, 4)", "tmod_tmod_pow2");
  FIRES("x: i8", "tmod(tmod(x, 96), 32)", "tmod(x, 32)", "tmod_tmod_pow2");
  FIRES("x: i64 in [-1000, -1]", "tmod(tmod(x, 24), 8)", "tmod(x, 8)", "tmod_tmod_pow2");
  FIRES("x: index", "tmod(tmod(x, 12), 2)", "tmod(x, 2)", "tmod_tmod_pow2");
  NEVER("x: i32", "tmod(tmod(x, 20), 8)", "tmod_tmod_pow2");
  NEVER("x: i32", "tmod(tmod(x, 12), 3)", "tmod_tmod_pow2");
}

/* A digit the engine rewrote before its partner quotient was seen (tinygrad's
 * test_div_mod_recombine_after_asymmetric_fold[1]: (a*15 + b) // 5 % 2 becomes (a + b // 5) % 2 while
 * (a*15 + b) // 10 stays): put back with it (divmod_chain_split_M). Not where the remainder part may be
 * negative, nor where the digit is not the quotient's. */
static void test_chain_split(void **state) {
  (void)state;
  const char *ab = "a: index in [0, 7]\nb: index in [0, 14]";
  FIRES(ab, "(a * 15 + b) // 10 * 2 + (a * 15 + b) // 5 % 2", "a * 3 + b // 5", "divmod_chain_split");
  FIRES("a: i32 in [0, 100]\nb: i32 in [0, 30]", "(a * 24 + b) // 32 * 4 + (a * 24 + b) // 8 % 4",
        "a * 3 + b // 8", "divmod_chain_split");
  NEVER("a: i32 in [0, 100]\nb: i32 in [-5, 30]", "(a * 15 + b) // 10 * 2 + (a * 15 + b) // 5 % 2",
        "divmod_chain_split");
  NEVER(ab, "(a * 15 + b) // 10 * 2 + ((a * 15 + b) // 5 + 1) % 2", "divmod_chain_split");
}

int main(int argc, char **argv) {
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_minmax_offset),
    cmocka_unit_test(test_cmp_pairs),
    cmocka_unit_test(test_recombine_pow2),
    cmocka_unit_test(test_mul_cmp),
    cmocka_unit_test(test_term_factor),
    cmocka_unit_test(test_minmax_forms),
    cmocka_unit_test(test_masked_shr),
    cmocka_unit_test(test_divmod_nested_div),
    cmocka_unit_test(test_digits_offset),
    cmocka_unit_test(test_div_var_factor_terms),
    cmocka_unit_test(test_divide_by_var),
    cmocka_unit_test(test_gcd_split_terms),
    cmocka_unit_test(test_cmp_scaled),
    cmocka_unit_test(test_mul_sum),
    cmocka_unit_test(test_tmod_tmod),
    cmocka_unit_test(test_chain_split),
  };
  (void)argc;
  (void)argv;
  return cmocka_run_group_tests_name("unit", unit, group_setup, group_teardown);
}
