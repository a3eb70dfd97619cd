/* vsimp simplify FILE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/refine_check.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "smt/smt.h"
#include "text/text.h"

static const char *simplify_help =
  "usage: vsimp simplify [OPTIONS] FILE\n"
  "\n"
  "Simplifies the expression in FILE with the proved rule catalog and prints the result. Declared\n"
  "ranges (`n: index in [0, 7]`) feed the range analysis. A file whose first token is `func` holds a\n"
  "program: the program Simplify pass runs instead (`vsimp simplify --help PROGRAM.vs`, docs/pass.md).\n"
  "\n"
  "options:\n"
  "  --trace          print each rule application: rule, before, after\n"
  "  --verify         check the result against the input with Z3 and print the verdict\n"
  "  --stats          print node counts and rules fired\n"
  "  --matcher M      `full` (default) or `simple`\n"
  "  --rules FILE     add the rules of FILE (they fire where FILE.ledger records proofs;\n"
  "                   `vsimp rules verify --rules FILE` writes it); may be repeated\n"
  "  --budget N       rule applications allowed (default 1000000)\n"
  "  --timeout MS     solver time limit for --verify (default 10000)\n"
  "  --json           print one JSON object\n"
  "exit codes: 0 ok (and, with --verify, valid), 1 --verify found the result invalid, 2 bad input or\n"
  "usage, 3 --verify unknown, 4 internal error\n";

/* Loads user rule files and their ledgers (FILE.ledger, if present). */
int cli_load_user_rules(const char *command, Catalog *cat, const char *const *files, int nfiles, bool json) {
  for (int i = 0; i < nfiles; i++) {
    VsDiag d;
    if (!catalog_load_file(cat, files[i], &d)) return cli_input_error(command, &d, json);
    char path[4096];
    snprintf(path, sizeof path, "%s.ledger", files[i]);
    char *buf;
    size_t len;
    if (!vs_read_file(path, &buf, &len, NULL, NULL)) continue; /* no ledger yet: nothing proved */
    if (buf) catalog_apply_ledger(cat, buf, len);
    free(buf);
  }
  return EXIT_OK;
}

static void print_node(FILE *out, const Node *n) {
  char *s = vs_print(n);
  fputs(s ? s : "<too large to print>", out);
  free(s);
}

int cmd_simplify(int argc, char **argv) {
  if (cli_args_name_program(argc, argv)) return cmd_program_simplify(argc, argv); /* programs: cmd_program.c */
  if (cli_wants_help(argc, argv)) {
    fputs(simplify_help, stdout);
    return EXIT_OK;
  }
  CliCommon c = {.timeout_ms = 10000};
  bool trace = false, verify = false, stats = false, simple = false;
  unsigned long long budget = 0;
  const char *path = NULL;
  const char *rule_files[64];
  int nrule_files = 0;
  for (int i = 1; i < argc; i++) {
    int r = cli_common_option(&c, argc, argv, &i);
    if (r < 0) return EXIT_USAGE;
    if (r > 0) continue;
    const char *a = argv[i];
    if (!strcmp(a, "--trace")) trace = true;
    else if (!strcmp(a, "--verify")) verify = true;
    else if (!strcmp(a, "--stats")) stats = true;
    else if (!strcmp(a, "--matcher") && i + 1 < argc) {
      const char *m = argv[++i];
      if (!strcmp(m, "simple")) simple = true;
      else if (strcmp(m, "full")) return cli_usage_error("simplify: unknown matcher '%s' (simple or full)", m);
    } else if (!strcmp(a, "--rules") && i + 1 < argc) {
      if (nrule_files == 64) return cli_usage_error("simplify: too many --rules files");
      rule_files[nrule_files++] = argv[++i];
    } else if (!strcmp(a, "--budget") && i + 1 < argc) {
      char *end;
      budget = strtoull(argv[++i], &end, 10);
      if (*end || !budget || argv[i][0] == '-') return cli_usage_error("simplify: bad budget '%s'", argv[i]);
    } else if (a[0] == '-' && a[1]) {
      return cli_usage_error("simplify: unknown option '%s'", a);
    } else if (path) {
      return cli_usage_error("simplify: one input file, please");
    } else {
      path = a;
    }
  }
  if (!path) return cli_usage_error("simplify: no input file (see vsimp simplify --help)");

  VsCtx *ctx = vs_ctx_new();
  Catalog *cat = catalog_new();
  VsFile f = {0};
  VsDiag d;
  int rc = EXIT_USAGE;
  if (!catalog_load_builtin(cat, &d)) {
    vs_diag_print(&d, stderr);
    rc = EXIT_INTERNAL;
    goto done;
  }
  catalog_apply_builtin_ledger(cat);
  if ((rc = cli_load_user_rules("simplify", cat, rule_files, nrule_files, c.json)) != EXIT_OK) goto done;
  rc = EXIT_USAGE;
  if (!vs_parse_file(ctx, path, &f, &d)) {
    rc = cli_input_error("simplify", &d, c.json);
    goto done;
  }
  if (f.tgt) {
    snprintf(d.file, sizeof d.file, "%s", path);
    d.line = d.col = 1;
    snprintf(d.msg, sizeof d.msg, "simplify takes one expression, not a case (use vsimp check)");
    rc = cli_input_error("simplify", &d, c.json);
    goto done;
  }
  RewriteOptions ro = {.simple = simple, .budget = budget, .trace = trace};
  Rewriter *rw = rewriter_new(ctx, cat, &ro);
  Node *out = rw ? rewriter_simplify(rw, f.src) : NULL;
  if (!out) {
    fprintf(stderr, "vsimp: error: simplification failed: %s\n", vs_ctx_error(ctx));
    rewriter_free(rw);
    rc = EXIT_INTERNAL;
    goto done;
  }
  const RewriteStats *st = rewriter_stats(rw);
  CheckResult cr = {0};
  if (verify) {
    SmtOptions so = {.timeout_ms = c.timeout_ms, .rlimit = c.rlimit, .smt2_path = c.smt2_path};
    SmtCtx *smt = smt_new(&so);
    CheckOptions co = {.exhaustive_limit = 65536};
    cr = check_refinement(smt, &co, NULL, f.src, out);
    smt_free(smt);
  }
  size_t ntrace;
  const TraceStep *steps = rewriter_trace(rw, &ntrace);
  if (c.json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "simplify");
    char *s = vs_print(out);
    json_string(&w, "result", s);
    free(s);
    json_string(&w, "dtype", dt_name((DType)out->dtype));
    if (verify) json_string(&w, "verdict", check_verdict_name(cr.verdict));
    json_int(&w, "applications", (long long)st->applications);
    json_bool(&w, "budget_exhausted", st->budget_exhausted);
    json_int(&w, "nodes_in", (long long)vs_tree_size(f.src));
    json_int(&w, "nodes_out", (long long)vs_tree_size(out));
    if (trace) {
      json_begin_array(&w, "trace");
      for (size_t i = 0; i < ntrace; i++) {
        json_begin_object(&w, NULL);
        json_string(&w, "rule", steps[i].name);
        char *b = vs_print(steps[i].before), *a = vs_print(steps[i].after);
        json_string(&w, "before", b);
        json_string(&w, "after", a);
        free(b);
        free(a);
        json_end_object(&w);
      }
      json_end_array(&w);
    }
    json_end_object(&w);
    json_finish(&w);
  } else {
    for (size_t i = 0; trace && i < ntrace; i++) {
      printf("%-22s ", steps[i].name);
      print_node(stdout, steps[i].before);
      printf("  ->  ");
      print_node(stdout, steps[i].after);
      printf("\n");
    }
    print_node(stdout, out);
    printf("\n");
    if (stats) {
      printf("stats: nodes in %zu, nodes out %zu, rule applications %llu%s\n", vs_tree_size(f.src),
             vs_tree_size(out), (unsigned long long)st->applications,
             st->budget_exhausted ? " (budget exhausted: the result is sound but may not be fully simplified)" : "");
      for (size_t i = 0; i < catalog_rule_count(cat); i++) {
        const Rule *r = catalog_rule(cat, i);
        if (r->fired) printf("  fired %-24s %llu\n", r->name, (unsigned long long)r->fired);
      }
    }
    if (verify) {
      printf("verify: %s\n", check_verdict_name(cr.verdict));
      if (cr.verdict == CHECK_UNKNOWN || cr.verdict == CHECK_ERROR) printf("reason: %s\n", cr.reason);
    }
  }
  if (st->budget_exhausted) fprintf(stderr, "vsimp: warning: rule budget exhausted\n");
  rc = EXIT_OK;
  if (verify) {
    rc = cr.verdict == CHECK_VALID ? EXIT_OK : cr.verdict == CHECK_INVALID ? EXIT_INVALID
         : cr.verdict == CHECK_UNKNOWN ? EXIT_UNKNOWN : EXIT_INTERNAL;
    check_result_free(&cr);
  }
  rewriter_free(rw);
done:
  vs_file_free(&f);
  catalog_free(cat);
  vs_ctx_free(ctx);
  return rc;
}
