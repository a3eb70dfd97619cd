/* wrong_rules.c: how fast a rule author learns that a rule is wrong (docs/rules.md, "The rule
 * author's loop"; issue 12).
 *
 * Part 1, planted wrong rules: 36 plausible rules, each wrong at some dtype or edge, across every family
 * (narrow and wide dtypes, floor and truncating division, floats, bounds, masks, vectors, loops). Each
 * rule's instances are verified one after the other, narrowest dtype first, as `rules verify` does one
 * instance (the concrete search, then the solver with a 10 s limit): the time to the first
 * counterexample is what the author waits for. Every rule must be refuted; the median and the worst
 * time are printed. Then every instance of every planted rule is verified, and each `unknown` instance
 * at a width of at most 16 bits is searched exhaustively (where its domain allows): none may be one
 * that a counterexample refutes.
 *
 * Part 2, fifteen new rules (eleven wrong at some dtype or edge, four sound controls: bench/fifteen.rules,
 * the measurement): `vsimp rules verify --rules FILE` cold, 2 jobs, default budgets (20 s per
 * query): its wall time, and no wrong verdict.
 *
 *   build: cmake --build BUILD --target wrong_rules     run: BUILD/wrong_rules [--quick] [--jobs N]
 * --quick (the test suite's smoke run): six planted rules, part 2 skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/timer.h"
#include "rules/catalog.h"
#include "smt/smt.h"
#include "text/text.h"
#include "verify/rule_concrete.h"
#include "verify/rule_suggest.h"
#include "verify/rule_verify.h"
#include "verify/verify_run.h"

typedef struct {
  const char *family, *text;
} Planted;

static const Planted planted[] = {
  /* identity, self_fold, zero_fold: floats */
  {"identity", "p_add_zero_f : x + 0.0 => x where float(x)"},
  {"identity", "p_mul_neg_one_f : x * -1.0 => 0.0 - x where float(x)"},
  {"self_fold", "p_div_self_f : x / x => 1.0 where float(x)"},
  {"self_fold", "p_min_absorb_f : min(x, max(x, y)) => x"},
  {"zero_fold", "p_sub_self_f : x - x => 0.0 where float(x)"},
  {"zero_fold", "p_mul_mod_self : (x * y) % y => 0"},
  /* division: floor and truncating, overflow guards missing */
  {"division", "p_div_mul_cancel : (x * c) // c => x where c != 0"},
  {"division", "p_tdiv_is_floor : tdiv(x, c) => x // c where c > 0"},
  {"division", "p_div_add_const : (x + c1) // c2 => x // c2 + c1 // c2 where c2 > 0"},
  {"division", "p_mod_add_mul : (x * c1 + y) % c2 => y % c2 where c2 > 0 && c1 % c2 == 0"},
  {"division", "p_tmod_is_mod : tmod(x, c) => x % c where c != 0"},
  /* cast */
  {"cast", "p_cast_widen : z@cast(y@cast(x)) => cast(x) where int(x) && int(y) && int(z) && bits(y) >= bits(x)"},
  {"cast", "p_f32_roundtrip : i32(f32(x)) => x"},
  /* term_combine, alu_chain */
  {"term_combine", "p_sub_add_cancel_f : (x + y) - y => x where float(x)"},
  {"term_combine", "p_neg_mul_const : -(x * c) => x * c where int(x)"},
  {"alu_chain", "p_add_const_const_f : (x + c1) + c2 => x + (c1 + c2) where float(x)"},
  {"alu_chain", "p_mul_add_const : (x + c1) * c2 => x * c2 + c1 where int(x)"},
  /* advanced_division, divmod_recombine: bounds off by one, floor/truncating mixed */
  {"advanced_division", "p_div_add_mod_small : (x * c1 + y) // c1 => x where c1 > 0 && vmin(y) >= 0 && vmax(y) <= c1 && no_overflow(x * c1 + y)"},
  {"advanced_division", "p_neg_tdiv : tdiv(0 - x, c) => 0 - tdiv(x, c) + 1 where c > 0"},
  {"divmod_recombine", "p_tdivmod_mix : x % y + tdiv(x, y) * y => x"},
  {"divmod_recombine", "p_divmod_split : (x // c1) % c2 * c1 + x % c1 => x % (c1 * c2) where c1 > 0 && c2 > 0"},
  /* comparison, boolean, minmax, select */
  {"comparison", "p_lt_add_const : x + c < y + c => x < y"},
  {"comparison", "p_mul_lt : x * c < y * c => x < y where c > 0"},
  {"boolean", "p_and_or : (x & y) | z => x & (y | z)"},
  {"minmax", "p_min_add : min(x + c, y + c) => min(x, y) + c where int(x)"},
  {"minmax", "p_max_neg : max(-x, -y) => -min(x, y) where int(x)"},
  {"select", "p_select_min_f : select(x < y, x, y) => min(x, y) where float(x)"},
  {"select", "p_select_mul : select(m, x, 0) => x * cast(m) where int(x)"},
  /* power, negation, range_divmod */
  {"power", "p_pow_succ : pow(x, c) * x => pow(x, c + 1) where int(x)"},
  {"negation", "p_neg_sub_f : -(x - y) => y - x where float(x)"},
  {"range_divmod", "p_div_range : x // c => 0 where c > 0 && vmin(x) >= 0 && vmax(x) <= c"},
  {"range_divmod", "p_mod_range : x % c => x where c > 0 && vmin(x) > 0 - c && vmax(x) < c"},
  /* canonical, invalid, vector, memory, dead_code */
  {"canonical", "p_sub_swap : x - y => y - x where order(x, y)"},
  {"invalid", "p_invalid_mul_zero : select(m, x, invalid) * 0 => 0"},
  {"vector", "p_gep_vec : gep(vec(x0, x1, x2, x3), 1) => x2"},
  {"memory", "p_load_invalid : load(index(b, invalid)) => 1"},
  {"dead_code", "p_reduce_once_f : reduce(add, x, r@range(y)) => x where vmin(y) >= 1 && vmax(y) <= 1 && free_of(x, r) && float(x)"},
};
enum { NPLANTED = sizeof planted / sizeof planted[0] };

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static Catalog *load_planted(size_t n) {
  size_t cap = 64 * 1024, len = 0;
  char *text = malloc(cap);
  if (!text) return NULL;
  for (size_t i = 0; i < n; i++)
    len += (size_t)snprintf(text + len, cap - len, "family %s\nrule %s\n", planted[i].family, planted[i].text);
  Catalog *c = catalog_new();
  VsDiag d;
  if (!c || !catalog_load_text(c, "planted.rules", text, len, &d)) {
    fprintf(stderr, "planted.rules:%d:%d: %s\n", d.line, d.col, d.msg);
    catalog_free(c);
    c = NULL;
  }
  free(text);
  return c;
}

static bool narrow(const Rule *r, unsigned idx) {
  uint8_t cls[RULE_MAX_ALL_CLASSES];
  rule_instance_dtypes(r, idx, cls);
  for (int s = 0; s < r->nslots; s++) {
    DType dt = (DType)cls[r->slot_class[s]];
    if (dt != DT_COUNT && dt_bits(dt) > 16) return false;
  }
  return true;
}

/* Part 1. Returns false when a planted rule is not refuted or a narrow unknown hides a counterexample. */
static bool planted_rules(size_t n, int jobs) {
  Catalog *cat = load_planted(n);
  if (!cat) return false;
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  unsigned *inst = malloc(RULE_INSTANCES * sizeof *inst);
  double times[NPLANTED];
  bool ok = smt && inst;
  size_t by_search = 0;
  printf("planted wrong rules: time to the first counterexample (instances narrowest first)\n");
  for (size_t i = 0; ok && i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    size_t k = rule_admissible_instances(r, inst, RULE_INSTANCES);
    double t0 = vs_seconds(), t = -1;
    char name[64] = "-";
    bool search = false;
    for (size_t j = 0; j < k && t < 0; j++) {
      ProofResult p = verify_rule_instance(smt, r, inst[j]);
      if (p.status == PROOF_REFUTED) {
        t = vs_seconds() - t0;
        search = p.by_search;
        rule_instance_name(r, inst[j], name, sizeof name);
      }
      proof_result_free(&p);
    }
    printf("  %-20s %-22s %s", r->family, r->name, t < 0 ? "NOT REFUTED\n" : "");
    if (t < 0) {
      ok = false;
      break;
    }
    printf("%8.3f s  at %-6s (%s)\n", t, name, search ? "concrete search" : "solver");
    times[i] = t;
    by_search += search;
  }
  if (ok) {
    qsort(times, catalog_rule_count(cat), sizeof times[0], cmp_double);
    size_t m = catalog_rule_count(cat);
    double median = m % 2 ? times[m / 2] : (times[m / 2 - 1] + times[m / 2]) / 2;
    printf("%zu planted rules, all refuted (%zu first by the concrete search): median %.3f s to the first "
           "counterexample, worst %.3f s (target: median under 1 s)\n",
           m, by_search, median, times[m - 1]);
  }
  /* Every instance; each narrow unknown searched exhaustively. */
  if (ok) {
    VerifyOptions vo = {.jobs = jobs, .smt = {.timeout_ms = 10000}, .include_builtin = true};
    VerifyReport rep;
    if (!verify_catalog(cat, &vo, &rep)) ok = false;
    else {
      size_t narrow_unknown = 0, hidden = 0, undecidable = 0;
      for (size_t i = 0; i < rep.n; i++) {
        const VerifyItem *it = &rep.items[i];
        if (it->result.status != PROOF_UNKNOWN || !narrow(it->rule, it->instance)) continue;
        narrow_unknown++;
        ConcreteOptions ex = {.exhaustive = (size_t)1 << 24, .exhaustive_only = true};
        ConcreteResult cr;
        char iname[64];
        rule_instance_name(it->rule, it->instance, iname, sizeof iname);
        if (concrete_search(it->rule, it->instance, NULL, 0, &ex, &cr) && cr.found) {
          hidden++;
          printf("  UNKNOWN WITH A COUNTEREXAMPLE: %s at %s\n", it->rule->name, iname);
        } else if (!cr.searchable || !cr.evaluated) {
          undecidable++;
          printf("  unknown at %s: %s (outside the exhaustive search: %s)\n", iname, it->rule->name, it->result.reason);
        }
        concrete_result_free(&cr);
      }
      printf("all instances: %zu, %zu refuted (%zu by the concrete search), %zu proved, %zu unknown (%zu at 16 bits "
             "or less: %zu hide a counterexample, %zu outside the exhaustive search), %.1f s with %d jobs\n",
             rep.n, rep.refuted, rep.by_search, rep.proved, rep.unknown, narrow_unknown, hidden, undecidable,
             rep.seconds, jobs);
      ok = hidden == 0;
      verify_report_free(&rep);
    }
  }
  free(inst);
  smt_free(smt);
  catalog_free(cat);
  return ok;
}

/* Part 2: bench/fifteen.rules through verify_catalog as `rules verify --rules FILE --no-cache` runs it. */
static bool fifteen(int jobs) {
  const char *path = VSIMP_SOURCE_DIR "/bench/fifteen.rules";
  Catalog *cat = catalog_new();
  VsDiag d;
  if (!cat || !catalog_load_file(cat, path, &d)) {
    vs_diag_print(&d, stderr);
    catalog_free(cat);
    return false;
  }
  VerifyOptions vo = {.jobs = jobs, .smt = {.timeout_ms = 20000}, .include_builtin = false};
  VerifyReport rep;
  bool ok = verify_catalog(cat, &vo, &rep);
  if (ok) {
    /* Rules named good_* must be proved everywhere, bad_* refuted somewhere. */
    size_t wrong_verdicts = 0;
    for (size_t i = 0; i < catalog_rule_count(cat); i++) {
      const Rule *r = catalog_rule(cat, i);
      if (!strncmp(r->file, "src/rules/", 10)) continue;
      size_t refuted = 0, unknown = 0;
      for (size_t j = 0; j < rep.n; j++)
        if (rep.items[j].rule == r) {
          refuted += rep.items[j].result.status == PROOF_REFUTED;
          unknown += rep.items[j].result.status == PROOF_UNKNOWN;
        }
      bool good = !strncmp(r->name, "good_", 5);
      if (good ? refuted > 0 : refuted == 0) {
        printf("  WRONG VERDICT: %s (%zu refuted, %zu unknown)\n", r->name, refuted, unknown);
        wrong_verdicts++;
      }
    }
    printf("fifteen new rules (bench/fifteen.rules): %zu rules, %zu instances: %zu proved, %zu refuted (%zu by the "
           "concrete search), %zu unknown, %.1f s wall with %d jobs (target: at most 30 s on 2 cores, cold)\n",
           rep.rules, rep.n, rep.proved, rep.refuted, rep.by_search, rep.unknown, rep.seconds, jobs);
    ok = wrong_verdicts == 0;
    /* Then a suggested guard for each refuted rule (as `rules verify` prints it), timed. */
    double t0 = vs_seconds();
    size_t nsug = 0, nfound = 0;
    for (size_t i = 0; ok && i < catalog_rule_count(cat); i++) {
      const Rule *r = catalog_rule(cat, i);
      bool refuted = false;
      for (size_t j = 0; j < rep.n && !refuted; j++) refuted = rep.items[j].rule == r && rep.items[j].result.status == PROOF_REFUTED;
      if (!refuted) continue;
      SuggestOptions so = {.smt = vo.smt};
      Suggestion sg;
      if (!rule_suggest_guard(r, &so, &sg)) {
        ok = false;
        break;
      }
      nsug++;
      nfound += sg.found;
      if (sg.found) printf("  suggest: %s (%.1f s)\n", sg.text, sg.seconds);
      else printf("  no guard for %s: %s (%.1f s)\n", r->name, sg.why, sg.seconds);
      suggestion_free(&sg);
    }
    printf("suggested guards: %zu of %zu refuted rules, %.1f s (one job)\n", nfound, nsug, vs_seconds() - t0);
    verify_report_free(&rep);
  }
  catalog_free(cat);
  return ok;
}

int main(int argc, char **argv) {
  bool quick = false;
  int jobs = 2;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--jobs") && i + 1 < argc) jobs = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: wrong_rules [--quick] [--jobs N]\n");
      return 2;
    }
  }
  if (jobs < 1) jobs = 1;
  bool ok = planted_rules(quick ? 6 : NPLANTED, jobs);
  if (ok && !quick) ok = fifteen(jobs);
  return ok ? 0 : 1;
}
