/* node.h: hash-consed expression nodes and the context that owns them.
 *
 * A node is immutable once built, and two structurally equal nodes are the same pointer: equality is
 * `a == b`. Nodes live in the context's arena and die with it. Every node caches, when it is built,
 * its depth, a few summary flags, and (for integer and bool nodes) its value bounds [lo, hi], computed
 * by analysis/bounds.c and sound under the dtype's wraparound semantics.
 *
 * Construction never aborts on bad input: a type error or an exceeded limit (depth, node count)
 * returns NULL and leaves a message in vs_ctx_error(). */
#ifndef VSIMP_IR_NODE_H
#define VSIMP_IR_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/dtype.h"
#include "ir/intmath.h"
#include "ir/op.h"

enum {
  NF_HAS_FLOAT = 1, /* some node in the expression has a float dtype or float operands */
  NF_HAS_UF = 2,    /* some op is an uninterpreted function in the SMT encoding (exp2, log2, sin, float pow) */
  NF_HAS_VAR = 4,   /* some leaf is a variable */
  NF_HAS_VEC = 8,   /* some node in the expression is a vector (lanes > 1): the scalar evaluator, the rule
                     * engine and the program stages leave such expressions alone (ir/vector.h) */
  NF_HAS_INVALID = 16, /* some leaf is `invalid` (the index sentinel): an index node with this flag may
                        * evaluate to INVALID, so rules proved for integers only must not bind it
                        * (docs/semantics.md, "The invalid index"). A load of a masked pointer is no
                        * INVALID (it is 0), so LOAD and STORE do not pass the flag on. */
  NF_HAS_GRAPH = 32,   /* some node is an op of the tensor-graph layer (ir/graph.h: buffers, loads, stores,
                        * ranges, reductions): the scalar and vector evaluators and encoders leave such
                        * expressions to eval_graph.c and encode_graph.c */
  NF_HAS_MEM = 64,     /* some node reads or changes memory (a buffer, a load, an effect, an after): its
                        * value depends on the memory state it is evaluated in */
  NF_HAS_DIVMOD = 128, /* some node is an integer division or remainder (op_is_divmod): the folds that look for
                        * one among a sum's terms skip every sum without it (rewrite/dispatch.c) */
};

/* What a node is besides its dtype (docs/semantics.md, "Memory, loops and reductions"). Every value
 * op takes and yields values; the graph ops say which kinds they take. */
typedef enum {
  NK_VALUE,   /* a scalar or vector value (every node outside the tensor-graph layer) */
  NK_BUFFER,  /* a buffer: BUFFER, or AFTER of one; dtype is its element dtype */
  NK_POINTER, /* an element of a buffer: INDEX; dtype is the element dtype */
  NK_EFFECT,  /* a change of memory: STORE, NOOP, END, EFFECT, AFTER of one; dtype is bool (unused) */
} NodeKind;

/* Node.aux of ADD, SUB, MUL, NEG and SHL: the op is no-signed-overflow (docs/semantics.md): a signed
 * overflow is UB. Kept only at signed integer dtypes (i8..i64, index, and vectors of them): the node
 * builders drop it elsewhere, so `x + y` at u8 has one node whatever was asked. */
#define VS_AUX_NSW UINT64_C(1)

/* Node depths are 16-bit (the room went to `lanes`): a context's depth limit is at most this. */
#define VS_MAX_DEPTH_LIMIT 65535u

typedef struct Node Node;
struct Node {
  uint8_t op;     /* Op */
  uint8_t dtype;  /* DType of the result */
  uint8_t nargs;
  uint8_t flags;  /* NF_* */
  uint32_t id;    /* creation order in the context: a stable, deterministic total order */
  uint32_t hash;
  uint16_t depth; /* 1 for leaves; at most VS_MAX_DEPTH_LIMIT */
  uint8_t lanes;  /* 1 for scalars; 2, 3, 4, 8 or 16 for vectors of `dtype` (ir/vector.h) */
  uint8_t kind;   /* NodeKind */
  union {
    uint64_t bits;    /* CONST: the value's bit pattern, masked to the width (NaNs canonical); GEP: the
                       * selected lanes, 4 bits each, lane k of the result in bits 4k..4k+3; REDUCE: the
                       * accumulating Op (ADD, MUL, MAX, MIN); ADD, SUB, MUL, NEG, SHL: VS_AUX_NSW or 0
                       * (a no-signed-overflow op: part of the node's identity) */
    const char *name; /* VAR, BUFFER, RANGE (the loop variable), EFFECT: interned name */
  } aux;
  uint64_t lo, hi;  /* integer and bool value nodes: bounds, as bit patterns of the dtype (vectors: over
                     * every lane); BUFFER: the range of its element count (equal for a declared
                     * buffer); other buffers, pointers and effects: 0 */
  Node *args[];
};

typedef struct VsCtx VsCtx;

VsCtx *vs_ctx_new(void);
void vs_ctx_free(VsCtx *ctx);
/* Limits against hostile input; 0 keeps the current value. Defaults: depth 2000, 1<<24 nodes. The depth
 * limit is clamped to VS_MAX_DEPTH_LIMIT. */
void vs_ctx_set_limits(VsCtx *ctx, uint32_t max_depth, uint32_t max_nodes);
/* Sizes the node table for about `nodes` nodes in all, so that making them never grows it. For a
 * caller that knows its input's size: a growth moves every entry of the table and reads its node (a
 * likely cache miss each), and a batch of 1000 expressions grew its table five times, about 6% of its
 * build and simplification time (bench/README.md). Never shrinks the table; false when out of memory
 * (then the context is unchanged, and still grows as needed). */
bool vs_ctx_reserve(VsCtx *ctx, size_t nodes);
uint32_t vs_ctx_max_depth(const VsCtx *ctx);
const char *vs_ctx_error(const VsCtx *ctx);
/* Zeroed memory that lives as long as the context (its arena); NULL when out of memory. */
void *vs_ctx_alloc(VsCtx *ctx, size_t size);
size_t vs_ctx_node_count(const VsCtx *ctx);
size_t vs_ctx_arena_bytes(const VsCtx *ctx);
/* One bit per node of the context, by node id, kept across runs by one client layer at a time: the
 * rewriter's set of nodes it found to be fixpoints (rewrite/engine.c). A cache its owner can always
 * rebuild, not part of any node's identity (nodes stay immutable). The owner names itself by a key
 * (never 0) that changes whenever what the bits mean would: vs_ctx_node_marks(ctx, key) returns the
 * set, emptied first when key is not the key it was last returned for. */
typedef struct {
  uint64_t *words; /* bit id % 64 of words[id / 64]: the node with that id */
  size_t nwords;
  uint64_t key;
} VsNodeMarks;
VsNodeMarks *vs_ctx_node_marks(VsCtx *ctx, uint64_t key);
/* Whether n (a node of the set's context) is in the set. */
static inline bool vs_marks_has(const VsNodeMarks *m, const Node *n) {
  size_t w = n->id >> 6;
  return w < m->nwords && (m->words[w] >> (n->id & 63) & 1);
}
/* Adds n (a node of the set's context); false when out of memory (the set then stays without it). */
bool vs_marks_add(VsNodeMarks *m, const Node *n);
/* Interns a string (len bytes); the copy lives as long as the context. */
const char *vs_intern(VsCtx *ctx, const char *s, size_t len);

/* Canonical NaN bit pattern of a float dtype (quiet, positive, zero payload). */
uint64_t vs_nan_bits(DType dt);
/* Returns bits wrapped to dt's width, and canonical if dt is a float and bits is a NaN. */
uint64_t vs_canon_bits(DType dt, uint64_t bits);

Node *vs_const(VsCtx *ctx, DType dt, uint64_t bits);
Node *vs_const_int(VsCtx *ctx, DType dt, i128 value); /* wraps to dt */
Node *vs_bool(VsCtx *ctx, bool b);
/* The `invalid` leaf: the INVALID value of the index dtype (docs/semantics.md, "The invalid index"). */
Node *vs_invalid(VsCtx *ctx);
/* A variable; for integer dtypes [lo, hi] is its declared range (use im_min/im_max for none). Two
 * variables are one node only if name, dtype and range agree. */
Node *vs_var(VsCtx *ctx, const char *name, DType dt, i128 lo, i128 hi);

/* The result dtype of op applied to args, or an error message (a static string). For CAST and
 * BITCAST, `to` is the target dtype; it is ignored otherwise. */
const char *vs_type_check(Op op, DType to, Node *const *args, int nargs, DType *result);
/* Builds (or finds) a node. `to` as in vs_type_check. */
Node *vs_make(VsCtx *ctx, Op op, DType to, Node *const *args, int nargs);
/* n's op with the no-signed-overflow mark set (nsw) or cleared, over n's operands: n itself when it
 * already is so, or when the mark does not apply to n's op and dtype (then nothing changes). */
Node *vs_with_nsw(VsCtx *ctx, Node *n, bool nsw);
Node *vs_un(VsCtx *ctx, Op op, Node *a);
Node *vs_bin(VsCtx *ctx, Op op, Node *a, Node *b);
Node *vs_tern(VsCtx *ctx, Op op, Node *a, Node *b, Node *c);
Node *vs_cast(VsCtx *ctx, DType to, Node *a);

/* Vectors (docs/semantics.md, "Vectors"). The type check and builder for every op, lane counts
 * included: `lanes` and `aux` matter only for GEP (lanes: how many lanes it selects, aux: which, as in
 * Node.aux) and BCAST (lanes: the result's lane count); *rlanes receives the result's lane count. For
 * ADD, SUB, MUL, NEG and SHL, aux may hold VS_AUX_NSW (kept at signed dtypes only).
 * vs_type_check above is this with lanes = 1 and aux = 0. */
const char *vs_type_check_ex(Op op, DType to, int lanes, uint64_t aux, Node *const *args, int nargs,
                             DType *result, int *rlanes);
Node *vs_make_ex(VsCtx *ctx, Op op, DType to, int lanes, uint64_t aux, Node *const *args, int nargs);
/* orig's op, dtype, lane count and aux over new operands (vs_make_ex with orig's parameters). When each
 * operand has the dtype, lane count and kind of the one it replaces, the type is orig's without being
 * checked again (the rewriter rebuilds every node whose operands it simplified). */
Node *vs_remake(VsCtx *ctx, const Node *orig, Node *const *args);
/* A variable with `lanes` lanes; [lo, hi] bounds every lane. */
Node *vs_var_lanes(VsCtx *ctx, const char *name, DType dt, int lanes, i128 lo, i128 hi);

/* Bounds as numbers (integer and bool nodes). */
static inline i128 vs_vmin(const Node *n) { return im_value((DType)n->dtype, n->lo); }
static inline i128 vs_vmax(const Node *n) { return im_value((DType)n->dtype, n->hi); }
static inline bool vs_is_const(const Node *n) { return n->op == OP_CONST; }
/* Whether n is a no-signed-overflow op (its aux has VS_AUX_NSW). */
static inline bool vs_is_nsw(const Node *n) { return op_may_nsw((Op)n->op) && (n->aux.bits & VS_AUX_NSW); }
/* Whether op at dtype dt can carry the no-signed-overflow mark (signed integers, index). */
static inline bool vs_nsw_applies(Op op, DType dt) { return op_may_nsw(op) && dt_is_signed(dt); }
/* The numeric value of an integer or bool constant. */
static inline i128 vs_const_value(const Node *n) { return im_value((DType)n->dtype, n->aux.bits); }

/* Every distinct node reachable from root, children before parents, each once (iterative: safe at any
 * depth). Returns the count; *out is malloc'd and owned by the caller. Returns 0 on allocation failure. */
size_t vs_postorder(Node *root, Node ***out);
/* Same, over several roots (shared nodes appear once). */
size_t vs_postorder_many(Node *const *roots, size_t nroots, Node ***out);
/* Number of nodes in the expression as a tree (saturates at SIZE_MAX). */
size_t vs_tree_size(Node *root);

#endif
