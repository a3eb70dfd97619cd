/* gen.h: the fuzz generator: a byte string becomes a well-typed random expression (docs/fuzzing.md).
 *
 * The bytes are read as a sequence of decisions (fuzz/input.h): the root's dtype, then, node by node,
 * which shape to build (a leaf, an operation, an affine index sum, nested division and modulo, a clamp,
 * a comparison against a constant, a select, a cast...), which dtype, which constant. Dtypes lean
 * toward the narrow ones (bool, i8, u8, i16, u16) while every dtype and every cast between them occurs;
 * constants come mostly from the edge sets of their dtype (ir/edges.h); variables come with or without
 * a declared range, ranges often touching the dtype's edges. Subexpressions are sometimes reused, so
 * that `x - x`, `(x * y) % y` and `e < e + 1` occur. One input in four is a vector case, and one in four
 * of the rest a graph case (small buffers among the declarations; loads, stores, reductions, loop
 * nests, after, noop, free ranges: docs/fuzzing.md). The generator does integer arithmetic on the bytes
 * only: the same bytes give the same IR on every machine. Every case prints as a valid .vs file. */
#ifndef VSIMP_FUZZ_GEN_H
#define VSIMP_FUZZ_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz/input.h"
#include "ir/edges.h"
#include "ir/node.h"

enum { GEN_MAX_VARS = 6, GEN_CASE_VARS = 16 };

typedef struct {
  unsigned max_ops;   /* operation nodes built per case (0: 24) */
  unsigned max_depth; /* nesting of generated shapes (0: 7) */
  unsigned max_vars;  /* 0 or more than GEN_MAX_VARS: GEN_MAX_VARS */
  bool no_invalid;    /* no masked indices (programs have no INVALID value: docs/syntax.md) */
} GenOptions;

/* A generated case: its declarations (variables and, in graph cases, buffers; in order) and its
 * expression (a value, or in a graph case an effect). */
typedef struct {
  Node *vars[GEN_CASE_VARS]; /* the generator declares at most max_vars; a parsed case may have more */
  size_t nvars;
  Node *root;
  bool simple_matcher; /* the input asks for the `simple` matcher (1 input in 8) */
  bool graph;          /* a graph case (buffers among vars; loads, stores, loops: docs/fuzzing.md) */
  unsigned errors;     /* node constructions that failed (a generator bug when not 0) */
} GenCase;

/* Generates the case of an input. Returns false only when no node can be built at all (out of memory
 * or the context's node limit). */
bool gen_case(VsCtx *ctx, const uint8_t *data, size_t size, const GenOptions *opts, GenCase *out);

/* Generates an expression of dtype dt from further decisions of `in`, over c's variables (adding new
 * ones while there is room). For the structure-aware mutator. NULL on failure. */
Node *gen_expr(VsCtx *ctx, FuzzIn *in, GenCase *c, DType dt, const GenOptions *opts);

/* A dtype, weighted toward the narrow ones; every dtype has a chance. */
DType gen_dtype(FuzzIn *in);
/* A constant of dt drawn from its edge sets (or random bits, or a small value). */
Node *gen_const(VsCtx *ctx, FuzzIn *in, DType dt);

/* The edge sets of each dtype (computed once, thread-safe). */
typedef struct {
  uint64_t edge[EDGE_MAX];
  size_t nedge;
  uint64_t pow2[POW2_EDGE_MAX];
  size_t npow2;
} FuzzEdges;
const FuzzEdges *fuzz_edges(DType dt);

/* A name for a new variable of c: the first of x, y, z, w, u, v, x1, y1, ... not taken. buf: 16 bytes. */
const char *gen_var_name(const GenCase *c, char *buf);

#endif
