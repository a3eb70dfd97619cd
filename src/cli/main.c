/* vsimp: command-line entry. Dispatches to one subcommand per file (cmd_*.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "text/text.h"

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} commands[] = {
  {"check", cmd_check, "prove or refute that a target expression refines a source expression"},
  {"eval", cmd_eval, "evaluate an expression at given variable values"},
  {"simplify", cmd_simplify, "simplify an expression with the proved rule catalog"},
  {"rules", cmd_rules, "list the rule catalog, or prove it (rules verify)"},
  {"gate", cmd_gate, "the release soundness gate (conformance, rule proofs, ...)"},
  {"fuzz", cmd_fuzz, "a fuzz campaign against the simplifier, or a replay of fuzz inputs"},
};

static void usage(FILE *out) {
  fprintf(out, "usage: vsimp COMMAND [OPTIONS] ...\n\ncommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
  fprintf(out,
          "\n`vsimp COMMAND --help` describes a command. Every command takes --json.\n"
          "exit codes: 0 ok/valid, 1 invalid/failure, 2 bad input or usage, 3 unknown, 4 internal error\n");
}

int cli_usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("vsimp: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return EXIT_USAGE;
}

int cli_input_error(const char *command, const VsDiag *d, bool json) {
  vs_diag_print(d, stderr);
  if (json) {
    JsonWriter w;
    char where[600];
    snprintf(where, sizeof where, "%s:%d:%d", d->file, d->line, d->col);
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", command);
    json_string(&w, "verdict", "error");
    json_string(&w, "where", where);
    json_string(&w, "error", d->msg);
    json_end_object(&w);
    json_finish(&w);
  }
  return EXIT_USAGE;
}

bool cli_wants_help(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
  return false;
}

static bool parse_uint(const char *s, unsigned long max, unsigned long *out) {
  if (!s || !*s) return false;
  char *end;
  unsigned long v = strtoul(s, &end, 10);
  if (*end || s[0] == '-' || v > max) return false;
  *out = v;
  return true;
}

int cli_common_option(CliCommon *c, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  unsigned long v;
  if (!strcmp(a, "--json")) {
    c->json = true;
    return 1;
  }
  const char *names[] = {"--timeout", "--rlimit", "--smt2", "-j", "--jobs"};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    if (strcmp(a, names[k])) continue;
    if (*i + 1 >= argc) {
      cli_usage_error("%s needs a value", a);
      return -1;
    }
    const char *val = argv[++*i];
    if (k == 2) {
      c->smt2_path = val;
      return 1;
    }
    if (!parse_uint(val, k == 0 ? 86400000ul : 4000000000ul, &v) || (k >= 3 && (v < 1 || v > 256))) {
      cli_usage_error("bad value for %s: '%s'", a, val);
      return -1;
    }
    if (k == 0) c->timeout_ms = (unsigned)v;
    else if (k == 1) c->rlimit = (unsigned)v;
    else c->jobs = (int)v;
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return EXIT_OK;
  }
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--version")) {
      printf("vsimp %s\n", VSIMP_VERSION);
      return EXIT_OK;
    }
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
  cli_usage_error("unknown command '%s' (see vsimp --help)", argv[1]);
  return EXIT_USAGE;
}
