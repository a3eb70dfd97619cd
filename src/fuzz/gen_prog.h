/* gen_prog.h: the program generator of the `program` fuzz target (docs/fuzzing.md, "Programs").
 *
 * A byte string becomes the text of a well-typed program (docs/syntax.md, "Programs"): parameters of
 * narrow dtypes with and without `in [lo, hi]`, index parameters, tensor parameters whose shapes are
 * index expressions; loops of every kind with constant and symbolic bounds (trip counts 0 and 1, nests
 * of single-trip loops, sibling single-trip loops, loops with carries and results), if/else with yields
 * and results, `while` loops with small bounded trip counts, statement calls and call-valued bindings,
 * `spmd` and `scope` bodies, reassigned (non-SSA) variables, views and aliases of tensors, and the guard
 * shapes that the Simplify pass must keep (`if a < 0` on an unbound parameter, `pos = base - 1;
 * if pos >= 0`). Expressions come from the expression generator (fuzz/gen.h) over the variables in
 * scope, so constants come from the edge sets of their dtype. One program in eight starts with the line
 * `# pass: constant-only` (prog_oracle.h: the pass runs in its constant-only mode).
 *
 * The generator emits text and keeps its own scope model, so what it writes is meant to parse; the
 * parser is the judge (a generated program that does not parse is a generator bug, which the tests
 * count). As with expressions, past the end of the input every decision reads 0 and choice 0 ends a
 * block, so every input, the empty one included, gives a small program. The same bytes give the same
 * text on every machine (integer arithmetic on the bytes only). */
#ifndef VSIMP_FUZZ_GEN_PROG_H
#define VSIMP_FUZZ_GEN_PROG_H

#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

typedef struct {
  unsigned max_stmts; /* statements per program, nests included (0: 24) */
  unsigned max_depth; /* nesting of generated blocks (0: 4; the single-trip nest shape goes deeper) */
  unsigned max_ops;   /* operations per expression (0: 4) */
} ProgGenOptions;

/* The program text an input describes (malloc'd), built with expression nodes of ctx (which the caller
 * recycles). NULL only when out of memory. */
char *gen_prog_text(VsCtx *ctx, const uint8_t *data, size_t size, const ProgGenOptions *opts);

#endif
