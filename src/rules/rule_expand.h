/* rule_expand.h: rule records with parameters (docs/rules.md, "Parameters").
 *
 * One fact about vectors holds at every lane count, but a rule's lane counts are fixed by its text. A
 * record may end with a `for` clause that names integer parameters and their values,
 *     rule gep_bcast : gep(bcast(x, N), K) => x      for N in 2 3 4 8 16, K in 0..N-1
 * and then stands for one rule per combination of values (a later parameter's range may use the
 * earlier ones), named NAME_V1_V2... In its text a parameter name is its value, `{EXPR}` is the value of
 * an integer expression over the parameters (+, -, *, parentheses), and `{ITEM for I in A..B}` is the
 * comma-separated list of ITEM for I from A to B (ITEM may use I and nest braces):
 *     rule vec_splat : vec({x for I in 1..N}) => bcast(x, N)     for N in 2 3 4 8 16
 * Each instance is an ordinary rule, proved and recorded in the ledger under its own name. */
#ifndef VSIMP_RULES_RULE_EXPAND_H
#define VSIMP_RULES_RULE_EXPAND_H

#include <stdbool.h>
#include <stddef.h>

/* One instance: its text (without the `for` clause) and the suffix of its name ("_2_0"; "" for a
 * record without parameters). Returns false to stop. */
typedef bool (*RuleInstanceFn)(void *ud, const char *text, size_t len, const char *suffix);

/* Expands the record text[0..len) into its instances, in order. A record without a `for` clause is
 * passed through unchanged. On a malformed clause or body writes a message to err and returns false;
 * also returns false when fn does. At most 4 parameters and 4096 instances per record. */
bool rule_expand(const char *text, size_t len, RuleInstanceFn fn, void *ud, char *err, size_t errlen);

#endif
