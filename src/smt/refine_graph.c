/* refine_graph.c: the queries on graph expressions (docs/semantics.md, "Memory, loops and reductions"):
 * refinement of two values or two effects, with counterexamples that give every variable, free range
 * and initial buffer content; and ground evaluation at given inputs, for the conformance check against
 * the evaluator (src/eval/eval_graph.c, which shares no code with this file: only its types).
 *
 * Arrays need a solver that knows them: the bit-vector tactics of smt_z3_solver do not, so these
 * queries use the qfaufbv tactic (arrays and uninterpreted functions over bit-vectors; it hands floating
 * point and lambdas on to Z3's general core). Measured against Z3's default solver: 0.6 s against 7 s to
 * prove a 256-iteration fill loop followed by a load, and no slower on float reductions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "smt/encode_graph.h"

/* A query with no array (no buffer, no abstract effect or value: loops and ranges only) is a plain
 * bit-vector or float query and takes the scalar solvers (smt_z3_solver): qfaufbv's preprocessing can
 * blow up where they do not (corpus/regressions/graph_pow_odd_blowup.vs: a pow of a known-odd base
 * flattened into 2^32 factors, past the time limit and out of memory). */
static Z3_solver graph_solver(SmtCtx *s, GraphEnc *g, unsigned flags) {
  if (g && genc_state_arrays(g) == 0) return smt_z3_solver(s, flags);
  Z3_tactic t = Z3_mk_tactic(s->z, "qfaufbv");
  if (!t) return NULL;
  Z3_tactic_inc_ref(s->z, t);
  Z3_solver solver = Z3_mk_solver_from_tactic(s->z, t);
  Z3_tactic_dec_ref(s->z, t);
  if (!solver) return NULL;
  Z3_solver_inc_ref(s->z, solver);
  Z3_solver_set_params(s->z, solver, s->params);
  if (smt_z3_failed(NULL, 0)) {
    Z3_solver_dec_ref(s->z, solver);
    return NULL;
  }
  return solver;
}

/* ---- reading a model ---- */

/* An array value of a model as elements: a default and (index, element) writes, applied in order. */
typedef struct {
  Z3_ast dflt;
  uint64_t *idx;
  Z3_ast *val;
  size_t n, cap;
} ArrayModel;

static bool array_model_add(ArrayModel *a, uint64_t i, Z3_ast v) {
  if (a->n == a->cap) {
    size_t cap = a->cap ? 2 * a->cap : 8;
    uint64_t *ni = realloc(a->idx, cap * sizeof *ni);
    if (!ni) return false;
    a->idx = ni;
    Z3_ast *nv = realloc(a->val, cap * sizeof *nv);
    if (!nv) return false;
    a->val = nv;
    a->cap = cap;
  }
  a->idx[a->n] = i;
  a->val[a->n++] = v;
  return true;
}

static void array_model_free(ArrayModel *a) {
  free(a->idx);
  free(a->val);
  memset(a, 0, sizeof *a);
}

static Z3_decl_kind app_kind(Z3_context z, Z3_ast a) {
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST) return Z3_OP_UNINTERPRETED;
  return Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a)));
}

/* The entries and else-value of an as-array's function interpretation. */
static bool read_func_interp(Enc *e, Z3_model m, Z3_ast as_array, ArrayModel *out) {
  Z3_context z = e->z;
  Z3_func_interp fi = Z3_model_get_func_interp(z, m, Z3_get_as_array_func_decl(z, as_array));
  if (!fi) return false;
  Z3_func_interp_inc_ref(z, fi);
  bool ok = Z3_func_interp_get_arity(z, fi) == 1;
  out->dflt = ok ? Z3_func_interp_get_else(z, fi) : NULL;
  ok = ok && out->dflt && enc_hold(e, out->dflt);
  unsigned n = ok ? Z3_func_interp_get_num_entries(z, fi) : 0;
  for (unsigned i = 0; ok && i < n; i++) {
    Z3_func_entry en = Z3_func_interp_get_entry(z, fi, i);
    if (!en) {
      ok = false;
      break;
    }
    Z3_func_entry_inc_ref(z, en);
    Z3_ast k = Z3_func_entry_get_arg(z, en, 0), v = Z3_func_entry_get_value(z, en);
    uint64_t ki;
    ok = k && v && enc_hold(e, v) && Z3_is_numeral_ast(z, k) && Z3_get_numeral_uint64(z, k, &ki) &&
         array_model_add(out, ki, v);
    Z3_func_entry_dec_ref(z, en);
  }
  Z3_func_interp_dec_ref(z, fi);
  return ok;
}

/* The model's value of array term a, when Z3 gives it as stores over a constant array or over an
 * as-array (a function interpretation): exact, every index included. False for other forms. */
static bool read_array(Enc *e, Z3_model m, Z3_ast a, ArrayModel *out) {
  Z3_context z = e->z;
  Z3_ast v = NULL;
  if (!Z3_model_eval(z, m, a, true, &v) || !enc_hold(e, v)) return false;
  /* Stores from the outside in; they apply from the inside out. */
  size_t nst = 0, cap = 0;
  Z3_ast *st = NULL;
  bool ok = true;
  while (ok && app_kind(z, v) == Z3_OP_STORE) {
    if (nst == cap) {
      cap = cap ? 2 * cap : 8;
      Z3_ast *ns = realloc(st, cap * sizeof *ns);
      if (!ns) {
        ok = false;
        break;
      }
      st = ns;
    }
    st[nst++] = v;
    v = Z3_get_app_arg(z, Z3_to_app(z, v), 0);
  }
  if (ok && app_kind(z, v) == Z3_OP_CONST_ARRAY) out->dflt = Z3_get_app_arg(z, Z3_to_app(z, v), 0);
  else if (ok && Z3_is_as_array(z, v)) ok = read_func_interp(e, m, v, out);
  else ok = false;
  for (size_t i = nst; ok && i-- > 0;) {
    Z3_app s = Z3_to_app(z, st[i]);
    Z3_ast k = Z3_get_app_arg(z, s, 1);
    uint64_t ki;
    ok = Z3_is_numeral_ast(z, k) && Z3_get_numeral_uint64(z, k, &ki) &&
         array_model_add(out, ki, Z3_get_app_arg(z, s, 2));
  }
  free(st);
  return ok && out->dflt;
}

/* BufData of a model's array: elements below size. */
static bool array_to_bufdata(Enc *e, Z3_model m, const ArrayModel *a, DType dt, uint64_t size, BufData *out) {
  uint64_t d;
  if (!enc_model_bits(e, m, a->dflt, dt, &d)) return false;
  bufdata_init(out, size, d);
  for (size_t i = 0; i < a->n; i++) {
    uint64_t bits;
    if (a->idx[i] >= size) continue;
    if (!enc_model_bits(e, m, a->val[i], dt, &bits) || !bufdata_set(out, a->idx[i], bits)) {
      bufdata_free(out);
      return false;
    }
  }
  return true;
}

/* Sets, in out, the model's element at every index that buffer b's loads and stores use (when below
 * the size). Without abstract effects these are the only elements that matter or change. */
static bool read_accessed(Enc *e, const GraphEnc *g, Z3_model m, size_t b, Z3_ast arr, BufData *out) {
  const Node *const *bufs;
  genc_buffers(g, &bufs);
  DType dt = (DType)bufs[b]->dtype;
  const Z3_ast *idx;
  size_t n = genc_accesses(g, b, &idx);
  for (size_t i = 0; i < n; i++) {
    uint64_t k, bits;
    if (!enc_model_bits(e, m, idx[i], DT_INDEX, &k)) return false;
    if (k >= out->size) continue;
    if (!enc_model_bits(e, m, enc_ap2(e, Z3_mk_select, arr, enc_bv(e, k, 64)), dt, &bits) || !bufdata_set(out, k, bits))
      return false;
  }
  return true;
}

/* The initial contents of buffer b in the model. */
static bool model_buffer(Enc *e, const GraphEnc *g, Z3_model m, size_t b, BufValue *out) {
  const Node *const *bufs;
  genc_buffers(g, &bufs);
  DType dt = (DType)bufs[b]->dtype;
  uint64_t size;
  out->buf = bufs[b];
  if (!enc_model_bits(e, m, genc_size(g, b), DT_U64, &size)) return false;
  ArrayModel am;
  memset(&am, 0, sizeof am);
  bool ok = read_array(e, m, genc_initial_array(g, b), &am) && array_to_bufdata(e, m, &am, dt, size, &out->data);
  array_model_free(&am);
  if (ok || genc_has_effect_vars(g)) return ok;
  /* A model in another form: without abstract effects only the accessed elements are ever read, so
   * those (and 0 elsewhere) make a counterexample as good as the model's. */
  bufdata_init(&out->data, size, 0);
  if (read_accessed(e, g, m, b, genc_initial_array(g, b), &out->data)) return true;
  bufdata_free(&out->data);
  return false;
}

/* r->model's free ranges and buffers from the solver's model. False (r->reason set) when a value is
 * missing. */
static bool extract_graph_model(Enc *e, GraphEnc *g, Z3_solver solver, SmtResult *r) {
  Z3_model m = Z3_solver_get_model(e->z, solver);
  if (!m) {
    snprintf(r->reason, sizeof r->reason, "sat, but Z3 gave no model");
    return false;
  }
  Z3_model_inc_ref(e->z, m);
  const Node *const *ranges, *const *bufs;
  const Z3_ast *consts;
  size_t nr = genc_free_ranges(g, &ranges, &consts), nb = genc_buffers(g, &bufs);
  Point *pt = &r->model;
  pt->ranges = calloc(nr ? nr : 1, sizeof *pt->ranges);
  pt->bufs = calloc(nb ? nb : 1, sizeof *pt->bufs);
  bool ok = pt->ranges && pt->bufs;
  if (!ok) snprintf(r->reason, sizeof r->reason, "out of memory");
  for (size_t i = 0; ok && i < nr; i++) {
    pt->ranges[i].var = ranges[i];
    ok = enc_model_bits(e, m, consts[i], DT_INDEX, &pt->ranges[i].lane[0]);
    if (!ok)
      snprintf(r->reason, sizeof r->reason, "sat, but no value for range '%s' in the model", ranges[i]->aux.name);
    else pt->nranges = i + 1;
  }
  for (size_t b = 0; ok && b < nb; b++) {
    ok = model_buffer(e, g, m, b, &pt->bufs[b]);
    if (!ok)
      snprintf(r->reason, sizeof r->reason, "sat, but the model of buffer '%s' cannot be read", bufs[b]->aux.name);
    else pt->nbufs = b + 1;
  }
  Z3_model_dec_ref(e->z, m);
  return ok;
}

/* ---- refinement ---- */

/* The refinement's `bad` for two effects: tgt UB, or some buffer left different. *dsrc: def(src). */
static Z3_ast effects_differ(Enc *e, GraphEnc *g, Node *src, Node *tgt, Z3_ast *dsrc) {
  size_t nb = genc_state_arrays(g);
  Z3_ast *as = calloc(nb ? nb : 1, sizeof *as), *at = calloc(nb ? nb : 1, sizeof *at);
  Z3_ast dt = NULL, same = NULL;
  if (as && at && genc_effect(g, src, dsrc, as) && genc_effect(g, tgt, &dt, at)) {
    same = dt;
    for (size_t b = 0; b < nb; b++) same = enc_and(e, same, enc_eq(e, as[b], at[b]));
  }
  free(as);
  free(at);
  return same ? enc_not(e, same) : NULL;
}

static void encoding_failed(const GraphEnc *g, SmtResult *r) {
  if (r->reason[0]) return;
  const char *why = genc_error(g);
  snprintf(r->reason, sizeof r->reason, "%s", why[0] ? why : "encoding failed");
}

/* Solves ranges && hyp && cuts && def(src) && bad, mapping the answer to a verdict. */
static SmtVerdict solve(SmtCtx *s, Enc *e, GraphEnc *g, unsigned flags, Z3_ast h, Z3_ast bad, SmtResult *r) {
  Z3_solver solver = graph_solver(s, g, flags);
  if (!solver) return SMT_ERROR;
  SmtVerdict verdict = SMT_ERROR;
  if (h != s->t_true) Z3_solver_assert(e->z, solver, h);
  Z3_solver_assert(e->z, solver, bad);
  if (smt_z3_failed(NULL, 0)) goto done;
  if (s->smt2_path && !smt_z3_dump(s, solver, r->reason, sizeof r->reason)) goto done;
  SmtCheckSpec spec = {.flags = flags | NF_HAS_GRAPH};
  SmtCheck ck;
  Z3_lbool res = smt_check(s, e, solver, &spec, &ck);
  if (ck.disagree) {
    snprintf(r->reason, sizeof r->reason, "%.150s", ck.why);
    verdict = SMT_ERROR;
  } else if (res == Z3_L_FALSE && genc_bounded(g)) {
    snprintf(r->reason, sizeof r->reason, "a loop is longer than the unrolling limit");
    verdict = SMT_UNKNOWN;
  } else if (res == Z3_L_FALSE) {
    verdict = SMT_VALID;
  } else if (res == Z3_L_TRUE) {
    /* The cut assumptions hold in the model, so it is a real counterexample even when bounded. */
    verdict = enc_extract_model(e, solver, r);
    if (verdict == SMT_INVALID && !extract_graph_model(e, g, solver, r)) {
      smt_result_free(r);
      verdict = SMT_UNKNOWN;
    }
  } else {
    snprintf(r->reason, sizeof r->reason, "%.150s", ck.why[0] ? ck.why : "unknown");
    smt_z3_clear_error();
    verdict = SMT_UNKNOWN;
  }
  smt_check_free(&ck);
done:
  Z3_solver_dec_ref(e->z, solver);
  return verdict;
}

SmtVerdict smt_solve_graph_refinement(SmtCtx *s, Enc *e, GraphEnc *g, Z3_ast hyp, Node *src, Node *tgt,
                                      unsigned flags, SmtResult *r) {
  SmtVerdict verdict = SMT_ERROR;
  bool oom = false;
  const Node *dangling = NULL;
  Z3_ast dsrc = NULL, bad = NULL;
  if (src->kind != tgt->kind || (src->kind != NK_VALUE && src->kind != NK_EFFECT)) {
    snprintf(r->reason, sizeof r->reason, "the source and the target must be both values or both effects");
  } else if ((dangling = graph_unbound_range(src, tgt, &oom)) != NULL || oom) {
    if (oom) snprintf(r->reason, sizeof r->reason, "out of memory");
    else
      snprintf(r->reason, sizeof r->reason, "the target leaves range '%s' free, the source does not",
               dangling->aux.name);
  } else {
    if (src->kind == NK_VALUE) {
      SmtTerm ts, tt;
      if (genc_value(g, src, &ts) && genc_value(g, tgt, &tt)) {
        dsrc = ts.def;
        bad = enc_not(e, enc_same(e, ts, tt));
      }
    } else {
      bad = effects_differ(e, g, src, tgt, &dsrc);
    }
    /* The target's loop variables must lie in its own domains wherever the source's do. */
    bad = enc_or(e, bad, enc_not(e, genc_obligations(g)));
    /* e->ranges and the cuts are complete only now that everything is encoded. */
    Z3_ast h = enc_and(e, enc_and(e, enc_and(e, e->ranges, hyp), genc_cuts(g)), dsrc);
    if (e->failed || !bad || !h) encoding_failed(g, r);
    else verdict = solve(s, e, g, flags, h, bad, r);
  }
  if (verdict != SMT_UNKNOWN && smt_z3_failed(r->reason, sizeof r->reason)) {
    verdict = SMT_ERROR;
    smt_result_free(r);
  }
  if (verdict == SMT_ERROR && !r->reason[0]) snprintf(r->reason, sizeof r->reason, "encoding failed");
  r->verdict = verdict;
  return verdict;
}

/* ---- ground evaluation ---- */

static bool eval_error(char *err, size_t errsize, const char *msg, const char *name) {
  if (err && errsize) {
    if (name) snprintf(err, errsize, "%s '%s'", msg, name);
    else snprintf(err, errsize, "%s", msg);
  }
  return false;
}

static bool has_effect_var(Node *root) {
  Node **order;
  size_t n = vs_postorder(root, &order);
  bool found = false;
  for (size_t i = 0; i < n && !found; i++) found = order[i]->op == OP_EFFECT;
  free(order);
  return found;
}

/* The array holding data: the default everywhere, then the listed elements. */
static Z3_ast array_literal(Enc *e, Z3_sort asort, DType dt, const BufData *data) {
  if (e->failed) return NULL;
  Z3_ast a = enc_hold(e, Z3_mk_const_array(e->z, Z3_get_array_sort_domain(e->z, asort), enc_const(e, dt, data->dflt)));
  for (size_t i = 0; i < data->n && a; i++)
    a = enc_ap3(e, Z3_mk_store, a, enc_bv(e, data->idx[i], 64), enc_const(e, dt, data->bits[i]));
  return a;
}

/* The conjunction fixing every input of the encoding to env's value; false (err set) if one is
 * missing or malformed. */
static bool fix_inputs(Enc *e, GraphEnc *g, const Point *env, Z3_ast *fix, char *err, size_t errsize) {
  Z3_ast f = e->s->t_true;
  for (size_t i = 0; i < e->nvars; i++) {
    const Node *v = e->vars[i].node;
    size_t j = 0;
    while (j < env->nvars && env->vars[j].var != v) j++;
    if (j == env->nvars) return eval_error(err, errsize, "no value for variable", v->aux.name);
    f = enc_and(e, f, enc_eq(e, e->vars[i].c, enc_const(e, (DType)v->dtype, env->vars[j].lane[0])));
  }
  const Node *const *ranges;
  const Z3_ast *consts;
  size_t nr = genc_free_ranges(g, &ranges, &consts);
  for (size_t i = 0; i < nr; i++) {
    size_t j = 0;
    while (j < env->nranges && env->ranges[j].var != ranges[i]) j++;
    if (j == env->nranges) return eval_error(err, errsize, "no value for range", ranges[i]->aux.name);
    f = enc_and(e, f, enc_eq(e, consts[i], enc_bv(e, env->ranges[j].lane[0], 64)));
  }
  const Node *const *bufs;
  size_t nb = genc_buffers(g, &bufs);
  for (size_t b = 0; b < nb; b++) {
    size_t j = 0;
    while (j < env->nbufs && env->bufs[j].buf != bufs[b]) j++;
    if (j == env->nbufs) return eval_error(err, errsize, "no contents for buffer", bufs[b]->aux.name);
    const BufData *d = &env->bufs[j].data;
    if (d->size < bufs[b]->lo || d->size > bufs[b]->hi)
      return eval_error(err, errsize, "size outside the declared range for buffer", bufs[b]->aux.name);
    for (size_t k = 0; k < d->n; k++)
      if (d->idx[k] >= d->size)
        return eval_error(err, errsize, "an element beyond the size of buffer", bufs[b]->aux.name);
    Z3_ast init = genc_initial_array(g, b);
    Z3_ast lit = array_literal(e, Z3_get_sort(e->z, init), (DType)bufs[b]->dtype, d);
    f = enc_and(e, f, enc_and(e, enc_eq(e, genc_size(g, b), enc_bv(e, d->size, 64)), enc_eq(e, init, lit)));
  }
  *fix = f;
  if (e->failed) return eval_error(err, errsize, "encoding failed", NULL);
  return true;
}

/* Checks the solver; on sat replaces *m (held) with its model. */
static Z3_lbool check_model(Enc *e, Z3_solver solver, Z3_model *m) {
  Z3_lbool res = Z3_solver_check(e->z, solver);
  if (res != Z3_L_TRUE) return res;
  Z3_model nm = Z3_solver_get_model(e->z, solver);
  if (!nm) return Z3_L_UNDEF;
  Z3_model_inc_ref(e->z, nm);
  if (*m) Z3_model_dec_ref(e->z, *m);
  *m = nm;
  return res;
}

/* Whether term t (Bool) takes the same value v in every model of the solver's assertions. */
static bool forced(Enc *e, Z3_solver solver, Z3_ast t, bool v) {
  Z3_solver_push(e->z, solver);
  Z3_solver_assert(e->z, solver, v ? enc_not(e, t) : t);
  bool only = Z3_solver_check(e->z, solver) == Z3_L_FALSE;
  Z3_solver_pop(e->z, solver, 1);
  return only;
}

/* An effect's final state as env's buffers in env's order: each starts as env's contents, and takes
 * the model's element at every index a load or store of the encoding used (the only elements an
 * effect without abstract effects can change). */
static bool read_final_state(Enc *e, GraphEnc *g, Z3_model m, const Point *env, const Z3_ast *fin,
                             Outcome *out) {
  const Node *const *bufs;
  size_t nb = genc_buffers(g, &bufs);
  if (!(out->bufs = calloc(env->nbufs ? env->nbufs : 1, sizeof *out->bufs))) return false;
  for (size_t i = 0; i < env->nbufs; i++) {
    out->bufs[i].buf = env->bufs[i].buf;
    if (!bufdata_copy(&out->bufs[i].data, &env->bufs[i].data)) return false;
    out->nbufs = i + 1;
    size_t b = 0;
    while (b < nb && bufs[b] != env->bufs[i].buf) b++;
    if (b < nb && !read_accessed(e, g, m, b, fin[b], &out->bufs[i].data)) return false;
  }
  return true;
}

/* The root's result in the model: ub, INVALID, bits; an effect's final buffers. */
static bool read_result(Enc *e, GraphEnc *g, Z3_model m, Node *root, SmtTerm t, const Z3_ast *fin,
                        const Point *env, Outcome *out) {
  uint64_t def, inv = 0;
  if (!enc_model_bits(e, m, t.def, DT_BOOL, &def)) return false;
  out->value.ub = !def;
  if (!def) return true;
  if (root->kind == NK_EFFECT) return read_final_state(e, g, m, env, fin, out);
  if (!enc_model_bits(e, m, enc_inv(e, t), DT_BOOL, &inv)) return false;
  out->value.inv = inv;
  return inv || enc_model_bits(e, m, t.val, (DType)root->dtype, &out->value.lane[0]);
}

/* Encodes root (value or effect) into *t (an effect: t->def) and fin (its final arrays). */
static bool encode_root(GraphEnc *g, Node *root, SmtTerm *t, Z3_ast **fin) {
  size_t nb = genc_state_arrays(g);
  if (root->kind == NK_VALUE) return genc_value(g, root, t);
  *fin = calloc(nb ? nb : 1, sizeof **fin);
  t->val = t->inv = NULL;
  return *fin && genc_effect(g, root, &t->def, *fin);
}

bool smt_eval_graph_at(SmtCtx *s, Node *root, const Point *env, Outcome *out, char *err, size_t errsize) {
  if (!s || !root || !env) return eval_error(err, errsize, "missing argument", NULL);
  if (root->kind != NK_VALUE && root->kind != NK_EFFECT)
    return eval_error(err, errsize, "the root is a buffer or a pointer", NULL);
  if (root->flags & NF_HAS_VEC) return eval_error(err, errsize, "vectors are not supported in graph evaluation", NULL);
  if (has_effect_var(root)) return eval_error(err, errsize, "an abstract effect cannot be evaluated", NULL);
  char why[160];
  if (!smt_z3_begin(s, 10, why, sizeof why)) return eval_error(err, errsize, why, NULL);
  Enc e;
  enc_init(&e, s);
  e.portable = false; /* values are read off by simplification or a model: Z3's own fp.to_ieee_bv */
  GraphEnc *g = genc_new(&e, &root, 1);
  Z3_ast *fin = NULL, fix = NULL;
  Z3_solver solver = NULL;
  Z3_model m = NULL;
  SmtTerm t = {NULL, NULL, NULL};
  bool ok = false;
  if (!g || !encode_root(g, root, &t, &fin)) {
    eval_error(err, errsize, g && genc_error(g)[0] ? genc_error(g) : "encoding failed", NULL);
  } else if (fix_inputs(&e, g, env, &fix, err, errsize) && (solver = graph_solver(s, NULL, 0)) != NULL) {
    Z3_solver_assert(e.z, solver, fix);
    if (check_model(&e, solver, &m) != Z3_L_TRUE) {
      eval_error(err, errsize, "z3 found no model of the inputs", NULL);
    } else {
      /* A point outside some free range's domain is not admissible: nothing is evaluated. */
      const Node *const *ranges;
      const Z3_ast *consts;
      size_t nr = genc_free_ranges(g, &ranges, &consts);
      for (size_t i = 0; i < nr && !out->out_of_domain; i++) {
        uint64_t in;
        if (enc_model_bits(&e, m, genc_range_domain(g, i), DT_BOOL, &in) && !in) out->out_of_domain = true;
      }
      ok = out->out_of_domain;
      if (!ok && genc_bounded(g)) {
        Z3_solver_assert(e.z, solver, genc_cuts(g));
        if (check_model(&e, solver, &m) != Z3_L_TRUE) {
          eval_error(err, errsize, "a loop is longer than the unrolling limit", NULL);
          goto done;
        }
      }
      if (!ok && (root->flags & NF_HAS_UF)) {
        /* An uninterpreted function leaves the value open; the definedness may still be determined. */
        uint64_t d;
        if (!enc_model_bits(&e, m, t.def, DT_BOOL, &d) || !forced(&e, solver, t.def, d)) {
          eval_error(err, errsize, "the result depends on the values of uninterpreted functions", NULL);
          goto done;
        }
      }
      if (!ok) ok = read_result(&e, g, m, root, t, fin, env, out);
      if (!ok && err && !err[0]) eval_error(err, errsize, "the model has no value for the result", NULL);
    }
  }
done:
  if (ok && (e.failed || smt_z3_failed(NULL, 0))) ok = eval_error(err, errsize, "z3 failed", NULL);
  if (!ok) {
    outcome_free(out);
    out->value = lane_value((Value){0, false, false});
  }
  if (m) Z3_model_dec_ref(e.z, m);
  if (solver) Z3_solver_dec_ref(e.z, solver);
  free(fin);
  genc_free(g);
  smt_z3_clear_error();
  enc_fini(&e);
  return ok;
}
