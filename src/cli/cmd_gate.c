/* vsimp gate: the release soundness gate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "verify/conformance.h"
#include "rules/catalog.h"
#include "rules/embedded.h"
#include "verify/ci_report.h"
#include "verify/verify_run.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "fuzz/campaign.h"
#include "fuzz/prog_oracle.h"
#include "smt/smt.h"

static const char *gate_help =
  "usage: vsimp gate [--full] [--seed N] [-j N] [--fuzz-execs N] [--json] [--junit FILE] [--sarif FILE]\n"
  "\n"
  "The release soundness gate. Runs, in order, and fails on the first failing stage:\n"
  "  conformance  the evaluator and the Z3 encoding agree on every op at every dtype\n"
  "               (edge values, powers of two, random operands; --full: many more)\n"
  "  rules        every rule of the catalog at every admissible dtype instance: none refuted;\n"
  "               proofs recorded in the built-in ledger for the same rule text and solver are\n"
  "               reused (--full proves everything again, and cvc5 re-checks every proof: the two\n"
  "               solvers disagreeing is exit 4); unknowns are listed, they never fire\n"
  "  fuzz         a short fuzz campaign (vsimp fuzz): --fuzz-execs inputs (default 20000, --full:\n"
  "               200000; 0 skips it) through the simplifier and every oracle, Z3 sampled, seeded\n"
  "               by --seed; no finding allowed\n"
  "  programs     the same for the program Simplify pass (vsimp fuzz --target program): a tenth as\n"
  "               many generated programs, translation validation sampled; no finding allowed\n"
  "In both campaigns, an input that runs past 300 s is written here as timeout-PID-WORKER.input and the\n"
  "gate exits with 1; a crash writes its input as crash-PID-WORKER.input (replay: vsimp fuzz FILE).\n"
  "Prints one line per stage and a verdict. --junit FILE writes a JUnit XML report (one test case per\n"
  "stage, and one per rule instance refuted or in error and per fuzz finding); --sarif FILE a SARIF 2.1.0\n"
  "report (refuted rules at their lines in the rules files, findings, failed stages).\n"
  "exit codes: 0 pass, 1 a stage failed, 2 usage, 4 internal error\n";

int cmd_gate(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(gate_help, stdout);
    return EXIT_OK;
  }
  bool json = false, full = false;
  const char *junit = NULL, *sarif = NULL;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  int jobs = ncpu > 0 ? (int)ncpu : 1;
  unsigned long long seed = 1, fuzz_execs = 0;
  bool fuzz_set = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) json = true;
    else if (!strcmp(argv[i], "--full")) full = true;
    else if (!strcmp(argv[i], "--junit") && i + 1 < argc) junit = argv[++i];
    else if (!strcmp(argv[i], "--sarif") && i + 1 < argc) sarif = argv[++i];
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      char *end;
      seed = strtoull(argv[++i], &end, 10);
      if (*end || argv[i][0] == '-') return cli_usage_error("gate: bad seed '%s'", argv[i]);
    } else if ((!strcmp(argv[i], "-j") || !strcmp(argv[i], "--jobs")) && i + 1 < argc) {
      char *end;
      long j = strtol(argv[++i], &end, 10);
      if (*end || j < 1 || j > 256) return cli_usage_error("gate: bad job count '%s'", argv[i]);
      jobs = (int)j;
    } else if (!strcmp(argv[i], "--fuzz-execs") && i + 1 < argc) {
      char *end;
      fuzz_execs = strtoull(argv[++i], &end, 10);
      fuzz_set = true;
      if (*end || argv[i][0] == '-') return cli_usage_error("gate: bad value for --fuzz-execs '%s'", argv[i]);
    } else return cli_usage_error("gate: unknown argument '%s'", argv[i]);
  }
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  if (!smt) {
    fputs("vsimp: error: cannot create a solver context\n", stderr);
    return EXIT_INTERNAL;
  }

  ConformanceOptions co = {.full = full, .seed = seed, .random_per_op = full ? 2000 : 200, .max_report = 20};
  ConformanceReport cr;
  bool conf_ok = conformance_run(smt, &co, &cr, stderr);
  smt_free(smt);

  /* Rules: the catalog against the ledger it was built with. */
  Catalog *cat = catalog_new();
  VsDiag d;
  VerifyReport vr = {0};
  bool rules_loaded = cat && catalog_load_builtin(cat, &d);
  if (!rules_loaded) vs_diag_print(&d, stderr);
  /* cvc5, when installed: the portfolio for what Z3 leaves open, and under --full an independent re-check
   * of every proof (the two disagreeing is exit 4). */
  unsigned second = !smt_second_version() ? 0 : full ? SMT_SECOND_PORTFOLIO | SMT_SECOND_RECHECK : SMT_SECOND_PORTFOLIO;
  VerifyOptions vo = {.jobs = jobs,
                      .smt = {.timeout_ms = 2000, .second = second},
                      .cache = full || !vs_embedded_ledger_count ? NULL : (const char *)vs_embedded_ledger[0].data,
                      .cache_len = full || !vs_embedded_ledger_count ? 0 : vs_embedded_ledger[0].len,
                      .reuse_unknown = !full,
                      .include_builtin = true};
  bool rules_ok = rules_loaded && verify_catalog(cat, &vo, &vr) && vr.refuted == 0 && vr.errors == 0 && vr.may_loop == 0;

  /* Fuzz: a short built-in campaign (--fuzz-execs 0 skips it). */
  if (!fuzz_set) fuzz_execs = full ? 200000 : 20000;
  CampaignOptions fo = {.target = FUZZ_TARGET_EXPR, .max_execs = fuzz_execs,
                        .jobs = (unsigned)jobs, .seed = seed, .reduce = true, .input_timeout = CAMPAIGN_INPUT_TIMEOUT};
  fo.oracle.smt = SMT_MODE_SAMPLED;
  CampaignReport fr;
  memset(&fr, 0, sizeof fr);
  bool fuzz_ran = fuzz_execs > 0;
  bool fuzz_ok = !fuzz_ran || (campaign_run(&fo, &fr) && fr.nfindings == 0);
  /* Programs: a short campaign of the program target, a tenth as many inputs (each is a whole program
   * through the pass, the interpreter and sampled translation validation). */
  CampaignOptions po = fo;
  po.target = FUZZ_TARGET_PROGRAM;
  po.max_execs = fuzz_execs / 10;
  CampaignReport pr;
  memset(&pr, 0, sizeof pr);
  bool prog_ran = po.max_execs > 0;
  bool prog_ok = !prog_ran || (campaign_run(&po, &pr) && pr.nfindings == 0);
  bool ok = conf_ok && rules_ok && fuzz_ok && prog_ok;

  if (json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "gate");
    json_string(&w, "verdict", ok ? "pass" : "fail");
    json_begin_object(&w, "conformance");
    json_bool(&w, "pass", conf_ok);
    json_int(&w, "cases", (long long)cr.cases);
    json_int(&w, "vector_cases", (long long)cr.vector_cases);
    json_int(&w, "invalid_cases", (long long)cr.invalid_cases);
    json_int(&w, "graph_cases", (long long)cr.graph_cases);
    json_int(&w, "op_dtypes", (long long)cr.op_dtypes);
    json_int(&w, "mismatches", (long long)cr.mismatches);
    json_int(&w, "flag_only", (long long)cr.unreduced);
    json_double(&w, "seconds", cr.seconds);
    json_end_object(&w);
    json_begin_object(&w, "rules");
    json_bool(&w, "pass", rules_ok);
    json_int(&w, "rules", (long long)vr.rules);
    json_int(&w, "instances", (long long)vr.n);
    json_int(&w, "proved", (long long)vr.proved);
    json_int(&w, "refuted", (long long)vr.refuted);
    json_int(&w, "unknown", (long long)vr.unknown);
    json_int(&w, "errors", (long long)vr.errors);
    json_int(&w, "from_ledger", (long long)vr.cached);
    json_int(&w, "may_loop", (long long)vr.may_loop);
    json_int(&w, "proved_by_cvc5", (long long)vr.by_cvc5);
    if (second & SMT_SECOND_RECHECK) {
      json_int(&w, "rechecked_by_cvc5", (long long)vr.rechecked);
      json_int(&w, "recheck_undecided", (long long)vr.recheck_undecided);
    }
    json_int(&w, "solver_disagreements", (long long)vr.disagreements);
    json_double(&w, "seconds", vr.seconds);
    json_end_object(&w);
    json_begin_object(&w, "fuzz");
    json_bool(&w, "pass", fuzz_ok);
    json_int(&w, "execs", (long long)fr.execs);
    json_int(&w, "findings", (long long)fr.nfindings);
    json_int(&w, "smt_checks", (long long)fr.stats.smt_checks);
    json_double(&w, "seconds", fr.seconds);
    json_end_object(&w);
    json_begin_object(&w, "programs");
    json_bool(&w, "pass", prog_ok);
    json_int(&w, "execs", (long long)pr.execs);
    json_int(&w, "findings", (long long)pr.nfindings);
    json_int(&w, "smt_checks", (long long)pr.stats.smt_checks);
    json_double(&w, "seconds", pr.seconds);
    json_end_object(&w);
    json_end_object(&w);
    json_finish(&w);
  } else {
    printf("conformance  %s: %zu cases (%zu on vectors, %zu with invalid, %zu with memory and loops) over %zu op/dtype"
           " classes, %zu mismatches, %zu compared by UB flag only (uninterpreted), %.1f s\n",
           conf_ok ? "pass" : "FAIL", cr.cases, cr.vector_cases, cr.invalid_cases, cr.graph_cases, cr.op_dtypes,
           cr.mismatches, cr.unreduced, cr.seconds);
    for (size_t i = 0; i < vr.n; i++) {
      const VerifyItem *it = &vr.items[i];
      if (it->result.status != PROOF_REFUTED && it->result.status != PROOF_ERROR) continue;
      char name[64];
      rule_instance_name(it->rule, it->instance, name, sizeof name);
      printf("  %s %s at %s (%s:%d)\n", proof_status_name(it->result.status), it->rule->name, name, it->rule->file,
             it->rule->line);
      if (it->result.cex) printf("    %s", it->result.cex);
    }
    for (size_t i = 0; i < vr.norder; i++)
      if (vr.order[i].verdict == ORDER_MAY_LOOP)
        printf("  may loop %s (%s:%d): %s\n", vr.order[i].rule->name, vr.order[i].rule->file, vr.order[i].rule->line,
               vr.order[i].why);
    printf("rules        %s: %zu rules, %zu dtype instances: %zu proved (%zu from the ledger), %zu refuted, "
           "%zu unknown (never fire), %zu errors, %zu may loop, %.1f s\n",
           rules_ok ? "pass" : "FAIL", vr.rules, vr.n, vr.proved, vr.cached, vr.refuted, vr.unknown, vr.errors,
           vr.may_loop, vr.seconds);
    if (second & SMT_SECOND_RECHECK)
      printf("             re-checked by cvc5 %s: %zu proofs confirmed, %zu undecided by cvc5, %zu disagreements\n",
             smt_second_version(), vr.rechecked, vr.recheck_undecided, vr.disagreements);
    else if (!second)
      printf("             (cvc5 is not installed: no second solver; scripts/deps.sh installs it)\n");
    if (fuzz_ran) {
      size_t fired = 0;
      for (size_t i = 0; i < fr.ncov; i++) fired += fr.cov[i].inputs > 0;
      printf("fuzz         %s: %llu inputs, %zu findings, %llu z3 checks, %zu of %zu rules fired, %.1f s\n",
             fuzz_ok ? "pass" : "FAIL", (unsigned long long)fr.execs, fr.nfindings,
             (unsigned long long)fr.stats.smt_checks, fired, fr.ncov, fr.seconds);
      for (size_t i = 0; i < fr.nfindings; i++) {
        char *file = fuzz_finding_file(&fr.findings[i]);
        if (file) printf("%s", file);
        free(file);
      }
    }
    if (prog_ran) {
      printf("programs     %s: %llu programs, %zu findings, %llu z3 checks, %.1f s\n", prog_ok ? "pass" : "FAIL",
             (unsigned long long)pr.execs, pr.nfindings, (unsigned long long)pr.stats.smt_checks, pr.seconds);
      for (size_t i = 0; i < pr.nfindings; i++) {
        char *file = prog_finding_file(&pr.findings[i]);
        if (file) printf("%s", file);
        free(file);
      }
    }
    printf("gate: %s\n", ok ? "PASS" : "FAIL");
  }
  /* The two solvers contradicting each other is never a verdict. */
  int rc = vr.disagreements ? EXIT_INTERNAL : ok ? EXIT_OK : EXIT_INVALID;
  if (junit || sarif) {
    CiReport ci;
    ci_report_init(&ci, "vsimp gate");
    char msg[300];
    snprintf(msg, sizeof msg, "%zu cases, %zu mismatches", cr.cases, cr.mismatches);
    ci_add(&ci, "gate", "stage conformance", conf_ok ? CI_PASS : CI_FAIL, cr.seconds, msg, NULL);
    if (!conf_ok) ci_locate(&ci, NULL, 0, "conformance", CI_RULE_STAGE, CI_LEVEL_ERROR);
    snprintf(msg, sizeof msg, "%zu instances: %zu proved, %zu refuted, %zu unknown, %zu errors", vr.n, vr.proved,
             vr.refuted, vr.unknown, vr.errors);
    ci_add(&ci, "gate", "stage rules", rules_ok ? CI_PASS : CI_FAIL, vr.seconds, msg, NULL);
    if (!rules_ok) ci_locate(&ci, NULL, 0, "rules", CI_RULE_STAGE, CI_LEVEL_ERROR);
    snprintf(msg, sizeof msg, "%llu inputs, %zu findings", (unsigned long long)fr.execs, fr.nfindings);
    ci_add(&ci, "gate", "stage fuzz", !fuzz_ran ? CI_SKIP : fuzz_ok ? CI_PASS : CI_FAIL, fr.seconds, msg, NULL);
    if (!fuzz_ok) ci_locate(&ci, NULL, 0, "fuzz", CI_RULE_STAGE, CI_LEVEL_ERROR);
    snprintf(msg, sizeof msg, "%llu programs, %zu findings", (unsigned long long)pr.execs, pr.nfindings);
    ci_add(&ci, "gate", "stage programs", !prog_ran ? CI_SKIP : prog_ok ? CI_PASS : CI_FAIL, pr.seconds, msg, NULL);
    if (!prog_ok) ci_locate(&ci, NULL, 0, "programs", CI_RULE_STAGE, CI_LEVEL_ERROR);
    /* The rule instances that failed, and the findings, as cases of their own. */
    VerifyReport failed = vr;
    failed.items = malloc((vr.n + 1) * sizeof *failed.items);
    failed.n = 0;
    for (size_t i = 0; failed.items && i < vr.n; i++)
      if (vr.items[i].result.status == PROOF_REFUTED || vr.items[i].result.status == PROOF_ERROR)
        failed.items[failed.n++] = vr.items[i];
    if (failed.items) ci_add_verify(&ci, &failed);
    free(failed.items);
    if (fr.nfindings) fuzz_ci_cases(&ci, &fr, NULL);
    if (pr.nfindings) fuzz_ci_cases(&ci, &pr, NULL);
    if (junit && !ci_write_junit_file(&ci, junit)) {
      fprintf(stderr, "vsimp: error: gate: cannot write %s\n", junit);
      rc = EXIT_INTERNAL;
    }
    if (sarif && !ci_write_sarif_file(&ci, sarif)) {
      fprintf(stderr, "vsimp: error: gate: cannot write %s\n", sarif);
      rc = EXIT_INTERNAL;
    }
    ci_report_free(&ci);
  }
  verify_report_free(&vr);
  campaign_report_free(&fr);
  campaign_report_free(&pr);
  catalog_free(cat);
  return rc;
}
