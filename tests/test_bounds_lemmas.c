/* test_bounds_lemmas.c: the range-analysis lemmas (src/rules/bounds.rules, docs/rules.md "Range
 * analysis lemmas"). Lemma patterns may use vmin/vmax, and vmin(x) there introduces x; such lemmas
 * type, prove (a right bound) and refute with a counterexample `vsimp check` reproduces (a wrong
 * one); rules proper still reject vmin/vmax in patterns; and the lemma names bounds.c cites and the
 * lemmas bounds.rules declares are the same set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "verify/refine_check.h"
#include "ir/bounds_trust.h"
#include "verify/bounds_trust_derive.h"
#include "rules/catalog.h"
#include "rules/rule.h"
#include "verify/rule_verify.h"
#include "text/text.h"
#include "support.h"

static Catalog *load(const char *text, VsDiag *d) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  memset(d, 0, sizeof *d);
  if (!catalog_load_text(c, "lemmas.rules", text, strlen(text), d)) {
    catalog_free(c);
    return NULL;
  }
  return c;
}

static Catalog *load_ok(const char *text) {
  VsDiag d;
  Catalog *c = load(text, &d);
  if (!c) fail_msg("%s:%d:%d: %s\n--- in ---\n%s", d.file, d.line, d.col, d.msg, text);
  return c;
}

static const Rule *find(const Catalog *c, const char *name) {
  const Rule *r = catalog_find(c, name);
  if (!r) fail_msg("no rule '%s'", name);
  return r;
}

static int slot_named(const Rule *r, const char *name) {
  for (int i = 0; i < r->nslots; i++)
    if (!strcmp(r->slot_names[i], name)) return i;
  return -1;
}

/* The instance of r whose free classes are all dt. */
static unsigned instance_at(const Rule *r, DType dt) {
  uint8_t cls[RULE_MAX_ALL_CLASSES];
  for (int c = 0; c < r->nclasses; c++) cls[c] = r->class_fixed[c];
  for (int i = 0; i < r->nfree; i++) cls[r->free_class[i]] = (uint8_t)dt;
  return rule_instance_index(r, cls);
}

static ProofResult prove(const Rule *r, DType dt) {
  SmtOptions so = test_smt_options(0);
  SmtCtx *s = smt_new(&so);
  assert_non_null(s);
  ProofResult p = verify_rule_instance(s, r, instance_at(r, dt));
  smt_free(s);
  return p;
}

static const char *const add_lemmas =
  "family lemma\n"
  "lemma add_lo : vmin(x) + vmin(y) <= x + y => true\n"
  "  where no_overflow(vmin(x) + vmin(y)) && no_overflow(vmax(x) + vmax(y))\n"
  "lemma add_hi : x + y <= vmax(x) + vmax(y) => true\n"
  "  where no_overflow(vmin(x) + vmin(y)) && no_overflow(vmax(x) + vmax(y))\n"
  /* wrong: the sum of the maxima may wrap, and then so may x + y */
  "lemma add_lo_wrong : vmin(x) + vmin(y) <= x + y => true where no_overflow(vmin(x) + vmin(y))\n"
  "lemma bound_order : vmin(x) <= vmax(x) => true\n"
  /* more commutative operators than a matched pattern may have: a lemma has no variants to make */
  "lemma corners : min(min(vmin(x) * vmin(y), vmin(x) * vmax(y)), min(vmax(x) * vmin(y), vmax(x) * vmax(y)))\n"
  "    <= x * y => true where no_overflow(vmin(x) * vmin(y)) && no_overflow(vmin(x) * vmax(y))\n"
  "    && no_overflow(vmax(x) * vmin(y)) && no_overflow(vmax(x) * vmax(y))\n";

/* vmin(x) introduces x in a lemma pattern; its bound nodes share x's type class. */
static void test_lemma_pattern_parses(void **state) {
  (void)state;
  Catalog *c = load_ok(add_lemmas);
  const Rule *r = find(c, "add_lo");
  assert_true(r->is_lemma);
  assert_string_equal(r->family, "lemma");
  int x = slot_named(r, "x"), y = slot_named(r, "y");
  assert_int_equal(x, 0); /* introduced by vmin(x), before x itself occurs */
  assert_int_equal(y, 1);
  assert_int_equal(r->slot_kind[x], PAT_VAR);
  const Pat *lo = r->lhs->args[0]; /* vmin(x) + vmin(y) */
  assert_int_equal(lo->kind, PAT_OP);
  assert_int_equal(lo->args[0]->kind, PAT_BOUND);
  assert_int_equal(lo->args[0]->slot, x);
  assert_int_equal(lo->args[0]->bound_max, 0);
  assert_int_equal(lo->args[0]->tclass, r->slot_class[x]);
  assert_int_equal(r->slot_class[x], r->slot_class[y]);
  assert_int_equal(r->nfree, 1);
  /* A lemma made of bounds only still has x as a variable. */
  const Rule *o = find(c, "bound_order");
  assert_int_equal(o->nslots, 1);
  assert_int_equal(o->slot_kind[0], PAT_VAR);
  const Rule *k = find(c, "corners");
  assert_int_equal(k->nvariants, 1);
  assert_ptr_equal(k->variants[0], k->lhs);
  catalog_free(c);
}

/* Rules proper are matched against nodes, which have no bounds to match: still rejected. */
static void test_rule_pattern_rejects_bounds(void **state) {
  (void)state;
  VsDiag d;
  Catalog *c = load("family identity\nrule r : vmin(x) + 0 => x\n", &d);
  assert_null(c);
  assert_int_equal(d.line, 2);
  assert_int_equal(d.col, 10);
  assert_non_null(strstr(d.msg, "not in patterns"));
  /* in a lemma's template and guard, a bound still needs its variable from the pattern */
  c = load("family lemma\nlemma l : x + 0 => vmax(y)\n", &d);
  assert_null(c);
  assert_non_null(strstr(d.msg, "'y' is not a variable of the pattern"));
  c = load("family lemma\nlemma l : x + 0 <= x => true where vmin(y) >= 0\n", &d);
  assert_null(c);
  assert_non_null(strstr(d.msg, "'y' is not a variable of the pattern"));
}

static void test_lemma_proved(void **state) {
  (void)state;
  Catalog *c = load_ok(add_lemmas);
  const DType dts[] = {DT_I8, DT_U8, DT_I16};
  for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
    ProofResult p = prove(find(c, "add_lo"), dts[i]);
    if (p.status != PROOF_PROVED) fail_msg("add_lo at %s: %s %s", dt_name(dts[i]), proof_status_name(p.status), p.reason);
    proof_result_free(&p);
    p = prove(find(c, "add_hi"), dts[i]);
    if (p.status != PROOF_PROVED) fail_msg("add_hi at %s: %s %s", dt_name(dts[i]), proof_status_name(p.status), p.reason);
    proof_result_free(&p);
  }
  ProofResult p = prove(find(c, "bound_order"), DT_I32);
  assert_int_equal(p.status, PROOF_PROVED);
  proof_result_free(&p);
  catalog_free(c);
}

/* The wrong lemma is refuted, and its counterexample is a case `vsimp check` finds invalid. */
static void test_wrong_lemma_refuted(void **state) {
  (void)state;
  Catalog *c = load_ok(add_lemmas);
  ProofResult p = prove(find(c, "add_lo_wrong"), DT_I8);
  assert_int_equal(p.status, PROOF_REFUTED);
  assert_non_null(p.cex);
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "cex.vs", p.cex, strlen(p.cex), &f, &d))
    fail_msg("counterexample does not parse: %d:%d: %s\n%s", d.line, d.col, d.msg, p.cex);
  assert_non_null(f.tgt);
  SmtOptions so = test_smt_options(0);
  SmtCtx *s = smt_new(&so);
  CheckOptions co = {.exhaustive_limit = 65536};
  CheckResult r = check_refinement(s, &co, NULL, f.src, f.tgt);
  if (r.verdict != CHECK_INVALID) fail_msg("counterexample is %s:\n%s", check_verdict_name(r.verdict), p.cex);
  check_result_free(&r);
  smt_free(s);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  proof_result_free(&p);
  catalog_free(c);
}

/* ---- bounds.c and bounds.rules name the same lemmas ---- */

static char *read_source(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", VSIMP_SOURCE_DIR, rel);
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  assert_non_null(s);
  assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
  s[n] = 0;
  fclose(f);
  return s;
}

static bool is_word(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'; }

static void test_bounds_c_cites_every_lemma(void **state) {
  (void)state;
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  char *src = read_source("src/ir/bounds.c");
  /* Every `bounds_xxx` word bounds.c cites in a comment that is not one of its functions is a
   * lemma of the catalog. */
  size_t cited = 0;
  for (char *p = strstr(src, "bounds_"); p; p = strstr(p + 1, "bounds_")) {
    if (p > src && is_word(p[-1])) continue;
    size_t n = 0;
    while (is_word(p[n])) n++;
    char name[96];
    snprintf(name, sizeof name, "%.*s", (int)n, p);
    if (!strcmp(name, "bounds_full") || !strcmp(name, "bounds_transfer") || !strcmp(name, "bounds_compute") ||
        !strcmp(name, "bounds_ops") || !strcmp(name, "bounds_trust") || !strcmp(name, "bounds_trusted") ||
        !strcmp(name, "bounds_"))
      continue;
    const Rule *r = catalog_find(cat, name);
    if (!r || !r->is_lemma) fail_msg("bounds.c cites %s, which is not a lemma of the catalog", name);
    cited++;
  }
  /* ...and every lemma of bounds.rules is cited there. */
  size_t lemmas = 0;
  for (size_t i = 0; i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    if (!strstr(r->file, "bounds.rules")) continue;
    assert_true(r->is_lemma);
    lemmas++;
    char *hit = src;
    size_t len = strlen(r->name);
    bool found = false;
    while ((hit = strstr(hit, r->name)) && !found) {
      found = !is_word(hit[len]) && (hit == src || !is_word(hit[-1]));
      hit += len;
    }
    if (!found) fail_msg("lemma %s is not cited in bounds.c", r->name);
  }
  assert_true(lemmas >= 40);
  assert_true(cited >= lemmas);
  free(src);
  catalog_free(cat);
}

/* The lemma map (verify/bounds_trust_derive.c) names every lemma of bounds.rules under some op and nothing else, so
 * a lemma left unproved always disables a case; and the everyday cases are proved at every dtype. */
static void test_trust_table_covers_every_lemma(void **state) {
  (void)state;
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  size_t named = 0;
  for (int op = 0; op < OP_COUNT; op++)
    for (const char *const *l = bounds_lemmas_of((Op)op); *l; l++) {
      const Rule *r = catalog_find(cat, *l);
      if (!r || !r->is_lemma || !strstr(r->file, "bounds.rules")) fail_msg("trust table names %s, not a bounds lemma", *l);
      named++;
    }
  size_t lemmas = 0;
  for (size_t i = 0; i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    if (!strstr(r->file, "bounds.rules")) continue;
    lemmas++;
    bool found = false;
    for (int op = 0; op < OP_COUNT && !found; op++)
      for (const char *const *l = bounds_lemmas_of((Op)op); *l && !found; l++) found = !strcmp(*l, r->name);
    if (!found) fail_msg("lemma %s is in no op's entry of the trust table", r->name);
  }
  assert_int_equal(named, lemmas);
  /* The same for the alignment lemmas (align.rules), each proved at every integer dtype. */
  size_t anamed = 0, alemmas = 0;
  for (int op = 0; op < OP_COUNT; op++)
    for (const char *const *l = align_lemmas_of((Op)op); *l; l++) {
      const Rule *r = catalog_find(cat, *l);
      if (!r || !r->is_lemma || !strstr(r->file, "align.rules")) fail_msg("align table names %s, not an align lemma", *l);
      anamed++;
      if ((vs_align_trust[op] & 0x3fe) != 0x3fe) fail_msg("alignment of %s is not proved at every integer dtype", op_name((Op)op));
    }
  for (size_t i = 0; i < catalog_rule_count(cat); i++)
    if (strstr(catalog_rule(cat, i)->file, "align.rules")) alemmas++;
  assert_int_equal(anamed, alemmas);
  static const Op everyday[] = {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_MIN, OP_MAX, OP_SELECT, OP_LT, OP_CAST};
  static const DType ints[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64, DT_INDEX};
  for (size_t o = 0; o < sizeof everyday / sizeof everyday[0]; o++)
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
      if (!bounds_trusted(everyday[o], ints[k]))
        fail_msg("bounds of %s at %s are not proved", op_name(everyday[o]), dt_name(ints[k]));
    }
  catalog_free(cat);
}

/* The compiled-in trust table (src/ir/bounds_trust_table.c) is the one the built-in catalog and ledger
 * give: regenerate it (`make docs`) after the ledger changes, or this fails. */

/* Takes the proof of lemma `name` at the instances whose free class is dt away (as an unknown verdict
 * would leave it); returns how many were cleared. */
static size_t unprove_at(Catalog *cat, const char *name, DType dt) {
  Rule *r = (Rule *)catalog_find(cat, name);
  assert_non_null(r);
  unsigned inst[RULE_INSTANCES];
  size_t n = rule_admissible_instances(r, inst, RULE_INSTANCES), cleared = 0;
  for (size_t k = 0; k < n; k++) {
    uint8_t cls[RULE_MAX_ALL_CLASSES];
    rule_instance_dtypes(r, inst[k], cls);
    if (cls[r->free_class[0]] != dt || !rule_instance_proved(r, inst[k])) continue;
    r->proved[inst[k] >> 3] &= (uint8_t)~(1u << (inst[k] & 7));
    cleared++;
  }
  return cleared;
}

static void test_trust_table_current(void **state) {
  (void)state;
  Catalog *cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(cat, &d));
  catalog_apply_builtin_ledger(cat);
  uint16_t derived[OP_COUNT], align[OP_COUNT];
  assert_true(bounds_trust_derive(cat, derived));
  assert_true(align_trust_derive(cat, align));
  for (int op = 0; op < OP_COUNT; op++) {
    if (derived[op] != vs_bounds_trust[op])
      fail_msg("the trust table of %s is stale (compiled 0x%x, the ledger gives 0x%x): run `make docs`", op_name((Op)op),
               vs_bounds_trust[op], derived[op]);
    if (align[op] != vs_align_trust[op])
      fail_msg("the alignment trust table of %s is stale (compiled 0x%x, the ledger gives 0x%x): run `make docs`",
               op_name((Op)op), vs_align_trust[op], align[op]);
  }
  char *src = bounds_trust_source(derived, align), *file = read_source("src/ir/bounds_trust_table.c");
  assert_non_null(src);
  assert_string_equal(src, file);
  /* An unproved lemma takes its case away: with bounds_pow_odd's i32 instance unproved, pow loses i32
   * and keeps the other dtypes. */
  assert_int_equal(unprove_at(cat, "bounds_pow_odd", DT_I32), 1);
  assert_true(bounds_trust_derive(cat, derived));
  assert_false(derived[OP_POW] >> DT_I32 & 1);
  assert_true(derived[OP_POW] >> DT_I8 & 1);
  assert_true(derived[OP_POW] >> DT_I64 & 1);
  /* The same for the alignment table: align_mul unproved at u16 takes mul's case away there only. */
  assert_int_equal(unprove_at(cat, "align_mul", DT_U16), 1);
  assert_true(align_trust_derive(cat, align));
  assert_false(align[OP_MUL] >> DT_U16 & 1);
  assert_true(align[OP_MUL] >> DT_U8 & 1);
  assert_true(align[OP_ADD] >> DT_U16 & 1);
  free(src);
  free(file);
  catalog_free(cat);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_trust_table_current),
    cmocka_unit_test(test_trust_table_covers_every_lemma),
    cmocka_unit_test(test_lemma_pattern_parses),
    cmocka_unit_test(test_rule_pattern_rejects_bounds),
    cmocka_unit_test(test_lemma_proved),
    cmocka_unit_test(test_wrong_lemma_refuted),
    cmocka_unit_test(test_bounds_c_cites_every_lemma),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
