/* bounds_trust_derive.h: deriving the range analysis's trust table (ir/bounds_trust.h) from a catalog
 * and its proofs: a transfer case is trusted at a dtype when every admissible instance of every lemma
 * it rests on that involves the dtype is proved. `vsimp rules bounds-table` prints the table as C
 * source; tests/test_bounds_lemmas.c checks that the compiled-in table is the one the built-in catalog
 * and ledger give. */
#ifndef VSIMP_VERIFY_BOUNDS_TRUST_DERIVE_H
#define VSIMP_VERIFY_BOUNDS_TRUST_DERIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/bounds_trust.h"
#include "rules/catalog.h"

/* The lemmas op's transfer function rests on (NULL-terminated; empty for ops without one). */
const char *const *bounds_lemmas_of(Op op);
/* Fills out (per op, a dtype bit mask) from cat's rules and proofs. False when out of memory. */
bool bounds_trust_derive(const Catalog *cat, uint16_t out[OP_COUNT]);
/* The same for the alignment analysis (analysis/align.h) and its lemmas (src/rules/align.rules). */
const char *const *align_lemmas_of(Op op);
bool align_trust_derive(const Catalog *cat, uint16_t out[OP_COUNT]);
/* The C source of src/ir/bounds_trust_table.c for both tables (malloc'd), or NULL. */
char *bounds_trust_source(const uint16_t table[OP_COUNT], const uint16_t align[OP_COUNT]);

#endif
