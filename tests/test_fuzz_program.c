/* test_fuzz_program.c: the program half of the fuzzer (docs/fuzzing.md, "Programs"): the program
 * generator is deterministic, every program it writes parses and prints back to itself, and the shapes
 * the pass's folds need occur; the program oracle catches a planted bug (a pass that drops an `if`
 * guard on an unbound parameter) within a bounded number of inputs and the reducer brings it down to a
 * few statements; every program regression case replays clean. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/eval.h"
#include "fuzz/campaign.h"
#include "fuzz/gen_prog.h"
#include "fuzz/prog_oracle.h"
#include "ir/rebuild.h"
#include "pass/prog_pass.h"
#include "support.h"
#include "text/prog_text.h"

static size_t random_input(TestRng *rng, uint8_t *buf, size_t max) {
  size_t n = 1 + (size_t)test_rng_below(rng, max);
  for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)test_rng_next(rng);
  return n;
}

/* ---- the generator ---- */

static void test_gen_prog_deterministic(void **state) {
  (void)state;
  VsCtx *a = vs_ctx_new(), *b = vs_ctx_new();
  TestRng rng = {11};
  uint8_t buf[512];
  for (int i = 0; i < 500; i++) {
    size_t n = random_input(&rng, buf, sizeof buf);
    char *ta = gen_prog_text(a, buf, n, NULL), *tb = gen_prog_text(b, buf, n, NULL), *ta2 = gen_prog_text(a, buf, n, NULL);
    assert_non_null(ta);
    assert_string_equal(ta, tb);
    assert_string_equal(ta, ta2);
    free(ta);
    free(tb);
    free(ta2);
  }
  /* The empty input is a small program: decision 0 ends every block. */
  char *t = gen_prog_text(a, NULL, 0, NULL);
  assert_string_equal(t, "func main(p0: index) {\n}\n");
  free(t);
  vs_ctx_free(a);
  vs_ctx_free(b);
}

/* Every generated program parses; printing it and parsing the print gives a program that prints the
 * same; and the shapes the folds need occur in the sample. */
static void test_gen_prog_well_typed(void **state) {
  (void)state;
  static const char *const shapes[] = {
    "for ",      "parallel(",  "unroll(",    "pipeline(", " @",         "iter (",  "while iter", "cond ",
    "spmd(",     "scope {",    "= call ",    "call view(", " in [",     "= if ",   "} else {",  "yield call",
    "tensor[[",  "range(0, 1)", "< 0",       ">= 0",      "return ",    "_i8",     "_u8",       "bool",
    "break\n",  "continue\n", "break ",    "continue ", " @level(",
    ")_",        "(f",         "select(",   "* 0\n", /* calls inside expressions: suffixed, nested */
    ") = submit ", " deps [", "32 = submit ", " @manual {", /* tasks, one-result tasks (i32, u32, f32), manual scopes */
    "= call as_layout(", "layout=dn", "tile[[", "tuple[", "view(valid_shape=[", "start_offset=", /* types */
    "dtensor[[", " = call view(t", ", layout=nd)", "], layout=dn)", /* distributed tensors, derived views */
    " predicate ", "// 2) deps [", /* dispatch predicates, an spmd's dependencies (a core count N // 2) */
    "domain [", " @group(world) {", "if p0 == ", /* communication domains, a branch fact in one */
    "pin ", " & 7) * ",                          /* pinned slots, an index over a binding made for it */
  };
  enum { NSHAPES = sizeof shapes / sizeof shapes[0], N = 3000 };
  unsigned seen[NSHAPES] = {0};
  size_t reassigned = 0, nested_single = 0, tensor_slots[3] = {0}; /* for carries, if results, while carries */
  VsCtx *ctx = vs_ctx_new();
  TestRng rng = {3};
  uint8_t buf[512];
  for (int i = 0; i < N; i++) {
    if (vs_ctx_node_count(ctx) > (1u << 18)) {
      vs_ctx_free(ctx);
      ctx = vs_ctx_new();
    }
    size_t n = random_input(&rng, buf, sizeof buf);
    char *text = gen_prog_text(ctx, buf, n, NULL);
    assert_non_null(text);
    Program *p = NULL;
    VsDiag d;
    if (!prog_parse(ctx, "gen.vs", text, strlen(text), &p, &d))
      fail_msg("generated program %d does not parse: %d:%d: %s\n%s", i, d.line, d.col, d.msg, text);
    char *a = prog_print(p);
    assert_non_null(a);
    Program *q = NULL;
    if (!prog_parse(ctx, "print.vs", a, strlen(a), &q, &d))
      fail_msg("the print of generated program %d does not parse: %d:%d: %s\n%s", i, d.line, d.col, d.msg, a);
    char *b = prog_print(q);
    assert_string_equal(a, b);
    for (int k = 0; k < NSHAPES; k++) seen[k] += strstr(text, shapes[k]) != NULL;
    /* Non-SSA programs: some variable of the function is assigned more than once. */
    for (uint32_t v = 0; v < p->funcs[0]->nvars; v++) {
      const char *name = p->funcs[0]->vars[v]->name;
      size_t len = strlen(name), defs = 0;
      for (const char *s = text; (s = strstr(s, name)); s += len)
        if ((s == text || s[-1] == ' ' || s[-1] == '(') && (s[len] == ':' || !strncmp(s + len, " = ", 3))) defs++;
      if (defs > 1) {
        reassigned++;
        break;
      }
    }
    nested_single += strstr(text, "range(0, 1) {\n") && strstr(text, "range(1, 2) {\n");
    /* Tensor-typed slots with symbolic shapes (what dead-code removal and the folds missed, issue 10). */
    for (const char *ln = text; ln && *ln; ln = strchr(ln, '\n') ? strchr(ln, '\n') + 1 : NULL) {
      const char *end = strchr(ln, '\n');
      size_t len = end ? (size_t)(end - ln) : strlen(ln);
      char line[512];
      snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), ln);
      const char *ty = strstr(line, ": tensor[[v");
      if (!ty) continue;
      if (strstr(line, "while iter (") && ty > strstr(line, "while iter (")) tensor_slots[2]++;
      else if (strstr(line, " in ") && strstr(line, "iter (") && ty > strstr(line, "iter (")) tensor_slots[0]++;
      else if (strstr(line, ") = if ")) tensor_slots[1]++;
    }
    free(a);
    free(b);
    prog_free(q);
    prog_free(p);
    free(text);
  }
  for (int k = 0; k < NSHAPES; k++)
    if (seen[k] < 5) fail_msg("shape '%s' occurs in %u of %d generated programs", shapes[k], seen[k], N);
  assert_true(reassigned > N / 20);
  assert_true(nested_single > N / 50);
  for (int k = 0; k < 3; k++)
    if (tensor_slots[k] < 20) fail_msg("tensor slot kind %d occurs %zu times in %d programs", k, tensor_slots[k], N);
  vs_ctx_free(ctx);
}

/* ---- a planted bug ---- */

static bool unranged_param(const Function *f, const Node *v) {
  for (uint32_t i = 0; i < f->nparams; i++) {
    const PVar *p = f->params[i];
    if (p->node == v && dt_is_int((DType)v->dtype) && vs_vmin(v) == im_min((DType)v->dtype) &&
        vs_vmax(v) == im_max((DType)v->dtype))
      return true;
  }
  return false;
}

static bool reads_unranged_param(const Function *f, Node *e) {
  Node **post = NULL;
  size_t n = vs_postorder(e, &post);
  bool found = false;
  for (size_t i = 0; i < n && !found; i++) found = post[i]->op == OP_VAR && unranged_param(f, post[i]);
  free(post);
  return found;
}

static bool only_calls(Block b) {
  if (!b.n) return false;
  for (uint32_t i = 0; i < b.n; i++)
    if (b.s[i]->kind != SK_CALL) return false;
  return true;
}

/* Replaces the first `if` on an unbound parameter (without results or else branch, its then branch only
 * calls) by its then branch: the wrong-code bug of a pass that assumes unbound index variables
 * non-negative, and deletes `if a < 0` guards. */
static bool drop_guard(Program *p, const Function *f, Block *b) {
  for (uint32_t i = 0; i < b->n; i++) {
    Stmt *s = b->s[i];
    if (s->kind == SK_IF && !s->u.ifs.nrets && !s->u.ifs.els.n && reads_unranged_param(f, s->u.ifs.cond) &&
        only_calls(s->u.ifs.then)) {
      Block with = s->u.ifs.then;
      uint32_t n = b->n - 1 + with.n;
      Stmt **ns = prog_alloc(p, (n ? n : 1) * sizeof *ns);
      assert_non_null(ns);
      for (uint32_t k = 0, o = 0; k < b->n; k++) {
        if (k != i) ns[o++] = b->s[k];
        else
          for (uint32_t j = 0; j < with.n; j++) ns[o++] = with.s[j];
      }
      b->s = ns;
      b->n = n;
      return true;
    }
    Block *inner[2] = {NULL, NULL};
    if (s->kind == SK_IF) inner[0] = &s->u.ifs.then, inner[1] = &s->u.ifs.els;
    else if (s->kind == SK_FOR || s->kind == SK_WHILE) inner[0] = &s->u.loop.body;
    else if (s->kind == SK_SPMD || s->kind == SK_SCOPE) inner[0] = &s->u.scope.body;
    for (int k = 0; k < 2; k++)
      if (inner[k] && drop_guard(p, f, inner[k])) return true;
  }
  return false;
}

static Program *planted_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  Program *out = pass_simplify_program(src, po, res);
  for (uint32_t i = 0; out && i < out->nfuncs; i++) drop_guard(out, out->funcs[i], &out->funcs[i]->body);
  return out;
}

/* A campaign against a planted pass (no solver, reduction on) that must find exactly one unsound
 * program; rep holds it. */
static const FuzzFinding *find_planted(ProgPassFn pass, uint64_t seed, uint64_t max_execs, CampaignReport *rep) {
  CampaignOptions o = {.target = FUZZ_TARGET_PROGRAM, .jobs = 1, .seed = seed, .max_execs = max_execs,
                       .reduce = true, .max_findings = 1};
  o.oracle.smt = SMT_MODE_NEVER;
  o.prog.pass = pass;
  o.reduce_opts.max_seconds = 60;
  assert_true(campaign_run(&o, rep));
  assert_int_equal(rep->nfindings, 1);
  const FuzzFinding *f = &rep->findings[0];
  print_message("found after %llu inputs:\n%s\n", (unsigned long long)rep->execs, f->case_text);
  assert_int_equal(f->kind, FIND_UNSOUND);
  return f;
}

/* The real pass on a finding's program: no finding (with the solver). */
static void assert_real_pass_clean(const FuzzFinding *f) {
  ProgOracleOptions real = {.smt = SMT_MODE_ALWAYS};
  ProgWorker *r = prog_worker_new(&real, fuzz_builtin_catalog(NULL));
  assert_non_null(r);
  assert_int_equal(prog_fuzz_check(r, f->case_text, strlen(f->case_text), FUZZ_NO_STATS, NULL), FIND_NONE);
  prog_worker_free(r);
}

static void test_planted_guard_drop(void **state) {
  (void)state;
  CampaignReport rep;
  const FuzzFinding *f = find_planted(planted_pass, 1, 3000, &rep);
  assert_true(rep.execs < 500); /* 4 with this seed */
  /* Reduced to the guard and its call. */
  assert_true(f->reduced);
  assert_true(f->nodes_after <= 2);
  assert_non_null(strstr(f->case_text, "if "));
  /* The finding replays: its program still shows the bug through the planted pass. */
  ProgOracleOptions po = {.smt = SMT_MODE_NEVER, .pass = planted_pass};
  ProgWorker *w = prog_worker_new(&po, fuzz_builtin_catalog(NULL));
  assert_non_null(w);
  assert_int_equal(prog_fuzz_check(w, f->case_text, strlen(f->case_text), FUZZ_NO_STATS, NULL), FIND_UNSOUND);
  prog_worker_free(w);
  /* ... and the real pass keeps the guard: no finding. */
  assert_real_pass_clean(f);
  campaign_report_free(&rep);
}

/* ---- planted bugs of calls inside expressions ---- */

/* The first assignment (depth first) whose value holds a call inside an expression. */
static Stmt **first_call_assign(Block *b) {
  for (uint32_t i = 0; i < b->n; i++) {
    Stmt *s = b->s[i];
    if (s->kind == SK_ASSIGN && s->u.assign.val.nsub) return &b->s[i];
    Block *inner[2] = {NULL, NULL};
    if (s->kind == SK_IF) inner[0] = &s->u.ifs.then, inner[1] = &s->u.ifs.els;
    else if (s->kind == SK_FOR || s->kind == SK_WHILE) inner[0] = &s->u.loop.body;
    else if (s->kind == SK_SPMD || s->kind == SK_SCOPE) inner[0] = &s->u.scope.body;
    for (int k = 0; k < 2; k++) {
      Stmt **r = inner[k] ? first_call_assign(inner[k]) : NULL;
      if (r) return r;
    }
  }
  return NULL;
}

static Block *block_of(Block *b, Stmt **slot) {
  if (slot >= b->s && slot < b->s + b->n) return b;
  for (uint32_t i = 0; i < b->n; i++) {
    Stmt *s = b->s[i];
    Block *inner[2] = {NULL, NULL};
    if (s->kind == SK_IF) inner[0] = &s->u.ifs.then, inner[1] = &s->u.ifs.els;
    else if (s->kind == SK_FOR || s->kind == SK_WHILE) inner[0] = &s->u.loop.body;
    else if (s->kind == SK_SPMD || s->kind == SK_SCOPE) inner[0] = &s->u.scope.body;
    for (int k = 0; k < 2; k++) {
      Block *r = inner[k] ? block_of(inner[k], slot) : NULL;
      if (r) return r;
    }
  }
  return NULL;
}

/* A fold that repeats a call: the first assignment whose value calls runs twice. */
static Program *dup_call_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  Program *out = pass_simplify_program(src, po, res);
  for (uint32_t f = 0; out && f < out->nfuncs; f++) {
    Block *body = &out->funcs[f]->body;
    Stmt **slot = first_call_assign(body);
    Block *b = slot ? block_of(body, slot) : NULL;
    if (!b) continue;
    uint32_t at = (uint32_t)(slot - b->s);
    Stmt **ns = prog_alloc(out, (b->n + 1) * sizeof *ns);
    assert_non_null(ns);
    memcpy(ns, b->s, (at + 1) * sizeof *ns);
    memcpy(ns + at + 1, b->s + at, (b->n - at) * sizeof *ns);
    b->s = ns;
    b->n++;
    break;
  }
  return out;
}

/* A fold that drops a call: the first assignment whose value calls gets its value without the calls
 * (as `f(a) * 0 => 0` printed naively would). */
static Program *drop_call_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  Program *out = pass_simplify_program(src, po, res);
  for (uint32_t f = 0; out && f < out->nfuncs; f++) {
    Stmt **slot = first_call_assign(&out->funcs[f]->body);
    if (!slot) continue;
    Stmt *s = *slot;
    Node *zero = vs_const_int(out->ctx, (DType)s->u.assign.val.e->dtype, 0);
    assert_non_null(zero);
    s->u.assign.val = (Val){.e = zero};
    break;
  }
  return out;
}

static void expect_found(ProgPassFn pass, uint64_t seed, uint64_t max_execs) {
  CampaignReport rep;
  const FuzzFinding *f = find_planted(pass, seed, max_execs, &rep);
  assert_true(rep.execs < max_execs);
  assert_real_pass_clean(f); /* ... and the real pass on the finding: no finding */
  campaign_report_free(&rep);
}

static void test_planted_call_duplicated(void **state) {
  (void)state;
  expect_found(dup_call_pass, 7, 2000);
}

static void test_planted_call_dropped(void **state) {
  (void)state;
  expect_found(drop_call_pass, 7, 2000);
}

/* ---- planted bugs of the types (views, tiles, tuples) ---- */

/* Applies fix to every assignment of the function, depth first. */
static void each_assign(Block *b, void (*fix)(Program *, Stmt *), Program *p) {
  for (uint32_t i = 0; i < b->n; i++) {
    Stmt *s = b->s[i];
    if (s->kind == SK_ASSIGN) fix(p, s);
    Block *inner[2] = {NULL, NULL};
    if (s->kind == SK_IF) inner[0] = &s->u.ifs.then, inner[1] = &s->u.ifs.els;
    else if (s->kind == SK_FOR || s->kind == SK_WHILE) inner[0] = &s->u.loop.body;
    else if (s->kind == SK_SPMD || s->kind == SK_SCOPE) inner[0] = &s->u.scope.body;
    for (int k = 0; k < 2; k++)
      if (inner[k]) each_assign(inner[k], fix, p);
  }
}

/* The reference's as_layout fold without its condition: every as_layout becomes its operand, a
 * layout flip included. */
static void alias_as_layout(Program *p, Stmt *s) {
  (void)p;
  const Call *c = s->u.assign.val.call;
  if (c && !strcmp(c->name, "as_layout") && c->nargs == 1 && c->args[0].tensor)
    s->u.assign.val = (Val){.tensor = c->args[0].tensor};
}

/* A type rebuild that takes a view's valid shape for its shape (the "full tile" assumption). */
static void valid_is_shape(Program *p, Stmt *s) {
  const Type *t = s->u.assign.type;
  if (!t || !t->form || !t->form->nvalid) return;
  Type *n = prog_alloc(p, sizeof *n);
  Node **ex = prog_alloc(p, t->nexpr * sizeof *ex);
  assert_true(n && ex);
  *n = *t;
  memcpy(ex, t->expr, t->nexpr * sizeof *ex);
  for (uint32_t i = 0; i < t->form->nvalid; i++) ex[t->rank + t->form->nstride + i] = ex[i];
  n->expr = ex;
  s->u.assign.type = n;
}

static Program *run_and_fix(Program *src, const PassOptions *po, PassResult *res, void (*fix)(Program *, Stmt *)) {
  Program *out = pass_simplify_program(src, po, res);
  for (uint32_t f = 0; out && f < out->nfuncs; f++) each_assign(&out->funcs[f]->body, fix, out);
  return out;
}

static Program *flip_alias_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return run_and_fix(src, po, res, alias_as_layout);
}

static Program *valid_shape_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return run_and_fix(src, po, res, valid_is_shape);
}

static void test_planted_layout_flip_aliased(void **state) {
  (void)state;
  expect_found(flip_alias_pass, 7, 2000);
}

static void test_planted_valid_shape_dropped(void **state) {
  (void)state;
  expect_found(valid_shape_pass, 7, 2000);
}

/* A view with a shape taken for its operand (the reference keeps it: it reinterprets the shape),
 * where the alias would print (the same rank). */
static void alias_shape_view(Program *p, Stmt *s) {
  (void)p;
  const Call *c = s->u.assign.val.call;
  if (c && (c->vform & VIEW_SHAPE) && s->u.assign.type && c->args[0].tensor->type.rank == s->u.assign.type->rank)
    s->u.assign.val = (Val){.tensor = c->args[0].tensor};
}

static Program *shape_view_alias_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return run_and_fix(src, po, res, alias_shape_view);
}

static void test_planted_shape_view_aliased(void **state) {
  (void)state;
  expect_found(shape_view_alias_pass, 7, 4000); /* 698 with this seed */
}

/* A dispatch predicate decided (dropped, as if the scheduler's comparison were known to hold). */
static void drop_predicates(Program *p, Block *b) {
  (void)p;
  for (uint32_t i = 0; i < b->n; i++) {
    if (b->s[i]->kind == SK_SUBMIT) b->s[i]->u.submit.pred = NULL;
    if (b->s[i]->kind == SK_SPMD) b->s[i]->u.scope.pred = NULL;
  }
}

static void each_block(Program *p, Block *b, void (*fix)(Program *, Block *));

/* out (the real pass's result) with fix applied to every block of every function. */
static Program *fix_blocks(Program *out, void (*fix)(Program *, Block *)) {
  for (uint32_t f = 0; out && f < out->nfuncs; f++) each_block(out, &out->funcs[f]->body, fix);
  return out;
}

static Program *predicate_drop_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return fix_blocks(pass_simplify_program(src, po, res), drop_predicates);
}

static void test_planted_predicate_decided(void **state) {
  (void)state;
  expect_found(predicate_drop_pass, 7, 2000); /* 159 with this seed */
}

/* A `break` dropped (as a fold that took the jump for the end of the body would): the loop runs on. */
static void drop_breaks(Program *p, Block *b) {
  (void)p;
  if (b->n && b->s[b->n - 1]->kind == SK_BREAK) b->n--;
}

static Program *break_drop_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return fix_blocks(pass_simplify_program(src, po, res), drop_breaks);
}

static const FuzzFinding *find_planted_in(ProgPassFn pass, bool reduce, CampaignReport *rep);

/* The planted passes below leave their result to the real pass, which finds more to fold in it (a loop
 * body that no longer ends in a jump), so a finding may be a second run that changes the result as
 * well as a differing event: either way the program the reduction keeps shows the construct. */
static void expect_found_with(ProgPassFn pass, const char *construct) {
  CampaignReport rep;
  const FuzzFinding *f = find_planted_in(pass, true, &rep);
  assert_true(f->kind == FIND_UNSOUND || f->kind == FIND_NOT_IDEMPOTENT);
  assert_non_null(strstr(f->case_text, construct));
  assert_real_pass_clean(f);
  campaign_report_free(&rep);
}

static void test_planted_break_dropped(void **state) {
  (void)state;
  expect_found_with(break_drop_pass, "break");
}

/* Every task id removed (as a dead-code removal that does not count a `deps` entry, or any other read,
 * as a read would): where something reads one, the result reads a variable nothing defines. */
static void drop_task_ids(Program *p, Block *b) {
  (void)p;
  for (uint32_t i = 0; i < b->n; i++)
    if (b->s[i]->kind == SK_SUBMIT) b->s[i]->u.submit.tid = NULL;
}

static Program *task_id_drop_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return fix_blocks(pass_simplify_program(src, po, res), drop_task_ids);
}

static void test_planted_task_id_removed(void **state) {
  (void)state;
  expect_found_with(task_id_drop_pass, "submit");
}

/* ---- planted bugs of communication domains and pinned slots ---- */

/* Every block of b, depth first (domain bodies included), to fix. */
static void each_block(Program *p, Block *b, void (*fix)(Program *, Block *)) {
  fix(p, b);
  for (uint32_t i = 0; i < b->n; i++) {
    Stmt *s = b->s[i];
    Block *inner[2] = {NULL, NULL};
    if (s->kind == SK_IF) inner[0] = &s->u.ifs.then, inner[1] = &s->u.ifs.els;
    else if (s->kind == SK_FOR || s->kind == SK_WHILE) inner[0] = &s->u.loop.body;
    else if (s->kind == SK_SPMD || s->kind == SK_SCOPE || s->kind == SK_DOMAIN) inner[0] = &s->u.scope.body;
    for (int k = 0; k < 2; k++)
      if (inner[k]) each_block(p, inner[k], fix);
  }
}

/* x with var replaced by c, when that leaves a closed expression, evaluated to its constant (so that
 * the planted pass stays idempotent: the oracle checks that before the differential, and `3 + 7`
 * would fold in a second run); otherwise x unchanged. */
static Node *specialized_size(Program *p, Node *x, Node *var, Node *c) {
  Node *s = vs_substitute(p->ctx, x, var, c);
  if (!s || s == x || (s->flags & NF_HAS_VAR)) return x;
  Outcome o;
  char err[80];
  if (!eval_at(s, NULL, &o, err, sizeof err) || o.value.ub || o.value.inv) return x;
  return vs_const(p->ctx, (DType)s->dtype, o.value.lane[0]);
}

/* Substitutes, in the sizes of domain d, the fact `x == c` of the first if in b (at any depth) whose
 * condition is one, where that makes a size a constant. */
static bool specialize_by_branch(Program *p, Stmt *d, Block b) {
  for (uint32_t i = 0; i < b.n; i++) {
    Stmt *s = b.s[i];
    if (s->kind == SK_IF) {
      Node *c = s->u.ifs.cond;
      if (c->op == OP_EQ && c->args[0]->op == OP_VAR && c->args[1]->op == OP_CONST) {
        for (uint32_t j = 0; j < d->u.scope.nslots; j++)
          d->u.scope.sizes[j] = specialized_size(p, d->u.scope.sizes[j], c->args[0], c->args[1]);
        return true;
      }
      if (specialize_by_branch(p, d, s->u.ifs.then) || specialize_by_branch(p, d, s->u.ifs.els)) return true;
    } else if (s->kind == SK_FOR || s->kind == SK_WHILE) {
      if (specialize_by_branch(p, d, s->u.loop.body)) return true;
    } else if (s->kind == SK_SPMD || s->kind == SK_SCOPE || s->kind == SK_DOMAIN) {
      if (specialize_by_branch(p, d, s->u.scope.body)) return true;
    }
  }
  return false;
}

/* A size fold that walks the body with the analyzer and folds a slot's size where a use sits, under
 * the facts of the branch around it: the first `if x == c` in a domain's body fixes x in its sizes. */
static void fact_into_sizes(Program *p, Block *b) {
  for (uint32_t i = 0; i < b->n; i++)
    if (b->s[i]->kind == SK_DOMAIN) specialize_by_branch(p, b->s[i], b->s[i]->u.scope.body);
}

static Program *domain_fact_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  return fix_blocks(pass_simplify_program(src, po, res), fact_into_sizes);
}

/* Does e read variable v? */
static bool reads_var(Node *e, const PVar *v) {
  if (!e || !v->node || !(e->flags & NF_HAS_VAR)) return false;
  if (e == v->node) return true;
  for (int k = 0; k < e->nargs; k++)
    if (reads_var(e->args[k], v)) return true;
  return false;
}

/* Dead-code removal that does not count a pin's index as a read: the binding just before a pin (in
 * its block) of a scalar its index reads is removed. Inside the pass that bug meets the pass's own
 * check of its output (docs/pass.md, step 10), which the wrapper runs as the pass does. */
static void drop_pin_scalar(Program *p, Block *b) {
  (void)p;
  for (uint32_t i = 0; i < b->n; i++) {
    if (b->s[i]->kind != SK_PIN) continue;
    for (uint32_t j = i; j-- > 0;) {
      Stmt *a = b->s[j];
      if (a->kind == SK_ASSIGN && a->u.assign.val.e && !val_has_call(&a->u.assign.val) &&
          reads_var(b->s[i]->u.pin.index, a->u.assign.var)) {
        memmove(b->s + j, b->s + j + 1, (b->n - j - 1) * sizeof *b->s);
        b->n--;
        return;
      }
    }
  }
}

static Program *pin_dce_pass(Program *src, const PassOptions *po, PassResult *res, void *ud) {
  (void)ud;
  Program *out = pass_simplify_program(src, po, res);
  for (uint32_t f = 0; out && f < out->nfuncs; f++) {
    each_block(out, &out->funcs[f]->body, drop_pin_scalar);
    char why[120];
    if (!fn_well_formed(out->funcs[f], why, sizeof why)) {
      res->failed = true;
      snprintf(res->error, sizeof res->error, "internal error: the output is not well formed: %.120s", why);
      prog_free(out);
      return NULL;
    }
  }
  return out;
}

/* A campaign against a planted pass (no solver) that finds one program; reduced in the full tier only
 * (the reductions take most of the time under the sanitizers). */
static const FuzzFinding *find_planted_in(ProgPassFn pass, bool reduce, CampaignReport *rep) {
  CampaignOptions o = {.target = FUZZ_TARGET_PROGRAM, .jobs = 1, .seed = 7, .max_execs = 3000, .reduce = reduce,
                       .max_findings = 1};
  o.oracle.smt = SMT_MODE_NEVER;
  o.prog.pass = pass;
  o.reduce_opts.max_seconds = 60;
  assert_true(campaign_run(&o, rep));
  assert_int_equal(rep->nfindings, 1);
  const FuzzFinding *f = &rep->findings[0];
  print_message("found after %llu inputs: %s\n%s\n", (unsigned long long)rep->execs, f->detail, f->case_text);
  return f;
}

static void planted_domain_size(bool reduce) {
  CampaignReport rep;
  const FuzzFinding *f = find_planted_in(domain_fact_pass, reduce, &rep);
  /* Refuted by the interpreter at the domain's end: a domain whose size reads what a branch in its body
   * compares. */
  assert_int_equal(f->kind, FIND_UNSOUND);
  assert_non_null(strstr(f->detail, "end domain["));
  assert_non_null(strstr(f->case_text, "domain ["));
  assert_non_null(strstr(f->case_text, "if "));
  assert_real_pass_clean(f);
  campaign_report_free(&rep);
}

static void planted_pin_scalar(bool reduce) {
  CampaignReport rep;
  const FuzzFinding *f = find_planted_in(pin_dce_pass, reduce, &rep);
  /* The pass's own well-formedness check stops the output that reads the removed scalar. */
  assert_int_equal(f->kind, FIND_ENGINE);
  assert_non_null(strstr(f->detail, "not well formed"));
  assert_non_null(strstr(f->detail, "a slot index reads"));
  assert_non_null(strstr(f->case_text, "pin "));
  assert_real_pass_clean(f);
  campaign_report_free(&rep);
}

static void test_planted_domain_size_specialized(void **state) {
  (void)state;
  planted_domain_size(false);
}

static void test_planted_pin_scalar_removed(void **state) {
  (void)state;
  planted_pin_scalar(false);
}

static void test_planted_domain_size_specialized_reduced(void **state) {
  (void)state;
  planted_domain_size(true);
}

static void test_planted_pin_scalar_removed_reduced(void **state) {
  (void)state;
  planted_pin_scalar(true);
}

/* ---- replays ---- */

static void replay(const char *dir, SmtMode smt) {
  const char *files[] = {dir};
  CampaignOptions o = {.target = FUZZ_TARGET_PROGRAM, .jobs = 1, .files = files, .nfiles = 1, .reduce = false};
  o.oracle.smt = smt;
  CampaignReport rep;
  assert_true(campaign_run(&o, &rep));
  for (size_t i = 0; i < rep.nfindings; i++)
    print_message("  %s: %s: %s\n", rep.finding_origin[i], find_kind_name(rep.findings[i].kind), rep.findings[i].detail);
  assert_true(rep.files > 0);
  assert_int_equal(rep.nfindings, 0);
  campaign_report_free(&rep);
}

static void test_program_regressions_replay(void **state) {
  (void)state;
  replay(VSIMP_SOURCE_DIR "/corpus/regressions/programs", SMT_MODE_ALWAYS);
}

static void test_program_seeds_replay(void **state) {
  (void)state;
  replay(VSIMP_SOURCE_DIR "/corpus/fuzz_program", SMT_MODE_NEVER);
}

int main(int argc, char **argv) {
  const struct CMUnitTest unit[] = {
    cmocka_unit_test(test_gen_prog_deterministic),
    cmocka_unit_test(test_gen_prog_well_typed),
    cmocka_unit_test(test_planted_guard_drop),
    cmocka_unit_test(test_planted_call_duplicated),
    cmocka_unit_test(test_planted_call_dropped),
    cmocka_unit_test(test_planted_layout_flip_aliased),
    cmocka_unit_test(test_planted_predicate_decided),
    cmocka_unit_test(test_planted_break_dropped),
    cmocka_unit_test(test_planted_task_id_removed),
    cmocka_unit_test(test_planted_domain_size_specialized),
    cmocka_unit_test(test_planted_pin_scalar_removed),
    cmocka_unit_test(test_program_regressions_replay),
    cmocka_unit_test(test_program_seeds_replay),
  };
  /* The full tier adds the planted valid-shape bug (its reduction alone takes about 6 s under the
   * sanitizers) and the aliased shape view (1,671 generated programs before it, then its reduction). */
  const struct CMUnitTest full[] = {
    cmocka_unit_test(test_gen_prog_deterministic),
    cmocka_unit_test(test_gen_prog_well_typed),
    cmocka_unit_test(test_planted_guard_drop),
    cmocka_unit_test(test_planted_call_duplicated),
    cmocka_unit_test(test_planted_call_dropped),
    cmocka_unit_test(test_planted_layout_flip_aliased),
    cmocka_unit_test(test_planted_shape_view_aliased),
    cmocka_unit_test(test_planted_predicate_decided),
    cmocka_unit_test(test_planted_valid_shape_dropped),
    cmocka_unit_test(test_planted_domain_size_specialized_reduced),
    cmocka_unit_test(test_planted_pin_scalar_removed_reduced),
    cmocka_unit_test(test_program_regressions_replay),
    cmocka_unit_test(test_program_seeds_replay),
  };
  return TEST_RUN_TIERS(argc, argv, unit, full);
}
