/* support.h: small helpers shared by the cmocka tests. */
#ifndef VSIMP_TESTS_SUPPORT_H
#define VSIMP_TESTS_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "smt/smt.h"
#include "text/text.h"

/* Test tiers (docs/testing.md). Every test executable runs its unit group by default: exact assertions,
 * quick, and Z3 only under a deterministic resource limit (test_smt_options), so that a verdict does not
 * depend on how loaded the machine is. With --full it runs its full group instead: the sweeps, the
 * planted-bug campaigns and the translation validations (`make test-full`). */
bool test_full_tier(int argc, char **argv);
#define TEST_RUN_TIERS(argc, argv, unit, full)                                                              \
  (test_full_tier(argc, argv) ? cmocka_run_group_tests_name("full", full, NULL, NULL)                        \
                              : cmocka_run_group_tests_name("unit", unit, NULL, NULL))
/* The same with a group setup and teardown. */
#define TEST_RUN_TIERS_WITH(argc, argv, unit, full, setup, teardown)                                        \
  (test_full_tier(argc, argv) ? cmocka_run_group_tests_name("full", full, setup, teardown)                   \
                              : cmocka_run_group_tests_name("unit", unit, setup, teardown))

/* Solver options for the unit tier: a resource limit of `rlimit` units (0: the default, 50 million), no
 * time limit. A query the limit stops is `unknown` on every machine alike. */
SmtOptions test_smt_options(unsigned rlimit);

/* The solver tests' cmocka fixture: a node context and a solver context. test_smt_setup gives the
 * solver test_smt_options(0); test_smt_setup_with the options o. In tests/support_smt.c, linked only
 * into the tests of the whole library. */
typedef struct {
  VsCtx *c;
  SmtCtx *s;
} TestSmtFx;
int test_smt_setup(void **state);
int test_smt_setup_with(void **state, const SmtOptions *o);
int test_smt_teardown(void **state);

/* The built-in catalog with its proof ledger: what the engine runs (tests/support_smt.c too); fails the
 * test when it does not load. The caller frees it (catalog_free). */
struct Catalog;
struct Catalog *test_catalog_with_ledger(void);

/* A deterministic generator (splitmix64), so that every failing random test can be replayed. */
typedef struct {
  uint64_t state;
} TestRng;

uint64_t test_rng_next(TestRng *r);
/* An integer in [0, n). */
uint64_t test_rng_below(TestRng *r, uint64_t n);

/* Parses text (len bytes), which must fail at line:col of file t.vs with a message containing sub, and
 * leave no result behind. */
void test_expect_parse_error(const char *text, size_t len, int line, int col, const char *sub);

/* Parses "DECLS\nEXPR" in ctx and returns its expression, failing the test on a parse error. */
Node *test_parse_expr(VsCtx *ctx, const char *decls, const char *expr);

/* Float values as the bit patterns vsimp stores. */
uint64_t test_f32_bits(float f);
uint64_t test_f64_bits(double d);

/* Parses a .vs text (failing the test on an error) and checks that printing it parses back to the same
 * nodes (hash-consing makes that a pointer compare). The caller frees the result (vs_file_free). */
VsFile test_parse_round_trip(VsCtx *ctx, const char *text);

/* The evaluator (eval_at) on a value expression at a point of variables alone (env: n entries), as its
 * first lane: what the scalar tests compare. False when the evaluation fails (a variable missing). */
static inline bool test_eval(Node *root, const VarValue *env, size_t n, Value *out) {
  Point p = {.vars = (VarValue *)env, .nvars = n};
  Outcome o;
  bool ok = eval_at(root, &p, &o, NULL, 0);
  *out = (Value){o.value.lane[0], o.value.ub, o.value.inv};
  outcome_free(&o);
  return ok;
}

#endif
