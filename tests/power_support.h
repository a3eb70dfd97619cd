/* power_support.h: the harness of the simplification-power tests (test_power_*.c): the built-in catalog
 * with its proof ledger, and run(), which simplifies an expression, compares it with the expected one in
 * normal form, checks whether the named rule or fold fired, and checks the output against its input
 * with Z3 under the unit tier's resource limit. Header-only (each test is its own executable). */
#ifndef VSIMP_TESTS_POWER_SUPPORT_H
#define VSIMP_TESTS_POWER_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "smt/smt.h"
#include "text/text.h"
#include "verify/refine_check.h"
#include "support.h"

static SmtCtx *smt;
static Catalog *cat;

static int group_setup(void **state) {
  (void)state;
  SmtOptions o = test_smt_options(0);
  smt = smt_new(&o);
  cat = catalog_new();
  VsDiag d;
  if (!smt || !cat || !catalog_load_builtin(cat, &d)) return -1;
  catalog_apply_builtin_ledger(cat);
  return 0;
}

static int group_teardown(void **state) {
  (void)state;
  smt_free(smt);
  catalog_free(cat);
  return 0;
}

/* Simplifies expr (over decls) with the built-in catalog; the output must refine the input (Z3). When
 * want is set, the output must be it (in normal form); when `fires` is set, the trace must name it (want set) or must
 * not (want NULL: the guard forbids it there). */
static void run(const char *decls, const char *expr, const char *want, const char *fires) {
  VsCtx *ctx = vs_ctx_new();
  assert_non_null(ctx);
  RewriteOptions ro = {.trace = true};
  Rewriter *rw = rewriter_new(ctx, cat, &ro);
  assert_non_null(rw);
  Node *in = test_parse_expr(ctx, decls, expr), *out = rewriter_simplify(rw, in);
  assert_non_null(out);
  assert_false(rewriter_stats(rw)->budget_exhausted);
  size_t n;
  const TraceStep *t = rewriter_trace(rw, &n);
  bool fired = false;
  for (size_t i = 0; fires && i < n; i++) fired |= !strcmp(t[i].name, fires);
  char *got = vs_print(out);
  /* The expected expression is compared in the catalog's normal form (the order of operands of
   * commutative chains is the canonical order's, not the test's). */
  if (want) {
    Rewriter *rw2 = rewriter_new(ctx, cat, &(RewriteOptions){0});
    assert_non_null(rw2);
    Node *w = rewriter_simplify(rw2, test_parse_expr(ctx, decls, want));
    rewriter_free(rw2);
    if (out != w) fail_msg("%s\n%s\n  gave %s\n  want %s", decls, expr, got, want);
  }
  if (fires && fired != (want != NULL))
    fail_msg("%s\n%s\n  gave %s: %s %s", decls, expr, got, fires, fired ? "fired" : "did not fire");
  CheckOptions co = {.exhaustive_limit = 1 << 16};
  CheckResult r = check_refinement(smt, &co, NULL, in, out);
  if (r.verdict != CHECK_VALID)
    fail_msg("%s\n%s\n  gave %s: %s (%s)", decls, expr, got, check_verdict_name(r.verdict), r.reason);
  check_result_free(&r);
  free(got);
  rewriter_free(rw);
  vs_ctx_free(ctx);
}

#define FIRES(d, e, w, name) run(d, e, w, name)
#define NEVER(d, e, name) run(d, e, NULL, name)

#endif
