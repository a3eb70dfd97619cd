/* rule_parse.h (internal to src/rules): the rule DSL parser (docs/rules.md). */
#ifndef VSIMP_RULES_RULE_PARSE_H
#define VSIMP_RULES_RULE_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/arena.h"
#include "rules/rule.h"
#include "text/text.h"

/* Called for each rule parsed from a file, fully typed. Returns false to stop (with *diag set). */
typedef bool (*RuleSink)(void *ud, Rule *r, VsDiag *diag);

/* Parses a whole rule file. Pat/Guard/strings are allocated in arena. `name` is the file name for
 * diagnostics; the default family is its base name without extension. */
bool rules_parse(Arena *arena, const char *name, const char *text, size_t len, RuleSink sink, void *ud,
                 VsDiag *diag);

/* Infers the type classes of a parsed rule (sets Pat.tclass, Rule.nclasses, class_fixed, nfree,
 * free_class, slot_class) and its commutative variants. False with a message on a typing error. */
bool rule_infer_types(Arena *arena, Rule *r, char *msg, size_t size, int *line, int *col);

/* Whether terms a and b are the same tree (ops, literals, variables, lane counts); with `bindings`,
 * their operations' @-bindings too (rule_typing.c). */
bool pat_same(const Pat *a, const Pat *b, bool bindings);

/* rule_steps.c: finds each proof step's term in the pattern as the steps before it left it and builds
 * the patterns after each step (Rule.step_before); the steps must be typed already. False with a
 * message where a step's term is not a subterm there, binds a name, or changes its type. */
bool rule_resolve_steps(Arena *arena, Rule *r, char *msg, size_t size, int *line, int *col);

#endif
