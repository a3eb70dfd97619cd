/* rule_import.h: other simplifiers' rewrite rules as rules of the DSL (`vsimp rules import`,
 * docs/audit.md).
 *
 * Halide writes its rules as C++ calls `rewrite(pattern, result)` and `rewrite(pattern, result,
 * predicate)` in src/Simplify_*.cpp; TVM as `TVM_TRY_REWRITE(pattern, result)`, `TVM_TRY_REWRITE_IF(
 * pattern, result, condition)` and their RECURSIVE forms in src/arith/rewrite_simplify.cc. The importer
 * reads those calls and little of the C++ around them: of Halide's, a conjunct `denominator_non_zero &&`
 * in the chain before a call (a guard that the divisor's bounds exclude 0) and an un-negated
 * `is_float() &&` (the call is float-only: untranslated); the `if`s and other type tests around a call
 * (`no_overflow(op->type)`, `ty.is_int()`), which restrict it to some types, are not seen. It
 * translates each call into a DSL rule with the op meanings of the peer (Halide's integer `/`
 * and `%` are Euclidean: ediv, emod; TVM's `/`, `%`, div, truncdiv, truncmod are truncating, floordiv and
 * floormod floor), and writes
 *
 *   # FILE:LINE
 *   rule halide_add_43 : PATTERN => TEMPLATE where GUARD
 *   rule halide_add_43_nsw : the same with every + - * and unary - marked nsw
 *
 * The guard restricts every variable to integers other than index (the widths the peers use: i8 to
 * i64, u8 to u64). Halide's pattern divides by a constant cN only where cN != 0: its Div and Mod
 * visitors rewrite `x / 0` and `x % 0` to 0 before any such rule, and operands are simplified first.
 * A fact the peer's simplifier proves (Halide's can_prove(e), TVM's CanProve, CanProveGreaterEqual,
 * CanProveLess, CanProveEqual) becomes a guard that implies it: interval arithmetic over the
 * variables' vmin/vmax and the constants, with every + - * of the fact required not to overflow;
 * stronger than the peer's condition, never weaker (docs/audit.md, Method). What cannot be translated
 * is written as a comment `# untranslated FILE:LINE: REASON: TEXT`, never dropped. Every
 * written rule was parsed and typed by the rule DSL first. */
#ifndef VSIMP_VERIFY_RULE_IMPORT_H
#define VSIMP_VERIFY_RULE_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { IMPORT_HALIDE, IMPORT_TVM } ImportPeer;

typedef struct {
  size_t calls;        /* rewrite calls found (a `matches_one_of` counts once) */
  size_t alternatives; /* rules they state (one per `matches_one_of` alternative) */
  size_t translated;   /* alternatives written as rules (each twice: wraparound and nsw) */
  size_t untranslated; /* alternatives written as `# untranslated` comments */
} ImportStats;

/* The peer named NAME ("halide", "tvm"); false for another name. */
bool rule_import_peer(const char *name, ImportPeer *out);

/* Appends the translation of the rewrite calls in src (the text of the file `path`, named so in the
 * output) to out, and adds to *st. With header, first writes the `family` record the rules need. False
 * only when out of memory or when out fails. */
bool rule_import(ImportPeer peer, const char *path, const char *src, size_t len, bool header, FILE *out,
                 ImportStats *st);

#endif
