/* test_prog_pass.c: the program Simplify pass (docs/pass.md): each stage, each fold's positive case
 * and the cases where it must not fire. Every output is checked by translation validation against
 * its input, every fold decision (obligation) is proved, and every printout parses back. */
#include "prog_support.h"
#include "support.h"

/* ---- 2. leaf folding ---- */

static void test_leaf_folding(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: i32, n: index, t: tensor[[2 * 8, n], f32]) -> (tensor[[4 * 4, 2], f32]) {\n"
                           "  call f(x, 3 + 4, 2_i32 + 3_i32)\n"
                           "  for i in range(0 + 0, n, 2 - 1) { call g(i) }\n"
                           "  spmd(8 // 2) { call h(1) }\n"
                           "  v: tensor[[64 // 4, 2], f32] = call mk(t)\n"
                           "  return v\n"
                           "}\n");
  pt_has(out, "t: tensor[[16, n], f32]");       /* parameter type rebuilt */
  pt_has(out, "-> (tensor[[16, 2], f32])");     /* result type rebuilt */
  pt_has(out, "call f(x, 7, 5_i32)");           /* call arguments; i32 constants stay typed */
  pt_has(out, "for i in range(0, n) {");        /* loop bounds */
  pt_has(out, "spmd(4) {");                     /* core count */
  pt_has(out, "v: tensor[[16, 2], f32] = call mk(t)");
  pt_fini(&t);
}

/* ---- 3. constant propagation ---- */

static void test_constant_propagation(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index) {\n"
                           "  k: index = 4\n"
                           "  b: bool = true\n"
                           "  for i in range(0, x) { call f(i * k) }\n"
                           "  if x < 3 { call g(k) } else { call g(k + 1) }\n"
                           "  spmd(2) { call h(k, b) }\n"
                           "}\n");
  pt_has(out, "call f(i * 4)");
  pt_has(out, "call g(4)");
  pt_has(out, "call g(5)");
  pt_has(out, "call h(4, true)");
  pt_lacks(out, "k: index"); /* the binding is dead once propagated */
  pt_fini(&t);
}

static void test_symbolic_values_bound_only(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  /* s is never inlined; its bounds still decide the comparison. */
  const char *out = pt_run(&t,
                           "func main(x: index in [0, 10]) {\n"
                           "  s: index = x + 1\n"
                           "  call f(s)\n"
                           "  if s < 12 { call g(s) }\n"
                           "}\n");
  pt_has(out, "s: index = x + 1");
  pt_has(out, "call f(s)");
  pt_has(out, "call g(s)");
  pt_lacks(out, "if ");
  pt_fini(&t);
}

static void test_multi_assigned_not_bound(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(c: bool, y: index) {\n"
                           "  x: i32 = 1\n"
                           "  if c { x = 2 }\n"
                           "  call h(x)\n"
                           "  z: index = 1\n"
                           "  z = 2\n"
                           "  call k(z)\n"
                           "  y = 3\n"
                           "  call k(y)\n"
                           "}\n");
  pt_has(out, "call h(x)"); /* reassigned in a branch: not propagated */
  pt_has(out, "call k(z)");
  pt_has(out, "call k(y)"); /* a reassigned parameter neither */
  pt_has(out, "x = 2_i32");
  pt_fini(&t);
}

/* ---- 4. fold A ---- */

static void test_fold_if(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index) {\n"
                           "  if 1 < 2 { call f(1) } else { call f(2) }\n"
                           "  c: index = 5\n"
                           "  (r) = if c > 3 { yield c * 2 } else { yield 0 }\n"
                           "  for i in range(0, x) { call g(r) }\n"
                           "  (q) = if c > 3 { yield x } else { yield 0 }\n"
                           "  for i in range(0, x) { call h(q) }\n"
                           "  if c == 4 { y: index = x // 0  call k(y) }\n"
                           "}\n");
  pt_has(out, "call f(1)");
  pt_lacks(out, "call f(2)");
  pt_has(out, "call g(10)");
  /* An escaping result that is not a constant: a real assignment at the fold point. */
  pt_has(out, "q: index = x");
  pt_has(out, "call h(q)");
  /* The dead branch is never evaluated: its division by zero is no error. */
  pt_lacks(out, "// 0");
  pt_lacks(out, "if ");
  assert_true(t.res.ifs_folded >= 4);
  pt_fini(&t);
}

static void test_fold_if_call_in_yield(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index) -> (index) {\n"
                           "  (r: index) = if true { yield call g(x + 0) } else { yield x // 0 }\n"
                           "  return r\n"
                           "}\n");
  pt_has(out, "(r: index) = if true {"); /* stays */
  pt_has(out, "yield call g(x)");        /* the live branch is simplified */
  pt_has(out, "yield x // 0");           /* the dead one only remapped */
  pt_fini(&t);
}

/* Calls inside expressions (docs/pass.md, "Calls inside expressions"): simplified around, never dropped,
 * repeated or reordered; kept by dead-code removal; every run validated (pt_run). */
static void test_calls_in_expressions(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(a: index, b: index, c: bool) -> (index) {\n"
                           "  k: index = 3\n"
                           "  x: index = helper(a) + 1 + 2\n"
                           "  z: index = h(k * 2) * 0\n"
                           "  y: index = g(b) + f(a)\n"
                           "  d: index = r(a) - r(a)\n"
                           "  e: bool = q(a)_bool && false\n"
                           "  call s(x + 0, m(y * 1))\n"
                           "  (u: index) = if k > 2 { yield w(a) + 0 } else { yield 0 }\n"
                           "  (v) = for i in range(0, 1) iter (acc: index = 0) { yield acc + n(i) }\n"
                           "  return x + y + u + v\n"
                           "}\n");
  pt_has(out, "x: index = helper(a) + 3\n"); /* folded beside the call */
  pt_has(out, "z: index = h(6) * 0\n");      /* dead and `* 0`: the call stays, its argument folds */
  pt_has(out, "y: index = g(b) + f(a)\n");   /* in the order written */
  pt_has(out, "d: index = r(a) - r(a)\n");   /* two calls, not 0 */
  pt_has(out, "e: bool = q(a)_bool && false\n");
  pt_has(out, "call s(x, m(y))\n");
  pt_has(out, "(u: index) = if true {");      /* the live yield calls: the if stays */
  pt_has(out, "yield w(a)\n");
  pt_lacks(out, "for ");                      /* a single trip: the body's call stays, once */
  pt_has(out, "n(0)");
  assert_true(t.res.call_spines >= 2);   /* z and e */
  pt_fini(&t);
}

/* ---- 5. fold B ---- */

static void test_fold_loop(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index, y: index in [0, 100]) {\n"
                           "  for i in range(5, 5) { call z(i) }\n"
                           "  (s) = for i in range(3, 3) iter (a: index = 7) { yield a + 1 }\n"
                           "  call f(s)\n"
                           "  (u) = for i in range(2, 3) iter (a: index = 7) { yield a + i }\n"
                           "  call f(u)\n"
                           "  for i in range(y, y + 1) { call g(i) }\n"
                           "  w: index = x\n"
                           "  w = w + 1\n"
                           "  for i in range(min(w, 5), min(w, 5) + 1) { call g2(i) }\n"
                           "  for i in range(0, 1) { for j in range(0, 1) { call h(i + j + 1) } }\n"
                           "}\n");
  pt_lacks(out, "call z");
  pt_has(out, "call f(7)");
  pt_has(out, "call f(9)");
  pt_has(out, "call h(1)");
  pt_lacks(out, "for ");
  pt_has(out, "call g(y)"); /* a start over variables that never change: substituted */
  /* A start over a reassigned variable: a fresh variable assigned at the fold point. */
  pt_has(out, "i_1: index = min(w, 5)");
  pt_has(out, "call g2(i_1)");
  pt_fini(&t);
}

static void test_fold_loop_must_not_fire(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index) {\n"
                           "  for i in range(x, x + 1) { call g(i) }\n"              /* x + 1 may wrap */
                           "  for i in parallel(0, 1) { call p(i) }\n"
                           "  for i in unroll(0, 1) { call p(i) }\n"
                           "  for i in pipeline(0, 1) { call p(i) }\n"
                           "  for i in range(0, 1) @hint { call p(i) }\n"
                           "  (s) = for i in range(0, 1) iter (a: index = call init()) { yield a + 1 }\n"
                           "  call f(s)\n"
                           "  for i in range(0, 2) { call q(i) }\n"
                           "}\n");
  pt_has(out, "for i in range(x, x + 1) {");
  pt_has(out, "for i in parallel(0, 1) {");
  pt_has(out, "for i in unroll(0, 1) {");
  pt_has(out, "for i in pipeline(0, 1) {");
  pt_has(out, "for i in range(0, 1) @hint {");
  pt_has(out, "iter (a: index = call init())");
  pt_has(out, "for i in range(0, 2) {");
  assert_int_equal(t.res.loops_unrolled + t.res.loops_removed, 0);
  pt_fini(&t);
}

static void test_sibling_single_trip_loops(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index) {\n"
                           "  for i in range(0, 1) { a: index = x + i  if i == 0 { call s1(a, i) } }\n"
                           "  for i in range(5, 6) { a: index = x + i  if i == 5 { call s2(a, i) } else { call s3(a) } }\n"
                           "  for i in range(0, 1) { a: index = x * 2  call s4(a) }\n"
                           "}\n");
  pt_lacks(out, "for ");
  pt_lacks(out, "call s3");
  /* Each copy has its own variable: no aliasing between the lifted bodies. */
  pt_has(out, "a_1: index = x\n");
  pt_has(out, "call s1(a_1, 0)");
  pt_has(out, "a_2: index = x + 5");
  pt_has(out, "call s2(a_2, 5)");
  pt_has(out, "a_3: index = x * 2");
  pt_has(out, "call s4(a_3)");
  pt_fini(&t);
}

static char *nest(int depth) {
  size_t cap = 64 + (size_t)depth * 80;
  char *s = malloc(cap);
  size_t n = (size_t)snprintf(s, cap, "func main(x: index) {\n");
  for (int i = 0; i < depth; i++) n += (size_t)snprintf(s + n, cap - n, "for v%d in range(0, 1) {\n", i);
  n += (size_t)snprintf(s + n, cap - n, "call f(x + v0 + v%d)\n", depth - 1);
  for (int i = 0; i < depth; i++) n += (size_t)snprintf(s + n, cap - n, "}\n");
  snprintf(s + n, cap - n, "}\n");
  return s;
}

static void test_nesting_cap(void **state) {
  (void)state;
  char *src = nest(19);
  PT t;
  pt_init(&t);
  PassOptions po = {0};
  const char *out = pt_run_opts(&t, src, 1, po, false);
  assert_int_equal(pt_count(out, "for "), 3);
  assert_true(t.res.depth_capped);
  pt_has(out, "call f(x)");
  pt_fini(&t);
  pt_init(&t);
  out = pt_run_opts(&t, src, 2, po, false);
  assert_int_equal(pt_count(out, "for "), 0);
  assert_false(t.res.depth_capped);
  pt_has(out, "call f(x)");
  pt_fini(&t);
  free(src);
}

static void test_while_zero_trip(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(n: index) {\n"
                           "  (w) = while iter (j: index = 10) cond j < 5 { yield j + 1 }\n"
                           "  call f(w)\n"
                           "  (v) = while iter (j: index = 0) cond j < n { yield j + 1 }\n"
                           "  call f(v)\n"
                           "}\n");
  pt_has(out, "call f(10)");
  assert_int_equal(pt_count(out, "while"), 1);
  pt_fini(&t);
}

/* ---- the guards that must stay ---- */

static void test_guards_kept(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(a: index, base: index, lo: index) {\n"
                           "  if a < 0 { call f(a) }\n"
                           "  pos: index = base - 1\n"
                           "  if pos >= 0 {\n"
                           "    if pos < 8 { call g(pos) }\n"
                           "  }\n"
                           "  for i in range(lo, 10) { if i >= 0 { call h(i) } }\n"
                           "}\n");
  pt_has(out, "if a < 0 {");
  pt_has(out, "if 0 <= pos {");
  pt_has(out, "if pos < 8 {");
  pt_has(out, "if 0 <= i {");
  assert_int_equal(t.res.ifs_folded, 0);
  pt_fini(&t);
}

/* ---- 6. comparisons of loop variables as operands; analyzer facts ---- */

static void test_loop_comparisons(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(n: index, m: index) {\n"
                           "  for i in range(0, 8) { call f(i < 16, i < 4, select(i >= 0, i, 0 - i)) }\n"
                           "  for i in range(0, 64, 4) { call g(i % 4 == 0, i % 8) }\n"
                           "  for i in range(0, n) { if n <= 64 { if i < 64 { call h(i) } } }\n"
                           "  for i in range(0, m) { if i < 64 { call k(i) } }\n"
                           "}\n");
  pt_has(out, "call f(true, i < 4, i)");
  pt_has(out, "call g(true, i % 8)");
  pt_has(out, "if n <= 64 {");
  pt_has(out, "call h(i)");
  assert_int_equal(pt_count(out, "if i < 64"), 1); /* decided under n <= 64 only */
  pt_fini(&t);
}

/* ---- 8. dead code ---- */

static void test_dce(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: index) {\n"
                           "  a: index = x * 3\n"
                           "  b: index = a + 1\n"
                           "  c: index = b // 0\n"
                           "  r: i32 = call q()\n"
                           "  t: index = call q2(x)\n"
                           "  u: index = x + 2\n"
                           "  call f(u)\n"
                           "}\n");
  pt_lacks(out, "a: index");
  pt_lacks(out, "b: index");
  pt_lacks(out, "c: index");
  pt_has(out, "r: i32 = call q()"); /* a call-valued binding is never removed */
  pt_has(out, "t: index = call q2(x)");
  pt_has(out, "u: index = x + 2");
  assert_int_equal(t.res.bindings_removed, 3);
  pt_fini(&t);
}

static void test_slot_pruning(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(c: bool, n: index) {\n"
                           "  (r, s) = if c { yield 1, 2 } else { yield 3, 4 }\n"
                           "  call f(s)\n"
                           "  (p, q) = for i in range(0, n) iter (a: index = 0, b: index = 0) {\n"
                           "    call g(b)\n"
                           "    yield i, b + 1\n"
                           "  }\n"
                           "  (u, v) = for i in range(0, n) iter (d: index = 0, e: index = 0) { yield d + 1, e + 2 }\n"
                           "  call f(u)\n"
                           "  (w) = for i in range(0, n) iter (k: index = 0) { yield call h(k) }\n"
                           "}\n");
  pt_has(out, "(s: index) = if c {");
  pt_has(out, "yield 2\n");
  pt_lacks(out, "yield 1");
  /* a: overwritten before being read and unread after; e: feeds only itself. */
  pt_has(out, "for i in range(0, n) iter (b: index = 0) {");
  pt_has(out, "(u) = for i in range(0, n) iter (d: index = 0) {");
  pt_has(out, "yield call h(k)"); /* a slot with a call stays */
  assert_int_equal(t.res.slots_pruned, 3);
  pt_fini(&t);
}

/* break and continue: simplified around, never lost; Fold A keeps an if whose live branch still jumps,
 * Fold B a single-trip loop whose body does, dead-code removal the carries such a loop jumps with. */
static void test_jumps(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(n: index, c: bool) -> (index) {\n"
                           "  for i in range(8) {\n"
                           "    if i < 4 {\n"
                           "      y: index = i // 4\n"
                           "      call write(i, y)\n"
                           "      break\n"
                           "    } else {\n"
                           "      continue\n"
                           "    }\n"
                           "  }\n"
                           "  for i in range(0, 1) {\n"
                           "    call f(i)\n"
                           "    if c { break }\n"
                           "    call g(i)\n"
                           "  }\n"
                           "  for i in range(0, n) {\n"
                           "    if true { call h(i + 0) continue } else { call dead() }\n"
                           "  }\n"
                           "  for i in range(0, 1) {\n"
                           "    if false { continue }\n"
                           "    call k(i)\n"
                           "  }\n"
                           "  (s, u) = for i in range(0, n) iter (a: index = 0, b: index = 0) {\n"
                           "    if 10 < a { break a * 1, b }\n"
                           "    yield a + i, b + 1\n"
                           "  }\n"
                           "  return s\n"
                           "}\n");
  pt_has(out, "call write(i, 0)\n      break\n    } else {\n      continue\n");
  /* Fold B keeps the single-trip loop that breaks (the loop variable is still the constant 0). */
  pt_has(out, "for i in range(0, 1) {\n    call f(0)\n    if c {\n      break\n    }\n    call g(0)\n");
  /* Fold A keeps `if true` around a branch that still continues; the dead branch stays as it was. */
  pt_has(out, "if true {\n      call h(i)\n      continue\n    } else {\n      call dead()\n");
  /* The jump was in a dead branch: Fold A removed it, so the loop is folded in the same call. */
  pt_has(out, "call k(0)");
  assert_int_equal(pt_count(out, "for "), 4);
  /* b feeds only itself, but the break holds it: the carry stays. */
  pt_has(out, "iter (a: index = 0, b: index = 0)");
  pt_has(out, "break a, b");
  pt_fini(&t);
}

/* ---- 9. constant-only mode, scopes, views ---- */

static void test_constant_only(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  PassOptions po = {.constant_only = true};
  const char *out = pt_run_opts(&t,
                                "func main(x: index, c: bool, n: index, t: tensor[[n, 4], f32]) {\n"
                                "  k: index = 3\n"
                                "  b: bool = true\n"
                                "  h: f32 = 1.5\n"
                                "  g: f32 = nan_f32\n"
                                "  if k < 4 { call f(x + 0, b, h + 1.0) }\n"
                                "  call g(h < 2.0, g < 1.0, x < 4)\n"
                                "  (r) = if c { yield k } else { yield 4 }\n"
                                "  (s) = for i in range(0, 1) iter (a: index = k) { yield a + i }\n"
                                "  call f(r, s)\n"
                                "  v: tensor[[n, 4], f32] = call view(t, n, 0)\n"
                                "  call use(v)\n"
                                "}\n",
                                1, po, true);
  pt_has(out, "if true {");                 /* control flow stays */
  pt_has(out, "call f(x + 0, true, 2.5)"); /* no algebra; bool and float values substituted */
  pt_has(out, "call g(true, false, x < 4)");
  pt_has(out, "(r: index) = if c {");      /* phis stay */
  pt_has(out, "iter (a: index = 3)");      /* carries stay */
  pt_has(out, "for i in range(0, 1)");
  pt_has(out, "v: tensor[[n, 4], f32] = t"); /* a matching view is an alias */
  pt_has(out, "call use(v)");                /* ... and is not propagated further */
  pt_lacks(out, "k: index");
  pt_lacks(out, "h: f32");
  pt_fini(&t);
}

static void test_trailing_yield_in_scope(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(c: bool) {\n"
                           "  (r) = if true { spmd(2) { call w() yield 3 } } else { yield 4 }\n"
                           "  call f(r)\n"
                           "  (q) = if true { spmd(4) { yield 5 } } else { yield 6 }\n"
                           "  (p, u) = if c { scope { yield 1, 2 } } else { yield 3, 4 }\n"
                           "  call f(p)\n"
                           "}\n");
  pt_has(out, "spmd(2) {\n    call w()\n  }");
  pt_has(out, "call f(3)");
  pt_has(out, "spmd(4) {\n    pass\n  }"); /* an emptied scope is kept */
  pt_has(out, "(p: index) = if c {\n    scope {\n      yield 1\n    }");
  pt_fini(&t);
}

static void test_views(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(n: index, t: tensor[[n, 64], f32]) {\n"
                           "  k: index = 512\n"
                           "  v: tensor[[n, 64], f32] = call view(t, n, 0)\n"
                           "  w: tensor[[n, 64], f32] = call view(t, n, 1)\n"
                           "  z: tensor[[k // 32, 64], f32] = call view(t, k // 32, 0)\n"
                           "  call use(v, w, z)\n"
                           "}\n");
  pt_has(out, "v: tensor[[n, 64], f32] = t");
  pt_has(out, "w: tensor[[n, 64], f32] = call view(t, n, 1)");
  pt_has(out, "z: tensor[[16, 64], f32] = call view(t, 16, 0)");
  assert_int_equal(t.res.views_folded, 1);
  pt_fini(&t);
}

/* as_layout (the reference's TestAsLayoutFolding): the identity reinterpret becomes an alias, a real
 * layout flip stays; a tensor without a view counts as nd. */
static void test_as_layout(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: tensor[[8, 4], f32], y: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)]) {\n"
                           "  a: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = call as_layout(x)\n"
                           "  b: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = call as_layout(x)\n"
                           "  c: tensor[[4, 8], f32, view(stride=[1, 2 + 2], layout=dn)] = call as_layout(y)\n"
                           "  d: tensor[[8, 4], f32] = call as_layout(y)\n"
                           "  call use(a, b, c, d)\n"
                           "}\n");
  pt_has(out, "a: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = x\n");
  pt_has(out, "b: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = call as_layout(x)\n");
  pt_has(out, "c: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = y\n");
  pt_has(out, "d: tensor[[8, 4], f32] = call as_layout(y)\n");
  assert_int_equal(t.res.views_folded, 2);
  pt_fini(&t);
}

/* Every expression a tensor view, a tile or a tuple carries is folded where the type stands, and a
 * variable read only there is read (dead-code removal keeps its binding). */
static void test_view_tile_tuple_types(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out =
      pt_run(&t,
             "func main(n: index, p: tile[[4 * 4, 16], f16, view(valid_shape=[n + 0, 16], start_offset=2 * 3)]) -> "
             "(tuple[i32, tensor[[n * 1], f32]]) {\n"
             "  K: index = 8\n"
             "  s: index = n + 1\n"
             "  v: index = n * 2\n"
             "  o: index = n + 3\n"
             "  e: index = n + 5\n"
             "  a: tensor[[K, n], f32, view(stride=[s, 1], layout=nz, valid_shape=[K // 2, n])] = call mk()\n"
             "  b: tile[[K, K], f32, view(valid_shape=[v, K], stride=[K, 1], start_offset=o, blayout=col_major)] = call ld(a, p)\n"
             "  (r) = for i in range(0, 4) iter (c: tile[[K, K], f32, view(valid_shape=[v, K], stride=[K, 1], start_offset=o, blayout=col_major)] = b) {\n"
             "    yield call mac(c, p)\n"
             "  }\n"
             "  u: tuple[i32, tensor[[e], f32]] = call pack(r)\n"
             "  w: tuple[i32, tensor[[n * 1], f32]] = call pack2(u)\n"
             "  return w\n"
             "}\n");
  pt_has(out, "p: tile[[16, 16], f16, view(valid_shape=[n, 16], start_offset=6, blayout=row_major)]");
  pt_has(out, "-> (tuple[i32, tensor[[n], f32]])");
  pt_has(out, "a: tensor[[8, n], f32, view(stride=[s, 1], layout=nz, valid_shape=[4, n])] = call mk()");
  pt_has(out, "b: tile[[8, 8], f32, view(valid_shape=[v, 8], stride=[8, 1], start_offset=o, blayout=col_major)]");
  pt_has(out, "iter (c: tile[[8, 8], f32, view(valid_shape=[v, 8], stride=[8, 1], start_offset=o, blayout=col_major)] = b)");
  pt_has(out, "u: tuple[i32, tensor[[e], f32]] = call pack(r)");
  /* s, v, o, e are read by types only: kept; K is a constant, propagated and removed. */
  pt_has(out, "s: index = n + 1\n");
  pt_has(out, "v: index = n * 2\n");
  pt_has(out, "o: index = n + 3\n");
  pt_has(out, "e: index = n + 5\n");
  pt_lacks(out, "K");
  pt_fini(&t);
}

/* ---- 10. idempotence ---- */

static void test_idempotence(void **state) {
  (void)state;
  static const char *const programs[] = {
    "func main(x: index, n: index, c: bool) -> (index) {\n"
    "  k: index = 8\n"
    "  for i in range(0, 1) { a: index = x + i  call f(a) }\n"
    "  (r) = if k > 4 { yield x } else { yield 0 }\n"
    "  (s) = for j in range(0, n) iter (acc: index = r) { if j < k { call g(j) } yield acc + j }\n"
    "  (w) = if c { spmd(2) { yield s } } else { yield 1 }\n"
    "  return w\n"
    "}\n",
    "func main(x: i32, c: bool) -> (i32) {\n"
    "  y: i32 = 3\n"
    "  if c { y = 4 }\n"
    "  (z) = for i in range(0, 1) iter (a: i32 = y) { for j in range(2, 3) { call f(a, j) } yield a + 1 }\n"
    "  return z + x\n"
    "}\n",
  };
  for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
    PT t;
    pt_init(&t);
    PassOptions po = {0};
    pt_run_opts(&t, programs[i], 2, po, true);
    char *once = prog_print(t.out[0]), *twice = prog_print(t.out[1]);
    assert_string_equal(once, twice);
    free(once);
    free(twice);
    pt_fini(&t);
  }
}

static void test_issue_example(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t,
                           "func main(x: i32, n: index, t: tensor[[n, 64], f32]) -> (i32) {\n"
                           "  k: index = 512\n"
                           "  for i in range(0, 8) {\n"
                           "    if i < 16 { call body(i) }\n"
                           "  }\n"
                           "  (s) = for ko in range(0, n, k) iter (acc: index = 0) {\n"
                           "    yield acc + ko\n"
                           "  }\n"
                           "  (r) = if x > 0 { yield x } else { yield 0 }\n"
                           "  (w) = while iter (j: index = 0) cond j < n { yield j + 1 }\n"
                           "  spmd(8 // 2) { call work(r) }\n"
                           "  v: tensor[[k // 32, 64], f32] = call view(t, k // 32, 0)\n"
                           "  return r\n"
                           "}\n");
  pt_has(out, "for i in range(0, 8) {\n    call body(i)\n  }");
  pt_has(out, "spmd(4) {");
  pt_has(out, "v: tensor[[16, 64], f32] = call view(t, 16, 0)");
  pt_lacks(out, "k: index");
  pt_fini(&t);
}

/* ---- random programs ---- */

typedef struct {
  char *s;
  size_t n, cap;
  TestRng rng;
  int vars; /* index variables v0..v{vars-1} visible at top level */
  int stmts;
} RGen;

static void rput(RGen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rput(RGen *g, const char *fmt, ...) {
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(g->s + g->n, g->cap - g->n, fmt, ap);
    va_end(ap);
    if ((size_t)k < g->cap - g->n) {
      g->n += (size_t)k;
      return;
    }
    g->cap *= 2;
    g->s = realloc(g->s, g->cap);
    assert_non_null(g->s);
  }
}

static unsigned rnd(RGen *g, unsigned n) { return (unsigned)test_rng_below(&g->rng, n); }

/* A linear index expression over the visible names (params x, m; v*; the innermost loop variable). */
static void rexpr(RGen *g, const char *lv, int depth) {
  unsigned r = rnd(g, 10);
  if (depth > 2 || r < 4) {
    unsigned w = rnd(g, 4);
    if (w == 0) rput(g, "%d", (int)rnd(g, 12) - 3);
    else if (w == 1 && g->vars) rput(g, "v%u", rnd(g, (unsigned)g->vars));
    else if (w == 2 && lv) rput(g, "%s", lv);
    else rput(g, "%s", rnd(g, 2) ? "x" : "m");
    return;
  }
  /* No division: 64-bit dividers make the validation queries slow, and test_fold_* cover them. */
  static const char *const ops[] = {"+", "-", "*", "min", "max"};
  unsigned o = rnd(g, 5);
  if (o == 3 || o == 4) {
    rput(g, "%s(", ops[o]);
    rexpr(g, lv, depth + 1);
    rput(g, ", ");
    rexpr(g, lv, depth + 1);
    rput(g, ")");
  } else if (o == 2) {
    rput(g, "(");
    rexpr(g, lv, depth + 1);
    rput(g, " %s %d)", ops[o], (int)rnd(g, 4) + 1); /* by a positive constant: linear */
  } else {
    rput(g, "(");
    rexpr(g, lv, depth + 1);
    rput(g, " %s ", ops[o]);
    rexpr(g, lv, depth + 1);
    rput(g, ")");
  }
}

static void rcond(RGen *g, const char *lv) {
  static const char *const cmp[] = {"<", "<=", "==", "!=", ">", ">="};
  rexpr(g, lv, 1);
  rput(g, " %s ", cmp[rnd(g, 6)]);
  rexpr(g, lv, 1);
}

static void rblock(RGen *g, const char *lv, int depth, int n) {
  for (int i = 0; i < n && g->stmts < 14; i++) {
    g->stmts++;
    unsigned r = rnd(g, 10);
    if (r < 3 && depth == 0) {
      rput(g, "v%d: index = ", g->vars);
      rexpr(g, lv, 0);
      rput(g, "\n");
      g->vars++;
    } else if (r < 5 || depth >= 3) {
      rput(g, "call f(");
      rexpr(g, lv, 0);
      rput(g, ")\n");
    } else if (r < 7) {
      rput(g, "if ");
      rcond(g, lv);
      rput(g, " {\n");
      rblock(g, lv, depth + 1, 2);
      rput(g, "} else {\n");
      rblock(g, lv, depth + 1, 1);
      rput(g, "}\n");
    } else if (r < 8) {
      rput(g, "(r%d) = if ", g->stmts);
      rcond(g, lv);
      rput(g, " { yield ");
      rexpr(g, lv, 1);
      rput(g, " } else { yield ");
      rexpr(g, lv, 1);
      rput(g, " }\ncall f(r%d)\n", g->stmts);
    } else {
      char name[16];
      snprintf(name, sizeof name, "l%d", g->stmts);
      int lo = (int)rnd(g, 4) - 1;
      const char *kind = rnd(g, 5) == 0 ? "parallel" : "range";
      if (rnd(g, 2)) {
        rput(g, "for %s in %s(%d, %d) {\n", name, kind, lo, lo + (int)rnd(g, 3));
        rblock(g, name, depth + 1, 2);
        rput(g, "}\n");
      } else {
        int id = g->stmts;
        rput(g, "(s%d) = for %s in %s(%d, %d) iter (c%d: index = ", id, name, kind, lo, lo + (int)rnd(g, 3), id);
        rexpr(g, lv, 1);
        rput(g, ") {\n");
        rblock(g, name, depth + 1, 1);
        rput(g, "yield c%d + %s\n}\ncall f(s%d)\n", id, name, id);
      }
    }
  }
}

/* Random linear programs: every run validates, its obligations hold, and a second run changes nothing. */
/* ---- types at every definition site (issue 10) ---- */

static void test_types_folded_everywhere(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  /* Carries of for and while, if results: their shapes fold like any expression, so a propagated
   * constant leaves no name behind when its binding is removed. */
  const char *out = pt_run(&t,
                           "func main(c: bool) {\n"
                           "  N: index = 4\n"
                           "  acc: tensor[[N, 8], f32] = call create(N, 8)\n"
                           "  (r) = for _i in range(4) iter (acc_iter: tensor[[N, 8], f32] = acc) {\n"
                           "    yield call add(acc_iter, acc_iter)\n"
                           "  }\n"
                           "  (q, j) = while iter (w: tensor[[N * 2, 8], f32] = r, k: index = 0) cond k < 3 {\n"
                           "    yield call step(w), k + 1\n"
                           "  }\n"
                           "  (s: tensor[[N + 1, 8], f32]) = if c {\n"
                           "    yield call mk(1)\n"
                           "  } else {\n"
                           "    yield q\n"
                           "  }\n"
                           "  call use(s)\n"
                           "}\n");
  pt_has(out, "iter (acc_iter: tensor[[4, 8], f32] = acc)");
  pt_has(out, "iter (w: tensor[[8, 8], f32] = r, k: index = 0)");
  pt_has(out, "(s: tensor[[5, 8], f32]) = if c {");
  pt_lacks(out, "N");
  pt_fini(&t);
}

static void test_type_only_use_keeps_binding(void **state) {
  (void)state;
  const char *srcs[3] = {
      "func main(n: index) {\n"
      "  N: index = n + 1\n"
      "  acc: tensor[[n, 8], f32] = call create(n, 8)\n"
      "  (r) = for _i in range(4) iter (a: tensor[[N, 8], f32] = acc) {\n"
      "    yield call add(a, a)\n"
      "  }\n"
      "  call use(r)\n"
      "}\n",
      "func main(n: index, c: bool) {\n"
      "  N: index = n * 2\n"
      "  (r: tensor[[N, 4], f32]) = if c {\n"
      "    yield call make(1)\n"
      "  } else {\n"
      "    yield call make(2)\n"
      "  }\n"
      "  call use(r)\n"
      "}\n",
      "func main(n: index) {\n"
      "  N: index = n * 2\n"
      "  (r, jj) = while iter (a: tensor[[N, 4], f32] = call make(0), j: index = 0) cond j < 3 {\n"
      "    yield call step(a), j + 1\n"
      "  }\n"
      "  call use(r)\n"
      "}\n",
  };
  for (int i = 0; i < 3; i++) {
    PT t;
    pt_init(&t);
    /* N is read only by a type: dead-code removal keeps its binding (pt_run validates and parses back). */
    const char *out = pt_run(&t, srcs[i]);
    pt_has(out, "N: index = n");
    pt_fini(&t);
  }
}

static void test_fold_passes_tensors_without_events(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  /* Fold A on `yield t`: r becomes t (an assignment `r = t` would be a tensor event). */
  const char *out = pt_run(&t,
                           "func main() {\n"
                           "  N: index = 4\n"
                           "  (r: tensor[[N, 4], f32]) = if N > 2 {\n"
                           "    t: tensor[[2, 4], f32] = call make(1)\n"
                           "    yield t\n"
                           "  } else {\n"
                           "    yield call make(2)\n"
                           "  }\n"
                           "  call use(r)\n"
                           "}\n");
  pt_has(out, "call use(t)");
  pt_lacks(out, "if ");
  pt_lacks(out, "r:");
  pt_fini(&t);
  /* A zero-trip loop's tensor result is its initial value, by name. */
  pt_init(&t);
  out = pt_run(&t,
               "func main() {\n"
               "  t: tensor[[2, 4], f32] = call make(1)\n"
               "  (r) = for i in range(0, 0) iter (a: tensor[[2, 4], f32] = t) {\n"
               "    yield call step(a)\n"
               "  }\n"
               "  call use(r)\n"
               "}\n");
  pt_has(out, "call use(t)");
  pt_lacks(out, "for ");
  pt_fini(&t);
  /* A single-trip loop whose tensor carry starts from a variable assigned twice stays a loop: its
   * copy would be a tensor event. */
  pt_init(&t);
  out = pt_run(&t,
               "func main(c: bool) {\n"
               "  t: tensor[[4, 4], f32] = call make(0)\n"
               "  if c {\n"
               "    t = call make(1)\n"
               "  }\n"
               "  (r) = for i in range(0, 1) iter (a: tensor[[4, 4], f32] = t) {\n"
               "    yield call step(a, i)\n"
               "  }\n"
               "  call use(r)\n"
               "}\n");
  pt_has(out, "for i in range(0, 1) iter (a: tensor[[4, 4], f32] = t)");
  pt_has(out, "yield call step(a, 0)");
  pt_fini(&t);
}

/* The check the pass runs on its own output (fn_well_formed), on functions the pass would never make. */
static void test_well_formed_check(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Program *p = NULL;
  VsDiag d;
  const char *src = "func main(n: index) {\n"
                    "  N: index = n + 1\n"
                    "  (r) = for i in range(4) iter (a: tensor[[N, 8], f32] = call mk()) {\n"
                    "    yield call add(a)\n"
                    "  }\n"
                    "  call use(r, N)\n"
                    "}\n";
  assert_true(prog_parse(ctx, "t.vs", src, strlen(src), &p, &d));
  Function *f = p->funcs[0];
  char err[160];
  assert_true(fn_well_formed(f, err, sizeof err));
  /* Drop the binding of N: the carry's type, then the call, read an undefined N. */
  Stmt *n_def = f->body.s[0];
  f->body.s++;
  f->body.n--;
  assert_false(fn_well_formed(f, err, sizeof err));
  assert_non_null(strstr(err, "a carry's type reads 'N'"));
  assert_true(!strncmp(err, "3:", 2)); /* at the loop */
  /* Put it back after the loop: still a use before the definition. */
  Stmt *moved[3] = {f->body.s[0], n_def, f->body.s[1]};
  f->body.s = moved;
  f->body.n = 3;
  assert_false(fn_well_formed(f, err, sizeof err));
  /* A loop variable read after its loop. */
  const char *src2 = "func main() {\n"
                     "  for i in range(4) { call f(i) }\n"
                     "  call g(1)\n"
                     "}\n";
  Program *p2 = NULL;
  assert_true(prog_parse(ctx, "t.vs", src2, strlen(src2), &p2, &d));
  Function *g = p2->funcs[0];
  assert_true(fn_well_formed(g, err, sizeof err));
  Node *iv = g->body.s[0]->u.loop.var->node;
  g->body.s[1]->u.call->args[0].e = iv;
  assert_false(fn_well_formed(g, err, sizeof err));
  assert_non_null(strstr(err, "reads 'i', which is not defined there"));
  prog_free(p2);
  prog_free(p);
  vs_ctx_free(ctx);
}

/* Random programs (seeds 1..nseeds), each validated after every run; at most max_unknown validations
 * may end unknown (the solver's limit), none invalid. */
static void random_programs(uint64_t nseeds, size_t max_unknown) {
  size_t unknown = 0;
  pt_unknown_count = &unknown;
  for (uint64_t seed = 1; seed <= nseeds; seed++) {
    RGen g = {.cap = 4096, .rng = {seed * 7919}};
    g.s = malloc(g.cap);
    assert_non_null(g.s);
    g.s[0] = 0;
    rput(&g, "func main(x: index, m: index in [0, 6]) {\n");
    rblock(&g, NULL, 0, 10);
    rput(&g, "}\n");
    PT t;
    pt_init(&t);
    PassOptions po = {0};
    pt_run_opts(&t, g.s, 2, po, true);
    char *once = prog_print(t.out[0]), *twice = prog_print(t.out[1]);
    if (strcmp(once, twice)) fail_msg("not idempotent on:\n%s\nonce:\n%s\ntwice:\n%s", g.s, once, twice);
    free(once);
    free(twice);
    pt_fini(&t);
    pt_init(&t);
    po.constant_only = true;
    pt_run_opts(&t, g.s, 1, po, true);
    pt_fini(&t);
    free(g.s);
  }
  pt_unknown_count = NULL;
  /* Each program is validated after every run (two runs, then a constant-only run): most must be full
   * proofs. */
  printf("random programs: %zu validations unknown (solver limit)\n", unknown);
  assert_true(unknown <= max_unknown);
}

/* Communication domains (docs/pass.md, "Communication domains and pinned slots"): sizes folded after
 * the body from its unconditional bindings and the facts around the domain, never from a branch of the
 * body; every slot kept; a binding read only by a size kept. Each run is validated (pt_run). */
static void test_domains(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t, "func main(n: index, c: index) {\n"
                               "  domain [buf: m * 2, sig: n * 4, spare: 8 + 0] {\n"
                               "    m: index = 16\n"
                               "    w: index = n + 1\n"
                               "    if n == 3 {\n"
                               "      call send(buf, n)\n"
                               "    }\n"
                               "    call wait(sig, m)\n"
                               "  }\n"
                               "  domain [b: w * 2] {\n"
                               "  }\n"
                               "  if c == 2 {\n"
                               "    domain [d: c * 8] {\n"
                               "      call put(d)\n"
                               "    }\n"
                               "  }\n"
                               "}\n");
  /* The body's m folds into the size (and its binding goes); the branch's n == 3 folds the call under
   * it, not the size; the unread slot stays. */
  pt_has(out, "  domain [buf: 32, sig: n * 4, spare: 8] {\n");
  pt_has(out, "      call send(buf, 3)\n");
  pt_has(out, "    call wait(sig, 16)\n");
  pt_lacks(out, "m: index");
  /* w is read only by the second domain's size: kept; an empty domain is kept. */
  pt_has(out, "    w: index = n + 1\n");
  pt_has(out, "  domain [b: w * 2] {\n    pass\n  }\n");
  /* The fact around a domain holds at its end: c == 2 folds its size. */
  pt_has(out, "    domain [d: 16] {\n");
  pt_fini(&t);
  /* The same expression under the branch and in the size: folded under the branch only. */
  pt_init(&t);
  out = pt_run(&t, "func main(n: index) {\n"
                   "  domain [b: n + 1] {\n"
                   "    if n == 5 {\n"
                   "      call f(b, n + 1)\n"
                   "    }\n"
                   "  }\n"
                   "}\n");
  pt_has(out, "  domain [b: n + 1] {\n");
  pt_has(out, "      call f(b, 6)\n");
  pt_fini(&t);
  /* A domain in a single-trip loop: lifted with the loop's body, its size folded from the loop
   * variable's value. */
  pt_init(&t);
  out = pt_run(&t, "func main(n: index) {\n"
                   "  for i in range(3, 4) {\n"
                   "    domain [e: i * n] {\n"
                   "      call put(e, i)\n"
                   "    }\n"
                   "  }\n"
                   "}\n");
  pt_has(out, "  domain [e: n * 3] {\n    call put(e, 3)\n  }\n");
  pt_lacks(out, "for ");
  pt_fini(&t);
  /* Constant-only mode folds the sizes by propagation too. */
  pt_init(&t);
  PassOptions po = {.constant_only = true};
  out = pt_run_opts(&t, "func main(n: index) {\n  domain [b: m * 2] {\n    m: index = 3\n  }\n}\n", 1, po, true);
  pt_has(out, "  domain [b: 6] {\n    pass\n  }\n");
  pt_fini(&t);
}

/* Pinned slots: the index folded (the offset follows), a scalar read only by an index kept, the
 * buffer the same tensor. */
static void test_pins(void **state) {
  (void)state;
  PT t;
  pt_init(&t);
  const char *out = pt_run(&t, "func main(n: index, t: tensor[[n], f16]) -> (index) {\n"
                               "  j: index = 5\n"
                               "  pin o = t[j * 2]\n"
                               "  q: index = n + 1\n"
                               "  pin p = t[q & 7]\n"
                               "  unused: index = q * 3\n"
                               "  u: tensor[[n], f16] = t\n"
                               "  pin r = u[0 + n]\n"
                               "  return o\n"
                               "}\n");
  pt_has(out, "  pin o = t[10]\n");
  pt_has(out, "  q: index = n + 1\n  pin p = t[q & 7]\n");
  pt_lacks(out, "unused");
  pt_has(out, "  pin r = u[n]\n");
  pt_lacks(out, "j: index");
  pt_fini(&t);
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  size_t cap = 0;
  *len = 0;
  for (;;) {
    if (*len + 4096 + 1 > cap) {
      cap = cap * 2 + 4096 + 1;
      char *nb = realloc(buf, cap);
      if (!nb) break;
      buf = nb;
    }
    size_t k = fread(buf + *len, 1, cap - *len - 1, f);
    *len += k;
    if (!k) break;
  }
  fclose(f);
  if (buf) buf[*len] = 0;
  return buf;
}

/* The corpus cases and their expected outputs (corpus/programs/expected/). */
static void test_corpus_expected(void **state) {
  (void)state;
  static const char *const names[] = {"domains", "pinned"};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    char path[512], want_path[512];
    snprintf(path, sizeof path, "%s/corpus/programs/%s.vs", VSIMP_SOURCE_DIR, names[k]);
    snprintf(want_path, sizeof want_path, "%s/corpus/programs/expected/%s.vs", VSIMP_SOURCE_DIR, names[k]);
    size_t n = 0, m = 0;
    char *src = read_file(path, &n), *want = read_file(want_path, &m);
    assert_non_null(src);
    assert_non_null(want);
    /* The expected file is the printed output after its comment lines. */
    const char *body = want;
    while (*body == '#') body = strchr(body, '\n') ? strchr(body, '\n') + 1 : body + strlen(body);
    PT t;
    pt_init(&t);
    const char *out = pt_run(&t, src);
    assert_string_equal(out, body);
    pt_fini(&t);
    free(src);
    free(want);
  }
}

static void test_random_programs(void **state) {
  (void)state;
  random_programs(24, 8);
}

static void test_random_programs_sample(void **state) {
  (void)state;
  random_programs(3, 2);
}

int main(int argc, char **argv) {
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_leaf_folding),
    cmocka_unit_test(test_constant_propagation),
    cmocka_unit_test(test_symbolic_values_bound_only),
    cmocka_unit_test(test_multi_assigned_not_bound),
    cmocka_unit_test(test_fold_if),
    cmocka_unit_test(test_fold_if_call_in_yield),
    cmocka_unit_test(test_fold_loop),
    cmocka_unit_test(test_fold_loop_must_not_fire),
    cmocka_unit_test(test_sibling_single_trip_loops),
    cmocka_unit_test(test_nesting_cap),
    cmocka_unit_test(test_while_zero_trip),
    cmocka_unit_test(test_guards_kept),
    cmocka_unit_test(test_loop_comparisons),
    cmocka_unit_test(test_dce),
    cmocka_unit_test(test_slot_pruning),
    cmocka_unit_test(test_jumps),
    cmocka_unit_test(test_constant_only),
    cmocka_unit_test(test_trailing_yield_in_scope),
    cmocka_unit_test(test_views),
    cmocka_unit_test(test_as_layout),
    cmocka_unit_test(test_view_tile_tuple_types),
    cmocka_unit_test(test_idempotence),
    cmocka_unit_test(test_issue_example),
    cmocka_unit_test(test_types_folded_everywhere),
    cmocka_unit_test(test_type_only_use_keeps_binding),
    cmocka_unit_test(test_fold_passes_tensors_without_events),
    cmocka_unit_test(test_well_formed_check),
    cmocka_unit_test(test_domains),
    cmocka_unit_test(test_pins),
    cmocka_unit_test(test_corpus_expected),
    cmocka_unit_test(test_random_programs_sample),
  };
  const struct CMUnitTest full[] = {
    cmocka_unit_test(test_leaf_folding),
    cmocka_unit_test(test_constant_propagation),
    cmocka_unit_test(test_symbolic_values_bound_only),
    cmocka_unit_test(test_multi_assigned_not_bound),
    cmocka_unit_test(test_fold_if),
    cmocka_unit_test(test_fold_if_call_in_yield),
    cmocka_unit_test(test_fold_loop),
    cmocka_unit_test(test_fold_loop_must_not_fire),
    cmocka_unit_test(test_sibling_single_trip_loops),
    cmocka_unit_test(test_nesting_cap),
    cmocka_unit_test(test_while_zero_trip),
    cmocka_unit_test(test_guards_kept),
    cmocka_unit_test(test_loop_comparisons),
    cmocka_unit_test(test_dce),
    cmocka_unit_test(test_slot_pruning),
    cmocka_unit_test(test_jumps),
    cmocka_unit_test(test_constant_only),
    cmocka_unit_test(test_trailing_yield_in_scope),
    cmocka_unit_test(test_views),
    cmocka_unit_test(test_as_layout),
    cmocka_unit_test(test_view_tile_tuple_types),
    cmocka_unit_test(test_idempotence),
    cmocka_unit_test(test_issue_example),
    cmocka_unit_test(test_types_folded_everywhere),
    cmocka_unit_test(test_type_only_use_keeps_binding),
    cmocka_unit_test(test_fold_passes_tensors_without_events),
    cmocka_unit_test(test_well_formed_check),
    cmocka_unit_test(test_domains),
    cmocka_unit_test(test_pins),
    cmocka_unit_test(test_corpus_expected),
    cmocka_unit_test(test_random_programs),
    cmocka_unit_test(test_calls_in_expressions),
  };
  return TEST_RUN_TIERS(argc, argv, unit, full);
}
