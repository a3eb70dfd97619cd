/* prog_support.h: helpers shared by the program tests (test_prog_*.c): parse, run the pass, print,
 * and check the result by translation validation. Header-only (each test is its own executable). */
#ifndef VSIMP_TESTS_PROG_SUPPORT_H
#define VSIMP_TESTS_PROG_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/stmt.h"
#include "pass/prog_pass.h"
#include "rules/catalog.h"
#include "verify/prog_check.h"
#include "text/prog_text.h"
#include "support.h"

typedef struct {
  VsCtx *ctx;
  Catalog *cat;
  SmtCtx *smt;
  Program *in;
  Program *out[4];
  int nout;
  PassResult res;
  char *text; /* the last output, printed */
} PT;

static inline void pt_init(PT *t) {
  memset(t, 0, sizeof *t);
  t->ctx = vs_ctx_new();
  t->cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(t->cat, &d));
  catalog_apply_builtin_ledger(t->cat);
  SmtOptions so = test_smt_options(200000000);
  t->smt = smt_new(&so);
}

static inline void pt_fini(PT *t) {
  for (int i = t->nout; i-- > 0;) prog_free(t->out[i]);
  prog_free(t->in);
  pass_result_free(&t->res);
  free(t->text);
  smt_free(t->smt);
  catalog_free(t->cat);
  vs_ctx_free(t->ctx);
}

static inline Program *pt_parse(PT *t, const char *src) {
  VsDiag d;
  Program *p = NULL;
  if (!prog_parse(t->ctx, "t.vs", src, strlen(src), &p, &d)) {
    vs_diag_print(&d, stderr);
    fail_msg("unexpected parse failure on:\n%s", src);
  }
  return p;
}

/* Random-program tests may meet queries the solver cannot finish in its time limit: they set this to
 * count such `unknown` verdicts (and bound their number) instead of failing on the first. An `invalid`
 * verdict always fails. */
static size_t *pt_unknown_count;

/* Checks that `tgt` refines `src` (a full proof, or a bounded one when `bounded_ok`). */
static inline void pt_validate(PT *t, const Program *src, const Program *tgt, bool bounded_ok) {
  ProgCheckOptions co = {.unroll = 16};
  ProgCheckResult r = prog_check_program(t->smt, &co, src, tgt);
  if (r.verdict == CHECK_UNKNOWN && pt_unknown_count) {
    fprintf(stderr, "translation validation: unknown (%s): counted\n", r.reason);
    (*pt_unknown_count)++;
    prog_check_result_free(&r);
    return;
  }
  if (r.verdict != CHECK_VALID || (r.bounded && !bounded_ok)) {
    char *a = prog_print(src), *b = prog_print(tgt);
    fprintf(stderr, "translation validation: %s%s (%s)\n%s\nsource:\n%s\ntarget:\n%s\n", check_verdict_name(r.verdict),
            r.bounded ? " (bounded)" : "", r.reason, r.report ? r.report : "", a, b);
    free(a);
    free(b);
    fail_msg("the pass's output does not validate");
  }
  prog_check_result_free(&r);
}

/* Every obligation the pass recorded must be proved. */
static inline void pt_obligations(PT *t) {
  for (size_t i = 0; i < t->res.nobligations; i++) {
    char why[200];
    CheckVerdict v = prog_check_obligation(t->smt, &t->res.obligations[i], why, sizeof why);
    if (v != CHECK_VALID) fail_msg("obligation %zu (%s at %d:%d) is %s: %s", i, t->res.obligations[i].what,
                                   t->res.obligations[i].line, t->res.obligations[i].col, check_verdict_name(v), why);
  }
}

/* Parses src, runs the pass `runs` times, validates every run against its input (and the obligations),
 * and returns the final program printed. */
static inline const char *pt_run_opts(PT *t, const char *src, int runs, PassOptions po, bool bounded_ok) {
  t->in = pt_parse(t, src);
  po.obligations = true;
  if (!po.cat && !po.constant_only) po.cat = t->cat;
  Program *cur = t->in;
  for (int k = 0; k < runs && k < 4; k++) {
    t->res.depth_capped = false;
    t->out[t->nout] = pass_simplify_program(cur, &po, &t->res);
    if (!t->out[t->nout]) fail_msg("the pass failed: %s", t->res.error);
    pt_validate(t, cur, t->out[t->nout], bounded_ok);
    cur = t->out[t->nout++];
  }
  pt_obligations(t);
  free(t->text);
  t->text = prog_print(cur);
  assert_non_null(t->text);
  /* The printout parses back to a program that prints the same. */
  Program *back = pt_parse(t, t->text);
  char *again = prog_print(back);
  assert_string_equal(again, t->text);
  free(again);
  prog_free(back);
  return t->text;
}

static inline const char *pt_run(PT *t, const char *src) {
  PassOptions po = {0};
  return pt_run_opts(t, src, 1, po, true);
}

static inline void pt_has(const char *text, const char *sub) {
  if (!strstr(text, sub)) fail_msg("expected '%s' in:\n%s", sub, text);
}

static inline void pt_lacks(const char *text, const char *sub) {
  if (strstr(text, sub)) fail_msg("did not expect '%s' in:\n%s", sub, text);
}

static inline size_t pt_count(const char *text, const char *sub) {
  size_t n = 0;
  for (const char *p = strstr(text, sub); p; p = strstr(p + 1, sub)) n++;
  return n;
}

#endif
