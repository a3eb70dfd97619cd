/* The procedural folds: what a single pattern cannot say. Each declares the lemmas that justify it
 * (rules of family `lemma`, proved by `vsimp rules verify`), or none when the fold is the semantics
 * itself. */
#include <stddef.h>

#include "eval/eval.h"
#include "ir/graph.h"
#include "rewrite/folds.h"
#include "analysis/lin.h"

/* Constant folding: an op whose operands are all constants becomes the constant the reference
 * evaluator computes, unless the op is UB there (`5 // 0` stays as it is) or has no exact meaning
 * (uninterpreted functions). Its justification is the semantics conformance check: the evaluator and
 * the Z3 encoding agree on every op at every dtype (vsimp gate). */
static bool constant_fold_applies(const Node *n) {
  /* A graph op is no function of its operands' values alone (a range is a loop variable). */
  return !(n->flags & NF_HAS_UF) && !op_is_graph((Op)n->op) && fold_constant_operands(n);
}

static Node *constant_fold(VsCtx *ctx, Node *n) {
  Value args[3];
  for (int i = 0; i < n->nargs; i++) args[i] = (Value){n->args[i]->aux.bits, false, false};
  Value v = eval_op(n, args);
  return v.ub ? NULL : vs_const(ctx, (DType)n->dtype, v.bits);
}

Node *fold_constant(VsCtx *ctx, Node *n) { return constant_fold_applies(n) ? constant_fold(ctx, n) : NULL; }

/* The lemmas every fold on linear forms relies on: reading an expression as a form and building a
 * form as an expression are ring identities modulo 2^w (rewrite/lin.h). */
#define LIN "lin_add_assoc", "lin_add_comm", "lin_mul_comm", "lin_sub", "lin_neg", "lin_mul_assoc", "lin_distrib", \
            "lin_collect"
/* The laws of a Boolean algebra at bool, and bool comparisons as Boolean functions (lemmas_bool.rules,
 * memory.rules): what a Boolean step rests on besides its facts. */
#define BOOL_LAWS "bool_and_comm@bool", "bool_and_assoc@bool", "bool_and_idem@bool", "bool_or_comm", "bool_or_assoc", \
                  "bool_or_idem", "bool_absorb_and", "bool_absorb_or", "bool_distrib_and", "bool_distrib_or",    \
                  "bool_and_compl", "bool_or_compl", "bool_and_true", "bool_and_false", "bool_or_true",           \
                  "bool_or_false", "bool_not_not", "bool_demorgan_and", "bool_xor_def", "bool_lt_def",            \
                  "bool_le_def", "bool_eq_def", "bool_ne_def"
#define OPS(a) ((uint64_t)1 << (a))
/* Every op with operands: constant folding reads operands, so no leaf is ever a candidate for it (a
 * leaf then has no action at all, and the engine skips it without computing its shape). */
#define WITH_OPERANDS (~(OPS(OP_CONST) | OPS(OP_VAR) | OPS(OP_INVALID)))
#define DIVMOD(name, op, fn) {#name, "advanced_division", {#name, LIN, NULL}, fold_divmod_applies, NULL, fn, OPS(op), false, 0}
/* Lane steps: the lemmas are named per step (a record of lemmas_vector.rules or vector.rules, one per
 * lane count and lane: hundreds), so the fold declares none and the engine checks each lane's. */
#define GEP(name, applies, fn) {#name, "vector", {NULL}, applies, NULL, fn, OPS(OP_GEP), true, 0}

/* Within a family, folds run after the rules, in this order. */
static const Fold folds[] = {
  {"constant_fold", "constant_folding", {NULL}, constant_fold_applies, constant_fold, NULL, WITH_OPERANDS, false,
   FOLD_NEEDS_CONST_ARGS},
  /* The same lane by lane: justified by the vector part of the conformance check, which compares the
   * vector evaluator with the Z3 encoding on exactly these shapes (lane-wise ops of vecs of constants). */
  {"vector_constant_fold", "constant_folding", {NULL}, fold_vec_const_applies, fold_vec_const, NULL, WITH_OPERANDS,
   true, FOLD_NEEDS_VECTOR},
  /* Masked-load motion (folds_memory.c), after the memory rules. */
  {"where_on_load", "memory",
   {"where_load_move", "where_load_move_bare", "where_load_dedup", "where_load_dedup_all", "where_load_all",
    "where_load_all_bare", "where_load_neg", "where_load_neg_bare", "bool_and_comm@bool", "bool_and_assoc@bool",
    "bool_and_idem@bool", NULL},
   fold_where_load_applies, fold_where_on_load, NULL, OPS(OP_SELECT), false, 0},
  /* GEP composition and pushing (folds_gep.c), in the vector family after its rules: lane steps, each
   * lane a lemma of lemmas_vector.rules; composition is the definition of gep's lanes, which every lane
   * step rests on. Only index arithmetic is pushed through ALU ops (docs/rules.md: graph growth). */
  {"gep_compose", "vector", {NULL}, fold_gep_compose_applies, fold_gep_compose, NULL, OPS(OP_GEP), true, 0},
  GEP(gep_extract, fold_gep_extract_applies, fold_gep_extract),
  GEP(gep_cat, fold_gep_cat_applies, fold_gep_cat),
  GEP(gep_select, fold_gep_select_applies, fold_gep_select),
  GEP(gep_mulacc, fold_gep_mulacc_applies, fold_gep_mulacc),
  GEP(gep_cast, fold_gep_cast_applies, fold_gep_cast),
  GEP(gep_index_alu, fold_gep_index_alu_applies, fold_gep_index_alu),
  DIVMOD(cancel_divmod_div, OP_IDIV, fold_cancel_divmod),
  DIVMOD(cancel_divmod_mod, OP_MOD, fold_cancel_divmod),
  DIVMOD(cancel_tdivmod_div, OP_TDIV, fold_cancel_tdivmod),
  DIVMOD(cancel_tdivmod_mod, OP_TMOD, fold_cancel_tdivmod),
  DIVMOD(remove_nested_mod, OP_MOD, fold_remove_nested_mod),
  DIVMOD(remove_nested_tmod, OP_MOD, fold_remove_nested_tmod),
  DIVMOD(factor_remainder_div, OP_IDIV, fold_factor_remainder),
  DIVMOD(factor_remainder_mod, OP_MOD, fold_factor_remainder),
  DIVMOD(factor_remainder_tdiv, OP_TDIV, fold_factor_tremainder),
  DIVMOD(factor_remainder_tmod, OP_TMOD, fold_factor_tremainder),
  DIVMOD(divide_by_gcd_div, OP_IDIV, fold_divide_by_gcd),
  DIVMOD(divide_by_gcd_mod, OP_MOD, fold_divide_by_gcd),
  DIVMOD(divide_by_gcd_tdiv, OP_TDIV, fold_divide_by_gcd),
  DIVMOD(divide_by_gcd_tmod, OP_TMOD, fold_divide_by_gcd),
  DIVMOD(gcd_with_remainder_div, OP_IDIV, fold_gcd_with_remainder),
  DIVMOD(gcd_with_remainder_mod, OP_MOD, fold_gcd_with_remainder),
  {"divmod_congruence", "advanced_division", {"divmod_congruence", "divmod_congruence_pow2@i8", LIN, NULL},
   fold_divmod_applies, NULL, fold_divmod_congruence, OPS(OP_MOD), false, 0},
  {"pow2_multiple_mod", "advanced_division", {"mod_mul_pow2", LIN, NULL}, fold_divmod_applies, NULL,
   fold_pow2_multiple, OPS(OP_MOD), false, 0},
  {"pow2_multiple_tmod", "advanced_division", {"tmod_mul_pow2", LIN, NULL}, fold_divmod_applies, NULL,
   fold_pow2_multiple, OPS(OP_TMOD), false, 0},
  {"divide_by_gcd_var_div", "advanced_division", {"divide_by_gcd_var_div", LIN, NULL}, fold_divmod_var_applies, NULL,
   fold_divide_by_gcd_var, OPS(OP_IDIV), false, 0},
  {"divide_by_gcd_var_mod", "advanced_division", {"divide_by_gcd_var_mod", LIN, NULL}, fold_divmod_var_applies, NULL,
   fold_divide_by_gcd_var, OPS(OP_MOD), false, 0},
  /* A variable factor of both sides, after the constant ones (divide_by_gcd_var). */
  {"divide_by_var_div", "advanced_division", {"divide_by_var_div", LIN, NULL}, fold_divide_by_var_applies,
   NULL, fold_divide_by_var, OPS(OP_IDIV), false, 0},
  {"divide_by_var_mod", "advanced_division", {"divide_by_var_mod", LIN, NULL}, fold_divide_by_var_applies,
   NULL, fold_divide_by_var, OPS(OP_MOD), false, 0},
  {"divide_by_var_tdiv", "advanced_division", {"divide_by_var_tdiv", LIN, NULL}, fold_divide_by_var_applies,
   NULL, fold_divide_by_var, OPS(OP_TDIV), false, 0},
  {"divide_by_var_tmod", "advanced_division", {"divide_by_var_tmod", LIN, NULL}, fold_divide_by_var_applies,
   NULL, fold_divide_by_var, OPS(OP_TMOD), false, 0},
  {"div_var_factor_terms", "division", {"div_var_factor_mul", LIN, NULL}, fold_divmod_var_applies, NULL,
   fold_div_var_factor_terms, OPS(OP_IDIV), false, 0},
  {"mod_var_factor_terms", "division", {"mod_var_factor_mul", LIN, NULL}, fold_divmod_var_applies, NULL,
   fold_div_var_factor_terms, OPS(OP_MOD), false, 0},
  DIVMOD(binary_numerator_div, OP_IDIV, fold_binary_numerator),
  DIVMOD(binary_numerator_mod, OP_MOD, fold_binary_numerator),
  DIVMOD(binary_numerator_tdiv, OP_TDIV, fold_binary_numerator),
  DIVMOD(binary_numerator_tmod, OP_TMOD, fold_binary_numerator),
  /* Loop nests of several ranges with a dead loop (folds_loops.c): rests on the loop-nest definition,
   * as constant folding rests on the semantics (single loops are the proved dead_code rules). */
  /* A node whose range is one value: any op (ranges come from the proved range analysis); late, so that
   * a rule that says why (x * 0 is 0) fires first. */
  {"single_value", "range_divmod", {"single_value", NULL}, fold_single_value_applies, NULL, fold_single_value,
   ~OPS(OP_CONST), false, FOLD_NEEDS_SINGLE},
  {"loop_dead_ranges", "dead_code", {NULL}, fold_loop_dead_applies, fold_loop_dead_ranges, NULL,
   OPS(OP_REDUCE) | OPS(OP_END), false, 0},
  {"term_collect", "term_combine", {LIN, NULL}, fold_terms_applies, NULL, fold_term_collect,
   OPS(OP_ADD) | OPS(OP_SUB) | OPS(OP_NEG) | OPS(OP_MUL), false, FOLD_NEEDS_COLLECT},
  {"term_factor", "term_combine", {LIN, NULL}, fold_terms_applies, NULL, fold_term_factor,
   OPS(OP_ADD) | OPS(OP_SUB), false, FOLD_NEEDS_FACTOR},
  {"divmod_recombine", "divmod_recombine",
   {"mod_from_sub", "tmod_from_sub", "divmod_recombine", "tdivmod_recombine", "divmod_chain", "divmod_split",
    LIN, NULL},
   fold_terms_applies, NULL, fold_divmod_recombine, OPS(OP_ADD) | OPS(OP_SUB), false,
   FOLD_NEEDS_DIVMOD | FOLD_NEEDS_DIVMOD_PAIR},
  {"divmod_recombine_cong", "divmod_recombine",
   {"divmod_recombine_cong", "divmod_recombine_cong_pow2_2", "divmod_recombine_cong_pow2_4",
    "divmod_recombine_cong_pow2_8", "divmod_recombine_cong_pow2_16", "divmod_recombine_cong_pow2_32",
    "divmod_recombine_cong_pow2_64", LIN, NULL},
   fold_terms_applies, NULL, fold_divmod_recombine_cong, OPS(OP_ADD) | OPS(OP_SUB), false,
   FOLD_NEEDS_DIVMOD | FOLD_NEEDS_QUOT_REM},
  {"divmod_chain_split", "divmod_recombine",
   {"divmod_chain_split_2", "divmod_chain_split_4", "divmod_chain_split_8", "divmod_chain_split_16",
    "divmod_chain_split_32", "divmod_chain_split_64", LIN, NULL},
   fold_terms_applies, NULL, fold_divmod_chain_split, OPS(OP_ADD) | OPS(OP_SUB), false,
   FOLD_NEEDS_DIVMOD | FOLD_NEEDS_QUOT_REM},
  /* One fold per lemma, so that each fires wherever its own lemma is proved. */
  {"divmod_chain_off", "divmod_recombine", {"divmod_chain_off", LIN, NULL}, fold_terms_applies, NULL,
   fold_divmod_chain_off, OPS(OP_ADD) | OPS(OP_SUB), false, FOLD_NEEDS_DIVMOD | FOLD_NEEDS_QUOT_REM},
  {"divmod_split_off", "divmod_recombine", {"divmod_split_off", LIN, NULL}, fold_terms_applies, NULL,
   fold_divmod_split_off, OPS(OP_ADD) | OPS(OP_SUB), false, FOLD_NEEDS_DIVMOD | FOLD_NEEDS_REM_PAIR},
  {"divmod_split_nested", "divmod_recombine", {"divmod_split_nested", LIN, NULL}, fold_terms_applies, NULL,
   fold_divmod_split_nested, OPS(OP_ADD) | OPS(OP_SUB), false, FOLD_NEEDS_DIVMOD | FOLD_NEEDS_REM_PAIR},
  /* Two selects of one condition in a sum, lifted (select_lift_add in a ring context). */
  {"select_lift_terms", "select", {"select_lift_add", LIN, NULL}, fold_select_lift_terms_applies, NULL,
   fold_select_lift_terms, OPS(OP_ADD) | OPS(OP_SUB), false, FOLD_NEEDS_SELECT_PAIR},
  {"minmax_chain", "minmax", {"min_assoc", "min_comm", "min_idem", "max_assoc", "max_comm", "max_idem", NULL},
   fold_minmax_chain_applies, NULL, fold_minmax_chain, OPS(OP_MIN) | OPS(OP_MAX), false, 0},
  /* min/max of one form up to constants, not one node (min_add_consts on forms). */
  {"minmax_offset", "minmax", {"min_add_consts", "max_add_consts", LIN, NULL}, fold_minmax_offset_applies, NULL,
   fold_minmax_offset, OPS(OP_MIN) | OPS(OP_MAX), false, 0},
  /* && / || chains: a Boolean step (the laws of a Boolean algebra at bool, and facts between atoms:
   * proved rules, re-decided at each step). */
  {"bool_chain", "boolean", {BOOL_LAWS, NULL}, fold_bool_chain_applies, NULL, fold_bool_chain,
   OPS(OP_AND) | OPS(OP_OR), false, 0},
  /* A select's branches where its condition is known: a substitution step (the select rule of the
   * semantics; its facts are proved rules, re-decided at each step). */
  {"select_context", "select", {NULL}, fold_select_context_applies, NULL, fold_select_context, OPS(OP_SELECT),
   false, 0},
  {"cmp_scaled_lt", "comparison", {"lt_scaled_sum", LIN, NULL}, fold_cmp_scaled_applies, NULL, fold_cmp_scaled,
   OPS(OP_LT), false, 0},
  {"cmp_scaled_le", "comparison", {"le_scaled_sum", LIN, NULL}, fold_cmp_scaled_applies, NULL, fold_cmp_scaled,
   OPS(OP_LE), false, 0},
  {"move_offset_lt", "comparison", {"cmp_move_lt", "cmp_move_lt_rev", LIN, NULL}, fold_cmp_applies, NULL,
   fold_move_offset, OPS(OP_LT), false, 0},
  {"move_offset_le", "comparison", {"cmp_move_le", "cmp_move_le_rev", LIN, NULL}, fold_cmp_applies, NULL,
   fold_move_offset, OPS(OP_LE), false, 0},
  {"move_offset_eq", "comparison", {"cmp_move_eq", "cmp_move_eq_rev", LIN, NULL}, fold_cmp_applies, NULL,
   fold_move_offset, OPS(OP_EQ), false, 0},
  {"move_offset_ne", "comparison", {"cmp_move_ne", "cmp_move_ne_rev", LIN, NULL}, fold_cmp_applies, NULL,
   fold_move_offset, OPS(OP_NE), false, 0},
};

_Static_assert(OP_COUNT <= 64, "Fold.ops is a 64-bit mask");
_Static_assert(DT_COUNT <= 16, "Action.fold_dtypes is a 16-bit mask");

size_t fold_count(void) { return sizeof folds / sizeof folds[0]; }
const Fold *fold_get(size_t i) { return i < fold_count() ? &folds[i] : NULL; }
