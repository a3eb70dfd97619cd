/* Vectors in Z3 (docs/semantics.md, "Vectors"): a vector value is one bit-vector, the concatenation of
 * its lanes' bit patterns, lane 0 in the lowest bits (bool lanes are 1 bit, float lanes their IEEE bits
 * with NaN canonical). Its definedness is one Bool, as the semantics has one UB flag per vector.
 *
 * One term per vector (rather than one per lane) keeps SmtTerm, the memo and refinement unchanged:
 * equality of two vector terms is exactly lane-wise equality of bit patterns, which is what refinement
 * asks (NaN equals NaN and -0.0 differs from +0.0, as for scalars). A lane-wise op extracts each lane,
 * applies the scalar encoding of the op (enc_scalar_op, shared with scalars so that a lane means what
 * the scalar op means), and concatenates the results; Z3's rewriter removes extract-of-concat. */
#include "ir/vector.h"
#include "smt/encode.h"

static Z3_ast bad(Enc *e) {
  e->failed = true;
  return NULL;
}

static bool failed(Enc *e) {
  e->failed = true;
  return false;
}

Z3_ast enc_lane(Enc *e, Z3_ast vec, DType dt, int k) {
  unsigned w = (unsigned)dt_bits(dt);
  /* A float lane whose bits are enc_fp_bits(x) (a lane-wise float result, read back by a gep or the
   * next lane-wise op) is x itself: (fp (ite (fp.isNaN x) NaN b)) is x wherever (fp b) == x, the
   * definition enc_fp_bits conjoined into ranges, since SMT-LIB's floats have one NaN. Without this,
   * the solver bit-blasted x's conversion to see it: 10 to 50 ms for each float lane lemma
   * (gep(cast(lanes(x, N)), J) from an integer x), where the query is now trivially unsat. */
  Z3_ast x = dt_is_float(dt) && !e->failed && vec ? enc_fp_of_bits(e, vec, (unsigned)k * w + w - 1, (unsigned)k * w) : NULL;
  if (x) return x;
  Z3_ast bits = enc_extract(e, (unsigned)k * w + w - 1, (unsigned)k * w, vec);
  if (dt == DT_BOOL) return enc_eq(e, bits, enc_bv(e, 1, 1));
  if (!dt_is_float(dt)) return bits;
  if (e->failed || !bits) return bad(e);
  return enc_hold(e, Z3_mk_fpa_to_fp_bv(e->z, bits, e->s->sort[dt]));
}

Z3_ast enc_lane_bits(Enc *e, Z3_ast x, DType dt) {
  if (dt == DT_BOOL) return enc_ite(e, x, enc_bv(e, 1, 1), enc_bv(e, 0, 1));
  if (dt_is_float(dt)) return enc_fp_bits(e, x, dt);
  return x;
}

/* Lane bits of parts in order, lane 0 lowest: concat puts its first operand high, so the last part
 * goes first. */
static Z3_ast concat(Enc *e, Z3_ast *parts, int n) {
  if (n < 1 || n > VS_MAX_LANES) return bad(e);
  Z3_ast acc = parts[n - 1];
  for (int i = n - 2; i >= 0; i--) acc = enc_ap2(e, Z3_mk_concat, acc, parts[i]);
  return acc;
}

/* The raw bits of lane k of vector term v (lane dtype dt). */
static Z3_ast lane_raw(Enc *e, Z3_ast v, DType dt, int k) {
  unsigned w = (unsigned)dt_bits(dt);
  return enc_extract(e, (unsigned)k * w + w - 1, (unsigned)k * w, v);
}

bool enc_vector_node(Enc *e, const Node *n, SmtTerm *out) {
  SmtCtx *s = e->s;
  Op op = (Op)n->op;
  DType dt = (DType)n->dtype;
  int nargs = n->nargs;
  SmtTerm a[VS_MAX_LANES];
  Z3_ast def = s->t_true;
  for (int i = 0; i < nargs; i++) {
    if (!enc_arg_term(e, n->args[i], &a[i])) return failed(e);
    if (op != OP_SELECT) def = enc_and(e, def, a[i].def);
  }
  Z3_ast lanes[VS_MAX_LANES] = {NULL}, v = NULL;
  int k = 0;
  switch (op) {
  case OP_VAR: v = enc_var(e, n); break;
  case OP_VEC:
    for (int i = 0; i < nargs; i++) lanes[i] = enc_lane_bits(e, a[i].val, dt);
    v = concat(e, lanes, nargs);
    break;
  case OP_GEP: {
    DType sdt = (DType)n->args[0]->dtype;
    for (int j = 0; j < n->lanes; j++) lanes[j] = lane_raw(e, a[0].val, sdt, vs_gep_lane(n, j));
    v = concat(e, lanes, n->lanes);
    if (n->lanes == 1) v = enc_lane(e, v, dt, 0); /* one lane: a scalar of the scalar sort */
    break;
  }
  case OP_CAT:
    for (int i = 0; i < nargs; i++)
      for (int j = 0; j < n->args[i]->lanes; j++) lanes[k++] = lane_raw(e, a[i].val, dt, j);
    v = concat(e, lanes, k);
    break;
  case OP_BCAST: {
    Z3_ast b = enc_lane_bits(e, a[0].val, dt);
    for (int j = 0; j < n->lanes; j++) lanes[j] = b;
    v = concat(e, lanes, n->lanes);
    break;
  }
  default: {
    /* Lane-wise: lane j of the result is the scalar op on lane j of each operand. Each lane sees its
     * operands' whole-vector definedness (select needs its branches'); the result's definedness is
     * the conjunction of the lanes' (one UB lane makes the vector UB). */
    if (nargs > 3) return failed(e);
    DType adt = (DType)n->args[0]->dtype;
    bool swap = (op_is_comm(op) || op == OP_MULACC) && n->args[0]->id > n->args[1]->id;
    Z3_ast ldef = op == OP_SELECT ? s->t_true : def;
    for (int j = 0; j < n->lanes; j++) {
      SmtTerm la[3] = {{NULL, NULL, NULL}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
      for (int i = 0; i < nargs; i++) {
        DType idt = op == OP_SELECT && i == 0 ? DT_BOOL : i == 0 ? adt : (DType)n->args[i]->dtype;
        la[i] = (SmtTerm){enc_lane(e, a[i].val, idt, j), a[i].def, NULL};
      }
      if (swap) {
        SmtTerm t = la[0];
        la[0] = la[1];
        la[1] = t;
      }
      SmtTerm r;
      if (!enc_scalar_op(e, n, la, s->t_true, false, &r)) return failed(e);
      lanes[j] = enc_lane_bits(e, r.val, dt);
      ldef = enc_and(e, ldef, r.def);
    }
    v = concat(e, lanes, n->lanes);
    def = ldef;
    break;
  }
  }
  if (e->failed || !v || !def) return failed(e);
  out->val = v;
  out->def = def;
  out->inv = NULL; /* INVALID is scalar-only (vs_make_ex rejects it in vectors) */
  return true;
}
