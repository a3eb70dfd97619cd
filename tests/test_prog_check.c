/* test_prog_check.c: translation validation of programs (smt/prog_check.h): what it proves, what it
 * refutes (with a counterexample the interpreter confirms), what it only proves up to a bound, and
 * the fold obligations. */
#include "prog_support.h"

static bool no_induction; /* test_bounded: the unrolling path */

static ProgCheckResult check2(PT *t, const char *a, const char *b, unsigned unroll) {
  Program *pa = pt_parse(t, a), *pb = pt_parse(t, b);
  ProgCheckOptions co = {.unroll = unroll, .no_induction = no_induction};
  ProgCheckResult r = prog_check_program(t->smt, &co, pa, pb);
  prog_free(pb);
  prog_free(pa);
  return r;
}

static void expect_valid(const char *a, const char *b, bool bounded) {
  PT t;
  pt_init(&t);
  ProgCheckResult r = check2(&t, a, b, 8);
  if (r.verdict != CHECK_VALID || r.bounded != bounded)
    fail_msg("expected %svalid, got %s%s (%s)\n%s", bounded ? "bounded " : "", check_verdict_name(r.verdict),
             r.bounded ? " (bounded)" : "", r.reason, r.report ? r.report : "");
  prog_check_result_free(&r);
  pt_fini(&t);
}

/* Invalid, with a report mentioning each of the given texts. */
static void expect_invalid(const char *a, const char *b, const char *m1, const char *m2) {
  PT t;
  pt_init(&t);
  ProgCheckResult r = check2(&t, a, b, 8);
  if (r.verdict != CHECK_INVALID)
    fail_msg("expected invalid, got %s (%s) for:\n%s", check_verdict_name(r.verdict), r.reason, b);
  assert_non_null(r.report);
  pt_has(r.report, "first divergence");
  if (m1) pt_has(r.report, m1);
  if (m2) pt_has(r.report, m2);
  prog_check_result_free(&r);
  pt_fini(&t);
}

static const char *base =
  "func main(x: i32 in [0, 100], n: index) -> (i32) {\n"
  "  (s) = for i in range(0, 4) iter (acc: i32 = 0) {\n"
  "    call f(i)\n"
  "    yield acc + x\n"
  "  }\n"
  "  if x == 57 { call g(s) }\n"
  "  return s // 2\n"
  "}\n";

static void test_valid(void **state) {
  (void)state;
  expect_valid(base, base, false);
  /* Different code, same behaviour. */
  expect_valid(base,
               "func main(x: i32 in [0, 100], n: index) -> (i32) {\n"
               "  call f(0)\n  call f(1)\n  call f(2)\n  call f(3)\n"
               "  if x == 57 { call g(228_i32) }\n"
               "  return x * 2\n"
               "}\n",
               false);
  /* Where the source is UB the target may do anything. */
  expect_valid("func main(x: index) -> (index) {\n  y: index = 10 // x\n  call f(y)\n  return y\n}\n",
               "func main(x: index) -> (index) {\n  if x == 0 { call boom() }\n  y: index = 10 // x\n  call f(y)\n"
               "  return y\n}\n",
               false);
}

static void test_invalid(void **state) {
  (void)state;
  /* A changed argument, on one input only. */
  expect_invalid(base,
                 "func main(x: i32 in [0, 100], n: index) -> (i32) {\n"
                 "  (s) = for i in range(0, 4) iter (acc: i32 = 0) { call f(i) yield acc + x }\n"
                 "  if x == 57 { call g(s + 1) }\n"
                 "  return s // 2\n"
                 "}\n",
                 "x = 57_i32", "call g(228_i32)");
  /* A missing call. */
  expect_invalid(base,
                 "func main(x: i32 in [0, 100], n: index) -> (i32) {\n"
                 "  (s) = for i in range(0, 3) iter (acc: i32 = 0) { call f(i) yield acc + x }\n"
                 "  if x == 57 { call g(s) }\n"
                 "  return (s + x) // 2\n"
                 "}\n",
                 "event 3", "call f(3_index)");
  /* Reordered calls. */
  expect_invalid("func main() {\n  call a()\n  call b()\n}\n", "func main() {\n  call b()\n  call a()\n}\n",
                 "call a()", "call b()");
  /* A returned value. */
  expect_invalid("func main(x: i8) -> (i8) {\n  return x + 1\n}\n", "func main(x: i8) -> (i8) {\n  return x - 1\n}\n"
                 , NULL, NULL);
  /* An introduced UB. */
  expect_invalid("func main(x: index) {\n  call f(x)\n}\n",
                 "func main(x: index) {\n  y: index = 10 // (x - 3)\n  call f(x)\n}\n", "x = 3", "UB at 2:");
  /* A dropped guard: the historical bug (`pos >= 0` deleted as if indices were non-negative). */
  expect_invalid("func main(base: index) {\n  pos: index = base - 1\n  if pos >= 0 { call g(pos) }\n}\n",
                 "func main(base: index) {\n  pos: index = base - 1\n  call g(pos)\n}\n", "call g(", NULL);
  /* A tensor shape and an spmd core count. */
  expect_invalid("func main(n: index) {\n  v: tensor[[n, 4], f32] = call mk()\n}\n",
                 "func main(n: index) {\n  v: tensor[[4, 4], f32] = call mk()\n}\n", "shape [", NULL);
  expect_invalid("func main(n: index) {\n  spmd(n) { call w() }\n}\n", "func main(n: index) {\n  spmd(4) { call w() }\n}\n",
                 "spmd(", NULL);
  /* Call results are shared unknowns: a target may not assume one. */
  expect_invalid("func main() -> (i32) {\n  r: i32 = call q()\n  return r\n}\n",
                 "func main() -> (i32) {\n  r: i32 = call q()\n  return 0_i32\n}\n", "result of event 0", NULL);
}

/* Calls inside expressions (docs/pass.md, "Calls inside expressions"): each is an event of its own, so
 * what a wrong fold or dead-code removal would print is refuted at the call it dropped, repeated or
 * moved; simplifying around a call is proved. */
static void test_calls_in_expressions(void **state) {
  (void)state;
  const char *src = "func main(a: index, b: index, c: bool) -> (index) {\n"
                    "  x: index = f(a) * 2\n"
                    "  z: index = h(b) * 0\n"
                    "  y: index = g(a) + k(b)\n"
                    "  w: index = select(c, p(a), 0)\n"
                    "  return x + y + 1 + 2\n"
                    "}\n";
  /* Simplified around the calls, or with a call read twice where its value is (a hole is a value). */
  expect_valid(src,
               "func main(a: index, b: index, c: bool) -> (index) {\n"
               "  x: index = f(a) * 2\n  z: index = h(b) * 0\n  y: index = g(a) + k(b)\n"
               "  w: index = select(c, p(a), 0)\n  return x + y + 3\n}\n",
               false);
  /* A fold that repeats a call: f(a) * 2 => f(a) + f(a) is two events. */
  expect_invalid(src,
                 "func main(a: index, b: index, c: bool) -> (index) {\n"
                 "  x: index = f(a) + f(a)\n  z: index = h(b) * 0\n  y: index = g(a) + k(b)\n"
                 "  w: index = select(c, p(a), 0)\n  return x + y + 3\n}\n",
                 "call f(", "call h(");
  /* A fold that drops a call: h(b) * 0 => 0. */
  expect_invalid(src,
                 "func main(a: index, b: index, c: bool) -> (index) {\n"
                 "  x: index = f(a) * 2\n  z: index = 0\n  y: index = g(a) + k(b)\n"
                 "  w: index = select(c, p(a), 0)\n  return x + y + 3\n}\n",
                 "call h(", "call g(");
  /* Dead-code removal of a value that calls (z and w are read by nothing). */
  expect_invalid(src,
                 "func main(a: index, b: index, c: bool) -> (index) {\n"
                 "  x: index = f(a) * 2\n  y: index = g(a) + k(b)\n"
                 "  w: index = select(c, p(a), 0)\n  return x + y + 3\n}\n",
                 "call h(", NULL);
  /* Commutative operands swapped in the text: the calls run in the other order. */
  expect_invalid(src,
                 "func main(a: index, b: index, c: bool) -> (index) {\n"
                 "  x: index = f(a) * 2\n  z: index = h(b) * 0\n  y: index = k(b) + g(a)\n"
                 "  w: index = select(c, p(a), 0)\n  return x + y + 3\n}\n",
                 "call g(", "call k(");
  /* A call made conditional: select runs p whatever c is; an if does not. */
  expect_invalid(src,
                 "func main(a: index, b: index, c: bool) -> (index) {\n"
                 "  x: index = f(a) * 2\n  z: index = h(b) * 0\n  y: index = g(a) + k(b)\n"
                 "  (w: index) = if c { yield p(a) } else { yield 0 }\n  return x + y + 3\n}\n",
                 "c = false", "call p(");
  /* A nested call's argument and the call holding it: arguments first. */
  expect_valid("func main(a: i32) {\n  call s(f(g(a + 0)), 1 + 2)\n}\n",
               "func main(a: i32) {\n  call s(f(g(a)), 3)\n}\n", false);
  expect_invalid("func main(a: i32) {\n  call s(f(g(a)), 3)\n}\n",
                 "func main(a: i32) {\n  t: index = g(a)\n  call s(f(t), 3)\n  u: index = g(a)\n}\n",
                 "target: call g(", NULL);
}

/* Tasks: a dependency is part of the event; a task id that only a dependency reads must stay. */
static void test_submit(void **state) {
  (void)state;
  const char *src = "func main(n: index) -> (i32) {\n"
                    "  (o: i32, t0) = submit k0(n)\n"
                    "  t0c: index = t0\n"
                    "  (s: i32, t1) = submit k1(o + 0) deps [t0c + 0]\n"
                    "  return s\n"
                    "}\n";
  expect_valid(src,
               "func main(n: index) -> (i32) {\n  (o: i32, t0) = submit k0(n)\n"
               "  (s: i32, t1) = submit k1(o) deps [t0]\n  return s\n}\n",
               false);
  /* Dead-code removal that drops the task id's copy and with it the dependency. */
  expect_invalid(src,
                 "func main(n: index) -> (i32) {\n  (o: i32, t0) = submit k0(n)\n"
                 "  (s: i32, t1) = submit k1(o)\n  return s\n}\n",
                 "deps(1)", "deps(0)");
  /* A dependency on another task. */
  expect_invalid(src,
                 "func main(n: index) -> (i32) {\n  (o: i32, t0) = submit k0(n)\n"
                 "  (s: i32, t1) = submit k1(o) deps [t0 + 1]\n  return s\n}\n",
                 "submit k1(", NULL);
  /* The pass keeps the copy (only the dependency reads it) and folds around it. */
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t, src);
  pt_has(out, "t0c: index = t0\n");
  pt_has(out, "submit k1(o) deps [t0c]\n");
  pt_fini(&t);
  /* A task whose id is not bound (`s: i32 = submit ...`): the same event, its dependency kept alive
   * and folded; a target that binds the id of another task, or drops the dependency, is refuted. */
  const char *one = "func main(n: index) -> (i32) {\n"
                    "  (o: i32, t0) = submit k0(n)\n"
                    "  scope @manual {\n"
                    "    s: i32 = submit k1(o * 1) deps [t0 + 0]\n"
                    "  }\n"
                    "  return s\n"
                    "}\n";
  expect_valid(one,
               "func main(n: index) -> (i32) {\n  (o: i32, t0) = submit k0(n)\n"
               "  scope @manual {\n    (s: i32, t9) = submit k1(o) deps [t0]\n  }\n  return s\n}\n",
               false);
  expect_invalid(one,
                 "func main(n: index) -> (i32) {\n  (o: i32, t0) = submit k0(n)\n"
                 "  scope @manual {\n    s: i32 = submit k1(o)\n  }\n  return s\n}\n",
                 "deps(1)", "deps(0)");
  pt_init(&t);
  out = pt_run(&t, one);
  pt_has(out, "    s: i32 = submit k1(o) deps [t0]\n");
  pt_fini(&t);
}

/* Views, tiles and tuples: every expression a type carries is part of the events; an as_layout is its
 * operand only when the layouts agree. */
static void test_types(void **state) {
  (void)state;
  const char *src = "func main(n: index, x: tensor[[n, 8], f32]) -> (tuple[i32, tile[[n, 8], f32]]) {\n"
                    "  k: index = 4\n"
                    "  same: tensor[[n, 8], f32, view(stride=[k * 2, 1], layout=nd)] = call as_layout(x)\n"
                    "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = call as_layout(x)\n"
                    "  t: tile[[n, 8], f32, view(valid_shape=[n - 1, 8], start_offset=k + k)] = call load(same, flip)\n"
                    "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n"
                    "  return u\n"
                    "}\n";
  const char *head = "func main(n: index, x: tensor[[n, 8], f32]) -> (tuple[i32, tile[[n, 8], f32]]) {\n";
  expect_valid(src,
               "func main(n: index, x: tensor[[n, 8], f32]) -> (tuple[i32, tile[[n, 8], f32]]) {\n"
               "  same: tensor[[n, 8], f32, view(stride=[8, 1], layout=nd)] = x\n"
               "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = call as_layout(x)\n"
               "  t: tile[[n, 8], f32, view(valid_shape=[n - 1, 8], start_offset=8)] = call load(same, flip)\n"
               "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n"
               "  return u\n"
               "}\n",
               false);
  char buf[1024];
  /* A layout flip taken for the identity: the tensor event holds another identity. */
  snprintf(buf, sizeof buf, "%s%s", head,
           "  same: tensor[[n, 8], f32, view(stride=[8, 1], layout=nd)] = x\n"
           "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = x\n"
           "  t: tile[[n, 8], f32, view(valid_shape=[n - 1, 8], start_offset=8)] = call load(same, flip)\n"
           "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n  return u\n}\n");
  expect_invalid(src, buf, "source: tensor(tensor#", "target: tensor(tensor#2)");
  /* A stride, a valid shape entry and a start offset changed: each is refuted at its event. */
  snprintf(buf, sizeof buf, "%s%s", head,
           "  same: tensor[[n, 8], f32, view(stride=[4, 1], layout=nd)] = x\n"
           "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = call as_layout(x)\n"
           "  t: tile[[n, 8], f32, view(valid_shape=[n - 1, 8], start_offset=8)] = call load(same, flip)\n"
           "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n  return u\n}\n");
  expect_invalid(src, buf, "shape [", NULL);
  snprintf(buf, sizeof buf, "%s%s", head,
           "  same: tensor[[n, 8], f32, view(stride=[8, 1], layout=nd)] = x\n"
           "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = call as_layout(x)\n"
           "  t: tile[[n, 8], f32, view(valid_shape=[n, 8], start_offset=8)] = call load(same, flip)\n"
           "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n  return u\n}\n");
  expect_invalid(src, buf, "call load(", NULL);
  snprintf(buf, sizeof buf, "%s%s", head,
           "  same: tensor[[n, 8], f32, view(stride=[8, 1], layout=nd)] = x\n"
           "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = call as_layout(x)\n"
           "  t: tile[[n, 8], f32, view(valid_shape=[n - 1, 8], start_offset=4)] = call load(same, flip)\n"
           "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n  return u\n}\n");
  expect_invalid(src, buf, "call load(", NULL);
  /* A tag differs: another event signature. */
  snprintf(buf, sizeof buf, "%s%s", head,
           "  same: tensor[[n, 8], f32, view(stride=[8, 1], layout=nd)] = x\n"
           "  flip: tensor[[8, n], f32, view(stride=[1, 8], layout=dn)] = call as_layout(x)\n"
           "  t: tile[[n, 8], f32, view(valid_shape=[n - 1, 8], start_offset=8, pad=zero)] = call load(same, flip)\n"
           "  u: tuple[i32, tile[[n, 8], f32]] = call pack(t)\n  return u\n}\n");
  expect_invalid(src, buf, "zero", NULL);
}

/* The view's shape and layout forms, types derived (a distributed operand among them): the layout
 * form to the operand's own layout is the operand; a shape view is another tensor, whose shape and
 * strides are the event's. The program, with its three views written as a, b, c: */
static const char *view_forms(char *buf, size_t size, const char *a, const char *b, const char *c) {
  snprintf(buf, size,
           "func main(n: index, x: tensor[[8, 4], f32], d: dtensor[[n, 8], f32]) {\n  %s\n  %s\n  %s\n"
           "  call f(a, b, c)\n}\n",
           a, b, c);
  return buf;
}

static void test_view_forms(void **state) {
  (void)state;
  char src[512], buf[512];
  const char *A = "a = call view(x, layout=nd)", *B = "b = call view(d, [n * 2, 4])", *C = "c = call view(x, layout=dn)";
  view_forms(src, sizeof src, "k: index = 2\n  a = call view(x, layout=nd)", "b = call view(d, [n * k, 4])", C);
  expect_valid(src, view_forms(buf, sizeof buf, "a: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = x", B, C), false);
  /* A shape view taken for its operand; another shape (the strides follow it); the flip taken for
   * the identity. */
  expect_invalid(src, view_forms(buf, sizeof buf, A, "b: dtensor[[n * 2, 4], f32, view(stride=[4, 1], layout=nd)] = d", C),
                 "source: tensor(", NULL);
  expect_invalid(src, view_forms(buf, sizeof buf, A, "b = call view(d, [n, 8])", C), "source: tensor(", NULL);
  expect_invalid(src, view_forms(buf, sizeof buf, A, B, "c: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = x"),
                 "source: tensor(", NULL);
  /* The pass folds the shape into the type and prints the list from it. */
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t, src);
  pt_has(out, "  b: dtensor[[n * 2, 4], f32, view(stride=[4, 1], layout=nd)] = call view(d, [n * 2, 4])\n");
  pt_has(out, "  a: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = x\n");
  pt_fini(&t);
}

/* Dispatch predicates: part of their task's event (a target that drops one, changes its comparison,
 * target or index is refuted); the pass folds the indices and never decides the comparison, though
 * the program wrote the element. An spmd's dependencies are part of its event too. */
static void test_dispatch(void **state) {
  (void)state;
  const char *src = "func main(e: index, rc: tensor[[4], i32]) {\n"
                    "  call write(rc, 0, 5)\n"
                    "  (g: i32, t0) = submit gate(rc)\n"
                    "  spmd(4) deps [t0 + 0] predicate rc[e * 1] > 0 {\n    call work(g)\n  }\n"
                    "}\n";
  char buf[512];
  const char *fmt = "func main(e: index, rc: tensor[[4], i32]) {\n  call write(rc, 0, 5)\n"
                    "  (g: i32, t0) = submit gate(rc)\n  spmd(4)%s {\n    call work(g)\n  }\n}\n";
  snprintf(buf, sizeof buf, fmt, " deps [t0] predicate rc[e] > 0");
  expect_valid(src, buf, false);
  snprintf(buf, sizeof buf, fmt, " deps [t0]");
  expect_invalid(src, buf, "when", NULL);
  snprintf(buf, sizeof buf, fmt, " deps [t0] predicate rc[e] >= 0");
  expect_invalid(src, buf, "> 0", ">= 0");
  snprintf(buf, sizeof buf, fmt, " deps [t0] predicate rc[0] > 0");
  expect_invalid(src, buf, "spmd(", NULL);
  snprintf(buf, sizeof buf, fmt, " predicate rc[e] > 0");
  expect_invalid(src, buf, "spmd(4_index) deps(1) when", "spmd(4_index) when");
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t, src);
  pt_has(out, "  spmd(4) deps [t0] predicate rc[e] > 0 {\n");
  pt_fini(&t);
}

/* Loops not proved by induction (here: none is, no_induction) are unrolled: exactly, or up to a bound. */
static void test_bounded(void **state) {
  (void)state;
  no_induction = true;
  const char *sym = "func main(n: index) {\n  for i in range(0, n) { call f(i) }\n}\n";
  expect_valid(sym, sym, true);
  /* The parameter's range keeps the trip count within the bound: a full proof. */
  const char *ranged = "func main(n: index in [0, 6]) {\n  for i in range(0, n) { call f(i) }\n}\n";
  expect_valid(ranged, ranged, false);
  const char *w = "func main(n: index) {\n  (j) = while iter (k: index = 0) cond k < n { yield k + 1 }\n  call f(j)\n}\n";
  expect_valid(w, w, true);
  /* A difference beyond the bound is not seen, and the verdict says the proof is bounded. */
  PT t;
  pt_init(&t);
  ProgCheckResult r = check2(&t, sym, "func main(n: index) {\n  for i in range(0, n) { if i < 100 { call f(i) } }\n}\n", 8);
  assert_int_equal(r.verdict, CHECK_VALID);
  assert_true(r.bounded);
  assert_int_equal(r.bound, 8);
  prog_check_result_free(&r);
  /* A constant trip count above the bound: unknown, never valid. */
  const char *big = "func main() {\n  for i in range(0, 100) { call f(i) }\n}\n";
  r = check2(&t, big, big, 8);
  assert_int_equal(r.verdict, CHECK_UNKNOWN);
  pt_has(r.reason, "unrolling bound");
  prog_check_result_free(&r);
  pt_fini(&t);
  no_induction = false;
}

static void test_input_errors(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  ProgCheckResult r = check2(&t, "func main(x: index) {\n}\n", "func main(x: i32) {\n}\n", 8);
  assert_int_equal(r.verdict, CHECK_ERROR);
  assert_true(r.input_error);
  prog_check_result_free(&r);
  r = check2(&t, "func main(x: index in [0, 4]) {\n}\n", "func main(x: index) {\n}\n", 8);
  assert_true(r.input_error);
  prog_check_result_free(&r);
  r = check2(&t, "func main() {\n}\n", "func other() {\n}\n", 8);
  assert_true(r.input_error);
  prog_check_result_free(&r);
  pt_fini(&t);
}

static void test_obligations(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  VsCtx *ctx = t.ctx;
  Node *i = vs_var(ctx, "i", DT_INDEX, im_min(DT_INDEX), im_max(DT_INDEX));
  Node *n = vs_var(ctx, "n", DT_INDEX, im_min(DT_INDEX), im_max(DT_INDEX));
  Node *c64 = vs_const_int(ctx, DT_INDEX, 64), *c0 = vs_const_int(ctx, DT_INDEX, 0);
  /* i < n && n <= 64 => i < 64 */
  Node *pre = vs_bin(ctx, OP_AND, vs_bin(ctx, OP_LT, i, n), vs_bin(ctx, OP_LE, n, c64));
  Obligation ok = {pre, vs_bin(ctx, OP_LT, i, c64), true, vs_bool(ctx, true), 1, 1, "test"};
  assert_int_equal(prog_check_obligation(t.smt, &ok, NULL, 0), CHECK_VALID);
  /* Nothing says i >= 0. */
  Obligation bad = {pre, vs_bin(ctx, OP_LE, c0, i), true, vs_bool(ctx, true), 1, 1, "test"};
  assert_int_equal(prog_check_obligation(t.smt, &bad, NULL, 0), CHECK_INVALID);
  pt_fini(&t);
}

/* Communication domains and pinned slots: the sizes, the slots' identities, a pin's buffer, index and
 * offset are all in the events. */
static void test_domain_and_pin(void **state) {
  (void)state;
  const char *src = "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                    "  domain [buf: n * 4, sig: 8] {\n"
                    "    m: index = 2\n"
                    "    if n == 3 {\n"
                    "      call send(buf, m)\n"
                    "    }\n"
                    "  }\n"
                    "  pin o = a[n + m]\n"
                    "  call use(o)\n"
                    "}\n";
  expect_valid(src,
               "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
               "  domain [buf: n * 4, sig: 8] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
               "  pin o = a[n + 2]\n  call use(o)\n}\n",
               false);
  /* A size specialized by the branch's fact n == 3: refuted at the domain's end. */
  expect_invalid(src,
                 "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                 "  domain [buf: 12, sig: 8] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
                 "  pin o = a[n + 2]\n  call use(o)\n}\n",
                 "source: end domain[2] sizes [", "target: end domain[2] sizes [12_index, 8_index]");
  /* Two slots swapped in a use: the identities differ. */
  expect_invalid(src,
                 "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                 "  domain [sig: 8, buf: n * 4] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
                 "  pin o = a[n + 2]\n  call use(o)\n}\n",
                 NULL, NULL);
  /* The pin in another buffer, at another index, or the offset's use taken for the index. */
  expect_invalid(src,
                 "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                 "  domain [buf: n * 4, sig: 8] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
                 "  pin o = b[n + 2]\n  call use(o)\n}\n",
                 "source: pin(tensor#2) index ", "target: pin(tensor#3) index ");
  expect_invalid(src,
                 "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                 "  domain [buf: n * 4, sig: 8] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
                 "  pin o = a[n + 3]\n  call use(o)\n}\n",
                 "source: pin(tensor#2) index ", ", offset ");
  expect_invalid(src,
                 "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                 "  domain [buf: n * 4, sig: 8] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
                 "  pin o = a[n + 2]\n  call use(n + 2)\n}\n",
                 "call use(", NULL);
  /* A negative index is UB in the source: a target that drops the pin is then still refuted where the
   * index is not negative. */
  expect_invalid(src,
                 "func main(n: index, a: tensor[[n], f32], b: tensor[[n], f32]) {\n"
                 "  domain [buf: n * 4, sig: 8] {\n    if n == 3 {\n      call send(buf, 2)\n    }\n  }\n"
                 "  call use((n + 2) * 4)\n}\n",
                 NULL, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_valid),
    cmocka_unit_test(test_invalid),
    cmocka_unit_test(test_calls_in_expressions),
    cmocka_unit_test(test_submit),
    cmocka_unit_test(test_types),
    cmocka_unit_test(test_view_forms),
    cmocka_unit_test(test_dispatch),
    cmocka_unit_test(test_domain_and_pin),
    cmocka_unit_test(test_bounded),
    cmocka_unit_test(test_input_errors),
    cmocka_unit_test(test_obligations),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
