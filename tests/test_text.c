/* test_text.c: the .vs parser and printer (docs/syntax.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/node.h"
#include "support.h"
#include "text/text.h"

/* ---- helpers ---- */

static Node *parse_ok(VsCtx *ctx, const char *text, VsFile *f) {
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), f, &d)) {
    vs_diag_print(&d, stderr);
    fail_msg("unexpected parse failure on:\n%s", text);
  }
  return f->src;
}

static void check_error_len(const char *text, size_t len, int line, int col, const char *sub) {
  test_expect_parse_error(text, len, line, col, sub);
}

static void check_error(const char *text, int line, int col, const char *sub) {
  test_expect_parse_error(text, strlen(text), line, col, sub);
}


/* ---- errors ---- */

static void test_errors_input(void **state) {
  (void)state;
  check_error("", 1, 1, "expected an expression");
  check_error("# only a comment\n", 2, 1, "expected an expression");
  check_error("x: i32\n", 2, 1, "expected an expression");
  check_error("x: i32\n  \n", 3, 1, "expected an expression");
  check_error("\x01", 1, 1, "unexpected character '\\x01'");
  check_error_len("x: i32\nx + \0", 12, 2, 5, "unexpected character '\\x00'");
  check_error("x: i32\nx + \xc3\xa9", 2, 5, "unexpected character '\\xc3'");
  check_error("1 $ 2", 1, 3, "unexpected character '$'");
  check_error("1 @ 2", 1, 3, "unexpected '@' after the expression");
  check_error("1 = 1", 1, 3, "unexpected character '='");
  check_error("x: i32\n\x7f", 2, 1, "unexpected character '\\x7f'");
  /* Binary garbage: the first offending byte is reported. */
  char garbage[256];
  for (int i = 0; i < 256; i++) garbage[i] = (char)(255 - i);
  check_error_len(garbage, sizeof garbage, 1, 1, "unexpected character '\\xff'");
}

static void test_errors_names(void **state) {
  (void)state;
  check_error("x: i32\nx + z", 2, 5, "unknown variable 'z'");
  check_error("x + 1", 1, 1, "unknown variable 'x'");
  check_error("x: i32\nfoo(x)", 2, 1, "unknown function 'foo'");
  check_error("x: i32\nx(1)", 2, 1, "unknown function 'x'");
  check_error("x: i32\nmin(x)", 2, 1, "'min' takes 2 arguments, got 1");
  check_error("x: i32\nmin(x, x, x)", 2, 11, "too many arguments: 'min' takes 2");
  check_error("min()", 1, 1, "'min' takes 2 arguments, got 0");
  check_error("x: f32\nsqrt(x, x)", 2, 9, "too many arguments: 'sqrt' takes 1");
  check_error("x: i32\ni8()", 2, 1, "'i8' takes 1 argument, got 0");
  check_error("x: i32\nbitcast_foo(x)", 2, 9, "unknown dtype 'foo'");
  check_error("x: i32\ni32 + x", 2, 1, "unknown variable 'i32' (a cast needs its operand in parentheses)");
  check_error("x: i32\nmin + x", 2, 1, "expected '(' after 'min'");
  check_error("inf", 1, 1, "'inf' needs a dtype suffix");
  check_error("nan + 1", 1, 1, "'nan' needs a dtype suffix");
  check_error("inf_i32", 1, 1, "'inf' needs a float dtype, got i32");
  check_error("nan_foo", 1, 5, "unknown dtype 'foo'");
  check_error("x: i32\nx: i32\nx", 2, 1, "variable 'x' is already declared (at 1:1)");
  check_error("x: i32\nx: i8\nx", 2, 1, "already declared");
  check_error("min: i32\n1", 1, 1, "'min' is a reserved word");
  check_error("true: bool\n1", 1, 1, "reserved word");
  check_error("inf_x: f32\n1", 1, 1, "reserved word");
  check_error("bitcast_x: f32\n1", 1, 1, "reserved word");
  check_error("in: i32\n1", 1, 1, "reserved word");
  check_error("x: foo\nx", 1, 4, "unknown dtype 'foo'");
  check_error("x:\n", 2, 1, "expected a dtype after ':', found end of file");
  check_error("x: 5\nx", 1, 4, "expected a dtype after ':', found '5'");
}

static void test_errors_literals(void **state) {
  (void)state;
  check_error("300_i8", 1, 1, "literal 300 does not fit in i8");
  check_error("x: i8\nx + 300", 2, 5, "literal 300 does not fit in i8");
  check_error("x: i8\n300 + x", 2, 1, "literal 300 does not fit in i8");
  check_error("0xff_i8", 1, 1, "literal 0xff does not fit in i8");
  check_error("-129_i8", 1, 1, "literal -129 does not fit in i8");
  check_error("x: u8\nx + -1", 2, 5, "literal -1 does not fit in u8");
  check_error("x: u64\nx --> 18446744073709551616", 2, 7, "does not fit in u64");
  check_error("x: f32\nx + 16777217", 2, 5, "literal 16777217 is not exactly representable in f32");
  check_error("x: f16\nx + 2049", 2, 5, "not exactly representable in f16");
  check_error("x: f16\nx + 65536", 2, 5, "not exactly representable in f16");
  check_error("1.5_i32", 1, 1, "float literal 1.5 cannot have type i32");
  check_error("x: i32\nx + 1.5", 2, 5, "float literal 1.5 cannot have type i32");
  check_error("x: i32\nx --> -2.5", 2, 7, "float literal -2.5 cannot have type i32");
  check_error("1_bool", 1, 1, "integer literal 1 cannot have type bool");
  check_error("b: bool\nb & 1", 2, 5, "integer literal 1 cannot have type bool");
  check_error("1.5_bool", 1, 1, "float literal 1.5 cannot have type bool");
  check_error("1e39_f32", 1, 1, "literal 1e39 is out of range for f32");
  check_error("-1e309_f64", 1, 1, "out of range for f64");
  check_error("65520.0_f16", 1, 1, "out of range for f16");
  check_error("5_foo", 1, 3, "unknown dtype 'foo' in a number suffix");
  check_error("5_", 1, 3, "expected a dtype name after '_'");
  check_error("5abc", 1, 2, "invalid character 'a' in a number");
  check_error("1.5.2", 1, 4, "invalid character '.' in a number");
  check_error("0x1g", 1, 4, "invalid character 'g' in a number");
  check_error("0x", 1, 1, "expected hex digits after '0x'");
  check_error("1.", 1, 3, "expected a digit after '.'");
  check_error("1.e5", 1, 3, "expected a digit after '.'");
  check_error("1e", 1, 2, "expected digits in the exponent");
  check_error("1e+", 1, 2, "expected digits in the exponent");
  check_error("170141183460469231731687303715884105728", 1, 1, "integer literal is too large");
  check_error("0x80000000000000000000000000000000", 1, 1, "integer literal is too large");
  check_error("170141183460469231731687303715884105727", 1, 1, "does not fit in index");
}

static void test_errors_types(void **state) {
  (void)state;
  check_error("x: i32\ny: i8\nx + y", 3, 3, "operands of '+' have different types (i32 and i8)");
  /* The example of the brief: the operator at line 5, column 9. */
  check_error("# types\nx: i32\ny: i8\n\n(x + 1) + y\n", 5, 9, "operands of '+' have different types (i32 and i8)");
  check_error("x: i32\ny: i8\nx > y", 3, 3, "operands of '>' have different types (i32 and i8)");
  check_error("x: i32\ny: i8\nmin(x, y)", 3, 1, "operands of 'min' have different types (i32 and i8)");
  check_error("x: i32\ny: i8\nmulacc(x, x, y)", 3, 1, "operands of 'mulacc' have different types");
  check_error("x: i32\ny: i8\nx + (1_i8 + y)", 3, 3, "operands of '+' have different types (i32 and i8)");
  check_error("x: i32\nx / x", 2, 3, "'/' needs float operands, got i32");
  check_error("x: f32\nx // x", 2, 3, "'//' needs integer operands, got f32");
  check_error("x: f32\nx % 2.0", 2, 3, "'%' needs integer operands, got f32");
  check_error("x: f32\nx << 1", 2, 3, "'<<' needs integer operands, got f32");
  check_error("x: f32\nx & x", 2, 3, "'&' needs integer or bool operands, got f32");
  check_error("x: f32\n~x", 2, 1, "'~' needs integer or bool operand, got f32");
  check_error("x: i32\nsqrt(x)", 2, 1, "'sqrt' needs a float operand, got i32");
  check_error("sqrt(1)", 1, 1, "'sqrt' needs a float operand, got index");
  check_error("x: i32\n!x", 2, 1, "'!' needs bool operand, got i32");
  check_error("x: i32\nx && x", 2, 3, "'&&' needs bool operands, got i32");
  check_error("b: bool\nb || 1", 2, 3, "'||' needs bool operands, got index");
  check_error("b: bool\nb + b", 2, 3, "'+' does not apply to bool");
  check_error("b: bool\n-b", 2, 1, "'-' does not apply to bool");
  check_error("-true", 1, 1, "'-' does not apply to bool");
  check_error("b: bool\nmulacc(b, b, b)", 2, 1, "'mulacc' does not apply to bool");
  check_error("x: i32\nselect(x, x, x)", 2, 1, "condition of 'select' must be bool, got i32");
  check_error("x: i32\nselect(1, x, x)", 2, 1, "condition of 'select' must be bool, got index");
  check_error("x: i32\nb: bool\nselect(b, x, 1_i8)", 3, 1, "branches of 'select' have different types (i32 and i8)");
  check_error("x: i64\nbitcast_f32(x)", 2, 1, "'bitcast_f32' needs a 32-bit operand, got i64");
  check_error("b: bool\nbitcast_u8(b)", 2, 1, "'bitcast_u8' does not apply to bool");
  check_error("x: u8\nbitcast_bool(x)", 2, 1, "'bitcast_bool' does not apply to bool");
  check_error("bitcast_f32(5)", 1, 1, "'bitcast_f32' needs a 32-bit operand, got index");
  check_error("x: i32\nx --> 1_i8", 2, 3, "source and target have different types (i32 and i8)");
  check_error("x: i32\nx < 1 --> x", 2, 7, "source and target have different types (bool and i32)");
  /* A flexible subexpression is typed when its context is known, and fails there. */
  check_error("x: f32\nx + (1 // 2)", 2, 8, "'//' needs integer operands, got f32");
  check_error("x: i32\nx + -(1.5)", 2, 7, "float literal 1.5 cannot have type i32");
}

static void test_errors_structure(void **state) {
  (void)state;
  check_error("x: i32\nx + 1 )", 2, 7, "unmatched ')'");
  check_error("x: i32\nx x", 2, 3, "unexpected 'x' after the expression");
  check_error("x: i32\nx, x", 2, 2, "unexpected ',' after the expression");
  check_error("x: i32\n(x, x)", 2, 3, "expected ')', found ','");
  check_error("x: i32\n(x", 2, 3, "expected ')', found end of file");
  check_error("x: i32\n(x x)", 2, 4, "expected ')', found 'x'");
  check_error("x: i32\nmin(x x)", 2, 7, "expected ',' or ')', found 'x'");
  check_error("x: i32\nmin(x, )", 2, 8, "expected an expression, found ')'");
  check_error("x: i32\nx +", 2, 4, "expected an expression");
  check_error("x: i32\nx + * x", 2, 5, "expected an expression, found '*'");
  check_error("()", 1, 2, "expected an expression, found ')'");
  check_error("x: i32\nx\ny: i8", 3, 1, "declarations must come before the expression");
  check_error("x: i32\nx --> x\ny: i8", 3, 1, "declarations must come before the expression");
  check_error("-->", 1, 1, "expected an expression before '-->'");
  check_error("x: i32\n--> x", 2, 1, "expected an expression before '-->'");
  check_error("x: i32\n(x --> x)", 2, 4, "expected ')', found '-->'");
  check_error("x: i32\nx + --> x", 2, 5, "expected an expression, found '-->'");
  check_error("x: i32\nx --> x --> x", 2, 9, "only one '-->' is allowed");
  check_error("x: i32\nx -->", 2, 6, "expected an expression");
  check_error("x: i32\nx --> ", 2, 7, "expected an expression");
  check_error("x: i32\nx + in", 2, 5, "expected an expression, found 'in'");
}

static void test_errors_ranges(void **state) {
  (void)state;
  check_error("x: f32 in [0, 1]\nx", 1, 8, "a range is only allowed on integer and bool variables");
  check_error("x: i32 in [5, 3]\nx", 1, 11, "empty range [5, 3]");
  check_error("x: i32 in [-1, -0x10]\nx", 1, 11, "empty range [-1, -16]");
  check_error("x: i8 in [0, 300]\nx", 1, 14, "bound 300 does not fit in i8");
  check_error("x: u8 in [-1, 3]\nx", 1, 11, "bound -1 does not fit in u8");
  check_error("x: i32 in [0, 1.5]\nx", 1, 15, "range bounds must be integer literals");
  check_error("x: i32 in [0, 1_i8]\nx", 1, 15, "bound has type i8 but the variable is i32");
  check_error("x: i32 in 0, 1]\nx", 1, 11, "expected '[' after 'in'");
  check_error("x: i32 in [0 1]\nx", 1, 14, "expected ','");
  check_error("x: i32 in [0, 1\nx", 2, 1, "expected ']'");
  check_error("x: i32 in [0, y]\nx", 1, 15, "expected an integer literal, found 'y'");
  check_error("b: bool in [0, 2]\nb", 1, 16, "bound 2 does not fit in bool");
}

static void test_errors_limits(void **state) {
  (void)state;
  /* A million open parentheses: a clean error at the first one past the limit, and no deep recursion. */
  size_t n = 1000000;
  char *deep = malloc(n + 2);
  memset(deep, '(', n);
  deep[n] = '1';
  deep[n + 1] = 0;
  check_error(deep, 1, 2001, "expression nested too deeply (limit 2000)");
  memset(deep, '-', n);
  check_error(deep, 1, 2001, "expression nested too deeply (limit 2000)"); /* prefix operators */
  memset(deep, '~', n);
  check_error(deep, 1, 2001, "nested too deeply");
  /* Calls nest too. */
  char *calls = malloc(8 * 3000 + 16);
  calls[0] = 0;
  for (int i = 0; i < 3000; i++) strcat(calls, "sqrt(");
  strcat(calls, "1.0");
  check_error(calls, 1, 5 * 2000 + 1, "nested too deeply");
  free(calls);
  /* A long left-leaning chain has no nesting in the text, but its depth is limited all the same,
   * with untyped literals (pending) and with typed ones (built at once). */
  for (size_t i = 0; i < 3000; i++) deep[2 * i] = '1', deep[2 * i + 1] = '+';
  deep[6000] = '1';
  deep[6001] = 0;
  check_error(deep, 1, 4000, "expression nested too deeply (limit 2000)");
  char *typed = malloc(3000 * 8 + 16);
  typed[0] = 0;
  strcat(typed, "x: i32\nx");
  for (int i = 0; i < 3000; i++) strcat(typed, "+x");
  check_error(typed, 2, 4000, "nested too deeply");
  free(typed);
  free(deep);

  /* A lower depth limit and a node-count limit from the context. */
  VsCtx *ctx = vs_ctx_new();
  vs_ctx_set_limits(ctx, 3, 0);
  VsFile f;
  VsDiag d;
  assert_true(vs_parse(ctx, "t.vs", "(-(1))", 6, &f, &d)); /* three open at once */
  vs_file_free(&f);
  assert_false(vs_parse(ctx, "t.vs", "((((1))))", 9, &f, &d));
  assert_int_equal(d.col, 4);
  assert_non_null(strstr(d.msg, "nested too deeply (limit 3)"));
  vs_ctx_free(ctx);

  ctx = vs_ctx_new();
  vs_ctx_set_limits(ctx, 0, 4);
  const char *text = "x: i32\nx + 1 + 2 + 3";
  assert_false(vs_parse(ctx, "t.vs", text, strlen(text), &f, &d));
  assert_int_equal(d.line, 2);
  assert_non_null(strstr(d.msg, "expression too large"));
  vs_ctx_free(ctx);
}

static void test_errors_files(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  assert_false(vs_parse_file(ctx, "/nonexistent/dir/t.vs", &f, &d));
  assert_string_equal(d.file, "/nonexistent/dir/t.vs");
  assert_int_equal(d.line, 1);
  assert_int_equal(d.col, 1);
  assert_string_equal(d.msg, "cannot read file: No such file or directory");
  char buf[512];
  FILE *mem = fmemopen(buf, sizeof buf, "w");
  vs_diag_print(&d, mem);
  fclose(mem);
  assert_string_equal(buf, "/nonexistent/dir/t.vs:1:1: error: cannot read file: No such file or directory\n");

  assert_false(vs_parse_file(ctx, "/", &f, &d));
  assert_non_null(strstr(d.msg, "cannot read file"));

  char path[] = "/tmp/vsimp_test_text_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *out = fdopen(fd, "w");
  fputs("x: i32 in [0, 3]\r\n\tx + 1 --> x+\n1 # same\r\n", out);
  fclose(out);
  assert_true(vs_parse_file(ctx, path, &f, &d));
  assert_int_equal(f.nvars, 1);
  assert_ptr_equal(f.src, f.tgt);
  vs_file_free(&f);
  out = fopen(path, "w");
  fputs("x: i32\n\nx + y\n", out);
  fclose(out);
  assert_false(vs_parse_file(ctx, path, &f, &d));
  assert_string_equal(d.file, path);
  assert_int_equal(d.line, 3);
  assert_int_equal(d.col, 5);
  remove(path);

  /* Too large, refused before any parsing. */
  size_t big = ((size_t)64 << 20) + 1;
  char *huge = malloc(big);
  memset(huge, ' ', big);
  assert_false(vs_parse(ctx, "t.vs", huge, big, &f, &d));
  assert_non_null(strstr(d.msg, "file too large"));
  free(huge);
  vs_ctx_free(ctx);
}

/* ---- typing ---- */

static void test_typing(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  Node *x8 = vs_var(ctx, "x", DT_I8, im_min(DT_I8), im_max(DT_I8));

  /* The sibling's dtype, on either side. */
  Node *n = parse_ok(ctx, "x: i8\nx + 1", &f);
  assert_ptr_equal(n, vs_bin(ctx, OP_ADD, x8, vs_const_int(ctx, DT_I8, 1)));
  vs_file_free(&f);
  n = parse_ok(ctx, "x: i8\n1 + x", &f);
  assert_ptr_equal(n, vs_bin(ctx, OP_ADD, vs_const_int(ctx, DT_I8, 1), x8));
  vs_file_free(&f);
  /* Through a flexible subexpression. */
  n = parse_ok(ctx, "x: i8\n(1 + 2) * x", &f);
  Node *c12 = vs_bin(ctx, OP_ADD, vs_const_int(ctx, DT_I8, 1), vs_const_int(ctx, DT_I8, 2));
  assert_ptr_equal(n, vs_bin(ctx, OP_MUL, c12, x8));
  vs_file_free(&f);
  n = parse_ok(ctx, "x: i8\n-(5) + x", &f);
  assert_ptr_equal(n, vs_bin(ctx, OP_ADD, vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_I8, 5)), x8));
  vs_file_free(&f);
  /* Comparisons, select, mulacc, min. */
  n = parse_ok(ctx, "x: i8\nx > -128", &f);
  assert_ptr_equal(n, vs_bin(ctx, OP_LT, vs_const_int(ctx, DT_I8, -128), x8));
  vs_file_free(&f);
  n = parse_ok(ctx, "y: f64\nselect(y < 1, 2, y)", &f);
  assert_int_equal(n->op, OP_SELECT);
  assert_int_equal(n->args[0]->args[1]->dtype, DT_F64);
  assert_int_equal(n->args[1]->dtype, DT_F64);
  assert_int_equal(n->args[1]->aux.bits, test_f64_bits(2.0));
  vs_file_free(&f);
  n = parse_ok(ctx, "z: u32\nmulacc(1, 2, z) + min(3, z)", &f);
  assert_int_equal(n->args[0]->args[0]->dtype, DT_U32);
  assert_int_equal(n->args[1]->args[0]->dtype, DT_U32);
  vs_file_free(&f);
  /* The case target takes the source's dtype. */
  parse_ok(ctx, "x: u16\nx --> 7", &f);
  assert_ptr_equal(f.tgt, vs_const_int(ctx, DT_U16, 7));
  vs_file_free(&f);
  parse_ok(ctx, "x: f16\nx * 1 --> 0.1 + x", &f);
  assert_int_equal(f.src->args[1]->aux.bits, 0x3c00);
  assert_int_equal(f.tgt->args[0]->aux.bits, 0x2e66); /* 0.1 rounded to binary16 */
  vs_file_free(&f);
  parse_ok(ctx, "1 + 2 --> 3", &f); /* index both sides */
  assert_ptr_equal(f.tgt, vs_const_int(ctx, DT_INDEX, 3));
  vs_file_free(&f);
  parse_ok(ctx, "1_u8 + 2 --> 3", &f);
  assert_ptr_equal(f.tgt, vs_const_int(ctx, DT_U8, 3));
  vs_file_free(&f);
  /* Defaults with no context. */
  assert_ptr_equal(parse_ok(ctx, "7", &f), vs_const_int(ctx, DT_INDEX, 7));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "1.5", &f), vs_const(ctx, DT_F32, test_f32_bits(1.5f)));
  vs_file_free(&f);
  n = parse_ok(ctx, "1 + 1.5", &f); /* a float literal makes the whole flexible group f32 */
  assert_ptr_equal(n, vs_bin(ctx, OP_ADD, vs_const(ctx, DT_F32, test_f32_bits(1.0f)), vs_const(ctx, DT_F32, test_f32_bits(1.5f))));
  vs_file_free(&f);
  n = parse_ok(ctx, "1 < 2", &f);
  assert_int_equal(n->args[0]->dtype, DT_INDEX);
  vs_file_free(&f);
  n = parse_ok(ctx, "2 < 2.5", &f);
  assert_int_equal(n->args[0]->dtype, DT_F32);
  vs_file_free(&f);
  n = parse_ok(ctx, "i8(1 + 2)", &f); /* a cast is a context boundary */
  assert_int_equal(n->op, OP_CAST);
  assert_int_equal(n->dtype, DT_I8);
  assert_int_equal(n->args[0]->dtype, DT_INDEX);
  vs_file_free(&f);
  n = parse_ok(ctx, "sqrt(2.0) + 1", &f);
  assert_int_equal(n->dtype, DT_F32);
  vs_file_free(&f);
  /* Negative literals, negation, -0. */
  assert_ptr_equal(parse_ok(ctx, "-5", &f), vs_const_int(ctx, DT_INDEX, -5));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "- 5", &f), vs_const_int(ctx, DT_INDEX, -5));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-(5)", &f), vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_INDEX, 5)));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "--5", &f), vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_INDEX, -5)));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-128_i8", &f), vs_const_int(ctx, DT_I8, -128));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-0x80_i8", &f), vs_const_int(ctx, DT_I8, -128));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "255_u8", &f), vs_const_int(ctx, DT_U8, 255));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "0XfF_u8", &f), vs_const_int(ctx, DT_U8, 255));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-0.0", &f), vs_const(ctx, DT_F32, 0x80000000u));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-0.0_f16", &f), vs_const(ctx, DT_F16, 0x8000));
  vs_file_free(&f);
  n = parse_ok(ctx, "x: f32\nx + -0", &f); /* an integer zero is +0.0 */
  assert_int_equal(n->args[1]->aux.bits, 0);
  vs_file_free(&f);
  n = parse_ok(ctx, "x: f64\nx - -9007199254740992", &f);
  assert_int_equal(n->args[1]->aux.bits, test_f64_bits(-9007199254740992.0));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-inf_f32", &f), vs_const(ctx, DT_F32, 0xff800000u));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-nan_f64", &f), vs_const(ctx, DT_F64, vs_nan_bits(DT_F64)));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-(nan_f64)", &f), vs_un(ctx, OP_NEG, vs_const(ctx, DT_F64, vs_nan_bits(DT_F64))));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "true", &f), vs_bool(ctx, true));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "7_index", &f), vs_const_int(ctx, DT_INDEX, 7));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "5_f32", &f), vs_const(ctx, DT_F32, test_f32_bits(5.0f)));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "-9223372036854775808", &f), vs_const_int(ctx, DT_INDEX, im_min(DT_INDEX)));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "18446744073709551615_u64", &f), vs_const(ctx, DT_U64, UINT64_MAX));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "1e3_f64", &f), vs_const(ctx, DT_F64, test_f64_bits(1000.0)));
  vs_file_free(&f);
  assert_ptr_equal(parse_ok(ctx, "65519.99_f16", &f), vs_const(ctx, DT_F16, 0x7bff)); /* rounds to the max */
  vs_file_free(&f);
  /* bool operators. */
  n = parse_ok(ctx, "a: bool\nb: bool\n!a && b | a", &f);
  Node *a = f.vars[0], *b = f.vars[1];
  assert_ptr_equal(n, vs_bin(ctx, OP_AND, vs_un(ctx, OP_NOT, a), vs_bin(ctx, OP_OR, b, a)));
  vs_file_free(&f);
  n = parse_ok(ctx, "a: bool\n~a", &f);
  assert_ptr_equal(n, vs_un(ctx, OP_NOT, f.vars[0]));
  vs_file_free(&f);
  vs_ctx_free(ctx);
}

/* f16 decimal rounding: exactly at, just above and just below a tie between two binary16 values
 * (where the binary64 rounding of the decimal lands on the tie). */
static void test_f16_rounding(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  struct { const char *text; uint64_t bits; } cases[] = {
    {"1.00048828125_f16", 0x3c00},                          /* 1 + 2^-11: tie, to even */
    {"1.000488281250000000000000001_f16", 0x3c01},          /* just above */
    {"1.000488281249999999999999999_f16", 0x3c00},          /* just below */
    {"1.00146484375_f16", 0x3c02},                          /* 1 + 3*2^-11: tie, to even (up) */
    {"1.001464843749999999999999999_f16", 0x3c01},
    {"-1.000488281250000000000000001_f16", 0xbc01},
    {"-1.00146484375_f16", 0xbc02},
    {"65519.999999999999999999999_f16", 0x7bff},
    {"0.000000059604644775390625_f16", 0x0001},             /* 2^-24, the smallest subnormal */
    {"0.0000000298023223876953125_f16", 0x0000},            /* 2^-25: tie between 0 and 2^-24, to even */
    {"0.0000000298023223876953125000001_f16", 0x0001},
    {"1e-30_f16", 0x0000},
    {"-1e-30_f16", 0x8000},
    {"0.1_f16", 0x2e66},
    {"65504.0_f16", 0x7bff},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    VsFile f;
    Node *n = parse_ok(ctx, cases[i].text, &f);
    if (n->aux.bits != cases[i].bits) fail_msg("%s: got 0x%04x", cases[i].text, (unsigned)n->aux.bits);
    vs_file_free(&f);
  }
  check_error("65520.000000000000000000001_f16", 1, 1, "out of range for f16");
  check_error("65520_f16", 1, 1, "not exactly representable in f16");
  vs_ctx_free(ctx);
}

/* ---- structure ---- */

static void test_precedence(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  const char *decls = "a: i32\nb: i32\nc: i32\nd: i32\np: bool\nq: bool\nr: bool\n";
  Node *A = vs_var(ctx, "a", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *B = vs_var(ctx, "b", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *C = vs_var(ctx, "c", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *D = vs_var(ctx, "d", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *P = vs_var(ctx, "p", DT_BOOL, 0, 1), *Q = vs_var(ctx, "q", DT_BOOL, 0, 1), *R = vs_var(ctx, "r", DT_BOOL, 0, 1);
  struct { const char *expr; Node *want; } cases[] = {
    {"a + b * c", vs_bin(ctx, OP_ADD, A, vs_bin(ctx, OP_MUL, B, C))},
    {"a * b + c", vs_bin(ctx, OP_ADD, vs_bin(ctx, OP_MUL, A, B), C)},
    {"a - b - c", vs_bin(ctx, OP_SUB, vs_bin(ctx, OP_SUB, A, B), C)},
    {"a - (b - c)", vs_bin(ctx, OP_SUB, A, vs_bin(ctx, OP_SUB, B, C))},
    {"a // b * c % d", vs_bin(ctx, OP_MOD, vs_bin(ctx, OP_MUL, vs_bin(ctx, OP_IDIV, A, B), C), D)},
    {"a << b + c", vs_bin(ctx, OP_SHL, A, vs_bin(ctx, OP_ADD, B, C))},
    {"a >> b >> c", vs_bin(ctx, OP_SHR, vs_bin(ctx, OP_SHR, A, B), C)},
    {"a & b ^ c | d", vs_bin(ctx, OP_OR, vs_bin(ctx, OP_XOR, vs_bin(ctx, OP_AND, A, B), C), D)},
    {"a | b ^ c & d", vs_bin(ctx, OP_OR, A, vs_bin(ctx, OP_XOR, B, vs_bin(ctx, OP_AND, C, D)))},
    {"p & a == b", vs_bin(ctx, OP_AND, P, vs_bin(ctx, OP_EQ, A, B))},
    {"a < b == c < d", vs_bin(ctx, OP_EQ, vs_bin(ctx, OP_LT, A, B), vs_bin(ctx, OP_LT, C, D))},
    {"a > b", vs_bin(ctx, OP_LT, B, A)},
    {"a >= b", vs_bin(ctx, OP_LE, B, A)},
    {"a <= b != p", vs_bin(ctx, OP_NE, vs_bin(ctx, OP_LE, A, B), P)},
    {"a << b < c", vs_bin(ctx, OP_LT, vs_bin(ctx, OP_SHL, A, B), C)},
    {"-a * b", vs_bin(ctx, OP_MUL, vs_un(ctx, OP_NEG, A), B)},
    {"-(a * b)", vs_un(ctx, OP_NEG, vs_bin(ctx, OP_MUL, A, B))},
    {"~a & -b", vs_bin(ctx, OP_AND, vs_un(ctx, OP_NOT, A), vs_un(ctx, OP_NEG, B))},
    {"--a", vs_un(ctx, OP_NEG, vs_un(ctx, OP_NEG, A))},
    {"-~-a", vs_un(ctx, OP_NEG, vs_un(ctx, OP_NOT, vs_un(ctx, OP_NEG, A)))},
    {"a - -b", vs_bin(ctx, OP_SUB, A, vs_un(ctx, OP_NEG, B))},
    {"p && q || r", vs_bin(ctx, OP_OR, vs_bin(ctx, OP_AND, P, Q), R)},
    {"p || q && r", vs_bin(ctx, OP_OR, P, vs_bin(ctx, OP_AND, Q, R))},
    {"!p && q", vs_bin(ctx, OP_AND, vs_un(ctx, OP_NOT, P), Q)},
    {"p | q && r", vs_bin(ctx, OP_AND, vs_bin(ctx, OP_OR, P, Q), R)},
    {"!(a < b)", vs_un(ctx, OP_NOT, vs_bin(ctx, OP_LT, A, B))},
    {"a < b && c < d", vs_bin(ctx, OP_AND, vs_bin(ctx, OP_LT, A, B), vs_bin(ctx, OP_LT, C, D))},
    {"min(a + b, c) * d", vs_bin(ctx, OP_MUL, vs_bin(ctx, OP_MIN, vs_bin(ctx, OP_ADD, A, B), C), D)},
    {"select(p, a, b) + c", vs_bin(ctx, OP_ADD, vs_tern(ctx, OP_SELECT, P, A, B), C)},
    {"i8(a) + i8(b)", vs_bin(ctx, OP_ADD, vs_cast(ctx, DT_I8, A), vs_cast(ctx, DT_I8, B))},
    {"bitcast_f32(a)", vs_make(ctx, OP_BITCAST, DT_F32, &A, 1)},
    {"((a))", A},
    {"a\n+\nb", vs_bin(ctx, OP_ADD, A, B)},
    {"mulacc(a, b, c)", vs_tern(ctx, OP_MULACC, A, B, C)},
    {"tdiv(a, b) - tmod(c, d)", vs_bin(ctx, OP_SUB, vs_bin(ctx, OP_TDIV, A, B), vs_bin(ctx, OP_TMOD, C, D))},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[256];
    snprintf(text, sizeof text, "%s%s", decls, cases[i].expr);
    VsFile f;
    Node *n = parse_ok(ctx, text, &f);
    assert_non_null(cases[i].want);
    if (n != cases[i].want) fail_msg("wrong structure for %s", cases[i].expr);
    assert_int_equal(f.nvars, 7);
    assert_null(f.tgt);
    vs_file_free(&f);
  }
  vs_ctx_free(ctx);
}

static void test_hash_consing(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  VsFile f1, f2;
  Node *a = parse_ok(ctx, "x: i32\nx + 1", &f1);
  Node *b = parse_ok(ctx, "x: i32 # again\n  x+1", &f2);
  assert_ptr_equal(a, b);
  assert_ptr_equal(f1.vars[0], f2.vars[0]);
  vs_file_free(&f1);
  vs_file_free(&f2);
  /* A range makes a different variable. */
  Node *c = parse_ok(ctx, "x: i32 in [0, 9]\nx + 1", &f1);
  assert_ptr_not_equal(a, c);
  vs_file_free(&f1);
  /* The full range is no range. */
  Node *d = parse_ok(ctx, "x: i32 in [-2147483648, 0x7fffffff]\nx + 1", &f1);
  assert_ptr_equal(a, d);
  vs_file_free(&f1);
  /* One parse of a case: equal subtrees are one node. */
  parse_ok(ctx, "x: i32\n(x + 1) * (x + 1) --> (x+1)*(x+1)", &f1);
  assert_ptr_equal(f1.src, f1.tgt);
  assert_ptr_equal(f1.src->args[0], f1.src->args[1]);
  vs_file_free(&f1);
  vs_ctx_free(ctx);
}

/* Sizing the table up front keeps every node findable: those made before it (moved by the resize) and
 * after it; a size no table can have is refused and leaves the context working. */
static void test_reserve(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Node *x = vs_var(ctx, "x", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *made[3000];
  for (int i = 0; i < 3000; i++) {
    if (i == 1000) assert_true(vs_ctx_reserve(ctx, 40000));
    if (i == 2000) assert_true(vs_ctx_reserve(ctx, 10)); /* never shrinks */
    made[i] = vs_bin(ctx, OP_ADD, x, vs_const_int(ctx, DT_I32, i));
  }
  size_t count = vs_ctx_node_count(ctx);
  assert_false(vs_ctx_reserve(ctx, SIZE_MAX));
  for (int i = 0; i < 3000; i++) assert_ptr_equal(made[i], vs_bin(ctx, OP_ADD, x, vs_const_int(ctx, DT_I32, i)));
  assert_int_equal(vs_ctx_node_count(ctx), count);
  vs_ctx_free(ctx);
}

static void test_declarations(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  parse_ok(ctx,
           "# vars\nx: i32\ny: i32 in [0, 3]\nn: index in [1, 1024]\nm: i8 in [-0x80, -1]\nb: bool in [1, 1]\n"
           "u: u8 in [0_u8, 7]\nh: f16\n(x * 4 + y) // 4 --> x",
           &f);
  assert_int_equal(f.nvars, 7);
  assert_string_equal(f.vars[1]->aux.name, "y");
  assert_true(vs_vmin(f.vars[1]) == 0 && vs_vmax(f.vars[1]) == 3);
  assert_true(vs_vmin(f.vars[2]) == 1 && vs_vmax(f.vars[2]) == 1024);
  assert_true(vs_vmin(f.vars[3]) == -128 && vs_vmax(f.vars[3]) == -1);
  assert_true(vs_vmin(f.vars[4]) == 1 && vs_vmax(f.vars[4]) == 1);
  assert_int_equal(f.vars[6]->dtype, DT_F16);
  assert_ptr_equal(f.tgt, f.vars[0]);
  vs_file_free(&f);
  /* Declarations on one line, and no newline at the end. */
  parse_ok(ctx, "a: u8 b: u8 a ^ b", &f);
  assert_int_equal(f.nvars, 2);
  assert_int_equal(f.src->op, OP_XOR);
  vs_file_free(&f);
  /* Dtype names name variables (docs/syntax.md): a type stands only after ':', a cast needs '('. */
  parse_ok(ctx, "i8: i32\nu16: i8\nindex: index\nf32: f32\ni8 + i32(u16) + i32(index) --> i32(f32 > f32)", &f);
  assert_int_equal(f.nvars, 4);
  assert_string_equal(f.vars[0]->aux.name, "i8");
  assert_int_equal(f.vars[0]->dtype, DT_I32);
  assert_int_equal(f.vars[1]->dtype, DT_I8);
  assert_int_equal(f.src->op, OP_ADD);
  assert_int_equal(f.tgt->op, OP_CAST);
  char *printed = vs_print(f.src);
  assert_string_equal(printed, "i8 + i32(u16) + i32(index)");
  free(printed);
  vs_file_free(&f);
  VsFile g = test_parse_round_trip(ctx, "i8: i8 in [0, 9]\ni8x4: i8\ni8(i8x4) + i8 * 2_i8 + i8(3)");
  vs_file_free(&g);
  /* vs_file_free is safe on a zeroed file. */
  memset(&f, 0, sizeof f);
  vs_file_free(&f);
  vs_ctx_free(ctx);
}

/* ---- printing ---- */

static const DType all_dtypes_for_values[13] = {DT_BOOL, DT_I8,  DT_I16,   DT_I32, DT_I64, DT_U8,  DT_U16,
                                                DT_U32,  DT_U64, DT_INDEX, DT_F16, DT_F32, DT_F64};

static void check_print(const Node *n, const char *want) {
  char *s = vs_print(n);
  assert_non_null(s);
  if (strcmp(s, want) != 0) fail_msg("printed '%s', expected '%s'", s, want);
  free(s);
}

static void test_print(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Node *x = vs_var(ctx, "x", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *y = vs_var(ctx, "y", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *z = vs_var(ctx, "z", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *fx = vs_var(ctx, "fx", DT_F32, 0, 0);
  Node *b = vs_var(ctx, "b", DT_BOOL, 0, 1);
  Node *one = vs_const_int(ctx, DT_I32, 1), *two = vs_const_int(ctx, DT_I32, 2);
  check_print(vs_bin(ctx, OP_ADD, x, one), "x + 1");
  check_print(vs_bin(ctx, OP_ADD, one, x), "1 + x");
  check_print(vs_bin(ctx, OP_SUB, x, vs_bin(ctx, OP_SUB, y, z)), "x - (y - z)");
  check_print(vs_bin(ctx, OP_SUB, vs_bin(ctx, OP_SUB, x, y), z), "x - y - z");
  check_print(vs_bin(ctx, OP_MUL, vs_bin(ctx, OP_ADD, x, y), z), "(x + y) * z");
  check_print(vs_bin(ctx, OP_ADD, x, vs_bin(ctx, OP_MUL, y, z)), "x + y * z");
  check_print(vs_bin(ctx, OP_SUB, x, vs_const_int(ctx, DT_I32, -5)), "x - -5");
  check_print(vs_un(ctx, OP_NEG, vs_un(ctx, OP_NEG, x)), "--x");
  check_print(vs_un(ctx, OP_NEG, vs_bin(ctx, OP_ADD, x, y)), "-(x + y)");
  check_print(vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_INDEX, 5)), "-(5)");
  check_print(vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_INDEX, -5)), "-(-5)");
  check_print(vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_I32, 5)), "-(5_i32)");
  check_print(vs_bin(ctx, OP_ADD, vs_un(ctx, OP_NEG, vs_const_int(ctx, DT_I32, 5)), x), "-(5) + x");
  check_print(vs_un(ctx, OP_NOT, vs_const_int(ctx, DT_I32, -5)), "~-5_i32");
  check_print(vs_bin(ctx, OP_LT, x, y), "x < y");
  check_print(vs_bin(ctx, OP_LE, x, one), "x <= 1");
  check_print(vs_bin(ctx, OP_LT, one, two), "1_i32 < 2");
  check_print(vs_bin(ctx, OP_LT, vs_const_int(ctx, DT_INDEX, 1), vs_const_int(ctx, DT_INDEX, 2)), "1 < 2");
  check_print(vs_bin(ctx, OP_AND, b, vs_un(ctx, OP_NOT, b)), "b && !b");
  check_print(vs_bin(ctx, OP_OR, vs_bin(ctx, OP_AND, b, b), b), "b && b || b");
  check_print(vs_bin(ctx, OP_AND, b, vs_bin(ctx, OP_OR, b, b)), "b && (b || b)");
  check_print(vs_bin(ctx, OP_XOR, b, vs_bin(ctx, OP_LT, x, y)), "b ^ x < y");
  check_print(vs_bin(ctx, OP_AND, x, vs_bin(ctx, OP_OR, y, z)), "x & (y | z)");
  check_print(vs_bin(ctx, OP_EQ, vs_bin(ctx, OP_LT, x, y), b), "x < y == b");
  check_print(vs_bin(ctx, OP_LT, vs_bin(ctx, OP_EQ, x, y), b), "(x == y) < b");
  check_print(vs_un(ctx, OP_NOT, vs_bin(ctx, OP_LT, x, y)), "!(x < y)");
  check_print(vs_cast(ctx, DT_I8, x), "i8(x)");
  check_print(vs_make(ctx, OP_BITCAST, DT_F32, &x, 1), "bitcast_f32(x)");
  check_print(vs_cast(ctx, DT_I8, vs_const_int(ctx, DT_INDEX, 5)), "i8(5)");
  check_print(vs_cast(ctx, DT_I8, vs_const_int(ctx, DT_I16, 5)), "i8(5_i16)");
  check_print(vs_tern(ctx, OP_SELECT, b, one, two), "select(b, 1_i32, 2)");
  check_print(vs_tern(ctx, OP_SELECT, b, x, two), "select(b, x, 2)");
  check_print(vs_tern(ctx, OP_MULACC, one, two, x), "mulacc(1, 2, x)");
  check_print(vs_bin(ctx, OP_ADD, vs_bin(ctx, OP_ADD, one, two), x), "1 + 2 + x");
  check_print(vs_bin(ctx, OP_ADD, x, vs_bin(ctx, OP_ADD, one, two)), "x + (1 + 2)");
  check_print(vs_bin(ctx, OP_ADD, one, two), "1_i32 + 2");
  check_print(vs_un(ctx, OP_SQRT, fx), "sqrt(fx)");
  check_print(vs_bin(ctx, OP_FDIV, fx, vs_const(ctx, DT_F32, test_f32_bits(0.1f))), "fx / 0.1");
  check_print(vs_bin(ctx, OP_MIN, fx, vs_const(ctx, DT_F32, test_f32_bits(-2.0f))), "min(fx, -2.0)");
  /* Literals at no context. */
  check_print(vs_const_int(ctx, DT_INDEX, 5), "5");
  check_print(vs_const_int(ctx, DT_I32, 5), "5_i32");
  check_print(vs_const(ctx, DT_F32, test_f32_bits(1.5f)), "1.5");
  check_print(vs_const(ctx, DT_F64, test_f64_bits(1.5)), "1.5_f64");
  check_print(vs_const(ctx, DT_F64, test_f64_bits(0.1)), "0.1_f64");
  check_print(vs_const(ctx, DT_F32, test_f32_bits(1e10f)), "10000000000.0");
  check_print(vs_const(ctx, DT_F32, test_f32_bits(1e16f)), "1e+16");
  check_print(vs_const(ctx, DT_F32, test_f32_bits(1.5e-7f)), "1.5e-07");
  check_print(vs_const(ctx, DT_F32, test_f32_bits(0.00015f)), "0.00015");
  check_print(vs_const(ctx, DT_F32, test_f32_bits(100.0f)), "100.0");
  check_print(vs_const(ctx, DT_F32, 0x80000000u), "-0.0");
  check_print(vs_const(ctx, DT_F32, vs_nan_bits(DT_F32)), "nan_f32");
  check_print(vs_const(ctx, DT_F16, 0xfc00), "-inf_f16");
  check_print(vs_const(ctx, DT_F64, test_f64_bits(5e-324)), "5e-324_f64");
  check_print(vs_bool(ctx, true), "true");
  check_print(vs_const_int(ctx, DT_I64, im_min(DT_I64)), "-9223372036854775808_i64");

  char *s = vs_print_case((Node *[]){x, b}, 2, vs_bin(ctx, OP_ADD, x, one), x);
  assert_string_equal(s, "x: i32\nb: bool\nx + 1 --> x\n");
  free(s);
  Node *r = vs_var(ctx, "r", DT_U8, 1, 7);
  s = vs_print_case(&r, 1, vs_bin(ctx, OP_MUL, r, vs_const_int(ctx, DT_U8, 2)), vs_const_int(ctx, DT_U8, 0));
  assert_string_equal(s, "r: u8 in [1, 7]\nr * 2 --> 0\n");
  free(s);
  s = vs_print_case(NULL, 0, vs_const_int(ctx, DT_I8, 3), NULL);
  assert_string_equal(s, "3_i8\n");
  free(s);

  char buf[64];
  assert_string_equal(vs_format_literal(DT_I8, 0x80, true, buf, sizeof buf), "-128_i8");
  assert_string_equal(vs_format_literal(DT_I8, 0x80, false, buf, sizeof buf), "-128");
  assert_string_equal(vs_format_literal(DT_U64, UINT64_MAX, true, buf, sizeof buf), "18446744073709551615_u64");
  assert_string_equal(vs_format_literal(DT_BOOL, 0, false, buf, sizeof buf), "false");
  assert_string_equal(vs_format_literal(DT_F32, 0x7f800001, false, buf, sizeof buf), "nan_f32");
  assert_string_equal(vs_format_literal(DT_F64, test_f64_bits(-1.0 / 0.0), false, buf, sizeof buf), "-inf_f64");
  assert_string_equal(vs_format_literal(DT_F32, test_f32_bits(1.5f), true, buf, sizeof buf), "1.5_f32");
  assert_string_equal(vs_format_literal(DT_F16, 0x3c00, false, buf, sizeof buf), "1.0");
  assert_string_equal(vs_format_literal(DT_F16, 0x7bff, true, buf, sizeof buf), "65504.0_f16");
  assert_string_equal(vs_format_literal(DT_F32, test_f32_bits(16777216.0f), false, buf, sizeof buf), "16777216.0");
  vs_ctx_free(ctx);
}

static void check_value(const char *text, DType dt, bool ok, uint64_t want, const char *sub) {
  uint64_t bits = 0;
  char err[256] = "";
  bool got = vs_parse_value(text, dt, &bits, err, sizeof err);
  if (got != ok || (ok && bits != want) || (!ok && !strstr(err, sub)))
    fail_msg("vs_parse_value('%s', %s): %s, bits 0x%llx, '%s'", text, dt_name(dt), got ? "ok" : "error",
             (unsigned long long)bits, err);
}

static void test_parse_value(void **state) {
  (void)state;
  check_value("5", DT_I32, true, 5, NULL);
  check_value(" -128 ", DT_I8, true, 0x80, NULL);
  check_value("-0x80_i8", DT_I8, true, 0x80, NULL);
  check_value("255", DT_U8, true, 255, NULL);
  check_value("18446744073709551615", DT_U64, true, UINT64_MAX, NULL);
  check_value("1.5", DT_F32, true, test_f32_bits(1.5f), NULL);
  check_value("-0.0", DT_F64, true, test_f64_bits(-0.0), NULL);
  check_value("3", DT_F16, true, 0x4200, NULL);
  check_value("0.1", DT_F16, true, 0x2e66, NULL);
  check_value("true", DT_BOOL, true, 1, NULL);
  check_value("false", DT_BOOL, true, 0, NULL);
  check_value("inf", DT_F32, true, 0x7f800000, NULL);
  check_value("-inf_f16", DT_F16, true, 0xfc00, NULL);
  check_value("nan", DT_F64, true, vs_nan_bits(DT_F64), NULL);
  check_value("nan_f32", DT_F32, true, vs_nan_bits(DT_F32), NULL);
  check_value("300", DT_I8, false, 0, "literal 300 does not fit in i8");
  check_value("-1", DT_U8, false, 0, "does not fit in u8");
  check_value("1.5", DT_I32, false, 0, "float literal 1.5 cannot have type i32");
  check_value("1", DT_BOOL, false, 0, "write true or false");
  check_value("5_i8", DT_I32, false, 0, "the literal has type i8, expected i32");
  check_value("true", DT_I32, false, 0, "is a bool");
  check_value("inf", DT_I32, false, 0, "is not a value of i32");
  check_value("inf_f64", DT_F32, false, 0, "is not a value of f32");
  check_value("16777217", DT_F32, false, 0, "not exactly representable");
  check_value("1e39", DT_F32, false, 0, "out of range");
  check_value("", DT_I32, false, 0, "expected a literal of type i32");
  check_value("x", DT_I32, false, 0, "expected a literal");
  check_value("1 + 2", DT_I32, false, 0, "unexpected '+' after the value");
  check_value("1 $", DT_I32, false, 0, "unexpected character '$'");
  check_value("5abc", DT_I32, false, 0, "invalid character 'a'");
  check_value("--5", DT_I32, false, 0, "expected a literal");
  /* Whatever vs_format_literal writes, vs_parse_value reads back. */
  TestRng rng = {3};
  char buf[96];
  for (int i = 0; i < 20000; i++) {
    DType dt = all_dtypes_for_values[test_rng_below(&rng, 13)];
    uint64_t bits = vs_canon_bits(dt, test_rng_next(&rng));
    vs_format_literal(dt, bits, i & 1, buf, sizeof buf);
    uint64_t back = ~bits;
    char err[128];
    if (!vs_parse_value(buf, dt, &back, err, sizeof err) || back != bits)
      fail_msg("%s value %s does not read back: %s", dt_name(dt), buf, err);
  }
}

/* A DAG whose tree is too large to print. */
/* x doubled d times (n + n) prints as `x + x + (x + x) ...`: " + " between the halves, and parentheses
 * around the right half once it is itself a sum. */
static size_t doubled_len(size_t name_len, int d) {
  if (d == 0) return name_len;
  return 2 * doubled_len(name_len, d - 1) + 3 + (d > 1 ? 2 : 0);
}

static void test_print_limit(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  /* 2^40 nodes as a tree: refused up front (more nodes than the 16 MiB limit has bytes). */
  Node *x = vs_var(ctx, "x", DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *n = x;
  for (int i = 0; i < 40; i++) n = vs_bin(ctx, OP_ADD, n, n);
  assert_null(vs_print(n));
  assert_null(vs_print_case(NULL, 0, n, n));
  /* Few nodes, long names: 2^18 leaves of a 200-byte name are over 16 MiB of text, refused by the
   * byte count; 2^10 of them print in full. */
  char name[201];
  memset(name, 'v', 200);
  name[200] = 0;
  Node *v = vs_var(ctx, name, DT_I32, im_min(DT_I32), im_max(DT_I32));
  Node *big = v, *small = v;
  for (int i = 0; i < 18; i++) big = vs_bin(ctx, OP_ADD, big, big);
  for (int i = 0; i < 10; i++) small = vs_bin(ctx, OP_ADD, small, small);
  assert_null(vs_print(big));
  char *text = vs_print(small);
  assert_non_null(text);
  assert_int_equal(strlen(text), doubled_len(200, 10));
  free(text);
  /* A case counts both sides: each has 2^23 + 1 nodes, under the limit alone, over it together. */
  Node *half = x;
  for (int i = 0; i < 22; i++) half = vs_bin(ctx, OP_ADD, half, half);
  half = vs_bin(ctx, OP_ADD, half, x);
  assert_null(vs_print_case(NULL, 0, half, half));
  vs_ctx_free(ctx);
}

/* ---- round trip ---- */

/* The unit tier runs a fifth of the random round trips; the full tier (--full) all of them, the same
 * seeds, so its cases include the unit tier's. */
static int round_trip_scale = 1;

typedef struct {
  VsCtx *ctx;
  TestRng rng;
  Node *vars[DT_COUNT][3];
  Node *all[DT_COUNT * 3];
  size_t nall;
} Gen;

static uint64_t pick(Gen *g, uint64_t n) { return test_rng_below(&g->rng, n); }

static const DType all_dtypes[] = {DT_BOOL, DT_I8,  DT_I16,   DT_I32, DT_I64, DT_U8,  DT_U16,
                                   DT_U32,  DT_U64, DT_INDEX, DT_F16, DT_F32, DT_F64};
enum { NDT = sizeof all_dtypes / sizeof all_dtypes[0] };

static void gen_init(Gen *g, VsCtx *ctx, uint64_t seed) {
  memset(g, 0, sizeof *g);
  g->ctx = ctx;
  g->rng.state = seed;
  for (int d = 0; d < NDT; d++) {
    DType dt = all_dtypes[d];
    for (int k = 0; k < 3; k++) {
      char name[32];
      snprintf(name, sizeof name, "v_%s_%d", dt_name(dt), k);
      i128 lo = im_min(dt), hi = im_max(dt);
      if (dt == DT_BOOL && k == 2) lo = hi = 1;
      else if (dt_is_int(dt) && k == 1) lo = 0, hi = 10;
      else if (dt_is_signed(dt) && k == 2) lo = -5, hi = 5;
      if (dt_is_float(dt)) lo = hi = 0;
      Node *v = vs_var(ctx, name, dt, lo, hi);
      assert_non_null(v);
      g->vars[dt][k] = v;
      g->all[g->nall++] = v;
    }
  }
}

static uint64_t float_edge(Gen *g, DType dt) {
  int w = dt_bits(dt);
  int mant = dt == DT_F16 ? 10 : dt == DT_F32 ? 23 : 52;
  uint64_t sign = (uint64_t)pick(g, 2) << (w - 1);
  uint64_t exp_all = im_mask(w - 1 - mant) << mant;
  uint64_t m = im_mask(mant);
  uint64_t one = (im_mask(w - 2 - mant)) << mant; /* 1.0 */
  switch (pick(g, 12)) {
  case 0: return sign;                        /* +-0 */
  case 1: return sign | exp_all;              /* +-inf */
  case 2: return exp_all | 1;                 /* a NaN */
  case 3: return sign | 1;                    /* smallest subnormal */
  case 4: return sign | m;                    /* largest subnormal */
  case 5: return sign | (UINT64_C(1) << mant); /* smallest normal */
  case 6: return sign | (exp_all - (UINT64_C(1) << mant)) | m; /* largest finite */
  case 7: return sign | one;
  case 8: return sign | one | pick(g, 4);     /* near 1 */
  case 9: return sign | ((one + (pick(g, 8) << mant)) & (exp_all | m)); /* small powers of two */
  default: return test_rng_next(&g->rng) & im_mask(w);
  }
}

static Node *gen_const(Gen *g, DType dt) {
  if (dt == DT_BOOL) return vs_bool(g->ctx, pick(g, 2));
  if (dt_is_float(dt)) return vs_const(g->ctx, dt, float_edge(g, dt));
  switch (pick(g, 9)) {
  case 0: return vs_const_int(g->ctx, dt, 0);
  case 1: return vs_const_int(g->ctx, dt, 1);
  case 2: return vs_const_int(g->ctx, dt, -1);
  case 3: return vs_const_int(g->ctx, dt, im_min(dt));
  case 4: return vs_const_int(g->ctx, dt, im_max(dt));
  case 5: return vs_const_int(g->ctx, dt, im_min(dt) + 1);
  case 6: return vs_const_int(g->ctx, dt, im_max(dt) - 1);
  case 7: return vs_const_int(g->ctx, dt, (i128)pick(g, 21) - 10);
  default: return vs_const(g->ctx, dt, test_rng_next(&g->rng));
  }
}

static DType random_dtype(Gen *g) { return all_dtypes[pick(g, NDT)]; }

static Node *gen(Gen *g, DType dt, int depth);

static Node *gen_leaf(Gen *g, DType dt) {
  if (pick(g, 2)) return g->vars[dt][pick(g, 3)];
  return gen_const(g, dt);
}

/* A random expression of dtype dt; every op that can produce dt is possible. */
static Node *gen(Gen *g, DType dt, int depth) {
  if (depth <= 0 || pick(g, 5) == 0) return gen_leaf(g, dt);
  VsCtx *ctx = g->ctx;
  int d = depth - 1;
  for (;;) {
    unsigned choice = (unsigned)pick(g, 10);
    if (choice == 0) { /* select */
      return vs_tern(ctx, OP_SELECT, gen(g, DT_BOOL, d), gen(g, dt, d), gen(g, dt, d));
    }
    if (choice == 1) { /* cast from anything */
      return vs_cast(ctx, dt, gen(g, random_dtype(g), d));
    }
    if (choice == 2 && dt != DT_BOOL) { /* bitcast from another dtype of the same width */
      DType from;
      do from = random_dtype(g);
      while (from == DT_BOOL || dt_bits(from) != dt_bits(dt));
      Node *a = gen(g, from, d);
      return vs_make(ctx, OP_BITCAST, dt, &a, 1);
    }
    if (dt == DT_BOOL) {
      static const Op cmp[] = {OP_EQ, OP_NE, OP_LT, OP_LE};
      static const Op logic[] = {OP_AND, OP_OR, OP_XOR};
      if (choice < 7) {
        DType t = random_dtype(g);
        return vs_bin(ctx, cmp[pick(g, 4)], gen(g, t, d), gen(g, t, d));
      }
      if (choice == 7) return vs_un(ctx, OP_NOT, gen(g, dt, d));
      return vs_bin(ctx, logic[pick(g, 3)], gen(g, dt, d), gen(g, dt, d));
    }
    if (dt_is_float(dt)) {
      static const Op un[] = {OP_NEG, OP_SQRT, OP_TRUNC, OP_FLOOR, OP_CEIL, OP_ROUND, OP_RECIP, OP_EXP2, OP_LOG2, OP_SIN};
      static const Op bin[] = {OP_ADD, OP_SUB, OP_MUL, OP_FDIV, OP_MIN, OP_MAX, OP_POW};
      if (choice < 5) return vs_un(ctx, un[pick(g, 10)], gen(g, dt, d));
      if (choice < 9) return vs_bin(ctx, bin[pick(g, 7)], gen(g, dt, d), gen(g, dt, d));
      return vs_tern(ctx, OP_MULACC, gen(g, dt, d), gen(g, dt, d), gen(g, dt, d));
    }
    static const Op un[] = {OP_NEG, OP_NOT};
    static const Op bin[] = {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD, OP_AND,
                             OP_OR,  OP_XOR, OP_SHL, OP_SHR,  OP_MIN, OP_MAX,  OP_POW};
    if (choice < 5) return vs_un(ctx, un[pick(g, 2)], gen(g, dt, d));
    if (choice < 9) return vs_bin(ctx, bin[pick(g, 15)], gen(g, dt, d), gen(g, dt, d));
    return vs_tern(ctx, OP_MULACC, gen(g, dt, d), gen(g, dt, d), gen(g, dt, d));
  }
}

/* Prints src (--> tgt) with every variable declared, parses it back in the same context and demands
 * the very same nodes. */
static void check_round_trip(Gen *g, Node *src, Node *tgt) {
  assert_non_null(src);
  char *text = vs_print_case(g->all, g->nall, src, tgt);
  assert_non_null(text);
  VsFile f;
  VsDiag d;
  if (!vs_parse(g->ctx, "rt.vs", text, strlen(text), &f, &d)) {
    vs_diag_print(&d, stderr);
    fail_msg("printed text does not parse:\n%s", text);
  }
  if (f.src != src || f.tgt != tgt) {
    char *again = vs_print_case(NULL, 0, f.src, f.tgt);
    fail_msg("round trip changed the expression:\n%s\nparsed back as:\n%s", text, again ? again : "?");
  }
  assert_int_equal(f.nvars, g->nall);
  /* vs_print writes the same expression text as vs_print_case. */
  if (!tgt) {
    char *s = vs_print(src);
    assert_non_null(s);
    size_t len = strlen(s);
    assert_true(strlen(text) > len && strncmp(text + strlen(text) - len - 1, s, len) == 0);
    free(s);
  }
  vs_file_free(&f);
  free(text);
}

static void test_round_trip_random(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Gen g;
  gen_init(&g, ctx, 0x5eed);
  for (int i = 0; i < 4000 * round_trip_scale; i++) {
    DType dt = random_dtype(&g);
    int depth = 1 + (int)pick(&g, 6);
    Node *src = gen(&g, dt, depth);
    Node *tgt = pick(&g, 3) ? gen(&g, dt, depth) : NULL;
    check_round_trip(&g, src, tgt);
  }
  vs_ctx_free(ctx);
}

/* Every constant of every dtype at edge values, in every kind of context. */
static void test_round_trip_literals(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Gen g;
  gen_init(&g, ctx, 42);
  for (int d = 0; d < NDT; d++) {
    DType dt = all_dtypes[d];
    for (int i = 0; i < 30 * round_trip_scale; i++) {
      Node *c = gen_const(&g, dt), *c2 = gen_const(&g, dt), *v = g.vars[dt][0];
      check_round_trip(&g, c, NULL);
      check_round_trip(&g, c, c2);
      check_round_trip(&g, v, c);
      check_round_trip(&g, vs_bin(ctx, OP_EQ, c, c2), NULL);
      check_round_trip(&g, vs_bin(ctx, OP_NE, v, c), vs_bin(ctx, OP_EQ, c2, v));
      check_round_trip(&g, vs_tern(ctx, OP_SELECT, g.vars[DT_BOOL][0], c, c2), vs_tern(ctx, OP_SELECT, g.vars[DT_BOOL][1], v, c));
      check_round_trip(&g, vs_cast(ctx, DT_I8, c), vs_cast(ctx, DT_I8, c2));
      check_round_trip(&g, vs_cast(ctx, DT_F16, c), vs_cast(ctx, DT_F16, vs_cast(ctx, DT_U32, c2)));
      if (dt != DT_BOOL) {
        check_round_trip(&g, vs_un(ctx, OP_NEG, c), vs_un(ctx, OP_NEG, vs_un(ctx, OP_NEG, c2)));
        check_round_trip(&g, vs_bin(ctx, OP_SUB, v, c), vs_bin(ctx, OP_SUB, c, vs_un(ctx, OP_NEG, c2)));
        check_round_trip(&g, vs_bin(ctx, OP_MIN, c, c2), vs_bin(ctx, OP_MAX, vs_bin(ctx, OP_MIN, c, c2), v));
        check_round_trip(&g, vs_tern(ctx, OP_MULACC, c, c2, c), vs_tern(ctx, OP_MULACC, c, v, c2));
        check_round_trip(&g, vs_bin(ctx, OP_LT, vs_un(ctx, OP_NEG, c), c2), NULL);
      } else {
        check_round_trip(&g, vs_un(ctx, OP_NOT, c), vs_bin(ctx, OP_AND, c, v));
      }
      if (dt_is_float(dt)) check_round_trip(&g, vs_un(ctx, OP_SQRT, c), vs_bin(ctx, OP_FDIV, c2, c));
      if (dt_is_int(dt)) check_round_trip(&g, vs_un(ctx, OP_NOT, c), vs_bin(ctx, OP_SHL, c2, c));
    }
  }
  vs_ctx_free(ctx);
}

/* Every binary16 value, and many binary32/binary64 ones, survive format + parse bit-exactly. */
static void test_float_literals_exact(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char buf[96];
  for (uint32_t b = 0; b < 0x10000; b++) {
    uint64_t bits = vs_canon_bits(DT_F16, b);
    vs_format_literal(DT_F16, bits, true, buf, sizeof buf);
    VsFile f;
    Node *n = parse_ok(ctx, buf, &f);
    if (n->aux.bits != bits) fail_msg("f16 0x%04x printed as %s parsed as 0x%04x", b, buf, (unsigned)n->aux.bits);
    vs_file_free(&f);
  }
  TestRng rng = {7};
  for (int i = 0; i < 100000; i++) {
    DType dt = i & 1 ? DT_F32 : DT_F64;
    uint64_t bits = vs_canon_bits(dt, test_rng_next(&rng));
    vs_format_literal(dt, bits, true, buf, sizeof buf);
    VsFile f;
    Node *n = parse_ok(ctx, buf, &f);
    if (n->aux.bits != bits) fail_msg("%s 0x%llx printed as %s", dt_name(dt), (unsigned long long)bits, buf);
    vs_file_free(&f);
  }
  vs_ctx_free(ctx);
}

/* Deep expressions at the depth limit print and parse back (the printer is iterative, and the
 * printed nesting never exceeds the node depth). */
static void test_round_trip_deep(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Gen g;
  gen_init(&g, ctx, 1);
  Node *x = g.vars[DT_I32][0];
  uint32_t max = vs_ctx_max_depth(ctx);
  Node *neg = x, *right = x, *left = x, *negc = vs_const_int(ctx, DT_I32, 3), *calls = g.vars[DT_F32][0];
  for (uint32_t i = 1; i < max; i++) {
    neg = vs_un(ctx, OP_NEG, neg);
    right = vs_bin(ctx, OP_SUB, x, right);
    left = vs_bin(ctx, OP_SUB, left, x);
    negc = vs_un(ctx, OP_NEG, negc);
    calls = vs_un(ctx, OP_SQRT, calls);
  }
  assert_int_equal(neg->depth, max);
  assert_int_equal(right->depth, max);
  check_round_trip(&g, neg, NULL);
  check_round_trip(&g, right, left);
  check_round_trip(&g, negc, NULL);
  check_round_trip(&g, calls, NULL);
  assert_null(vs_un(ctx, OP_NEG, neg)); /* the limit itself */
  vs_ctx_free(ctx);
}

/* Random edits of valid files: the parser must never crash, and whatever parses must print and parse
 * back to the same nodes. Longer campaigns: -DFUZZ_ITERS=... -DFUZZ_SEED=... */
#ifndef FUZZ_ITERS
#define FUZZ_ITERS 20000
#endif
#ifndef FUZZ_SEED
#define FUZZ_SEED 99
#endif
static void test_fuzz_mutations(void **state) {
  (void)state;
  static const char *seeds[] = {
    "x: i32\ny: i32 in [0, 3]\nn: index in [1, 1024]\n(x * 4 + y) // 4 --> x\n",
    "a: u8\nb: u8\nselect(a < b, a - b, min(a, 0xff_u8)) << 1 --> mulacc(a, 2, b)",
    "f: f16\ng: f16\nsqrt(f) * -0.5 + f / g --> -(1.5) - -inf_f16 + nan_f16",
    "p: bool\nq: bool\n!p && (q || p) ^ true --> i8(p) > -3 == q",
    "h: f64\nbitcast_u64(h) >> 3 & 7 --> u64(-1.25e-3 < h)",
  };
  static const char alphabet[] = "()+-*/%<>=!&|^~,:#[]_.0123456789xyzabfghinpq \n\t\x01\xc3";
  VsCtx *ctx = vs_ctx_new();
  TestRng rng = {FUZZ_SEED};
  char text[512], again_text[512];
  int parsed = 0;
  for (int iter = 0; iter < FUZZ_ITERS; iter++) {
    const char *seed = seeds[test_rng_below(&rng, sizeof seeds / sizeof seeds[0])];
    size_t len = strlen(seed);
    memcpy(text, seed, len);
    int edits = test_rng_below(&rng, 4) ? 1 : 1 + (int)test_rng_below(&rng, 4);
    for (int e = 0; e < edits; e++) {
      size_t pos = test_rng_below(&rng, len + 1);
      char c = alphabet[test_rng_below(&rng, sizeof alphabet - 1)];
      switch (test_rng_below(&rng, 3)) {
      case 0: /* replace */
        if (pos < len) text[pos] = c;
        break;
      case 1: /* insert */
        if (len + 1 < sizeof text) {
          memmove(text + pos + 1, text + pos, len - pos);
          text[pos] = c;
          len++;
        }
        break;
      default: /* delete */
        if (pos < len) {
          memmove(text + pos, text + pos + 1, len - pos - 1);
          len--;
        }
      }
    }
    VsFile f;
    VsDiag d;
    if (!vs_parse(ctx, "fz.vs", text, len, &f, &d)) {
      assert_true(d.line >= 1 && d.col >= 1 && d.msg[0]);
      continue;
    }
    parsed++;
    char *out = vs_print_case(f.vars, f.nvars, f.src, f.tgt);
    assert_non_null(out);
    VsFile g;
    if (!vs_parse(ctx, "fz2.vs", out, strlen(out), &g, &d)) {
      vs_diag_print(&d, stderr);
      memcpy(again_text, text, len);
      again_text[len] = 0;
      fail_msg("input:\n%s\nprinted as:\n%s\ndoes not parse back", again_text, out);
    }
    if (g.src != f.src || g.tgt != f.tgt) fail_msg("printed as:\n%s\nparses to other nodes", out);
    free(out);
    vs_file_free(&g);
    vs_file_free(&f);
  }
  print_message("mutants that parse: %d of %d\n", parsed, FUZZ_ITERS);
  assert_true(parsed > FUZZ_ITERS / 10); /* the success path is exercised, not only errors */
  vs_ctx_free(ctx);
}

int main(int argc, char **argv) {
  if (test_full_tier(argc, argv)) round_trip_scale = 5;
  const struct CMUnitTest full[] = {
    cmocka_unit_test(test_round_trip_random), cmocka_unit_test(test_round_trip_literals),
  };
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_errors_input),      cmocka_unit_test(test_errors_names),
    cmocka_unit_test(test_errors_literals),   cmocka_unit_test(test_errors_types),
    cmocka_unit_test(test_errors_structure),  cmocka_unit_test(test_errors_ranges),
    cmocka_unit_test(test_errors_limits),     cmocka_unit_test(test_errors_files),
    cmocka_unit_test(test_typing),            cmocka_unit_test(test_f16_rounding),
    cmocka_unit_test(test_precedence),        cmocka_unit_test(test_hash_consing),
      cmocka_unit_test(test_reserve),
    cmocka_unit_test(test_declarations),      cmocka_unit_test(test_print),
    cmocka_unit_test(test_print_limit),       cmocka_unit_test(test_parse_value),       cmocka_unit_test(test_round_trip_random),
    cmocka_unit_test(test_round_trip_literals), cmocka_unit_test(test_float_literals_exact),
    cmocka_unit_test(test_round_trip_deep),
    cmocka_unit_test(test_fuzz_mutations),
  };
  return TEST_RUN_TIERS(argc, argv, unit, full);
}
