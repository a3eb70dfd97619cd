/* test_eval.c: the reference evaluator against docs/semantics.md, op by op, dtype by dtype, UB
 * included. Every expression is evaluated through both drivers (eval_at and a prepared Evaluator)
 * and they must agree before the value is checked. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/eval.h"
#include "eval/f16.h"
#include "ir/node.h"
#include "support.h"


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

static Node *ci(DType dt, i128 v) { return vs_const_int(ctx, dt, v); }
static Node *cb(bool b) { return vs_bool(ctx, b); }

/* The bits of d in a float dtype; d must be exactly representable there. */
static uint64_t fbits(DType dt, double d) {
  uint64_t b;
  double back;
  switch (dt) {
  case DT_F16: b = f16_from_double(d); back = f16_to_double((uint16_t)b); break;
  case DT_F32: b = test_f32_bits((float)d); back = (float)d; break;
  default: return test_f64_bits(d);
  }
  if (!isnan(d) && test_f64_bits(back) != test_f64_bits(d)) fail_msg("%a is not exact in %s", d, dt_name(dt));
  return b;
}
static Node *cf(DType dt, double d) { return vs_const(ctx, dt, fbits(dt, d)); }

static Node *bin(Op op, Node *a, Node *b) {
  Node *n = vs_bin(ctx, op, a, b);
  if (!n) fail_msg("vs_bin(%s): %s", op_name(op), vs_ctx_error(ctx));
  return n;
}
static Node *un(Op op, Node *a) {
  Node *n = vs_un(ctx, op, a);
  if (!n) fail_msg("vs_un(%s): %s", op_name(op), vs_ctx_error(ctx));
  return n;
}
static Node *tern(Op op, Node *a, Node *b, Node *c) {
  Node *n = vs_tern(ctx, op, a, b, c);
  if (!n) fail_msg("vs_tern(%s): %s", op_name(op), vs_ctx_error(ctx));
  return n;
}
static Node *cast(DType to, Node *a) {
  Node *n = vs_cast(ctx, to, a);
  if (!n) fail_msg("vs_cast: %s", vs_ctx_error(ctx));
  return n;
}
static Node *bitcast(DType to, Node *a) {
  Node *n = vs_make(ctx, OP_BITCAST, to, &a, 1);
  if (!n) fail_msg("bitcast: %s", vs_ctx_error(ctx));
  return n;
}
static Node *ibin(Op op, DType dt, i128 a, i128 b) { return bin(op, ci(dt, a), ci(dt, b)); }
static Node *fbin(Op op, DType dt, double a, double b) { return bin(op, cf(dt, a), cf(dt, b)); }

/* ---- evaluating ---- */

/* Evaluates a closed expression with both drivers and requires that they agree. */
static Value run_at(Node *n, int line) {
  Value a;
  if (!test_eval(n, NULL, 0, &a)) fail_msg("line %d: eval_at failed", line);
  Evaluator *ev = evaluator_new(n);
  if (!ev) fail_msg("line %d: evaluator_new failed", line);
  Value b = evaluator_run(ev, NULL);
  evaluator_free(ev);
  if (!value_same(a, b))
    fail_msg("line %d: eval_at gives %s%#llx, Evaluator %s%#llx", line, a.ub ? "UB " : "", (unsigned long long)a.bits,
             b.ub ? "UB " : "", (unsigned long long)b.bits);
  return a;
}

static void expect_bits_at(Node *n, uint64_t bits, int line) {
  Value v = run_at(n, line);
  if (v.ub) fail_msg("line %d: expected %#llx, got UB", line, (unsigned long long)bits);
  if (v.bits != bits) fail_msg("line %d: expected %#llx, got %#llx", line, (unsigned long long)bits, (unsigned long long)v.bits);
}
static void expect_ub_at(Node *n, int line) {
  Value v = run_at(n, line);
  if (!v.ub) fail_msg("line %d: expected UB, got %#llx", line, (unsigned long long)v.bits);
}

#define EXPECT_BITS(n, bits) expect_bits_at((n), (bits), __LINE__)
/* An integer or bool result given by its numeric value. */
#define EXPECT_INT(n, v)                                       \
  do {                                                         \
    Node *n_ = (n);                                            \
    expect_bits_at(n_, im_from_value((DType)n_->dtype, (v)), __LINE__); \
  } while (0)
/* A float result given as a double exactly representable in the node's dtype. */
#define EXPECT_F(n, d)                                          \
  do {                                                          \
    Node *n_ = (n);                                             \
    expect_bits_at(n_, fbits((DType)n_->dtype, (d)), __LINE__); \
  } while (0)
#define EXPECT_NAN(n)                                               \
  do {                                                              \
    Node *n_ = (n);                                                 \
    expect_bits_at(n_, vs_nan_bits((DType)n_->dtype), __LINE__);    \
  } while (0)
#define EXPECT_UB(n) expect_ub_at((n), __LINE__)

static const DType int_dts[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64, DT_INDEX};
static const DType float_dts[] = {DT_F16, DT_F32, DT_F64};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- integers ---- */

static void test_wraparound(void **state) {
  (void)state;
  EXPECT_INT(ibin(OP_ADD, DT_I8, 127, 1), -128);
  EXPECT_INT(ibin(OP_SUB, DT_I8, -128, 1), 127);
  EXPECT_INT(ibin(OP_ADD, DT_U8, 255, 1), 0);
  EXPECT_INT(ibin(OP_SUB, DT_U8, 0, 1), 255);
  EXPECT_INT(ibin(OP_MUL, DT_I32, 65536, 65536), 0);
  EXPECT_INT(ibin(OP_MUL, DT_I16, 300, 300), 90000 - 65536 * 1);
  EXPECT_INT(ibin(OP_MUL, DT_U64, (i128)1 << 63, 2), 0);
  EXPECT_INT(un(OP_NEG, ci(DT_U8, 1)), 255);
  EXPECT_INT(un(OP_NEG, ci(DT_I8, 5)), -5);
  for (size_t i = 0; i < COUNT(int_dts); i++) {
    DType dt = int_dts[i];
    i128 mn = im_min(dt), mx = im_max(dt);
    EXPECT_INT(ibin(OP_ADD, dt, mx, 1), mn);
    EXPECT_INT(ibin(OP_SUB, dt, mn, 1), mx);
    EXPECT_INT(ibin(OP_MUL, dt, mx, 2), dt_is_signed(dt) ? -2 : mx - 1);
    EXPECT_INT(ibin(OP_MUL, dt, mx, mx), 1); /* (2^k - 1)^2 == 1 mod 2^k for k >= 2 */
    EXPECT_INT(un(OP_NEG, ci(dt, mn)), mn); /* -MIN == MIN; -0 == 0 */
    EXPECT_INT(tern(OP_MULACC, ci(dt, mx), ci(dt, mx), ci(dt, mx)), mx + 1);
  }
}

/* Floor and truncating division and their remainders, by hand for every sign combination. */
static void test_division_table(void **state) {
  (void)state;
  static const struct { i128 a, b, fq, fr, tq, tr; } cases[] = {
      {7, 2, 3, 1, 3, 1},      {-7, 2, -4, 1, -3, -1},  {7, -2, -4, -1, -3, 1}, {-7, -2, 3, -1, 3, -1},
      {6, 3, 2, 0, 2, 0},      {-6, 3, -2, 0, -2, 0},   {6, -3, -2, 0, -2, 0},  {0, -5, 0, 0, 0, 0},
      {1, 5, 0, 1, 0, 1},      {-1, 5, -1, 4, 0, -1},   {1, -5, -1, -4, 0, 1},  {-1, -5, 0, -1, 0, -1},
  };
  const DType sdts[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_INDEX};
  for (size_t d = 0; d < COUNT(sdts); d++) {
    DType dt = sdts[d];
    for (size_t i = 0; i < COUNT(cases); i++) {
      EXPECT_INT(ibin(OP_IDIV, dt, cases[i].a, cases[i].b), cases[i].fq);
      EXPECT_INT(ibin(OP_MOD, dt, cases[i].a, cases[i].b), cases[i].fr);
      EXPECT_INT(ibin(OP_TDIV, dt, cases[i].a, cases[i].b), cases[i].tq);
      EXPECT_INT(ibin(OP_TMOD, dt, cases[i].a, cases[i].b), cases[i].tr);
    }
    i128 mn = im_min(dt), mx = im_max(dt);
    EXPECT_INT(ibin(OP_IDIV, dt, mn, -1), mn);
    EXPECT_INT(ibin(OP_MOD, dt, mn, -1), 0);
    EXPECT_INT(ibin(OP_TDIV, dt, mn, -1), mn);
    EXPECT_INT(ibin(OP_TMOD, dt, mn, -1), 0);
    EXPECT_INT(ibin(OP_IDIV, dt, mn, mn), 1);
    EXPECT_INT(ibin(OP_IDIV, dt, mx, mn), -1);
    EXPECT_INT(ibin(OP_MOD, dt, mx, mn), -1);
    EXPECT_INT(ibin(OP_TDIV, dt, mx, mn), 0);
    EXPECT_INT(ibin(OP_TMOD, dt, mx, mn), mx);
    EXPECT_INT(ibin(OP_IDIV, dt, mn, 2), mn / 2);
    EXPECT_INT(ibin(OP_IDIV, dt, mn + 1, 2), mn / 2);
    EXPECT_INT(ibin(OP_MOD, dt, mn + 1, 2), 1);
    EXPECT_INT(ibin(OP_TMOD, dt, mn + 1, 2), -1);
  }
  /* Unsigned: the operands are large positive numbers, never negative ones. */
  EXPECT_INT(ibin(OP_IDIV, DT_U8, 200, 7), 28);
  EXPECT_INT(ibin(OP_MOD, DT_U8, 200, 7), 4);
  EXPECT_INT(ibin(OP_TDIV, DT_U8, 200, 7), 28);
  EXPECT_INT(ibin(OP_TMOD, DT_U8, 200, 7), 4);
  EXPECT_INT(ibin(OP_IDIV, DT_U8, 255, 255), 1); /* not -1 // -1 */
  EXPECT_INT(ibin(OP_IDIV, DT_U64, -1, 2), ((i128)1 << 63) - 1);
  EXPECT_INT(ibin(OP_MOD, DT_U32, 7, 0xffffffff), 7);
  for (size_t i = 0; i < COUNT(int_dts); i++) {
    DType dt = int_dts[i];
    EXPECT_UB(ibin(OP_IDIV, dt, 1, 0));
    EXPECT_UB(ibin(OP_MOD, dt, 0, 0));
    EXPECT_UB(ibin(OP_TDIV, dt, im_min(dt), 0));
    EXPECT_UB(ibin(OP_TMOD, dt, im_max(dt), 0));
  }
}

/* The division ops at i8 and u8 for all 65536 operand pairs, against i128 arithmetic. */
static void test_division_exhaustive_8bit(void **state) {
  (void)state;
  const DType dts[] = {DT_I8, DT_U8};
  const Op ops[] = {OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD};
  for (size_t d = 0; d < COUNT(dts); d++) {
    DType dt = dts[d];
    Node *x = vs_var(ctx, "x", dt, im_min(dt), im_max(dt)), *y = vs_var(ctx, "y", dt, im_min(dt), im_max(dt));
    for (size_t o = 0; o < COUNT(ops); o++) {
      Evaluator *ev = evaluator_new(bin(ops[o], x, y));
      assert_non_null(ev);
      const Node *const *vars;
      assert_int_equal(evaluator_vars(ev, &vars), 2);
      assert_ptr_equal(vars[0], x);
      assert_ptr_equal(vars[1], y);
      for (unsigned a = 0; a < 256; a++) {
        for (unsigned b = 0; b < 256; b++) {
          uint64_t in[2] = {a, b};
          Value v = evaluator_run(ev, in);
          i128 va = im_value(dt, a), vb = im_value(dt, b);
          if (vb == 0) {
            if (!v.ub) fail_msg("%s %s(%d, 0) not UB", dt_name(dt), op_name(ops[o]), (int)va);
            continue;
          }
          i128 want = ops[o] == OP_IDIV ? im_floordiv(va, vb)
                      : ops[o] == OP_MOD ? im_floormod(va, vb)
                      : ops[o] == OP_TDIV ? va / vb
                                          : va % vb;
          if (v.ub || v.bits != im_from_value(dt, want))
            fail_msg("%s %s(%d, %d): got %s%llu", dt_name(dt), op_name(ops[o]), (int)va, (int)vb, v.ub ? "UB " : "",
                     (unsigned long long)v.bits);
        }
      }
      evaluator_free(ev);
    }
  }
}

static void test_shifts(void **state) {
  (void)state;
  EXPECT_INT(ibin(OP_SHL, DT_I8, 1, 7), -128);
  EXPECT_INT(ibin(OP_SHL, DT_I8, -127, 1), 2); /* 0x81 << 1: the top bit is lost */
  EXPECT_INT(ibin(OP_SHL, DT_U8, 0xff, 4), 0xf0);
  EXPECT_INT(ibin(OP_SHR, DT_I8, -128, 7), -1);
  EXPECT_INT(ibin(OP_SHR, DT_I8, -128, 1), -64);
  EXPECT_INT(ibin(OP_SHR, DT_I8, -7, 1), -4); /* floor(-3.5) */
  EXPECT_INT(ibin(OP_SHR, DT_I8, 127, 6), 1);
  EXPECT_INT(ibin(OP_SHR, DT_U8, 0x80, 7), 1);
  EXPECT_INT(ibin(OP_SHR, DT_U16, 0x8000, 15), 1);
  EXPECT_INT(ibin(OP_SHR, DT_I16, -32768, 15), -1);
  EXPECT_INT(ibin(OP_SHR, DT_I32, -1, 31), -1);
  EXPECT_INT(ibin(OP_SHR, DT_U64, -1, 63), 1);
  EXPECT_INT(ibin(OP_SHR, DT_I64, im_min(DT_I64), 63), -1);
  EXPECT_INT(ibin(OP_SHR, DT_INDEX, im_min(DT_INDEX), 62), -2);
  EXPECT_INT(ibin(OP_SHL, DT_I64, 1, 63), im_min(DT_I64));
  EXPECT_INT(ibin(OP_SHL, DT_U64, 3, 63), (i128)1 << 63);
  EXPECT_INT(ibin(OP_SHL, DT_I32, 5, 0), 5);
  for (size_t i = 0; i < COUNT(int_dts); i++) {
    DType dt = int_dts[i];
    int w = dt_bits(dt);
    EXPECT_BITS(ibin(OP_SHL, dt, 1, w - 1), (uint64_t)1 << (w - 1));
    EXPECT_UB(ibin(OP_SHL, dt, 1, w));
    EXPECT_UB(ibin(OP_SHR, dt, 1, w));
    EXPECT_UB(ibin(OP_SHL, dt, 0, im_max(dt)));
    EXPECT_UB(ibin(OP_SHR, dt, 0, im_max(dt)));
    if (dt_is_signed(dt)) {
      EXPECT_UB(ibin(OP_SHL, dt, 1, -1)); /* read in the signed dtype: negative */
      EXPECT_UB(ibin(OP_SHR, dt, 1, im_min(dt)));
    } else {
      EXPECT_UB(ibin(OP_SHL, dt, 1, im_max(dt))); /* the same bits as -1, but a huge amount */
    }
  }
}

static void test_comparisons_int(void **state) {
  (void)state;
  EXPECT_INT(ibin(OP_LT, DT_I8, -1, 1), 1);
  EXPECT_INT(ibin(OP_LT, DT_U8, 255, 1), 0); /* same bits as -1 < 1, read unsigned */
  EXPECT_INT(ibin(OP_LT, DT_U64, 1, (i128)1 << 63), 1);
  EXPECT_INT(ibin(OP_LT, DT_I64, 1, im_min(DT_I64)), 0);
  EXPECT_INT(ibin(OP_LT, DT_INDEX, im_min(DT_INDEX), im_max(DT_INDEX)), 1);
  EXPECT_INT(ibin(OP_LE, DT_I32, 7, 7), 1);
  EXPECT_INT(ibin(OP_LT, DT_I32, 7, 7), 0);
  EXPECT_INT(ibin(OP_LE, DT_I16, -32768, -32767), 1);
  EXPECT_INT(ibin(OP_LE, DT_U16, 65535, 0), 0);
  EXPECT_INT(ibin(OP_EQ, DT_U32, 0xffffffff, -1), 1); /* -1 wraps to the same constant */
  EXPECT_INT(ibin(OP_NE, DT_I8, 3, 4), 1);
  EXPECT_INT(ibin(OP_EQ, DT_I8, 3, 4), 0);
  EXPECT_INT(bin(OP_LT, cb(false), cb(true)), 1);
  EXPECT_INT(bin(OP_LT, cb(true), cb(false)), 0);
  EXPECT_INT(bin(OP_LE, cb(true), cb(true)), 1);
  EXPECT_INT(bin(OP_EQ, cb(true), cb(false)), 0);
  EXPECT_INT(ibin(OP_MIN, DT_I8, -1, 1), -1);
  EXPECT_INT(ibin(OP_MIN, DT_U8, 255, 1), 1);
  EXPECT_INT(ibin(OP_MAX, DT_I64, im_min(DT_I64), -5), -5);
  EXPECT_INT(ibin(OP_MAX, DT_U64, -1, 5), im_max(DT_U64));
  EXPECT_INT(ibin(OP_MIN, DT_INDEX, im_min(DT_INDEX), 0), im_min(DT_INDEX));
}

static void test_pow_int(void **state) {
  (void)state;
  EXPECT_INT(ibin(OP_POW, DT_I32, 2, 10), 1024);
  EXPECT_INT(ibin(OP_POW, DT_I32, 2, 31), im_min(DT_I32));
  EXPECT_INT(ibin(OP_POW, DT_I32, 2, 32), 0);
  EXPECT_INT(ibin(OP_POW, DT_I8, 3, 5), 243 - 256);
  EXPECT_INT(ibin(OP_POW, DT_I8, -2, 3), -8);
  EXPECT_INT(ibin(OP_POW, DT_I8, -2, 7), -128);
  EXPECT_INT(ibin(OP_POW, DT_U8, 2, 255), 0); /* 255 is a large exponent, not -1 */
  EXPECT_INT(ibin(OP_POW, DT_U8, 3, 0), 1);
  EXPECT_INT(ibin(OP_POW, DT_I64, -1, im_max(DT_I64)), -1);
  EXPECT_INT(ibin(OP_POW, DT_I64, -1, im_max(DT_I64) - 1), 1);
  EXPECT_INT(ibin(OP_POW, DT_INDEX, 10, 18), (i128)1000000000000000000);
  for (size_t i = 0; i < COUNT(int_dts); i++) {
    DType dt = int_dts[i];
    EXPECT_INT(ibin(OP_POW, dt, 0, 0), 1);
    EXPECT_INT(ibin(OP_POW, dt, 0, 1), 0);
    EXPECT_INT(ibin(OP_POW, dt, 0, im_max(dt)), 0);
    EXPECT_INT(ibin(OP_POW, dt, 1, im_max(dt)), 1);
    EXPECT_INT(ibin(OP_POW, dt, 7, 1), 7);
    if (dt_is_signed(dt)) {
      EXPECT_UB(ibin(OP_POW, dt, 2, -1));
      EXPECT_UB(ibin(OP_POW, dt, 1, im_min(dt)));
      EXPECT_UB(ibin(OP_POW, dt, 0, -1));
    }
  }
  /* The odd units mod 2^64 have order dividing 2^62, so 3^(2^64-1) is the inverse of 3. */
  Value v = run_at(ibin(OP_POW, DT_U64, 3, im_max(DT_U64)), __LINE__);
  assert_false(v.ub);
  assert_true(v.bits * 3 == 1);
}

static void test_bool_and_bitwise(void **state) {
  (void)state;
  for (int a = 0; a < 2; a++) {
    EXPECT_INT(un(OP_NOT, cb(a)), !a);
    for (int b = 0; b < 2; b++) {
      EXPECT_INT(bin(OP_AND, cb(a), cb(b)), a && b);
      EXPECT_INT(bin(OP_OR, cb(a), cb(b)), a || b);
      EXPECT_INT(bin(OP_XOR, cb(a), cb(b)), a != b);
      EXPECT_INT(bin(OP_EQ, cb(a), cb(b)), a == b);
      EXPECT_INT(bin(OP_NE, cb(a), cb(b)), a != b);
    }
  }
  EXPECT_INT(un(OP_NOT, ci(DT_I8, 0)), -1);
  EXPECT_INT(un(OP_NOT, ci(DT_U8, 0)), 255);
  EXPECT_INT(un(OP_NOT, ci(DT_U64, 0)), im_max(DT_U64));
  EXPECT_INT(un(OP_NOT, ci(DT_I32, 5)), -6);
  EXPECT_INT(ibin(OP_AND, DT_U16, 0xff0f, 0x0ff0), 0x0f00);
  EXPECT_INT(ibin(OP_OR, DT_I8, -128, 1), -127);
  EXPECT_INT(ibin(OP_XOR, DT_U32, 0xffffffff, 0x0f0f0f0f), 0xf0f0f0f0);
  /* && and || are not short-circuit: a UB side is UB even when the other side decides the result. */
  Node *ub = bin(OP_EQ, ibin(OP_IDIV, DT_I32, 1, 0), ci(DT_I32, 0));
  EXPECT_UB(bin(OP_AND, cb(false), ub));
  EXPECT_UB(bin(OP_OR, ub, cb(true)));
}

static void test_select_and_ub_propagation(void **state) {
  (void)state;
  Node *ub = ibin(OP_IDIV, DT_I32, 5, 0);
  EXPECT_UB(ub);
  EXPECT_INT(tern(OP_SELECT, cb(true), ci(DT_I32, 1), ub), 1);
  EXPECT_UB(tern(OP_SELECT, cb(false), ci(DT_I32, 1), ub));
  EXPECT_INT(tern(OP_SELECT, cb(false), ub, ci(DT_I32, 2)), 2);
  EXPECT_UB(tern(OP_SELECT, cb(true), ub, ci(DT_I32, 2)));
  Node *ubc = bin(OP_LT, ub, ci(DT_I32, 0));
  EXPECT_UB(tern(OP_SELECT, ubc, ci(DT_I32, 1), ci(DT_I32, 1)));
  /* UB propagates through every other op, even where the value would not matter. */
  EXPECT_UB(bin(OP_ADD, ub, ci(DT_I32, 1)));
  EXPECT_UB(bin(OP_MUL, ub, ci(DT_I32, 0)));
  EXPECT_UB(bin(OP_AND, ci(DT_I32, 0), ub));
  EXPECT_UB(un(OP_NEG, ub));
  EXPECT_UB(cast(DT_BOOL, ub));
  EXPECT_UB(cast(DT_F32, ub));
  EXPECT_UB(tern(OP_MULACC, ci(DT_I32, 0), ci(DT_I32, 0), ub));
  EXPECT_UB(bin(OP_POW, ub, ci(DT_I32, 0)));
  /* A UB float operand (from a UB cast) poisons float ops too. */
  Node *fub = cast(DT_F32, ub);
  EXPECT_UB(bin(OP_ADD, fub, cf(DT_F32, 1.0)));
  EXPECT_UB(bin(OP_EQ, fub, fub));
  EXPECT_F(tern(OP_SELECT, cb(false), fub, cf(DT_F32, 2.5)), 2.5);
  /* eval_op directly: the unchosen argument's UB is ignored. */
  Node *sel = tern(OP_SELECT, vs_var(ctx, "c", DT_BOOL, 0, 1), ci(DT_I8, 1), ci(DT_I8, 2));
  Value args[3] = {{1, false, false}, {9, false, false}, {0, true, false}};
  Value r = eval_op(sel, args);
  assert_false(r.ub);
  assert_int_equal(r.bits, 9);
  args[0].bits = 0;
  assert_true(eval_op(sel, args).ub);
  args[0] = (Value){0, true, false};
  args[2] = (Value){4, false, false};
  assert_true(eval_op(sel, args).ub);
}

/* Integer operations at every integer dtype on random operands (biased to the edges), against the
 * same formulas computed on i128 values. */
static i128 edge_value(TestRng *rng, DType dt) {
  i128 mn = im_min(dt), mx = im_max(dt);
  switch (test_rng_below(rng, 8)) {
  case 0: return mn + (i128)test_rng_below(rng, 3);
  case 1: return mx - (i128)test_rng_below(rng, 3);
  case 2: return (i128)test_rng_below(rng, 5) - (dt_is_signed(dt) ? 2 : 0);
  case 3: return (i128)test_rng_below(rng, (uint64_t)dt_bits(dt) + 2);
  default: return im_value(dt, test_rng_next(rng));
  }
}

static void test_int_ops_vs_i128(void **state) {
  (void)state;
  TestRng rng = {42};
  const Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD, OP_AND, OP_OR, OP_XOR, OP_SHL,
                    OP_SHR, OP_EQ,  OP_NE,  OP_LT,   OP_LE,  OP_MIN,  OP_MAX,  OP_POW};
  for (size_t d = 0; d < COUNT(int_dts); d++) {
    DType dt = int_dts[d];
    Node *x = vs_var(ctx, "x", dt, im_min(dt), im_max(dt)), *y = vs_var(ctx, "y", dt, im_min(dt), im_max(dt));
    int w = dt_bits(dt);
    for (size_t o = 0; o < COUNT(ops); o++) {
      Op op = ops[o];
      Node *n = bin(op, x, y);
      Evaluator *ev = evaluator_new(n);
      assert_non_null(ev);
      for (int k = 0; k < 2000; k++) {
        i128 a = edge_value(&rng, dt), b = edge_value(&rng, dt);
        if (op == OP_POW) b = (i128)test_rng_below(&rng, 70) - (dt_is_signed(dt) ? 3 : 0);
        bool ub = false;
        uint64_t want = 0;
        u128 ua = (u128)a, ub_ = (u128)b;
        switch (op) {
        case OP_ADD: want = (uint64_t)(ua + ub_); break;
        case OP_SUB: want = (uint64_t)(ua - ub_); break;
        case OP_MUL: want = (uint64_t)(ua * ub_); break;
        case OP_IDIV: ub = b == 0; want = ub ? 0 : (uint64_t)im_floordiv(a, b); break;
        case OP_MOD: ub = b == 0; want = ub ? 0 : (uint64_t)im_floormod(a, b); break;
        case OP_TDIV: ub = b == 0; want = ub ? 0 : (uint64_t)(a / b); break;
        case OP_TMOD: ub = b == 0; want = ub ? 0 : (uint64_t)(a % b); break;
        case OP_AND: want = (uint64_t)(ua & ub_); break;
        case OP_OR: want = (uint64_t)(ua | ub_); break;
        case OP_XOR: want = (uint64_t)(ua ^ ub_); break;
        case OP_SHL: ub = b < 0 || b >= w; want = ub ? 0 : (uint64_t)(ua << (int)b); break;
        case OP_SHR: ub = b < 0 || b >= w; want = ub ? 0 : (uint64_t)im_floordiv(a, (i128)1 << (int)b); break;
        case OP_EQ: want = a == b; break;
        case OP_NE: want = a != b; break;
        case OP_LT: want = a < b; break;
        case OP_LE: want = a <= b; break;
        case OP_MIN: want = (uint64_t)(a < b ? a : b); break;
        case OP_MAX: want = (uint64_t)(a > b ? a : b); break;
        case OP_POW: {
          ub = b < 0;
          u128 p = 1;
          for (i128 e = 0; e < b; e++) p *= ua;
          want = (uint64_t)p;
          break;
        }
        default: fail();
        }
        if (!ub) want = im_wrap((DType)n->dtype, want);
        uint64_t in[2] = {im_from_value(dt, a), im_from_value(dt, b)};
        Value v = evaluator_run(ev, in);
        char sa[48], sb[48];
        if (v.ub != ub || (!ub && v.bits != want))
          fail_msg("%s %s(%s, %s): got %s%#llx, want %s%#llx", dt_name(dt), op_name(op), im_format(a, sa), im_format(b, sb),
                   v.ub ? "UB " : "", (unsigned long long)v.bits, ub ? "UB " : "", (unsigned long long)want);
      }
      evaluator_free(ev);
    }
  }
}

/* ---- casts ---- */

static void test_cast_int_to_int_and_bool(void **state) {
  (void)state;
  EXPECT_INT(cast(DT_U8, ci(DT_I8, -1)), 255);
  EXPECT_INT(cast(DT_I32, ci(DT_I8, -1)), -1);
  EXPECT_INT(cast(DT_U32, ci(DT_I8, -1)), 0xffffffff);
  EXPECT_INT(cast(DT_I32, ci(DT_U8, 255)), 255);
  EXPECT_INT(cast(DT_I8, ci(DT_I32, 0x12345678)), 0x78);
  EXPECT_INT(cast(DT_I8, ci(DT_I32, 0x80)), -128);
  EXPECT_INT(cast(DT_U64, ci(DT_I64, -2)), im_max(DT_U64) - 1);
  EXPECT_INT(cast(DT_INDEX, ci(DT_U64, -1)), -1);
  EXPECT_INT(cast(DT_I16, ci(DT_INDEX, 70000)), 70000 - 65536);
  EXPECT_INT(cast(DT_I8, cb(true)), 1); /* bool zero-extends: true is 1, not -1 */
  EXPECT_INT(cast(DT_U64, cb(true)), 1);
  EXPECT_INT(cast(DT_I64, cb(false)), 0);
  /* to bool is x != 0, not truncation to the low bit */
  EXPECT_INT(cast(DT_BOOL, ci(DT_I32, 256)), 1);
  EXPECT_INT(cast(DT_BOOL, ci(DT_I32, 2)), 1);
  EXPECT_INT(cast(DT_BOOL, ci(DT_I8, -128)), 1);
  EXPECT_INT(cast(DT_BOOL, ci(DT_U64, 0)), 0);
  EXPECT_INT(cast(DT_BOOL, cb(true)), 1);
  for (size_t i = 0; i < COUNT(int_dts); i++)
    for (size_t j = 0; j < COUNT(int_dts); j++) {
      EXPECT_INT(cast(int_dts[j], ci(int_dts[i], im_min(int_dts[i]))), im_min(int_dts[i]));
      EXPECT_INT(cast(int_dts[j], ci(int_dts[i], im_max(int_dts[i]))), im_max(int_dts[i]));
    }
}

static void test_cast_float_to_int(void **state) {
  (void)state;
  EXPECT_INT(cast(DT_I32, cf(DT_F32, 2147483520.0)), 2147483520);
  EXPECT_UB(cast(DT_I32, cf(DT_F32, 2147483648.0)));
  EXPECT_INT(cast(DT_I32, cf(DT_F32, -2147483648.0)), -(i128)2147483648);
  EXPECT_UB(cast(DT_I32, cf(DT_F32, -2147483904.0))); /* the next f32 below -2^31 */
  EXPECT_INT(cast(DT_I32, cf(DT_F64, 2147483647.9)), 2147483647);
  EXPECT_UB(cast(DT_I32, cf(DT_F64, 2147483648.0)));
  EXPECT_INT(cast(DT_I32, cf(DT_F64, -2147483648.9)), -(i128)2147483648);
  EXPECT_UB(cast(DT_I32, cf(DT_F64, -2147483649.0)));
  EXPECT_INT(cast(DT_I32, cf(DT_F64, -7.9)), -7);
  EXPECT_INT(cast(DT_U8, vs_const(ctx, DT_F32, test_f32_bits(-0.9f))), 0); /* truncates to -0.0, which is 0 */
  EXPECT_INT(cast(DT_U8, cf(DT_F32, -0.0)), 0);
  EXPECT_UB(cast(DT_U8, cf(DT_F32, -1.0)));
  EXPECT_INT(cast(DT_U8, cf(DT_F64, 255.99)), 255);
  EXPECT_UB(cast(DT_U8, cf(DT_F64, 256.0)));
  EXPECT_INT(cast(DT_I8, cf(DT_F16, -128.5)), -128);
  EXPECT_UB(cast(DT_I8, cf(DT_F16, -129.0)));
  EXPECT_INT(cast(DT_U16, cf(DT_F16, 65504.0)), 65504);
  EXPECT_UB(cast(DT_I16, cf(DT_F16, 65504.0)));
  EXPECT_INT(cast(DT_I16, cf(DT_F16, -32768.0)), -32768);
  EXPECT_INT(cast(DT_I32, cf(DT_F16, 0x1p-24)), 0);
  /* 64-bit targets: the bounds 2^63 and 2^64 are exact powers of two. */
  EXPECT_INT(cast(DT_I64, cf(DT_F64, -0x1p63)), im_min(DT_I64));
  EXPECT_UB(cast(DT_I64, cf(DT_F64, 0x1p63)));
  EXPECT_INT(cast(DT_I64, cf(DT_F64, 9223372036854774784.0)), (i128)9223372036854774784);
  EXPECT_INT(cast(DT_INDEX, cf(DT_F32, -0x1p63)), im_min(DT_INDEX));
  EXPECT_UB(cast(DT_INDEX, cf(DT_F32, 0x1p63)));
  EXPECT_INT(cast(DT_U64, cf(DT_F64, 0x1p63)), (i128)1 << 63);
  EXPECT_INT(cast(DT_U64, cf(DT_F64, 18446744073709549568.0)), (i128)18446744073709549568u);
  EXPECT_UB(cast(DT_U64, cf(DT_F64, 0x1p64)));
  EXPECT_INT(cast(DT_U64, cf(DT_F32, 0x1p63 + 0x1p40)), ((i128)1 << 63) + ((i128)1 << 40));
  EXPECT_UB(cast(DT_U64, cf(DT_F64, -1.0)));
  for (size_t f = 0; f < COUNT(float_dts); f++) {
    DType ft = float_dts[f];
    for (size_t i = 0; i < COUNT(int_dts); i++) {
      EXPECT_UB(cast(int_dts[i], vs_const(ctx, ft, vs_nan_bits(ft))));
      EXPECT_UB(cast(int_dts[i], cf(ft, INFINITY)));
      EXPECT_UB(cast(int_dts[i], cf(ft, -INFINITY)));
      EXPECT_INT(cast(int_dts[i], cf(ft, 1.5)), 1);
    }
    /* to bool is x != 0, never UB */
    EXPECT_INT(cast(DT_BOOL, vs_const(ctx, ft, vs_nan_bits(ft))), 1);
    EXPECT_INT(cast(DT_BOOL, cf(ft, -0.0)), 0);
    EXPECT_INT(cast(DT_BOOL, cf(ft, 0.0)), 0);
    EXPECT_INT(cast(DT_BOOL, cf(ft, 0.25)), 1);
    EXPECT_INT(cast(DT_BOOL, cf(ft, -INFINITY)), 1);
  }
}

static void test_cast_int_to_float(void **state) {
  (void)state;
  EXPECT_BITS(cast(DT_F16, ci(DT_I32, 65519)), 0x7bff); /* 65504 */
  EXPECT_BITS(cast(DT_F16, ci(DT_I32, 65520)), 0x7c00); /* the midpoint to 2^16: ties to even -> inf */
  EXPECT_BITS(cast(DT_F16, ci(DT_I32, -65520)), 0xfc00);
  EXPECT_BITS(cast(DT_F16, ci(DT_I32, -65519)), 0xfbff);
  EXPECT_F(cast(DT_F16, ci(DT_I32, 2049)), 2048.0); /* tie, to even */
  EXPECT_F(cast(DT_F16, ci(DT_I32, 2051)), 2052.0); /* tie, to even */
  EXPECT_F(cast(DT_F16, ci(DT_I32, 2050)), 2050.0);
  EXPECT_F(cast(DT_F16, ci(DT_I32, 4099)), 4100.0);
  EXPECT_F(cast(DT_F16, ci(DT_I32, 4097)), 4096.0);
  EXPECT_BITS(cast(DT_F16, ci(DT_U64, -1)), 0x7c00);
  EXPECT_BITS(cast(DT_F16, ci(DT_I64, im_min(DT_I64))), 0xfc00);
  EXPECT_BITS(cast(DT_F16, ci(DT_I8, 0)), 0x0000); /* +0.0 */
  EXPECT_F(cast(DT_F16, cb(true)), 1.0);
  EXPECT_F(cast(DT_F32, ci(DT_I64, im_min(DT_I64))), -0x1p63);
  EXPECT_F(cast(DT_F32, ci(DT_I32, 16777217)), 16777216.0);
  EXPECT_F(cast(DT_F32, ci(DT_I32, 16777219)), 16777220.0);
  EXPECT_F(cast(DT_F32, ci(DT_I32, -16777219)), -16777220.0);
  EXPECT_F(cast(DT_F32, ci(DT_U64, -1)), 0x1p64);
  EXPECT_F(cast(DT_F64, ci(DT_U64, -1)), 0x1p64);
  EXPECT_F(cast(DT_F64, ci(DT_U64, ((i128)1 << 63) + 1024)), 0x1p63);            /* tie, to even */
  EXPECT_F(cast(DT_F64, ci(DT_U64, ((i128)1 << 63) + 1025)), 0x1p63 + 2048.0);   /* above the tie */
  EXPECT_F(cast(DT_F64, ci(DT_U64, ((i128)1 << 63) + 3072)), 0x1p63 + 4096.0);   /* tie, to even */
  EXPECT_F(cast(DT_F64, ci(DT_I64, -(((i128)1 << 53) + 1))), -0x1p53);
  EXPECT_F(cast(DT_F64, ci(DT_I64, -1)), -1.0);
  EXPECT_F(cast(DT_F64, ci(DT_INDEX, im_max(DT_INDEX))), 0x1p63);
  EXPECT_F(cast(DT_F64, cb(false)), 0.0);
  /* Random 64-bit integers against the compiler's i128 -> floating conversions. */
  TestRng rng = {7};
  Node *x = vs_var(ctx, "x", DT_I64, im_min(DT_I64), im_max(DT_I64));
  Node *y = vs_var(ctx, "y", DT_U64, 0, im_max(DT_U64));
  Evaluator *e32 = evaluator_new(cast(DT_F32, x)), *e64 = evaluator_new(cast(DT_F64, y));
  for (int k = 0; k < 20000; k++) {
    uint64_t r = test_rng_next(&rng) >> test_rng_below(&rng, 64);
    i128 sv = im_value(DT_I64, r);
    assert_int_equal(evaluator_run(e32, &r).bits, test_f32_bits((float)sv));
    assert_int_equal(evaluator_run(e64, &r).bits, test_f64_bits((double)(i128)r));
  }
  evaluator_free(e32);
  evaluator_free(e64);
}

static void test_cast_float_to_float(void **state) {
  (void)state;
  EXPECT_F(cast(DT_F32, cf(DT_F64, 1.0 + 0x1p-24)), 1.0);                 /* tie, to even */
  EXPECT_F(cast(DT_F32, cf(DT_F64, 1.0 + 0x1p-24 + 0x1p-40)), 1.0 + 0x1p-23);
  EXPECT_F(cast(DT_F32, cf(DT_F64, 1.0 + 3 * 0x1p-24)), 1.0 + 0x1p-22); /* tie, to even */
  EXPECT_F(cast(DT_F32, cf(DT_F64, 1e300)), INFINITY);
  EXPECT_F(cast(DT_F32, cf(DT_F64, -1e300)), -INFINITY);
  EXPECT_F(cast(DT_F32, cf(DT_F64, 1e-300)), 0.0);
  EXPECT_F(cast(DT_F32, cf(DT_F64, -1e-300)), -0.0);
  EXPECT_F(cast(DT_F32, cf(DT_F64, 0x1p-149)), 0x1p-149);
  EXPECT_F(cast(DT_F16, cf(DT_F64, 65519.99)), 65504.0);
  EXPECT_F(cast(DT_F16, cf(DT_F64, 65520.0)), INFINITY);
  EXPECT_F(cast(DT_F16, cf(DT_F32, 0x1p-25)), 0.0); /* half the smallest subnormal: tie to 0 */
  EXPECT_F(cast(DT_F16, cf(DT_F32, 0x1.000002p-25)), 0x1p-24);
  EXPECT_F(cast(DT_F16, cf(DT_F32, 3 * 0x1p-25)), 0x1p-23); /* tie between 1 and 2 quanta: to even */
  EXPECT_F(cast(DT_F16, cf(DT_F64, -0.0)), -0.0);
  EXPECT_F(cast(DT_F64, cf(DT_F16, 0x1p-24)), 0x1p-24);
  EXPECT_F(cast(DT_F64, cf(DT_F16, -65504.0)), -65504.0);
  EXPECT_F(cast(DT_F32, cf(DT_F16, -INFINITY)), -INFINITY);
  for (size_t i = 0; i < COUNT(float_dts); i++)
    for (size_t j = 0; j < COUNT(float_dts); j++) {
      DType from = float_dts[i], to = float_dts[j];
      EXPECT_NAN(cast(to, vs_const(ctx, from, vs_nan_bits(from))));
      EXPECT_F(cast(to, cf(from, -0.0)), -0.0);
      EXPECT_F(cast(to, cf(from, 0.0)), 0.0);
      EXPECT_F(cast(to, cf(from, INFINITY)), INFINITY);
      EXPECT_F(cast(to, cf(from, -1.5)), -1.5);
    }
}

static void test_bitcast_and_nan(void **state) {
  (void)state;
  /* A signalling NaN pattern becomes the canonical NaN, and stays it on the way back. */
  Node *snan = bitcast(DT_F32, ci(DT_U32, 0x7f800001));
  EXPECT_BITS(snan, 0x7fc00000);
  EXPECT_BITS(bitcast(DT_U32, snan), 0x7fc00000);
  EXPECT_BITS(bitcast(DT_I32, snan), 0x7fc00000);
  EXPECT_BITS(bitcast(DT_F32, ci(DT_U32, 0xffc00001)), 0x7fc00000);
  EXPECT_BITS(bitcast(DT_F16, ci(DT_I16, 0x7c01)), 0x7e00);
  EXPECT_BITS(bitcast(DT_F64, ci(DT_U64, -1)), UINT64_C(0x7ff8000000000000));
  EXPECT_BITS(bitcast(DT_U32, cf(DT_F32, -0.0)), 0x80000000);
  EXPECT_BITS(bitcast(DT_I16, cf(DT_F16, 1.0)), 0x3c00);
  EXPECT_INT(bitcast(DT_I64, cf(DT_F64, -2.0)), im_value(DT_I64, UINT64_C(0xc000000000000000)));
  EXPECT_BITS(bitcast(DT_F32, ci(DT_I32, 0x3f800000)), test_f32_bits(1.0f));
  EXPECT_BITS(bitcast(DT_F32, ci(DT_U32, 0x7f800000)), test_f32_bits(INFINITY));
  EXPECT_BITS(bitcast(DT_U16, bitcast(DT_F16, ci(DT_U16, 0x0001))), 0x0001);
  /* Arithmetic never leaks a NaN payload or sign. */
  EXPECT_NAN(fbin(OP_SUB, DT_F64, INFINITY, INFINITY));
  EXPECT_NAN(un(OP_NEG, fbin(OP_FDIV, DT_F32, 0.0, 0.0)));
  EXPECT_NAN(fbin(OP_MUL, DT_F16, 0.0, INFINITY));
  EXPECT_NAN(un(OP_SQRT, cf(DT_F32, -1.0)));
}

/* ---- floats ---- */

static void test_float_arith(void **state) {
  (void)state;
  float a = 0.1f, b = 0.2f;
  volatile float s = a + b;
  EXPECT_BITS(fbin(OP_ADD, DT_F32, 0.1f, 0.2f), test_f32_bits(s));
  EXPECT_BITS(fbin(OP_ADD, DT_F64, 0.1, 0.2), test_f64_bits(0.30000000000000004));
  EXPECT_F(fbin(OP_FDIV, DT_F64, 1.0, 3.0), 1.0 / 3.0);
  EXPECT_F(fbin(OP_ADD, DT_F16, 1.0, 0x1p-11), 1.0);                   /* tie, to even */
  EXPECT_F(fbin(OP_ADD, DT_F16, 1.0 + 0x1p-10, 0x1p-11), 1.0 + 0x1p-9); /* tie, to even (up) */
  EXPECT_F(fbin(OP_ADD, DT_F16, 65504.0, 16.0), INFINITY);             /* tie at 65520: to even */
  EXPECT_F(fbin(OP_ADD, DT_F16, 65504.0, 8.0), 65504.0);
  EXPECT_F(fbin(OP_MUL, DT_F16, 0x1p-14, 0x1p-10), 0x1p-24);           /* into the subnormals */
  EXPECT_F(fbin(OP_MUL, DT_F16, 0x1p-14, 0x1p-11), 0.0);               /* half a quantum: to even */
  EXPECT_F(fbin(OP_MUL, DT_F16, -0x1p-14, 0x1p-11), -0.0);
  EXPECT_F(fbin(OP_FDIV, DT_F16, 1.0, 3.0), 0x1.554p-2);
  EXPECT_F(fbin(OP_FDIV, DT_F32, 1.0, 0.0), INFINITY);
  EXPECT_F(fbin(OP_FDIV, DT_F32, -1.0, 0.0), -INFINITY);
  EXPECT_F(fbin(OP_FDIV, DT_F32, 1.0, -0.0), -INFINITY);
  EXPECT_F(fbin(OP_MUL, DT_F64, 0x1p1000, 0x1p100), INFINITY);
  for (size_t i = 0; i < COUNT(float_dts); i++) {
    DType dt = float_dts[i];
    EXPECT_F(fbin(OP_ADD, dt, -0.0, -0.0), -0.0);
    EXPECT_F(fbin(OP_ADD, dt, 0.0, -0.0), 0.0);
    EXPECT_F(fbin(OP_SUB, dt, 1.5, 1.5), 0.0);
    EXPECT_F(fbin(OP_SUB, dt, -0.0, 0.0), -0.0);
    EXPECT_F(fbin(OP_MUL, dt, 0.0, -1.0), -0.0);
    EXPECT_F(un(OP_NEG, cf(dt, 0.0)), -0.0);
    EXPECT_F(un(OP_NEG, cf(dt, -0.0)), 0.0);
    EXPECT_F(un(OP_NEG, cf(dt, INFINITY)), -INFINITY);
    EXPECT_NAN(un(OP_NEG, vs_const(ctx, dt, vs_nan_bits(dt))));
    EXPECT_F(un(OP_RECIP, cf(dt, -0.0)), -INFINITY);
    EXPECT_F(un(OP_RECIP, cf(dt, 4.0)), 0.25);
    EXPECT_F(un(OP_RECIP, cf(dt, INFINITY)), 0.0);
    EXPECT_F(un(OP_SQRT, cf(dt, -0.0)), -0.0);
    EXPECT_F(un(OP_SQRT, cf(dt, 0.0)), 0.0);
    EXPECT_F(un(OP_SQRT, cf(dt, 2.25)), 1.5);
    EXPECT_F(un(OP_SQRT, cf(dt, INFINITY)), INFINITY);
    EXPECT_NAN(un(OP_SQRT, cf(dt, -INFINITY)));
    EXPECT_NAN(un(OP_SQRT, cf(dt, -0x1p-14)));
    EXPECT_NAN(fbin(OP_ADD, dt, INFINITY, -INFINITY));
    EXPECT_F(fbin(OP_ADD, dt, INFINITY, INFINITY), INFINITY);
    /* -0.0 and +0.0 are different values */
    Value p = run_at(cf(dt, 0.0), __LINE__), m = run_at(cf(dt, -0.0), __LINE__);
    assert_false(value_same(p, m));
  }
  EXPECT_BITS(un(OP_SQRT, cf(DT_F64, 2.0)), test_f64_bits(sqrt(2.0)));
  EXPECT_BITS(un(OP_SQRT, cf(DT_F32, 2.0)), test_f32_bits(sqrtf(2.0f)));
  EXPECT_F(un(OP_SQRT, cf(DT_F16, 2.0)), 0x1.6ap0);
}

/* mulacc rounds the product to the dtype before adding: a fused or wider product would leave a tiny
 * nonzero residue here. */
static void test_mulacc_float(void **state) {
  (void)state;
  EXPECT_F(tern(OP_MULACC, cf(DT_F64, 1 + 0x1p-30), cf(DT_F64, 1 - 0x1p-30), cf(DT_F64, -1.0)), 0.0);
  EXPECT_F(tern(OP_MULACC, cf(DT_F32, 1 + 0x1p-13), cf(DT_F32, 1 - 0x1p-13), cf(DT_F32, -1.0)), 0.0);
  EXPECT_F(tern(OP_MULACC, cf(DT_F16, 1 + 0x1p-6), cf(DT_F16, 1 - 0x1p-6), cf(DT_F16, -1.0)), 0.0);
  EXPECT_F(tern(OP_MULACC, cf(DT_F32, 3.0), cf(DT_F32, 4.0), cf(DT_F32, 0.5)), 12.5);
  EXPECT_F(tern(OP_MULACC, cf(DT_F16, 256.0), cf(DT_F16, 256.0), cf(DT_F16, -65504.0)), INFINITY);
  EXPECT_F(tern(OP_MULACC, cf(DT_F64, -0.0), cf(DT_F64, 1.0), cf(DT_F64, -0.0)), -0.0);
  EXPECT_NAN(tern(OP_MULACC, cf(DT_F32, INFINITY), cf(DT_F32, 0.0), cf(DT_F32, 1.0)));
}

static void test_rounding_ops(void **state) {
  (void)state;
  for (size_t i = 0; i < COUNT(float_dts); i++) {
    DType dt = float_dts[i];
    EXPECT_F(un(OP_ROUND, cf(dt, 2.5)), 2.0);
    EXPECT_F(un(OP_ROUND, cf(dt, 3.5)), 4.0);
    EXPECT_F(un(OP_ROUND, cf(dt, -2.5)), -2.0);
    EXPECT_F(un(OP_ROUND, cf(dt, -1.5)), -2.0);
    EXPECT_F(un(OP_ROUND, cf(dt, 0.5)), 0.0);
    EXPECT_F(un(OP_ROUND, cf(dt, -0.5)), -0.0);
    EXPECT_F(un(OP_ROUND, cf(dt, -0.25)), -0.0);
    EXPECT_F(un(OP_ROUND, cf(dt, 2.75)), 3.0);
    EXPECT_F(un(OP_FLOOR, cf(dt, -0.5)), -1.0);
    EXPECT_F(un(OP_FLOOR, cf(dt, -0.0)), -0.0);
    EXPECT_F(un(OP_FLOOR, cf(dt, 1.75)), 1.0);
    EXPECT_F(un(OP_CEIL, cf(dt, -0.5)), -0.0);
    EXPECT_F(un(OP_CEIL, cf(dt, 1.25)), 2.0);
    EXPECT_F(un(OP_TRUNC, cf(dt, -0.75)), -0.0);
    EXPECT_F(un(OP_TRUNC, cf(dt, -1.75)), -1.0);
    EXPECT_F(un(OP_TRUNC, cf(dt, INFINITY)), INFINITY);
    EXPECT_NAN(un(OP_ROUND, vs_const(ctx, dt, vs_nan_bits(dt))));
    EXPECT_NAN(un(OP_FLOOR, vs_const(ctx, dt, vs_nan_bits(dt))));
  }
  EXPECT_F(un(OP_ROUND, cf(DT_F16, 513.5)), 514.0); /* f16 has halves up to 1024 */
  EXPECT_F(un(OP_ROUND, cf(DT_F16, 512.5)), 512.0);
  EXPECT_F(un(OP_ROUND, cf(DT_F16, 65504.0)), 65504.0);
  EXPECT_F(un(OP_ROUND, cf(DT_F32, 8388609.0)), 8388609.0);
  EXPECT_F(un(OP_ROUND, cf(DT_F32, 4194304.5)), 4194304.0);
  EXPECT_F(un(OP_ROUND, cf(DT_F64, 4503599627370497.0)), 4503599627370497.0);
  EXPECT_F(un(OP_ROUND, cf(DT_F64, 2251799813685249.5)), 2251799813685250.0);
}

static void test_float_minmax_compare(void **state) {
  (void)state;
  for (size_t i = 0; i < COUNT(float_dts); i++) {
    DType dt = float_dts[i];
    Node *nan = vs_const(ctx, dt, vs_nan_bits(dt));
    EXPECT_F(fbin(OP_MIN, dt, -0.0, 0.0), -0.0);
    EXPECT_F(fbin(OP_MIN, dt, 0.0, -0.0), -0.0);
    EXPECT_F(fbin(OP_MAX, dt, -0.0, 0.0), 0.0);
    EXPECT_F(fbin(OP_MAX, dt, 0.0, -0.0), 0.0);
    EXPECT_F(fbin(OP_MIN, dt, 1.0, 2.0), 1.0);
    EXPECT_F(fbin(OP_MIN, dt, 2.0, -1.0), -1.0);
    EXPECT_F(fbin(OP_MAX, dt, -INFINITY, 3.0), 3.0);
    EXPECT_F(fbin(OP_MAX, dt, 3.0, INFINITY), INFINITY);
    EXPECT_NAN(bin(OP_MIN, nan, cf(dt, 1.0)));
    EXPECT_NAN(bin(OP_MIN, cf(dt, 1.0), nan));
    EXPECT_NAN(bin(OP_MAX, cf(dt, -INFINITY), nan));
    EXPECT_NAN(bin(OP_MAX, nan, nan));
    EXPECT_INT(bin(OP_EQ, nan, nan), 0);
    EXPECT_INT(bin(OP_NE, nan, nan), 1);
    EXPECT_INT(bin(OP_LT, nan, cf(dt, 1.0)), 0);
    EXPECT_INT(bin(OP_LT, cf(dt, 1.0), nan), 0);
    EXPECT_INT(bin(OP_LE, nan, nan), 0);
    EXPECT_INT(bin(OP_LE, cf(dt, -INFINITY), nan), 0);
    EXPECT_INT(bin(OP_NE, cf(dt, 1.0), nan), 1);
    EXPECT_INT(fbin(OP_EQ, dt, -0.0, 0.0), 1);
    EXPECT_INT(fbin(OP_NE, dt, -0.0, 0.0), 0);
    EXPECT_INT(fbin(OP_LT, dt, -0.0, 0.0), 0);
    EXPECT_INT(fbin(OP_LE, dt, 0.0, -0.0), 1);
    EXPECT_INT(fbin(OP_LT, dt, -1.0, -0.5), 1);
    EXPECT_INT(fbin(OP_LT, dt, 1000.0, INFINITY), 1);
    EXPECT_INT(fbin(OP_LE, dt, INFINITY, INFINITY), 1);
  }
  EXPECT_INT(fbin(OP_LT, DT_F16, 0x1p-24, 0x1p-23), 1);
  EXPECT_INT(fbin(OP_LT, DT_F64, 1.0, 1.0 + 0x1p-52), 1);
}

static void test_uninterpreted_functions_are_computed(void **state) {
  (void)state;
  /* Not part of the contract, but vsimp eval shows them: host libm in double, rounded once. */
  EXPECT_F(un(OP_EXP2, cf(DT_F32, 3.0)), 8.0);
  EXPECT_F(un(OP_LOG2, cf(DT_F16, 1024.0)), 10.0);
  EXPECT_F(un(OP_SIN, cf(DT_F64, 0.0)), 0.0);
  EXPECT_F(fbin(OP_POW, DT_F64, 2.0, 10.0), 1024.0);
  EXPECT_F(un(OP_LOG2, cf(DT_F32, 0.0)), -INFINITY);
  EXPECT_NAN(un(OP_LOG2, cf(DT_F32, -1.0)));
  EXPECT_F(un(OP_EXP2, cf(DT_F16, 16.0)), INFINITY);
}

/* ---- f16 conversions ---- */

/* The exact value of a binary16 pattern, computed independently of f16_to_double. */
static double f16_reference(unsigned h) {
  unsigned e = (h >> 10) & 0x1f, f = h & 0x3ff;
  double mag = e == 0 ? ldexp(f, -24) : e == 31 ? (f ? NAN : INFINITY) : ldexp(1024 + f, (int)e - 25);
  return (h & 0x8000) ? -mag : mag;
}

static void test_f16_conversions_exhaustive(void **state) {
  (void)state;
  for (unsigned h = 0; h < 0x10000; h++) {
    double want = f16_reference(h), got = f16_to_double((uint16_t)h);
    if (isnan(want)) {
      assert_true(isnan(got));
      assert_int_equal(f16_from_double(got), 0x7e00);
      continue;
    }
    if (test_f64_bits(want) != test_f64_bits(got)) fail_msg("f16_to_double(%#x) = %a, want %a", h, got, want);
    if (f16_from_double(want) != h) fail_msg("f16_from_double(%a) = %#x, want %#x", want, f16_from_double(want), h);
  }
  /* Rounding: every midpoint between consecutive non-negative f16 values (the last pair being the
   * largest finite value and 2^16, whose f16 encoding is infinity), and its neighbouring doubles. */
  for (unsigned h = 0; h < 0x7c00; h++) {
    double lo = f16_reference(h), hi = h + 1 == 0x7c00 ? 65536.0 : f16_reference(h + 1);
    double mid = (lo + hi) / 2; /* exact in double */
    unsigned even = (h & 1) ? h + 1 : h;
    for (int s = 0; s < 2; s++) {
      unsigned sign = s ? 0x8000 : 0;
      double m = s ? -mid : mid;
      double below = nextafter(mid, 0.0), above = nextafter(mid, INFINITY);
      if (s) {
        below = -below;
        above = -above;
      }
      if (f16_from_double(m) != (even | sign)) fail_msg("midpoint %a -> %#x, want %#x", m, f16_from_double(m), even | sign);
      if (f16_from_double(below) != (h | sign)) fail_msg("%a -> %#x, want %#x", below, f16_from_double(below), h | sign);
      if (f16_from_double(above) != ((h + 1) | sign)) fail_msg("%a -> %#x, want %#x", above, f16_from_double(above), (h + 1) | sign);
    }
  }
  assert_int_equal(f16_from_double(-0.0), 0x8000);
  assert_int_equal(f16_from_double(0.0), 0x0000);
  assert_int_equal(f16_from_double(5e-324), 0x0000);
  assert_int_equal(f16_from_double(-5e-324), 0x8000);
  assert_int_equal(f16_from_double(0x1p-26), 0x0000);
  assert_int_equal(f16_from_double(1e308), 0x7c00);
  assert_int_equal(f16_from_double(-1e308), 0xfc00);
  assert_int_equal(f16_from_double(0x1p16), 0x7c00);
  assert_int_equal(f16_from_double(INFINITY), 0x7c00);
  assert_int_equal(f16_from_double(-INFINITY), 0xfc00);
  assert_int_equal(f16_from_double(-NAN), 0x7e00);
  assert_int_equal(f16_from_double(65519.999), 0x7bff);
}

/* ---- drivers ---- */

static void test_eval_at_env_and_sharing(void **state) {
  (void)state;
  Node *x = vs_var(ctx, "x", DT_I32, -100, 100);
  Node *y = vs_var(ctx, "y", DT_F32, 0, 0);
  Node *s = bin(OP_MUL, x, x);
  Node *e = bin(OP_ADD, s, s); /* shared subterm */
  VarValue env[2] = {var_value(x, im_from_value(DT_I32, -7)), var_value(y, test_f32_bits(1.0f))};
  Value v;
  assert_true(test_eval(e, env, 2, &v));
  assert_false(v.ub);
  assert_int_equal(v.bits, 98);
  /* an unbound variable */
  Node *g = bin(OP_LT, y, cf(DT_F32, 2.0));
  assert_false(test_eval(g, env, 1, &v));
  assert_true(v.ub);
  assert_true(test_eval(g, env, 2, &v));
  assert_int_equal(v.bits, 1);
  /* a non-canonical NaN bound to a variable reads as the canonical NaN */
  env[1].lane[0] = 0xff800001;
  assert_true(test_eval(bitcast(DT_U32, y), env, 2, &v));
  assert_int_equal(v.bits, 0x7fc00000);
  /* Evaluator: variables in post-order of first appearance */
  Node *z = vs_var(ctx, "z", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *h = bin(OP_SUB, bin(OP_ADD, z, x), bin(OP_MUL, x, z));
  Evaluator *ev = evaluator_new(h);
  const Node *const *vars;
  assert_int_equal(evaluator_vars(ev, &vars), 2);
  assert_ptr_equal(vars[0], z);
  assert_ptr_equal(vars[1], x);
  uint64_t in[2] = {3, im_from_value(DT_I32, -2)};
  Value r = evaluator_run(ev, in);
  assert_false(r.ub);
  assert_int_equal(r.bits, 7); /* (3 - 2) - (-6) */
  /* a root that is a leaf */
  Evaluator *leaf = evaluator_new(z);
  uint64_t zin = 0xdeadbeefcafe; /* masked to the width */
  assert_int_equal(evaluator_run(leaf, &zin).bits, 0xbeefcafe);
  evaluator_free(leaf);
  evaluator_free(ev);
}

static void test_deep_expression(void **state) {
  (void)state;
  VsCtx *deep = vs_ctx_new();
  vs_ctx_set_limits(deep, VS_MAX_DEPTH_LIMIT, 0); /* far past any C stack a recursive walk could use */
  Node *x = vs_var(deep, "x", DT_I64, im_min(DT_I64), im_max(DT_I64));
  Node *one = vs_const_int(deep, DT_I64, 1);
  Node *e = x;
  for (int i = 0; i < 60000; i++) {
    e = vs_bin(deep, OP_ADD, e, one);
    assert_non_null(e);
  }
  VarValue env = var_value(x, 5);
  Value v;
  assert_true(test_eval(e, &env, 1, &v));
  assert_int_equal(v.bits, 60005);
  Evaluator *ev = evaluator_new(e);
  uint64_t in = 5;
  assert_int_equal(evaluator_run(ev, &in).bits, 60005);
  evaluator_free(ev);
  vs_ctx_free(deep);
}

/* ---- random expressions: the two drivers agree ---- */

typedef struct {
  VsCtx *ctx;
  TestRng *rng;
  Node *vars[DT_COUNT][2];
} Gen;

static DType random_dtype(TestRng *rng) { return (DType)test_rng_below(rng, DT_COUNT); }

static uint64_t random_bits(TestRng *rng, DType dt) {
  if (dt_is_float(dt)) {
    static const double specials[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -2.5, 65504.0, 1e-7, INFINITY, -INFINITY, NAN, 3.0, 1e10};
    if (test_rng_below(rng, 2)) {
      double d = specials[test_rng_below(rng, COUNT(specials))];
      return dt == DT_F16 ? f16_from_double(d) : dt == DT_F32 ? test_f32_bits((float)d) : test_f64_bits(d);
    }
    return vs_canon_bits(dt, test_rng_next(rng));
  }
  if (test_rng_below(rng, 2)) return im_from_value(dt, (i128)test_rng_below(rng, 9) - 4);
  return im_from_value(dt, edge_value(rng, dt == DT_BOOL ? DT_U8 : dt));
}

static Node *gen_expr(Gen *g, DType dt, int depth);

static Node *gen_leaf(Gen *g, DType dt) {
  if (test_rng_below(g->rng, 3)) return g->vars[dt][test_rng_below(g->rng, 2)];
  return vs_const(g->ctx, dt, random_bits(g->rng, dt));
}

static Node *gen_expr(Gen *g, DType dt, int depth) {
  TestRng *rng = g->rng;
  if (depth <= 0 || test_rng_below(rng, 5) == 0) return gen_leaf(g, dt);
  Node *n = NULL;
  for (int tries = 0; !n && tries < 8; tries++) {
    unsigned pick = (unsigned)test_rng_below(rng, 10);
    if (pick == 0) { /* select */
      n = vs_tern(g->ctx, OP_SELECT, gen_expr(g, DT_BOOL, depth - 1), gen_expr(g, dt, depth - 1), gen_expr(g, dt, depth - 1));
    } else if (pick == 1) { /* cast from anything */
      Node *a = gen_expr(g, random_dtype(rng), depth - 1);
      n = vs_cast(g->ctx, dt, a);
    } else if (pick == 2 && dt != DT_BOOL) { /* bitcast from the same width */
      DType from = random_dtype(rng);
      if (from != DT_BOOL && dt_bits(from) == dt_bits(dt))
        n = vs_make(g->ctx, OP_BITCAST, dt, (Node *[]){gen_expr(g, from, depth - 1)}, 1);
    } else if (pick == 3 && dt == DT_BOOL) { /* comparison */
      DType from = random_dtype(rng);
      Op op = (Op)(OP_EQ + test_rng_below(rng, 4));
      n = vs_bin(g->ctx, op, gen_expr(g, from, depth - 1), gen_expr(g, from, depth - 1));
    } else {
      Op op = (Op)(OP_NEG + test_rng_below(rng, OP_COUNT - OP_NEG));
      int ar = op_arity(op);
      if (op == OP_CAST || op == OP_BITCAST || op == OP_SELECT || op_is_cmp(op) || op_is_vec(op) || op_is_graph(op)) continue;
      if (!dt_is_float(dt) && (op == OP_EXP2 || op == OP_LOG2 || op == OP_SIN)) continue;
      Node *args[3];
      for (int i = 0; i < ar; i++) {
        /* keep shift amounts mostly in range so that the shift itself is exercised */
        if (i == 1 && (op == OP_SHL || op == OP_SHR || op == OP_POW) && test_rng_below(rng, 2))
          args[i] = vs_const_int(g->ctx, dt, (i128)test_rng_below(rng, (uint64_t)dt_bits(dt)));
        else
          args[i] = gen_expr(g, dt, depth - 1);
      }
      n = vs_make(g->ctx, op, DT_BOOL, args, ar);
    }
  }
  return n ? n : gen_leaf(g, dt);
}

static void test_random_drivers_agree(void **state) {
  (void)state;
  TestRng rng = {2024};
  VsCtx *rc = vs_ctx_new();
  Gen g = {rc, &rng, {{0}}};
  for (int d = 0; d < DT_COUNT; d++) {
    DType dt = (DType)d;
    bool ranged = dt_is_int(dt) || dt == DT_BOOL;
    g.vars[d][0] = vs_var(rc, "a", dt, ranged ? im_min(dt) : 0, ranged ? im_max(dt) : 0);
    g.vars[d][1] = vs_var(rc, "b", dt, ranged ? im_min(dt) : 0, ranged ? im_max(dt) : 0);
  }
  size_t defined = 0, total = 0;
  for (int e = 0; e < 400; e++) {
    Node *root = gen_expr(&g, random_dtype(&rng), 2 + (int)test_rng_below(&rng, 6));
    assert_non_null(root);
    Evaluator *ev = evaluator_new(root);
    assert_non_null(ev);
    const Node *const *vars;
    size_t nv = evaluator_vars(ev, &vars);
    uint64_t bits[2 * DT_COUNT];
    VarValue env[2 * DT_COUNT];
    assert_true(nv <= 2 * DT_COUNT);
    for (int k = 0; k < 50; k++) {
      for (size_t i = 0; i < nv; i++) {
        bits[i] = random_bits(&rng, (DType)vars[i]->dtype);
        env[nv - 1 - i] = var_value(vars[i], bits[i]); /* env order does not matter */
      }
      Value a = evaluator_run(ev, bits), b;
      assert_true(test_eval(root, env, nv, &b));
      if (!value_same(a, b))
        fail_msg("expression %d point %d: Evaluator %s%#llx, eval_at %s%#llx", e, k, a.ub ? "UB " : "",
                 (unsigned long long)a.bits, b.ub ? "UB " : "", (unsigned long long)b.bits);
      if (!a.ub) assert_true(a.bits == vs_canon_bits((DType)root->dtype, a.bits)); /* masked, NaN canonical */
      defined += !a.ub;
      total++;
    }
    evaluator_free(ev);
  }
  assert_true(defined > total / 4); /* the generator is not degenerate: most points are defined */
  vs_ctx_free(rc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_wraparound),
      cmocka_unit_test(test_division_table),
      cmocka_unit_test(test_division_exhaustive_8bit),
      cmocka_unit_test(test_shifts),
      cmocka_unit_test(test_comparisons_int),
      cmocka_unit_test(test_pow_int),
      cmocka_unit_test(test_bool_and_bitwise),
      cmocka_unit_test(test_select_and_ub_propagation),
      cmocka_unit_test(test_int_ops_vs_i128),
      cmocka_unit_test(test_cast_int_to_int_and_bool),
      cmocka_unit_test(test_cast_float_to_int),
      cmocka_unit_test(test_cast_int_to_float),
      cmocka_unit_test(test_cast_float_to_float),
      cmocka_unit_test(test_bitcast_and_nan),
      cmocka_unit_test(test_float_arith),
      cmocka_unit_test(test_mulacc_float),
      cmocka_unit_test(test_rounding_ops),
      cmocka_unit_test(test_float_minmax_compare),
      cmocka_unit_test(test_uninterpreted_functions_are_computed),
      cmocka_unit_test(test_f16_conversions_exhaustive),
      cmocka_unit_test(test_eval_at_env_and_sharing),
      cmocka_unit_test(test_deep_expression),
      cmocka_unit_test(test_random_drivers_agree),
  };
  return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
