/* cli.h: what the subcommands share. The CLI only parses arguments, calls the library and presents
 * results; every decision about expressions is made in the library. */
#ifndef VSIMP_CLI_CLI_H
#define VSIMP_CLI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "text/text.h"

/* Exit codes, documented in the README. */
enum {
  EXIT_OK = 0,       /* success; `check`: valid */
  EXIT_INVALID = 1,  /* `check`: invalid; `gate`, `rules verify`: a failure was found */
  EXIT_USAGE = 2,    /* bad input or bad usage */
  EXIT_UNKNOWN = 3,  /* `check`: the solver could not decide */
  EXIT_INTERNAL = 4, /* internal error: the two oracles disagree, or the solver failed */
};

typedef struct {
  bool json;
  unsigned timeout_ms;
  unsigned rlimit;
  const char *smt2_path;
  int jobs;
} CliCommon;

/* Parses an option shared by several commands at argv[*i] (advancing *i past a value); returns
 * 1 if consumed, 0 if not a common option, -1 on a bad value (after printing an error). */
int cli_common_option(CliCommon *c, int argc, char **argv, int *i);
/* Prints `vsimp: error: MSG` (usage errors with no file position). Returns EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Bad input: prints the diagnostic's one line on stderr and, with --json, one object
 * {"command", "verdict": "error", "where": "FILE:LINE:COL", "error"} on stdout. Returns EXIT_USAGE. */
int cli_input_error(const char *command, const VsDiag *d, bool json);
bool cli_wants_help(int argc, char **argv);

int cmd_check(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_gate(int argc, char **argv);
int cmd_simplify(int argc, char **argv);
int cmd_rules(int argc, char **argv);
/* Program files (first token `func`): cmd_program.c. */
bool cli_is_program_file(const char *path);
/* True if some non-option argument names a program file: then simplify/check run the program forms. */
bool cli_args_name_program(int argc, char **argv);
int cmd_program_simplify(int argc, char **argv);
int cmd_program_check(int argc, char **argv);
int cmd_fuzz(int argc, char **argv);

/* Loads user rule files (--rules) into cat, with their proofs from FILE.ledger when present. */
struct Catalog;
int cli_load_user_rules(const char *command, struct Catalog *cat, const char *const *files, int nfiles, bool json);

#endif
