/* graph.h: the tensor-graph layer of the IR: buffers, pointers, loads and stores, loop variables,
 * reductions, loop nests of effects and ordering (docs/semantics.md, "Memory, loops and reductions";
 * docs/syntax.md for the text form).
 *
 * These ops are hash-consed nodes like every other; what sets them apart is their kind (NodeKind:
 * values, buffers, pointers, effects) and that REDUCE and END *bind* the ranges they list after their
 * first operand: there a range is part of the loop, not a value, and the rewrite engine leaves it alone
 * (rewrite/engine.c). A range anywhere else is a use of its loop variable.
 *
 * Every builder returns NULL with a message in vs_ctx_error() on a type error. */
#ifndef VSIMP_IR_GRAPH_H
#define VSIMP_IR_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

/* Ranges a REDUCE, END, EFFECT or AFTER list may hold (the node's operands after its first). */
#define VS_MAX_GRAPH_LIST 15
/* Buffers hold fewer than 2^62 elements (docs/semantics.md). */
#define VS_MAX_BUFFER_SIZE (((uint64_t)1 << 62) - 1)

/* A buffer of element dtype dt whose element count lies in [size_lo, size_hi] (equal for a declared
 * buffer `b: f32[16]`; the rule verifier builds buffers of free size). */
Node *vs_buffer(VsCtx *ctx, const char *name, DType dt, uint64_t size_lo, uint64_t size_hi);
Node *vs_noop(VsCtx *ctx);
/* index(buf, idx): buf a buffer, idx a scalar index value (possibly INVALID). */
Node *vs_ptr(VsCtx *ctx, Node *buf, Node *idx);
Node *vs_load(VsCtx *ctx, Node *ptr);
Node *vs_store(VsCtx *ctx, Node *ptr, Node *val);
/* range(end, name): end a scalar index value that reads no memory. */
Node *vs_range(VsCtx *ctx, Node *end, const char *name);
/* reduce(op, x, ranges...): op one of OP_ADD, OP_MUL, OP_MAX, OP_MIN; x an integer or float scalar. */
Node *vs_reduce(VsCtx *ctx, Op op, Node *x, Node *const *ranges, int nranges);
/* end(eff, ranges...): the effect repeated over the loop nest. */
Node *vs_end(VsCtx *ctx, Node *eff, Node *const *ranges, int nranges);
/* after(x, deps...): x (a value, buffer or effect) in the state the effects deps leave. */
Node *vs_after(VsCtx *ctx, Node *x, Node *const *deps, int ndeps);
/* An abstract effect (rule proofs only: no text form, no evaluation): any function of the state and of
 * the values of the ranges it lists. */
Node *vs_effect_var(VsCtx *ctx, const char *name, Node *const *ranges, int nranges);
/* An abstract value of dtype dt (rule proofs only, like an abstract effect): any function of the memory
 * state it is evaluated in and of its ranges' values, possibly UB. It stands for a pattern variable the
 * engine may bind to a node that reads memory, where the rule evaluates it in different states. */
Node *vs_opaque(VsCtx *ctx, const char *name, DType dt, Node *const *ranges, int nranges);

/* The type rules of the graph ops (called by vs_type_check_ex and vs_make_ex): the result's dtype and
 * kind, or an error message. aux: REDUCE's op; RANGE's and EFFECT's name (its bits). */
const char *graph_type_check(Op op, DType to, uint64_t aux, Node *const *args, int nargs, DType *result,
                             NodeKind *kind);

/* Value ops take values only: an error message if some operand is a buffer, pointer or effect. */
const char *graph_value_operands(Node *const *args, int nargs);

/* REDUCE's accumulating op, and whether op is one a reduction takes. */
static inline Op vs_reduce_op(const Node *n) { return (Op)n->aux.bits; }
static inline bool vs_is_reduce_op(Op op) { return op == OP_ADD || op == OP_MUL || op == OP_MAX || op == OP_MIN; }
/* "add", "mul", "max", "min" (the text form's first operand of reduce). */
const char *vs_reduce_op_name(Op op);
bool vs_reduce_op_from_name(const char *s, size_t len, Op *op);
/* Whether operand i of n binds a range (REDUCE and END, i >= 1). */
static inline bool vs_binds(const Node *n, int i) { return i >= 1 && (n->op == OP_REDUCE || n->op == OP_END); }

/* The identity of a reduction at dtype dt, as a bit pattern: 0, 1, the dtype's minimum (-inf) or
 * maximum (+inf). */
uint64_t vs_reduce_identity(Op op, DType dt);

/* The ranges free in root (used outside every loop that binds them, the ends of the ranges it binds
 * included), each once, ordered by node id. Returns the count; *out is malloc'd (the caller frees it).
 * Returns SIZE_MAX on allocation failure. */
size_t graph_free_ranges(Node *root, Node ***out);
/* The distinct BUFFER leaves under root (ordered by node id); malloc'd as above. */
size_t graph_buffers(Node *root, Node ***out);
/* A range free in tgt whose loop variable (its name) is not free in src (a rewrite that unbinds a loop
 * variable: docs/semantics.md), or NULL; *oom when it could not be decided for lack of memory. */
const Node *graph_unbound_range(Node *src, Node *tgt, bool *oom);
/* Whether the roots hold two range nodes of one name (the simplifier rewrote a range's end): one loop
 * variable for the semantics, but no .vs file can write both (a name has one end in a file). */
bool graph_range_names_clash(Node *const *roots, size_t nroots);
/* Whether needle occurs anywhere in root (as any operand, bound or not). A walk of root: for a range
 * needle in a large expression, graph_uses_range. */
bool graph_contains(Node *root, const Node *needle);
/* Whether range is free in root (graph_free_ranges: used outside every loop of root that binds it).
 * The free ranges of each node are computed once per node and kept with the context, so asking it of
 * every loop of a long chain of kernels costs a lookup, not a walk of all the stages before. Out of
 * memory, true (the cautious answer for a rule's free_of). */
bool graph_range_is_free(VsCtx *ctx, const Node *root, const Node *range);

#endif
