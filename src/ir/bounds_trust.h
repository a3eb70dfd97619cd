/* bounds_trust.h: which transfer functions of the range analysis are proved at which dtype.
 *
 * Each case of bounds_transfer() (ir/bounds.c) rests on range-analysis lemmas (src/rules/bounds.rules).
 * A case is applied at a dtype only if every admissible instance of its lemmas that involves that
 * dtype is proved in the built-in proof ledger for the lemma's current text; otherwise the node gets
 * its dtype's full range, which needs no proof. So a bound that a fold relies on is never one whose
 * lemma is `unknown` (the pow lemmas at 16 bits and up, which the solver does not decide).
 *
 * Which cases are proved is decided when the ledger is written, not when a node is built: the table
 * below is generated from the catalog and the ledger (`vsimp rules bounds-table`, run by `make docs`;
 * src/verify/bounds_trust_derive.c) and compiled in, and a test fails while it is stale. Building a
 * node therefore needs neither the rule parser nor the ledger nor a solver. */
#ifndef VSIMP_IR_BOUNDS_TRUST_H
#define VSIMP_IR_BOUNDS_TRUST_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/dtype.h"
#include "ir/op.h"

/* Per op: bit dt set when op's transfer function may be used at dtype dt (the operands' dtype for
 * comparisons). Generated: src/ir/bounds_trust_table.c. */
extern const uint16_t vs_bounds_trust[OP_COUNT];
#define VS_BOUNDS_ALL_DTYPES ((uint16_t)((1u << DT_COUNT) - 1))

static inline bool bounds_trusted(Op op, DType dt) {
  return (unsigned)op < OP_COUNT && (unsigned)dt < DT_COUNT && (vs_bounds_trust[op] >> dt & 1);
}

/* The same for the alignment analysis (analysis/align.h): bit dt set when op's case of vs_known_tz may
 * be used at dtype dt (for casts: at the operand's dtype and the result's, both), i.e. when every
 * admissible instance of its lemmas (src/rules/align.rules) that involves dt is proved. Generated in the
 * same file. */
extern const uint16_t vs_align_trust[OP_COUNT];

static inline bool align_trusted(Op op, DType dt) {
  return (unsigned)op < OP_COUNT && (unsigned)dt < DT_COUNT && (vs_align_trust[op] >> dt & 1);
}

#endif
