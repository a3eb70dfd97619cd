/* test_prog_text.c: the program text format (docs/syntax.md, "Programs"): parsing, printing, round
 * trips, and one precise error for each kind of malformed program. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/prog_eval.h"
#include "ir/stmt.h"
#include "support.h"
#include "text/prog_text.h"

static Program *parse_ok(VsCtx *ctx, const char *text) {
  VsDiag d;
  Program *p = NULL;
  if (!prog_parse(ctx, "t.vs", text, strlen(text), &p, &d)) {
    vs_diag_print(&d, stderr);
    fail_msg("unexpected parse failure on:\n%s", text);
  }
  return p;
}

/* Parses, prints, parses the print and prints again: the two prints are equal. Returns the print. */
static char *round_trip(VsCtx *ctx, const char *text) {
  Program *p = parse_ok(ctx, text);
  char *a = prog_print(p);
  assert_non_null(a);
  Program *q = parse_ok(ctx, a);
  char *b = prog_print(q);
  assert_string_equal(a, b);
  free(b);
  prog_free(q);
  prog_free(p);
  return a;
}

static void pt_has_text(const char *text, const char *sub) {
  if (!strstr(text, sub)) fail_msg("expected '%s' in:\n%s", sub, text);
}

static int error_failures;

/* Non-fatal, so that one run reports every mismatch; test_errors fails at its end. */
static void check_error(const char *text, int line, int col, const char *sub) {
  VsCtx *ctx = vs_ctx_new();
  VsDiag d;
  Program *p = NULL;
  if (prog_parse(ctx, "t.vs", text, strlen(text), &p, &d)) {
    fprintf(stderr, "expected an error for:\n%s\n", text);
    prog_free(p);
    error_failures++;
  } else if (d.line != line || d.col != col || !strstr(d.msg, sub)) {
    vs_diag_print(&d, stderr);
    fprintf(stderr, "expected t.vs:%d:%d: ...%s... for:\n%s\n", line, col, sub, text);
    error_failures++;
  }
  vs_ctx_free(ctx);
}

static const char *everything =
  "# every construct\n"
  "func helper(a: index) {\n"
  "  call g(a)\n"
  "}\n"
  "\n"
  "func main(x: i32 in [-5, 5], n: index, b: bool, t: tensor[[n, 64], f32]) -> (i32, index) {\n"
  "  k: index = 512\n"
  "  for i in range(0, 8) @vectorize @hint {\n"
  "    if i < 16 { call body(i) } else if i == 3 { call other() } else { pass }\n"
  "  }\n"
  "  for i in parallel(0, n, 2) { call p(i) }\n"
  "  for i in unroll(4) { call p(i) }\n"
  "  for i in pipeline(1, 3) { call p(i) }\n"
  "  (s) = for ko in range(0, n, k) iter (acc: index = 0) {\n"
  "    yield acc + ko\n"
  "  }\n"
  "  (r) = if x > 0 { yield x } else { yield 0 }\n"
  "  (w, z: f32) = while iter (j: index = 0, q: f32 = 1.5) cond j < n { yield j + 1, q * 2.0 }\n"
  "  spmd(8 // 2) { call work(r) }\n"
  "  scope { call work(r) }\n"
  "  scope @level(core_group) @manual { call work(r) }\n"
  "  spmd(4) @level(2) { call work(r) }\n"
  "  v: tensor[[k // 32, 64], f32] = call view(t, k // 32, 0)\n"
  "  u: tensor[[n, 64], f32] = t\n"
  "  y: i32 = call compute(v, u, x, 2.5)\n"
  "  y = y + 1\n"
  "  return r, s\n"
  "}\n";

static void test_round_trip(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx, everything);
  /* Typed where the expression alone would not say it; results of an if carry their type. */
  assert_non_null(strstr(a, "(r: i32) = if 0 < x {"));
  assert_non_null(strstr(a, "yield 0_i32"));
  assert_non_null(strstr(a, "for i in range(0, 8) @vectorize @hint {"));
  assert_non_null(strstr(a, "for i in unroll(0, 4) {"));
  assert_non_null(strstr(a, "scope @level(core_group) @manual {\n"));
  assert_non_null(strstr(a, "spmd(4) @level(2) {\n"));
  assert_non_null(strstr(a, "(w, z) = while iter (j: index = 0, q: f32 = 1.5) cond j < n {"));
  assert_non_null(strstr(a, "y = y + 1\n"));           /* an assignment to a visible variable: no type */
  assert_non_null(strstr(a, "u: tensor[[n, 64], f32] = t")); /* tensors always carry their type */
  assert_non_null(strstr(a, "    pass\n"));
  free(a);
  vs_ctx_free(ctx);
}

/* Dtype names name variables wherever a type cannot stand (docs/syntax.md "Programs"): a generated
 * kernel's loop variables i0 ... i19, parameters, carries, results; `i8(x)` is still a cast. */
static void test_dtype_names(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char text[4096];
  size_t n = 0;
  n += (size_t)snprintf(text + n, sizeof text - n, "func main(i32: i32, f16: index) -> (i32) {\n");
  for (int d = 0; d < 20; d++) n += (size_t)snprintf(text + n, sizeof text - n, "for i%d in range(0, 2) {\n", d);
  n += (size_t)snprintf(text + n, sizeof text - n, "call f(i8 + i16 + i0, i8(i19), f16)\n");
  for (int d = 0; d < 20; d++) n += (size_t)snprintf(text + n, sizeof text - n, "}\n");
  snprintf(text + n, sizeof text - n,
           "(u8) = for index in range(0, f16) iter (u16: i32 = i32) { yield u16 + i32(index) }\n"
           "(bool) = if u8 > 0_i32 { yield true } else { yield false }\n"
           "f32: f32 = f32(u8)\n  call g(bool, f32)\n  return u8\n}\n");
  char *a = round_trip(ctx, text);
  assert_non_null(strstr(a, "for i8 in range(0, 2) {"));
  assert_non_null(strstr(a, "call f(i8 + i16 + i0, i8(i19), f16)"));
  assert_non_null(strstr(a, "(u8) = for index in range(0, f16) iter (u16: i32 = i32) {"));
  assert_non_null(strstr(a, "f32: f32 = f32(u8)"));
  free(a);
  vs_ctx_free(ctx);
}

static void test_literal_typing(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx,
                       "func main(x: i8, n: i32) {\n"
                       "  a: i32 = 5\n"
                       "  b: i8 = x + 1\n"
                       "  for i in range(0, n) { call f(i) }\n"
                       "  for i in range(n, 10, 2) { call f(i) }\n"
                       "  c: f64 = 1.5\n"
                       "  call g(a, b, c, 7)\n"
                       "}\n");
  assert_non_null(strstr(a, "a: i32 = 5_i32"));
  assert_non_null(strstr(a, "b: i8 = x + 1\n"));
  assert_non_null(strstr(a, "for i in range(0_i32, n) {")); /* bounds share a dtype */
  assert_non_null(strstr(a, "for i in range(n, 10_i32, 2_i32) {"));
  assert_non_null(strstr(a, "c: f64 = 1.5_f64"));
  assert_non_null(strstr(a, "call g(a, b, c, 7)"));
  free(a);
  vs_ctx_free(ctx);
}

static void test_statements_and_newlines(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  /* A newline ends a statement where the next line starts with '(': `a` is not a call. */
  Program *p = parse_ok(ctx,
                        "func main(a: index, c: bool) {\n"
                        "  x: index = a\n"
                        "  (r) = if c { yield 1 } else { yield 2 }\n"
                        "  y: index = x + r call f(y)\n" /* two statements on one line */
                        "}\n");
  assert_int_equal(p->funcs[0]->body.n, 4);
  assert_int_equal(p->funcs[0]->body.s[1]->kind, SK_IF);
  prog_free(p);
  assert_true(prog_text_is_program("# c\n  func f() {}", 12));
  assert_false(prog_text_is_program("x: i32\nx + 1", 13));
  vs_ctx_free(ctx);
}

static void test_scoping(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Program *p = parse_ok(ctx,
                        "func main(c: bool) {\n"
                        "  for i in range(0, 2) { a: index = i  call f(a) }\n"
                        "  for i in range(0, 2) { a: index = i + 1  call f(a) }\n" /* a sibling: the same variable */
                        "  for i in range(0, 2) { a: i32 = 3  call f(a) }\n"       /* another type: another one */
                        "  spmd(2) { b: index = 1 }\n"
                        "  call f(b)\n" /* spmd does not end visibility */
                        "}\n");
  Function *f = p->funcs[0];
  PVar *a1 = f->body.s[0]->u.loop.body.s[0]->u.assign.var, *a2 = f->body.s[1]->u.loop.body.s[0]->u.assign.var,
       *a3 = f->body.s[2]->u.loop.body.s[0]->u.assign.var;
  assert_ptr_equal(a1, a2);
  assert_ptr_not_equal(a1, a3);
  prog_free(p);
  vs_ctx_free(ctx);
}

static void test_errors(void **state) {
  (void)state;
  check_error("", 1, 1, "expected 'func'");
  check_error("x: i32\nx + 1", 1, 1, "expected 'func'");
  check_error("func main() {\n  y: index = z + 1\n}", 2, 14, "unknown variable 'z'");
  check_error("func main() {\n  call f(a)\n  a: index = 1\n}", 2, 10, "unknown variable 'a'");
  check_error("func main() {\n  for i in range(0, 2) { b: index = i }\n  call f(b)\n}", 3, 10,
              "'b' is not defined here");
  check_error("func main(c: bool) {\n  (r) = if c { yield 1 } else { yield 2, 3 }\n}", 2, 42, "too many values");
  check_error("func main(c: bool) {\n  (r, s) = if c { yield 1 } else { yield 2 }\n}", 2, 19, "takes 2 values, got 1");
  check_error("func main(c: bool) {\n  (r) = if c { yield 1 }\n}", 3, 1, "needs an 'else'");
  check_error("func main(c: bool) {\n  x: index = 1\n  x: i32 = 2\n}", 3, 3, "type mismatch: 'x' is index");
  check_error("func main(c: i32) {\n  b: index = c\n}", 2, 14, "type mismatch");
  check_error("func main(c: bool) {\n  (r) = if c { yield 1 } else { yield true }\n}", 2, 39, "type mismatch");
  check_error("func main() {\n  (s) = for i in range(0, 2) iter (a: index = 0) { call f(a) }\n}", 2, 50,
              "must end with 'yield'");
  check_error("func main() {\n  (s) = for i in range(0, 2) iter (a: index = 0) { yield a  call f(a) }\n}", 2, 61,
              "'yield' must be the last statement");
  check_error("func main() {\n  for i in range(0, 2) { i = 3 }\n}", 2, 26, "read-only");
  check_error("func main() {\n  yield 1\n}", 2, 3, "'yield' outside");
  check_error("func main() -> (i32) {\n  call f()\n}", 1, 22, "must end with 'return'");
  check_error("func main() {\n  for i in range(0, 2) { return }\n}", 2, 26, "'return' must be the last");
  check_error("func main() -> (i32) {\n  return 1, 2\n}", 2, 13, "too many values");
  check_error("func main(x: index, x: i32) {\n}", 1, 21, "already declared");
  check_error("func f() {\n}\nfunc f() {\n}", 3, 6, "already defined");
  check_error("func main(for: index) {\n}", 1, 11, "reserved word");
  check_error("func main(x: index) {\n  y: index = i8 + 1\n}", 2, 14, "a cast needs its operand in parentheses");
  check_error("func main(x: index) {\n  y: index = 1 + call f(x)\n}", 2, 18, "inside an expression write the call without it");
  check_error("func main(x: index) {\n  call f(call g(x))\n}", 2, 10, "write the inner call without 'call'");
  check_error("func main(t: tensor[[4], f32]) {\n  y: index = t + 1\n}", 2, 14, "'t' is a tensor");
  check_error("func main(x: index) {\n  if f(x) < 3 { call g(x) }\n}", 2, 6, "a call cannot appear in a condition");
  check_error("func main(x: index) {\n  for i in range(0, f(x)) { call g(i) }\n}", 2, 21, "a call cannot appear");
  check_error("func main(x: index) {\n  y: tensor[[f(x)], f32] = call mk()\n}", 2, 14, "a call cannot appear");
  check_error("func main(x: index) {\n  y: index = f(x)_q8\n}", 2, 14, "unknown dtype 'q8' in a call's suffix");
  check_error("func main(x: index) {\n  y: index = f(x)_i32\n}", 2, 14, "type mismatch");
  check_error("func main(x: index) {\n  y: index = view(x)\n}", 2, 14, "'view' gives a tensor");
  check_error("func main(x: index) {\n  y: bool = f(x) && true\n}", 2, 18, "needs bool operands, got index");
  check_error("func main() {\n  for i in range(0.5, 2.5) { call f(i) }\n}", 2, 12, "loop bounds must be integers");
  check_error("func main() {\n  scope @ { pass }\n}", 2, 11, "an attribute name after '@'");
  check_error("func main() {\n  break\n}", 2, 3, "'break' outside a loop body");
  check_error("func main() {\n  for i in range(2) { spmd(2) { continue } }\n}", 2, 33, "'continue' outside a loop body");
  check_error("func main(c: bool) {\n  for i in range(2) { (r) = if c { break } else { yield 1 } }\n}", 2, 36,
              "'break' outside a loop body");
  check_error("func main(c: bool) {\n  (r) = for i in range(2) iter (a: index = 0) { if c { break } yield a }\n}", 2, 56,
              "the for's break takes 1 value, got 0");
  check_error("func main(c: bool) {\n  for i in range(2) { break 1 }\n}", 2, 29, "too many values: the for's break takes 0");
  check_error("func main(c: bool) {\n  for i in range(2) { continue call f(i) }\n}", 2, 32, "too many values");
  check_error("func main(c: bool) {\n  for i in range(2) { break call f(i) }\n}", 2, 29, "too many values");
  check_error("func main(c: bool) {\n  for i in range(2) { if c { break call f(i) } }\n}", 2, 36, "too many values");
  check_error("func main(c: bool) {\n  for i in range(2) { break  call f(i) }\n}", 2, 30, "too many values");
  check_error("func main(c: bool) {\n  for i in range(2) {\n    break\n    call f(i)\n  }\n}", 4, 5,
              "'break' must be the last statement of its block");
  check_error("func main(c: bool) {\n  (r) = for i in range(2) iter (a: index = 0) { if c { continue a } call f(a) }\n}", 2, 47,
              "must end with 'yield'");
  check_error("func main() {\n  scope @level(1.5) { pass }\n}", 2, 16, "an attribute value");
  check_error("func main() {\n  spmd(2) @level(x { pass }\n}", 2, 20, "')' after the attribute value");
  check_error("func main() {\n  for i in range(0, 1, 2, 3) { }\n}", 2, 25, "a range takes 1 to 3 bounds");
  check_error("func main(c: bool) {\n  (r) = if c { yield 1 } else if c { yield 2 }\n}", 2, 31, "'else if' is not allowed");
  check_error("func main(x: index) {\n  if x { }\n}", 2, 6, "the condition must be bool");
  check_error("func main(x: f32 in [0, 1]) {\n}", 1, 18, "a range is only allowed");
  check_error("func main(x: i8 in [0, 300]) {\n}", 1, 24, "does not fit");
  check_error("func main() {\n  x = 1\n}", 2, 3, "define it with a type");
  check_error("func main() {\n  x: index = 1 $\n}", 2, 16, "unexpected character '$'");
  check_error("func main() {\n  (r) = call f()\n}", 2, 9, "expected 'for', 'if', 'while' or 'submit'");
  check_error("func main() {\n  (r) = if true { yield call g() } else { yield 1 }\n}", 2, 25, "cannot infer the type");
  check_error("func main() {\n  for i in range(0, 2) {\n", 3, 1, "expected '}'");
  check_error("func main() {\n  for i in range(0, 2) iter (i: index = 0) { yield i }\n}", 2, 7,
              "both the loop variable and a carry");
  check_error("func main(x: index) {\n  for x in range(0, 2) { }\n}", 2, 7, "hides a variable");
  check_error("func main(x: index in [0, 9]) {\n  x = 3\n}", 2, 3, "a parameter with a declared range is read-only");
  assert_int_equal(error_failures, 0);
}

static void test_limits(void **state) {
  (void)state;
  /* Deep statement nesting: an error, never a stack overflow. */
  size_t depth = 100000, cap = depth * 16 + 64, n = 0;
  char *s = malloc(cap);
  n += (size_t)snprintf(s + n, cap - n, "func main(x: index) {\n");
  for (size_t i = 0; i < depth; i++) n += (size_t)snprintf(s + n, cap - n, "if x < 1 {\n");
  VsCtx *ctx = vs_ctx_new();
  VsDiag d;
  Program *p;
  assert_false(prog_parse(ctx, "t.vs", s, n, &p, &d));
  assert_non_null(strstr(d.msg, "nested too deeply"));
  /* Every prefix of a valid program is either valid or one error; garbage too. */
  size_t len = strlen(everything);
  for (size_t k = 0; k < len; k++) {
    if (prog_parse(ctx, "t.vs", everything, k, &p, &d)) prog_free(p);
  }
  TestRng rng = {42};
  for (int round = 0; round < 200; round++) {
    memcpy(s, everything, len);
    for (int j = 0; j < 8; j++) s[test_rng_below(&rng, len)] = (char)test_rng_below(&rng, 256);
    if (prog_parse(ctx, "t.vs", s, len, &p, &d)) {
      char *a = prog_print(p);
      free(a);
      prog_free(p);
    }
  }
  free(s);
  vs_ctx_free(ctx);
}

/* The reference interpreter: traces of a few programs. */
static void test_interpreter(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Program *p = parse_ok(ctx,
                        "func main(x: i32, n: index) -> (i32) {\n"
                        "  (s) = for i in range(0, n) iter (a: i32 = 0) { call f(i) yield a + x }\n"
                        "  spmd(2) { call g(s) }\n"
                        "  if x < 0 { y: i32 = x // 0 call h(y) }\n"
                        "  r: i32 = call k()\n"
                        "  return s + r\n"
                        "}\n");
  uint64_t params[2] = {3, 4};
  ProgEvalInput in = {.params = params};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* f x4, spmd, g, end spmd, k, return */
  assert_int_equal(t.nevents, 9);
  assert_string_equal(t.events[0].sig, "call f(index)");
  assert_int_equal(t.events[3].args[0], 3);
  assert_string_equal(t.events[4].sig, "spmd(index)");
  assert_int_equal(t.events[5].args[0], 12);
  assert_string_equal(t.events[8].sig, "return(i32)");
  assert_int_equal(t.events[8].args[0], 12); /* k() returns 0 */
  prog_trace_free(&t);
  params[0] = (uint64_t)-1 & 0xffffffffu; /* x = -1: the branch divides by zero */
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_true(t.ub);
  assert_int_equal(t.ub_line, 4);
  prog_trace_free(&t);
  prog_free(p);
  vs_ctx_free(ctx);
}

static bool result_of_position(void *user, size_t pos, DType dt, uint64_t *out) {
  (void)user;
  (void)dt;
  *out = 100 + pos; /* event k's result is 100 + k */
  return true;
}

/* Calls inside expressions (docs/syntax.md): typing, printing, and the events of a run in their order. */
static void test_calls_in_expressions(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  /* Printed where they stand, with a suffix exactly where a literal would need one. */
  char *a = round_trip(ctx, "func main(a: index, b: i32, t: tensor[[4], f32], c: bool) -> (index) {\n"
                            "  x: index = helper(a) + 1\n"
                            "  y: i32 = g(f(b), a) * 2\n"
                            "  z: bool = p(a)_i32 < 3 && q(t)_bool\n"
                            "  w: f32 = r(x) + 1.5\n"
                            "  call h(k(a) + 1, t, m(y))\n"
                            "  v: i64 = i64(select(c, s(a), 0)) - i64(u(a))\n"
                            "  return x + helper(x)\n"
                            "}\n");
  pt_has_text(a, "  x: index = helper(a) + 1\n");
  pt_has_text(a, "  y: i32 = g(f(b), a)_i32 * 2\n");
  pt_has_text(a, "  z: bool = p(a)_i32 < 3 && q(t)_bool\n");
  pt_has_text(a, "  w: f32 = r(x)_f32 + 1.5\n");
  pt_has_text(a, "  call h(k(a) + 1, t, m(y))\n");
  pt_has_text(a, "  return x + helper(x)\n");
  free(a);
  /* Typed like an untyped literal: by the context, index by default, or by the suffix. */
  Program *p = parse_ok(ctx, "func main(a: index, b: i32) -> (i32) {\n"
                             "  y: i32 = f(g(a), h(b)) + k(a)\n"
                             "  c: bool = u(a) < 3 && v(b)_u8 == 7_u8\n"
                             "  w: index = select(c, s(a), 0)\n"
                             "  return y + i32(x(a) // 0)\n"
                             "}\n");
  uint64_t params[2] = {5, 6};
  ProgEvalInput in = {.params = params, .call_result = result_of_position};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  /* g(a), h(b), f(g's, h's), k(a): arguments first, left to right; f's operands are the results. */
  assert_true(t.nevents >= 7);
  assert_string_equal(t.events[0].sig, "call g(index)->index");
  assert_int_equal(t.events[0].args[0], 5);
  assert_string_equal(t.events[1].sig, "call h(i32)->index");
  assert_string_equal(t.events[2].sig, "call f(index,index)->i32");
  assert_int_equal(t.events[2].args[0], 100);
  assert_int_equal(t.events[2].args[1], 101);
  assert_string_equal(t.events[3].sig, "call k(index)->i32");
  assert_string_equal(t.events[4].sig, "call u(index)->index");
  assert_string_equal(t.events[5].sig, "call v(i32)->u8");
  /* c is false (104 < 3 fails): select's call runs all the same. */
  assert_string_equal(t.events[6].sig, "call s(index)->index");
  /* x(a) runs, then its division by zero is UB: the run is UB. */
  assert_string_equal(t.events[7].sig, "call x(index)->index");
  assert_true(t.ub);
  assert_int_equal(t.ub_line, 5);
  prog_trace_free(&t);
  prog_free(p);
  vs_ctx_free(ctx);
}

/* Tasks: `(out, tid) = submit k(args) deps [...]`: printing, and the event with its dependencies. */
static void test_submit(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx, "func main(n: index, a: tensor[[n], f32]) -> (i32) {\n"
                            "  (o: tensor[[n], f32], t0) = submit fill(a, n)\n"
                            "  (s: i32, t1: index) = submit sum(o, h(n)) deps [t0, n + 1]\n"
                            "  return s\n"
                            "}\n");
  pt_has_text(a, "  (o: tensor[[n], f32], t0: index) = submit fill(a, n)\n");
  pt_has_text(a, "  (s: i32, t1: index) = submit sum(o, h(n)) deps [t0, n + 1]\n");
  Program *p = parse_ok(ctx, a);
  uint64_t params[2] = {3, 0};
  ProgEvalInput in = {.params = params, .call_result = result_of_position};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* params, fill, h, sum, return */
  assert_int_equal(t.nevents, 5);
  assert_string_equal(t.events[1].sig, "submit fill(tensor[1]f32,index)->tensor[1]f32 deps(0)");
  assert_string_equal(t.events[3].sig, "submit sum(tensor[1]f32,index)->i32 deps(2)");
  assert_int_equal(t.events[3].nargs, 4);
  assert_int_equal(t.events[3].args[2], (UINT64_C(1) << 32) + 1); /* t0: the task id of event 1 */
  assert_int_equal(t.events[3].args[3], 4);
  assert_int_equal(t.events[4].args[0], 103);                     /* s: the result of event 3 */
  prog_trace_free(&t);
  prog_free(p);
  free(a);
  /* One result (the id not bound): the same event; the result's type is written or the variable's. */
  a = round_trip(ctx, "func main(a: tensor[[4], f32]) -> (i32) {\n"
                      "  (o: i32, t0) = submit fill(a)\n"
                      "  scope @manual {\n"
                      "    o = submit scale(a) deps [t0]\n"
                      "    r: tensor[[2 * 2], f32] = submit copy(a)\n"
                      "  }\n"
                      "  return o\n"
                      "}\n");
  pt_has_text(a, "    o = submit scale(a) deps [t0]\n");
  pt_has_text(a, "    r: tensor[[2 * 2], f32] = submit copy(a)\n");
  p = parse_ok(ctx, a);
  uint64_t params1[1] = {0};
  in.params = params1;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* params, fill, scope, scale, copy, end scope, return */
  assert_int_equal(t.nevents, 7);
  assert_string_equal(t.events[3].sig, "submit scale(tensor[1]f32)->i32 deps(1)");
  assert_int_equal(t.events[3].args[1], (UINT64_C(1) << 32) + 1);
  assert_string_equal(t.events[4].sig, "submit copy(tensor[1]f32)->tensor[1]f32 deps(0)");
  assert_int_equal(t.events[6].args[0], 103); /* o: the result of event 3 */
  prog_trace_free(&t);
  prog_free(p);
  free(a);
  check_error("func main() {\n  o = submit k()\n}", 2, 3, "annotate the task's result, as in out: i32 = submit k(...)");
  check_error("func main() {\n  (o: i32) = submit k()\n}", 2, 14, "a submit binds two results");
  check_error("func main() {\n  (o, t) = submit k()\n}", 2, 4, "annotate the task's result");
  check_error("func main() {\n  (o: i32, t: i32) = submit k()\n}", 2, 12, "a task id is an index");
  check_error("func main() {\n  (o: i32, t) = submit k() deps [f(1)]\n}", 2, 34, "a call cannot appear in a task dependency");
  check_error("func main(submit: index) {\n}", 1, 11, "reserved word");
  assert_int_equal(error_failures, 0);
  vs_ctx_free(ctx);
}

/* Tensor views, tiles and tuples (docs/syntax.md "Types"): printing (fields in one order, default tags
 * omitted), the round trip, the errors, and the events: the signature holds the form, the arguments
 * every expression the type carries. */
static void test_types(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx,
                       "func main(n: index, x: tensor[[n, 4], f32, view(pad=max, valid_shape=[n, 2], layout=dn, stride=[1, n])],\n"
                       "          t: tile[[16, 16], f16, view(compact=normal, fractal=1024, start_offset=n, stride=[16, 1], valid_shape=[n, 16], slayout=row_major, blayout=col_major, pad=zero)],\n"
                       "          u: tuple[i32, tensor[[n], f32], tile[[2, 2], i8]]) -> (tuple[]) {\n"
                       "  a: tensor[[n, 4], f32, view(stride=[4, 1])] = call as_layout(x)\n"
                       "  b: tile[[n, 4], f32, view()] = call ld(a)\n"
                       "  c: tile[[n, 4], f32] = call ld(a)\n"
                       "  e: tuple[] = call pack(b, c, u, t)\n"
                       "  return e\n"
                       "}\n");
  pt_has_text(a, "x: tensor[[n, 4], f32, view(stride=[1, n], layout=dn, valid_shape=[n, 2], pad=max)]");
  pt_has_text(a, "t: tile[[16, 16], f16, view(valid_shape=[n, 16], stride=[16, 1], start_offset=n, blayout=col_major, "
                 "slayout=row_major, fractal=1024, pad=zero, compact=normal)]");
  pt_has_text(a, "u: tuple[i32, tensor[[n], f32], tile[[2, 2], i8]]) -> (tuple[])");
  pt_has_text(a, "  a: tensor[[n, 4], f32, view(stride=[4, 1], layout=nd)] = call as_layout(x)\n");
  pt_has_text(a, "  b: tile[[n, 4], f32, view(blayout=row_major)] = call ld(a)\n");
  pt_has_text(a, "  c: tile[[n, 4], f32] = call ld(a)\n");
  /* The events: params (the metadata of x, t and u), as_layout's tensor event, the calls. */
  Program *p = parse_ok(ctx, a);
  uint64_t params[4] = {3, 0, 0, 0};
  ProgEvalInput in = {.params = params, .call_result = result_of_position};
  ProgTrace tr;
  assert_true(prog_eval(p->funcs[0], &in, &tr));
  assert_false(tr.ub);
  assert_int_equal(tr.nevents, 6);
  assert_string_equal(tr.events[0].sig, "params(tensor[2]f32{s2,v2,dn,max},tile[2]f16{s2,v2,o,col_major,row_major,1024,zero,"
                                        "normal},tuple(i32,tensor[1]f32,tile[2]i8))");
  /* x: 3, 4, 1, 3, 3, 2; t: 16, 16, 16, 1, 3, 16, 3; u: 3, 2, 2 */
  const uint64_t meta[] = {3, 4, 1, 3, 3, 2, 16, 16, 16, 1, 3, 16, 3, 3, 2, 2};
  assert_int_equal(tr.events[0].nargs, sizeof meta / sizeof *meta);
  for (size_t i = 0; i < sizeof meta / sizeof *meta; i++) assert_int_equal(tr.events[0].args[i], meta[i]);
  /* as_layout from dn to nd: another tensor than x (parameter 2), with a's shape and stride. */
  assert_string_equal(tr.events[1].sig, "tensor(tensor[2]f32{s2,v0,nd,null})");
  assert_int_equal(tr.events[1].nargs, 5);
  assert_true(tr.events[1].args[0] != 2);
  assert_int_equal(tr.events[1].args[3], 4);
  assert_string_equal(tr.events[2].sig, "call ld(tensor[2]f32{s2,v0,nd,null})->tile[2]f32{s0,v0,row_major,none_box,512,null,null}");
  assert_string_equal(tr.events[4].sig, "call pack(tile[2]f32{s0,v0,row_major,none_box,512,null,null},tile[2]f32,"
                                        "tuple(i32,tensor[1]f32,tile[2]i8),tile[2]f16{s2,v2,o,col_major,row_major,1024,zero,normal})->tuple()");
  assert_string_equal(tr.events[5].sig, "return(tuple())");
  prog_trace_free(&tr);
  prog_free(p);
  /* as_layout to the operand's own layout is the operand: the event holds x's identity. */
  p = parse_ok(ctx, "func main(x: tensor[[2], f32]) {\n  a: tensor[[2], f32, view(layout=nd)] = call as_layout(x)\n"
                    "  call f(a)\n}\n");
  assert_true(prog_eval(p->funcs[0], &in, &tr));
  assert_int_equal(tr.events[1].args[0], 1);
  prog_trace_free(&tr);
  prog_free(p);
  free(a);
  const char *h = "func main(n: index, t: tensor[[4, 8], f32]) {\n";
  char b[512];
#define TYPE_ERROR(body, line, col, msg) \
  (snprintf(b, sizeof b, "%s%s\n}\n", h, body), check_error(b, line, col, msg))
  TYPE_ERROR("  v: tensor[[4, 8], f32, view(stride=[1])] = t", 2, 38, "the view's stride has 1 entries, the shape 2");
  TYPE_ERROR("  v: tensor[[4, 8], f32, view(layout=dn, layout=nd)] = t", 2, 42, "the view's layout is given twice");
  TYPE_ERROR("  v: tensor[[4, 8], f32, view(blayout=row_major)] = t", 2, 31, "'blayout' is not a field of a tensor view");
  TYPE_ERROR("  v: tile[[4, 8], f32, view(layout=nd)] = call f()", 2, 29, "'layout' is not a field of a tile view");
  TYPE_ERROR("  v: tensor[[4, 8], f32, view(layout=xy)] = t", 2, 38, "expected the layout (nd, dn or nz), found 'xy'");
  TYPE_ERROR("  v: tile[[4, 8], f32, view(pad=nan)] = call f()", 2, 33, "expected the pad value (null, zero, max or min)");
  TYPE_ERROR("  v: tile[[4, 8], f32, view(fractal=0)] = call f()", 2, 37, "the fractal size must be from 1");
  TYPE_ERROR("  v: tile[[4, 8], f32, view(fractal=n)] = call f()", 2, 37, "expected the fractal size");
  TYPE_ERROR("  v: tile[[4, 8], f32, view(start_offset=f(n))] = call f()", 2, 42, "a call cannot appear");
  TYPE_ERROR("  v: tensor[[4, 8], f32, view(3)] = t", 2, 31, "expected a field of the tensor view");
  TYPE_ERROR("  v: tensor[[4, 8], f32, stride=[1, 1]] = t", 2, 26, "expected 'view', found 'stride'");
  TYPE_ERROR("  v: tuple[i32, tuple[]] = call f()", 2, 17, "a tuple's elements are scalars, tensors or tiles");
  TYPE_ERROR("  v: tuple[i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32] = call f()",
             2, 92, "too many elements in a tuple (limit 16)");
  TYPE_ERROR("  v: tile[[4, 8], f32] = t", 2, 26, "type mismatch: 'v' is a rank-2 tile of f32, but 't' is a tensor");
  TYPE_ERROR("  v: tensor[[4], f32] = t", 2, 25, "'v' is a rank-1 tensor of f32, but 't' is a tensor");
  TYPE_ERROR("  v: tensor[[4, 8], f32, view(layout=dn)] = t\n  v: tensor[[4, 8], f32] = t", 3, 3,
             "type mismatch: 'v' is a rank-2 tensor of f32 with a view");
  TYPE_ERROR("  v: tile[[4, 8], f32] = call f()\n  y: index = 1 + v", 3, 18, "'v' is a tile: only scalars");
  TYPE_ERROR("  v: tensor[[8, 4], i32] = call as_layout(t)", 2, 33, "as_layout gives a tensor of its operand's dtype and rank");
  TYPE_ERROR("  v: tensor[[4, 8], f32] = call as_layout(t, n)", 2, 33, "as_layout takes one tensor variable");
  TYPE_ERROR("  v: tensor[[4, 8], f32] = call as_layout(g(t))", 2, 33, "the operand of as_layout cannot call");
  TYPE_ERROR("  y: index = as_layout(t) + 1", 2, 14, "'as_layout' gives a tensor");
#undef TYPE_ERROR
  assert_int_equal(error_failures, 0);
  vs_ctx_free(ctx);
}

/* break and continue: where they go, what they carry, and the trace they leave. */
/* Distributed tensors and the view's derived types: the derivation (shape, canonical strides per
 * layout, a flip's swaps, what is inherited), printing with the type, the events' signatures, errors. */
static void test_view_forms(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx, "func main(m: index, x: tensor[[8, 4], f32],\n"
                            "    y: dtensor[[m, 3, 5], f16, view(stride=[15, 5, 1], valid_shape=[m, 2, 5], pad=zero)]) {\n"
                            "  a = call view(x, layout=nd)\n"
                            "  b = call view(x, [2, 16], layout=dn)\n"
                            "  c = call view(y, layout=dn)\n"
                            "  d = call view(y, [m, 15])\n"
                            "  e = call view(y, [2, m, 3, 5], layout=dn)\n"
                            "  f: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = call view(x, layout=dn)\n"
                            "  call g(a, b, c, d, e, f)\n"
                            "}\n");
  pt_has_text(a, "  a: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = call view(x, layout=nd)\n");
  pt_has_text(a, "  b: tensor[[2, 16], f32, view(stride=[1, 2], layout=dn)] = call view(x, [2, 16], layout=dn)\n");
  pt_has_text(a, "  c: dtensor[[m, 5, 3], f16, view(stride=[15, 1, 5], layout=dn, valid_shape=[m, 5, 2], pad=zero)] = "
                 "call view(y, layout=dn)\n");
  pt_has_text(a, "  d: dtensor[[m, 15], f16, view(stride=[15, 1], layout=nd)] = call view(y, [m, 15])\n");
  pt_has_text(a, "  e: dtensor[[2, m, 3, 5], f16, view(stride=[15 * m, 15, 1, 3], layout=dn)] = "
                 "call view(y, [2, m, 3, 5], layout=dn)\n");
  pt_has_text(a, "  f: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = call view(x, layout=dn)\n");
  Program *p = parse_ok(ctx, a);
  uint64_t params[3] = {2, 0, 0};
  ProgEvalInput in = {.params = params, .call_result = result_of_position};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* params, a .. f (no call events: builtins), g */
  assert_int_equal(t.nevents, 8);
  assert_non_null(strstr(t.events[0].sig, "dtensor[3]f16{s3,v3,nd,zero}"));
  assert_string_equal(t.events[1].sig, "tensor(tensor[2]f32{s2,v0,nd,null})");
  assert_int_equal(t.events[1].args[0], 2);                 /* a is x (parameter 1) */
  assert_true(t.events[4].args[0] != t.events[0].args[0]); /* d is another tensor */
  assert_string_equal(t.events[4].sig, "tensor(dtensor[2]f16{s2,v0,nd,null})");
  assert_int_equal(t.events[4].args[1], 2);                 /* d's shape [m, 15], m = 2 */
  assert_int_equal(t.events[5].args[5], 30);                /* e's first stride 15 * m */
  prog_trace_free(&t);
  prog_free(p);
  free(a);
  check_error("func main(x: tensor[[4, 8], f32]) {\n  call view(x, [4, 8])\n}", 2, 8,
              "a view with a shape or layout is a definition's value");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v = call view(x, layout=nz)\n}", 2, 12, "nz is a tile layout");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v = call view(x, [32], layout=dn)\n}", 2, 12,
              "a dn view needs rank 2 or more");
  check_error("func main(x: tensor[[4], f32]) {\n  v = call view(x, layout=dn)\n}", 2, 12,
              "a dn view needs rank 2 or more");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v = call view(x, [])\n}", 2, 12, "at least one entry");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v = call view(x, [4, 8], 1)\n}", 2, 28,
              "takes at most a layout after it");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v = call view(x, layout=nd, [4, 8])\n}", 2, 29,
              "the layout is the last operand");
  check_error("func main(s: index) {\n  v = call view(s, [4])\n}", 2, 12, "a view reinterprets a tensor");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v = call view(x, [4, f(1)])\n}", 2, 24, "a call cannot appear");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v: tensor[[4, 8], f32] = call view(x, [4, 8])\n}", 2, 28,
              "a view's type is derived");
  check_error("func main(x: tensor[[4, 8], f32]) {\n  v: tensor[[4, 8], f32, view(stride=[8, 1], layout=nd)] = "
              "call view(x, [2, 16])\n}", 2, 60, "a view's type is derived");
  check_error("func main(d: dtensor[[4, 8], f32]) {\n  v: tensor[[4, 8], f32] = d\n}", 2, 28,
              "'d' is a tensor (a rank-2 distributed tensor of f32)");
  check_error("func main(d: dtensor[[4, 8], f32]) -> (tensor[[4, 8], f32]) {\n  return d\n}", 2, 10, "type mismatch");
  assert_int_equal(error_failures, 0);
  /* `dtensor` is a type word only before `[`. */
  char *b = round_trip(ctx, "func main(dtensor: index) -> (index) {\n  return dtensor + 1\n}\n");
  free(b);
  vs_ctx_free(ctx);
}

/* Dispatch predicates and an spmd's dependencies: printing, the events (the element is never read:
 * only the tensor's identity and the indices are values), errors. */
static void test_dispatch(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx, "func main(e: index, rc: tensor[[2, 2], i32]) {\n"
                            "  (g: i32, t0) = submit gate(rc) predicate rc[e, 1] >= -2\n"
                            "  spmd(4) deps [t0, e + 1] predicate rc[0, e] != 3 @manual {\n"
                            "    call work(g)\n"
                            "  }\n"
                            "  spmd(2) {\n"
                            "    call work(g)\n"
                            "  }\n"
                            "}\n");
  pt_has_text(a, "  (g: i32, t0: index) = submit gate(rc) predicate rc[e, 1] >= -2\n");
  pt_has_text(a, "  spmd(4) deps [t0, e + 1] predicate rc[0, e] != 3 @manual {\n");
  Program *p = parse_ok(ctx, a);
  uint64_t params[2] = {1, 0};
  ProgEvalInput in = {.params = params, .call_result = result_of_position};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* params, gate, spmd, work, end spmd, spmd, work, end spmd */
  assert_int_equal(t.nevents, 8);
  assert_string_equal(t.events[1].sig, "submit gate(tensor[2]i32)->i32 deps(0) when tensor[2]i32[2] >= -2");
  assert_int_equal(t.events[1].nargs, 4);
  assert_int_equal(t.events[1].args[1], 2); /* rc: parameter 1 */
  assert_int_equal(t.events[1].args[2], 1); /* e */
  assert_string_equal(t.events[2].sig, "spmd(index) deps(2) when tensor[2]i32[2] != 3");
  assert_int_equal(t.events[2].nargs, 6);
  assert_int_equal(t.events[2].args[1], (UINT64_C(1) << 32) + 1); /* t0 */
  assert_int_equal(t.events[2].args[2], 2);                      /* e + 1 */
  assert_int_equal(t.events[2].args[3], 2);                      /* rc */
  assert_int_equal(t.events[2].args[5], 1);                      /* e */
  assert_string_equal(t.events[5].sig, "spmd(index)");
  prog_trace_free(&t);
  prog_free(p);
  free(a);
  check_error("func main(n: index) {\n  spmd(4) predicate n[0] > 0 {\n  }\n}", 2, 21, "'n' is not a visible tensor");
  check_error("func main(r: tensor[[4], i32]) {\n  spmd(4) predicate r[0, 1] > 0 {\n  }\n}", 2, 27,
              "reads one element: 1 indices for 'r' (rank 1), not 2");
  check_error("func main(r: tensor[[4], i32]) {\n  spmd(4) predicate r[0] + 0 {\n  }\n}", 2, 26, "expected a comparison");
  check_error("func main(r: tensor[[4], i32]) {\n  spmd(4) predicate r[0] > 1_i32 {\n  }\n}", 2, 28,
              "compares with an integer literal (without a suffix)");
  check_error("func main(r: tensor[[4], i32]) {\n  spmd(4) predicate r[f(0)] > 1 {\n  }\n}", 2, 23, "a call cannot appear");
  check_error("func main(r: tensor[[4], i32]) {\n  spmd(4) predicate r[0] > 9223372036854775808 {\n  }\n}", 2, 28,
              "does not fit in 64 bits");
  assert_int_equal(error_failures, 0);
  /* `predicate` names a variable where no name follows it. */
  char *b = round_trip(ctx, "func main(r: tensor[[4], i32]) -> (index) {\n  (o: i32, t) = submit k(r)\n"
                            "  predicate: index = t + 1\n  return predicate\n}\n");
  free(b);
  vs_ctx_free(ctx);
}

static void test_jumps(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  const char *text = "func main(n: index) -> (index, index) {\n"
                     "  for i in range(0, 8) {\n"
                     "    if i == 2 {\n"
                     "      continue\n"
                     "    }\n"
                     "    call f(i)\n"
                     "    if i == 3 {\n"
                     "      break\n"
                     "    }\n"
                     "  }\n"
                     "  (s) = for j in range(0, n) iter (acc: index = 0) {\n"
                     "    if 10 < acc {\n"
                     "      break acc * 100\n"
                     "    }\n"
                     "    if j == 1 {\n"
                     "      continue acc\n"
                     "    }\n"
                     "    yield acc + j\n"
                     "  }\n"
                     "  (w) = while iter (k: index = 0) cond k < n {\n"
                     "    if k == 4 {\n"
                     "      break k + 1000\n"
                     "    }\n"
                     "    yield k + 1\n"
                     "  }\n"
                     "  return s, w\n"
                     "}\n";
  char *a = round_trip(ctx, text);
  assert_string_equal(a, text);
  free(a);
  Program *p = parse_ok(ctx, text);
  uint64_t params[1] = {20};
  ProgEvalInput in = {.params = params};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* f(0), f(1), f(3) (2 continued, 3 broke), then the return. */
  assert_int_equal(t.nevents, 4);
  assert_int_equal(t.events[0].args[0], 0);
  assert_int_equal(t.events[1].args[0], 1);
  assert_int_equal(t.events[2].args[0], 3);
  /* acc: 0, 0 (j = 0), 0 (j = 1 continued), 2, 5, 9, 14 > 10 at j = 6: break 1400; w breaks at 4. */
  assert_string_equal(t.events[3].sig, "return(index,index)");
  assert_int_equal(t.events[3].args[0], 1400);
  assert_int_equal(t.events[3].args[1], 1004);
  prog_trace_free(&t);
  params[0] = 3; /* no break fires: acc = 0 + 0 + 2 = 2, w = 3 */
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_int_equal(t.events[t.nevents - 1].args[0], 2);
  assert_int_equal(t.events[t.nevents - 1].args[1], 3);
  prog_trace_free(&t);
  prog_free(p);
  vs_ctx_free(ctx);
}

/* Communication domains and pinned slots: printing, the round trip, the events (the slots' identities,
 * the sizes at the body's end, the pin's buffer, index and offset, its UB) and the errors. */
static void test_domain_and_pin(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  char *a = round_trip(ctx, "func main(n: index, a: tensor[[n], f32]) -> (index) {\n"
                            "  domain [buf: m * 4, sig: 8] @group(world) @level(2) {\n"
                            "    m: index = n + 1\n"
                            "    call send(buf, sig)\n"
                            "  }\n"
                            "  pin o = a[n]\n"
                            "  call use(o, m)\n"
                            "  domain [] {\n  }\n"
                            "  return o + buf\n"
                            "}\n");
  pt_has_text(a, "  domain [buf: m * 4, sig: 8] @group(world) @level(2) {\n    m: index = n + 1\n");
  pt_has_text(a, "  pin o = a[n]\n");
  pt_has_text(a, "  domain [] {\n    pass\n  }\n");
  Program *p = parse_ok(ctx, a);
  uint64_t params[2] = {3, 0};
  ProgEvalInput in = {.params = params, .call_result = result_of_position};
  ProgTrace t;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_false(t.ub);
  /* params, domain, send, end domain, pin, use, domain, end domain, return */
  assert_int_equal(t.nevents, 9);
  assert_string_equal(t.events[1].sig, "domain[2]");
  assert_int_equal(t.events[1].nargs, 0);
  uint64_t slot0 = (UINT64_C(1) << 48) + (1 << 8); /* slot 0 of the domain at event 1 */
  assert_int_equal(t.events[2].args[0], slot0);
  assert_int_equal(t.events[2].args[1], slot0 + 1);
  assert_string_equal(t.events[3].sig, "end domain[2]");
  assert_int_equal(t.events[3].nargs, 2);
  assert_int_equal(t.events[3].args[0], 16); /* m * 4 with the body's m = 4 */
  assert_int_equal(t.events[3].args[1], 8);
  assert_string_equal(t.events[4].sig, "pin(tensor[1]f32)");
  assert_int_equal(t.events[4].nargs, 3);
  assert_int_equal(t.events[4].kinds[0], PROG_KIND_TENSOR);
  assert_int_equal(t.events[4].args[0], 2); /* a: parameter 1 */
  assert_int_equal(t.events[4].args[1], 3);
  assert_int_equal(t.events[4].args[2], 12); /* 3 * 4 bytes */
  assert_int_equal(t.events[5].args[0], 12);
  assert_string_equal(t.events[7].sig, "end domain[0]");
  assert_int_equal(t.events[8].args[0], 12 + slot0);
  prog_trace_free(&t);
  /* A negative slot index is UB at the pin, after the domain's events. */
  params[0] = (uint64_t)-1;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_true(t.ub);
  assert_int_equal(t.ub_line, 6);
  assert_int_equal(t.nevents, 4);
  prog_trace_free(&t);
  /* An offset past 2^63 - 1: UB too (an f32 slot 2^61 is 2^63 bytes in). */
  params[0] = UINT64_C(1) << 61;
  assert_true(prog_eval(p->funcs[0], &in, &t));
  assert_true(t.ub);
  prog_trace_free(&t);
  prog_free(p);
  free(a);
  check_error("func main() {\n  domain [b: 4] {\n    b = 3\n  }\n}", 3, 5, "a domain's slots are read-only");
  check_error("func main(n: index) {\n  domain [n: 4] {\n  }\n}", 2, 11, "slot 'n' hides a variable");
  check_error("func main() {\n  domain [b: 4, b: 5] {\n  }\n}", 2, 17, "slot 'b' appears twice");
  check_error("func main() {\n  domain [b: c] {\n  }\n}", 2, 14, "unknown variable 'c'");
  check_error("func main() {\n  domain [b: f(1)] {\n  }\n}", 2, 14, "a call cannot appear in a slot size");
  check_error("func main() {\n  domain [b: 4 {\n  }\n}", 2, 16, "expected a slot's size, then ',' or ']'");
  check_error("func main() {\n  domain b: 4 {\n  }\n}", 2, 10, "expected '[' and the domain's slots");
  check_error("func main() {\n  domain [b: 4] {\n    m: index = 1\n  }\n  domain [c: m] {\n    if true {\n"
              "      k: index = 2\n    }\n  }\n  domain [d: k] {\n  }\n}",
              10, 14, "'k' is not defined here");
  check_error("func main(n: index) {\n  for i in range(0, n) {\n    domain [b: 4] {\n      break\n    }\n  }\n}", 4, 7,
              "a jump cannot leave an spmd, a scope, a domain");
  check_error("func main(n: index) {\n  (r) = for i in range(0, n) iter (c: index = 0) {\n    domain [b: 4] {\n"
              "      yield c\n    }\n  }\n}",
              4, 7, "'yield' cannot end a domain body");
  check_error("func main(x: i32) {\n  pin p = x[0]\n}", 2, 11, "a slot is pinned in a tensor: 'x' is not one");
  check_error("func main(t: tensor[[4], f32]) {\n  pin p = t(0)\n}", 2, 12, "expected '[' and the slot index");
  check_error("func main(t: tensor[[4], f32]) {\n  pin p = t[f(0)]\n}", 2, 13, "a call cannot appear in a slot index");
  check_error("func main(t: tensor[[4], f32]) {\n  pin p = u[0]\n}", 2, 11, "unknown variable 'u'");
  check_error("func main(t: tensor[[4], f32]) {\n  p: i32 = 1\n  pin p = t[0]\n}", 3, 7, "type mismatch");
  /* Domains nest like any statement, up to the limit (each keeps its slot list off the stack). */
  {
    size_t cap = 300 * 40 + 64, len = 0;
    char *deep = malloc(cap);
    assert_non_null(deep);
    len += (size_t)snprintf(deep + len, cap - len, "func main() {\n");
    for (int i = 0; i < 300; i++) len += (size_t)snprintf(deep + len, cap - len, "domain [s%d: %d] {\n", i, i);
    for (int i = 0; i < 300; i++) len += (size_t)snprintf(deep + len, cap - len, "}\n");
    snprintf(deep + len, cap - len, "}\n");
    check_error(deep, 257, 20, "statements nested too deeply");
    free(deep);
  }
  check_error("func main(domain: index) {\n}", 1, 11, "reserved word");
  check_error("func main() {\n  pin: index = 1\n}", 2, 3, "reserved word");
  assert_int_equal(error_failures, 0);
  vs_ctx_free(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_round_trip),
    cmocka_unit_test(test_dtype_names),
    cmocka_unit_test(test_literal_typing),
    cmocka_unit_test(test_statements_and_newlines),
    cmocka_unit_test(test_scoping),
    cmocka_unit_test(test_errors),
    cmocka_unit_test(test_limits),
    cmocka_unit_test(test_interpreter),
    cmocka_unit_test(test_calls_in_expressions),
    cmocka_unit_test(test_submit),
    cmocka_unit_test(test_jumps),
    cmocka_unit_test(test_types),
    cmocka_unit_test(test_view_forms),
    cmocka_unit_test(test_dispatch),
    cmocka_unit_test(test_domain_and_pin),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
