/* prog_text.h: the program text format (docs/syntax.md, "Programs"): a parser that reports the first
 * error with its line and column, and a printer whose output parses back to the same program.
 *
 * Expressions inside programs are parsed by the .vs expression parser (text/expr_parse.h) with the
 * program's variables in scope, so they follow the .vs rules exactly (typing of literals included);
 * they print with vs_print, which writes every literal the parser could not type from the expression
 * alone with its suffix (`5_i32`), so a printed program never depends on the statement around an
 * expression to get its dtypes right. */
#ifndef VSIMP_TEXT_PROG_TEXT_H
#define VSIMP_TEXT_PROG_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/stmt.h"
#include "text/text.h"

/* True when the first token of text is the word `func` (comments and white space skipped). */
bool prog_text_is_program(const char *text, size_t len);

/* Parses a program. On failure fills *diag, sets *out to NULL and returns false. */
bool prog_parse(VsCtx *ctx, const char *filename, const char *text, size_t len, Program **out, VsDiag *diag);
bool prog_parse_file(VsCtx *ctx, const char *path, Program **out, VsDiag *diag);

/* Prints a program / one function (malloc'd; NULL when out of memory or when an expression is too
 * large to print). Blocks are indented by two spaces; an empty block prints `pass`. */
char *prog_print(const Program *p);
char *prog_print_function(const Function *f);
/* A type as written: `i32`, `tensor[[n, 64], f32]` (malloc'd). */
char *prog_print_type(const Type *t);

#endif
