/* vsimp rules list | verify | bounds-table */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "text/text.h"
#include "rules/catalog.h"
#include "rules/ledger.h"
#include "verify/rule_import.h"
#include "verify/bounds_trust_derive.h"
#include "verify/catalog_doc.h"
#include "verify/ci_report.h"
#include "verify/rule_suggest.h"
#include "verify/rule_verify.h"
#include "verify/verify_run.h"

static const char *rules_help =
  "usage: vsimp rules list [--rules FILE]... [--json | --markdown]\n"
  "       vsimp rules verify [OPTIONS]\n"
  "       vsimp rules bounds-table\n"
  "       vsimp rules import --from halide|tvm FILE... [-o OUT]\n"
  "\n"
  "list     prints the catalog: name, family, the dtype instances its proofs cover, and where it is\n"
  "         defined (--markdown: docs/catalog.md)\n"
  "verify   proves every rule at every dtype instance its typing admits (docs/rules.md, Proofs)\n"
  "import   translates Halide's rewrite(...) calls (src/Simplify_*.cpp) or TVM's TVM_TRY_REWRITE*(...)\n"
  "         (src/arith/rewrite_simplify.cc) into rules of the DSL, each once as written (wraparound) and\n"
  "         once with every + - * marked nsw (NAME_nsw); what has no DSL form is listed as a comment\n"
  "         `# untranslated FILE:LINE: REASON` (docs/audit.md). Writes to OUT or standard output.\n"
  "bounds-table  prints src/ir/bounds_trust_table.c: per op, the dtypes where the range analysis's\n"
  "         lemmas are proved in the built-in ledger (`make docs` writes it)\n"
  "\n"
  "verify options:\n"
  "  --rules FILE        verify the rules of FILE (only them, unless --all); the proofs are written to\n"
  "                      FILE.ledger, which `simplify --rules FILE` reads\n"
  "  --all               with --rules: the built-in catalog too\n"
  "  --only NAME         only the rule NAME (the ledger written keeps the other rules' records)\n"
  "  -j N, --jobs N      parallel solvers (default: all cores)\n"
  "  --timeout MS        per query (default 4000; the built-in ledger's hardest proofs took 20 to 300 s)\n"
  "  --rlimit N          deterministic per-query budget (default none)\n"
  "  --no-cache          prove everything again (default: reuse proofs recorded for the same rule\n"
  "                      text and solver version in the built-in ledger and in --write-ledger's file)\n"
  "  --reuse-unknown     also take `unknown` records from the cache instead of retrying them\n"
  "  --no-search         no concrete search for counterexamples before the solver\n"
  "  --no-suggest        no search for a guard under which a refuted rule holds (default: for each\n"
  "                      refuted rule, print `suggest: rule ...` with the guard found, itself proved)\n"
  "  --second-solver S   cvc5: every proof is checked again by cvc5 (the two disagreeing is exit 4);\n"
  "                      none: Z3 alone. By default cvc5 (when installed) joins every query Z3 has not\n"
  "                      answered within a second, and the first definite answer wins\n"
  "  --write-ledger PATH write the ledger of this run (for the built-in catalog: src/rules/ledger.txt)\n"
  "  --junit FILE        write a JUnit XML report: one test case per rule instance (refuted: a failure\n"
  "                      with its counterexample; unknown: skipped)\n"
  "  --sarif FILE        write a SARIF 2.1.0 report: each refuted rule a result at its line in its rules\n"
  "                      file, with the counterexample (unknown instances: notes)\n"
  "  --json              print one JSON object\n"
  "Before the solver, every instance is searched for a counterexample with the reference evaluator;\n"
  "every rule must shrink in the catalog's reduction order or be a canonical reordering (else it may\n"
  "loop: rejected, with a cycle when one is found); rules that can never fire are reported (vacuous).\n"
  "exit codes: 0 every instance proved, 1 some instance refuted (each printed with a counterexample\n"
  "case) or some rule may loop, 2 usage, 3 no refutation but some instance unknown, 4 internal error\n";

/* A ledger file that may not exist yet: NULL (and *len 0) when it cannot be read. */
static char *read_all(const char *path, size_t *len) {
  char *buf;
  return vs_read_file(path, &buf, len, NULL, NULL) ? buf : NULL;
}



static int rules_list(int argc, char **argv) {
  bool json = false, markdown = false;
  const char *files[64];
  int nfiles = 0;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) json = true;
    else if (!strcmp(argv[i], "--markdown")) markdown = true;
    else if (!strcmp(argv[i], "--rules") && i + 1 < argc && nfiles < 64) files[nfiles++] = argv[++i];
    else return cli_usage_error("rules list: unknown argument '%s'", argv[i]);
  }
  Catalog *cat = catalog_new();
  VsDiag d;
  if (!catalog_load_builtin(cat, &d)) {
    vs_diag_print(&d, stderr);
    catalog_free(cat);
    return EXIT_INTERNAL;
  }
  catalog_apply_builtin_ledger(cat);
  if (cli_load_user_rules("rules", cat, files, nfiles, json) != EXIT_OK) {
    catalog_free(cat);
    return EXIT_USAGE;
  }
  JsonWriter w;
  if (json) {
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "rules list");
    json_begin_array(&w, "rules");
  } else if (markdown) {
    char *md = catalog_markdown(cat);
    if (!md) {
      fprintf(stderr, "vsimp: error: out of memory\n");
      catalog_free(cat);
      return EXIT_INTERNAL;
    }
    fputs(md, stdout);
    free(md);
    catalog_free(cat);
    return EXIT_OK;
  }
  char proved[1024];
  for (size_t i = 0; i < catalog_rule_count(cat); i++) {
    const Rule *r = catalog_rule(cat, i);
    rule_proof_summary(r, proved, sizeof proved, NULL, NULL);
    if (json) {
      json_begin_object(&w, NULL);
      json_string(&w, "name", r->name);
      json_string(&w, "family", r->family);
      json_string(&w, "proved", proved);
      json_string(&w, "text", r->text);
      char where[300];
      snprintf(where, sizeof where, "%s:%d", r->file, r->line);
      json_string(&w, "defined", where);
      json_end_object(&w);
    } else {
      printf("%-24s %-18s %s\n", r->name, r->family, proved);
    }
  }
  if (json) {
    json_end_array(&w);
    json_end_object(&w);
    json_finish(&w);
  }
  catalog_free(cat);
  return EXIT_OK;
}

static void progress(void *ud, size_t done, size_t total) {
  (void)ud;
  if (done == total || done % 50 == 0) {
    fprintf(stderr, "\rverify: %zu/%zu", done, total);
    if (done == total) fputc('\n', stderr);
  }
}

/* Prints text with every line indented (a multi-line counterexample case stays readable and can be
 * cut out of the report by removing the indentation). */
static void print_indented(const char *text, const char *indent) {
  while (*text) {
    const char *eol = strchr(text, '\n');
    size_t n = eol ? (size_t)(eol - text) : strlen(text);
    printf("%s%.*s\n", indent, (int)n, text);
    text += n + (eol != NULL);
  }
}

/* The suggested guards of n refuted rules, searched by up to `jobs` threads (one rule each at a time). */
typedef struct {
  const Rule **rules;
  Suggestion *out;
  size_t n, next;
  const SuggestOptions *so;
  bool oom;
  pthread_mutex_t mu;
} SuggestWork;

static void *suggest_worker(void *arg) {
  SuggestWork *w = arg;
  for (;;) {
    pthread_mutex_lock(&w->mu);
    size_t i = w->next++;
    pthread_mutex_unlock(&w->mu);
    if (i >= w->n) return NULL;
    if (!rule_suggest_guard(w->rules[i], w->so, &w->out[i])) {
      pthread_mutex_lock(&w->mu);
      w->oom = true;
      pthread_mutex_unlock(&w->mu);
    }
  }
}

static bool suggest_all(const Rule **rules, Suggestion *out, size_t n, const SuggestOptions *so, int jobs) {
  SuggestWork w = {.rules = rules, .out = out, .n = n, .so = so};
  pthread_mutex_init(&w.mu, NULL);
  pthread_t th[64];
  int nth = 0;
  for (int j = 1; j < jobs && j < 64 && (size_t)j < n; j++)
    if (pthread_create(&th[nth], NULL, suggest_worker, &w) == 0) nth++;
  suggest_worker(&w);
  for (int j = 0; j < nth; j++) pthread_join(th[j], NULL);
  pthread_mutex_destroy(&w.mu);
  return !w.oom;
}

static int rules_verify(int argc, char **argv) {
  CliCommon c = {.timeout_ms = 4000}; /* the budget the whole catalog is measured at (docs/rules.md) */
  bool all = false, no_cache = false, reuse_unknown = false, no_search = false, no_suggest = false;
  unsigned second = SMT_SECOND_PORTFOLIO;
  const Rule **sugg_rule = NULL; /* the refuted rules, and the guard searched for each */
  Suggestion *sugg = NULL;
  size_t nsugg = 0;
  const char *only = NULL, *write_ledger = NULL, *junit = NULL, *sarif = NULL;
  const char *files[64];
  int nfiles = 0;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  c.jobs = ncpu > 0 ? (int)ncpu : 1;
  for (int i = 2; i < argc; i++) {
    int r = cli_common_option(&c, argc, argv, &i);
    if (r < 0) return EXIT_USAGE;
    if (r > 0) continue;
    if (!strcmp(argv[i], "--all")) all = true;
    else if (!strcmp(argv[i], "--no-cache")) no_cache = true;
    else if (!strcmp(argv[i], "--reuse-unknown")) reuse_unknown = true;
    else if (!strcmp(argv[i], "--no-search")) no_search = true;
    else if (!strcmp(argv[i], "--no-suggest")) no_suggest = true;
    else if (!strcmp(argv[i], "--second-solver") && i + 1 < argc) {
      const char *v = argv[++i];
      if (!strcmp(v, "none")) second = 0;
      else if (!strcmp(v, "cvc5")) {
        if (!smt_second_version())
          return cli_usage_error("rules verify: --second-solver cvc5: the cvc5 binary cannot be run (scripts/deps.sh "
                                 "installs the Debian package)");
        second = SMT_SECOND_PORTFOLIO | SMT_SECOND_RECHECK;
      } else return cli_usage_error("rules verify: --second-solver takes cvc5 or none, not '%s'", v);
    }
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else if (!strcmp(argv[i], "--write-ledger") && i + 1 < argc) write_ledger = argv[++i];
    else if (!strcmp(argv[i], "--junit") && i + 1 < argc) junit = argv[++i];
    else if (!strcmp(argv[i], "--sarif") && i + 1 < argc) sarif = argv[++i];
    else if (!strcmp(argv[i], "--rules") && i + 1 < argc && nfiles < 64) files[nfiles++] = argv[++i];
    else return cli_usage_error("rules verify: unknown argument '%s'", argv[i]);
  }
  Catalog *cat = catalog_new();
  VsDiag d;
  int rc = EXIT_INTERNAL;
  char *cache = NULL;
  size_t cache_len = 0;
  VerifyReport rep = {0};
  if (!catalog_load_builtin(cat, &d)) {
    vs_diag_print(&d, stderr);
    goto done;
  }
  for (int i = 0; i < nfiles; i++) {
    if (!catalog_load_file(cat, files[i], &d)) {
      vs_diag_print(&d, stderr);
      rc = EXIT_USAGE;
      goto done;
    }
  }
  if (only && !catalog_find(cat, only)) {
    rc = cli_usage_error("rules verify: no rule named '%s'", only);
    goto done;
  }
  if (only && nfiles && !all && !strncmp(catalog_find(cat, only)->file, "src/rules/", 10)) {
    rc = cli_usage_error("rules verify: '%s' is a built-in rule; with --rules, add --all to verify it", only);
    goto done;
  }
  /* The cache: the built-in ledger, plus the file this run will write (a user's FILE.ledger). */
  if (!no_cache) {
    const char *ledger_path = write_ledger;
    char user_ledger[4096];
    if (!ledger_path && nfiles == 1) {
      snprintf(user_ledger, sizeof user_ledger, "%s.ledger", files[0]);
      ledger_path = user_ledger;
    }
    size_t flen = 0;
    char *fromfile = ledger_path ? read_all(ledger_path, &flen) : NULL;
    size_t blen;
    const char *builtin = ledger_builtin(&blen);
    cache = malloc(blen + flen + 2);
    if (cache) {
      if (blen) memcpy(cache, builtin, blen);
      cache[blen] = '\n';
      if (flen) memcpy(cache + blen + 1, fromfile, flen);
      cache_len = blen + 1 + flen;
    }
    free(fromfile);
  }
  VerifyOptions vo = {.jobs = c.jobs,
                      .smt = {.timeout_ms = c.timeout_ms, .rlimit = c.rlimit, .second = second},
                      .cache = cache,
                      .cache_len = cache_len,
                      .reuse_unknown = reuse_unknown,
                      .only = only,
                      .include_builtin = nfiles == 0 || all,
                      .no_search = no_search,
                      .progress = isatty(2) && !c.json ? progress : NULL};
  if (!verify_catalog(cat, &vo, &rep)) {
    fprintf(stderr, "vsimp: error: out of memory\n");
    goto done;
  }
  /* Failures first, each with the case that reproduces it. */
  for (size_t i = 0; i < rep.n && !c.json; i++) {
    const VerifyItem *it = &rep.items[i];
    if (it->result.status == PROOF_PROVED) continue;
    char name[64];
    rule_instance_name(it->rule, it->instance, name, sizeof name);
    printf("%s %s at %s (%s:%d)\n", proof_status_name(it->result.status), it->rule->name, name, it->rule->file,
           it->rule->line);
    if (it->result.cex) {
      printf("  counterexample (%s; vsimp check reproduces it):\n",
             it->result.by_search ? "found by the concrete search" : "from the solver's model");
      print_indented(it->result.cex, "    ");
    }
    else if (it->result.reason[0]) printf("  reason: %s\n", it->result.reason);
  }
  /* Proof steps that did not prove their rule: the author's steps are wrong or too weak there. */
  for (size_t i = 0; i < rep.n && !c.json; i++) {
    const VerifyItem *it = &rep.items[i];
    if (!it->result.step_note[0]) continue;
    char name[64];
    rule_instance_name(it->rule, it->instance, name, sizeof name);
    printf("steps of %s at %s (%s:%d): %s; %s without them\n", it->rule->name, name, it->rule->file, it->rule->line,
           it->result.step_note, proof_status_name(it->result.status));
  }
  /* Suggested guards: for each refuted rule, a guard under which it holds (rule_suggest.h). */
  if (!no_suggest && rep.refuted) {
    sugg_rule = calloc(rep.n, sizeof *sugg_rule);
    sugg = calloc(rep.n, sizeof *sugg);
    if (!sugg_rule || !sugg) {
      fprintf(stderr, "vsimp: error: out of memory\n");
      goto done;
    }
    SuggestOptions so = {.smt = {.timeout_ms = c.timeout_ms, .rlimit = c.rlimit, .second = second & SMT_SECOND_PORTFOLIO}};
    for (size_t i = 0; i < rep.n; i++) {
      const VerifyItem *it = &rep.items[i];
      if (it->result.status != PROOF_REFUTED) continue;
      bool seen = false;
      for (size_t k = 0; k < nsugg && !seen; k++) seen = sugg_rule[k] == it->rule;
      if (!seen) sugg_rule[nsugg++] = it->rule;
    }
    if (!suggest_all(sugg_rule, sugg, nsugg, &so, c.jobs)) {
      fprintf(stderr, "vsimp: error: out of memory\n");
      goto done;
    }
  }
  for (size_t i = 0; i < nsugg && !c.json; i++) {
    if (sugg[i].found)
      printf("suggest: %s\n  (%s:%d: the guard with `%s`, proved at %s; %.1f s)\n", sugg[i].text, sugg_rule[i]->file,
             sugg_rule[i]->line, sugg[i].guard, sugg[i].instances, sugg[i].seconds);
    else
      printf("no guard suggested for %s (%s:%d): %s\n", sugg_rule[i]->name, sugg_rule[i]->file, sugg_rule[i]->line,
             sugg[i].why);
  }
  /* Rules that may loop (rejected) and rules that can never fire (reported). */
  for (size_t i = 0; i < rep.norder && !c.json; i++) {
    const OrderItem *o = &rep.order[i];
    if (o->verdict != ORDER_MAY_LOOP) continue;
    printf("may loop %s (%s:%d): %s\n", o->rule->name, o->rule->file, o->rule->line, o->why);
    if (o->cycle) print_indented(o->cycle, "  ");
  }
  for (size_t i = 0; i < rep.nvacuous && !c.json; i++)
    printf("vacuous %s (%s:%d): %s\n", rep.vacuous[i].rule->name, rep.vacuous[i].rule->file, rep.vacuous[i].rule->line,
           vacuous_kind_text(rep.vacuous[i].kind));
  if (c.json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "rules verify");
    json_int(&w, "rules", (long long)rep.rules);
    json_int(&w, "instances", (long long)rep.n);
    json_int(&w, "proved", (long long)rep.proved);
    json_int(&w, "refuted", (long long)rep.refuted);
    json_int(&w, "unknown", (long long)rep.unknown);
    json_int(&w, "errors", (long long)rep.errors);
    json_int(&w, "cached", (long long)rep.cached);
    json_int(&w, "refuted_by_search", (long long)rep.by_search);
    json_int(&w, "proved_by_cvc5", (long long)rep.by_cvc5);
    json_int(&w, "proved_by_evaluation", (long long)rep.by_eval);
    json_int(&w, "queries_reused", (long long)rep.query_hits);
    if (second & SMT_SECOND_RECHECK) {
      json_int(&w, "rechecked_by_cvc5", (long long)rep.rechecked);
      json_int(&w, "recheck_undecided", (long long)rep.recheck_undecided);
    }
    json_int(&w, "solver_disagreements", (long long)rep.disagreements);
    json_int(&w, "may_loop", (long long)rep.may_loop);
    json_int(&w, "vacuous", (long long)rep.nvacuous);
    json_double(&w, "seconds", rep.seconds);
    json_begin_array(&w, "failures");
    for (size_t i = 0; i < rep.n; i++) {
      const VerifyItem *it = &rep.items[i];
      if (it->result.status == PROOF_PROVED) continue;
      char name[64];
      rule_instance_name(it->rule, it->instance, name, sizeof name);
      json_begin_object(&w, NULL);
      json_string(&w, "rule", it->rule->name);
      json_string(&w, "instance", name);
      json_string(&w, "status", proof_status_name(it->result.status));
      if (it->result.cex) json_string(&w, "counterexample", it->result.cex);
      if (it->result.status == PROOF_REFUTED) json_string(&w, "refuted_by", it->result.by_search ? "search" : "solver");
      if (it->result.reason[0]) json_string(&w, "reason", it->result.reason);
      json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_array(&w, "step_notes");
    for (size_t i = 0; i < rep.n; i++) {
      const VerifyItem *it = &rep.items[i];
      if (!it->result.step_note[0]) continue;
      char name[64];
      rule_instance_name(it->rule, it->instance, name, sizeof name);
      json_begin_object(&w, NULL);
      json_string(&w, "rule", it->rule->name);
      json_string(&w, "instance", name);
      json_string(&w, "note", it->result.step_note);
      json_string(&w, "status", proof_status_name(it->result.status));
      json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_array(&w, "suggestions");
    for (size_t i = 0; i < nsugg; i++) {
      json_begin_object(&w, NULL);
      json_string(&w, "rule", sugg_rule[i]->name);
      json_bool(&w, "found", sugg[i].found);
      if (sugg[i].found) {
        json_string(&w, "text", sugg[i].text);
        json_string(&w, "guard", sugg[i].guard);
        json_string(&w, "proved_at", sugg[i].instances);
      } else json_string(&w, "why", sugg[i].why);
      json_double(&w, "seconds", sugg[i].seconds);
      json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_array(&w, "may_loop");
    for (size_t i = 0; i < rep.norder; i++) {
      const OrderItem *o = &rep.order[i];
      if (o->verdict != ORDER_MAY_LOOP) continue;
      json_begin_object(&w, NULL);
      json_string(&w, "rule", o->rule->name);
      json_string(&w, "why", o->why);
      if (o->cycle) json_string(&w, "cycle", o->cycle);
      json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_array(&w, "vacuous");
    for (size_t i = 0; i < rep.nvacuous; i++) {
      json_begin_object(&w, NULL);
      json_string(&w, "rule", rep.vacuous[i].rule->name);
      json_string(&w, "why", vacuous_kind_text(rep.vacuous[i].kind));
      json_end_object(&w);
    }
    json_end_array(&w);
    json_end_object(&w);
    json_finish(&w);
  } else {
    printf("rules verify: %zu rules, %zu instances: %zu proved (%zu from cache), %zu refuted (%zu by the concrete "
           "search), %zu unknown, %zu errors; %zu may loop, %zu vacuous; %.1f s\n",
           rep.rules, rep.n, rep.proved, rep.cached, rep.refuted, rep.by_search, rep.unknown, rep.errors, rep.may_loop,
           rep.nvacuous, rep.seconds);
    if (rep.by_cvc5 || rep.by_eval)
      printf("  proved by cvc5 (Z3 left them open): %zu; by exhaustive evaluation: %zu\n", rep.by_cvc5, rep.by_eval);
    if (rep.query_hits)
      printf("  queries answered from earlier in the run (the same SMT-LIB2 text): %zu\n", rep.query_hits);
    if (second & SMT_SECOND_RECHECK)
      printf("  re-checked by cvc5 %s: %zu proofs confirmed, %zu undecided by cvc5, %zu disagreements\n",
             smt_second_version(), rep.rechecked, rep.recheck_undecided, rep.disagreements);
  }
  const char *out_path = write_ledger;
  char user_out[4096];
  if (!out_path && nfiles == 1 && !all) {
    snprintf(user_out, sizeof user_out, "%s.ledger", files[0]);
    out_path = user_out;
  }
  if (out_path) {
    char *text = verify_ledger_text(&rep);
    size_t old_len = 0;
    char *old = only && text ? read_all(out_path, &old_len) : NULL;
    if (old) {
      char *merged = ledger_replace_rule(old, old_len, text, strlen(text), only);
      free(old);
      free(text);
      text = merged;
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
    FILE *f = text ? fopen(tmp, "wb") : NULL;
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, out_path) != 0) ok = false;
    if (!ok) {
      remove(tmp);
      fprintf(stderr, "vsimp: error: cannot write %s\n", out_path);
      free(text);
      goto done;
    }
    free(text);
  }
  if (junit || sarif) {
    CiReport ci;
    ci_report_init(&ci, "vsimp rules verify");
    ci_add_verify(&ci, &rep);
    bool ok = true;
    if (junit && !ci_write_junit_file(&ci, junit)) ok = false, fprintf(stderr, "vsimp: error: cannot write %s\n", junit);
    if (sarif && !ci_write_sarif_file(&ci, sarif)) ok = false, fprintf(stderr, "vsimp: error: cannot write %s\n", sarif);
    ci_report_free(&ci);
    if (!ok) goto done;
  }
  /* Two solvers contradicting each other is never a verdict: exit 4 before anything else. */
  rc = rep.disagreements ? EXIT_INTERNAL
     : rep.refuted || rep.may_loop ? EXIT_INVALID
     : rep.errors ? EXIT_INTERNAL
     : rep.unknown ? EXIT_UNKNOWN : EXIT_OK;
done:
  for (size_t k = 0; sugg && k < nsugg; k++) suggestion_free(&sugg[k]);
  free(sugg);
  free(sugg_rule);
  verify_report_free(&rep);
  free(cache);
  catalog_free(cat);
  return rc;
}

/* Other simplifiers' rules as DSL rules (verify/rule_import.h). */
static int rules_import(int argc, char **argv) {
  const char *from = NULL, *outp = NULL, *files[256];
  int nfiles = 0;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--from") && i + 1 < argc) from = argv[++i];
    else if (!strcmp(argv[i], "-o") && i + 1 < argc) outp = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("rules import: unknown argument '%s'", argv[i]);
    else if (nfiles < 256) files[nfiles++] = argv[i];
    else return cli_usage_error("rules import: at most 256 files");
  }
  ImportPeer peer;
  if (!from) return cli_usage_error("rules import: --from halide or --from tvm is required");
  if (!rule_import_peer(from, &peer)) return cli_usage_error("rules import: unknown peer '%s' (halide or tvm)", from);
  if (!nfiles) return cli_usage_error("rules import: no input file");
  FILE *out = outp ? fopen(outp, "w") : stdout;
  if (!out) return cli_usage_error("rules import: cannot write '%s'", outp);
  ImportStats st = {0};
  int rc = EXIT_OK;
  for (int i = 0; i < nfiles && rc == EXIT_OK; i++) {
    char *buf;
    size_t len;
    const char *shown;
    VsDiag d;
    if (!vs_read_file(files[i], &buf, &len, &shown, &d)) {
      vs_diag_print(&d, stderr);
      rc = EXIT_USAGE;
      break;
    }
    if (!rule_import(peer, files[i], buf, len, i == 0, out, &st)) {
      fprintf(stderr, "vsimp: error: rules import: out of memory or write error\n");
      rc = EXIT_INTERNAL;
    }
    free(buf);
  }
  if (outp && fclose(out) != 0 && rc == EXIT_OK) rc = EXIT_INTERNAL;
  if (rc == EXIT_OK)
    fprintf(stderr, "rules import: %zu calls, %zu rules: %zu translated, %zu untranslated\n", st.calls,
            st.alternatives, st.translated, st.untranslated);
  return rc;
}

/* The range and alignment analyses' trust tables as C source (src/ir/bounds_trust_table.c; `make docs`). */
static int rules_bounds_table(int argc, char **argv) {
  if (argc > 2) return cli_usage_error("rules bounds-table: unknown argument '%s'", argv[2]);
  Catalog *cat = catalog_new();
  VsDiag d;
  int rc = EXIT_INTERNAL;
  uint16_t table[OP_COUNT], align[OP_COUNT];
  char *src = NULL;
  if (!cat || !catalog_load_builtin(cat, &d)) {
    if (cat) vs_diag_print(&d, stderr);
    goto done;
  }
  catalog_apply_builtin_ledger(cat);
  if (!bounds_trust_derive(cat, table) || !align_trust_derive(cat, align) || !(src = bounds_trust_source(table, align))) {
    fprintf(stderr, "vsimp: error: out of memory\n");
    goto done;
  }
  fputs(src, stdout);
  rc = EXIT_OK;
done:
  free(src);
  catalog_free(cat);
  return rc;
}

int cmd_rules(int argc, char **argv) {
  if (argc < 2 || cli_wants_help(argc, argv)) {
    fputs(rules_help, argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_USAGE : EXIT_OK;
  }
  if (!strcmp(argv[1], "list")) return rules_list(argc, argv);
  if (!strcmp(argv[1], "verify")) return rules_verify(argc, argv);
  if (!strcmp(argv[1], "bounds-table")) return rules_bounds_table(argc, argv);
  if (!strcmp(argv[1], "import")) return rules_import(argc, argv);
  return cli_usage_error("rules: unknown subcommand '%s' (list, verify, import or bounds-table)", argv[1]);
}
