/* test_smt_graph.c: the Z3 encoding of the tensor-graph layer (smt/encode_graph.c, smt/refine_graph.c;
 * docs/semantics.md, "Memory, loops and reductions").
 *
 * Verdicts are checked against answers derived by hand from the semantics doc. Every counterexample is
 * replayed: its variables, free ranges and initial buffers are a Point, and smt_eval_at must
 * find the source defined and the target UB or different there (a consistency check of the model
 * extraction; the evaluator, src/eval/eval_graph.c, is the independent check, elsewhere).
 * Where a counterexample is determined, its values are compared with the ones worked out by hand.
 * smt_eval_at itself is checked op by op on concrete inputs against results computed by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/graph.h"
#include "smt/smt.h"
#include "support.h"

typedef TestSmtFx Fx;

/* ---- building expressions ---- */

static Node *nn(Node *n) {
  assert_non_null(n);
  return n;
}
static Node *var(Fx *fx, const char *name, DType dt) { return nn(vs_var(fx->c, name, dt, im_min(dt), im_max(dt))); }
static Node *var_in(Fx *fx, const char *name, DType dt, i128 lo, i128 hi) {
  return nn(vs_var(fx->c, name, dt, lo, hi));
}
static Node *k(Fx *fx, DType dt, i128 v) { return nn(vs_const_int(fx->c, dt, v)); }
static Node *ix(Fx *fx, i128 v) { return k(fx, DT_INDEX, v); }
static Node *kbits(Fx *fx, DType dt, uint64_t bits) { return nn(vs_const(fx->c, dt, bits)); }
static Node *b2(Fx *fx, Op op, Node *a, Node *b) { return nn(vs_bin(fx->c, op, a, b)); }
static Node *t3(Fx *fx, Op op, Node *a, Node *b, Node *c) { return nn(vs_tern(fx->c, op, a, b, c)); }
static Node *inv(Fx *fx) { return nn(vs_invalid(fx->c)); }
static Node *buf(Fx *fx, const char *name, DType dt, uint64_t n) { return nn(vs_buffer(fx->c, name, dt, n, n)); }
static Node *ptr(Fx *fx, Node *b, Node *i) { return nn(vs_ptr(fx->c, b, i)); }
static Node *load(Fx *fx, Node *b, Node *i) { return nn(vs_load(fx->c, ptr(fx, b, i))); }
static Node *store(Fx *fx, Node *b, Node *i, Node *v) { return nn(vs_store(fx->c, ptr(fx, b, i), v)); }
static Node *noop(Fx *fx) { return nn(vs_noop(fx->c)); }
static Node *range(Fx *fx, Node *end, const char *name) { return nn(vs_range(fx->c, end, name)); }
static Node *reduce1(Fx *fx, Op op, Node *x, Node *r) { return nn(vs_reduce(fx->c, op, x, &r, r ? 1 : 0)); }
static Node *end1(Fx *fx, Node *eff, Node *r) { return nn(vs_end(fx->c, eff, &r, r ? 1 : 0)); }
static Node *after1(Fx *fx, Node *x, Node *dep) { return nn(vs_after(fx->c, x, &dep, 1)); }
static Node *effect(Fx *fx, const char *name, Node *r) { return nn(vs_effect_var(fx->c, name, &r, r ? 1 : 0)); }

static const uint64_t F32_NEG_ZERO = 0x80000000u, F32_ONE = 0x3f800000u, F32_TWO = 0x40000000u;

/* ---- environments and ground evaluation ---- */

typedef struct {
  VarValue vars[8];
  VarValue ranges[8];
  BufValue bufs[4];
  Point env;
} Env;

static void env_init(Env *v) {
  memset(v, 0, sizeof *v);
  v->env.vars = v->vars;
  v->env.ranges = v->ranges;
  v->env.bufs = v->bufs;
}
static void env_var(Env *v, const Node *x, uint64_t bits) { v->vars[v->env.nvars++] = var_value(x, bits); }
static void env_range(Env *v, const Node *r, uint64_t bits) { v->ranges[v->env.nranges++] = var_value(r, bits); }
/* A buffer of `size` elements `dflt`, then n (index, bits) pairs. */
static void env_buf(Env *v, const Node *b, uint64_t size, uint64_t dflt, int n, ...) {
  BufValue *bv = &v->bufs[v->env.nbufs++];
  bv->buf = b;
  bufdata_init(&bv->data, size, dflt);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    uint64_t idx = va_arg(ap, uint64_t), bits = va_arg(ap, uint64_t);
    assert_true(bufdata_set(&bv->data, idx, bits));
  }
  va_end(ap);
}
static void env_free(Env *v) {
  for (size_t i = 0; i < v->env.nbufs; i++) bufdata_free(&v->bufs[i].data);
}

static void result_free(Outcome *r) { outcome_free(r); }

static Outcome zeval_at(Fx *fx, Node *root, const Env *v, int line) {
  Outcome out;
  char err[160];
  if (!smt_eval_at(fx->s, root, &v->env, &out, err, sizeof err)) fail_msg("line %d: smt_eval_at: %s", line, err);
  return out;
}
#define eval(fx, root, v) zeval_at(fx, root, v, __LINE__)

static void expect_val_at(Fx *fx, Node *root, const Env *v, uint64_t bits, int line) {
  Outcome r = zeval_at(fx, root, v, line);
  if (r.value.ub || r.value.inv || r.out_of_domain || r.value.lane[0] != bits)
    fail_msg("line %d: got ub=%d inv=%d ood=%d bits=%#llx, expected %#llx", line, r.value.ub, r.value.inv,
             r.out_of_domain, (unsigned long long)r.value.lane[0], (unsigned long long)bits);
  result_free(&r);
}
#define expect_val(fx, root, v, bits) expect_val_at(fx, root, v, bits, __LINE__)

static void expect_ub_at(Fx *fx, Node *root, const Env *v, int line) {
  Outcome r = zeval_at(fx, root, v, line);
  if (!r.value.ub || r.out_of_domain)
    fail_msg("line %d: expected UB (ub=%d ood=%d)", line, r.value.ub, r.out_of_domain);
  assert_null(r.bufs);
  result_free(&r);
}
#define expect_ub(fx, root, v) expect_ub_at(fx, root, v, __LINE__)

/* Buffer i of an effect's result holds exactly want. */
static void expect_buf_at(const Outcome *r, size_t i, const BufData *want, int line) {
  if (r->value.ub || r->out_of_domain || i >= r->nbufs) fail_msg("line %d: no final buffer %zu", line, i);
  if (!bufdata_equal(&r->bufs[i].data, want)) fail_msg("line %d: final buffer %zu differs", line, i);
}
#define expect_buf(r, i, want) expect_buf_at(r, i, want, __LINE__)

/* A BufData of `size` elements dflt with n (index, bits) pairs (the caller frees it). */
static BufData data(uint64_t size, uint64_t dflt, int n, ...) {
  BufData d;
  bufdata_init(&d, size, dflt);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    uint64_t idx = va_arg(ap, uint64_t), bits = va_arg(ap, uint64_t);
    assert_true(bufdata_set(&d, idx, bits));
  }
  va_end(ap);
  return d;
}

/* ---- refinement, with counterexamples replayed ---- */

static const BufValue *model_buf(const SmtResult *r, const Node *b) {
  for (size_t i = 0; i < r->model.nbufs; i++)
    if (r->model.bufs[i].buf == b) return &r->model.bufs[i];
  fail_msg("no model for buffer %s", b->aux.name);
  return NULL;
}

static uint64_t model_var(const SmtResult *r, const Node *x) {
  for (size_t i = 0; i < r->model.nvars; i++)
    if (r->model.vars[i].var == x) return r->model.vars[i].lane[0];
  fail_msg("no model value for %s", x->aux.name);
  return 0;
}

static uint64_t model_range(const SmtResult *r, const Node *x) {
  for (size_t i = 0; i < r->model.nranges; i++)
    if (r->model.ranges[i].var == x) return r->model.ranges[i].lane[0];
  fail_msg("no model value for range %s", x->aux.name);
  return 0;
}

static bool has_effect_var(Node *n) {
  if (n->op == OP_EFFECT) return true;
  for (int i = 0; i < n->nargs; i++)
    if (has_effect_var(n->args[i])) return true;
  return false;
}

/* The counterexample as inputs: src must be defined there and tgt UB or different. */
static void replay(Fx *fx, Node *pre, Node *src, Node *tgt, const SmtResult *r) {
  if (has_effect_var(src) || has_effect_var(tgt) || ((src->flags | tgt->flags) & NF_HAS_UF)) return;
  const Point *env = &r->model;
  Outcome gs, gt;
  char err[160];
  if (pre) {
    if (!smt_eval_at(fx->s, pre, env, &gs, err, sizeof err)) fail_msg("replay pre: %s", err);
    assert_false(gs.out_of_domain);
    assert_false(gs.value.ub);
    assert_int_equal(gs.value.lane[0], 1);
    result_free(&gs);
  }
  if (!smt_eval_at(fx->s, src, env, &gs, err, sizeof err)) fail_msg("replay src: %s", err);
  if (!smt_eval_at(fx->s, tgt, env, &gt, err, sizeof err)) fail_msg("replay tgt: %s", err);
  assert_false(gs.out_of_domain);
  assert_false(gt.out_of_domain);
  assert_false(gs.value.ub);
  bool same = !gt.value.ub;
  if (same && src->kind == NK_VALUE) same = lane_value_same(&gs.value, &gt.value);
  for (size_t i = 0; same && i < gs.nbufs; i++) same = bufdata_equal(&gs.bufs[i].data, &gt.bufs[i].data);
  assert_false(same);
  result_free(&gs);
  result_free(&gt);
}

static SmtResult check_at(Fx *fx, Node *pre, Node *src, Node *tgt, SmtVerdict want, int line) {
  SmtResult r = smt_refines(fx->s, pre, src, tgt);
  if (r.verdict != want) {
    SmtVerdict got = r.verdict;
    smt_result_free(&r);
    fail_msg("line %d: verdict %d, expected %d (%s)", line, got, want, r.reason);
  }
  if (r.verdict == SMT_INVALID) replay(fx, pre, src, tgt, &r);
  return r;
}
static void expect_at(Fx *fx, Node *pre, Node *src, Node *tgt, SmtVerdict want, int line) {
  SmtResult r = check_at(fx, pre, src, tgt, want, line);
  smt_result_free(&r);
}
#define check(fx, pre, src, tgt, want) check_at(fx, pre, src, tgt, want, __LINE__)
#define expect(fx, pre, src, tgt, want) expect_at(fx, pre, src, tgt, want, __LINE__)

/* ---- loads and stores ---- */

static void test_load_invalid_is_zero(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Node *l = load(fx, b, inv(fx));
  expect(fx, NULL, l, k(fx, DT_I32, 0), SMT_VALID);
  expect(fx, NULL, l, k(fx, DT_I32, 1), SMT_INVALID);
  /* A float buffer's 0 is +0.0, not -0.0. */
  Node *f = buf(fx, "f", DT_F32, 4);
  Node *lf = load(fx, f, inv(fx));
  expect(fx, NULL, lf, kbits(fx, DT_F32, 0), SMT_VALID);
  expect(fx, NULL, lf, kbits(fx, DT_F32, F32_NEG_ZERO), SMT_INVALID);
  /* A masked index: the element where m holds, 0 elsewhere. */
  Node *m = var(fx, "m", DT_BOOL), *i = var_in(fx, "i", DT_INDEX, 0, 3);
  Node *lm = load(fx, b, t3(fx, OP_SELECT, m, i, inv(fx)));
  expect(fx, NULL, lm, t3(fx, OP_SELECT, m, load(fx, b, i), k(fx, DT_I32, 0)), SMT_VALID);
  SmtResult r = check(fx, NULL, lm, load(fx, b, i), SMT_INVALID);
  /* By hand: only m false with b[i] != 0 tells them apart. */
  assert_int_equal(model_var(&r, m), 0);
  assert_int_not_equal(bufdata_get(&model_buf(&r, b)->data, model_var(&r, i)), 0);
  smt_result_free(&r);
}

static void test_oob_load_is_ub(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  /* Always out of bounds: anything refines it. */
  expect(fx, NULL, load(fx, b, ix(fx, 4)), k(fx, DT_I32, 42), SMT_VALID);
  expect(fx, NULL, load(fx, b, ix(fx, -1)), k(fx, DT_I32, 42), SMT_VALID);
  Node *i = var_in(fx, "i", DT_INDEX, 0, 10);
  Node *guarded = t3(fx, OP_SELECT, b2(fx, OP_LT, i, ix(fx, 4)), load(fx, b, i), k(fx, DT_I32, 42));
  expect(fx, NULL, load(fx, b, i), guarded, SMT_VALID);
  /* The other way the target is UB where the source is 42. */
  SmtResult r = check(fx, NULL, guarded, load(fx, b, i), SMT_INVALID);
  assert_true(model_var(&r, i) >= 4);
  smt_result_free(&r);
  /* select keeps its laziness around loads: the out-of-bounds load is never made. */
  expect(fx, NULL, guarded, guarded, SMT_VALID);
  Node *lazy = t3(fx, OP_SELECT, var(fx, "m", DT_BOOL), load(fx, b, ix(fx, 9)), k(fx, DT_I32, 0));
  r = check(fx, NULL, lazy, k(fx, DT_I32, 1), SMT_INVALID);
  assert_int_equal(model_var(&r, var(fx, "m", DT_BOOL)), 0);
  smt_result_free(&r);
}

static void test_store_invalid_is_noop(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Node *v = var(fx, "v", DT_I32);
  Node *s = store(fx, b, inv(fx), v);
  expect(fx, NULL, s, noop(fx), SMT_VALID);
  expect(fx, NULL, noop(fx), s, SMT_VALID);
  /* Storing an INVALID value into an index buffer does nothing either. */
  Node *ib = buf(fx, "ib", DT_INDEX, 4);
  expect(fx, NULL, store(fx, ib, ix(fx, 1), inv(fx)), noop(fx), SMT_VALID);
  /* ... but only in bounds: an integer index outside [0, N) is UB whatever the value. */
  expect(fx, NULL, noop(fx), store(fx, ib, ix(fx, 4), inv(fx)), SMT_INVALID);
  /* A masked store is a store where the mask holds. */
  Node *m = var(fx, "m", DT_BOOL), *i = var_in(fx, "i", DT_INDEX, 0, 3);
  SmtResult r = check(fx, NULL, store(fx, b, t3(fx, OP_SELECT, m, i, inv(fx)), v), noop(fx), SMT_INVALID);
  assert_int_equal(model_var(&r, m), 1);
  assert_int_not_equal(bufdata_get(&model_buf(&r, b)->data, model_var(&r, i)), model_var(&r, v));
  smt_result_free(&r);
}

static void test_store_of_load_is_noop(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_F32, 8);
  Node *i = var(fx, "i", DT_INDEX);
  Node *s = store(fx, b, i, load(fx, b, i));
  /* Out of bounds the source is UB; in bounds it writes back what is there (NaN included). */
  expect(fx, NULL, s, noop(fx), SMT_VALID);
  SmtResult r = check(fx, NULL, noop(fx), s, SMT_INVALID);
  int64_t iv = (int64_t)model_var(&r, i);
  assert_true(iv < 0 || iv >= 8);
  smt_result_free(&r);
}

static void test_store_ub_value(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Node *x = var(fx, "x", DT_I32), *y = var(fx, "y", DT_I32);
  /* UB comes first, even at a masked pointer: where y == 0 the store is UB, elsewhere it does nothing. */
  Node *s = store(fx, b, inv(fx), b2(fx, OP_IDIV, x, y));
  expect(fx, NULL, s, noop(fx), SMT_VALID);
  SmtResult r = check(fx, NULL, noop(fx), s, SMT_INVALID);
  assert_int_equal(model_var(&r, y), 0);
  smt_result_free(&r);
  /* An in-bounds store of x // y is not a noop where y != 0 (and the element differs). */
  r = check(fx, NULL, store(fx, b, ix(fx, 2), b2(fx, OP_IDIV, x, y)), noop(fx), SMT_INVALID);
  assert_int_not_equal(model_var(&r, y), 0);
  smt_result_free(&r);
  /* An out-of-bounds store is UB: anything refines it. */
  expect(fx, NULL, store(fx, b, ix(fx, 4), x), store(fx, b, ix(fx, 0), x), SMT_VALID);
}

static void test_after(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Node *i = var(fx, "i", DT_INDEX), *j = var(fx, "j", DT_INDEX), *v = var(fx, "v", DT_I32);
  Node *st = store(fx, b, i, v);
  expect(fx, NULL, after1(fx, load(fx, b, i), st), v, SMT_VALID);
  SmtResult r = check(fx, NULL, after1(fx, load(fx, b, j), st), v, SMT_INVALID);
  assert_int_not_equal(model_var(&r, i), model_var(&r, j));
  smt_result_free(&r);
  /* A pointer through after: the element once the store has run. */
  Node *pa = nn(vs_load(fx->c, ptr(fx, after1(fx, b, st), i)));
  expect(fx, NULL, pa, v, SMT_VALID);
  /* after of effects: X runs in the state the dependencies leave, so the last word is X's. */
  Node *s1 = store(fx, b, ix(fx, 0), k(fx, DT_I32, 1)), *s2 = store(fx, b, ix(fx, 0), k(fx, DT_I32, 2));
  expect(fx, NULL, after1(fx, s1, s2), s1, SMT_VALID);
  r = check(fx, NULL, after1(fx, s1, s2), s2, SMT_INVALID);
  smt_result_free(&r);
  /* Independent stores commute; stores to one element do not. */
  Node *c = buf(fx, "c", DT_I32, 4);
  Node *sc = store(fx, c, j, v), *sb = store(fx, b, i, k(fx, DT_I32, 7));
  expect(fx, NULL, after1(fx, sb, sc), after1(fx, sc, sb), SMT_VALID);
  Node *sb2 = store(fx, b, j, v);
  r = check(fx, NULL, after1(fx, sb, sb2), after1(fx, sb2, sb), SMT_INVALID);
  assert_int_equal(model_var(&r, i), model_var(&r, j));
  assert_int_not_equal(model_var(&r, v), 7);
  smt_result_free(&r);
}

static void test_free_size_buffer(void **state) {
  Fx *fx = *state;
  Node *b = nn(vs_buffer(fx->c, "b", DT_U8, 0, 8));
  SmtResult r = check(fx, NULL, store(fx, b, ix(fx, 2), k(fx, DT_U8, 1)), noop(fx), SMT_INVALID);
  /* By hand: the size must admit element 2, which must not hold 1 already. */
  const BufValue *bv = model_buf(&r, b);
  assert_true(bv->data.size >= 3 && bv->data.size <= 8);
  assert_int_not_equal(bufdata_get(&bv->data, 2), 1);
  smt_result_free(&r);
  /* A load of element 2 is UB for the sizes up to 2, a value for the others. */
  r = check(fx, NULL, load(fx, b, ix(fx, 2)), k(fx, DT_U8, 5), SMT_INVALID);
  bv = model_buf(&r, b);
  assert_true(bv->data.size >= 3);
  assert_int_not_equal(bufdata_get(&bv->data, 2), 5);
  smt_result_free(&r);
  Node *n0 = nn(vs_buffer(fx->c, "n0", DT_U8, 0, 2));
  expect(fx, NULL, load(fx, n0, ix(fx, 2)), k(fx, DT_U8, 5), SMT_VALID);
}

/* ---- ranges and reductions ---- */

static void test_range_zero_when_short(void **state) {
  Fx *fx = *state;
  Node *n = var_in(fx, "n", DT_INDEX, 0, 1);
  Node *r = range(fx, n, "r");
  expect(fx, NULL, r, ix(fx, 0), SMT_VALID);
  Node *n2 = var_in(fx, "n2", DT_INDEX, 0, 2);
  Node *r2 = range(fx, n2, "r");
  SmtResult res = check(fx, NULL, r2, ix(fx, 0), SMT_INVALID);
  /* By hand: r = 1, so n2 = 2. */
  assert_int_equal(model_range(&res, r2), 1);
  assert_int_equal(model_var(&res, n2), 2);
  smt_result_free(&res);
  /* An empty domain makes the case vacuous. */
  expect(fx, NULL, range(fx, var_in(fx, "m", DT_INDEX, -3, 0), "q"), ix(fx, 5), SMT_VALID);
  /* Also where the range only occurs in a loop body that never runs. */
  Node *dead = reduce1(fx, OP_ADD, range(fx, ix(fx, 0), "d"), range(fx, ix(fx, 0), "r0"));
  expect(fx, NULL, dead, ix(fx, 1), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_ADD, range(fx, ix(fx, 1), "d"), range(fx, ix(fx, 0), "r0")), ix(fx, 1), SMT_INVALID);
  /* A free range in the target must be free in the source. */
  res = smt_refines(fx->s, NULL, ix(fx, 0), r);
  assert_int_equal(res.verdict, SMT_ERROR);
  assert_non_null(strstr(res.reason, "'r' free"));
  smt_result_free(&res);
}

static void test_reduce_empty_is_identity(void **state) {
  Fx *fx = *state;
  Node *x = var(fx, "x", DT_I32), *xf = var(fx, "xf", DT_F32);
  Node *r0 = range(fx, ix(fx, 0), "r");
  Node *rn = range(fx, var_in(fx, "n", DT_INDEX, -4, 0), "s");
  expect(fx, NULL, reduce1(fx, OP_ADD, x, r0), k(fx, DT_I32, 0), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_MUL, x, rn), k(fx, DT_I32, 1), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_MAX, x, r0), k(fx, DT_I32, INT32_MIN), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_MIN, x, r0), k(fx, DT_I32, INT32_MAX), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_ADD, xf, r0), kbits(fx, DT_F32, 0), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_MIN, xf, rn), kbits(fx, DT_F32, 0x7f800000u), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_MAX, xf, r0), kbits(fx, DT_F32, 0xff800000u), SMT_VALID);
  expect(fx, NULL, reduce1(fx, OP_ADD, x, r0), k(fx, DT_I32, 1), SMT_INVALID);
  /* An iteration that does not run evaluates nothing. */
  Node *ub = b2(fx, OP_IDIV, k(fx, DT_I32, 1), k(fx, DT_I32, 0));
  expect(fx, NULL, reduce1(fx, OP_ADD, ub, r0), k(fx, DT_I32, 0), SMT_VALID);
  expect(fx, NULL, k(fx, DT_I32, 0), reduce1(fx, OP_ADD, ub, r0), SMT_VALID);
  /* One that runs does. */
  expect(fx, NULL, k(fx, DT_I32, 0), reduce1(fx, OP_ADD, ub, range(fx, ix(fx, 1), "t")), SMT_INVALID);
}

static void test_reduce_float_first_step(void **state) {
  Fx *fx = *state;
  Node *x = var(fx, "x", DT_F32);
  Node *red = reduce1(fx, OP_ADD, x, range(fx, ix(fx, 1), "r"));
  SmtResult r = check(fx, NULL, red, x, SMT_INVALID);
  assert_int_equal(model_var(&r, x), F32_NEG_ZERO); /* +0.0 + -0.0 is +0.0 */
  smt_result_free(&r);
  expect(fx, NULL, red, b2(fx, OP_ADD, kbits(fx, DT_F32, 0), x), SMT_VALID);
  /* No ranges: one iteration, OP(ID, x). */
  expect(fx, NULL, reduce1(fx, OP_MUL, x, NULL), b2(fx, OP_MUL, kbits(fx, DT_F32, F32_ONE), x), SMT_VALID);
}

static void test_reduce_sums(void **state) {
  Fx *fx = *state;
  Node *n = var_in(fx, "n", DT_INDEX, 0, 12);
  Node *r = range(fx, n, "r");
  /* sum of r over [0, n) is n (n - 1) / 2. */
  Node *sum = reduce1(fx, OP_ADD, r, r);
  Node *closed = b2(fx, OP_IDIV, b2(fx, OP_MUL, n, b2(fx, OP_SUB, n, ix(fx, 1))), ix(fx, 2));
  expect(fx, NULL, sum, closed, SMT_VALID);
  SmtResult res = check(fx, NULL, sum, b2(fx, OP_MUL, n, ix(fx, 5)), SMT_INVALID);
  uint64_t nv = model_var(&res, n), by_hand = 0;
  for (uint64_t j = 0; j < nv; j++) by_hand += j;
  assert_int_not_equal(by_hand, nv * 5);
  smt_result_free(&res);
  /* A triangular nest: the inner end depends on the outer variable. */
  Node *q = range(fx, b2(fx, OP_ADD, r, ix(fx, 1)), "q");
  Node *rs[2] = {r, q};
  Node *tri = nn(vs_reduce(fx->c, OP_ADD, ix(fx, 1), rs, 2));
  Node *tri_closed = b2(fx, OP_IDIV, b2(fx, OP_MUL, n, b2(fx, OP_ADD, n, ix(fx, 1))), ix(fx, 2));
  expect(fx, NULL, tri, tri_closed, SMT_VALID);
  /* Sum of a buffer's elements, against the elements added by hand. */
  Node *b = buf(fx, "b", DT_I32, 3);
  Node *r3 = range(fx, ix(fx, 3), "i");
  Node *bsum = reduce1(fx, OP_ADD, load(fx, b, r3), r3);
  Node *hand = b2(fx, OP_ADD, b2(fx, OP_ADD, load(fx, b, ix(fx, 0)), load(fx, b, ix(fx, 1))), load(fx, b, ix(fx, 2)));
  expect(fx, NULL, bsum, hand, SMT_VALID);
  /* Over a longer range the load goes out of bounds: UB, refined by anything. */
  Node *r4 = range(fx, ix(fx, 4), "i");
  expect(fx, NULL, reduce1(fx, OP_ADD, load(fx, b, r4), r4), k(fx, DT_I32, 0), SMT_VALID);
}

static void test_reduce_invalid(void **state) {
  Fx *fx = *state;
  Node *m = var(fx, "m", DT_BOOL), *i = var(fx, "i", DT_INDEX);
  Node *mi = t3(fx, OP_SELECT, m, i, inv(fx));
  /* An index reduction over a masked index is INVALID where the mask is off and a step runs. */
  Node *red = reduce1(fx, OP_ADD, mi, range(fx, ix(fx, 2), "r"));
  expect(fx, NULL, red, t3(fx, OP_SELECT, m, b2(fx, OP_ADD, i, i), inv(fx)), SMT_VALID);
  expect(fx, NULL, red, b2(fx, OP_ADD, i, i), SMT_INVALID);
  /* A range whose end is INVALID is UB (our reading; a loop over it is too: test_eval_reduce). */
  Node *rr = range(fx, mi, "s");
  expect(fx, NULL, reduce1(fx, OP_ADD, ix(fx, 1), rr), ix(fx, 7), SMT_INVALID);
  expect(fx, b2(fx, OP_EQ, m, vs_bool(fx->c, false)), rr, ix(fx, 7), SMT_VALID);
  expect(fx, NULL, rr, ix(fx, 7), SMT_INVALID);
}

/* ---- loop nests of effects ---- */

static void test_end(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_INDEX, 4);
  Node *r0 = range(fx, ix(fx, 0), "r");
  Node *body = store(fx, b, r0, r0);
  expect(fx, NULL, end1(fx, body, r0), noop(fx), SMT_VALID);
  /* The trap of docs/semantics.md: over an empty range the store never runs. */
  Node *s0 = store(fx, b, ix(fx, 0), var(fx, "v", DT_INDEX));
  Node *e0 = end1(fx, s0, range(fx, ix(fx, 0), "q"));
  SmtResult r = check(fx, NULL, e0, s0, SMT_INVALID);
  assert_int_not_equal(bufdata_get(&model_buf(&r, b)->data, 0), model_var(&r, var(fx, "v", DT_INDEX)));
  smt_result_free(&r);
  /* b[r] = r for r < 4 is four stores. */
  Node *r4 = range(fx, ix(fx, 4), "r");
  Node *fill = end1(fx, store(fx, b, r4, r4), r4);
  Node *by_hand = store(fx, b, ix(fx, 0), ix(fx, 0));
  for (int j = 1; j < 4; j++) by_hand = after1(fx, store(fx, b, ix(fx, j), ix(fx, j)), by_hand);
  expect(fx, NULL, fill, by_hand, SMT_VALID);
  /* The state threads through the iterations: b[0] += 1, n times, adds n. */
  Node *n = var_in(fx, "n", DT_INDEX, 0, 4);
  Node *rn = range(fx, n, "r");
  Node *inc = store(fx, b, ix(fx, 0), b2(fx, OP_ADD, load(fx, b, ix(fx, 0)), ix(fx, 1)));
  Node *incs = end1(fx, inc, rn);
  Node *plus_n = store(fx, b, ix(fx, 0), b2(fx, OP_ADD, load(fx, b, ix(fx, 0)), n));
  expect(fx, NULL, incs, plus_n, SMT_VALID);
  r = check(fx, NULL, incs, store(fx, b, ix(fx, 0), b2(fx, OP_ADD, load(fx, b, ix(fx, 0)), ix(fx, 3))), SMT_INVALID);
  assert_int_not_equal(model_var(&r, n), 3);
  smt_result_free(&r);
  /* One UB iteration makes the loop UB: b[r] for r < 5 writes out of bounds at r = 4. */
  Node *r5 = range(fx, ix(fx, 5), "r");
  expect(fx, NULL, end1(fx, store(fx, b, r5, r5), r5), noop(fx), SMT_VALID);
  expect(fx, NULL, noop(fx), end1(fx, store(fx, b, r5, r5), r5), SMT_INVALID);
}

static void test_end_nested(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 16);
  Node *i = range(fx, ix(fx, 4), "i"), *j = range(fx, ix(fx, 4), "j");
  Node *rs[2] = {i, j};
  /* b[4 i + j] = 1 over the 4 x 4 nest, against one loop over the 16 elements. */
  Node *flat = b2(fx, OP_ADD, b2(fx, OP_MUL, i, ix(fx, 4)), j);
  Node *nest = nn(vs_end(fx->c, store(fx, b, flat, k(fx, DT_I32, 1)), rs, 2));
  Node *f = range(fx, ix(fx, 16), "f");
  expect(fx, NULL, nest, end1(fx, store(fx, b, f, k(fx, DT_I32, 1)), f), SMT_VALID);
  /* end of end: the same nest written as two loops. */
  Node *two = end1(fx, end1(fx, store(fx, b, flat, k(fx, DT_I32, 1)), j), i);
  expect(fx, NULL, nest, two, SMT_VALID);
  /* A reduction inside a loop body reads the state the earlier iterations left:
   * b[i] = sum of b[0..i) + 1 for i < 3 makes 1, 2, 4 from zeros. Checked on concrete inputs below. */
}

/* ---- abstract effects ---- */

static void test_abstract_effects(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Node *e = effect(fx, "e", NULL);
  Node *r0 = range(fx, ix(fx, 0), "r"), *r1 = range(fx, ix(fx, 1), "r1");
  Node *er0 = effect(fx, "e", r0);
  expect(fx, NULL, end1(fx, er0, r0), noop(fx), SMT_VALID);
  expect(fx, NULL, end1(fx, e, r1), e, SMT_VALID);
  expect(fx, NULL, end1(fx, e, r0), e, SMT_INVALID);
  expect(fx, NULL, e, e, SMT_VALID);
  /* The effect's range operand is its argument: a single-trip loop runs e(0). */
  Node *er1 = effect(fx, "e", r1), *e_zero = effect(fx, "e", range(fx, ix(fx, 1), "z"));
  expect(fx, NULL, end1(fx, er1, r1), end1(fx, e_zero, range(fx, ix(fx, 1), "z")), SMT_VALID);
  /* Two different effects are not interchangeable, and an effect is not a noop, nor idempotent, even
   * where the case names no buffer (it may change memory the case does not name). */
  expect(fx, NULL, e, effect(fx, "f", NULL), SMT_INVALID);
  expect(fx, NULL, e, noop(fx), SMT_INVALID);
  expect(fx, NULL, after1(fx, e, e), e, SMT_INVALID);
  /* With a buffer in the case too. */
  Node *wb = store(fx, b, ix(fx, 1), k(fx, DT_I32, 3));
  expect(fx, NULL, after1(fx, e, wb), after1(fx, e, wb), SMT_VALID);
  expect(fx, NULL, after1(fx, e, wb), after1(fx, wb, e), SMT_INVALID);
  /* An effect may change memory outside the case's buffers: a store after it does not undo it. */
  Node *one = buf(fx, "one", DT_I32, 1);
  Node *s = store(fx, one, ix(fx, 0), k(fx, DT_I32, 5)), *s7 = store(fx, one, ix(fx, 0), k(fx, DT_I32, 7));
  Node *g = effect(fx, "g", NULL);
  expect(fx, NULL, after1(fx, s, g), s, SMT_INVALID);
  /* A store overwritten by a later one is dead, after an effect too; and a later effect sees equal
   * states, so it does the same thing. */
  expect(fx, NULL, after1(fx, s, after1(fx, s7, g)), after1(fx, s, g), SMT_VALID);
  Node *h = effect(fx, "h", NULL);
  expect(fx, NULL, after1(fx, h, after1(fx, s, after1(fx, s7, g))), after1(fx, h, after1(fx, s, g)), SMT_VALID);
  /* A load after an effect sees what the effect left: unknown, so not the old value. */
  expect(fx, NULL, after1(fx, load(fx, one, ix(fx, 0)), g), load(fx, one, ix(fx, 0)), SMT_INVALID);
  expect(fx, NULL, after1(fx, load(fx, one, ix(fx, 0)), after1(fx, s, g)), k(fx, DT_I32, 5), SMT_VALID);
  /* An effect may be UB: it does not refine to a store. */
  expect(fx, NULL, s, after1(fx, s, g), SMT_INVALID);
}

/* ---- the unrolling limit ---- */

static void test_unrolling_limit(void **state) {
  Fx *fx = *state;
  Node *n = var(fx, "n", DT_INDEX);
  Node *red = reduce1(fx, OP_ADD, ix(fx, 1), range(fx, n, "r"));
  /* The loop may be longer than 256 iterations: no proof... */
  SmtResult r = check(fx, NULL, red, red, SMT_UNKNOWN);
  assert_non_null(strstr(r.reason, "unrolling"));
  smt_result_free(&r);
  /* ... but a refutation within the limit is still real (replayed). */
  r = check(fx, NULL, red, b2(fx, OP_MAX, n, ix(fx, 0)), SMT_UNKNOWN);
  smt_result_free(&r);
  r = check(fx, NULL, red, ix(fx, 5), SMT_INVALID);
  int64_t nv = (int64_t)model_var(&r, n);
  assert_true(nv <= 256 && nv != 5);
  smt_result_free(&r);
  /* Within the limit the same proof goes through. */
  Node *m = var_in(fx, "m", DT_INDEX, -3, 256);
  Node *redm = reduce1(fx, OP_ADD, ix(fx, 1), range(fx, m, "r"));
  expect(fx, NULL, redm, b2(fx, OP_MAX, m, ix(fx, 0)), SMT_VALID);
  /* 100 x 100 is more than the 4096 iterations of a nest. */
  Node *i = range(fx, ix(fx, 100), "i"), *j = range(fx, ix(fx, 100), "j");
  Node *rs[2] = {i, j};
  Node *big = nn(vs_reduce(fx->c, OP_ADD, ix(fx, 1), rs, 2));
  expect(fx, NULL, big, ix(fx, 10000), SMT_UNKNOWN);
}

/* ---- error cases ---- */

static void test_errors(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_BOOL, 2);
  SmtResult r = smt_refines(fx->s, NULL, store(fx, b, ix(fx, 0), vs_bool(fx->c, true)), load(fx, b, ix(fx, 0)));
  assert_int_equal(r.verdict, SMT_ERROR);
  assert_non_null(strstr(r.reason, "effect"));
  smt_result_free(&r);
  r = smt_refines(fx->s, NULL, b, b);
  assert_int_equal(r.verdict, SMT_ERROR);
  smt_result_free(&r);
  /* A free range whose end names a range that is only ever bound has no meaning. */
  Node *i = range(fx, ix(fx, 4), "i");
  Node *j = range(fx, b2(fx, OP_ADD, i, ix(fx, 1)), "j");
  r = smt_refines(fx->s, NULL, reduce1(fx, OP_ADD, j, i), ix(fx, 0));
  assert_int_equal(r.verdict, SMT_ERROR);
  assert_non_null(strstr(r.reason, "'i'"));
  smt_result_free(&r);
  /* A bool buffer works like any other. */
  Node *t = nn(vs_bool(fx->c, true));
  expect(fx, NULL, after1(fx, load(fx, b, ix(fx, 1)), store(fx, b, ix(fx, 1), t)), t, SMT_VALID);
}

/* ---- ground evaluation ---- */

static void test_eval_load_store(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Env v;
  env_init(&v);
  env_buf(&v, b, 4, 7, 1, (uint64_t)2, (uint64_t)9);
  expect_val(fx, load(fx, b, ix(fx, 2)), &v, 9);
  expect_val(fx, load(fx, b, ix(fx, 1)), &v, 7);
  expect_val(fx, load(fx, b, inv(fx)), &v, 0);
  expect_ub(fx, load(fx, b, ix(fx, 4)), &v);
  expect_ub(fx, load(fx, b, ix(fx, -1)), &v);
  expect_ub(fx, load(fx, b, b2(fx, OP_IDIV, ix(fx, 1), ix(fx, 0))), &v);
  /* store */
  Outcome r = eval(fx, store(fx, b, ix(fx, 1), k(fx, DT_I32, 5)), &v);
  BufData want = data(4, 7, 2, (uint64_t)1, (uint64_t)5, (uint64_t)2, (uint64_t)9);
  expect_buf(&r, 0, &want);
  bufdata_free(&want);
  result_free(&r);
  r = eval(fx, store(fx, b, ix(fx, 2), k(fx, DT_I32, 7)), &v); /* back to the default */
  want = data(4, 7, 0);
  expect_buf(&r, 0, &want);
  result_free(&r);
  r = eval(fx, store(fx, b, inv(fx), k(fx, DT_I32, 5)), &v);
  expect_buf(&r, 0, &v.bufs[0].data);
  result_free(&r);
  r = eval(fx, noop(fx), &v);
  expect_buf(&r, 0, &v.bufs[0].data);
  result_free(&r);
  expect_ub(fx, store(fx, b, ix(fx, 4), k(fx, DT_I32, 5)), &v);
  expect_ub(fx, store(fx, b, inv(fx), b2(fx, OP_IDIV, k(fx, DT_I32, 1), k(fx, DT_I32, 0))), &v);
  /* An f32 buffer: NaN and -0.0 elements come back as stored. */
  Node *f = buf(fx, "f", DT_F32, 2);
  Env w;
  env_init(&w);
  env_buf(&w, f, 2, F32_NEG_ZERO, 1, (uint64_t)1, (uint64_t)0x7fc00000u);
  expect_val(fx, load(fx, f, ix(fx, 0)), &w, F32_NEG_ZERO);
  expect_val(fx, load(fx, f, ix(fx, 1)), &w, 0x7fc00000u);
  expect_val(fx, load(fx, f, inv(fx)), &w, 0);
  r = eval(fx, store(fx, f, ix(fx, 0), kbits(fx, DT_F32, F32_TWO)), &w);
  want = data(2, F32_NEG_ZERO, 2, (uint64_t)0, (uint64_t)F32_TWO, (uint64_t)1, (uint64_t)0x7fc00000u);
  expect_buf(&r, 0, &want);
  bufdata_free(&want);
  result_free(&r);
  /* An index buffer: storing INVALID does nothing. */
  Node *ib = buf(fx, "ib", DT_INDEX, 3);
  Env u;
  env_init(&u);
  env_buf(&u, ib, 3, 0, 0);
  r = eval(fx, store(fx, ib, ix(fx, 1), inv(fx)), &u);
  expect_buf(&r, 0, &u.bufs[0].data);
  result_free(&r);
  expect_ub(fx, store(fx, ib, ix(fx, 3), inv(fx)), &u);
  r = eval(fx, store(fx, ib, ix(fx, 2), ix(fx, -9)), &u);
  want = data(3, 0, 1, (uint64_t)2, (uint64_t)-9);
  expect_buf(&r, 0, &want);
  bufdata_free(&want);
  result_free(&r);
  env_free(&u);
  /* Every element dtype: bool, f16 (NaN read back canonical), u64, i8 (a negative element). */
  Node *bb = buf(fx, "bb", DT_BOOL, 3), *h = buf(fx, "h", DT_F16, 2);
  Node *q = buf(fx, "q", DT_U64, 2), *c = buf(fx, "c", DT_I8, 2);
  Env t;
  env_init(&t);
  env_buf(&t, bb, 3, 1, 1, (uint64_t)2, (uint64_t)0);
  env_buf(&t, h, 2, 0x3c00, 1, (uint64_t)1, (uint64_t)0x7e00);
  env_buf(&t, q, 2, UINT64_MAX, 0);
  env_buf(&t, c, 2, 0x80, 0);
  expect_val(fx, load(fx, bb, ix(fx, 0)), &t, 1);
  expect_val(fx, load(fx, bb, ix(fx, 2)), &t, 0);
  expect_val(fx, load(fx, bb, inv(fx)), &t, 0);
  expect_val(fx, load(fx, h, ix(fx, 1)), &t, 0x7e00);
  expect_val(fx, b2(fx, OP_ADD, load(fx, h, ix(fx, 0)), load(fx, h, ix(fx, 0))), &t, 0x4000); /* 1 + 1 */
  expect_val(fx, load(fx, q, ix(fx, 1)), &t, UINT64_MAX);
  expect_val(fx, b2(fx, OP_LT, load(fx, c, ix(fx, 0)), k(fx, DT_I8, 0)), &t, 1);
  r = eval(fx, store(fx, bb, ix(fx, 1), vs_bool(fx->c, false)), &t);
  want = data(3, 1, 2, (uint64_t)1, (uint64_t)0, (uint64_t)2, (uint64_t)0);
  expect_buf(&r, 0, &want);
  bufdata_free(&want);
  for (size_t i = 1; i < 4; i++) expect_buf(&r, i, &t.bufs[i].data);
  result_free(&r);
  r = eval(fx, store(fx, h, ix(fx, 0), kbits(fx, DT_F16, 0x8000)), &t);
  want = data(2, 0x8000, 1, (uint64_t)1, (uint64_t)0x7e00);
  expect_buf(&r, 1, &want);
  bufdata_free(&want);
  result_free(&r);
  env_free(&t);
  env_free(&w);
  env_free(&v);
}

static void test_eval_variables_and_after(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4), *c = buf(fx, "c", DT_I32, 2);
  Node *i = var(fx, "i", DT_INDEX), *x = var(fx, "x", DT_I32);
  Env v;
  env_init(&v);
  env_var(&v, i, 3);
  env_var(&v, x, 11);
  env_buf(&v, b, 4, 0, 1, (uint64_t)3, (uint64_t)100);
  env_buf(&v, c, 2, 1, 0);
  Node *st = store(fx, b, i, x);
  expect_val(fx, after1(fx, load(fx, b, i), st), &v, 11);
  expect_val(fx, b2(fx, OP_ADD, load(fx, b, i), x), &v, 111);
  expect_val(fx, nn(vs_load(fx->c, ptr(fx, after1(fx, b, st), i))), &v, 11);
  /* after of effects runs the dependencies first: b[3] = 2 then b[3] = 1 leaves 1. */
  Node *s1 = store(fx, b, i, k(fx, DT_I32, 1)), *s2 = store(fx, b, i, k(fx, DT_I32, 2));
  Outcome r = eval(fx, after1(fx, s1, s2), &v);
  BufData want = data(4, 0, 1, (uint64_t)3, (uint64_t)1);
  expect_buf(&r, 0, &want);
  expect_buf(&r, 1, &v.bufs[1].data); /* c untouched, in env's order */
  bufdata_free(&want);
  result_free(&r);
  /* The value a store writes reads the state the dependencies left (c[0] = b[3] after b[3] = 2). */
  Node *cp = nn(vs_store(fx->c, ptr(fx, after1(fx, c, s2), ix(fx, 0)), load(fx, b, i)));
  r = eval(fx, cp, &v);
  want = data(4, 0, 1, (uint64_t)3, (uint64_t)2);
  expect_buf(&r, 0, &want);
  bufdata_free(&want);
  want = data(2, 1, 1, (uint64_t)0, (uint64_t)2);
  expect_buf(&r, 1, &want);
  bufdata_free(&want);
  result_free(&r);
  /* Missing inputs are errors. */
  Env none;
  env_init(&none);
  Outcome out;
  char err[160];
  assert_false(smt_eval_at(fx->s, load(fx, b, ix(fx, 0)), &none.env, &out, err, sizeof err));
  assert_non_null(strstr(err, "'b'"));
  env_buf(&none, b, 4, 0, 0);
  assert_false(smt_eval_at(fx->s, load(fx, b, i), &none.env, &out, err, sizeof err));
  assert_non_null(strstr(err, "'i'"));
  assert_false(smt_eval_at(fx->s, effect(fx, "e", NULL), &none.env, &out, err, sizeof err));
  env_free(&none);
  env_free(&v);
}

static void test_eval_ranges(void **state) {
  Fx *fx = *state;
  Node *n = var(fx, "n", DT_INDEX);
  Node *r = range(fx, n, "r");
  Env v;
  env_init(&v);
  env_var(&v, n, 5);
  env_range(&v, r, 2);
  expect_val(fx, b2(fx, OP_MUL, r, ix(fx, 10)), &v, 20);
  v.ranges[0].lane[0] = 5; /* outside [0, 5) */
  Outcome out = eval(fx, r, &v);
  assert_true(out.out_of_domain);
  result_free(&out);
  v.ranges[0].lane[0] = (uint64_t)-1;
  out = eval(fx, r, &v);
  assert_true(out.out_of_domain);
  result_free(&out);
  /* A UB end makes the range UB (the point is admissible: the domain only binds a defined end). */
  Node *ru = range(fx, b2(fx, OP_IDIV, n, ix(fx, 0)), "u");
  Env w;
  env_init(&w);
  env_var(&w, n, 5);
  env_range(&w, ru, 0);
  expect_ub(fx, ru, &w);
  /* A free range in a loop body that never runs is still an input: out of its domain, nothing runs. */
  Node *d = range(fx, ix(fx, 2), "d");
  Env dv;
  env_init(&dv);
  env_range(&dv, d, 2);
  out = eval(fx, reduce1(fx, OP_ADD, d, range(fx, ix(fx, 0), "z")), &dv);
  assert_true(out.out_of_domain);
  result_free(&out);
  dv.ranges[0].lane[0] = 1;
  expect_val(fx, reduce1(fx, OP_ADD, d, range(fx, ix(fx, 0), "z")), &dv, 0);
  /* A free range whose end depends on another free range. */
  Node *q = range(fx, b2(fx, OP_ADD, r, ix(fx, 1)), "q");
  Env t;
  env_init(&t);
  env_var(&t, n, 5);
  env_range(&t, r, 2);
  env_range(&t, q, 2);
  expect_val(fx, b2(fx, OP_ADD, q, r), &t, 4);
  t.ranges[1].lane[0] = 3; /* q < r + 1 = 3 fails */
  out = eval(fx, q, &t);
  assert_true(out.out_of_domain);
  result_free(&out);
}

static void test_eval_reduce(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Env v;
  env_init(&v);
  env_buf(&v, b, 4, 0, 4, (uint64_t)0, (uint64_t)3, (uint64_t)1, (uint64_t)-5 & 0xffffffffu, (uint64_t)2,
          (uint64_t)10, (uint64_t)3, (uint64_t)7);
  Node *i = range(fx, ix(fx, 4), "i");
  Node *x = load(fx, b, i);
  expect_val(fx, reduce1(fx, OP_ADD, x, i), &v, 15);
  expect_val(fx, reduce1(fx, OP_MUL, x, i), &v, (uint64_t)(-1050) & 0xffffffffu);
  expect_val(fx, reduce1(fx, OP_MAX, x, i), &v, 10);
  expect_val(fx, reduce1(fx, OP_MIN, x, i), &v, (uint64_t)-5 & 0xffffffffu);
  Node *r0 = range(fx, ix(fx, 0), "e");
  expect_val(fx, reduce1(fx, OP_MAX, k(fx, DT_I32, 1), r0), &v, 0x80000000u);
  expect_val(fx, reduce1(fx, OP_MIN, k(fx, DT_U8, 1), r0), &v, 0xff);
  expect_val(fx, reduce1(fx, OP_ADD, b2(fx, OP_IDIV, k(fx, DT_I32, 1), k(fx, DT_I32, 0)), r0), &v, 0);
  /* Out of bounds in the last iteration only. */
  Node *i5 = range(fx, ix(fx, 5), "i");
  expect_ub(fx, reduce1(fx, OP_ADD, load(fx, b, i5), i5), &v);
  /* Floats: the first step is +0.0 + x. */
  Node *xf = var(fx, "xf", DT_F32);
  Env w;
  env_init(&w);
  env_var(&w, xf, F32_NEG_ZERO);
  expect_val(fx, reduce1(fx, OP_ADD, xf, range(fx, ix(fx, 1), "o")), &w, 0);
  expect_val(fx, reduce1(fx, OP_ADD, xf, range(fx, ix(fx, 3), "o")), &w, 0);
  expect_val(fx, reduce1(fx, OP_MUL, xf, range(fx, ix(fx, 1), "o")), &w, F32_NEG_ZERO);
  expect_val(fx, reduce1(fx, OP_MAX, xf, range(fx, ix(fx, 1), "o")), &w, F32_NEG_ZERO);
  expect_val(fx, reduce1(fx, OP_ADD, xf, range(fx, ix(fx, 0), "o")), &w, 0);
  expect_val(fx, reduce1(fx, OP_MIN, xf, range(fx, ix(fx, 0), "o")), &w, 0x7f800000u);
  w.vars[0].lane[0] = F32_ONE;
  expect_val(fx, reduce1(fx, OP_ADD, xf, range(fx, ix(fx, 3), "o")), &w, 0x40400000u); /* 3.0 */
  /* A triangular nest with a variable bound: sum over r < n of (r + 1) = n (n + 1) / 2 at n = 20. */
  Node *n = var(fx, "n", DT_INDEX);
  Node *r = range(fx, n, "r");
  Node *q = range(fx, b2(fx, OP_ADD, r, ix(fx, 1)), "q");
  Node *rs[2] = {r, q};
  Env t;
  env_init(&t);
  env_var(&t, n, 20);
  expect_val(fx, nn(vs_reduce(fx->c, OP_ADD, ix(fx, 1), rs, 2)), &t, 210);
  /* Beyond the unrolling limit the evaluation is refused, not wrong. */
  t.vars[0].lane[0] = 300;
  Outcome out;
  char err[160];
  assert_false(smt_eval_at(fx->s, reduce1(fx, OP_ADD, ix(fx, 1), r), &t.env, &out, err, sizeof err));
  assert_non_null(strstr(err, "unrolling"));
  t.vars[0].lane[0] = 256;
  expect_val(fx, reduce1(fx, OP_ADD, ix(fx, 1), r), &t, 256);
  t.vars[0].lane[0] = (uint64_t)-7;
  expect_val(fx, reduce1(fx, OP_ADD, ix(fx, 1), r), &t, 0);
  /* INVALID: a masked step makes the index sum INVALID. */
  Node *m = var(fx, "m", DT_BOOL);
  Node *mi = t3(fx, OP_SELECT, m, ix(fx, 4), inv(fx));
  Env u;
  env_init(&u);
  env_var(&u, m, 0);
  Outcome g = eval(fx, reduce1(fx, OP_ADD, mi, range(fx, ix(fx, 2), "o")), &u);
  assert_true(g.value.inv);
  assert_false(g.value.ub);
  result_free(&g);
  u.vars[0].lane[0] = 1;
  expect_val(fx, reduce1(fx, OP_ADD, mi, range(fx, ix(fx, 2), "o")), &u, 8);
  /* A loop whose end is INVALID is UB; with the mask on it runs 4 times. */
  Node *loop = reduce1(fx, OP_ADD, ix(fx, 1), range(fx, mi, "s"));
  expect_val(fx, loop, &u, 4);
  u.vars[0].lane[0] = 0;
  expect_ub(fx, loop, &u);
  env_free(&v);
}

static void test_eval_end(void **state) {
  Fx *fx = *state;
  Node *b = buf(fx, "b", DT_I32, 4);
  Env v;
  env_init(&v);
  env_buf(&v, b, 4, 0, 0);
  Node *r = range(fx, ix(fx, 3), "r");
  /* b[r] = 10 r for r < 3 (r as i32 via a cast). */
  Node *val = b2(fx, OP_MUL, nn(vs_cast(fx->c, DT_I32, r)), k(fx, DT_I32, 10));
  Outcome g = eval(fx, end1(fx, store(fx, b, r, val), r), &v);
  BufData want = data(4, 0, 2, (uint64_t)1, (uint64_t)10, (uint64_t)2, (uint64_t)20);
  expect_buf(&g, 0, &want);
  bufdata_free(&want);
  result_free(&g);
  /* b[r] = sum of b[0..r) + 1 for r < 3: each iteration reads what the earlier ones wrote: 1, 2, 4. */
  Node *q = range(fx, r, "q");
  Node *prefix = reduce1(fx, OP_ADD, load(fx, b, q), q);
  g = eval(fx, end1(fx, store(fx, b, r, b2(fx, OP_ADD, prefix, k(fx, DT_I32, 1))), r), &v);
  want = data(4, 0, 3, (uint64_t)0, (uint64_t)1, (uint64_t)1, (uint64_t)2, (uint64_t)2, (uint64_t)4);
  expect_buf(&g, 0, &want);
  bufdata_free(&want);
  result_free(&g);
  /* A reduction nested in a loop of variable length: past the nest's 4096 iterations the unrolling
   * stops, and what it assumes there (that those iterations do not run) holds at n = 3. */
  Node *n = var(fx, "n", DT_INDEX);
  Node *rn = range(fx, n, "r"), *q100 = range(fx, ix(fx, 100), "q");
  Node *count = nn(vs_cast(fx->c, DT_I32, reduce1(fx, OP_ADD, ix(fx, 1), q100)));
  Node *outer = end1(fx, store(fx, b, rn, count), rn);
  Env vn;
  env_init(&vn);
  env_var(&vn, n, 3);
  env_buf(&vn, b, 4, 0, 0);
  g = eval(fx, outer, &vn);
  want = data(4, 100, 1, (uint64_t)3, (uint64_t)0);
  expect_buf(&g, 0, &want);
  bufdata_free(&want);
  result_free(&g);
  env_free(&vn);
  /* Empty: nothing happens; UB in one iteration: the loop is UB. */
  Node *r0 = range(fx, ix(fx, 0), "z");
  g = eval(fx, end1(fx, store(fx, b, ix(fx, 9), k(fx, DT_I32, 1)), r0), &v);
  expect_buf(&g, 0, &v.bufs[0].data);
  result_free(&g);
  Node *r5 = range(fx, ix(fx, 5), "r");
  expect_ub(fx, end1(fx, store(fx, b, r5, k(fx, DT_I32, 1)), r5), &v);
  /* A nest: b[2 i + j] = 1 for i, j < 2. */
  Node *i = range(fx, ix(fx, 2), "i"), *j = range(fx, ix(fx, 2), "j");
  Node *rs[2] = {i, j};
  Node *flat = b2(fx, OP_ADD, b2(fx, OP_MUL, i, ix(fx, 2)), j);
  Node *i5 = b2(fx, OP_ADD, nn(vs_cast(fx->c, DT_I32, i)), k(fx, DT_I32, 5));
  g = eval(fx, nn(vs_end(fx->c, store(fx, b, flat, i5), rs, 2)), &v);
  want = data(4, 5, 2, (uint64_t)2, (uint64_t)6, (uint64_t)3, (uint64_t)6);
  expect_buf(&g, 0, &want);
  bufdata_free(&want);
  result_free(&g);
  env_free(&v);
}

static void test_eval_uninterpreted(void **state) {
  Fx *fx = *state;
  Node *f = buf(fx, "f", DT_F32, 2);
  Env v;
  env_init(&v);
  env_buf(&v, f, 2, F32_ONE, 0);
  /* The value of sin is open, its definedness is not: defined in bounds, UB out of them. */
  Outcome g = eval(fx, nn(vs_un(fx->c, OP_SIN, load(fx, f, ix(fx, 0)))), &v);
  assert_false(g.value.ub);
  result_free(&g);
  expect_ub(fx, nn(vs_un(fx->c, OP_SIN, load(fx, f, ix(fx, 2)))), &v);
  /* A cast of sin to an integer is UB or not depending on sin's value: no answer. */
  Outcome out;
  char err[160];
  assert_false(smt_eval_at(fx->s, nn(vs_cast(fx->c, DT_I32, nn(vs_un(fx->c, OP_SIN, load(fx, f, ix(fx, 0)))))),
                           &v.env, &out, err, sizeof err));
  env_free(&v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_load_invalid_is_zero, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_oob_load_is_ub, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_store_invalid_is_noop, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_store_of_load_is_noop, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_store_ub_value, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_after, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_free_size_buffer, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_range_zero_when_short, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_reduce_empty_is_identity, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_reduce_float_first_step, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_reduce_sums, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_reduce_invalid, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_end, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_end_nested, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_abstract_effects, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_unrolling_limit, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_errors, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_eval_load_store, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_eval_variables_and_after, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_eval_ranges, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_eval_reduce, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_eval_end, test_smt_setup, test_smt_teardown),
    cmocka_unit_test_setup_teardown(test_eval_uninterpreted, test_smt_setup, test_smt_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
