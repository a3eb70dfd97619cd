/* bounds_trust_derive.c: the proved cases of the range analysis (bounds_trust_derive.h), derived from
 * a catalog and its proofs, and written as the C table ir/bounds_trust.h declares. */
#include "verify/bounds_trust_derive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/rule_verify.h"

/* Op -> the lemmas its case of bounds_transfer() cites (bounds.c's comments name the same ones;
 * tests/test_bounds_lemmas.c checks that every lemma of bounds.rules appears here). */
typedef struct {
  Op op;
  const char *lemmas[12];
} OpLemmas;

static const OpLemmas k_table[] = {
  {OP_ADD, {"bounds_add_lo", "bounds_add_hi"}},
  {OP_SUB, {"bounds_sub_lo", "bounds_sub_hi"}},
  {OP_MUL, {"bounds_mul_lo", "bounds_mul_hi"}},
  {OP_NEG, {"bounds_neg_lo", "bounds_neg_hi"}},
  {OP_MULACC, {"bounds_mulacc"}},
  {OP_IDIV, {"bounds_div_pos_lo", "bounds_div_pos_hi", "bounds_div_neg_lo", "bounds_div_neg_hi"}},
  {OP_TDIV, {"bounds_tdiv_pos_lo", "bounds_tdiv_pos_hi", "bounds_tdiv_neg_lo", "bounds_tdiv_neg_hi"}},
  {OP_MOD,
   {"bounds_mod_const", "bounds_mod_pos_small", "bounds_mod_pos_lo", "bounds_mod_pos_hi", "bounds_mod_pos_le_x",
    "bounds_mod_neg_small", "bounds_mod_neg_hi", "bounds_mod_neg_lo", "bounds_mod_neg_ge_x"}},
  {OP_TMOD,
   {"bounds_tmod_const", "bounds_tmod_small_pos", "bounds_tmod_small_neg", "bounds_tmod_sign_pos",
    "bounds_tmod_sign_neg", "bounds_tmod_ge_x", "bounds_tmod_le_x", "bounds_tmod_hi_divisor",
    "bounds_tmod_lo_divisor"}},
  {OP_AND, {"bounds_and_nn_nn", "bounds_and_nn_neg", "bounds_and_neg_neg", "bounds_bool_and"}},
  {OP_OR, {"bounds_or_nn_nn", "bounds_or_nn_neg", "bounds_or_neg_neg", "bounds_bool_or"}},
  {OP_XOR, {"bounds_xor_nn_nn", "bounds_xor_nn_neg", "bounds_xor_neg_neg", "bounds_bool_xor"}},
  {OP_NOT, {"bounds_not_signed", "bounds_not_unsigned", "bounds_bool_not"}},
  {OP_SHL, {"bounds_shl_lo", "bounds_shl_hi"}},
  {OP_SHR, {"bounds_shr_lo", "bounds_shr_hi"}},
  {OP_POW,
   {"bounds_pow_exp_zero", "bounds_pow_unit", "bounds_pow_01", "bounds_pow_01_pos", "bounds_pow_even_nonneg",
    "bounds_pow_even_lo", "bounds_pow_even_hi", "bounds_pow_odd"}},
  {OP_LT, {"bounds_lt_true", "bounds_lt_false"}},
  {OP_LE, {"bounds_le_true", "bounds_le_false"}},
  {OP_EQ, {"bounds_eq_false", "bounds_eq_true"}},
  {OP_NE, {"bounds_ne_true", "bounds_ne_false"}},
  {OP_MIN, {"bounds_min"}},
  {OP_MAX, {"bounds_max"}},
  {OP_SELECT, {"bounds_select", "bounds_select_bool", "bounds_select_true", "bounds_select_false"}},
  {OP_CAST, {"bounds_cast_fit", "bounds_cast_bool_false", "bounds_cast_bool_true"}},
  {OP_BITCAST, {"bounds_bitcast_fit"}},
  {OP_RANGE, {"bounds_range"}},
};

/* Op -> the alignment lemma its case of vs_known_tz (analysis/align.c) rests on. An op without one has
 * no case there: its row is empty (the analysis answers 0 for it, and needs no table bit). */
static const OpLemmas k_align[] = {
  {OP_ADD, {"align_add"}}, {OP_SUB, {"align_sub"}}, {OP_NEG, {"align_neg"}},       {OP_MUL, {"align_mul"}},
  {OP_SHL, {"align_shl"}}, {OP_MIN, {"align_min"}}, {OP_MAX, {"align_max"}},       {OP_SELECT, {"align_select"}},
  {OP_AND, {"align_and"}}, {OP_OR, {"align_or"}},   {OP_XOR, {"align_xor"}},       {OP_CAST, {"align_cast"}},
};

static const char *const k_none[] = {NULL};

static const char *const *lemmas_in(const OpLemmas *t, size_t n, Op op) {
  for (size_t i = 0; i < n; i++)
    if (t[i].op == op) return t[i].lemmas;
  return k_none;
}

const char *const *bounds_lemmas_of(Op op) { return lemmas_in(k_table, sizeof k_table / sizeof k_table[0], op); }
const char *const *align_lemmas_of(Op op) { return lemmas_in(k_align, sizeof k_align / sizeof k_align[0], op); }

static void untrusted_everywhere(uint16_t *ok, Op op) { ok[op] = 0; }

/* out starts as `all` for the ops t names and `rest` for the others; each unproved instance of a lemma
 * clears the dtypes it involves. With only_admitted, an op keeps only dtypes that every one of its
 * lemmas has some admissible instance at (the alignment lemmas: integers only). */
static bool trust_derive(const Catalog *cat, const OpLemmas *t, size_t nt, uint16_t rest, bool only_admitted,
                         uint16_t out[OP_COUNT]) {
  uint16_t all = (uint16_t)((1u << DT_COUNT) - 1);
  for (int o = 0; o < OP_COUNT; o++) out[o] = rest;
  for (size_t i = 0; i < nt; i++) out[t[i].op] = all;
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  if (!inst) return false;
  for (size_t i = 0; i < nt; i++) {
    Op op = t[i].op;
    for (const char *const *l = t[i].lemmas; *l; l++) {
      const Rule *r = catalog_find(cat, *l);
      if (!r) { /* a lemma that is missing proves nothing */
        untrusted_everywhere(out, op);
        continue;
      }
      size_t n = rule_admissible_instances(r, inst, RULE_INSTANCES);
      uint16_t seen = 0;
      for (size_t k = 0; k < n && k < RULE_INSTANCES; k++) {
        uint8_t cls[RULE_MAX_ALL_CLASSES];
        rule_instance_dtypes(r, inst[k], cls);
        for (int c = 0; c < r->nfree; c++) seen |= (uint16_t)(1u << cls[r->free_class[c]]);
        if (rule_instance_proved(r, inst[k])) continue;
        /* A lemma with no free class (bounds_range: index only) is one instance for every dtype. */
        if (r->nfree == 0) untrusted_everywhere(out, op);
        for (int c = 0; c < r->nfree; c++) out[op] &= (uint16_t)~(1u << cls[r->free_class[c]]);
      }
      if (only_admitted) out[op] &= seen;
    }
  }
  free(inst);
  return true;
}

bool bounds_trust_derive(const Catalog *cat, uint16_t out[OP_COUNT]) {
  /* An op without a lemma keeps every dtype: its transfer function needs none (the dtype's range). */
  return trust_derive(cat, k_table, sizeof k_table / sizeof k_table[0], (uint16_t)((1u << DT_COUNT) - 1), false, out);
}

bool align_trust_derive(const Catalog *cat, uint16_t out[OP_COUNT]) {
  return trust_derive(cat, k_align, sizeof k_align / sizeof k_align[0], 0, true, out);
}

/* Appends the C initialiser of table as `name` to buf; skip_zero leaves out the ops with no dtype. */
static size_t table_source(char *buf, size_t cap, size_t len, const char *name, const uint16_t table[OP_COUNT],
                           bool skip_zero) {
  if (len >= cap) return len;
  len += (size_t)snprintf(buf + len, cap - len, "const uint16_t %s[OP_COUNT] = {\n", name);
  for (int o = 0; o < OP_COUNT && len < cap; o++) {
    if (!table[o] && skip_zero) continue;
    len += (size_t)snprintf(buf + len, cap - len, "  [OP_%s] = ", op_name((Op)o));
    if (table[o] == (1u << DT_COUNT) - 1) {
      len += (size_t)snprintf(buf + len, cap - len, "VS_BOUNDS_ALL_DTYPES,\n");
      continue;
    }
    if (!table[o]) len += (size_t)snprintf(buf + len, cap - len, "0");
    for (int d = 0, first = 1; d < DT_COUNT && len < cap; d++)
      if (table[o] >> d & 1) {
        char up[16];
        snprintf(up, sizeof up, "%s", dt_name((DType)d));
        for (char *p = up; *p; p++)
          if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
        len += (size_t)snprintf(buf + len, cap - len, "%s1u << DT_%s", first ? "" : " | ", up);
        first = 0;
      }
    len += (size_t)snprintf(buf + len, cap - len, ",\n");
  }
  if (len < cap) len += (size_t)snprintf(buf + len, cap - len, "};\n");
  return len;
}

char *bounds_trust_source(const uint16_t table[OP_COUNT], const uint16_t align[OP_COUNT]) {
  size_t cap = 1 << 14, len = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  len += (size_t)snprintf(buf + len, cap - len,
                          "/* bounds_trust_table.c: generated by `vsimp rules bounds-table` (make docs) from the built-in\n"
                          " * catalog and proof ledger; do not edit. Per op, the dtypes at which every lemma its transfer\n"
                          " * function rests on is proved (ir/bounds_trust.h): the range analysis's, then the alignment\n"
                          " * analysis's (ops it has no case for are 0). */\n"
                          "#include \"ir/bounds_trust.h\"\n\n");
  len = table_source(buf, cap, len, "vs_bounds_trust", table, false);
  if (len < cap) len += (size_t)snprintf(buf + len, cap - len, "\n");
  len = table_source(buf, cap, len, "vs_align_trust", align, true);
  if (len >= cap) {
    free(buf);
    return NULL;
  }
  return buf;
}
