/* guard_arith.h: the exact integer arithmetic of rule guards (docs/rules.md, "Guards"), one definition
 * for the engine that decides a guard (rewrite/guard.c) and the concrete search that evaluates it at
 * points (verify/rule_concrete.c). The SMT encodings of the same operations are in verify/rule_verify.c. */
#ifndef VSIMP_RULES_GUARD_ARITH_H
#define VSIMP_RULES_GUARD_ARITH_H

#include <stdbool.h>

#include "rules/rule.h"

/* Is k an operation of one operand (abs, pow2)? */
bool guard_arith_unary(GuardKind k);
/* The exact value of operation k (G_ADD .. G_POW2) on a, and b for the binary ones, into *out. False
 * where the operation is undefined, which makes the guard false: a division by zero, a result or an
 * operand beyond what i128 holds exactly, pow2 outside 0 <= e <= 64. */
bool guard_arith(GuardKind k, i128 a, i128 b, i128 *out);

#endif
