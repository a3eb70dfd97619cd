/* ground.c: Z3's outcome of an expression at a point (smt_eval_at, smt.h). A scalar or vector expression
 * is encoded, its variables replaced by the point's values, and the terms simplified to literals: no
 * solver is asked. Graph expressions go to refine_graph.c, which asks one. */
#include "smt/encode.h"
#include "smt/encode_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/errmsg.h"

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

/* The literal term of a variable's value (a vector: its lanes' bits concatenated, lane 0 lowest, as
 * encode_vector.c lays a vector out). */
static Z3_ast var_literal(Enc *e, const VarValue *v) {
  DType dt = (DType)v->var->dtype;
  if (v->var->lanes <= 1) return enc_const(e, dt, vs_canon_bits(dt, v->lane[0]));
  Z3_ast acc = NULL;
  for (int k = v->var->lanes; k-- > 0;) {
    Z3_ast lane = enc_bv(e, vs_canon_bits(dt, v->lane[k]), dt_bits(dt));
    acc = acc ? enc_ap2(e, Z3_mk_concat, acc, lane) : lane;
  }
  return acc;
}

/* t with every variable of the encoding replaced by its value in p, simplified. */
static Z3_ast at_point(Enc *e, Z3_ast t, const Z3_ast *from, const Z3_ast *to, size_t n) {
  if (!t || e->failed) return NULL;
  if (n) t = enc_hold(e, Z3_substitute(e->z, t, (unsigned)n, from, to));
  return enc_ap1(e, Z3_simplify, t);
}

/* A scalar or vector expression at p. */
static bool ground_at(SmtCtx *s, Node *root, const Point *p, Outcome *out, char *err, size_t errsize) {
  char why[160];
  if (!smt_z3_begin(s, 1, why, sizeof why)) return vs_fail(err, errsize, "%s", why);
  Enc e;
  enc_init(&e, s);
  e.portable = false; /* values are read off by simplification or a model: Z3's own fp.to_ieee_bv */
  SmtTerm t;
  bool ok = false;
  DType dt = (DType)root->dtype;
  Z3_ast *from = NULL, *to = NULL;
  if (!enc_expr(&e, root, &t)) {
    vs_fail(err, errsize, "encoding failed");
    goto done;
  }
  from = calloc(e.nvars + 1, sizeof *from);
  to = calloc(e.nvars + 1, sizeof *to);
  if (!from || !to) {
    vs_fail(err, errsize, "out of memory");
    goto done;
  }
  for (size_t i = 0; i < e.nvars; i++) {
    size_t k = 0;
    while (k < p->nvars && p->vars[k].var != e.vars[i].node) k++;
    if (k == p->nvars) {
      vs_fail(err, errsize, "no value for variable '%s'", e.vars[i].node->aux.name);
      goto done;
    }
    from[i] = e.vars[i].c;
    to[i] = var_literal(&e, &p->vars[k]);
  }
  /* Definedness first: a UB result needs no value (and the value of, say, a division by zero is
   * whatever SMT-LIB makes of it, which we do not want to depend on). INVALID next: its value term is
   * meaningless (the evaluator reports bits 0). Then lane by lane: a vector term is wider than the 64
   * bits a numeral read gives. */
  uint64_t defined, inv = 0;
  ok = literal_bits(&e, at_point(&e, t.def, from, to, e.nvars), DT_BOOL, &defined);
  if (ok && defined) ok = literal_bits(&e, at_point(&e, enc_inv(&e, t), from, to, e.nvars), DT_BOOL, &inv);
  out->value.ub = ok && !defined;
  out->value.inv = ok && defined && inv;
  for (int k = 0; ok && defined && !inv && k < root->lanes; k++) {
    Z3_ast lane = root->lanes > 1 ? enc_lane(&e, t.val, dt, k) : t.val;
    Z3_ast bits = dt_is_float(dt) ? enc_fp_bits(&e, lane, dt) : lane;
    ok = literal_bits(&e, at_point(&e, bits, from, to, e.nvars), dt, &out->value.lane[k]);
  }
  if (!ok) vs_fail(err, errsize, "z3 does not reduce the result to a constant (an uninterpreted function?)");
done:
  if (e.failed || smt_z3_failed(NULL, 0)) ok = vs_fail(err, errsize, "z3 failed");
  free(from);
  free(to);
  smt_z3_clear_error();
  enc_fini(&e);
  return ok;
}

bool smt_eval_at(SmtCtx *s, Node *root, const Point *p, Outcome *out, char *err, size_t errsize) {
  static const Point none;
  memset(out, 0, sizeof *out);
  out->value.lanes = root ? root->lanes : 1;
  if (err && errsize) err[0] = '\0';
  if (!s || !root) return vs_fail(err, errsize, "missing argument");
  bool ok = (root->flags & NF_HAS_GRAPH) ? smt_eval_graph_at(s, root, p ? p : &none, out, err, errsize)
                                          : ground_at(s, root, p ? p : &none, out, err, errsize);
  if (!ok) {
    outcome_free(out);
    memset(out, 0, sizeof *out);
    out->value.lanes = root->lanes;
  }
  return ok;
}
