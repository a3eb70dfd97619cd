/* expr_parse.h (internal to src/text): the expression parser of parse.c, exposed for the program parser
 * (prog_parse.c), which parses expressions inside statements with program variables in scope.
 *
 * The two parsers share one token stream: an ExprStream is a lexer plus its current and lookahead
 * tokens (the current one is never TK_ERROR; the lookahead may be, and is reported when it becomes
 * current). vs_parse_expr_stream parses one expression starting at the current token, up to the first
 * token that cannot continue it (exactly as the .vs parser does before `-->` or the end of the file),
 * and leaves that token current. Names are resolved by the caller's lookup instead of declarations.
 * Typing is the .vs typing (docs/syntax.md): `expect` is the dtype the context gives untyped literals
 * (a declared variable's dtype, a sibling's), or -1 for the default (index, or f32 with a float
 * literal). *flexible (may be NULL) tells whether the expression had no dtype of its own, in which case
 * a caller that learns its context later re-parses it from a saved stream with that dtype. */
#ifndef VSIMP_TEXT_EXPR_PARSE_H
#define VSIMP_TEXT_EXPR_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/node.h"
#include "text/lexer.h"
#include "text/text.h"

typedef struct {
  Lexer lx;
  Token tok, next;
} ExprStream;

/* Resolves a variable name (len bytes at s): its node, or NULL with a message in msg. */
typedef Node *(*ExprLookup)(void *user, const char *s, size_t len, char *msg, size_t msgsize);

bool vs_parse_expr_stream(VsCtx *ctx, const char *file, ExprStream *st, ExprLookup lookup, void *user, int expect,
                          Node **out, bool *flexible, VsDiag *diag);

/* Calls of program functions inside expressions (docs/syntax.md, "Calls"): `NAME(` where NAME is no
 * function, cast or word of the expression syntax. `parse` is given the stream at NAME and parses the
 * whole call (arguments, and a dtype suffix `_T` right after its ')'), leaving the stream after it; it
 * returns an id for the call and the suffix's dtype in *dt (-1 without one). On failure it returns
 * false, with a message in msg, or an empty msg when it has reported the error itself. A call without
 * a suffix is typed like an untyped integer literal: by its context, index by default; `hole` then
 * gives the node that stands for call `id`'s result at dtype dt (NULL with a message on failure). */
typedef struct {
  bool (*parse)(void *user, ExprStream *st, uint32_t *id, int *dt, char *msg, size_t msgsize);
  Node *(*hole)(void *user, uint32_t id, int dt, char *msg, size_t msgsize);
} ExprCallHooks;

bool vs_parse_expr_stream_calls(VsCtx *ctx, const char *file, ExprStream *st, ExprLookup lookup, void *user,
                                const ExprCallHooks *calls, int expect, Node **out, bool *flexible, VsDiag *diag);

/* True for the names the expression syntax reserves (dtype and function names, true, false, inf, nan,
 * in, bitcast_*, inf_*, nan_*). */
bool vs_is_reserved_name(const char *s, size_t len);

#endif
