/* test_eval_graph.c: the graph evaluator (eval_at on graph expressions) against docs/semantics.md,
 * "Memory, loops and reductions": loads and stores with UB, INVALID and out-of-bounds indices, after and
 * its ordering, pointers through after, loops of effects, reductions (identities, order, the first step,
 * laziness), free ranges and their domains, the evaluation errors, and outcome_refines. Expressions
 * are built with the IR builders (ir/graph.h); expected values are written out, never recomputed with
 * the code under test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/eval.h"
#include "ir/graph.h"
#include "ir/node.h"

static VsCtx *ctx;

static int group_setup(void **state) {
  (void)state;
  ctx = vs_ctx_new();
  return ctx ? 0 : -1;
}

static int group_teardown(void **state) {
  (void)state;
  vs_ctx_free(ctx);
  return 0;
}

/* ---- building ---- */

static Node *built(Node *n, const char *what) {
  if (!n) fail_msg("%s: %s", what, vs_ctx_error(ctx));
  return n;
}

static Node *ci(DType dt, i128 v) { return built(vs_const_int(ctx, dt, v), "const"); }
static Node *ix(i128 v) { return ci(DT_INDEX, v); }
static Node *cbits(DType dt, uint64_t bits) { return built(vs_const(ctx, dt, bits), "const"); }
static Node *inv(void) { return built(vs_invalid(ctx), "invalid"); }
static Node *var(const char *name, DType dt) { return built(vs_var(ctx, name, dt, im_min(dt), im_max(dt)), "var"); }
static Node *bin(Op op, Node *a, Node *b) { return built(vs_bin(ctx, op, a, b), op_name(op)); }
static Node *sel(Node *c, Node *a, Node *b) { return built(vs_tern(ctx, OP_SELECT, c, a, b), "select"); }
static Node *buffer(const char *name, DType dt, uint64_t size) { return built(vs_buffer(ctx, name, dt, size, size), "buffer"); }
static Node *ptr(Node *b, Node *i) { return built(vs_ptr(ctx, b, i), "index"); }
static Node *load(Node *b, Node *i) { return built(vs_load(ctx, ptr(b, i)), "load"); }
static Node *loadp(Node *p) { return built(vs_load(ctx, p), "load"); }
static Node *store(Node *b, Node *i, Node *v) { return built(vs_store(ctx, ptr(b, i), v), "store"); }
static Node *storep(Node *p, Node *v) { return built(vs_store(ctx, p, v), "store"); }
static Node *cast(DType to, Node *a) { return built(vs_cast(ctx, to, a), "cast"); }
static Node *noop(void) { return built(vs_noop(ctx), "noop"); }
static Node *range(Node *end, const char *name) { return built(vs_range(ctx, end, name), "range"); }
/* 1/0 at an integer dtype: a value that is UB and reads nothing. */
static Node *ubv(DType dt) { return bin(OP_IDIV, ci(dt, 1), ci(dt, 0)); }

/* reduce / end / after with n list operands given after n. */
static Node *listed(Op op, Op rop, Node *first, int n, va_list ap) {
  Node *list[VS_MAX_GRAPH_LIST + 1];
  for (int i = 0; i < n; i++) list[i] = va_arg(ap, Node *);
  if (op == OP_REDUCE) return built(vs_reduce(ctx, rop, first, list, n), "reduce");
  if (op == OP_END) return built(vs_end(ctx, first, list, n), "end");
  return built(vs_after(ctx, first, list, n), "after");
}
static Node *red(Op rop, Node *x, int n, ...) {
  va_list ap;
  va_start(ap, n);
  Node *r = listed(OP_REDUCE, rop, x, n, ap);
  va_end(ap);
  return r;
}
static Node *end(Node *eff, int n, ...) {
  va_list ap;
  va_start(ap, n);
  Node *r = listed(OP_END, OP_ADD, eff, n, ap);
  va_end(ap);
  return r;
}
static Node *after(Node *x, int n, ...) {
  va_list ap;
  va_start(ap, n);
  Node *r = listed(OP_AFTER, OP_ADD, x, n, ap);
  va_end(ap);
  return r;
}

static uint64_t f32b(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static uint64_t f64b(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}
static Node *cf32(float f) { return cbits(DT_F32, f32b(f)); }

/* ---- inputs ---- */

typedef struct {
  VarValue vars[8];
  size_t nvars;
  VarValue ranges[8];
  size_t nranges;
  BufValue bufs[4];
  size_t nbufs;
} Env;

static void env_var(Env *e, Node *v, uint64_t bits) { e->vars[e->nvars++] = var_value(v, bits); }
static void env_range(Env *e, Node *r, i128 v) { e->ranges[e->nranges++] = var_value(r, im_from_value(DT_INDEX, v)); }
/* Buffer b with data.size `size`, every element dflt except the n listed (index, bits) pairs. */
static BufData *env_buf_sized(Env *e, Node *b, uint64_t size, uint64_t dflt, int n, const uint64_t *pairs) {
  BufValue *bv = &e->bufs[e->nbufs++];
  bv->buf = b;
  bufdata_init(&bv->data, size, dflt);
  for (int i = 0; i < n; i++) assert_true(bufdata_set(&bv->data, pairs[2 * i], pairs[2 * i + 1]));
  return &bv->data;
}
static BufData *env_buf(Env *e, Node *b, uint64_t dflt, int n, const uint64_t *pairs) {
  return env_buf_sized(e, b, b->lo, dflt, n, pairs);
}
static void env_free(Env *e) {
  for (size_t i = 0; i < e->nbufs; i++) bufdata_free(&e->bufs[i].data);
  e->nbufs = 0;
}
static Point genv(const Env *e) {
  return (Point){(VarValue *)e->vars, e->nvars, (VarValue *)e->ranges, e->nranges, (BufValue *)e->bufs, e->nbufs};
}

/* ---- evaluating ---- */

static Outcome run_at(Node *root, const Env *e, int line) {
  Point ge = genv(e);
  Outcome r;
  char err[256];
  if (!eval_at(root, &ge, &r, err, sizeof err)) fail_msg("line %d: eval_at failed: %s", line, err);
  return r;
}

static Value value_at(Node *root, const Env *e, int line) {
  Outcome r = run_at(root, e, line);
  if (r.bufs) fail_msg("line %d: a value root returned buffers", line);
  if (r.out_of_domain) fail_msg("line %d: unexpectedly out of domain", line);
  return (Value){r.value.lane[0], r.value.ub, r.value.inv};
}

static void expect_bits_at(Node *root, const Env *e, uint64_t bits, int line) {
  Value v = value_at(root, e, line);
  if (v.ub || v.inv) fail_msg("line %d: expected %#llx, got %s", line, (unsigned long long)bits, v.ub ? "UB" : "INVALID");
  if (v.bits != bits) fail_msg("line %d: expected %#llx, got %#llx", line, (unsigned long long)bits, (unsigned long long)v.bits);
}
static void expect_ub_at(Node *root, const Env *e, int line) {
  Value v = value_at(root, e, line);
  if (!v.ub) fail_msg("line %d: expected UB, got %s%#llx", line, v.inv ? "INVALID " : "", (unsigned long long)v.bits);
}
static void expect_inv_at(Node *root, const Env *e, int line) {
  Value v = value_at(root, e, line);
  if (!v.inv) fail_msg("line %d: expected INVALID, got %s%#llx", line, v.ub ? "UB " : "", (unsigned long long)v.bits);
}

#define EXPECT_BITS(root, e, bits) expect_bits_at((root), (e), (bits), __LINE__)
#define EXPECT_INT(root, e, v)                                             \
  do {                                                                     \
    Node *r_ = (root);                                                     \
    expect_bits_at(r_, (e), im_from_value((DType)r_->dtype, (v)), __LINE__); \
  } while (0)
#define EXPECT_UB(root, e) expect_ub_at((root), (e), __LINE__)
#define EXPECT_INV(root, e) expect_inv_at((root), (e), __LINE__)

/* An effect root that must not be UB: the result, whose buffers the caller frees. */
static Outcome effect_at(Node *root, const Env *e, int line) {
  Outcome r = run_at(root, e, line);
  if (r.value.ub) fail_msg("line %d: the effect is UB", line);
  if (!r.bufs || r.nbufs != e->nbufs) fail_msg("line %d: expected %zu final buffers", line, e->nbufs);
  for (size_t i = 0; i < r.nbufs; i++)
    if (r.bufs[i].buf != e->bufs[i].buf) fail_msg("line %d: final buffer %zu out of env's order", line, i);
  return r;
}
#define EFFECT(root, e) effect_at((root), (e), __LINE__)

static void expect_effect_ub_at(Node *root, const Env *e, int line) {
  Outcome r = run_at(root, e, line);
  if (!r.value.ub) fail_msg("line %d: expected a UB effect", line);
  if (r.bufs) fail_msg("line %d: a UB effect returned buffers", line);
}
#define EXPECT_EFFECT_UB(root, e) expect_effect_ub_at((root), (e), __LINE__)

/* Element i of final buffer k. */
static uint64_t elem(const Outcome *r, size_t k, uint64_t i) { return bufdata_get(&r->bufs[k].data, i); }

/* The effect leaves buffer k as env gave it. */
static void expect_unchanged_at(Node *root, const Env *e, int line) {
  Outcome r = effect_at(root, e, line);
  for (size_t k = 0; k < e->nbufs; k++)
    if (!bufdata_equal(&r.bufs[k].data, &e->bufs[k].data)) fail_msg("line %d: buffer %zu changed", line, k);
  outcome_free(&r);
}
#define EXPECT_UNCHANGED(root, e) expect_unchanged_at((root), (e), __LINE__)

/* eval_at fails with a message containing `needle`. */
static void expect_error_at(Node *root, const Env *e, const char *needle, int line) {
  Point ge = genv(e);
  Outcome r;
  char err[256];
  if (eval_at(root, &ge, &r, err, sizeof err)) fail_msg("line %d: eval_at succeeded", line);
  if (!strstr(err, needle)) fail_msg("line %d: error '%s' does not mention '%s'", line, err, needle);
  if (!r.value.ub || r.bufs || r.out_of_domain) fail_msg("line %d: a failed evaluation left a result", line);
}
#define EXPECT_ERROR(root, e, needle) expect_error_at((root), (e), (needle), __LINE__)

static void expect_out_of_domain_at(Node *root, const Env *e, int line) {
  Outcome r = run_at(root, e, line);
  if (!r.out_of_domain) fail_msg("line %d: expected out of domain", line);
  if (r.bufs || !r.value.ub) fail_msg("line %d: an inadmissible point returned a result", line);
}
#define EXPECT_OUT_OF_DOMAIN(root, e) expect_out_of_domain_at((root), (e), __LINE__)

#define F32_NAN 0x7fc00000u
#define F32_NEG_ZERO 0x80000000u

/* ---- loads ---- */

static void test_load_elements_and_bounds(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Node *x = var("x", DT_INDEX);
  Env e = {0};
  env_buf(&e, b, 7, 1, (uint64_t[]){2, 0xfffffffe});
  EXPECT_BITS(load(b, ix(2)), &e, 0xfffffffe);
  EXPECT_INT(load(b, ix(0)), &e, 7);
  EXPECT_INT(load(b, ix(3)), &e, 7);
  EXPECT_UB(load(b, ix(4)), &e);
  EXPECT_UB(load(b, ix(-1)), &e);
  EXPECT_UB(load(b, ix(im_min(DT_INDEX))), &e);
  EXPECT_UB(load(b, ubv(DT_INDEX)), &e);
  /* A masked load is 0, not the element (every element here is nonzero). */
  EXPECT_INT(load(b, inv()), &e, 0);
  EXPECT_INT(load(b, bin(OP_ADD, inv(), ix(1))), &e, 0);
  /* UB comes first: an INVALID index with a UB operand is UB, so the load is UB. */
  EXPECT_UB(load(b, bin(OP_ADD, inv(), ubv(DT_INDEX))), &e);
  env_var(&e, x, 2);
  EXPECT_BITS(load(b, x), &e, 0xfffffffe);
  e.vars[0].lane[0] = UINT64_C(1) << 62; /* above every buffer size */
  EXPECT_UB(load(b, x), &e);
  e.vars[0].lane[0] = UINT64_MAX; /* -1, not 2^64-1 */
  EXPECT_UB(load(b, x), &e);
  env_free(&e);
}

static void test_masked_load_is_zero_of_each_dtype(void **state) {
  (void)state;
  Node *m = var("m", DT_BOOL);
  Node *fb = buffer("fb", DT_F32, 3), *bb = buffer("bb", DT_BOOL, 3), *ib = buffer("ib", DT_INDEX, 3);
  Env e = {0};
  env_var(&e, m, 0);
  env_buf(&e, fb, f32b(-1.5f), 0, NULL);
  env_buf(&e, bb, 1, 0, NULL);
  env_buf(&e, ib, 5, 0, NULL);
  Node *mi = sel(m, ix(1), inv());
  EXPECT_BITS(load(fb, mi), &e, 0); /* +0.0, not -0.0 */
  EXPECT_BITS(load(bb, mi), &e, 0);
  EXPECT_BITS(load(ib, mi), &e, 0); /* an integer 0, not INVALID */
  e.vars[0].lane[0] = 1;
  EXPECT_BITS(load(fb, mi), &e, f32b(-1.5f));
  EXPECT_BITS(load(bb, mi), &e, 1);
  EXPECT_BITS(load(ib, mi), &e, 5);
  env_free(&e);
}

static void test_loaded_nan_is_canonical(void **state) {
  (void)state;
  Node *fb = buffer("nb", DT_F32, 2);
  Env e = {0};
  env_buf(&e, fb, 0xffc00001u, 0, NULL);
  EXPECT_BITS(load(fb, ix(1)), &e, F32_NAN);
  env_free(&e);
}

static void test_select_keeps_loads_lazy(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Node *c = var("c", DT_BOOL);
  Env e = {0};
  env_buf(&e, b, 3, 0, NULL);
  env_var(&e, c, 0);
  Node *s = sel(c, load(b, ix(10)), ci(DT_I32, 9));
  EXPECT_INT(s, &e, 9);
  e.vars[0].lane[0] = 1;
  EXPECT_UB(s, &e);
  EXPECT_UB(sel(bin(OP_EQ, load(b, ix(4)), ci(DT_I32, 0)), ci(DT_I32, 1), ci(DT_I32, 2)), &e);
  /* The branch not taken runs no loop either: this one would exceed the iteration limit. */
  Node *huge = range(ix((i128)1 << 40), "huge");
  Node *s2 = sel(c, red(OP_ADD, ci(DT_I32, 1), 1, huge), ci(DT_I32, 5));
  e.vars[0].lane[0] = 0;
  EXPECT_INT(s2, &e, 5);
  e.vars[0].lane[0] = 1;
  EXPECT_ERROR(s2, &e, "iterations");
  env_free(&e);
}

static void test_value_ops_over_loads(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 3);
  Env e = {0};
  env_buf(&e, b, 0, 2, (uint64_t[]){0, 0x7fffffff, 1, 1});
  EXPECT_BITS(bin(OP_ADD, load(b, ix(0)), load(b, ix(1))), &e, 0x80000000); /* wraps */
  EXPECT_INT(bin(OP_LT, load(b, ix(1)), load(b, ix(0))), &e, 1);
  EXPECT_UB(bin(OP_IDIV, load(b, ix(0)), load(b, ix(2))), &e); /* element 2 is 0 */
  EXPECT_INT(bin(OP_IDIV, load(b, ix(0)), load(b, ix(1))), &e, 0x7fffffff);
  env_free(&e);
}

/* ---- stores ---- */

static void test_store_writes_one_element(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4), *other = buffer("other", DT_I32, 2);
  Env e = {0};
  env_buf(&e, b, 0, 1, (uint64_t[]){3, 9});
  env_buf(&e, other, 5, 0, NULL);
  Outcome r = EFFECT(store(b, ix(1), ci(DT_I32, 42)), &e);
  assert_int_equal(r.value.lane[0], 0);
  assert_int_equal(elem(&r, 0, 0), 0);
  assert_int_equal(elem(&r, 0, 1), 42);
  assert_int_equal(elem(&r, 0, 2), 0);
  assert_int_equal(elem(&r, 0, 3), 9);
  assert_true(bufdata_equal(&r.bufs[1].data, &e.bufs[1].data)); /* an untouched buffer of env */
  outcome_free(&r);
  assert_null(r.bufs);
  EXPECT_EFFECT_UB(store(b, ix(4), ci(DT_I32, 1)), &e);
  EXPECT_EFFECT_UB(store(b, ix(-1), ci(DT_I32, 1)), &e);
  EXPECT_EFFECT_UB(store(b, ubv(DT_INDEX), ci(DT_I32, 1)), &e);
  EXPECT_EFFECT_UB(store(b, ix(0), ubv(DT_I32)), &e);
  EXPECT_UNCHANGED(noop(), &e);
  env_free(&e);
}

static void test_store_invalid_and_ub_first(void **state) {
  (void)state;
  Node *ib = buffer("ib", DT_INDEX, 4);
  Node *m = var("m", DT_BOOL);
  Env e = {0};
  env_buf(&e, ib, 1, 0, NULL);
  env_var(&e, m, 0);
  /* A masked pointer: no effect; unmasked: the write. */
  Node *masked = store(ib, sel(m, ix(2), inv()), ix(5));
  EXPECT_UNCHANGED(masked, &e);
  EXPECT_UNCHANGED(store(ib, inv(), ix(5)), &e);
  EXPECT_UNCHANGED(store(ib, bin(OP_MUL, inv(), ix(0)), ix(5)), &e);
  /* Storing an INVALID value into an index buffer does nothing. */
  EXPECT_UNCHANGED(store(ib, ix(2), inv()), &e);
  EXPECT_UNCHANGED(store(ib, ix(2), bin(OP_ADD, ix(3), inv())), &e);
  /* UB beats INVALID, either way round. */
  EXPECT_EFFECT_UB(store(ib, inv(), ubv(DT_INDEX)), &e);
  EXPECT_EFFECT_UB(store(ib, ubv(DT_INDEX), inv()), &e);
  /* An integer index out of bounds is UB even when the value is INVALID (the store's UB column). */
  EXPECT_EFFECT_UB(store(ib, ix(4), inv()), &e);
  EXPECT_EFFECT_UB(store(ib, ix(-1), inv()), &e);
  e.vars[0].lane[0] = 1;
  Outcome r = EFFECT(masked, &e);
  assert_int_equal(elem(&r, 0, 2), 5);
  assert_int_equal(elem(&r, 0, 1), 1);
  outcome_free(&r);
  env_free(&e);
}

/* ---- after ---- */

static void test_after_values_and_deps_order(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Env e = {0};
  env_buf(&e, b, 0, 1, (uint64_t[]){0, 3});
  Node *b0 = load(b, ix(0));
  Node *set7 = store(b, ix(0), ci(DT_I32, 7));
  EXPECT_INT(after(b0, 1, set7), &e, 7);
  /* A value does not change the state around it: the second load still reads 3. */
  EXPECT_INT(bin(OP_ADD, after(b0, 1, set7), b0), &e, 10);
  EXPECT_INT(bin(OP_ADD, b0, after(b0, 1, set7)), &e, 10);
  /* Deps run in order. */
  Node *set1 = store(b, ix(0), ci(DT_I32, 1)), *set2 = store(b, ix(0), ci(DT_I32, 2));
  EXPECT_INT(after(b0, 2, set1, set2), &e, 2);
  EXPECT_INT(after(b0, 2, set2, set1), &e, 1);
  /* An effect named twice runs twice, each time in the state the previous run left. */
  Node *inc = store(b, ix(0), bin(OP_ADD, b0, ci(DT_I32, 1)));
  EXPECT_INT(after(b0, 2, inc, inc), &e, 5);
  Node *times10 = store(b, ix(0), bin(OP_MUL, b0, ci(DT_I32, 10)));
  EXPECT_INT(after(b0, 2, inc, times10), &e, 40);
  EXPECT_INT(after(b0, 2, times10, inc), &e, 31);
  /* A UB dep makes the value UB even if the value reads nothing. */
  EXPECT_UB(after(ci(DT_I32, 1), 1, store(b, ix(9), ci(DT_I32, 1))), &e);
  EXPECT_INT(after(ci(DT_I32, 1), 1, noop()), &e, 1);
  /* after of an effect: deps first, then the effect, and the state persists. */
  Outcome r = EFFECT(after(store(b, ix(1), b0), 1, store(b, ix(0), ci(DT_I32, 5))), &e);
  assert_int_equal(elem(&r, 0, 0), 5);
  assert_int_equal(elem(&r, 0, 1), 5);
  outcome_free(&r);
  r = EFFECT(after(noop(), 2, inc, inc), &e);
  assert_int_equal(elem(&r, 0, 0), 5);
  outcome_free(&r);
  EXPECT_EFFECT_UB(after(set7, 1, store(b, ix(-1), ci(DT_I32, 0))), &e);
  EXPECT_EFFECT_UB(after(store(b, ix(4), ci(DT_I32, 0)), 1, set7), &e);
  env_free(&e);
}

static void test_pointer_through_after(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Env e = {0};
  env_buf(&e, b, 0, 4, (uint64_t[]){0, 1, 1, 10, 2, 20, 3, 30});
  Node *b0 = load(b, ix(0));
  Node *set2 = store(b, ix(0), ci(DT_I32, 2));
  /* The index is evaluated in the state the dep leaves: element 2, not element 1. */
  Node *through = loadp(ptr(after(b, 1, set2), cast(DT_INDEX, b0)));
  EXPECT_INT(through, &e, 20);
  EXPECT_INT(bin(OP_ADD, through, b0), &e, 21);
  EXPECT_INT(loadp(ptr(after(b, 0), ix(1))), &e, 10);
  EXPECT_UB(loadp(ptr(after(b, 1, store(b, ix(5), ci(DT_I32, 0))), ix(1))), &e);
  EXPECT_INT(loadp(ptr(after(b, 1, set2), inv())), &e, 0);
  /* Index and value of a store through after both see the dep's state. */
  Node *set3 = store(b, ix(0), ci(DT_I32, 3));
  Outcome r = EFFECT(storep(ptr(after(b, 1, set3), cast(DT_INDEX, b0)), bin(OP_MUL, b0, ci(DT_I32, 100))), &e);
  assert_int_equal(elem(&r, 0, 0), 3);
  assert_int_equal(elem(&r, 0, 3), 300);
  assert_int_equal(elem(&r, 0, 1), 10);
  outcome_free(&r);
  /* Nested: index(after(after(b, D2), D1), I) runs D1, then D2. */
  Node *set5 = store(b, ix(0), ci(DT_I32, 5));
  Node *times10 = store(b, ix(0), bin(OP_MUL, b0, ci(DT_I32, 10)));
  Node *nested = after(after(b, 1, times10), 1, set5);
  EXPECT_INT(loadp(ptr(nested, ix(0))), &e, 50);
  r = EFFECT(storep(ptr(nested, ix(1)), b0), &e);
  assert_int_equal(elem(&r, 0, 0), 50);
  assert_int_equal(elem(&r, 0, 1), 50);
  outcome_free(&r);
  EXPECT_EFFECT_UB(storep(ptr(after(b, 1, store(b, ix(-2), ci(DT_I32, 0))), ix(0)), ci(DT_I32, 1)), &e);
  env_free(&e);
}

/* ---- loops of effects ---- */

static void test_end_over_zero_one_several(void **state) {
  (void)state;
  Node *b = buffer("b", DT_INDEX, 4);
  Env e = {0};
  env_buf(&e, b, 0, 0, NULL);
  Node *r0 = range(ix(0), "r");
  Node *body = store(b, r0, bin(OP_ADD, bin(OP_MUL, r0, ix(2)), ix(1)));
  EXPECT_UNCHANGED(end(body, 1, r0), &e);
  Node *r1 = range(ix(1), "r");
  Outcome r = EFFECT(end(store(b, r1, bin(OP_ADD, r1, ix(1))), 1, r1), &e);
  assert_int_equal(elem(&r, 0, 0), 1);
  assert_int_equal(elem(&r, 0, 1), 0);
  outcome_free(&r);
  Node *r4 = range(ix(4), "r");
  r = EFFECT(end(store(b, r4, bin(OP_ADD, bin(OP_MUL, r4, ix(2)), ix(1))), 1, r4), &e);
  for (uint64_t i = 0; i < 4; i++) assert_int_equal(elem(&r, 0, i), 2 * i + 1);
  outcome_free(&r);
  /* One iteration out of bounds makes the whole loop UB. */
  Node *r5 = range(ix(5), "r");
  EXPECT_EFFECT_UB(end(store(b, r5, ix(1)), 1, r5), &e);
  /* No iteration: even a body that is always UB does nothing (also for a negative end). */
  EXPECT_UNCHANGED(end(store(b, ix(-1), ix(1)), 1, r0), &e);
  Node *rneg = range(ix(-3), "r");
  EXPECT_UNCHANGED(end(store(b, ix(-1), ix(1)), 1, rneg), &e);
  /* A UB end makes the loop UB. */
  Node *rub = range(ubv(DT_INDEX), "r");
  EXPECT_EFFECT_UB(end(noop(), 1, rub), &e);
  /* An empty list: the effect once. */
  r = EFFECT(end(store(b, ix(2), ix(9)), 0), &e);
  assert_int_equal(elem(&r, 0, 2), 9);
  outcome_free(&r);
  env_free(&e);
}

static void test_end_threads_the_state_in_order(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I64, 2);
  Env e = {0};
  env_buf(&e, b, 0, 0, NULL);
  Node *b0 = load(b, ix(0)), *b1 = load(b, ix(1));
  Node *r = range(ix(3), "r");
  /* b0 = b0 * 10 + r + 1: increasing order gives 123. */
  Node *digit = store(b, ix(0), bin(OP_ADD, bin(OP_MUL, b0, ci(DT_I64, 10)), bin(OP_ADD, cast(DT_I64, r), ci(DT_I64, 1))));
  Outcome res = EFFECT(end(digit, 1, r), &e);
  assert_int_equal(elem(&res, 0, 0), 123);
  outcome_free(&res);
  /* Two loops: r1 outermost. d = 2 * i + j + 1 in visiting order: 1234 (j outermost would be 1324). */
  Node *i = range(ix(2), "i"), *j = range(ix(2), "j");
  Node *d = bin(OP_ADD, bin(OP_ADD, bin(OP_MUL, i, ix(2)), j), ix(1));
  Node *digit2 = store(b, ix(0), bin(OP_ADD, bin(OP_MUL, b0, ci(DT_I64, 10)), cast(DT_I64, d)));
  res = EFFECT(end(digit2, 2, i, j), &e);
  assert_int_equal(elem(&res, 0, 0), 1234);
  outcome_free(&res);
  res = EFFECT(end(digit2, 2, j, i), &e);
  assert_int_equal(elem(&res, 0, 0), 1324);
  outcome_free(&res);
  /* Within one iteration the same load is read before and after a store: b0 += 1, then b1 = b0. */
  Node *inc = store(b, ix(0), bin(OP_ADD, b0, ci(DT_I64, 1)));
  res = EFFECT(end(after(store(b, ix(1), bin(OP_ADD, b0, b1)), 1, inc), 1, r), &e);
  assert_int_equal(elem(&res, 0, 0), 3);
  assert_int_equal(elem(&res, 0, 1), 1 + 2 + 3);
  outcome_free(&res);
  env_free(&e);
}

static void test_triangular_nests(void **state) {
  (void)state;
  Node *b = buffer("b", DT_U8, 16);
  Env e = {0};
  env_buf(&e, b, 0, 0, NULL);
  Node *i = range(ix(4), "i");
  Node *j = range(i, "j"); /* j < i */
  Outcome r = EFFECT(end(store(b, bin(OP_ADD, bin(OP_MUL, i, ix(4)), j), ci(DT_U8, 1)), 2, i, j), &e);
  int ones = 0;
  for (uint64_t k = 0; k < 16; k++) ones += (int)elem(&r, 0, k);
  assert_int_equal(ones, 6);
  assert_int_equal(elem(&r, 0, 4 * 1 + 0), 1);
  assert_int_equal(elem(&r, 0, 4 * 3 + 2), 1);
  assert_int_equal(elem(&r, 0, 4 * 0 + 0), 0);
  assert_int_equal(elem(&r, 0, 4 * 2 + 3), 0);
  outcome_free(&r);
  Node *j1 = range(bin(OP_ADD, i, ix(1)), "j");
  EXPECT_INT(red(OP_ADD, ix(1), 2, i, j1), &e, 1 + 2 + 3 + 4);
  EXPECT_INT(red(OP_ADD, j, 2, i, j), &e, (0) + (0 + 1) + (0 + 1 + 2));
  /* An inner end that is UB for one outer value (i == 0: 4 // 0). */
  Node *jdiv = range(bin(OP_IDIV, ix(4), i), "j");
  EXPECT_UB(red(OP_ADD, ix(1), 2, i, jdiv), &e);
  EXPECT_EFFECT_UB(end(noop(), 2, i, jdiv), &e);
  Node *i3 = range(ix(3), "i");
  Node *jub = range(sel(bin(OP_EQ, i3, ix(2)), ubv(DT_INDEX), ix(1)), "j");
  EXPECT_UB(red(OP_ADD, ix(1), 2, i3, jub), &e);
  env_free(&e);
}

/* ---- reductions ---- */

typedef struct {
  DType dt;
  uint64_t add, mul, max, min;
} Identities;

static void test_reduce_identities(void **state) {
  (void)state;
  static const Identities ids[] = {
      {DT_I8, 0, 1, 0x80, 0x7f},
      {DT_U8, 0, 1, 0, 0xff},
      {DT_I32, 0, 1, 0x80000000, 0x7fffffff},
      {DT_U64, 0, 1, 0, UINT64_MAX},
      {DT_INDEX, 0, 1, UINT64_C(0x8000000000000000), UINT64_C(0x7fffffffffffffff)},
      {DT_F16, 0, 0x3c00, 0xfc00, 0x7c00},
      {DT_F32, 0, 0x3f800000, 0xff800000, 0x7f800000},
      {DT_F64, 0, UINT64_C(0x3ff0000000000000), UINT64_C(0xfff0000000000000), UINT64_C(0x7ff0000000000000)},
  };
  Node *none = range(ix(0), "none"), *neg = range(ix(-5), "neg");
  for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
    Node *x = var("x", ids[k].dt);
    Env e = {0};
    env_var(&e, x, 3);
    EXPECT_BITS(red(OP_ADD, x, 1, none), &e, ids[k].add);
    EXPECT_BITS(red(OP_MUL, x, 1, none), &e, ids[k].mul);
    EXPECT_BITS(red(OP_MAX, x, 1, none), &e, ids[k].max);
    EXPECT_BITS(red(OP_MIN, x, 1, none), &e, ids[k].min);
    EXPECT_BITS(red(OP_MIN, x, 1, neg), &e, ids[k].min);
  }
}

static void test_reduce_without_ranges_is_one_step(void **state) {
  (void)state;
  Node *x = var("x", DT_I32);
  Env e = {0};
  env_var(&e, x, 0xfffffffb); /* -5 */
  EXPECT_INT(red(OP_ADD, x, 0), &e, -5);
  EXPECT_INT(red(OP_MUL, x, 0), &e, -5);
  EXPECT_INT(red(OP_MAX, x, 0), &e, -5);
  EXPECT_INT(red(OP_MIN, x, 0), &e, -5);
  EXPECT_UB(red(OP_ADD, ubv(DT_I32), 0), &e);
  Node *u = var("u", DT_U8);
  env_var(&e, u, 0);
  EXPECT_INT(red(OP_MAX, u, 0), &e, 0);
  EXPECT_INT(red(OP_MIN, u, 0), &e, 0);
}

static void test_reduce_values_and_order(void **state) {
  (void)state;
  Node *r5 = range(ix(5), "r");
  Env none = {0};
  EXPECT_INT(red(OP_ADD, r5, 1, r5), &none, 10);
  EXPECT_INT(red(OP_MUL, bin(OP_ADD, r5, ix(1)), 1, r5), &none, 120);
  Node *sb = buffer("sb", DT_I8, 4);
  Node *r4 = range(ix(4), "r");
  Env e = {0};
  env_buf(&e, sb, 0, 4, (uint64_t[]){0, 0xfb, 1, 3, 2, 0x9c, 3, 2}); /* -5, 3, -100, 2 */
  Node *x = load(sb, r4);
  EXPECT_INT(red(OP_MAX, x, 1, r4), &e, 3);
  EXPECT_INT(red(OP_MIN, x, 1, r4), &e, -100);
  EXPECT_INT(red(OP_ADD, x, 1, r4), &e, -100); /* -5 + 3 - 100 + 2 */
  env_free(&e);
  Node *ub = buffer("ub", DT_U8, 4);
  env_buf(&e, ub, 0, 4, (uint64_t[]){0, 0xfb, 1, 3, 2, 0x9c, 3, 2});
  x = load(ub, r4);
  EXPECT_INT(red(OP_MAX, x, 1, r4), &e, 0xfb);
  EXPECT_INT(red(OP_MIN, x, 1, r4), &e, 2);
  EXPECT_INT(red(OP_ADD, x, 1, r4), &e, (0xfb + 3 + 0x9c + 2) & 0xff);
  env_free(&e);
  /* Float addition is not associative, so the order shows: ((0 + 1) + 2^24) + -2^24 is 0 in f32,
   * while the reverse order would give 1. */
  Node *fb = buffer("fb", DT_F32, 4);
  env_buf(&e, fb, 0, 4, (uint64_t[]){0, f32b(1.0f), 1, f32b(16777216.0f), 2, f32b(-16777216.0f), 3, f32b(1.0f)});
  Node *r3 = range(ix(3), "r");
  EXPECT_BITS(red(OP_ADD, load(fb, r3), 1, r3), &e, 0);
  /* Two loops, r1 outermost: elements 0, 1, 2, 3 give 1.0; j outermost (0, 2, 1, 3) would give 2.0. */
  Node *i = range(ix(2), "i"), *j = range(ix(2), "j");
  Node *flat = load(fb, bin(OP_ADD, bin(OP_MUL, i, ix(2)), j));
  EXPECT_BITS(red(OP_ADD, flat, 2, i, j), &e, f32b(1.0f));
  EXPECT_BITS(red(OP_ADD, flat, 2, j, i), &e, f32b(2.0f));
  env_free(&e);
}

static void test_reduce_float_first_step(void **state) {
  (void)state;
  Env e = {0};
  Node *nz = cbits(DT_F32, F32_NEG_ZERO);
  Node *one = range(ix(1), "one"), *none = range(ix(0), "none"), *two = range(ix(2), "two");
  EXPECT_BITS(red(OP_ADD, nz, 1, one), &e, 0); /* +0.0 + -0.0 == +0.0 */
  EXPECT_BITS(red(OP_ADD, nz, 0), &e, 0);
  EXPECT_BITS(red(OP_ADD, nz, 1, none), &e, 0);
  EXPECT_BITS(red(OP_ADD, nz, 1, two), &e, 0);
  EXPECT_BITS(red(OP_MUL, nz, 1, one), &e, F32_NEG_ZERO); /* 1.0 * -0.0 */
  EXPECT_BITS(red(OP_MIN, nz, 1, one), &e, F32_NEG_ZERO); /* min(+inf, -0.0) */
  EXPECT_BITS(red(OP_MAX, nz, 1, one), &e, F32_NEG_ZERO); /* max(-inf, -0.0) */
  EXPECT_BITS(red(OP_ADD, cbits(DT_F64, UINT64_C(0x8000000000000000)), 1, one), &e, 0);
  EXPECT_BITS(red(OP_ADD, cbits(DT_F16, 0x8000), 1, one), &e, 0);
  EXPECT_BITS(red(OP_MUL, cbits(DT_F16, 0x8000), 1, one), &e, 0x8000);
}

static void test_reduce_nan_through_max(void **state) {
  (void)state;
  Node *fb = buffer("nanb", DT_F32, 3);
  Node *r = range(ix(3), "r");
  Env e = {0};
  env_buf(&e, fb, 0, 3, (uint64_t[]){0, f32b(1.0f), 1, 0xffc00123u, 2, f32b(2.0f)});
  EXPECT_BITS(red(OP_MAX, load(fb, r), 1, r), &e, F32_NAN);
  EXPECT_BITS(red(OP_MIN, load(fb, r), 1, r), &e, F32_NAN);
  EXPECT_BITS(red(OP_ADD, load(fb, r), 1, r), &e, F32_NAN);
  Node *r1 = range(ix(1), "r");
  EXPECT_BITS(red(OP_MAX, load(fb, r1), 1, r1), &e, f32b(1.0f));
  env_free(&e);
  Node *db = buffer("nand", DT_F64, 2);
  Node *r2 = range(ix(2), "r");
  env_buf(&e, db, UINT64_C(0x7ff0000000000001), 1, (uint64_t[]){0, f64b(-3.0)});
  EXPECT_BITS(red(OP_MAX, load(db, r2), 1, r2), &e, UINT64_C(0x7ff8000000000000));
  env_free(&e);
}

static void test_reduce_laziness_and_ub(void **state) {
  (void)state;
  Node *n = var("n", DT_INDEX);
  Node *r = range(n, "r");
  Env e = {0};
  env_var(&e, n, 0);
  Node *ubody = red(OP_ADD, ubv(DT_I32), 1, r);
  EXPECT_INT(ubody, &e, 0); /* no iteration: the body is never evaluated */
  EXPECT_BITS(red(OP_MIN, ubv(DT_I32), 1, r), &e, 0x7fffffff);
  e.vars[0].lane[0] = UINT64_MAX; /* -1 */
  EXPECT_INT(ubody, &e, 0);
  e.vars[0].lane[0] = 1;
  EXPECT_UB(ubody, &e);
  /* UB only in the last iteration: 12 // (3 - r) at r == 3. */
  Node *q = bin(OP_IDIV, ix(12), bin(OP_SUB, ix(3), r));
  e.vars[0].lane[0] = 3;
  EXPECT_INT(red(OP_ADD, q, 1, r), &e, 4 + 6 + 12);
  e.vars[0].lane[0] = 4;
  EXPECT_UB(red(OP_ADD, q, 1, r), &e);
  /* A UB end: UB even with a body that is always defined. */
  Node *rub = range(ubv(DT_INDEX), "r");
  EXPECT_UB(red(OP_ADD, ix(1), 1, rub), &e);
  /* An empty outer loop never evaluates the inner end. */
  Node *zero = range(ix(0), "z");
  EXPECT_INT(red(OP_ADD, ix(1), 2, zero, rub), &e, 0);
}

static void test_reduce_invalid(void **state) {
  (void)state;
  Env e = {0};
  Node *r3 = range(ix(3), "r"), *r2 = range(ix(2), "r"), *r1 = range(ix(1), "r"), *r0 = range(ix(0), "r");
  EXPECT_INV(red(OP_ADD, sel(bin(OP_EQ, r3, ix(0)), inv(), r3), 1, r3), &e);
  EXPECT_INV(red(OP_MAX, sel(bin(OP_EQ, r3, ix(2)), inv(), r3), 1, r3), &e);
  /* INVALID first, UB later: UB. */
  EXPECT_UB(red(OP_ADD, sel(bin(OP_EQ, r2, ix(0)), inv(), ubv(DT_INDEX)), 1, r2), &e);
  EXPECT_INV(red(OP_ADD, sel(bin(OP_EQ, r1, ix(0)), inv(), ubv(DT_INDEX)), 1, r1), &e);
  EXPECT_BITS(red(OP_MAX, inv(), 1, r0), &e, UINT64_C(0x8000000000000000));
  /* An INVALID loop end is read as UB (its test r < E compares with INVALID). */
  Node *rinv = range(inv(), "r");
  EXPECT_UB(red(OP_ADD, ix(1), 1, rinv), &e);
  /* A loaded index is never INVALID: a masked load gives 0. */
  Node *ib = buffer("ib", DT_INDEX, 2);
  env_buf(&e, ib, 4, 0, NULL);
  EXPECT_INT(red(OP_ADD, load(ib, sel(bin(OP_EQ, r2, ix(0)), inv(), r2)), 1, r2), &e, 4);
  env_free(&e);
}

static void test_rebound_range_shadows(void **state) {
  (void)state;
  Env e = {0};
  Node *r = range(ix(3), "r");
  /* The inner reduce binds r again: inner = 1 * 2 * 3 every time, 18 in all (using the outer r would
   * give 1 + 8 + 27 = 36). */
  Node *inner = red(OP_MUL, bin(OP_ADD, r, ix(1)), 1, r);
  EXPECT_INT(red(OP_ADD, inner, 1, r), &e, 18);
}

static void test_values_in_loops_follow_iteration_and_state(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 3);
  Node *r = range(ix(3), "r");
  Env e = {0};
  env_buf(&e, b, 0, 3, (uint64_t[]){0, 2, 1, 3, 2, 4});
  Node *x = load(b, r);
  EXPECT_INT(red(OP_ADD, bin(OP_MUL, x, x), 1, r), &e, 4 + 9 + 16);
  /* A reduction over a state changed by a dep, and the same reduction in the initial state. */
  Node *sum = red(OP_ADD, x, 1, r);
  EXPECT_INT(bin(OP_SUB, after(sum, 1, store(b, ix(1), ci(DT_I32, 100))), sum), &e, 97);
  env_free(&e);
}

static void test_shared_nodes_are_not_reevaluated(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I64, 2);
  Node *r = range(ix(2), "r");
  Env e = {0};
  env_buf(&e, b, 1, 0, NULL);
  Node *x = load(b, r);
  for (int k = 0; k < 62; k++) x = bin(OP_ADD, x, x); /* 2^62 paths from the top to the load */
  EXPECT_BITS(red(OP_ADD, x, 1, r), &e, UINT64_C(1) << 63);
  env_free(&e);
}

/* ---- free ranges ---- */

static void test_free_ranges(void **state) {
  (void)state;
  Node *n = var("n", DT_INDEX);
  Node *r = range(n, "r");
  Node *twice = bin(OP_MUL, r, ix(2));
  Env e = {0};
  env_var(&e, n, 5);
  env_range(&e, r, 3);
  EXPECT_INT(twice, &e, 6);
  e.ranges[0].lane[0] = 4;
  EXPECT_INT(twice, &e, 8);
  e.ranges[0].lane[0] = 5;
  EXPECT_OUT_OF_DOMAIN(twice, &e);
  e.ranges[0].lane[0] = UINT64_MAX; /* -1 */
  EXPECT_OUT_OF_DOMAIN(twice, &e);
  e.vars[0].lane[0] = 0; /* empty domain: no admissible value */
  e.ranges[0].lane[0] = 0;
  EXPECT_OUT_OF_DOMAIN(twice, &e);
  /* Out of domain: nothing else is evaluated, not even the UB. */
  EXPECT_OUT_OF_DOMAIN(bin(OP_ADD, twice, ubv(DT_INDEX)), &e);
  Node *b = buffer("b", DT_INDEX, 8);
  env_buf(&e, b, 0, 0, NULL);
  EXPECT_OUT_OF_DOMAIN(store(b, r, ix(1)), &e);
  /* A free range used in a loop, and one that is bound in one place and free in another. */
  Node *j = range(ix(3), "j");
  e.vars[0].lane[0] = 20;
  e.ranges[0].lane[0] = 10;
  EXPECT_INT(red(OP_ADD, bin(OP_ADD, r, j), 1, j), &e, 33);
  Node *r4 = range(ix(4), "r4");
  env_range(&e, r4, 2);
  EXPECT_INT(bin(OP_ADD, red(OP_ADD, r4, 1, r4), r4), &e, 6 + 2);
  Outcome res = EFFECT(store(b, r4, r), &e);
  assert_int_equal(elem(&res, 0, 2), 10);
  assert_int_equal(elem(&res, 0, 3), 0);
  outcome_free(&res);
  env_free(&e);
}

static void test_free_range_ends(void **state) {
  (void)state;
  Env e = {0};
  /* A UB end: the point is admissible and the range is UB. */
  Node *q = range(ubv(DT_INDEX), "q");
  env_range(&e, q, 0);
  EXPECT_UB(bin(OP_ADD, q, ix(1)), &e);
  Node *qi = range(inv(), "qi");
  env_range(&e, qi, 0);
  EXPECT_UB(bin(OP_ADD, qi, ix(1)), &e);
  /* An end using another free range: r2 < r1 + 1. */
  Node *r1 = range(ix(4), "r1");
  Node *r2 = range(bin(OP_ADD, r1, ix(1)), "r2");
  Node *sum = bin(OP_ADD, r1, r2);
  env_range(&e, r1, 1);
  env_range(&e, r2, 1);
  EXPECT_INT(sum, &e, 2);
  e.ranges[3].lane[0] = 2;
  EXPECT_OUT_OF_DOMAIN(sum, &e);
  e.ranges[2].lane[0] = 4; /* r1 itself out of its domain */
  e.ranges[3].lane[0] = 0;
  EXPECT_OUT_OF_DOMAIN(sum, &e);
}

static void test_deep_expression(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 2);
  Node *r = range(ix(2), "r");
  Env e = {0};
  env_buf(&e, b, 3, 0, NULL);
  Node *x = load(b, r);
  for (int k = 0; k < 1900; k++) x = bin(OP_ADD, x, ci(DT_I32, 1));
  EXPECT_INT(red(OP_ADD, x, 1, r), &e, 2 * (3 + 1900));
  Node *v = load(b, ix(0));
  for (int k = 0; k < 950; k++) v = after(bin(OP_ADD, v, ci(DT_I32, 1)), 1, noop()); /* 2 levels each */
  EXPECT_INT(v, &e, 3 + 950);
  env_free(&e);
}

/* ---- errors ---- */

static void test_range_used_before_its_loop(void **state) {
  (void)state;
  Env e = {0};
  /* i's end reads j, which the same reduce would bind only inside i's loop: the IR refuses the list. */
  Node *j = range(ix(3), "j");
  Node *i = range(j, "i");
  assert_null(vs_reduce(ctx, OP_ADD, ix(1), (Node *[]){i, j}, 2));
  assert_non_null(strstr(vs_ctx_error(ctx), "listed after it"));
  /* A free range whose end is a loop variable bound around its use. */
  Node *k = range(ix(3), "k");
  Node *f = range(k, "f");
  env_range(&e, f, 0);
  EXPECT_ERROR(red(OP_ADD, f, 1, k), &e, "'k' has no value");
  /* With the order reversed, j is bound when i's loop starts. */
  EXPECT_INT(red(OP_ADD, ix(1), 2, j, i), &e, 0 + 1 + 2);
}

static void test_missing_inputs(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Node *x = var("x", DT_INDEX);
  Node *c = var("c", DT_BOOL);
  Env e = {0};
  EXPECT_ERROR(load(b, ix(0)), &e, "'b'");
  env_buf(&e, b, 0, 0, NULL);
  EXPECT_ERROR(load(b, x), &e, "'x'");
  /* Missing wherever it is, even in a branch that is not taken. */
  env_var(&e, c, 0);
  EXPECT_ERROR(sel(c, load(b, x), ci(DT_I32, 0)), &e, "'x'");
  Node *r = range(ix(4), "r");
  EXPECT_ERROR(bin(OP_ADD, load(b, r), ci(DT_I32, 1)), &e, "free range 'r'");
  /* A buffer of free size: env's size must lie in [lo, hi] and is the one loads check. */
  Node *fs = built(vs_buffer(ctx, "fs", DT_I32, 2, 8), "buffer");
  env_buf_sized(&e, fs, 9, 0, 0, NULL);
  EXPECT_ERROR(load(fs, ix(0)), &e, "size range");
  env_free(&e);
  env_buf_sized(&e, fs, 4, 6, 0, NULL);
  EXPECT_INT(load(fs, ix(3)), &e, 6);
  EXPECT_UB(load(fs, ix(4)), &e);
  /* Given twice. */
  env_buf_sized(&e, fs, 4, 6, 0, NULL);
  EXPECT_ERROR(load(fs, ix(0)), &e, "twice");
  env_free(&e);
  /* Extra entries are ignored. */
  env_buf(&e, b, 1, 0, NULL);
  env_var(&e, x, 1);
  Node *unused = range(ix(2), "unused");
  env_range(&e, unused, 7);
  EXPECT_INT(ci(DT_I32, 4), &e, 4);
  env_free(&e);
}

static void test_unevaluable_expressions(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Env e = {0};
  env_buf(&e, b, 0, 0, NULL);
  Node *eff = built(vs_effect_var(ctx, "e", NULL, 0), "effect");
  EXPECT_ERROR(eff, &e, "abstract effect");
  Node *none = range(ix(0), "none");
  EXPECT_ERROR(end(eff, 1, none), &e, "abstract effect"); /* even where it would never run */
  EXPECT_ERROR(after(load(b, ix(0)), 1, eff), &e, "abstract effect");
  /* A vector is never part of a graph expression (the IR keeps it out): eval_at evaluates it lane by
   * lane, not in the graph evaluator, and here it has no value. */
  Node *v = built(vs_var_lanes(ctx, "v", DT_I32, 4, im_min(DT_I32), im_max(DT_I32)), "vector");
  EXPECT_ERROR(v, &e, "no value for variable 'v'");
  EXPECT_ERROR(b, &e, "buffer");
  EXPECT_ERROR(ptr(b, ix(0)), &e, "pointer");
  /* No message buffer: still a failure, and no crash. */
  Point ge = genv(&e);
  Outcome r;
  assert_false(eval_at(eff, &ge, &r, NULL, 0));
  assert_true(r.value.ub);
  assert_null(r.bufs);
  env_free(&e);
}

static void test_iteration_limit(void **state) {
  (void)state;
  Env e = {0};
  uint64_t side = 2048; /* 2048 outer + 2048 * 2047 inner iterations: exactly the limit */
  assert_int_equal(side * side, VS_EVAL_MAX_ITERATIONS);
  Node *i = range(ix((i128)side), "i"), *j = range(ix((i128)side - 1), "j");
  EXPECT_INT(red(OP_ADD, ix(1), 2, i, j), &e, (i128)(side * (side - 1)));
  Node *j2 = range(ix((i128)side), "j");
  EXPECT_ERROR(red(OP_ADD, ix(1), 2, i, j2), &e, "iterations");
  /* Empty inner loops still count their outer iterations. */
  Node *big = range(ix((i128)VS_EVAL_MAX_ITERATIONS + 1), "big"), *z = range(ix(0), "z");
  EXPECT_ERROR(red(OP_ADD, ix(1), 2, big, z), &e, "iterations");
  Node *huge = range(ix((i128)1 << 62), "huge");
  EXPECT_ERROR(end(noop(), 1, huge), &e, "iterations");
}

static void test_run_limit(void **state) {
  (void)state;
  Env e = {0};
  /* after(e, e) runs e twice: 26 levels ask for about 2^26 runs of noop, without any loop. */
  Node *x = noop();
  for (int k = 0; k < 26; k++) x = after(x, 1, x);
  EXPECT_ERROR(x, &e, "effects");
  Node *y = noop();
  for (int k = 0; k < 10; k++) y = after(y, 1, y);
  EXPECT_UNCHANGED(y, &e);
}

/* ---- refinement ---- */

static void test_refines_values(void **state) {
  (void)state;
  Env e = {0};
  Outcome five = run_at(ix(5), &e, __LINE__), six = run_at(ix(6), &e, __LINE__);
  Outcome ub = run_at(ubv(DT_INDEX), &e, __LINE__), iv = run_at(inv(), &e, __LINE__);
  Outcome pz = run_at(cf32(0.0f), &e, __LINE__), nz = run_at(cbits(DT_F32, F32_NEG_ZERO), &e, __LINE__);
  Outcome nan1 = run_at(cbits(DT_F32, F32_NAN), &e, __LINE__);
  Outcome nan2 = run_at(bin(OP_FDIV, cf32(0.0f), cf32(0.0f)), &e, __LINE__);
  assert_true(outcome_refines(&five, &five));
  assert_false(outcome_refines(&five, &six));
  assert_true(outcome_refines(&ub, &five));
  assert_false(outcome_refines(&five, &ub));
  assert_true(outcome_refines(&iv, &iv));
  assert_false(outcome_refines(&iv, &five));
  assert_false(outcome_refines(&five, &iv));
  assert_false(outcome_refines(&pz, &nz));
  assert_false(outcome_refines(&nz, &pz));
  assert_true(outcome_refines(&nan1, &nan2));
  /* An inadmissible source admits anything. */
  Node *r = range(ix(2), "r");
  env_range(&e, r, 7);
  Outcome ood = run_at(r, &e, __LINE__);
  assert_true(ood.out_of_domain);
  assert_true(outcome_refines(&ood, &five));
  assert_false(outcome_refines(&five, &ood));
}

static void test_refines_effects(void **state) {
  (void)state;
  Node *b = buffer("b", DT_I32, 4);
  Env e = {0};
  env_buf(&e, b, 0, 0, NULL);
  Node *r = range(ix(4), "r");
  Node *loop = end(store(b, r, ci(DT_I32, 1)), 1, r);
  Node *one = ci(DT_I32, 1);
  Node *unrolled = after(store(b, ix(3), one), 3, store(b, ix(0), one), store(b, ix(1), one), store(b, ix(2), one));
  Node *wrong = after(store(b, ix(3), ci(DT_I32, 2)), 3, store(b, ix(0), one), store(b, ix(1), one), store(b, ix(2), one));
  Outcome src = EFFECT(loop, &e), same = EFFECT(unrolled, &e), diff = EFFECT(wrong, &e);
  Outcome ub = run_at(store(b, ix(4), one), &e, __LINE__);
  Outcome val = run_at(load(b, ix(0)), &e, __LINE__);
  assert_true(outcome_refines(&src, &same));
  assert_true(outcome_refines(&same, &src));
  assert_false(outcome_refines(&src, &diff));
  assert_false(outcome_refines(&src, &ub));
  assert_true(outcome_refines(&ub, &src));
  assert_false(outcome_refines(&src, &val));
  assert_false(outcome_refines(&val, &src));
  outcome_free(&src);
  outcome_free(&same);
  outcome_free(&diff);
  /* No buffer at all: an effect still has a (empty) result, which refines and is refined. */
  Env empty = {0};
  Outcome n1 = EFFECT(noop(), &empty), n2 = EFFECT(end(noop(), 1, r), &empty);
  assert_true(outcome_refines(&n1, &n2));
  assert_false(outcome_refines(&n1, &val));
  outcome_free(&n1);
  outcome_free(&n2);
  env_free(&e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_load_elements_and_bounds),
      cmocka_unit_test(test_masked_load_is_zero_of_each_dtype),
      cmocka_unit_test(test_loaded_nan_is_canonical),
      cmocka_unit_test(test_select_keeps_loads_lazy),
      cmocka_unit_test(test_value_ops_over_loads),
      cmocka_unit_test(test_store_writes_one_element),
      cmocka_unit_test(test_store_invalid_and_ub_first),
      cmocka_unit_test(test_after_values_and_deps_order),
      cmocka_unit_test(test_pointer_through_after),
      cmocka_unit_test(test_end_over_zero_one_several),
      cmocka_unit_test(test_end_threads_the_state_in_order),
      cmocka_unit_test(test_triangular_nests),
      cmocka_unit_test(test_reduce_identities),
      cmocka_unit_test(test_reduce_without_ranges_is_one_step),
      cmocka_unit_test(test_reduce_values_and_order),
      cmocka_unit_test(test_reduce_float_first_step),
      cmocka_unit_test(test_reduce_nan_through_max),
      cmocka_unit_test(test_reduce_laziness_and_ub),
      cmocka_unit_test(test_reduce_invalid),
      cmocka_unit_test(test_rebound_range_shadows),
      cmocka_unit_test(test_values_in_loops_follow_iteration_and_state),
      cmocka_unit_test(test_shared_nodes_are_not_reevaluated),
      cmocka_unit_test(test_deep_expression),
      cmocka_unit_test(test_free_ranges),
      cmocka_unit_test(test_free_range_ends),
      cmocka_unit_test(test_range_used_before_its_loop),
      cmocka_unit_test(test_missing_inputs),
      cmocka_unit_test(test_unevaluable_expressions),
      cmocka_unit_test(test_iteration_limit),
      cmocka_unit_test(test_run_limit),
      cmocka_unit_test(test_refines_values),
      cmocka_unit_test(test_refines_effects),
  };
  return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
