/* vsimp gate: the release soundness gate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/conformance.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "smt/smt.h"

static const char *gate_help =
  "usage: vsimp gate [--full] [--seed N] [--json]\n"
  "\n"
  "The release soundness gate. Runs, in order, and fails on the first failing stage:\n"
  "  conformance  the evaluator and the Z3 encoding agree on every op at every dtype\n"
  "               (edge values, powers of two, random operands; --full: many more)\n"
  "Prints one line per stage and a verdict.\n"
  "exit codes: 0 pass, 1 a stage failed, 2 usage, 4 internal error\n";

int cmd_gate(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(gate_help, stdout);
    return EXIT_OK;
  }
  bool json = false, full = false;
  unsigned long long seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) json = true;
    else if (!strcmp(argv[i], "--full")) full = true;
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      char *end;
      seed = strtoull(argv[++i], &end, 10);
      if (*end || argv[i][0] == '-') return cli_usage_error("gate: bad seed '%s'", argv[i]);
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
  bool ok = conformance_run(smt, &co, &cr, stderr);
  smt_free(smt);

  if (json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "gate");
    json_string(&w, "verdict", ok ? "pass" : "fail");
    json_begin_object(&w, "conformance");
    json_bool(&w, "pass", ok);
    json_int(&w, "cases", (long long)cr.cases);
    json_int(&w, "op_dtypes", (long long)cr.op_dtypes);
    json_int(&w, "mismatches", (long long)cr.mismatches);
    json_int(&w, "flag_only", (long long)cr.unreduced);
    json_double(&w, "seconds", cr.seconds);
    json_end_object(&w);
    json_end_object(&w);
    json_finish(&w);
  } else {
    printf("conformance  %s: %zu cases over %zu op/dtype classes, %zu mismatches, %zu compared by UB flag only"
           " (uninterpreted), %.1f s\n",
           ok ? "pass" : "FAIL", cr.cases, cr.op_dtypes, cr.mismatches, cr.unreduced, cr.seconds);
    printf("gate: %s\n", ok ? "PASS" : "FAIL");
  }
  return ok ? EXIT_OK : EXIT_INVALID;
}
