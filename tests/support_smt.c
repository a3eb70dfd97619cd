/* support_smt.c: the solver tests' fixture (support.h). Apart from support.c because it calls the smt
 * stage, which the tests of the lower stages do not link. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "rules/catalog.h"
#include "support.h"

Catalog *test_catalog_with_ledger(void) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  VsDiag d;
  if (!catalog_load_builtin(c, &d)) fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
  catalog_apply_builtin_ledger(c);
  return c;
}

int test_smt_setup_with(void **state, const SmtOptions *o) {
  TestSmtFx *fx = calloc(1, sizeof *fx);
  if (!fx) return -1;
  fx->c = vs_ctx_new();
  fx->s = smt_new(o);
  *state = fx;
  return fx->c && fx->s ? 0 : -1;
}

int test_smt_setup(void **state) {
  SmtOptions o = test_smt_options(0);
  return test_smt_setup_with(state, &o);
}

int test_smt_teardown(void **state) {
  TestSmtFx *fx = *state;
  smt_free(fx->s);
  vs_ctx_free(fx->c);
  free(fx);
  return 0;
}
