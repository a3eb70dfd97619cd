/* vsimp fuzz: the built-in campaign runner and input replayer (fuzz/campaign.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "fuzz/campaign.h"
#include "rules/catalog.h"

static const char *fuzz_help =
  "usage: vsimp fuzz [OPTIONS] [FILE|DIR ...]\n"
  "\n"
  "Without files: a fuzz campaign without any fuzzing engine. Generates inputs, runs each through the\n"
  "simplifier and the oracles (concrete evaluation, Z3, engine properties), reduces every finding to a\n"
  "minimal case, and reports statistics, findings and rule coverage. On a terminal it shows a progress\n"
  "line. With files (or directories of files): replays each input once: corpus entries, crash inputs,\n"
  "regression cases (.vs files; a case `SRC --> TGT` replays SRC).\n"
  "\n"
  "options:\n"
  "  --target T        expr (default), parse, or program (the program Simplify pass; replays\n"
  "                    program files)\n"
  "  --time S          seconds to run (default 60 when --execs is not given)\n"
  "  --execs N         stop after N inputs\n"
  "  --jobs N, -j N    worker threads (default 1)\n"
  "  --seed N          seed of the generated inputs (default 1)\n"
  "  --smt MODE        never | on-mismatch | sampled | always (default: sampled; with files: always)\n"
  "  --smt-rate N      sampled: one input in N that the simplifier changed goes to Z3 (default 4096)\n"
  "  --timeout MS      Z3 time limit per check (default 1000)\n"
  "  --points N        random evaluation points per input, besides the edge values (default 16)\n"
  "  --max-ops N       operations per generated case (default 24)\n"
  "  --max-findings N  stop after N distinct findings\n"
  "  --no-reduce       report findings as found, unreduced\n"
  "  --out DIR         write each finding as DIR/KIND-HASH.vs (regression case) and .input (raw input)\n"
  "  --input-timeout S an input still running after S seconds (a decimal; default 300; 0: no limit) is written\n"
  "                    as timeout-PID-WORKER.input (in --out DIR, else here) and the run exits with 1;\n"
  "                    a crash writes its input as crash-PID-WORKER.input the same way\n"
  "  --report PREFIX   also write the report as PREFIX.json and PREFIX.md\n"
  "  --junit FILE      write a JUnit XML report: one test case for the campaign, one failure per finding\n"
  "  --sarif FILE      write a SARIF 2.1.0 report: each finding a result at its regression file\n"
  "                    (the one --out writes, or the replayed file)\n"
  "  --rules FILE      add the rules of FILE (with the proofs of FILE.ledger); may be repeated\n"
  "  --print           print the case each FILE describes (its .vs text) and run nothing\n"
  "  --json            print the report as one JSON object\n"
  "exit codes: 0 no finding, 1 findings, 2 bad usage or unreadable file, 4 internal error\n";

typedef struct {
  const char *const *files;
  int nfiles;
} UserRules;

static Catalog *user_catalog(void *ud) {
  const UserRules *u = ud;
  Catalog *c = fuzz_builtin_catalog(NULL);
  if (c && cli_load_user_rules("fuzz", c, u->files, u->nfiles, false) != EXIT_OK) {
    catalog_free(c);
    return NULL;
  }
  return c;
}

static bool parse_u64(const char *s, unsigned long long max, unsigned long long *out) {
  if (!s || !*s || s[0] == '-') return false;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || v > max) return false;
  *out = v;
  return true;
}

static int print_inputs(const char *const *files, int n, FuzzTarget target) {
  for (int i = 0; i < n; i++) {
    FILE *f = fopen(files[i], "rb");
    if (!f) return cli_usage_error("fuzz: cannot read '%s'", files[i]);
    size_t cap = 1 << 16;
    unsigned char *buf = malloc(cap);
    size_t len = buf ? fread(buf, 1, cap, f) : 0;
    fclose(f);
    char *text = NULL;
    if (buf && target == FUZZ_TARGET_PROGRAM) {
      VsCtx *ctx = vs_ctx_new();
      text = ctx ? prog_input_text(ctx, buf, len, NULL) : NULL;
      vs_ctx_free(ctx);
    } else if (buf) {
      text = fuzz_input_text(buf, len);
    }
    free(buf);
    if (n > 1) printf("# %s\n", files[i]);
    fputs(text ? text : "# (no case: the text input does not parse)\n", stdout);
    free(text);
  }
  return EXIT_OK;
}

int cmd_fuzz(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(fuzz_help, stdout);
    return EXIT_OK;
  }
  CampaignOptions o = {.jobs = 1, .seed = 1, .reduce = true, .input_timeout = CAMPAIGN_INPUT_TIMEOUT};
  bool json = false, print = false, smt_set = false;
  const char *out_dir = NULL, *report = NULL, *junit = NULL, *sarif = NULL;
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  const char **rules = calloc((size_t)argc + 1, sizeof *rules);
  int nfiles = 0, nrules = 0, rc = EXIT_USAGE;
  if (!files || !rules) goto done;
  o.oracle.smt = SMT_MODE_SAMPLED;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long n;
    bool takes = true;
    if (!strcmp(a, "--json")) json = true, takes = false;
    else if (!strcmp(a, "--print")) print = true, takes = false;
    else if (!strcmp(a, "--no-reduce")) o.reduce = false, takes = false;
    else if (a[0] != '-' || !a[1]) files[nfiles++] = a, takes = false;
    else if (!v) {
      cli_usage_error("fuzz: %s needs a value", a);
      goto done;
    } else if (!strcmp(a, "--target")) {
      if (!fuzz_target_parse(v, &o.target)) {
        cli_usage_error("fuzz: unknown target '%s' (expr, parse or program)", v);
        goto done;
      }
    } else if (!strcmp(a, "--time")) {
      char *end;
      o.seconds = strtod(v, &end);
      if (*end || !(o.seconds > 0) || o.seconds > 1e7) {
        cli_usage_error("fuzz: bad value for --time: '%s'", v);
        goto done;
      }
    } else if (!strcmp(a, "--input-timeout")) {
      char *end;
      o.input_timeout = strtod(v, &end);
      if (*end || end == v || !(o.input_timeout >= 0) || o.input_timeout > 1e7) {
        cli_usage_error("fuzz: bad value for --input-timeout: '%s'", v);
        goto done;
      }
    } else if (!strcmp(a, "--smt")) {
      if (!smt_mode_parse(v, &o.oracle.smt)) {
        cli_usage_error("fuzz: unknown --smt mode '%s' (never, on-mismatch, sampled, always)", v);
        goto done;
      }
      smt_set = true;
    } else if (!strcmp(a, "--out")) out_dir = v;
    else if (!strcmp(a, "--report")) report = v;
    else if (!strcmp(a, "--junit")) junit = v;
    else if (!strcmp(a, "--sarif")) sarif = v;
    else if (!strcmp(a, "--rules")) rules[nrules++] = v;
    else {
      static const char *const num_opts[] = {"--execs", "--jobs", "-j", "--seed", "--smt-rate", "--timeout",
                                             "--points", "--max-findings", "--max-ops"};
      size_t k = 0;
      while (k < sizeof num_opts / sizeof num_opts[0] && strcmp(a, num_opts[k])) k++;
      if (k == sizeof num_opts / sizeof num_opts[0]) {
        cli_usage_error("fuzz: unknown option '%s'", a);
        goto done;
      }
      unsigned long long max = k == 0 || k == 3 ? ~0ull : k <= 2 ? 256 : 1000000000ull;
      if (!parse_u64(v, max, &n) || (n == 0 && k != 3)) {
        cli_usage_error("fuzz: bad value for %s: '%s'", a, v);
        goto done;
      }
      switch (k) {
      case 0: o.max_execs = n; break;
      case 1: case 2: o.jobs = (unsigned)n; break;
      case 3: o.seed = n; break;
      case 4: o.oracle.smt_rate = (unsigned)n; break;
      case 5: o.oracle.smt_timeout_ms = (unsigned)n; break;
      case 6: o.oracle.points = (unsigned)n; break;
      case 7: o.max_findings = (unsigned)n; break;
      default: o.oracle.gen.max_ops = (unsigned)n; break;
      }
    }
    if (takes) i++;
  }
  if (print) {
    rc = nfiles ? print_inputs(files, nfiles, o.target) : cli_usage_error("fuzz: --print needs files");
    goto done;
  }
  UserRules ur = {rules, nrules};
  if (nrules) {
    Catalog *probe = user_catalog(&ur); /* report a bad rule file once, before any thread starts */
    if (!probe) goto done;
    catalog_free(probe);
    o.make_catalog = user_catalog;
    o.catalog_ud = &ur;
  }
  o.files = files;
  o.nfiles = (size_t)nfiles;
  if (out_dir && mkdir(out_dir, 0755) != 0 && errno != EEXIST) {
    rc = cli_usage_error("fuzz: cannot create '%s': %s", out_dir, strerror(errno));
    goto done;
  }
  o.crash_dir = out_dir;
  if (nfiles && !smt_set) o.oracle.smt = SMT_MODE_ALWAYS;
  if (!json && isatty(STDERR_FILENO) && !nfiles) o.progress = stderr;
  CampaignReport rep;
  if (!campaign_run(&o, &rep)) {
    fprintf(stderr, "vsimp: error: fuzz: %s\n", rep.error);
    rc = strstr(rep.error, "No such file") || strstr(rep.error, "ermission") ? EXIT_USAGE : EXIT_INTERNAL;
    campaign_report_free(&rep);
    goto done;
  }
  if (json) fuzz_report_json(&rep, stdout);
  else fuzz_report_text(&rep, stdout);
  rc = rep.nfindings ? EXIT_INVALID : EXIT_OK;
  char err[512];
  if (out_dir && !fuzz_write_findings(&rep, out_dir, err, sizeof err)) {
    fprintf(stderr, "vsimp: error: fuzz: %s\n", err);
    rc = EXIT_INTERNAL;
  }
  if (report) {
    static const char *const ext[2] = {".json", ".md"};
    for (int k = 0; k < 2; k++) {
      size_t len = strlen(report) + 8;
      char *path = malloc(len);
      FILE *f = path ? (snprintf(path, len, "%s%s", report, ext[k]), fopen(path, "w")) : NULL;
      if (!f) {
        fprintf(stderr, "vsimp: error: fuzz: cannot write %s%s\n", report, ext[k]);
        rc = EXIT_INTERNAL;
      } else {
        if (k == 0) fuzz_report_json(&rep, f);
        else fuzz_report_markdown(&rep, f);
        fclose(f);
      }
      free(path);
    }
  }
  if (junit || sarif) {
    CiReport ci;
    ci_report_init(&ci, "vsimp fuzz");
    fuzz_ci_cases(&ci, &rep, out_dir);
    if (junit && !ci_write_junit_file(&ci, junit)) {
      fprintf(stderr, "vsimp: error: fuzz: cannot write %s\n", junit);
      rc = EXIT_INTERNAL;
    }
    if (sarif && !ci_write_sarif_file(&ci, sarif)) {
      fprintf(stderr, "vsimp: error: fuzz: cannot write %s\n", sarif);
      rc = EXIT_INTERNAL;
    }
    ci_report_free(&ci);
  }
  campaign_report_free(&rep);
done:
  free(files);
  free(rules);
  return rc;
}
