/* text.h: the .vs text format (docs/syntax.md): a parser with exact error positions and a printer
 * whose output parses back to the same node. */
#ifndef VSIMP_TEXT_TEXT_H
#define VSIMP_TEXT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ir/bufdata.h"
#include "ir/node.h"
#include "ir/value.h"

/* One error, printed as `FILE:LINE:COL: error: MSG` (line and column 1-based). */
typedef struct {
  char file[256];
  int line, col;
  char msg[256];
} VsDiag;

void vs_diag_print(const VsDiag *d, FILE *out);

/* A parsed .vs file: declarations, then one expression or one case `SRC --> TGT`. */
typedef struct {
  Node **vars; /* declared variables, in declaration order (malloc'd) */
  size_t nvars;
  Node *src;
  Node *tgt; /* NULL when the file holds a single expression */
} VsFile;

/* Parses text (len bytes; need not be NUL-terminated). On failure fills *diag and returns false. */
bool vs_parse(VsCtx *ctx, const char *filename, const char *text, size_t len, VsFile *out, VsDiag *diag);
/* The largest input file any parser takes (hostile-input limit). */
#define VS_MAX_FILE_BYTES ((size_t)64 << 20)

/* Reads a whole file ("-" is standard input; at most VS_MAX_FILE_BYTES) into a malloc'd buffer (not
 * NUL-terminated). *shown (if non-NULL) is the name to report it under. On failure fills *diag (if
 * non-NULL) at 1:1 and returns false. */
bool vs_read_file(const char *path, char **buf, size_t *len, const char **shown, VsDiag *diag);

/* Reads and parses a file ("-" is standard input). A missing or unreadable file is a diagnostic too. */
bool vs_parse_file(VsCtx *ctx, const char *path, VsFile *out, VsDiag *diag);
void vs_file_free(VsFile *f);

/* Prints an expression in .vs syntax (minimal parentheses; literals carry a dtype suffix unless the
 * parser would infer the same dtype). Returns a malloc'd string, or NULL on allocation failure or when
 * the text would exceed 16 MiB (a DAG printed as a tree can be exponentially large). */
char *vs_print(const Node *n);
/* vs_print for program values with calls inside (docs/syntax.md, "Calls"): a variable named `$N` is a
 * call's hole; `hole` returns the call's text (malloc'd; NULL on failure), printed where the hole
 * stands, with a suffix `_T` where an untyped integer literal there would need one. */
typedef char *(*VsPrintHole)(void *user, const Node *hole);
char *vs_print_holes(const Node *n, VsPrintHole hole, void *user);
/* Prints declarations for the given variables followed by `SRC --> TGT` (or just SRC if tgt is NULL). */
char *vs_print_case(Node *const *vars, size_t nvars, const Node *src, const Node *tgt);
/* Parses one value of dtype dt written as a .vs literal (for NAME=VALUE arguments): `5`, `-0x80`, `1.5`,
 * `-0.0`, `true`, `inf_f32`; an untyped literal takes dt, a suffix must be dt, and `inf`, `-inf`, `nan`
 * may omit it. On failure writes a message to err (errsize bytes) and returns false. */
bool vs_parse_value(const char *text, DType dt, uint64_t *bits, char *err, size_t errsize);
/* Formats one value of dtype dt as a literal: with its suffix (`-128_i8`, `nan_f32`, `true`) when
 * `typed`, without one otherwise (bool and special floats always carry theirs). Returns buf. */
char *vs_format_literal(DType dt, uint64_t bits, bool typed, char *buf, size_t size);

/* A value of a type with `lanes` lanes (1: a scalar) for NAME=VALUE arguments: one literal (every lane),
 * or `[a, b, ...]` with one literal per lane. Writes bits[0..lanes). */
bool vs_parse_lanes_value(const char *text, DType dt, int lanes, uint64_t *bits, char *err, size_t errsize);
/* Formats lanes typed literals as `[1_i32, 2_i32]` (one lane: the literal alone). 1024 bytes hold 16
 * lanes of any dtype. Returns buf. */
char *vs_format_lanes(DType dt, int lanes, const uint64_t *bits, char *buf, size_t size);
/* Formats a value of any lane count (ir/value.h) of lane dtype dt: `UB`, `invalid`, or its lanes as
 * vs_format_lanes does. Returns buf. */
const char *vs_format_value(DType dt, const LaneValue *v, char *buf, size_t size);

/* The contents of a buffer of `size` elements of dtype dt for NAME=VALUE arguments (docs/syntax.md,
 * "Buffer values"): one literal (every element), `[a, b, ...]` with exactly `size` literals (buffers of
 * at most 65536 elements), or `{default: D, I: V, ...} of N` (any size; `of N`, if written, must be the
 * size; without a default, unlisted elements are 0). Each literal follows vs_parse_value. On success
 * *out holds the contents (free with bufdata_free); on failure *out is empty and err holds a message. */
bool vs_parse_buffer_value(const char *text, DType dt, uint64_t size, BufData *out, char *err, size_t errsize);
/* Formats buffer contents with typed literals: `[1_i32, 2_i32, ...]` when the buffer has at most 64
 * elements, else `{default: 0_i32, 3: 5_i32} of 1000` (its default and its listed elements), which
 * vs_parse_buffer_value reads back. Returns a malloc'd string, or NULL when out of memory. */
char *vs_format_buffer(DType dt, const BufData *b);

#endif
