/* test_rules.c: the rule DSL (docs/rules.md): parse errors with their exact positions, type
 * inference, commutative variants, the normalised text and its hash, and applying a proof ledger.
 * Rules are loaded with catalog_load_text, as a user's --rules file would be. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/catalog.h"
#include "rewrite/dispatch.h"
#include "rules/rule.h"
#include "verify/rule_verify.h"
#include "support.h"

/* ---- helpers ---- */

/* Loads text as a rule file named `name`; fails the test with the diagnostic if it does not load. */
static Catalog *load_ok_named(const char *name, const char *text) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  VsDiag d;
  memset(&d, 0, sizeof d);
  if (!catalog_load_text(c, name, text, strlen(text), &d))
    fail_msg("%s:%d:%d: %s\n--- in ---\n%s", d.file, d.line, d.col, d.msg, text);
  return c;
}
static Catalog *load_ok(const char *text) { return load_ok_named("test.rules", text); }

/* Loads text, which must fail at exactly LINE:COL with a message containing `msg`. */
static void expect_error_named(const char *name, const char *text, int line, int col, const char *msg) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  VsDiag d;
  memset(&d, 0, sizeof d);
  bool ok = catalog_load_text(c, name, text, strlen(text), &d);
  catalog_free(c);
  if (ok) fail_msg("loaded, wanted an error '%s' at %d:%d\n--- in ---\n%s", msg, line, col, text);
  if (strcmp(d.file, name) || d.line != line || d.col != col || !strstr(d.msg, msg))
    fail_msg("got %s:%d:%d: %s\nwanted %s:%d:%d: ...%s...\n--- in ---\n%s", d.file, d.line, d.col, d.msg, name, line,
             col, msg, text);
}
static void expect_error(const char *text, int line, int col, const char *msg) {
  expect_error_named("bad.rules", text, line, col, msg);
}

/* The 1-based column of the first occurrence of `needle` in the given 1-based line of text. */
static int col_of(const char *text, int line, const char *needle) {
  const char *p = text;
  for (int l = 1; l < line; l++) {
    p = strchr(p, '\n');
    assert_non_null(p);
    p++;
  }
  const char *eol = strchr(p, '\n');
  const char *hit = strstr(p, needle);
  assert_non_null(hit);
  if (eol) assert_true(hit < eol);
  return (int)(hit - p) + 1;
}

static const Rule *find(const Catalog *c, const char *name) {
  const Rule *r = catalog_find(c, name);
  if (!r) fail_msg("no rule '%s'", name);
  return r;
}

/* The single rule of a one-rule text (family identity). */
static Catalog *one(const char *rule_line, const Rule **out) {
  char buf[1024];
  snprintf(buf, sizeof buf, "family identity\n%s\n", rule_line);
  Catalog *c = load_ok(buf);
  assert_int_equal(catalog_rule_count(c), 1);
  *out = catalog_rule(c, 0);
  return c;
}

static int slot_of(const Rule *r, const char *name) {
  for (int i = 0; i < r->nslots; i++)
    if (!strcmp(r->slot_names[i], name)) return i;
  fail_msg("rule %s has no slot %s", r->name, name);
  return -1;
}

/* The dtype class of a slot: the fixed dtype, or DT_COUNT if free. */
static int slot_fixed(const Rule *r, const char *name) { return r->class_fixed[r->slot_class[slot_of(r, name)]]; }

static size_t admissible(const Rule *r, unsigned *out, size_t cap) { return rule_admissible_instances(r, out, cap); }

/* ---- parse errors ---- */

static void test_error_family(void **state) {
  (void)state;
  expect_error("family nosuch\nrule a : x + 0 => x\n", 1, 8, "unknown family 'nosuch'");
  expect_error("family identity extra\n", 1, 17, "expected the end of the line");
  expect_error("family\n", 1, 7, "expected a family name");
  /* The default family is the file's base name: "bad" is none, "identity" is one. */
  expect_error_named("dir/bad.rules", "rule a : x + 0 => x\n", 1, 1, "rule outside a known family");
  Catalog *c = load_ok_named("some/dir/identity.rules", "rule a : x + 0 => x\n");
  assert_string_equal(find(c, "a")->family, "identity");
  catalog_free(c);
  c = load_ok_named("zero_fold.v2.rules", "rule a : x - x => 0 where int(x)\nfamily comparison\nrule b : x < x => false\n");
  assert_string_equal(find(c, "a")->family, "zero_fold");
  assert_string_equal(find(c, "b")->family, "comparison");
  assert_true(find(c, "b")->family_rank > find(c, "a")->family_rank);
  catalog_free(c);
}

static void test_error_syntax(void **state) {
  (void)state;
  const char *t;
  t = "family identity\nrule a : foo(x) => x\n";
  expect_error(t, 2, col_of(t, 2, "foo"), "unknown function 'foo'");
  t = "family identity\nrule a : min(x) => x\n";
  expect_error(t, 2, col_of(t, 2, "min"), "'min' takes 2 arguments, got 1");
  t = "family identity\nrule a : sqrt(x, y) => x\n";
  expect_error(t, 2, col_of(t, 2, "sqrt"), "'sqrt' takes 1 argument, got 2");
  t = "family identity\nrule a : select(x, y) => y\n";
  expect_error(t, 2, col_of(t, 2, "select"), "'select' takes 3 arguments, got 2");
  t = "family identity\nrule a : mulacc(x, y, z, w) => y\n";
  expect_error(t, 2, col_of(t, 2, "w)"), "too many arguments");
  t = "family identity\nrule a : x + 0 x\n";
  expect_error(t, 2, col_of(t, 2, "0 x") + 2, "expected '=>', got 'x'");
  t = "family identity\nrule a : x + 0\n";
  expect_error(t, 2, 15, "expected '=>', got end of file");
  t = "family identity\nrule a : x + 0 => x x\n";
  expect_error(t, 2, col_of(t, 2, "x x") + 2, "expected 'where', 'by' or the end of the rule, got 'x'");
  t = "family identity\nrule a x + 0 => x\n";
  expect_error(t, 2, 8, "expected ':'");
  t = "family identity\nrule : x + 0 => x\n";
  expect_error(t, 2, 6, "expected a rule name");
  t = "family identity\nrul a : x + 0 => x\n";
  expect_error(t, 2, 1, "expected 'rule', 'lemma' or 'family'");
  t = "family identity\nrule a : x => x\n";
  expect_error(t, 2, 10, "a pattern must be an operation");
  t = "family identity\nrule a : x + 0 => x $\n";
  expect_error(t, 2, col_of(t, 2, "$"), "unexpected character '$'");
  t = "family identity\nrule a : vmin(x) + 0 => x\n";
  expect_error(t, 2, 10, "vmin/vmax may appear in templates and guards, not in patterns");
  t = "family identity\nrule a : v@x + 0 => x\n";
  expect_error(t, 2, 10, "'@' must bind an operation");
  t = "family identity\nrule a : x + 0 => v@(x + 0)\n";
  expect_error(t, 2, col_of(t, 2, "v@"), "'@' binds names in patterns only");
  t = "family identity\nrule a : v@(x + 0) * v@(x - 1) => x\n";
  expect_error(t, 2, col_of(t, 2, "v@(x -"), "'v' is bound twice");
}

static void test_error_template_and_guard(void **state) {
  (void)state;
  const char *t;
  t = "family identity\nrule a : x + 0 => y\n";
  expect_error(t, 2, 19, "'y' is not a variable of the pattern");
  t = "family identity\nrule a : x + 0 => vmax(y)\n";
  expect_error(t, 2, col_of(t, 2, "y)"), "'y' is not a variable of the pattern");
  t = "family identity\nrule a : x % c => x where x < c\n";
  expect_error(t, 2, col_of(t, 2, "x < c"), "'x' is not a constant variable: use vmin(x) or vmax(x)");
  t = "family identity\nrule a : x % c => x where c < z\n";
  expect_error(t, 2, col_of(t, 2, "z"), "'z' is not a variable of the pattern");
  t = "family identity\nrule a : x * c => x where !no_overflow(x * c)\n";
  expect_error(t, 2, col_of(t, 2, "no_overflow"), "no_overflow may not be negated");
  t = "family identity\nrule a : x * c => x where c > 0 && !(c < 5 || no_overflow(x * c))\n";
  expect_error(t, 2, col_of(t, 2, "no_overflow"), "no_overflow may not be negated");
  t = "family identity\nrule a : x * c => x where vmin(x)\n";
  expect_error(t, 2, col_of(t, 2, "vmin"), "a guard must be a condition");
  t = "family identity\nrule a : x * c => x where c\n";
  expect_error(t, 2, col_of(t, 2, "c\n"), "a guard must be a condition");
  t = "family identity\nrule a : x * c => x where int(x) + 1 > 0\n";
  expect_error(t, 2, col_of(t, 2, "+ 1"), "a condition is used as a number");
  t = "family identity\nrule a : x * c => x where int(x) && c\n";
  expect_error(t, 2, col_of(t, 2, "&&"), "a number is used as a condition");
  t = "family identity\nrule a : x * c => x where !c\n";
  expect_error(t, 2, col_of(t, 2, "!c"), "a number is used as a condition");
  /* Conditions inside abs() and is_pow2() are numbers too: the guard evaluator cannot compute them. */
  t = "family identity\nrule a : x * c => x where abs(c + int(x)) > 0\n";
  expect_error(t, 2, col_of(t, 2, "+ int"), "a condition is used as a number");
  t = "family identity\nrule a : x * c => x where is_pow2(c - no_overflow(x * c))\n";
  expect_error(t, 2, col_of(t, 2, "- no_"), "a condition is used as a number");
  t = "family identity\nrule a : x * c => x where is_pow2(c < 4)\n";
  expect_error(t, 2, col_of(t, 2, "is_pow2"), "a condition is used as a number");
  t = "family identity\nrule a : x * c => x where frob(c)\n";
  expect_error(t, 2, col_of(t, 2, "frob"), "unknown guard function 'frob'");
  t = "family identity\nrule a : x * c => x where c > 0_i32\n";
  expect_error(t, 2, col_of(t, 2, "0_i32"), "guard numbers are plain integers");
  t = "family identity\nrule a : x * c => x where c >\n";
  expect_error(t, 2, col_of(t, 2, "c >") + 3, "expected a guard term, got end of file");
  /* Accepted: a double negation is positive again, and no_overflow under || is positive. */
  const Rule *r;
  catalog_free(one("rule a : x * c => x where !!no_overflow(x * c)", &r));
  catalog_free(one("rule a : x * c => x where c == 1 || no_overflow(x * c) && int(x)", &r));
}

static void test_error_types(void **state) {
  (void)state;
  const char *t;
  t = "family identity\nrule a : i8(x) + i16(y) => x\n";
  expect_error(t, 2, col_of(t, 2, "+"), "type conflict");
  t = "family identity\nrule a : i8(x) < y => i16(x)\n";
  expect_error(t, 2, col_of(t, 2, "i16"), "type conflict");
  /* Not a conflict: `+` at bool is merely never admissible (no instance), the typing allows it. */
  const Rule *r;
  Catalog *c = one("rule a : x + y => x < y", &r);
  assert_int_equal(r->slot_class[0], r->lhs->tclass);
  assert_int_equal(r->class_fixed[r->lhs->tclass], DT_BOOL);
  assert_int_equal(admissible(r, NULL, 0), 0);
  catalog_free(c);
  t = "family identity\nrule a : x + 1_i8 => x + 1_u8\n";
  expect_error(t, 2, col_of(t, 2, "+ 1_u8"), "type conflict"); /* the + that joins i8 and u8 */
  t = "family identity\nrule a : select(1_i8, y, z) => y\n";
  expect_error(t, 2, col_of(t, 2, "select"), "type conflict"); /* the condition must be bool */
  t = "family identity\nrule a : i8(x) == 0 => i8(cast(x)) == 0\n";
  expect_error(t, 2, col_of(t, 2, "cast"), "the type of this template term is not determined by the pattern");
  t = "family identity\nrule a : x + 0 => x where no_overflow(cast(x) + 1)\n";
  expect_error(t, 2, col_of(t, 2, "+ 1"), "the type of this template term is not determined by the pattern");
}

static void test_error_names_and_limits(void **state) {
  (void)state;
  expect_error("family identity\nrule a : x + 0 => x\nrule b : x * 1 => x\nrule a : x - 0 => x\n", 4, 1,
               "rule 'a' is already defined at bad.rules:2");
  /* Across files of one catalog too. */
  Catalog *c = load_ok("family identity\nrule a : x + 0 => x\n");
  VsDiag d;
  const char *second = "family identity\n\nrule a : x * 1 => x\n";
  assert_false(catalog_load_text(c, "other.rules", second, strlen(second), &d));
  assert_string_equal(d.file, "other.rules");
  assert_int_equal(d.line, 3);
  assert_int_equal(d.col, 1);
  assert_non_null(strstr(d.msg, "rule 'a' is already defined at test.rules:2"));
  catalog_free(c);

  /* 16 slots are fine (a 16-lane vec), the 17th is an error at its first occurrence. */
  const char *t16 = "family identity\nrule a : a - b - c - d - e - f - g - h - i - j - k - l - m - n - o - p => a\n";
  const Rule *r;
  c = load_ok(t16);
  r = catalog_rule(c, 0);
  assert_int_equal(r->nslots, 16);
  assert_int_equal(r->slot_kind[slot_of(r, "c")], PAT_CVAR);
  assert_int_equal(r->slot_kind[slot_of(r, "a")], PAT_VAR);
  catalog_free(c);
  const char *t17 = "family identity\nrule a : a - b - c - d - e - f - g - h - i - j - k - l - m - n - o - p - q => a\n";
  expect_error(t17, 2, col_of(t17, 2, "q =>"), "too many variables in one rule (at most 16)");
  /* Five commutative operators make 32 variants; six are refused. */
  Catalog *c5 = one("rule a : ((((a + b) * d) & e) | f) ^ g => a", &r);
  assert_int_equal(r->nvariants, 32);
  catalog_free(c5);
  expect_error("family identity\nrule a : (((((a + b) * d) & e) | f) ^ g) + h => a\n", 2, 1, "too many commutative operators");
  /* Five free dtype classes are too many. */
  expect_error("family identity\nrule a : cast(a) + cast(b) + cast(c0) + cast(d) + cast(e) => cast(a) + cast(b) + cast(c0) + "
               "cast(d) + cast(e)\n",
               2, 1, "too many independent types");
}

static void test_continuation_and_comments(void **state) {
  (void)state;
  const char *text = "# a rule file\n"
                     "family identity   # trailing comment\n"
                     "\n"
                     "rule a : x + 0   # the pattern\n"
                     "   => x\n"
                     "\t  where int(x)  # the guard\n"
                     "   # an indented comment line inside the record\n"
                     "rule b : x * 1 => x\n"
                     "  # more comments\n"
                     "\n"
                     "family comparison\n"
                     "rule c : x < x => false\n";
  Catalog *c = load_ok(text);
  assert_int_equal(catalog_rule_count(c), 3);
  const Rule *a = find(c, "a"), *b = find(c, "b"), *cc = find(c, "c");
  assert_int_equal(a->line, 4);
  assert_int_equal(b->line, 8);
  assert_int_equal(cc->line, 12);
  assert_non_null(a->guard);
  assert_null(b->guard);
  assert_string_equal(a->text, "rule a : x + 0 => x where int(x)");
  assert_string_equal(b->text, "rule b : x * 1 => x");
  assert_string_equal(a->family, "identity");
  assert_string_equal(cc->family, "comparison");
  assert_string_equal(a->file, "test.rules");
  assert_true(a->order < b->order && b->order < cc->order);
  catalog_free(c);

  /* Errors on continuation lines carry that line's position. */
  const char *t = "family identity\nrule a : x + 0\n   => y\n";
  expect_error(t, 3, 7, "'y' is not a variable of the pattern");
  t = "family identity\nrule a : x + 0\n   => x\n  where x > 0\n";
  expect_error(t, 4, 9, "'x' is not a constant variable");
  /* A line in column 1 ends the record: a `where` there is not a continuation. */
  t = "family identity\nrule a : x + 0 => x\nwhere int(x)\n";
  expect_error(t, 3, 1, "expected 'rule', 'lemma' or 'family'");
  /* Windows line ends and a missing final newline are fine. */
  c = load_ok("family identity\r\nrule a : x + 0\r\n  => x\r\nrule b : x * 1 => x");
  assert_int_equal(catalog_rule_count(c), 2);
  assert_string_equal(find(c, "a")->text, "rule a : x + 0 => x");
  assert_string_equal(find(c, "b")->text, "rule b : x * 1 => x");
  catalog_free(c);
  /* An empty file and a comment-only file hold no rules. */
  c = load_ok("");
  assert_int_equal(catalog_rule_count(c), 0);
  catalog_free(c);
  c = load_ok("# nothing\n   \n\t# still nothing\n");
  assert_int_equal(catalog_rule_count(c), 0);
  catalog_free(c);
}

static void test_lemma(void **state) {
  (void)state;
  Catalog *c = load_ok("family division\nlemma l1 : (x // c) * c + x % c => x\nrule r : x // 1 => x\n");
  const Rule *l = find(c, "l1");
  assert_true(l->is_lemma);
  assert_string_equal(l->family, "lemma");
  size_t n;
  const Action *acts = dispatch_actions(c, false, OP_ADD, &n);
  for (size_t i = 0; i < n; i++) assert_true(acts[i].rule != l); /* lemmas are never matched */
  bool found = false;
  acts = dispatch_actions(c, false, OP_IDIV, &n);
  for (size_t i = 0; i < n; i++) found |= acts[i].rule == find(c, "r");
  assert_true(found);
  catalog_free(c);
}

/* Whether term a of rule ra and term b of rule rb are the same tree, variables compared by name (the
 * test's own comparison, not the parser's). */
static bool same_tree(const Rule *ra, const Pat *a, const Rule *rb, const Pat *b) {
  if (a->kind != b->kind || a->op != b->op || a->nargs != b->nargs || a->ival != b->ival ||
      (a->kind != PAT_OP && a->kind != PAT_LIT && strcmp(ra->slot_names[a->slot], rb->slot_names[b->slot])))
    return false;
  for (int i = 0; i < a->nargs; i++)
    if (!same_tree(ra, a->args[i], rb, b->args[i])) return false;
  return true;
}

/* Proof steps (`by A => B`): each A is found in the pattern as the steps before it left it, and every
 * occurrence is replaced; a term that is not there, a step of a vector rule, a step that changes a
 * type and a guard after a step are errors at their place. */
static void test_proof_steps(void **state) {
  (void)state;
  Catalog *c = load_ok("family lemma\n"
                       "lemma s : (x + c5) // c3 % c2 + (x + c5) // c3 => x // c1 + c4\n"
                       "  where c1 > 0 && c2 > 0 && c3 == c1 * c2 && c5 == c1 * c4\n"
                       "  by (x + c5) // c3 => (x + c5) // c1 // c2\n"
                       "  by (x + c5) // c1 => x // c1 + c4\n"
                       "lemma e : (x // c1 + c4) // c2 % c2 + (x // c1 + c4) // c2 => x\n");
  const Rule *s = find(c, "s"), *e = find(c, "e");
  assert_int_equal(s->nsteps, 2);
  assert_ptr_equal(s->step_before[0], s->lhs);
  assert_true(same_tree(s, s->step_before[2], e, e->lhs));
  assert_false(same_tree(s, s->step_before[1], e, e->lhs));
  assert_int_equal(s->step_before[2]->tclass, s->lhs->tclass);
  assert_int_equal(e->nsteps, 0);
  /* The engine sees the rule as written: its pattern is untouched. */
  assert_int_equal(s->lhs->args[1]->op, OP_IDIV);
  assert_int_equal(s->lhs->args[1]->args[0]->op, OP_ADD);
  catalog_free(c);

  const char *t;
  t = "family lemma\nlemma a : x // c1 + y => y\n  by x * 3 => x\n";
  expect_error(t, 3, col_of(t, 3, "* 3"), "a proof step must rewrite a term of the pattern");
  t = "family lemma\nlemma a : x // c1 + y => y\n  by x // c1 => x\n  by x // c1 => y\n";
  expect_error(t, 4, col_of(t, 4, "// c1"), "as the steps before it left it");
  t = "family lemma\nlemma a : x < y => true\n  by x < y => x\n";
  expect_error(t, 3, col_of(t, 3, "=> x") + 3, "a proof step may not change the types of the rule's terms");
  t = "family lemma\nlemma a : x + y => y + x\n  by x => x + 1_i8\n";
  expect_error(t, 3, col_of(t, 3, "+ 1_i8"), "a proof step may not change the types of the rule's terms");
  t = "family lemma\nlemma a : x + y => y + x\n  by x => x + c9\n";
  expect_error(t, 3, 3, "a proof step may name only the rule's variables");
  t = "family identity\nrule a : x + y => y + x\n  by x + y => y + x where int(x)\n";
  expect_error(t, 3, col_of(t, 3, "where"), "expected 'by' or the end of the rule, got 'where'");
  t = "family vector\nrule a : bcast(x, 2) + bcast(y, 2) => bcast(x + y, 2)\n  by x => x\n";
  expect_error(t, 3, 3, "proof steps are for scalar rules");
  t = "family invalid\nrule a : x + 0 => x\n  by x + 0 => x\n";
  expect_error(t, 3, 3, "proof steps are for scalar rules outside the invalid family");
  t = "family lemma\nlemma a : x + 0 => x\n  by x => x by x => x by x => x by x => x by x => x\n";
  expect_error(t, 3, col_of(t, 3, "by x => x\n"), "at most 4 proof steps");
}

/* ---- typing ---- */

static void test_typing(void **state) {
  (void)state;
  const Rule *r;
  Catalog *c;

  /* Arithmetic ties everything to one free class. */
  c = one("rule a : x + y => y + x", &r);
  assert_int_equal(r->nfree, 1);
  assert_int_equal(slot_fixed(r, "x"), DT_COUNT);
  assert_int_equal(r->slot_class[slot_of(r, "x")], r->slot_class[slot_of(r, "y")]);
  catalog_free(c);

  /* Comparisons fix the result to bool; operands stay free. */
  c = one("rule a : x < y => false", &r);
  assert_int_equal(r->nfree, 1);
  assert_int_equal(r->class_fixed[r->lhs->tclass], DT_BOOL);
  assert_int_equal(slot_fixed(r, "x"), DT_COUNT);
  assert_int_equal(r->rhs->tclass, r->lhs->tclass);
  catalog_free(c);

  /* select: the condition is bool. */
  c = one("rule a : select(b, x, y) => x", &r);
  assert_int_equal(r->nfree, 1);
  assert_int_equal(slot_fixed(r, "b"), DT_BOOL);
  assert_int_equal(slot_fixed(r, "x"), DT_COUNT);
  catalog_free(c);

  /* A typed literal fixes its class: nothing is free. */
  c = one("rule a : x + 5_i8 => x", &r);
  assert_int_equal(r->nfree, 0);
  assert_int_equal(slot_fixed(r, "x"), DT_I8);
  catalog_free(c);

  /* A typed cast fixes its result, not its operand. */
  c = one("rule a : i32(x) + 0 => i32(x)", &r);
  assert_int_equal(r->nfree, 1);
  assert_int_equal(slot_fixed(r, "x"), DT_COUNT);
  assert_int_equal(r->class_fixed[r->lhs->tclass], DT_I32);
  catalog_free(c);

  /* cast(x) => x: the template ties x to the cast's result, so the cast is to x's own dtype. */
  c = one("rule a : cast(x) => x", &r);
  assert_int_equal(r->nfree, 1);
  assert_int_equal(r->lhs->tclass, r->slot_class[slot_of(r, "x")]);
  catalog_free(c);
  /* cast(x) + 0 => cast(x): two independent classes. */
  c = one("rule a : cast(x) + 0 => cast(x)", &r);
  assert_int_equal(r->nfree, 2);
  assert_int_not_equal(r->lhs->tclass, r->slot_class[slot_of(r, "x")]);
  catalog_free(c);

  /* i64(i8(x)) => x: x is i64, and nothing is free. */
  c = one("rule a : i64(i8(x)) => x", &r);
  assert_int_equal(r->nfree, 0);
  assert_int_equal(slot_fixed(r, "x"), DT_I64);
  assert_int_equal(r->class_fixed[r->lhs->args[0]->tclass], DT_I8);
  unsigned inst[4];
  assert_int_equal(admissible(r, inst, 4), 1);
  assert_int_equal(inst[0], 0);
  catalog_free(c);

  /* Three chained casts: three free classes, the @-bindings typed like their nodes. */
  c = one("rule a : z@cast(y@cast(x)) => cast(x) where int(x) && int(y) && int(z)", &r);
  assert_int_equal(r->nfree, 3);
  assert_int_equal(r->slot_class[slot_of(r, "z")], r->lhs->tclass);
  assert_int_equal(r->slot_class[slot_of(r, "y")], r->lhs->args[0]->tclass);
  assert_int_equal(admissible(r, NULL, 0), 9 * 9 * 9);
  catalog_free(c);

  /* Admissible instances follow the typing and the guard's dtype tests. */
  c = one("rule a : x + 0 => x", &r);
  assert_int_equal(admissible(r, NULL, 0), 12); /* 9 integer dtypes + 3 float (0 is +0.0); not bool */
  catalog_free(c);
  c = one("rule a : x * 0 => 0 where !float(x)", &r);
  assert_int_equal(admissible(r, NULL, 0), 9);
  catalog_free(c);
  c = one("rule a : x & -1 => x", &r);
  assert_int_equal(admissible(r, NULL, 0), 5); /* signed dtypes only: -1 is no value of u8 or bool */
  catalog_free(c);
  c = one("rule a : x & true => x", &r);
  assert_int_equal(admissible(r, NULL, 0), 1);
  catalog_free(c);
  c = one("rule a : x + 0.5 => x", &r);
  assert_int_equal(admissible(r, NULL, 0), 3);
  catalog_free(c);
  c = one("rule a : x // x => 1", &r);
  assert_int_equal(admissible(r, NULL, 0), 9);
  catalog_free(c);
}

/* ---- commutative variants ---- */

static int nvariants(const char *rule_line) {
  const Rule *r;
  Catalog *c = one(rule_line, &r);
  int n = r->nvariants;
  /* The variants are pairwise different and the first is the pattern itself. */
  assert_ptr_equal(r->variants[0], r->lhs);
  catalog_free(c);
  return n;
}

static void test_variants(void **state) {
  (void)state;
  assert_int_equal(nvariants("rule a : x - y => x"), 1);
  assert_int_equal(nvariants("rule a : x + x => x * 2"), 1);           /* equal operands: one order */
  assert_int_equal(nvariants("rule a : x + y => y + x"), 2);
  assert_int_equal(nvariants("rule a : x + 0 => x"), 2);
  assert_int_equal(nvariants("rule a : (x + c1) + y => x"), 4);        /* both + nodes, independently */
  assert_int_equal(nvariants("rule a : (x + y) + (x + y) => x"), 4);   /* the outer + has equal operands */
  assert_int_equal(nvariants("rule a : (x + y) + (y + x) => x"), 4);   /* 8 orders, 4 of them distinct */
  assert_int_equal(nvariants("rule a : (x & y) | (x & z) => x"), 8);
  assert_int_equal(nvariants("rule a : min(x, y) < x => y < x"), 2);   /* < itself is not commutative */
  assert_int_equal(nvariants("rule a : (x - y) - (x - y) => 0"), 1);

  /* The variants of (x + c1) + y are exactly the four operand orders. */
  const Rule *r;
  Catalog *c = one("rule a : (x + c1) + y => x", &r);
  int c1 = slot_of(r, "c1"), y = slot_of(r, "y");
  bool seen[4] = {false};
  for (int v = 0; v < r->nvariants; v++) {
    const Pat *p = r->variants[v];
    bool outer_swapped = p->args[0]->kind == PAT_VAR && p->args[0]->slot == y;
    const Pat *inner = outer_swapped ? p->args[1] : p->args[0];
    assert_int_equal(inner->kind, PAT_OP);
    bool inner_swapped = inner->args[0]->kind == PAT_CVAR && inner->args[0]->slot == c1;
    seen[outer_swapped * 2 + inner_swapped] = true;
  }
  for (int i = 0; i < 4; i++) assert_true(seen[i]);
  catalog_free(c);
}

/* ---- normalised text and hash ---- */

static uint64_t hash_of(const char *file_text, const char *name) {
  Catalog *c = load_ok(file_text);
  uint64_t h = find(c, name)->text_hash;
  catalog_free(c);
  return h;
}

static void test_text_hash(void **state) {
  (void)state;
  const char *base = "family identity\nrule a : x + 0 => x where int(x) && vmin(x) >= 0\n";
  uint64_t h = hash_of(base, "a");
  assert_int_not_equal(h, 0);
  /* Layout and comments do not matter. */
  const char *same[] = {
    "family identity\nrule   a  :  x + 0   =>   x   where   int(x) && vmin(x) >= 0\n",
    "family identity\nrule a : x + 0 => x where int(x) && vmin(x) >= 0   # why\n",
    "family identity\nrule a\t: x + 0\t=> x where int(x)\t&& vmin(x) >= 0\n",
    "family identity\nrule a : x + 0\n  => x\n  where int(x) && vmin(x) >= 0\n",
    "family identity\nrule a : x + 0   # pattern\n    => x  # template\n    # a comment line\n    where int(x) &&\n    vmin(x) >= 0\n",
    "family identity\r\nrule a : x + 0 => x where int(x) && vmin(x) >= 0\r\n",
    "# header\nfamily boolean\n\n\nrule a : x + 0 => x where int(x) && vmin(x) >= 0",
  };
  for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
    if (hash_of(same[i], "a") != h) fail_msg("hash changed for layout %zu:\n%s", i, same[i]);
  }
  /* Any token change does. */
  const char *different[] = {
    "family identity\nrule a : x + 0 => x where int(x) && vmin(x) >= 1\n",
    "family identity\nrule a : x + 0 => x where int(x) && vmax(x) >= 0\n",
    "family identity\nrule a : x + 0 => x where int(x) || vmin(x) >= 0\n",
    "family identity\nrule a : x + 0 => x where signed(x) && vmin(x) >= 0\n",
    "family identity\nrule a : x - 0 => x where int(x) && vmin(x) >= 0\n",
    "family identity\nrule a : y + 0 => y where int(y) && vmin(y) >= 0\n",
    "family identity\nrule a : x + 0 => x where int(x) && vmin(x) > 0\n",
    "family identity\nrule a : x + 0 => x where int(x) && vmin(x) >= 0 && 1 == 1\n",
    "family identity\nrule a : x + 0_i32 => x where int(x) && vmin(x) >= 0\n",
    "family identity\nrule a : x + 0 => x\n",
    "family identity\nrule a : (x + 0) => x where int(x) && vmin(x) >= 0\n",
  };
  for (size_t i = 0; i < sizeof different / sizeof different[0]; i++) {
    if (hash_of(different[i], "a") == h) fail_msg("hash unchanged for edit %zu:\n%s", i, different[i]);
  }
  /* The name is part of the text (a proof record names its rule). */
  assert_int_not_equal(hash_of("family identity\nrule b : x + 0 => x where int(x) && vmin(x) >= 0\n", "b"), h);
  /* `-5` (a literal) and `- 5` (a negation) are different rules and must hash differently. */
  assert_int_not_equal(hash_of("family identity\nrule a : x + -5 => x\n", "a"),
                       hash_of("family identity\nrule a : x + - 5 => x\n", "a"));
  /* The hash is FNV-1a 64 of the normalised text: stable across builds and runs. */
  Catalog *c = load_ok("family identity\nrule a : x + 0 => x\n");
  const Rule *r = find(c, "a");
  uint64_t f = UINT64_C(0xcbf29ce484222325);
  for (const char *p = r->text; *p; p++) f = (f ^ (unsigned char)*p) * UINT64_C(0x100000001b3);
  assert_true(f == r->text_hash);
  catalog_free(c);
}

/* ---- the ledger ---- */

static char *ledger_line(const Rule *r, const char *inst, const char *status, char *buf, size_t size) {
  snprintf(buf, size, "%016llx %s %s %s 4.8.12 12\n", (unsigned long long)r->text_hash, r->name, inst, status);
  return buf;
}

static unsigned inst_index(const Rule *r, const DType *free_dts) {
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  for (int i = 0; i < r->nclasses; i++) class_dt[i] = r->class_fixed[i];
  for (int i = 0; i < r->nfree; i++) class_dt[r->free_class[i]] = (uint8_t)free_dts[i];
  return rule_instance_index(r, class_dt);
}

static size_t count_proved(const Rule *r) {
  unsigned total = 1;
  for (int i = 0; i < r->nfree; i++) total *= DT_COUNT;
  size_t n = 0;
  for (unsigned i = 0; i < total; i++) n += rule_instance_proved(r, i);
  return n;
}

static void test_ledger(void **state) {
  (void)state;
  Catalog *c = load_ok("family identity\nrule a : x + 0 => x\nrule b : cast(x) + 0 => cast(x)\n"
                       "rule n : i64(i8(x)) => x\n");
  Rule *a = (Rule *)find(c, "a"), *b = (Rule *)find(c, "b"), *n = (Rule *)find(c, "n");
  char buf[4096], line[256];
  assert_int_equal(count_proved(a), 0);

  /* A proof record for a's current text at i32 marks exactly that instance. */
  buf[0] = 0;
  strcat(buf, "# vsimp proof ledger\n");
  strcat(buf, ledger_line(a, "i32", "proved", line, sizeof line));
  catalog_apply_ledger(c, buf, strlen(buf));
  DType i32 = DT_I32, i64 = DT_I64;
  assert_true(rule_instance_proved(a, inst_index(a, &i32)));
  assert_false(rule_instance_proved(a, inst_index(a, &i64)));
  assert_int_equal(count_proved(a), 1);

  /* Stale hashes, other statuses, unknown rules, bad instances and junk are ignored. */
  snprintf(buf, sizeof buf,
           "%016llx a i64 proved 4.8.12 3\n"      /* stale hash */
           "%016llx a i16 refuted 4.8.12 3\n"     /* not proved */
           "%016llx a u8 unknown 4.8.12 3\n"
           "%016llx zz i8 proved 4.8.12 3\n"      /* no such rule */
           "%016llx a i33 proved 4.8.12 3\n"      /* no such dtype */
           "%016llx a i8,i16 proved 4.8.12 3\n"   /* a has one free class */
           "%016llx a - proved 4.8.12 3\n"        /* ... so "-" is not its instance */
           "%016llX a u16 proved 4.8.12 3\n"      /* hashes are lowercase hex */
           "%016llx a\n"                          /* too few fields */
           "# %016llx a u32 proved 4.8.12 3\n"    /* a comment */
           "garbage\n\n",
           (unsigned long long)(a->text_hash ^ 1), (unsigned long long)a->text_hash,
           (unsigned long long)a->text_hash, (unsigned long long)a->text_hash, (unsigned long long)a->text_hash,
           (unsigned long long)a->text_hash, (unsigned long long)a->text_hash,
           (unsigned long long)(a->text_hash | UINT64_C(0xa000000000000000)), (unsigned long long)a->text_hash,
           (unsigned long long)a->text_hash);
  catalog_apply_ledger(c, buf, strlen(buf));
  assert_int_equal(count_proved(a), 1);

  /* Instances of two free classes: "T1,T2" in the order of free_class. */
  DType pair[2] = {DT_I32, DT_I8}, other[2] = {DT_I8, DT_I32};
  char name[64];
  unsigned idx = inst_index(b, pair);
  rule_instance_name(b, idx, name, sizeof name);
  assert_string_equal(name, "i32,i8");
  uint8_t cls[RULE_MAX_ALL_CLASSES];
  rule_instance_dtypes(b, idx, cls);
  assert_int_equal(cls[b->lhs->tclass], DT_I32);            /* the first free class is the root's */
  assert_int_equal(cls[b->slot_class[0]], DT_I8);
  catalog_apply_ledger(c, ledger_line(b, "i32,i8", "proved", line, sizeof line), strlen(line));
  assert_true(rule_instance_proved(b, idx));
  assert_false(rule_instance_proved(b, inst_index(b, other)));
  assert_int_equal(count_proved(b), 1);

  /* No free class: the instance is "-". */
  rule_instance_name(n, 0, name, sizeof name);
  assert_string_equal(name, "-");
  catalog_apply_ledger(c, ledger_line(n, "i64", "proved", line, sizeof line), strlen(line));
  assert_int_equal(count_proved(n), 0);
  catalog_apply_ledger(c, ledger_line(n, "-", "proved", line, sizeof line), strlen(line));
  assert_true(rule_instance_proved(n, 0));

  /* Every admissible instance's name parses back to itself. */
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  assert_non_null(inst);
  size_t k = admissible(b, inst, RULE_INSTANCES);
  assert_int_equal(k, 13 * 12); /* b: from any dtype to any dtype with + (not bool) */
  for (size_t i = 0; i < k; i++) {
    rule_instance_name(b, inst[i], name, sizeof name);
    catalog_apply_ledger(c, ledger_line(b, name, "proved", line, sizeof line), strlen(line));
    assert_true(rule_instance_proved(b, inst[i]));
  }
  assert_int_equal(count_proved(b), k);
  free(inst);
  catalog_free(c);

  /* A rule whose text changed (a new guard) loses its proofs: the old record's hash is stale. */
  c = load_ok("family identity\nrule a : x + 0 => x\n");
  uint64_t old = find(c, "a")->text_hash;
  catalog_free(c);
  c = load_ok("family identity\nrule a : x + 0 => x where int(x)\n");
  snprintf(buf, sizeof buf, "%016llx a i32 proved 4.8.12 3\n", (unsigned long long)old);
  catalog_apply_ledger(c, buf, strlen(buf));
  assert_int_equal(count_proved(find(c, "a")), 0);
  catalog_free(c);
}

/* The built-in catalog loads, every rule has a unique name and a known family, and every rule's
 * normalised text is stable (loading twice gives the same hashes). */
/* Records with parameters (rule_expand.h): one rule per value, named after it, each an ordinary rule
 * with its own text (and so its own proof records); errors point at the record. */
static void test_parameters(void **state) {
  (void)state;
  Catalog *c = load_ok("family vector\n"
                       "rule gep_bc : gep(bcast(x, N), K) => x   for N in 2 4, K in 0..N-1\n"
                       "rule gv : gep(vec({x{I} for I in 0..N-1}), K) => x{K}   for N in 3, K in 2..2  # a comment\n"
                       "rule splat : vec({x for I in 1..N}) => bcast(x, N)   for N in 2 3\n"
                       "rule plain : gep(x, [0, 1]) => x\n");
  assert_int_equal(catalog_rule_count(c), 2 + 4 + 1 + 2 + 1);
  const Rule *r = find(c, "gep_bc_4_3");
  assert_string_equal(r->text, "rule gep_bc : gep(bcast(x, 4), 3) => x");
  assert_string_equal(find(c, "gv_3_2")->text, "rule gv : gep(vec(x0, x1, x2), 2) => x2");
  assert_string_equal(find(c, "splat_3")->text, "rule splat : vec(x, x, x) => bcast(x, 3)");
  assert_string_equal(find(c, "plain")->text, "rule plain : gep(x, [0, 1]) => x");
  assert_null(catalog_find(c, "gep_bc_2_2")); /* K stops at N - 1 */
  assert_true(find(c, "gep_bc_2_0")->text_hash != find(c, "gep_bc_2_1")->text_hash);
  catalog_free(c);
  expect_error("family vector\nrule a : gep(bcast(x, N), K) => x   for N in 2, K in 0..M\n", 2, 1,
               "unknown parameter 'M'");
  expect_error("family vector\nrule a : gep(bcast(x, N), 0) => x   for N\n", 2, 1, "expected 'for NAME in VALUES");
  expect_error("family vector\nrule a : vec({x for I in 1..N) => x   for N in 2\n", 2, 14, "unexpected character '{'");
  expect_error("family vector\nrule a : gep(bcast(x, {M + 1}), 0) => x   for N in 2\n", 2, 1, "unknown parameter 'M'");
  expect_error("family vector\nrule a : gep(bcast(x, N), 0) => x   for N in 0..5000\n", 2, 1, "too many values");
}

/* lanes(x, N) fixes a variable's lane count, cat's is its parts' sum, and a vector rule may take a
 * guard of dtype tests; a bad lane count, a non-variable, an uneven cat or a guard on values is an
 * error. */
static void test_lane_annotations(void **state) {
  (void)state;
  Catalog *c = load_ok("family lemma\n"
                       "lemma l1 : gep(lanes(x, 4) + y, J) => gep(x, J) + gep(y, J)   where index(x)   for J in 0..3\n"
                       "lemma l2 : gep(cat(lanes(a, 4), lanes(b, 4)), 5) => gep(b, 1)\n");
  const Rule *r = find(c, "l1_2");
  assert_string_equal(r->text, "lemma l1 : gep(lanes(x, 4) + y, 2) => gep(x, 2) + gep(y, 2) where index(x)");
  assert_true(r->vector && r->is_lemma);
  assert_int_equal(r->slot_lanes[0], 4);
  assert_int_equal(r->slot_lanes[1], 4); /* y: from the + it stands in */
  assert_int_equal(r->lhs->args[0]->lanes, 4);
  r = find(c, "l2");
  assert_int_equal(r->lhs->args[0]->lanes, 8);
  catalog_free(c);
  expect_error("family vector\nrule a : gep(lanes(x, 5) + y, 0) => gep(x, 0) + gep(y, 0)\n", 2, 14,
               "a vector has 2, 3, 4, 8 or 16 lanes");
  expect_error("family vector\nrule a : gep(lanes(x + y, 4), 0) => gep(x, 0)\n", 2, 14, "'lanes' takes a pattern variable");
  expect_error("family vector\nrule a : gep(cat(lanes(a, 4), lanes(b, 2)), 0) => gep(a, 0)\n", 2, 14,
               "not fixed by the rule");
  expect_error("family vector\nrule a : gep(lanes(x, 4) + y, 0) => gep(x, 0) + gep(y, 0) where vmax(y) < 3\n", 2, 73,
               "take no guard yet but dtype tests");
}

static void test_builtin_catalog(void **state) {
  (void)state;
  Catalog *c1 = catalog_new(), *c2 = catalog_new();
  VsDiag d;
  if (!catalog_load_builtin(c1, &d)) fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
  assert_true(catalog_load_builtin(c2, &d));
  size_t n = catalog_rule_count(c1);
  assert_true(n > 100);
  assert_int_equal(catalog_rule_count(c2), n);
  for (size_t i = 0; i < n; i++) {
    const Rule *r = catalog_rule(c1, i), *s = catalog_rule(c2, i);
    assert_string_equal(r->name, s->name);
    assert_true(r->text_hash == s->text_hash);
    assert_true(r->family_rank >= 0);
    assert_true(r->nvariants >= 1 && r->nvariants <= DISPATCH_MAX_VARIANTS); /* the dispatch index tries no more */
    assert_true(!strncmp(r->file, "src/rules/", 10));
    /* Every built-in rule applies somewhere. */
    if (!r->is_lemma && admissible(r, NULL, 0) == 0) fail_msg("rule %s has no admissible instance", r->name);
  }
  catalog_free(c1);
  catalog_free(c2);
}

/* Rules parsed on several threads at once (rules verify searches suggested guards in parallel): every
 * thread must type its rules exactly as one thread alone does. Regression: the type inference kept its
 * unifier in a static, shared by the threads, and mistyped rules (UBSan: an index of -1). */
static const char *threads_text =
  "family division\n"
  "rule t1 : (x * c1) // c2 => x * (c1 // c2) where c2 > 0 && c1 % c2 == 0 && no_overflow(x * c1)\n"
  "rule t2 : tdiv(x, c) * c + x % c => x where c >= 0 && vmin(x) >= 0\n"
  "rule t3 : i16(x) * i16(y) => i16(x * y) where bits(x) == 8 && no_overflow(x * y)\n"
  "rule t4 : select(x < 0, 0 - x, x) => max(x, 0 - x) where int(x)\n"
  "rule t5 : min(x, y) + max(x, y) => x + y where int(x)\n"
  "rule t6 : f32(i8(x)) => f32(x) where bits(x) <= 8\n";

typedef struct {
  int rounds;
  bool ok;
  uint8_t slot_class[6][RULE_MAX_SLOTS];
  int nfree[6], nclasses[6];
} TypingRun;

static void *typing_thread(void *arg) {
  TypingRun *t = arg;
  t->ok = true;
  for (int k = 0; k < t->rounds && t->ok; k++) {
    Catalog *c = catalog_new();
    VsDiag d;
    t->ok = c && catalog_load_text(c, "threads.rules", threads_text, strlen(threads_text), &d) && catalog_rule_count(c) == 6;
    for (size_t i = 0; t->ok && i < 6; i++) {
      const Rule *r = catalog_rule(c, i);
      if (k == 0) {
        memcpy(t->slot_class[i], r->slot_class, sizeof r->slot_class);
        t->nfree[i] = r->nfree;
        t->nclasses[i] = r->nclasses;
      } else {
        t->ok = !memcmp(t->slot_class[i], r->slot_class, sizeof r->slot_class) && t->nfree[i] == r->nfree &&
                t->nclasses[i] == r->nclasses;
      }
    }
    catalog_free(c);
  }
  return NULL;
}

static void test_parse_on_threads(void **state) {
  (void)state;
  TypingRun alone = {.rounds = 1};
  typing_thread(&alone);
  assert_true(alone.ok);
  TypingRun runs[4];
  pthread_t th[4];
  for (int i = 0; i < 4; i++) {
    runs[i] = (TypingRun){.rounds = 200};
    assert_int_equal(pthread_create(&th[i], NULL, typing_thread, &runs[i]), 0);
  }
  for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < 4; i++) {
    assert_true(runs[i].ok);
    for (int r = 0; r < 6; r++) {
      assert_memory_equal(runs[i].slot_class[r], alone.slot_class[r], sizeof alone.slot_class[r]);
      assert_int_equal(runs[i].nfree[r], alone.nfree[r]);
      assert_int_equal(runs[i].nclasses[r], alone.nclasses[r]);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_error_family),
    cmocka_unit_test(test_error_syntax),
    cmocka_unit_test(test_error_template_and_guard),
    cmocka_unit_test(test_error_types),
    cmocka_unit_test(test_error_names_and_limits),
    cmocka_unit_test(test_continuation_and_comments),
    cmocka_unit_test(test_lemma),
    cmocka_unit_test(test_proof_steps),
    cmocka_unit_test(test_typing),
    cmocka_unit_test(test_variants),
    cmocka_unit_test(test_text_hash),
    cmocka_unit_test(test_ledger),
    cmocka_unit_test(test_parameters),
    cmocka_unit_test(test_lane_annotations),
    cmocka_unit_test(test_builtin_catalog),
    cmocka_unit_test(test_parse_on_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
