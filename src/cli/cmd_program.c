/* vsimp simplify / vsimp check on program files (a file whose first token is `func`): argument
 * parsing and presentation only; the pass is src/pass, the validator smt/prog_check.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/refine_check.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "pass/prog_pass.h"
#include "verify/prog_check.h"
#include "text/prog_text.h"

static const char *prog_simplify_help =
  "usage: vsimp simplify [OPTIONS] PROGRAM.vs\n"
  "\n"
  "Runs the program Simplify pass (docs/pass.md) on every function of the file and prints the result.\n"
  "\n"
  "options:\n"
  "  --constant-only  propagate constants and remove dead bindings only (keep control flow)\n"
  "  --runs N         run the pass N times (default 1)\n"
  "  --verify         prove that the result refines the input (translation validation) and that\n"
  "                   every fold's decision holds (obligations); print the verdicts\n"
  "  --unroll N       loop iterations unrolled by --verify where a loop is not proved by induction\n"
  "                   (default 32)\n"
  "  --no-induction   --verify unrolls every loop (no loop-by-loop proof)\n"
  "  --max-fold-depth N  nested single-trip loop folds per run (default 16)\n"
  "  --stats          print what the pass did\n"
  "  --timeout MS     solver time limit for --verify (default 10000)\n"
  "  --json           print one JSON object\n"
  "exit codes: 0 ok (and, with --verify, valid), 1 --verify found the result invalid, 2 bad input or\n"
  "usage, 3 --verify unknown (a bounded proof counts as valid and is reported as bounded), 4 internal\n"
  "error\n";

bool cli_is_program_file(const char *path) {
  if (!path || !strcmp(path, "-")) return false;
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  char buf[4096];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  return prog_text_is_program(buf, n);
}

bool cli_args_name_program(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-' && cli_is_program_file(argv[i])) return true;
  return false;
}


static int verdict_rc(CheckVerdict v) {
  switch (v) {
  case CHECK_VALID: return EXIT_OK;
  case CHECK_INVALID: return EXIT_INVALID;
  case CHECK_UNKNOWN: return EXIT_UNKNOWN;
  default: return EXIT_INTERNAL;
  }
}

static void print_check(const ProgCheckResult *r, const char *prefix) {
  printf("%s%s", prefix, check_verdict_name(r->verdict));
  if (r->verdict == CHECK_VALID && r->bounded)
    printf(" (bounded: loops with symbolic trip counts checked up to %u iterations)", r->bound);
  printf("\n");
  if (r->verdict == CHECK_INVALID && r->report) fputs(r->report, stdout);
  if ((r->verdict == CHECK_UNKNOWN || r->verdict == CHECK_ERROR) && r->reason[0]) printf("reason: %s\n", r->reason);
  /* How each loop was checked (docs/pass.md, "Translation validation"). */
  for (size_t i = 0; r->verdict != CHECK_INVALID && i < r->nloops; i++) {
    const ProgLoopReport *L = &r->loops[i];
    printf("loop %s:%d:%d", L->func, L->line, L->col);
    if (L->in_target) printf(" (target only)");
    else if (L->tline) printf(" (target %d:%d)", L->tline, L->tcol);
    printf(": %s", prog_loop_method_name(L->method));
    if (L->note[0]) printf(" (%s)", L->note);
    printf("\n");
  }
}

static void json_loops(JsonWriter *w, const ProgCheckResult *r) {
  json_begin_array(w, "loops");
  for (size_t i = 0; i < r->nloops; i++) {
    const ProgLoopReport *L = &r->loops[i];
    json_begin_object(w, NULL);
    json_string(w, "function", L->func);
    json_string(w, "side", L->in_target ? "target" : "source");
    json_int(w, "line", L->line);
    json_int(w, "col", L->col);
    if (L->tline) {
      json_int(w, "target_line", L->tline);
      json_int(w, "target_col", L->tcol);
    }
    json_string(w, "method", prog_loop_method_name(L->method));
    if (L->note[0]) json_string(w, "note", L->note);
    json_end_object(w);
  }
  json_end_array(w);
}

static bool parse_count(const char *s, unsigned long max, unsigned long *out) {
  char *end;
  if (!s || !*s || s[0] == '-') return false;
  unsigned long v = strtoul(s, &end, 10);
  if (*end || v > max) return false;
  *out = v;
  return true;
}

int cmd_program_simplify(int argc, char **argv) {
  static const char cmd[] = "simplify";
  if (cli_wants_help(argc, argv)) {
    fputs(prog_simplify_help, stdout);
    return EXIT_OK;
  }
  CliCommon c = {.timeout_ms = 10000};
  bool verify = false, stats = false, const_only = false, no_induction = false;
  unsigned long runs = 1, unroll = 32, depth = 16;
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    int r = cli_common_option(&c, argc, argv, &i);
    if (r < 0) return EXIT_USAGE;
    if (r > 0) continue;
    const char *a = argv[i];
    if (!strcmp(a, "--verify")) verify = true;
    else if (!strcmp(a, "--stats")) stats = true;
    else if (!strcmp(a, "--constant-only")) const_only = true;
    else if (!strcmp(a, "--no-induction")) no_induction = true;
    else if (!strcmp(a, "--runs") || !strcmp(a, "--unroll") || !strcmp(a, "--max-fold-depth")) {
      unsigned long *dst = !strcmp(a, "--runs") ? &runs : !strcmp(a, "--unroll") ? &unroll : &depth;
      if (i + 1 >= argc || !parse_count(argv[i + 1], 100000, dst) || *dst == 0)
        return cli_usage_error("simplify: %s needs a positive number", a);
      i++;
    } else if (a[0] == '-' && a[1]) {
      return cli_usage_error("simplify: unknown option '%s' for a program", a);
    } else if (path) {
      return cli_usage_error("simplify: one input file, please");
    } else {
      path = a;
    }
  }
  if (!path) return cli_usage_error("simplify: no input file (see vsimp simplify --help)");

  VsCtx *ctx = vs_ctx_new();
  Catalog *cat = catalog_new();
  Program *prog = NULL, *cur = NULL;
  Program **outs = calloc(runs, sizeof *outs);
  VsDiag d;
  int rc = EXIT_USAGE;
  PassResult res = {0};
  if (!ctx || !cat || !outs) {
    rc = EXIT_INTERNAL;
    goto done;
  }
  if (!catalog_load_builtin(cat, &d)) {
    vs_diag_print(&d, stderr);
    rc = EXIT_INTERNAL;
    goto done;
  }
  catalog_apply_builtin_ledger(cat);
  if (!prog_parse_file(ctx, path, &prog, &d)) {
    rc = cli_input_error(cmd, &d, c.json);
    goto done;
  }
  PassOptions po = {.constant_only = const_only, .obligations = verify, .max_fold_depth = (unsigned)depth, .cat = cat};
  cur = prog;
  for (unsigned long k = 0; k < runs; k++) {
    res.depth_capped = false; /* reported for the last run */
    outs[k] = pass_simplify_program(cur, &po, &res);
    if (!outs[k]) {
      fprintf(stderr, "vsimp: error: the pass failed: %s\n", res.error);
      rc = EXIT_INTERNAL;
      goto done;
    }
    cur = outs[k];
  }
  char *text = prog_print(cur);
  if (!text) {
    fprintf(stderr, "vsimp: error: the result is too large to print\n");
    rc = EXIT_INTERNAL;
    goto done;
  }
  ProgCheckResult tv = {0};
  size_t obl_ok = 0, obl_bad = 0, obl_unknown = 0;
  CheckVerdict overall = CHECK_VALID;
  if (verify) {
    SmtOptions so = {.timeout_ms = c.timeout_ms, .rlimit = c.rlimit, .smt2_path = c.smt2_path};
    SmtCtx *smt = smt_new(&so);
    ProgCheckOptions co = {.unroll = (unsigned)unroll, .no_induction = no_induction, .links = res.links,
                           .nlinks = res.nlinks};
    tv = prog_check_program(smt, &co, prog, cur);
    for (size_t i = 0; i < res.nobligations; i++) {
      CheckVerdict v = prog_check_obligation(smt, &res.obligations[i], NULL, 0);
      if (v == CHECK_VALID) obl_ok++;
      else if (v == CHECK_INVALID) obl_bad++;
      else obl_unknown++;
    }
    smt_free(smt);
    overall = tv.verdict;
    if (overall == CHECK_VALID && obl_bad) overall = CHECK_INVALID;
    else if (overall == CHECK_VALID && obl_unknown) overall = CHECK_UNKNOWN;
  }
  if (c.json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "simplify");
    json_string(&w, "result", text);
    json_int(&w, "ifs_folded", (long long)res.ifs_folded);
    json_int(&w, "loops_removed", (long long)res.loops_removed);
    json_int(&w, "loops_unrolled", (long long)res.loops_unrolled);
    json_int(&w, "whiles_removed", (long long)res.whiles_removed);
    json_int(&w, "bindings_removed", (long long)res.bindings_removed);
    json_int(&w, "slots_pruned", (long long)res.slots_pruned);
    json_bool(&w, "depth_capped", res.depth_capped);
    if (verify) {
      json_string(&w, "verdict", check_verdict_name(overall));
      json_bool(&w, "bounded", tv.bounded);
      if (tv.bounded) json_int(&w, "bound", tv.bound);
      json_int(&w, "obligations", (long long)res.nobligations);
      json_int(&w, "obligations_proved", (long long)obl_ok);
      if (tv.report) json_string(&w, "counterexample", tv.report);
      if (tv.reason[0]) json_string(&w, "reason", tv.reason);
      json_loops(&w, &tv);
    }
    json_end_object(&w);
    json_finish(&w);
  } else {
    fputs(text, stdout);
    if (stats)
      printf("stats: %zu if folded, %zu loops removed, %zu single-trip loops unrolled, %zu while removed, "
             "%zu bindings removed, %zu yield slots pruned, %zu views folded, %zu values kept around their calls%s\n",
             res.ifs_folded, res.loops_removed, res.loops_unrolled, res.whiles_removed, res.bindings_removed,
             res.slots_pruned, res.views_folded, res.call_spines,
             res.depth_capped ? " (nesting cap reached: run again to fold deeper loops)" : "");
    if (verify) {
      print_check(&tv, "verify: ");
      printf("obligations: %zu proved, %zu refuted, %zu unknown\n", obl_ok, obl_bad, obl_unknown);
    }
  }
  free(text);
  rc = verify ? verdict_rc(overall) : EXIT_OK;
  prog_check_result_free(&tv);
done:
  pass_result_free(&res);
  for (unsigned long k = runs; outs && k-- > 0;) prog_free(outs[k]);
  free(outs);
  prog_free(prog);
  catalog_free(cat);
  vs_ctx_free(ctx);
  return rc;
}

static const char *prog_check_help =
  "usage: vsimp check [OPTIONS] SRC.vs TGT.vs   (program files)\n"
  "\n"
  "Proves that the target program refines the source (docs/pass.md, \"Translation validation\"): for\n"
  "every parameter assignment within the declared ranges on which the source has no UB, the target\n"
  "has no UB, performs the same calls with the same arguments, and returns the same values. Functions\n"
  "are paired by name. Loops are paired and proved loop by loop, by induction on an arbitrary\n"
  "iteration; a loop that does not pair, or whose induction fails, is unrolled instead (a loop whose\n"
  "trip count is symbolic up to the unrolling bound, and the proof is then reported as bounded). The\n"
  "method of each loop is printed.\n"
  "\n"
  "options:\n"
  "  --unroll N       loop iterations unrolled where a loop is not proved by induction (default 32)\n"
  "  --no-induction   unroll every loop\n"
  "  --timeout MS     solver time limit (default 10000)\n"
  "  --json           print one JSON object\n"
  "exit codes: 0 valid (possibly bounded), 1 invalid, 2 bad input or usage, 3 unknown, 4 internal error\n";

int cmd_program_check(int argc, char **argv) {
  static const char cmd[] = "check";
  if (cli_wants_help(argc, argv)) {
    fputs(prog_check_help, stdout);
    return EXIT_OK;
  }
  CliCommon c = {.timeout_ms = 10000};
  unsigned long unroll = 32;
  bool no_induction = false;
  const char *files[2];
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    int r = cli_common_option(&c, argc, argv, &i);
    if (r < 0) return EXIT_USAGE;
    if (r > 0) continue;
    if (!strcmp(argv[i], "--unroll")) {
      if (i + 1 >= argc || !parse_count(argv[i + 1], 100000, &unroll) || !unroll)
        return cli_usage_error("check: --unroll needs a positive number");
      i++;
      continue;
    }
    if (!strcmp(argv[i], "--no-induction")) {
      no_induction = true;
      continue;
    }
    if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("check: unknown option '%s' for programs", argv[i]);
    if (nfiles == 2) return cli_usage_error("check: give two program files, SRC and TGT");
    files[nfiles++] = argv[i];
  }
  if (nfiles != 2) return cli_usage_error("check: programs are checked as two files, SRC.vs TGT.vs");
  VsCtx *ctx = vs_ctx_new();
  Program *a = NULL, *b = NULL;
  VsDiag d;
  int rc = EXIT_USAGE;
  if (!prog_parse_file(ctx, files[0], &a, &d) || !prog_parse_file(ctx, files[1], &b, &d)) {
    rc = cli_input_error(cmd, &d, c.json);
    goto done;
  }
  SmtOptions so = {.timeout_ms = c.timeout_ms, .rlimit = c.rlimit, .smt2_path = c.smt2_path};
  SmtCtx *smt = smt_new(&so);
  ProgCheckOptions co = {.unroll = (unsigned)unroll, .no_induction = no_induction};
  ProgCheckResult r = prog_check_program(smt, &co, a, b);
  smt_free(smt);
  if (r.verdict == CHECK_ERROR && r.input_error) {
    snprintf(d.file, sizeof d.file, "%s", files[1]);
    d.line = d.col = 1;
    snprintf(d.msg, sizeof d.msg, "%s", r.reason);
    rc = cli_input_error(cmd, &d, c.json);
    prog_check_result_free(&r);
    goto done;
  }
  if (c.json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "check");
    json_string(&w, "verdict", check_verdict_name(r.verdict));
    json_bool(&w, "bounded", r.bounded);
    if (r.bounded) json_int(&w, "bound", r.bound);
    json_double(&w, "seconds", r.seconds);
    json_int(&w, "queries", r.queries);
    if (r.report) json_string(&w, "counterexample", r.report);
    if (r.reason[0]) json_string(&w, "reason", r.reason);
    json_loops(&w, &r);
    json_end_object(&w);
    json_finish(&w);
  } else {
    print_check(&r, "");
  }
  rc = verdict_rc(r.verdict);
  prog_check_result_free(&r);
done:
  prog_free(b);
  prog_free(a);
  vs_ctx_free(ctx);
  return rc;
}
