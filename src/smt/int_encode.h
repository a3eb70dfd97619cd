/* int_encode.h (internal to smt/): integer and bool expressions as terms of Z3's integer arithmetic.
 *
 * A second encoding of docs/semantics.md, for the integer ops only: a value of an integer dtype becomes
 * the mathematical integer it denotes (an Int term within the dtype's range), wraparound is spelled out
 * as a multiple of 2^w, and `//`, `%`, `tdiv`, `tmod` become a fresh quotient and remainder tied to
 * their operands by their defining equations. Bit-blasting a symbolic division or product costs
 * O(w^2) gates and the SAT solver cannot reason about it at 32 or 64 bits; Z3's arithmetic solver sees
 * the same facts as linear relations between a handful of product terms and proves the division rules
 * at every width in milliseconds (see rule_verify.c for how and when it is used).
 *
 * What the encoding guarantees, and all a proof relies on: every assignment of the expression's
 * variables (within their ranges) extends to an assignment of the fresh variables that satisfies the
 * side constraints (ie->side), and under such an extension every node that is *defined* (not UB) has as
 * Int value exactly its value in docs/semantics.md, and its definedness term has the same truth value
 * as in the bit-vector encoding. The side constraints are definitional: for a defined node they admit
 * exactly the intended values; for a UB division they leave the quotient free. So a query built from
 * these terms is satisfiable whenever the bit-vector query with the same structure is: its `unsat` is a
 * proof. The converse is not used (a `sat` here is handed to the bit-vector encoding, which finds and
 * states counterexamples).
 *
 * Ops outside the integer fragment (floats, bitwise ops on integers, shifts, pow but with a literal
 * exponent of at most 8, bitcast) set
 * ie->unsupported; the caller then uses the bit-vector encoding alone. */
#ifndef VSIMP_SMT_INT_ENCODE_H
#define VSIMP_SMT_INT_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <z3.h>

#include "ir/intmath.h"
#include "ir/nodemap.h"
#include "smt/encode.h"

/* A shared exact division: q and r with a == b*q + r, the remainder's sign and size fixed by `trunc`
 * (floor: r has b's sign; truncation: r has a's sign; both |r| < |b|). */
typedef struct {
  Z3_ast a, b, q, r;
  bool trunc;
} IntDiv;

typedef struct {
  Enc *e; /* term references, the failure flag and the SmtCtx */
  Z3_sort sort;
  NodeMap memo; /* node -> index into terms */
  SmtTerm *terms;
  size_t nterms, tcap;
  Z3_ast ranges; /* the variables' declared ranges */
  Z3_ast side;   /* the defining constraints of every fresh variable */
  IntDiv *divs;  /* every division so far, so that equal ones share their quotient */
  size_t ndivs, dcap;
  /* Signed divisors that are not numerals, in order of appearance (for sign case splits). */
  Z3_ast divisors[8];
  size_t ndivisors;
  bool unsupported;
  /* Facts the caller knows to hold under the query's hypotheses (the guard's top-level conjuncts),
   * which let the encoding leave out cases those hypotheses exclude. Each is an equisatisfiable
   * simplification only because the query conjoins those hypotheses; see rule_verify.c.
   *   exact: nodes whose exact value (from exact operands) fits their dtype: no wraparound term.
   *   sign:  nodes known positive (+1) or negative (-1): a division by them asserts only its case. */
  const Node *exact[16];
  size_t nexact;
  const Node *sign_node[8];
  int sign[8];
  size_t nsigns;
} IntEnc;

void ienc_init(IntEnc *ie, Enc *e);
void ienc_fini(IntEnc *ie);

/* Encodes root (an integer or bool expression): out->val is an Int term (integer dtypes) or a Bool
 * term (bool), out->def is Bool. False if unsupported or the encoding failed. */
bool ienc_expr(IntEnc *ie, Node *root, SmtTerm *out);

/* Exact integer arithmetic on Int terms, for the guard. */
Z3_ast ienc_num(IntEnc *ie, i128 v);
Z3_ast ienc_add(IntEnc *ie, Z3_ast a, Z3_ast b);
Z3_ast ienc_sub(IntEnc *ie, Z3_ast a, Z3_ast b);
Z3_ast ienc_mul(IntEnc *ie, Z3_ast a, Z3_ast b);
Z3_ast ienc_lt(IntEnc *ie, Z3_ast a, Z3_ast b);
Z3_ast ienc_le(IntEnc *ie, Z3_ast a, Z3_ast b);
/* lo <= a <= hi */
Z3_ast ienc_in(IntEnc *ie, Z3_ast a, i128 lo, i128 hi);
/* A fresh Int or Bool constant (its name starts with `prefix`). */
Z3_ast ienc_fresh(IntEnc *ie, const char *prefix, bool is_bool);
/* Exact floor (trunc = false) or truncating division of a by b: sets *q and *r (shared with every
 * other division of the same terms) and adds their defining constraints to ie->side. Defined only for
 * b != 0: the caller accounts for that. bsign: b's sign if known (+1, -1; from a numeral, or from
 * ienc_sign_of under the caller's hypotheses), else 0. */
void ienc_divmod(IntEnc *ie, Z3_ast a, Z3_ast b, int bsign, bool trunc, Z3_ast *q, Z3_ast *r);
/* The sign the caller declared for node n (ie->sign_node), or 0. */
int ienc_sign_of(const IntEnc *ie, const Node *n);

#endif
