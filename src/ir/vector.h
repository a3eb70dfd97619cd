/* vector.h: vector dtypes and the four ops that build and take apart vectors (docs/semantics.md,
 * "Vectors"; docs/syntax.md, "Vectors").
 *
 * A vector type is a scalar DType plus a lane count: Node.dtype stays the scalar (lane) dtype and
 * Node.lanes says how many lanes (1 for scalars). Keeping DType scalar means every per-dtype table
 * (widths, casts, edge values, the rule ledger's instances) keeps meaning what it meant; a lane count
 * is a separate, orthogonal fact. Every scalar op applies lane-wise to operands of equal lane counts.
 *
 * Valid lane counts are 2, 3, 4, 8 and 16 (what the tensor compilers vsimp serves emit); a GEP's lane
 * indices are packed 4 bits each into Node.aux.bits, which 16 lanes fill exactly. */
#ifndef VSIMP_IR_VECTOR_H
#define VSIMP_IR_VECTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

#define VS_MAX_LANES 16

/* 1 (a scalar) or a vector lane count. */
static inline bool vs_lanes_valid(int n) { return n == 1 || n == 2 || n == 3 || n == 4 || n == 8 || n == 16; }

/* Looks up a scalar or vector type by name: `i32` (lanes 1), `i32x4`, `indexx8`, `boolx16`. */
bool vs_vtype_from_name(const char *s, size_t len, DType *dt, int *lanes);
/* `i32` or `i32x4`, in buf (16 bytes suffice). Returns buf. */
const char *vs_vtype_name(DType dt, int lanes, char *buf, size_t size);
/* The type of node n, as vs_vtype_name. */
const char *vs_node_type_name(const Node *n, char *buf, size_t size);

/* Lane k of a GEP's selection. */
static inline int vs_gep_lane(const Node *n, int k) { return (int)(n->aux.bits >> (4 * k) & 15); }
/* Packs n lane indices (each 0..15) as a GEP's aux; false if one is out of 0..15. */
bool vs_gep_pack(const int *idx, int n, uint64_t *aux);

/* The type rules of VEC, GEP, CAT and BCAST (called by vs_type_check_ex). */
const char *vec_type_check(Op op, int lanes, uint64_t aux, Node *const *args, int nargs, DType *result,
                           int *rlanes);

/* Builders; NULL with a message in vs_ctx_error() on a type error. */
Node *vs_vec(VsCtx *ctx, Node *const *elems, int n);      /* vec(e0, ..., e(n-1)): scalars of one dtype */
Node *vs_gep(VsCtx *ctx, Node *v, const int *idx, int n); /* lanes idx[0..n) of v; n == 1: a scalar */
Node *vs_cat(VsCtx *ctx, Node *const *parts, int n);      /* the lanes of parts[0], then parts[1], ... */
Node *vs_bcast(VsCtx *ctx, Node *x, int lanes);           /* scalar x in every lane */

#endif
