/* parse_oracle.h: the fuzz_parse target: the .vs parser and printer on arbitrary bytes.
 *
 * Besides not crashing (the harness's sanitizers watch that), the parser must keep its contract
 * (docs/syntax.md): a rejected input gets exactly one diagnostic at a position inside the input (or just
 * past its end); an accepted one prints (vs_print_case) to text that parses back to the very same nodes.
 * Short inputs are also read as command-line values (vs_parse_value) for every dtype, and whatever is
 * accepted must format (vs_format_literal) and read back to the same bits. */
#ifndef VSIMP_FUZZ_PARSE_ORACLE_H
#define VSIMP_FUZZ_PARSE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz/oracle.h"

/* Checks one input in ctx (the caller recycles ctx). On a finding fills *f (if not NULL). */
FindKind fuzz_parse_exec(VsCtx *ctx, const uint8_t *data, size_t size, FuzzFinding *f);

/* An input for the parse target (campaigns without a fuzzing engine): a generated case, printed, then
 * edited a few times (bytes dropped, duplicated, replaced by tokens of the format). Returns its size. */
size_t fuzz_parse_input(VsCtx *ctx, uint64_t *rng, uint8_t *buf, size_t max);

#endif
