/* test_text_graph.c: the .vs text of the tensor-graph layer (docs/syntax.md, "Memory, loops and
 * reductions"): buffer declarations, pointers, loads, stores, noop, ranges, reductions, loop nests and
 * after; their typing, errors, printing, and buffer values on the command line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/bufdata.h"
#include "ir/graph.h"
#include "ir/node.h"
#include "support.h"
#include "text/prog_text.h"
#include "text/text.h"

/* ---- helpers ---- */

static VsFile parse_ok(VsCtx *ctx, const char *text) {
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) {
    vs_diag_print(&d, stderr);
    fail_msg("unexpected parse failure on:\n%s", text);
  }
  return f;
}

static void check_error(const char *text, int line, int col, const char *sub) {
  test_expect_parse_error(text, strlen(text), line, col, sub);
}

/* The same for a program. */
static void check_prog_error(const char *text, int line, int col, const char *sub) {
  VsCtx *ctx = vs_ctx_new();
  Program *p = NULL;
  VsDiag d;
  if (prog_parse(ctx, "p.vs", text, strlen(text), &p, &d)) fail_msg("expected an error for the program:\n%s", text);
  if (d.line != line || d.col != col || !strstr(d.msg, sub)) {
    vs_diag_print(&d, stderr);
    fail_msg("expected p.vs:%d:%d: ...%s... for:\n%s", line, col, sub, text);
  }
  assert_null(p);
  vs_ctx_free(ctx);
}

/* Parses text and checks that vs_print of its expression is exactly want (and the case round-trips). */
static void check_print(const char *text, const char *want) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f = test_parse_round_trip(ctx, text);
  char *s = vs_print(f.src);
  assert_non_null(s);
  if (strcmp(s, want) != 0) fail_msg("printed '%s', wanted '%s' for:\n%s", s, want, text);
  free(s);
  vs_file_free(&f);
  vs_ctx_free(ctx);
}


/* ---- the forms, and the nodes they build ---- */

static void test_buffer_declarations(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  VsFile f = parse_ok(ctx, "x: i32\nb: f32[16]  c: index[0]\nbig: u8[0x3fffffffffffffff]\nm: bool[3]\nnoop");
  assert_int_equal(f.nvars, 5);
  /* Declaration order, variables and buffers together. */
  assert_int_equal(f.vars[0]->op, OP_VAR);
  const char *names[] = {"x", "b", "c", "big", "m"};
  const DType dts[] = {DT_I32, DT_F32, DT_INDEX, DT_U8, DT_BOOL};
  const uint64_t sizes[] = {0, 16, 0, ((uint64_t)1 << 62) - 1, 3};
  for (size_t i = 1; i < 5; i++) {
    Node *b = f.vars[i];
    assert_int_equal(b->op, OP_BUFFER);
    assert_int_equal(b->kind, NK_BUFFER);
    assert_int_equal(b->dtype, dts[i]);
    assert_int_equal(b->lanes, 1);
    assert_string_equal(b->aux.name, names[i]);
    assert_true(b->lo == sizes[i] && b->hi == sizes[i]);
    assert_ptr_equal(b, vs_buffer(ctx, names[i], dts[i], sizes[i], sizes[i]));
  }
  assert_ptr_equal(f.src, vs_noop(ctx));
  assert_int_equal(f.src->kind, NK_EFFECT);
  vs_file_free(&f);
  vs_ctx_free(ctx);
}

static void test_forms(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Node *b = vs_buffer(ctx, "b", DT_F32, 16, 16);
  Node *n = vs_var(ctx, "n", DT_INDEX, 0, 8);
  Node *two = vs_const(ctx, DT_INDEX, 2);
  Node *sixteen = vs_const(ctx, DT_INDEX, 16);

  /* load(index(b, range(n, r) * 2)) */
  VsFile f = parse_ok(ctx, "b: f32[16]\nn: index in [0, 8]\nload(index(b, range(n, r) * 2))");
  Node *r = vs_range(ctx, n, "r");
  Node *want = vs_load(ctx, vs_ptr(ctx, b, vs_bin(ctx, OP_MUL, r, two)));
  assert_non_null(want);
  assert_ptr_equal(f.src, want);
  assert_int_equal(f.src->kind, NK_VALUE);
  assert_int_equal(f.src->dtype, DT_F32);
  assert_int_equal(f.src->args[0]->kind, NK_POINTER);
  assert_int_equal(f.src->args[0]->dtype, DT_F32);
  assert_string_equal(f.src->args[0]->args[1]->args[0]->aux.name, "r");
  assert_int_equal(f.src->args[0]->args[1]->args[0]->dtype, DT_INDEX);
  vs_file_free(&f);

  /* reduce(add, load(index(b, range(16, r))), range(16, r)): both ranges are one node. */
  f = parse_ok(ctx, "b: f32[16]\nreduce(add, load(index(b, range(16, r))), range(16, r))");
  Node *r16 = vs_range(ctx, sixteen, "r");
  Node *ld = vs_load(ctx, vs_ptr(ctx, b, r16));
  want = vs_reduce(ctx, OP_ADD, ld, &r16, 1);
  assert_ptr_equal(f.src, want);
  assert_int_equal(vs_reduce_op(f.src), OP_ADD);
  assert_int_equal(f.src->dtype, DT_F32);
  assert_ptr_equal(f.src->args[1], f.src->args[0]->args[0]->args[1]);
  vs_file_free(&f);

  /* Every reduction word; max and min are functions elsewhere. */
  const char *ops[] = {"add", "mul", "max", "min"};
  const Op opv[] = {OP_ADD, OP_MUL, OP_MAX, OP_MIN};
  for (int i = 0; i < 4; i++) {
    char text[128];
    snprintf(text, sizeof text, "x: i32\nreduce(%s, x, range(4, i), range(range(4, i) + 1, j))", ops[i]);
    f = parse_ok(ctx, text);
    assert_int_equal(f.src->op, OP_REDUCE);
    assert_int_equal(vs_reduce_op(f.src), opv[i]);
    assert_int_equal(f.src->nargs, 3);
    assert_int_equal(f.src->dtype, DT_I32);
    vs_file_free(&f);
  }
  /* No ranges: reduce(OP, X) is one iteration. */
  f = parse_ok(ctx, "x: i8\nreduce(max, x)");
  assert_int_equal(f.src->op, OP_REDUCE);
  assert_int_equal(f.src->nargs, 1);
  vs_file_free(&f);

  /* store(index(b, 0), 1.5): an effect. */
  f = parse_ok(ctx, "b: f32[16]\nstore(index(b, 0), 1.5)");
  want = vs_store(ctx, vs_ptr(ctx, b, vs_const(ctx, DT_INDEX, 0)), vs_const(ctx, DT_F32, test_f32_bits(1.5f)));
  assert_ptr_equal(f.src, want);
  assert_int_equal(f.src->kind, NK_EFFECT);
  vs_file_free(&f);

  /* end(store(index(b, range(16, i)), 0.0), range(16, i)) */
  f = parse_ok(ctx, "b: f32[16]\nend(store(index(b, range(16, i)), 0.0), range(16, i))");
  Node *i16 = vs_range(ctx, sixteen, "i");
  want = vs_end(ctx, vs_store(ctx, vs_ptr(ctx, b, i16), vs_const(ctx, DT_F32, 0)), &i16, 1);
  assert_ptr_equal(f.src, want);
  assert_int_equal(f.src->kind, NK_EFFECT);
  vs_file_free(&f);

  /* after(load(index(b, 3)), store(index(b, 3), 2.0)): a value. */
  f = parse_ok(ctx, "b: f32[16]\nafter(load(index(b, 3)), store(index(b, 3), 2.0))");
  Node *p3 = vs_ptr(ctx, b, vs_const(ctx, DT_INDEX, 3));
  Node *st = vs_store(ctx, p3, vs_const(ctx, DT_F32, test_f32_bits(2.0f)));
  want = vs_after(ctx, vs_load(ctx, p3), &st, 1);
  assert_ptr_equal(f.src, want);
  assert_int_equal(f.src->kind, NK_VALUE);
  vs_file_free(&f);

  /* A buffer operand may be after(B, ...): a buffer. */
  f = parse_ok(ctx, "b: f32[16]\nload(index(after(b, store(index(b, 0), 1.0)), 0))");
  Node *p0 = vs_ptr(ctx, b, vs_const(ctx, DT_INDEX, 0));
  Node *st0 = vs_store(ctx, p0, vs_const(ctx, DT_F32, test_f32_bits(1.0f)));
  Node *ab = vs_after(ctx, b, &st0, 1);
  assert_int_equal(ab->kind, NK_BUFFER);
  assert_ptr_equal(f.src, vs_load(ctx, vs_ptr(ctx, ab, vs_const(ctx, DT_INDEX, 0))));
  vs_file_free(&f);

  /* after of an effect is an effect; after with no dependencies is allowed. */
  f = parse_ok(ctx, "b: f32[16]\nafter(store(index(b, 1), 1.0), store(index(b, 0), 1.0), noop)");
  assert_int_equal(f.src->op, OP_AFTER);
  assert_int_equal(f.src->kind, NK_EFFECT);
  assert_int_equal(f.src->nargs, 3);
  vs_file_free(&f);
  f = parse_ok(ctx, "x: i32\nafter(x)");
  assert_int_equal(f.src->op, OP_AFTER);
  assert_int_equal(f.src->nargs, 1);
  vs_file_free(&f);

  /* index(x) with one operand is still the cast. */
  f = parse_ok(ctx, "x: i32\nindex(x)");
  assert_int_equal(f.src->op, OP_CAST);
  assert_int_equal(f.src->dtype, DT_INDEX);
  vs_file_free(&f);

  /* A masked pointer; noop. */
  f = parse_ok(ctx, "b: f32[16]\nm: bool\ni: index\nload(index(b, select(m, i, invalid)))");
  assert_int_equal(f.src->args[0]->args[1]->op, OP_SELECT);
  assert_int_equal(f.src->args[0]->args[1]->args[2]->op, OP_INVALID);
  vs_file_free(&f);

  /* Graph values mix with value ops like any value. */
  f = parse_ok(ctx, "b: i32[4]\nx: i32\nload(index(b, 1)) * 2 + x < reduce(add, load(index(b, range(4, k))), range(4, k))");
  assert_int_equal(f.src->op, OP_LT);
  vs_file_free(&f);
  vs_ctx_free(ctx);
}

static void test_contextual_words(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  /* add and mul are not reserved: they name variables, and reduce's word is not a variable use. */
  VsFile f = parse_ok(ctx, "add: i32\nmul: i32\nreduce(add, add * mul)");
  assert_int_equal(f.src->op, OP_REDUCE);
  assert_int_equal(vs_reduce_op(f.src), OP_ADD);
  assert_int_equal(f.src->args[0]->op, OP_MUL);
  vs_file_free(&f);
  /* add, mul can name ranges too. */
  f = parse_ok(ctx, "reduce(mul, range(4, add) + 1, range(4, add))");
  assert_int_equal(vs_reduce_op(f.src), OP_MUL);
  vs_file_free(&f);
  /* The graph words are reserved. */
  const char *words[] = {"load", "store", "noop", "range", "reduce", "end", "after"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
    char text[64];
    snprintf(text, sizeof text, "%s: i32\n0", words[i]);
    check_error(text, 1, 1, "is a reserved word and cannot name a variable");
    snprintf(text, sizeof text, "%s: i32[4]\n0", words[i]);
    check_error(text, 1, 1, "is a reserved word");
    snprintf(text, sizeof text, "range(4, %s)", words[i]);
    check_error(text, 1, 10, "is a reserved word and cannot name a range");
  }
  check_error("range(4, invalid)", 1, 10, "'invalid' is a reserved word and cannot name a range");
  vs_ctx_free(ctx);
}

/* ---- typing of untyped literals ---- */

static void test_typing(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  /* index(b, 0): 0 is an index; store(index(b, 0), 1): 1 takes the buffer's dtype. */
  VsFile f = parse_ok(ctx, "b: u8[4]\nstore(index(b, 0), 255)");
  assert_int_equal(f.src->args[0]->args[1]->dtype, DT_INDEX);
  assert_int_equal(f.src->args[1]->dtype, DT_U8);
  assert_int_equal(vs_const_value(f.src->args[1]), 255);
  vs_file_free(&f);
  check_error("b: u8[4]\nstore(index(b, 0), 256)", 2, 20, "literal 256 does not fit in u8");
  check_error("b: i32[4]\nstore(index(b, 0), 1.5)", 2, 20, "float literal 1.5 cannot have type i32");
  /* ...computed untyped values as well, and a typed one must match. */
  f = parse_ok(ctx, "b: f16[4]\nstore(index(b, 1 + 2), 1 + 2)");
  assert_int_equal(f.src->args[0]->args[1]->dtype, DT_INDEX);
  assert_int_equal(f.src->args[1]->dtype, DT_F16);
  vs_file_free(&f);
  check_error("b: f16[4]\nstore(index(b, 0), 1.0_f32)", 2, 20, "the stored value's type differs from the buffer's");
  /* range(16, r): 16 is an index. */
  f = parse_ok(ctx, "range(16, r)");
  assert_int_equal(f.src->op, OP_RANGE);
  assert_int_equal(f.src->args[0]->dtype, DT_INDEX);
  vs_file_free(&f);
  /* reduce's X is a member: the default without context, the context's dtype with one. */
  f = parse_ok(ctx, "reduce(add, 1, range(4, r))");
  assert_int_equal(f.src->dtype, DT_INDEX);
  vs_file_free(&f);
  f = parse_ok(ctx, "reduce(add, 1.5, range(4, r))");
  assert_int_equal(f.src->dtype, DT_F32);
  vs_file_free(&f);
  f = parse_ok(ctx, "x: i8\nx + reduce(mul, 1 + 1, range(4, r))");
  assert_int_equal(f.src->args[1]->op, OP_REDUCE);
  assert_int_equal(f.src->args[1]->dtype, DT_I8);
  assert_int_equal(f.src->args[1]->args[0]->dtype, DT_I8);
  vs_file_free(&f);
  /* A source has no context... */
  check_error("x: i8\nreduce(add, 1, range(4, r)) --> x", 2, 29, "source and target have different types (index and i8)");
  f = parse_ok(ctx, "x: i8\nx --> reduce(add, 1, range(4, r))");
  assert_int_equal(f.tgt->dtype, DT_I8); /* ...a target has the source's */
  vs_file_free(&f);
  check_error("x: i8\nx + reduce(add, 300, range(4, r))", 2, 17, "literal 300 does not fit in i8");
  /* after's X likewise. */
  f = parse_ok(ctx, "x: u16\nb: u16[2]\nafter(0, store(index(b, 0), 7)) + x");
  assert_int_equal(f.src->args[0]->op, OP_AFTER);
  assert_int_equal(f.src->args[0]->dtype, DT_U16);
  vs_file_free(&f);
  f = parse_ok(ctx, "b: f64[2]\nload(index(b, 0)) --> after(0, store(index(b, 0), 1))");
  assert_int_equal(f.tgt->dtype, DT_F64);
  assert_int_equal(f.tgt->args[1]->args[1]->dtype, DT_F64);
  vs_file_free(&f);
  /* A load is typed by its buffer: siblings take its dtype. */
  f = parse_ok(ctx, "b: i16[2]\nload(index(b, 0)) + 1 --> select(load(index(b, 1)) < 0, 2, 3)");
  assert_int_equal(f.src->dtype, DT_I16);
  assert_int_equal(f.tgt->args[1]->dtype, DT_I16);
  vs_file_free(&f);
  /* Range ends: index whatever the context; a typed non-index end is an error. */
  f = parse_ok(ctx, "x: i32\nx + i32(range(2 * 3, r))");
  assert_int_equal(f.src->args[1]->args[0]->args[0]->dtype, DT_INDEX);
  vs_file_free(&f);
  check_error("x: i32\nrange(x, r)", 2, 7, "a range's end must be an index value, got an i32 value");
  vs_ctx_free(ctx);
}

/* ---- ranges ---- */

static void test_ranges(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  /* One name, one node, across source and target; the end is compared as written (2 + 2 is not 4). */
  VsFile f = parse_ok(ctx, "range(4, r) + range(4, r) --> range(4, r) * 2");
  assert_ptr_equal(f.src->args[0], f.src->args[1]);
  assert_ptr_equal(f.src->args[0], f.tgt->args[0]);
  vs_file_free(&f);
  /* Triangular: the inner range's end uses the outer one. */
  f = parse_ok(ctx, "reduce(add, range(range(4, i) + 1, j), range(4, i), range(range(4, i) + 1, j))");
  Node *i = f.src->args[1], *j = f.src->args[2];
  assert_string_equal(i->aux.name, "i");
  assert_string_equal(j->aux.name, "j");
  assert_ptr_equal(j->args[0]->args[0], i);
  assert_ptr_equal(f.src->args[0], j);
  vs_file_free(&f);
  /* Conflicting ends, reported at the second. */
  check_error("range(4, r) + range(5, r)", 1, 15, "range 'r' already has end 4 (at 1:1)");
  check_error("n: index\nrange(n, r) --> range(n + 1, r)", 2, 17, "range 'r' already has end n (at 2:1)");
  check_error("range(range(4, r), r)", 1, 1, "range 'r' already has end 4 (at 1:7)");
  check_error("range(4, r) --> range(2 + 2, r)", 1, 17, "range 'r' already has end 4 (at 1:1)");
  /* Names: not a declared variable or buffer, not reserved, not a number. */
  check_error("x: index\nrange(4, x)", 2, 10, "'x' is a variable (declared at 1:1) and cannot name a range");
  check_error("r: f32[2]\nrange(2, r)", 2, 10, "'r' is a buffer (declared at 1:1) and cannot name a range");
  check_error("range(4, 5)", 1, 10, "expected the range's name (a loop variable), found '5'");
  check_error("range(4, r + 1)", 1, 12, "expected ')' after the range's name, found '+'");
  check_error("range(4, r, 3)", 1, 11, "expected ')' after the range's name, found ','");
  check_error("range(4)", 1, 1, "'range' takes 2 arguments (END, NAME), got 1");
  check_error("range()", 1, 1, "'range' takes 2 arguments (END, NAME), got 0");
  check_error("range", 1, 1, "expected '(' after 'range'");
  /* A loop variable is always written with its end. */
  check_error("range(2, r) --> r", 1, 17, "'r' is a loop variable: write it as range(END, r), as at 1:1");
  /* Ends: index values that read no memory. */
  check_error("b: index[2]\nrange(load(index(b, 0)), r)", 2, 7, "a range's end may not read memory");
  check_error("range(1.5, r)", 1, 7, "float literal 1.5 cannot have type index");
  check_error("range(true, r)", 1, 7, "a range's end must be an index value, got a bool value");
  check_error("b: index[2]\nrange(index(b, 0), r)", 2, 7, "a range's end must be an index value, got a pointer to index");
  vs_ctx_free(ctx);
}

/* ---- kinds of cases and files ---- */

static void test_cases(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  VsFile f = parse_ok(ctx, "b: f32[4]\nstore(index(b, 0), 1.0) --> after(store(index(b, 0), 1.0), noop)");
  assert_int_equal(f.src->kind, NK_EFFECT);
  assert_int_equal(f.tgt->kind, NK_EFFECT);
  vs_file_free(&f);
  f = parse_ok(ctx, "end(noop, range(4, r)) --> noop");
  assert_int_equal(f.tgt->op, OP_NOOP);
  vs_file_free(&f);
  check_error("b: f32[4]\nb", 2, 1, "an expression is a value or an effect, not a buffer");
  check_error("b: f32[4]\nindex(b, 0)", 2, 1, "an expression is a value or an effect, not a pointer");
  check_error("b: f32[4]\nafter(b, noop)", 2, 1, "not a buffer");
  check_error("b: f32[4]\nb --> b", 2, 1, "a case compares values or effects, not buffers or pointers (the source is a buffer)");
  check_error("b: f32[4]\nindex(b, 1) --> index(b, 1)", 2, 1, "a case compares values or effects, not buffers or pointers");
  check_error("b: f32[4]\nload(index(b, 1)) --> b", 2, 23, "(the target is a buffer)");
  check_error("b: f32[4]\nstore(index(b, 0), 1.0) --> 1", 2, 25, "source is an effect but target is a value");
  check_error("b: f32[4]\nstore(index(b, 0), 1.0) --> true", 2, 25, "source is an effect but target is a value");
  check_error("b: bool[4]\nload(index(b, 0)) --> noop", 2, 19, "source is a value but target is an effect");
  check_error("b: f32[4]\nload(index(b, 0)) --> 1_i32", 2, 19, "source and target have different types (f32 and i32)");
  /* A trailing declaration is reported as such, not as a buffer expression. */
  check_error("b: f32[4]\nb\nx: i32", 3, 1, "declarations must come before the expression");
  vs_ctx_free(ctx);
}

/* ---- errors ---- */

static void test_errors_declarations(void **state) {
  (void)state;
  check_error("b: f32[4] in [0, 3]\nnoop", 1, 11, "a range is only allowed on variables ('b' is a buffer)");
  check_error("b: f32[4611686018427387904]\nnoop", 1, 8, "buffer size 4611686018427387904 is too large (at most 2^62 - 1 elements)");
  check_error("b: f32[99999999999999999999999999]\nnoop", 1, 8, "is too large");
  check_error("b: i32x4[4]\nnoop", 1, 4, "a buffer's elements are scalars: write i32[N], not i32x4[N]");
  check_error("b: f32[-1]\nnoop", 1, 8, "expected the buffer's size (an integer literal without a suffix), found '-'");
  check_error("b: f32[4_index]\nnoop", 1, 8, "expected the buffer's size");
  check_error("b: f32[n]\nnoop", 1, 8, "expected the buffer's size");
  check_error("b: f32[1.5]\nnoop", 1, 8, "expected the buffer's size");
  check_error("b: f32[4\nnoop", 2, 1, "expected ']' after the buffer's size, found 'noop'");
  check_error("b: f32[]\nnoop", 1, 8, "expected the buffer's size");
  check_error("b: f32[4]\nb: f32[4]\nnoop", 2, 1, "variable 'b' is already declared (at 1:1)");
  check_error("x: i32\nx: f32[4]\nnoop", 2, 1, "variable 'x' is already declared (at 1:1)");
  check_error("b: foo[4]\nnoop", 1, 4, "unknown dtype 'foo'");
}

static void test_errors_kinds(void **state) {
  (void)state;
  /* Wrong kinds for the graph ops, at the operand at fault. */
  check_error("b: f32[4]\nload(b)", 2, 6, "load takes a pointer: load(index(B, I)), got a buffer of f32");
  check_error("load(3)", 1, 6, "load takes a pointer: load(index(B, I)), got an index value");
  check_error("load(noop)", 1, 6, "got an effect");
  check_error("b: f32[4]\nx: i32\nstore(index(b, 0), x)", 3, 20,
              "the stored value's type differs from the buffer's (the buffer holds f32, the value is i32)");
  check_error("b: f32[4]\nstore(b, 1.0)", 2, 7, "store takes a pointer: store(index(B, I), V), got a buffer of f32");
  check_error("b: f32[4]\nstore(index(b, 0), noop)", 2, 20, "the stored operand must be a value, got an effect");
  check_error("b: f32[4]\nstore(index(b, 0))", 2, 1, "'store' takes 2 arguments, got 1");
  check_error("b: f32[4]\nstore(index(b, 0), 1, 2)", 2, 23, "too many arguments: 'store' takes 2");
  check_error("x: i32\nindex(x, 0)", 2, 7, "the first operand of index(B, I) must be a buffer, got an i32 value");
  check_error("index(1, 2)", 1, 7, "the first operand of index(B, I) must be a buffer, got an index value");
  check_error("b: f32[4]\nx: i32\nload(index(b, x))", 3, 15, "the element of index(B, I) must be an index value, got an i32 value");
  check_error("b: f32[4]\nload(index(b, 1.5))", 2, 15, "float literal 1.5 cannot have type index");
  check_error("b: f32[4]\nload(index(index(b, 0), 0))", 2, 12, "must be a buffer, got a pointer to f32");
  check_error("b: f32[4]\nindex(b, 0, 1)", 2, 13, "too many arguments: 'index' takes 2");
  check_error("index()", 1, 1, "'index' takes 1 argument (a cast) or 2 (a pointer), got 0");
  check_error("v: i32x4\nb: i32[4]\nstore(index(b, 0), v)", 3, 20, "vectors are not supported in memory and loop operations, got an i32x4 value");
  /* Value ops take values, reported at the operator. */
  check_error("b: f32[4]\nb + 1", 2, 3, "'+': a buffer is not a value (load an element: load(index(B, I)))");
  check_error("b: f32[4]\n1 + b", 2, 3, "'+': a buffer is not a value");
  check_error("b: f32[4]\nindex(b, 0) * 2.0", 2, 13, "'*': a pointer is not a value (load it: load(index(B, I)))");
  check_error("noop == noop", 1, 6, "'==': an effect is not a value");
  check_error("b: bool[4]\n!b", 2, 1, "'!': a buffer is not a value");
  check_error("b: bool[4]\nb && true", 2, 3, "'&&': a buffer is not a value");
  check_error("b: f32[4]\nf32(b)", 2, 1, "'f32': a buffer is not a value");
  check_error("b: f32[4]\nindex(b)", 2, 1, "'index': a buffer is not a value");
  check_error("m: bool\nb: f32[4]\nload(select(m, index(b, 0), index(b, 1)))", 3, 6, "'select': a pointer is not a value");
  check_error("b: f32[4]\nvec(b, b)", 2, 1, "'vec': a buffer is not a value");
  check_error("noop + 1", 1, 6, "'+': an effect is not a value");
  /* reduce */
  check_error("x: i32\nreduce(foo, x)", 2, 8, "unknown reduction 'foo' (reduce takes add, mul, max or min)");
  check_error("x: i32\nreduce(sub, x)", 2, 8, "unknown reduction 'sub'");
  check_error("x: i32\nreduce(1, x)", 2, 8, "expected the reduction's operation (add, mul, max or min), found '1'");
  check_error("x: i32\nreduce(add x)", 2, 12, "expected ',', found 'x'");
  check_error("reduce(add)", 1, 1, "'reduce' needs an operand after its operation: reduce(add, X, RANGES...)");
  check_error("reduce()", 1, 1, "'reduce' needs at least 1 argument, got 0");
  check_error("x: i32\nreduce(add, x, 3)", 2, 16, "a loop list holds ranges only (range(END, NAME)), got an index value");
  check_error("reduce(add, 1, 3)", 1, 16, "a loop list holds ranges only");
  check_error("x: i32\nreduce(add, x, x)", 2, 16, "a loop list holds ranges only (range(END, NAME)), got an i32 value");
  check_error("x: i32\nreduce(add, x, range(3, r), range(3, r))", 2, 29, "a range appears twice in one loop list");
  check_error("reduce(add, 1, range(3, r), range(3, r))", 1, 29, "a range appears twice in one loop list");
  check_error("reduce(add, noop)", 1, 13, "a reduction's operand must be a value, got an effect");
  check_error("reduce(add, true, range(2, r))", 1, 13, "a reduction needs an integer or float operand, got a bool value");
  check_error("b: f32[2]\nreduce(add, b)", 2, 13, "a reduction's operand must be a value, got a buffer of f32");
  /* end */
  check_error("end(1, range(4, r))", 1, 5, "end(EFFECT, RANGES...) takes an effect first, got an index value");
  check_error("end(noop, 4)", 1, 11, "a loop list holds ranges only (range(END, NAME)), got an index value");
  check_error("end(noop, noop)", 1, 11, "got an effect");
  check_error("end()", 1, 1, "'end' needs at least 1 argument, got 0");
  /* after */
  check_error("b: f32[2]\nafter(index(b, 0), noop)", 2, 7, "after of a pointer: write index(after(B, ...), I)");
  check_error("b: f32[2]\nafter(b, 1)", 2, 10, "after(X, EFFECTS...) waits for effects only, got an index value");
  check_error("after(1, 2)", 1, 10, "waits for effects only, got an index value");
  check_error("x: i32\nafter(x, noop, x)", 2, 16, "waits for effects only, got an i32 value");
  check_error("after()", 1, 1, "'after' needs at least 1 argument, got 0");
  /* noop and bare words */
  check_error("noop()", 1, 1, "'noop' takes no arguments: write noop");
  check_error("load", 1, 1, "expected '(' after 'load'");
  check_error("x: i32\nx + after", 2, 5, "expected '(' after 'after'");
  check_error("load()", 1, 1, "'load' takes 1 argument, got 0");
  check_error("b: f32[2]\nload(index(b, 0), 1)", 2, 19, "too many arguments: 'load' takes 1");
  /* Errors in operands come first, in source order. */
  check_error("b: f32[2]\nstore(index(b, z), 1.0)", 2, 16, "unknown variable 'z'");
  check_error("b: f32[2]\nload(index(c, 0))", 2, 12, "unknown variable 'c'");
}

/* The list limits: 15 ranges (reduce, end), 16 operands (after), and the nesting limit. */
static void test_errors_limits(void **state) {
  (void)state;
  char text[4096];
  size_t at = 0;
  at += (size_t)snprintf(text + at, sizeof text - at, "reduce(add, 1");
  for (int i = 0; i < 15; i++) at += (size_t)snprintf(text + at, sizeof text - at, ", range(2, r%d)", i);
  snprintf(text + at, sizeof text - at, ")");
  VsCtx *ctx = vs_ctx_new();
  VsFile f = test_parse_round_trip(ctx, text);
  assert_int_equal(f.src->nargs, 16);
  vs_file_free(&f);
  snprintf(text + at, sizeof text - at, ", range(2, z))");
  check_error(text, 1, (int)at + 3, "too many arguments: 'reduce' takes at most 16 (an operand and 15 ranges)");
  at = (size_t)snprintf(text, sizeof text, "after(1");
  for (int i = 0; i < 15; i++) at += (size_t)snprintf(text + at, sizeof text - at, ", noop");
  snprintf(text + at, sizeof text - at, ")");
  f = test_parse_round_trip(ctx, text);
  assert_int_equal(f.src->nargs, 16);
  vs_file_free(&f);
  snprintf(text + at, sizeof text - at, ", noop)");
  check_error(text, 1, (int)at + 3, "too many arguments: 'after' takes at most 16 (a value and 15 effects)");

  /* Deep nests of graph calls hit the nesting limit with a diagnostic, not a crash. */
  size_t depth = 3000, len = 0;
  char *deep = malloc(depth * 24 + 64);
  assert_non_null(deep);
  len += (size_t)sprintf(deep + len, "b: f32[2]\n");
  for (size_t i = 0; i < depth; i++) len += (size_t)sprintf(deep + len, "after(");
  len += (size_t)sprintf(deep + len, "b");
  for (size_t i = 0; i < depth; i++) len += (size_t)sprintf(deep + len, ", noop)");
  VsDiag d;
  assert_false(vs_parse(ctx, "t.vs", deep, len, &f, &d));
  assert_non_null(strstr(d.msg, "nested too deeply"));
  /* Within the limit: a deep chain of afters parses and round-trips. */
  len = (size_t)sprintf(deep, "b: f32[2]\nload(index(");
  for (size_t i = 0; i < 1500; i++) len += (size_t)sprintf(deep + len, "after(");
  len += (size_t)sprintf(deep + len, "b");
  for (size_t i = 0; i < 1500; i++) len += (size_t)sprintf(deep + len, ", store(index(b, %zu), 1.0))", i % 2);
  len += (size_t)sprintf(deep + len, ", 0))");
  f = test_parse_round_trip(ctx, deep);
  assert_int_equal(f.src->op, OP_LOAD);
  vs_file_free(&f);
  /* Deep reductions whose X stays untyped to the end. */
  len = 0;
  for (size_t i = 0; i < 1000; i++) len += (size_t)sprintf(deep + len, "reduce(add, ");
  len += (size_t)sprintf(deep + len, "1");
  for (size_t i = 0; i < 1000; i++) len += (size_t)sprintf(deep + len, ")");
  len += (size_t)sprintf(deep + len, " --> 1_i8");
  assert_false(vs_parse(ctx, "t.vs", deep, len, &f, &d)); /* index source, i8 target */
  assert_non_null(strstr(d.msg, "different types"));
  deep[len - 9] = 0;
  f = test_parse_round_trip(ctx, deep);
  assert_int_equal(f.src->dtype, DT_INDEX);
  vs_file_free(&f);
  free(deep);
  vs_ctx_free(ctx);
}

/* ---- programs ---- */

static void test_programs(void **state) {
  (void)state;
  const char *ops[] = {"load(x)", "store(x, x)", "range(4, r)", "reduce(add, x)", "end(x)", "after(x)", "noop",
                       "index(x, x)"};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "func main(x: index) {\n  y: index = %s\n  call f(y)\n}", ops[i]);
    check_prog_error(text, 2, 14, "memory and loop operations are not supported in programs");
    snprintf(text, sizeof text, "func main(x: index) {\n  y: index = x + %s\n  call f(y)\n}", ops[i]);
    check_prog_error(text, 2, 18, "memory and loop operations are not supported in programs");
  }
  check_prog_error("func main(b: f32[16]) {\n}", 1, 17, "buffers are not supported in programs");
  check_prog_error("func main(x: index) -> (f32[4]) {\n}", 1, 28, "buffers are not supported in programs");
  check_prog_error("func main(x: index) {\n  y: i32[4] = 0\n}", 2, 9, "buffers are not supported in programs");
  check_prog_error("func main(x: index) {\n  end: index = x\n}", 2, 3, "'end' is a reserved word");
  check_prog_error("func main(load: index) {\n}", 1, 11, "'load' is a reserved word");
  /* The program's own range and the index cast still work. */
  VsCtx *ctx = vs_ctx_new();
  const char *ok = "func main(x: i32, n: index) {\n  for i in range(0, n) { y: index = index(x) + i  call f(y) }\n}\n";
  Program *p = NULL;
  VsDiag d;
  if (!prog_parse(ctx, "p.vs", ok, strlen(ok), &p, &d)) {
    vs_diag_print(&d, stderr);
    fail_msg("the program does not parse");
  }
  prog_free(p);
  vs_ctx_free(ctx);
}

/* ---- printing ---- */

static void test_print(void **state) {
  (void)state;
  check_print("b: f32[16]\nn: index in [0, 8]\nload(index(b, range(n, r) * 2))", "load(index(b, range(n, r) * 2))");
  check_print("b: f32[16]\nreduce(add, load(index(b, range(16, r))), range(16, r))",
              "reduce(add, load(index(b, range(16, r))), range(16, r))");
  check_print("b: f32[16]\nstore(index(b, 0), 1.5)", "store(index(b, 0), 1.5)");
  check_print("b: f64[16]\nstore(index(b, 0_index), 1.5_f64)", "store(index(b, 0), 1.5)");
  check_print("b: i8[16]\nstore(index(b, 0), -1)", "store(index(b, 0), -1)");
  check_print("b: f32[16]\nend(store(index(b, range(16, i)), 0.0), range(16, i))",
              "end(store(index(b, range(16, i)), 0.0), range(16, i))");
  check_print("b: f32[16]\nafter(load(index(b, 3)), store(index(b, 3), 2.0))",
              "after(load(index(b, 3)), store(index(b, 3), 2.0))");
  check_print("b: f32[16]\nload(index(after(b, store(index(b, 0), 1.0)), 0))",
              "load(index(after(b, store(index(b, 0), 1.0)), 0))");
  check_print("noop", "noop");
  check_print("reduce(max, 1, range(4, r))", "reduce(max, 1, range(4, r))");
  check_print("reduce(min, 1_i32, range(4, r))", "reduce(min, 1_i32, range(4, r))");
  check_print("reduce(mul, 2.0_f64)", "reduce(mul, 2.0_f64)");
  check_print("x: i32\nx + reduce(add, 1, range(4, r))", "x + reduce(add, 1, range(4, r))");
  check_print("x: i32\nreduce(add, 1_i32 + 2, range(4, r)) + x", "reduce(add, 1 + 2, range(4, r)) + x");
  check_print("after(7_u8, noop)", "after(7_u8, noop)");
  check_print("after(7, noop)", "after(7, noop)");
  check_print("x: i32\nindex(x) + range(4, r)", "index(x) + range(4, r)");
  check_print("x: i32\ni32(range(4, r)) * x", "i32(range(4, r)) * x");
  check_print("b: f32[4]\nm: bool\ni: index\nload(index(b, select(m, i, invalid)))",
              "load(index(b, select(m, i, invalid)))");
  /* A range's end is an index value: its literals never carry a suffix. */
  check_print("range(4_index * 2, r)", "range(4 * 2, r)");
  /* Graph calls never need parentheses as operands. */
  check_print("b: i32[4]\n-load(index(b, 0)) * (load(index(b, 1)) + 1)", "-load(index(b, 0)) * (load(index(b, 1)) + 1)");

  /* vs_print_case: buffer declarations in the declaration list, in order. */
  VsCtx *ctx = vs_ctx_new();
  VsFile f = parse_ok(ctx, "x: i32 in [0, 3]\nb: f32[16]\nc: bool[0]\nload(index(b, 0)) --> 0.0");
  char *s = vs_print_case(f.vars, f.nvars, f.src, f.tgt);
  assert_string_equal(s, "x: i32 in [0, 3]\nb: f32[16]\nc: bool[0]\nload(index(b, 0)) --> 0.0\n");
  free(s);
  vs_file_free(&f);
  /* A buffer of free size (the rule verifier's) prints its least size, the range in a comment. */
  Node *fb = vs_buffer(ctx, "fb", DT_I32, 1, 100);
  Node *src = vs_load(ctx, vs_ptr(ctx, fb, vs_const(ctx, DT_INDEX, 0)));
  s = vs_print_case(&fb, 1, src, NULL);
  assert_string_equal(s, "fb: i32[1]  # size in [1, 100]\nload(index(fb, 0))\n");
  free(s);
  /* An abstract effect prints as NAME(RANGES...) for reports. */
  Node *r = vs_range(ctx, vs_const(ctx, DT_INDEX, 4), "r");
  Node *e = vs_effect_var(ctx, "e", &r, 1);
  assert_non_null(e);
  s = vs_print(vs_end(ctx, e, &r, 1));
  assert_string_equal(s, "end(e(range(4, r)), range(4, r))");
  free(s);
  vs_ctx_free(ctx);
}

/* Printing then parsing gives the same nodes, over a corpus of graph expressions. */
static void test_round_trip(void **state) {
  (void)state;
  static const char *const corpus[] = {
    "b: f32[16]\nn: index in [0, 8]\nload(index(b, range(n, r) * 2))",
    "b: f32[16]\nreduce(add, load(index(b, range(16, r))), range(16, r))",
    "b: f32[16]\nend(store(index(b, range(16, i)), 0.0), range(16, i))",
    "b: f32[16]\nafter(load(index(b, 3)), store(index(b, 3), 2.0))",
    "b: f32[16]\nload(index(after(b, store(index(b, 0), 1.0)), 0))",
    "b: f32[4]\nload(index(b, invalid)) --> 0.0",
    "b: i32[8]\nm: bool\ni: index in [0, 7]\nload(index(b, select(m, i, invalid))) --> select(m, load(index(b, i)), 0)",
    "b: i32[8]\nm: bool\nstore(index(b, select(m, 3, invalid)), 5) --> after(store(index(b, select(m, 3, invalid)), 5), noop)",
    /* nested after */
    ("b: u8[4]\nc: u8[4]\nload(index(after(after(b, store(index(b, 0), 1)), after(store(index(c, 1), 2), "
     "store(index(b, 2), 3))), 0)) --> 1"),
    "b: f16[4]\nafter(after(after(noop)), after(noop, noop))",
    /* triangular ranges */
    "reduce(add, range(range(4, i) + 1, j), range(4, i), range(range(4, i) + 1, j))",
    "b: i64[100]\nend(store(index(b, range(10, i) * 10 + range(range(10, i), j)), 1), range(10, i), range(range(10, i), j))",
    /* literal typing across contexts */
    "x: i8\nx + reduce(add, 1 + 2, range(4, r)) --> reduce(mul, 3, range(4, r))",
    "x: u32\nafter(1, noop) * x --> after(x, noop)",
    "reduce(max, -1.5, range(2, r)) --> -1.5",
    "reduce(min, 1.5_f64) --> 1.5_f64",
    "b: bool[2]\nload(index(b, 0)) && true --> load(index(b, 0))",
    "b: index[2]\nn: index\nload(index(b, 1)) + 1 --> range(n * 0 + 4, q) * 0 + load(index(b, range(2, k))) + 1",
    "b: f32[3]\nstore(index(b, 2), -0.0) --> store(index(b, 1 + 1), -0.0_f32)",
    "b: f32[3]\nstore(index(b, 2), nan_f32) --> store(index(b, 2), inf_f32 - inf_f32)",
    "b: u64[3]\nstore(index(b, 2), 18446744073709551615)",
    "n: index in [1, 8]\nend(noop, range(n, i), range(n - range(n, i), j)) --> noop",
    "x: index\nreduce(add, x * range(x, r), range(x, r), range(4, s)) --> reduce(add, x * range(x, r), range(x, r)) * 4",
    "b: f32[16]\nx: f32\nafter(x, store(index(b, 0), x)) --> x",
    "add: i32\nmul: i32\nreduce(add, add * mul, range(2, mx))",
  };
  VsCtx *ctx = vs_ctx_new();
  for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
    VsFile f = test_parse_round_trip(ctx, corpus[i]);
    vs_file_free(&f);
  }
  vs_ctx_free(ctx);
}

/* Random graph expressions built through the IR print and parse back to themselves. */
static Node *rand_value(VsCtx *ctx, TestRng *g, Node *const *bufs, Node *const *ranges, int depth);

static Node *rand_index(VsCtx *ctx, TestRng *g, Node *const *ranges, int depth) {
  switch (test_rng_below(g, depth > 0 ? 5 : 2)) {
  case 0: return vs_const(ctx, DT_INDEX, test_rng_below(g, 4));
  case 1: return ranges[test_rng_below(g, 3)];
  case 2: return vs_bin(ctx, OP_ADD, rand_index(ctx, g, ranges, depth - 1), rand_index(ctx, g, ranges, depth - 1));
  case 3: return vs_bin(ctx, OP_MUL, rand_index(ctx, g, ranges, depth - 1), vs_const(ctx, DT_INDEX, 2));
  default: return vs_tern(ctx, OP_SELECT, vs_var(ctx, "m", DT_BOOL, 0, 1), rand_index(ctx, g, ranges, depth - 1),
                          vs_invalid(ctx));
  }
}

static Node *rand_effect(VsCtx *ctx, TestRng *g, Node *const *bufs, Node *const *ranges, int depth) {
  int b = (int)test_rng_below(g, 2);
  switch (test_rng_below(g, depth > 0 ? 4 : 2)) {
  case 0: return vs_noop(ctx);
  case 1: return vs_store(ctx, vs_ptr(ctx, bufs[b], rand_index(ctx, g, ranges, 1)), rand_value(ctx, g, bufs, ranges, 0));
  case 2: {
    Node *r = ranges[test_rng_below(g, 3)];
    return vs_end(ctx, rand_effect(ctx, g, bufs, ranges, depth - 1), &r, 1);
  }
  default: {
    Node *d = rand_effect(ctx, g, bufs, ranges, depth - 1);
    return vs_after(ctx, rand_effect(ctx, g, bufs, ranges, depth - 1), &d, 1);
  }
  }
}

/* An i32 value (both buffers hold i32). */
static Node *rand_value(VsCtx *ctx, TestRng *g, Node *const *bufs, Node *const *ranges, int depth) {
  int b = (int)test_rng_below(g, 2);
  switch (test_rng_below(g, depth > 0 ? 7 : 3)) {
  case 0: return vs_const(ctx, DT_I32, test_rng_below(g, 5));
  case 1: return vs_var(ctx, "x", DT_I32, -100, 100);
  case 2: return vs_load(ctx, vs_ptr(ctx, bufs[b], rand_index(ctx, g, ranges, 1)));
  case 3: return vs_bin(ctx, OP_ADD, rand_value(ctx, g, bufs, ranges, depth - 1), rand_value(ctx, g, bufs, ranges, depth - 1));
  case 4: {
    static const Op ops[] = {OP_ADD, OP_MUL, OP_MAX, OP_MIN};
    Node *r[2] = {ranges[0], ranges[1]};
    return vs_reduce(ctx, ops[test_rng_below(g, 4)], rand_value(ctx, g, bufs, ranges, depth - 1), r,
                     (int)test_rng_below(g, 3));
  }
  case 5: {
    Node *d = rand_effect(ctx, g, bufs, ranges, depth - 1);
    return vs_after(ctx, rand_value(ctx, g, bufs, ranges, depth - 1), &d, 1);
  }
  default: {
    Node *d = rand_effect(ctx, g, bufs, ranges, depth - 1);
    Node *ab = vs_after(ctx, bufs[b], &d, 1);
    return vs_load(ctx, vs_ptr(ctx, ab, rand_index(ctx, g, ranges, 1)));
  }
  }
}

static void test_round_trip_random(void **state) {
  (void)state;
  TestRng g = {42};
  VsCtx *ctx = vs_ctx_new();
  Node *vars[4];
  vars[0] = vs_var(ctx, "x", DT_I32, -100, 100);
  vars[1] = vs_var(ctx, "m", DT_BOOL, 0, 1);
  vars[2] = vs_buffer(ctx, "b", DT_I32, 8, 8);
  vars[3] = vs_buffer(ctx, "c", DT_I32, 1000, 1000);
  Node *i = vs_range(ctx, vs_const(ctx, DT_INDEX, 4), "i");
  Node *ranges[3] = {i, vs_range(ctx, vs_bin(ctx, OP_ADD, i, vs_const(ctx, DT_INDEX, 1)), "j"),
                     vs_range(ctx, vs_const(ctx, DT_INDEX, 2), "k")};
  for (int t = 0; t < 400; t++) {
    Node *n = test_rng_below(&g, 3) ? rand_value(ctx, &g, vars + 2, ranges, 4) : rand_effect(ctx, &g, vars + 2, ranges, 4);
    if (!n) continue; /* a generated operand list broke a rule (a range twice): not a test input */
    char *text = vs_print_case(vars, 4, n, NULL);
    assert_non_null(text);
    VsFile f;
    VsDiag d;
    if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("%s:%d:%d: %s on:\n%s", d.file, d.line, d.col, d.msg, text);
    if (f.src != n) fail_msg("round trip changed:\n%s", text);
    for (size_t k = 0; k < 4; k++) assert_ptr_equal(f.vars[k], vars[k]);
    vs_file_free(&f);
    free(text);
  }
  vs_ctx_free(ctx);
}

/* Mutations of graph texts: every one either parses (and round-trips) or gives one diagnostic inside
 * the input; none crashes or hangs. */
static void test_mutations(void **state) {
  (void)state;
  static const char *const seeds[] = {
    "b: f32[16]\nn: index in [0, 8]\nreduce(add, load(index(after(b, store(index(b, 0), 1.0)), range(n, r) * 2)), range(n, r))",
    "b: i32[4]\nm: bool\nend(store(index(b, select(m, range(4, i), invalid)), 1), range(4, i)) --> noop",
    "x: i8\nx + reduce(max, after(1, noop), range(range(3, i) + 1, j), range(3, i))",
  };
  static const char *const pieces[] = {"(", ")", ",", "[", "]", "b", "0", "1.5", "range(", "load(", "index(",
                                       "store(", "after(", "reduce(", "end(", "add", "noop", "r", "-->", ":", " "};
  TestRng g = {7};
  VsCtx *ctx = vs_ctx_new();
  char buf[512];
  for (int t = 0; t < 3000; t++) {
    const char *seed = seeds[test_rng_below(&g, 3)];
    size_t n = strlen(seed);
    size_t at = test_rng_below(&g, n + 1), cut = test_rng_below(&g, 4);
    const char *piece = test_rng_below(&g, 3) ? pieces[test_rng_below(&g, sizeof pieces / sizeof pieces[0])] : "";
    if (at + cut > n) cut = n - at;
    int len = snprintf(buf, sizeof buf, "%.*s%s%s", (int)at, seed, piece, seed + at + cut);
    VsFile f;
    VsDiag d;
    if (vs_parse(ctx, "t.vs", buf, (size_t)len, &f, &d)) {
      char *text = vs_print_case(f.vars, f.nvars, f.src, f.tgt);
      assert_non_null(text);
      VsFile h;
      if (!vs_parse(ctx, "p.vs", text, strlen(text), &h, &d)) fail_msg("reparse of\n%s\nfailed: %s", text, d.msg);
      if (h.src != f.src || h.tgt != f.tgt) fail_msg("round trip changed:\n%s", text);
      vs_file_free(&h);
      free(text);
      vs_file_free(&f);
    } else {
      assert_true(d.line >= 1 && d.col >= 1 && d.msg[0]);
    }
  }
  vs_ctx_free(ctx);
}

/* ---- buffer values ---- */

static void check_buffer_value(const char *text, DType dt, uint64_t size, const uint64_t *want, size_t nwant) {
  BufData b;
  char err[256];
  if (!vs_parse_buffer_value(text, dt, size, &b, err, sizeof err)) fail_msg("'%s': %s", text, err);
  assert_true(b.size == size);
  for (size_t i = 0; i < nwant; i++)
    if (bufdata_get(&b, i) != want[i]) fail_msg("'%s': element %zu", text, i);
  /* Formatting and parsing back gives the same contents. */
  char *s = vs_format_buffer(dt, &b);
  assert_non_null(s);
  BufData c;
  if (!vs_parse_buffer_value(s, dt, size, &c, err, sizeof err)) fail_msg("'%s' (formatted) : %s", s, err);
  assert_true(bufdata_equal(&b, &c));
  free(s);
  bufdata_free(&b);
  bufdata_free(&c);
}

static void check_buffer_error(const char *text, DType dt, uint64_t size, const char *sub) {
  BufData b;
  char err[256];
  if (vs_parse_buffer_value(text, dt, size, &b, err, sizeof err)) fail_msg("expected an error for '%s'", text);
  if (!strstr(err, sub)) fail_msg("'%s': got '%s', wanted ...%s...", text, err, sub);
  assert_int_equal(b.n, 0);
  bufdata_free(&b);
}

static void test_buffer_values(void **state) {
  (void)state;
  const uint64_t a[] = {1, 2, 3, 4};
  check_buffer_value("[1, 2, 3, 4]", DT_I32, 4, a, 4);
  check_buffer_value("  [1_i32,2, 3 ,4]  ", DT_I32, 4, a, 4);
  const uint64_t sevens[] = {7, 7, 7};
  check_buffer_value("7", DT_U8, 3, sevens, 3);
  const uint64_t neg[] = {0xff, 0x80};
  check_buffer_value("[-1, -128]", DT_I8, 2, neg, 2);
  const uint64_t fl[] = {test_f32_bits(1.5f), UINT64_C(0x7fc00000), UINT64_C(0xff800000), test_f32_bits(-0.0f)};
  check_buffer_value("[1.5, nan, -inf, -0.0]", DT_F32, 4, fl, 4);
  const uint64_t bools[] = {1, 0, 1};
  check_buffer_value("[true, false, true]", DT_BOOL, 3, bools, 3);
  check_buffer_value("[]", DT_I32, 0, NULL, 0);
  check_buffer_value("{} of 0", DT_I32, 0, NULL, 0);
  /* The sparse form, any order, default optional (0). */
  const uint64_t sp[] = {0, 0, 0, 5, 0, 0, 0, 1, 0};
  check_buffer_value("{default: 0_i32, 3: 5_i32, 7: 1_i32} of 1000", DT_I32, 1000, sp, 9);
  check_buffer_value("{7: 1, 3: 5}", DT_I32, 1000, sp, 9);
  check_buffer_value("{3: 5, default: 0, 0x7: 1} of 1000", DT_I32, 1000, sp, 9);
  const uint64_t dflt[] = {9, 9, 2};
  check_buffer_value("{default: 9, 2: 2}", DT_U64, 3, dflt, 3);
  check_buffer_value("{default: 9, 2: 2}", DT_U64, (uint64_t)1 << 40, dflt, 3);
  check_buffer_value("{default: 9} of 4611686018427387903", DT_U64, ((uint64_t)1 << 62) - 1, dflt, 2);
  /* Large list values. */
  char *big = malloc(65536 * 4 + 8);
  assert_non_null(big);
  size_t at = 0;
  big[at++] = '[';
  for (int i = 0; i < 65536; i++) at += (size_t)sprintf(big + at, "%s%d", i ? "," : "", i % 3 == 0 ? 1 : 0);
  big[at++] = ']';
  big[at] = 0;
  BufData b;
  char err[256];
  assert_true(vs_parse_buffer_value(big, DT_U8, 65536, &b, err, sizeof err));
  assert_int_equal(bufdata_get(&b, 0), 1);
  assert_int_equal(bufdata_get(&b, 1), 0);
  assert_int_equal(bufdata_get(&b, 65535), 1);
  assert_int_equal(b.dflt, 0); /* the most frequent element is the default */
  assert_int_equal(b.n, 21846);
  char *s = vs_format_buffer(DT_U8, &b);
  assert_non_null(s);
  assert_true(strncmp(s, "{default: 0_u8, 0: 1_u8, 3: 1_u8, ", 34) == 0);
  assert_non_null(strstr(s, "} of 65536"));
  BufData c;
  assert_true(vs_parse_buffer_value(s, DT_U8, 65536, &c, err, sizeof err));
  assert_true(bufdata_equal(&b, &c));
  free(s);
  bufdata_free(&b);
  bufdata_free(&c);
  free(big);

  /* Formats: a list up to 64 elements, the sparse form beyond. */
  bufdata_init(&b, 3, 0);
  assert_true(bufdata_set(&b, 1, 0xff));
  s = vs_format_buffer(DT_I8, &b);
  assert_string_equal(s, "[0_i8, -1_i8, 0_i8]");
  free(s);
  bufdata_free(&b);
  bufdata_init(&b, 64, test_f32_bits(1.0f));
  s = vs_format_buffer(DT_F32, &b);
  assert_true(strncmp(s, "[1.0_f32, 1.0_f32, ", 19) == 0);
  free(s);
  bufdata_free(&b);
  bufdata_init(&b, 65, test_f32_bits(1.0f));
  assert_true(bufdata_set(&b, 64, test_f32_bits(-2.5f)));
  s = vs_format_buffer(DT_F32, &b);
  assert_string_equal(s, "{default: 1.0_f32, 64: -2.5_f32} of 65");
  free(s);
  bufdata_free(&b);
  bufdata_init(&b, 0, 0);
  s = vs_format_buffer(DT_BOOL, &b);
  assert_string_equal(s, "[]");
  free(s);
  bufdata_free(&b);

  /* Errors. */
  check_buffer_error("[1, 2, 3]", DT_I32, 4, "3 element values given, the buffer has 4 elements");
  check_buffer_error("[1, 2, 3]", DT_I32, 2, "more than 2 element values: the buffer has 2 elements");
  check_buffer_error("[1, 2", DT_I32, 2, "expected ',' or ']', found end of file");
  check_buffer_error("[1 2]", DT_I32, 2, "expected ',' or ']', found '2'");
  check_buffer_error("[1, 2] 3", DT_I32, 2, "unexpected '3' after the buffer value");
  check_buffer_error("[1, 300]", DT_U8, 2, "literal 300 does not fit in u8");
  check_buffer_error("[1, 1.5]", DT_I32, 2, "float literal 1.5 cannot have type i32");
  check_buffer_error("[1_i8, 2]", DT_I32, 2, "the literal has type i8, expected i32");
  check_buffer_error("[0]", DT_I32, 65537, "a list value is for buffers of at most 65536 elements");
  check_buffer_error("x", DT_I32, 2, "expected a literal of type i32");
  check_buffer_error("{3: 5} of 1000", DT_I32, 1001, "the value is of 1000 elements, the buffer has 1001");
  check_buffer_error("{3: 5, 3: 6}", DT_I32, 10, "element 3 is given twice");
  check_buffer_error("{default: 1, default: 2}", DT_I32, 10, "'default' is given twice");
  check_buffer_error("{10: 1}", DT_I32, 10, "element index 10 is out of range (the buffer has 10 elements)");
  check_buffer_error("{-1: 1}", DT_I32, 10, "expected an element index or 'default' (an integer literal without a suffix), found '-'");
  check_buffer_error("{1_index: 1}", DT_I32, 10, "expected an element index or 'default'");
  check_buffer_error("{1 1}", DT_I32, 10, "expected ':', found '1'");
  check_buffer_error("{1: 1", DT_I32, 10, "expected ',' or '}', found end of file");
  check_buffer_error("{1: 1} 5", DT_I32, 10, "expected 'of N' or the end after '}', found '5'");
  check_buffer_error("{1: 1} of", DT_I32, 10, "expected the element count after 'of'");
  check_buffer_error("{1: 1} of 10 x", DT_I32, 10, "unexpected 'x' after the buffer value");
  check_buffer_error("{1: $}", DT_I32, 10, "unexpected character '$'");
  check_buffer_error("", DT_I32, 10, "expected a literal of type i32");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_buffer_declarations), cmocka_unit_test(test_forms),
    cmocka_unit_test(test_contextual_words),    cmocka_unit_test(test_typing),
    cmocka_unit_test(test_ranges),              cmocka_unit_test(test_cases),
    cmocka_unit_test(test_errors_declarations), cmocka_unit_test(test_errors_kinds),
    cmocka_unit_test(test_errors_limits),       cmocka_unit_test(test_programs),
    cmocka_unit_test(test_print),               cmocka_unit_test(test_round_trip),
    cmocka_unit_test(test_round_trip_random),   cmocka_unit_test(test_mutations),
    cmocka_unit_test(test_buffer_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
