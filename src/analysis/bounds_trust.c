/* bounds_trust.c: the proved cases of the range analysis (bounds_trust.h). */
#include "analysis/bounds_trust.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "rules/catalog.h"
#include "smt/rule_verify.h"

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

static const char *const k_none[] = {NULL};

const char *const *bounds_lemmas_of(Op op) {
  for (size_t i = 0; i < sizeof k_table / sizeof k_table[0]; i++)
    if (k_table[i].op == op) return k_table[i].lemmas;
  return k_none;
}

/* 0: not computed, 2: ready. The table is computed once, under the mutex, by the first caller. */
static atomic_int g_state;
static pthread_mutex_t g_mutex = PTHREAD_MUTEX_INITIALIZER;
static bool g_ok[OP_COUNT][DT_COUNT];
/* Set while this thread computes the table: the admissibility check builds throwaway instance nodes,
 * whose bounds are computed too; for them (and only them) every case is taken as trusted. */
static _Thread_local bool t_computing;

static void mark_untrusted_everywhere(Op op) {
  for (int d = 0; d < DT_COUNT; d++) g_ok[op][d] = false;
}

static void compute(void) {
  for (int o = 0; o < OP_COUNT; o++)
    for (int d = 0; d < DT_COUNT; d++) g_ok[o][d] = true;
  Catalog *cat = catalog_new();
  VsDiag diag;
  bool loaded = cat && catalog_load_builtin(cat, &diag);
  if (loaded) catalog_apply_builtin_ledger(cat);
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  for (size_t i = 0; i < sizeof k_table / sizeof k_table[0]; i++) {
    Op op = k_table[i].op;
    for (const char *const *l = k_table[i].lemmas; *l; l++) {
      const Rule *r = loaded && inst ? catalog_find(cat, *l) : NULL;
      if (!r) { /* a lemma that is missing (or no catalog) proves nothing */
        mark_untrusted_everywhere(op);
        continue;
      }
      size_t n = rule_admissible_instances(r, inst, RULE_INSTANCES);
      for (size_t k = 0; k < n && k < RULE_INSTANCES; k++) {
        if (rule_instance_proved(r, inst[k])) continue;
        uint8_t cls[RULE_MAX_ALL_CLASSES];
        rule_instance_dtypes(r, inst[k], cls);
        /* A lemma with no free class (bounds_range: index only) is one instance for every dtype. */
        if (r->nfree == 0) mark_untrusted_everywhere(op);
        for (int c = 0; c < r->nfree; c++) g_ok[op][cls[r->free_class[c]]] = false;
      }
    }
  }
  free(inst);
  catalog_free(cat);
}

bool bounds_trusted(Op op, DType dt) {
  if (atomic_load_explicit(&g_state, memory_order_acquire) != 2) {
    if (t_computing) return true;
    pthread_mutex_lock(&g_mutex);
    if (atomic_load_explicit(&g_state, memory_order_relaxed) != 2) {
      t_computing = true;
      compute();
      t_computing = false;
      atomic_store_explicit(&g_state, 2, memory_order_release);
    }
    pthread_mutex_unlock(&g_mutex);
  }
  return (unsigned)op < OP_COUNT && (unsigned)dt < DT_COUNT && g_ok[op][dt];
}
