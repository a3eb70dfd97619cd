#include "smt/encode.h"

#include <string.h>

/* Reads a simplified term as a bit pattern of dt: false unless it is a literal. */
static bool literal_bits(Enc *e, Z3_ast t, DType dt, uint64_t *bits) {
  if (!t) return false;
  if (dt == DT_BOOL) {
    Z3_lbool b = Z3_get_bool_value(e->z, t);
    *bits = b == Z3_L_TRUE;
    return b != Z3_L_UNDEF;
  }
  uint64_t u;
  if (!Z3_is_numeral_ast(e->z, t) || !Z3_get_numeral_uint64(e->z, t, &u)) return false;
  *bits = vs_canon_bits(dt, u);
  return true;
}

bool smt_eval_ground(SmtCtx *s, Node *expr, Value *out) {
  out->bits = 0;
  out->ub = false;
  out->inv = false;
  char why[160];
  /* A vector's value is more than one Value: smt_eval_ground_vec. */
  if (!s || !expr || (expr->flags & NF_HAS_VAR) || expr->lanes > 1 || !smt_z3_begin(s, 1, why, sizeof why))
    return false;
  Enc e;
  enc_init(&e, s);
  e.portable = false; /* values are read off by simplification or a model: Z3's own fp.to_ieee_bv */
  SmtTerm t;
  bool ok = false;
  DType dt = (DType)expr->dtype;
  if (enc_expr(&e, expr, &t)) {
    /* Definedness first: a UB result needs no value (and the value of, say, a division by zero is
     * whatever SMT-LIB makes of it, which we do not want to depend on). */
    uint64_t defined;
    if (literal_bits(&e, enc_ap1(&e, Z3_simplify, t.def), DT_BOOL, &defined)) {
      if (!defined) {
        out->ub = true;
        ok = true;
      } else {
        /* INVALID next: its value term is meaningless (the evaluator reports bits 0). */
        uint64_t inv = 0;
        if (!literal_bits(&e, enc_ap1(&e, Z3_simplify, enc_inv(&e, t)), DT_BOOL, &inv)) {
          ok = false;
        } else if (inv) {
          out->inv = true;
          ok = true;
        } else {
          Z3_ast bits = dt_is_float(dt) ? enc_fp_bits(&e, t.val, dt) : t.val;
          ok = literal_bits(&e, enc_ap1(&e, Z3_simplify, bits), dt, &out->bits);
        }
      }
    }
  }
  if (e.failed || smt_z3_failed(NULL, 0)) ok = false;
  if (!ok) {
    out->bits = 0;
    out->ub = false;
    out->inv = false;
  }
  smt_z3_clear_error();
  enc_fini(&e);
  return ok;
}

bool smt_eval_ground_vec(SmtCtx *s, Node *expr, VecValue *out) {
  memset(out, 0, sizeof *out);
  out->lanes = expr ? expr->lanes : 1;
  char why[160];
  if (!s || !expr || (expr->flags & NF_HAS_VAR) || !smt_z3_begin(s, 1, why, sizeof why)) return false;
  Enc e;
  enc_init(&e, s);
  e.portable = false; /* values are read off by simplification or a model: Z3's own fp.to_ieee_bv */
  SmtTerm t;
  bool ok = false;
  DType dt = (DType)expr->dtype;
  if (enc_expr(&e, expr, &t)) {
    uint64_t defined;
    if (literal_bits(&e, enc_ap1(&e, Z3_simplify, t.def), DT_BOOL, &defined)) {
      ok = true;
      if (!defined) out->ub = true;
      /* Lane by lane: a vector term is wider than the 64 bits a numeral read gives. */
      for (int k = 0; ok && !out->ub && k < expr->lanes; k++) {
        Z3_ast lane = expr->lanes > 1 ? enc_lane(&e, t.val, dt, k) : t.val;
        Z3_ast bits = dt_is_float(dt) ? enc_fp_bits(&e, lane, dt) : lane;
        ok = literal_bits(&e, enc_ap1(&e, Z3_simplify, bits), dt, &out->lane[k]);
      }
    }
  }
  if (e.failed || smt_z3_failed(NULL, 0)) ok = false;
  if (!ok) {
    memset(out, 0, sizeof *out);
    out->lanes = expr->lanes;
  }
  smt_z3_clear_error();
  enc_fini(&e);
  return ok;
}
