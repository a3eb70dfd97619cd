/* mutate.h: the structure-aware mutator over the IR (for libFuzzer's LLVMFuzzerCustomMutator and
 * AFL++'s custom mutator API).
 *
 * An input (generator bytes or a .vs text input) is decoded into its case, one node of it is mutated
 * (replaced by a freshly generated subexpression of its dtype, by an edge constant, by one of its
 * operands or another node of the case; its op swapped for one of the same typing; its operands
 * swapped; wrapped in a cast round trip or an operation with a constant), and the mutated case is
 * written back as a text input (`#` first, so that fuzz_exec parses it). The result is always a valid
 * .vs input; byte-level mutations stay the engine's job. */
#ifndef VSIMP_FUZZ_MUTATE_H
#define VSIMP_FUZZ_MUTATE_H

#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

/* Mutates data[0..size) into data (capacity max bytes) using seed for the choices. Returns the new size,
 * or 0 if no mutation fit (the caller then mutates the bytes itself). ctx is scratch space (the
 * caller recycles it now and then). */
size_t fuzz_mutate(VsCtx *ctx, uint8_t *data, size_t size, size_t max, uint64_t seed);

#endif
