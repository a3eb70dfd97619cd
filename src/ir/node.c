#include "ir/node.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/bounds.h"
#include "ir/arena.h"
#include "ir/graph.h"
#include "ir/nodemap.h"
#include "ir/vector.h"

enum { CONST_CACHE = 64 };

struct VsCtx {
  Arena arena; /* nodes and interned strings */
  /* The constant node last made or found per bucket of (dtype, bits): the rewriter asks for a few
   * constants (0, 1, -1, its strides) over and over. Only this context's nodes, each the one constant of
   * its dtype and bits, so a hit is the node the table would give. NULL: empty. */
  Node *consts[CONST_CACHE];
  uintptr_t *table; /* open addressing, power-of-two capacity: tagged node pointers (slot_of) */
  size_t cap, count;
  const char **strs; /* interned strings, open addressing */
  size_t scap, scount;
  uint32_t max_depth, max_nodes;
  NodeMap free_ranges; /* ir/graph.c: node -> the ranges free in it (a RangeSet in the arena), made once */
  VsNodeMarks marks;   /* vs_ctx_node_marks */
  char err[160];
};

VsCtx *vs_ctx_new(void) {
  VsCtx *ctx = calloc(1, sizeof *ctx);
  if (!ctx) return NULL;
  ctx->max_depth = 2000;
  ctx->max_nodes = 1u << 24;
  return ctx;
}

void vs_ctx_free(VsCtx *ctx) {
  if (!ctx) return;
  arena_free(&ctx->arena);
  nodemap_free(&ctx->free_ranges);
  free(ctx->marks.words);
  free(ctx->table);
  free(ctx->strs);
  free(ctx);
}

void vs_ctx_set_limits(VsCtx *ctx, uint32_t max_depth, uint32_t max_nodes) {
  if (max_depth) ctx->max_depth = max_depth > VS_MAX_DEPTH_LIMIT ? VS_MAX_DEPTH_LIMIT : max_depth;
  if (max_nodes) ctx->max_nodes = max_nodes;
}
uint32_t vs_ctx_max_depth(const VsCtx *ctx) { return ctx->max_depth; }
const char *vs_ctx_error(const VsCtx *ctx) { return ctx->err; }
void *vs_ctx_alloc(VsCtx *ctx, size_t size) { return arena_alloc(&ctx->arena, size); }
NodeMap *vs_ctx_free_range_cache(VsCtx *ctx) { return &ctx->free_ranges; }
size_t vs_ctx_node_count(const VsCtx *ctx) { return ctx->count; }

VsNodeMarks *vs_ctx_node_marks(VsCtx *ctx, uint64_t key) {
  VsNodeMarks *m = &ctx->marks;
  if (m->key != key) {
    if (m->nwords) memset(m->words, 0, m->nwords * sizeof *m->words);
    m->key = key;
  }
  return m;
}

bool vs_marks_add(VsNodeMarks *m, const Node *n) {
  size_t w = n->id >> 6;
  if (w >= m->nwords) {
    /* Room for the node and as many again: the context keeps growing while the set is used. */
    size_t nw = 2 * (w + 1);
    uint64_t *words = realloc(m->words, nw * sizeof *words);
    if (!words) return false;
    memset(words + m->nwords, 0, (nw - m->nwords) * sizeof *words);
    m->words = words;
    m->nwords = nw;
  }
  m->words[w] |= UINT64_C(1) << (n->id & 63);
  return true;
}

size_t vs_ctx_arena_bytes(const VsCtx *ctx) { return ctx->arena.bytes; }

static uint32_t hash_bytes(const char *s, size_t len) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

const char *vs_intern(VsCtx *ctx, const char *s, size_t len) {
  if ((ctx->scount + 1) * 2 > ctx->scap) {
    size_t ncap = ctx->scap ? ctx->scap * 2 : 64;
    const char **ns = calloc(ncap, sizeof *ns);
    if (!ns) return NULL;
    for (size_t i = 0; i < ctx->scap; i++) {
      if (!ctx->strs[i]) continue;
      size_t j = hash_bytes(ctx->strs[i], strlen(ctx->strs[i])) & (ncap - 1);
      while (ns[j]) j = (j + 1) & (ncap - 1);
      ns[j] = ctx->strs[i];
    }
    free(ctx->strs);
    ctx->strs = ns;
    ctx->scap = ncap;
  }
  size_t i = hash_bytes(s, len) & (ctx->scap - 1);
  for (; ctx->strs[i]; i = (i + 1) & (ctx->scap - 1))
    if (strncmp(ctx->strs[i], s, len) == 0 && ctx->strs[i][len] == 0) return ctx->strs[i];
  char *copy = arena_alloc(&ctx->arena, len + 1);
  if (!copy) return NULL;
  memcpy(copy, s, len);
  copy[len] = 0;
  ctx->strs[i] = copy;
  ctx->scount++;
  return copy;
}

uint64_t vs_nan_bits(DType dt) {
  switch (dt) {
  case DT_F16: return 0x7e00;
  case DT_F32: return 0x7fc00000;
  default: return UINT64_C(0x7ff8000000000000);
  }
}

static bool is_nan_bits(DType dt, uint64_t b) {
  switch (dt) {
  case DT_F16: return (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
  case DT_F32: return (b & 0x7f800000) == 0x7f800000 && (b & 0x7fffff);
  case DT_F64:
    return (b & UINT64_C(0x7ff0000000000000)) == UINT64_C(0x7ff0000000000000) && (b & UINT64_C(0xfffffffffffff));
  default: return false;
  }
}

uint64_t vs_canon_bits(DType dt, uint64_t bits) {
  bits = im_wrap(dt, bits);
  return is_nan_bits(dt, bits) ? vs_nan_bits(dt) : bits;
}

/* ---- the hash-consing table ---- */

/* One word into the running hash: rotate, xor, multiply (a multiply per word, the words mixed
 * together by the finalizer below). */
static inline uint64_t mix(uint64_t h, uint64_t v) {
  return ((h << 5 | h >> 59) ^ v) * UINT64_C(0x9E3779B97F4A7C15);
}

/* Leaves and nodes whose aux is an interned name. Their lo and hi are part of the key for VAR (the
 * declared range) and BUFFER (the element count); for RANGE and EFFECT they are derived (zero while
 * the key is built). */
static bool has_name(const Node *k) {
  return k->op == OP_VAR || k->op == OP_BUFFER || k->op == OP_RANGE || k->op == OP_EFFECT || k->op == OP_OPAQUE;
}

/* The key of a node: what structural equality compares. Var names hash by content (interned pointers
 * would make hashes, and so iteration orders, differ from run to run). */
static inline uint32_t key_hash(const Node *k) {
  uint64_t h = mix(0, (uint64_t)k->lanes << 24 | (uint64_t)k->op << 16 | (uint64_t)k->dtype << 8 | k->nargs);
  if (has_name(k)) {
    h = mix(h, hash_bytes(k->aux.name, strlen(k->aux.name)));
    h = mix(h, k->lo);
    h = mix(h, k->hi);
  } else {
    h = mix(h, k->aux.bits);
  }
  for (int i = 0; i < k->nargs; i++) h = mix(h, k->args[i]->id);
  /* The finalizer of MurmurHash3 (fmix64): every bit of the key reaches the slot's low bits and the
   * tag's high ones. */
  h ^= h >> 33;
  h *= UINT64_C(0xff51afd7ed558ccd);
  h ^= h >> 33;
  h *= UINT64_C(0xc4ceb9fe1a85ec53);
  h ^= h >> 33;
  return (uint32_t)h;
}

static bool key_equal(const Node *a, const Node *b) {
  if (a->hash != b->hash || a->op != b->op || a->dtype != b->dtype || a->nargs != b->nargs || a->lanes != b->lanes)
    return false;
  if (a->aux.bits != b->aux.bits) return false; /* interned names compare by pointer */
  if ((a->op == OP_VAR || a->op == OP_BUFFER) && (a->lo != b->lo || a->hi != b->hi)) return false;
  for (int i = 0; i < a->nargs; i++)
    if (a->args[i] != b->args[i]) return false;
  return true;
}

/* A slot holds a node's address with the three high bits of its hash (the slot's index comes from the
 * low ones) in the bits the nodes' 8-byte alignment leaves zero (arena_alloc8), so that a probe passes
 * over most other nodes without reading them (each read is a likely cache miss in a large table). 0
 * is an empty slot. Nodes are packed at 8 bytes, not the arena's 16: a binary node takes 56 bytes,
 * not 64, and a context's nodes fit in fewer cache lines. */
enum { SLOT_TAG = 7 };
static inline uintptr_t slot_of(const Node *n) { return (uintptr_t)n | (n->hash >> 29 & SLOT_TAG); }
static inline Node *slot_node(uintptr_t s) { return (Node *)(s & ~(uintptr_t)SLOT_TAG); }
static inline bool slot_may_hold(uintptr_t s, uint32_t hash) { return (s & SLOT_TAG) == (hash >> 29 & SLOT_TAG); }

static bool table_resize(VsCtx *ctx, size_t ncap) {
  uintptr_t *nt = calloc(ncap, sizeof *nt);
  if (!nt) return false;
  for (size_t i = 0; i < ctx->cap; i++) {
    uintptr_t s = ctx->table[i];
    if (!s) continue;
    size_t j = slot_node(s)->hash & (ncap - 1);
    while (nt[j]) j = (j + 1) & (ncap - 1);
    nt[j] = s;
  }
  free(ctx->table);
  ctx->table = nt;
  ctx->cap = ncap;
  return true;
}

static bool table_grow(VsCtx *ctx) { return table_resize(ctx, ctx->cap ? ctx->cap * 2 : 1024); }

bool vs_ctx_reserve(VsCtx *ctx, size_t nodes) {
  size_t cap = ctx->cap ? ctx->cap : 1024;
  while (cap / 2 < nodes) {
    if (cap > SIZE_MAX / 4 / sizeof *ctx->table) return false; /* no table that large can be allocated */
    cap *= 2;
  }
  return cap == ctx->cap || table_resize(ctx, cap);
}

/* Finds the node equal to key, or inserts a copy of it. key->hash must be set; key->args holds
 * key->nargs entries. */
static Node *intern_node(VsCtx *ctx, Node *key) {
  if ((ctx->count + 1) * 2 > ctx->cap && !table_grow(ctx)) {
    snprintf(ctx->err, sizeof ctx->err, "out of memory");
    return NULL;
  }
  size_t i = key->hash & (ctx->cap - 1);
  for (uintptr_t s; (s = ctx->table[i]); i = (i + 1) & (ctx->cap - 1))
    if (slot_may_hold(s, key->hash) && key_equal(slot_node(s), key)) return slot_node(s);
  if (ctx->count >= ctx->max_nodes) {
    snprintf(ctx->err, sizeof ctx->err, "expression too large (more than %u nodes)", ctx->max_nodes);
    return NULL;
  }
  size_t size = sizeof(Node) + key->nargs * sizeof(Node *);
  Node *n = arena_alloc8(&ctx->arena, size);
  if (!n) {
    snprintf(ctx->err, sizeof ctx->err, "out of memory");
    return NULL;
  }
  /* Every byte (key_init cleared the header's): the header by assignment and the operands one by one
   * for the common counts, without a call to memcpy. */
  *n = *key;
  switch (key->nargs) {
  case 0: break;
  case 1: n->args[0] = key->args[0]; break;
  case 2:
    n->args[0] = key->args[0];
    n->args[1] = key->args[1];
    break;
  case 3:
    n->args[0] = key->args[0];
    n->args[1] = key->args[1];
    n->args[2] = key->args[2];
    break;
  default: memcpy(n->args, key->args, key->nargs * sizeof(Node *)); break;
  }
  n->id = (uint32_t)ctx->count;
  ctx->table[i] = slot_of(n);
  ctx->count++;
  return n;
}

/* A key node on the stack with room for the most operands an op takes (vec of 16 lanes; a union may
 * hold a struct with a flexible array member; a struct may not). */
typedef union {
  Node n;
  unsigned char room[sizeof(Node) + VS_MAX_LANES * sizeof(Node *)];
} KeyNode;

static void key_init(KeyNode *k, Op op, DType dt, int nargs) {
  /* The header only: operands are written for the nargs the node has, and nothing reads past them. */
  memset(&k->n, 0, sizeof k->n);
  k->n.op = (uint8_t)op;
  k->n.dtype = (uint8_t)dt;
  k->n.nargs = (uint8_t)nargs;
  k->n.depth = 1;
  k->n.lanes = 1;
}

Node *vs_const(VsCtx *ctx, DType dt, uint64_t bits) {
  bits = vs_canon_bits(dt, bits);
  Node **cached = &ctx->consts[((bits ^ (uint64_t)dt << 56) * UINT64_C(0x9E3779B97F4A7C15)) >> 58];
  Node *c = *cached;
  if (c && c->dtype == dt && c->aux.bits == bits && c->op == OP_CONST && c->lanes == 1) return c;
  KeyNode k;
  key_init(&k, OP_CONST, dt, 0);
  k.n.aux.bits = bits;
  if (dt_is_float(dt)) k.n.flags = NF_HAS_FLOAT;
  else k.n.lo = k.n.hi = k.n.aux.bits;
  k.n.hash = key_hash(&k.n);
  Node *n = intern_node(ctx, &k.n);
  if (n) *cached = n;
  return n;
}

Node *vs_const_int(VsCtx *ctx, DType dt, i128 value) { return vs_const(ctx, dt, im_from_value(dt, value)); }
Node *vs_bool(VsCtx *ctx, bool b) { return vs_const(ctx, DT_BOOL, b ? 1 : 0); }

Node *vs_invalid(VsCtx *ctx) {
  KeyNode k;
  key_init(&k, OP_INVALID, DT_INDEX, 0);
  k.n.flags = NF_HAS_INVALID;
  /* INVALID is no integer: the bounds describe the integer values a node can take, and this leaf takes
   * none. The full range keeps every bounds transfer function sound without a special case. */
  k.n.lo = im_from_value(DT_INDEX, im_min(DT_INDEX));
  k.n.hi = im_from_value(DT_INDEX, im_max(DT_INDEX));
  k.n.hash = key_hash(&k.n);
  return intern_node(ctx, &k.n);
}

Node *vs_var(VsCtx *ctx, const char *name, DType dt, i128 lo, i128 hi) {
  return vs_var_lanes(ctx, name, dt, 1, lo, hi);
}

Node *vs_var_lanes(VsCtx *ctx, const char *name, DType dt, int lanes, i128 lo, i128 hi) {
  if (!vs_lanes_valid(lanes)) {
    snprintf(ctx->err, sizeof ctx->err, "invalid lane count %d for variable '%s'", lanes, name);
    return NULL;
  }
  KeyNode k;
  key_init(&k, OP_VAR, dt, 0);
  k.n.lanes = (uint8_t)lanes;
  k.n.aux.name = vs_intern(ctx, name, strlen(name));
  if (!k.n.aux.name) {
    snprintf(ctx->err, sizeof ctx->err, "out of memory");
    return NULL;
  }
  k.n.flags = NF_HAS_VAR | (dt_is_float(dt) ? NF_HAS_FLOAT : 0) | (lanes > 1 ? NF_HAS_VEC : 0);
  if (dt == DT_BOOL || dt_is_int(dt)) {
    if (lo < im_min(dt)) lo = im_min(dt);
    if (hi > im_max(dt)) hi = im_max(dt);
    if (lo > hi) {
      snprintf(ctx->err, sizeof ctx->err, "empty range for variable '%s'", name);
      return NULL;
    }
    k.n.lo = im_from_value(dt, lo);
    k.n.hi = im_from_value(dt, hi);
  }
  k.n.hash = key_hash(&k.n);
  return intern_node(ctx, &k.n);
}

Node *vs_buffer(VsCtx *ctx, const char *name, DType dt, uint64_t size_lo, uint64_t size_hi) {
  if (size_lo > size_hi || size_hi > VS_MAX_BUFFER_SIZE) {
    snprintf(ctx->err, sizeof ctx->err, "invalid size for buffer '%s'", name);
    return NULL;
  }
  KeyNode k;
  key_init(&k, OP_BUFFER, dt, 0);
  k.n.kind = NK_BUFFER;
  k.n.aux.name = vs_intern(ctx, name, strlen(name));
  if (!k.n.aux.name) {
    snprintf(ctx->err, sizeof ctx->err, "out of memory");
    return NULL;
  }
  k.n.flags = NF_HAS_GRAPH | NF_HAS_MEM | (dt_is_float(dt) ? NF_HAS_FLOAT : 0);
  k.n.lo = size_lo;
  k.n.hi = size_hi;
  k.n.hash = key_hash(&k.n);
  return intern_node(ctx, &k.n);
}

static bool is_intlike(DType dt) { return dt_is_int(dt) || dt == DT_BOOL; }

const char *vs_type_check(Op op, DType to, Node *const *args, int nargs, DType *result) {
  int lanes;
  return vs_type_check_ex(op, to, 1, 0, args, nargs, result, &lanes);
}

/* The scalar rule of a lane-wise op (lane counts are checked by the caller). */
static const char *scalar_type_check(Op op, DType to, Node *const *args, int nargs, DType *result) {
  if (nargs != op_arity(op)) return "wrong number of operands";
  for (int i = 0; i < nargs; i++)
    if (!args[i]) return "missing operand";
  DType a = nargs > 0 ? (DType)args[0]->dtype : DT_BOOL;
  unsigned f = op_flags(op);
  switch (op) {
  case OP_CAST: *result = to; return NULL;
  case OP_BITCAST:
    if (a == DT_BOOL || to == DT_BOOL) return "bitcast does not apply to bool";
    if (dt_bits(a) != dt_bits(to)) return "bitcast needs types of the same width";
    *result = to;
    return NULL;
  case OP_SELECT:
    if (a != DT_BOOL) return "select condition must be bool";
    if (args[1]->dtype != args[2]->dtype) return "select branches have different types";
    *result = (DType)args[1]->dtype;
    return NULL;
  case OP_MULACC:
    if (args[1]->dtype != a || args[2]->dtype != a) return "mulacc operands have different types";
    if (a == DT_BOOL) return "mulacc does not apply to bool";
    *result = a;
    return NULL;
  default: break;
  }
  if (nargs == 2 && args[1]->dtype != a) return "operands have different types (insert a cast)";
  if (f & OPF_CMP) {
    *result = DT_BOOL;
    return NULL;
  }
  if ((f & OPF_FLOAT) && !dt_is_float(a)) return "operation needs float operands";
  if ((f & OPF_INT) && !dt_is_int(a)) return "operation needs integer operands";
  if ((f & OPF_LOGIC) && !is_intlike(a)) return "operation needs integer or bool operands";
  if (op == OP_NOT && !is_intlike(a)) return "operation needs integer or bool operands";
  if (a == DT_BOOL && !(f & OPF_LOGIC) && op != OP_NOT) return "operation does not apply to bool";
  *result = a;
  return NULL;
}

/* The common case of vs_type_check_ex (for vs_make_ex): a lane-wise binary op over two values of one dtype and lane
 * count that scalar_type_check accepts (the same tests, in short); *result and *rlanes as it gives them.
 * False for anything else, which the full check then decides (and words the error of). */
static inline bool binary_ok(Op op, Node *const *args, DType *result, int *rlanes) {
  const Node *x = args[0], *y = args[1];
  if (op >= OP_COUNT || op_arity(op) != 2 || !x || !y || x->kind != NK_VALUE || y->kind != NK_VALUE ||
      x->dtype != y->dtype || x->lanes != y->lanes)
    return false;
  unsigned f = op_flags(op);
  DType a = (DType)x->dtype;
  if (f & (OPF_VEC | OPF_GRAPH)) return false;
  if (f & OPF_CMP) {
    *result = DT_BOOL;
  } else {
    if (((f & OPF_FLOAT) && !dt_is_float(a)) || ((f & OPF_INT) && !dt_is_int(a)) ||
        ((f & OPF_LOGIC) && !is_intlike(a)) || (a == DT_BOOL && !(f & OPF_LOGIC)))
      return false;
    *result = a;
  }
  *rlanes = x->lanes;
  return true;
}

const char *vs_type_check_ex(Op op, DType to, int lanes, uint64_t aux, Node *const *args, int nargs,
                             DType *result, int *rlanes) {
  if (op >= OP_COUNT || op == OP_CONST || op == OP_VAR || op == OP_INVALID || op == OP_BUFFER) return "not an operation";
  if (op_is_graph(op)) {
    NodeKind kind;
    *rlanes = 1;
    return graph_type_check(op, to, aux, args, nargs, result, &kind);
  }
  /* graph_value_operands' message for an operand that is no value; the common case, every operand a
   * value, without the call. */
  const char *err = NULL;
  for (int i = 0; i < nargs && !err; i++)
    if (args[i] && args[i]->kind != NK_VALUE) err = graph_value_operands(args, nargs);
  if (err) return err;
  if (op_is_vec(op)) return vec_type_check(op, lanes, aux, args, nargs, result, rlanes);
  err = scalar_type_check(op, to, args, nargs, result);
  if (err) return err;
  /* Lane-wise: every operand (a select's condition included) has the same lane count. */
  for (int i = 1; i < nargs; i++)
    if (args[i]->lanes != args[0]->lanes)
      return "operands have different lane counts (use bcast to widen a scalar)";
  *rlanes = args[0]->lanes;
  return NULL;
}

Node *vs_make(VsCtx *ctx, Op op, DType to, Node *const *args, int nargs) {
  return vs_make_ex(ctx, op, to, 1, 0, args, nargs);
}

static Node *make_typed(VsCtx *ctx, Op op, DType dt, int rlanes, NodeKind kind, uint64_t aux, Node *const *args,
                        int nargs);

Node *vs_make_ex(VsCtx *ctx, Op op, DType to, int lanes, uint64_t aux, Node *const *args, int nargs) {
  DType dt;
  int rlanes = 1;
  NodeKind kind = NK_VALUE;
  if (nargs < 0 || nargs > VS_MAX_LANES) {
    snprintf(ctx->err, sizeof ctx->err, "too many operands");
    return NULL;
  }
  const char *err = nargs == 2 && binary_ok(op, args, &dt, &rlanes) ? NULL
                    : op_is_graph(op) && op != OP_BUFFER  ? graph_type_check(op, to, aux, args, nargs, &dt, &kind)
                                                          : vs_type_check_ex(op, to, lanes, aux, args, nargs, &dt, &rlanes);
  if (err) {
    snprintf(ctx->err, sizeof ctx->err, "%s", err);
    return NULL;
  }
  return make_typed(ctx, op, dt, rlanes, kind, aux, args, nargs);
}

Node *vs_remake(VsCtx *ctx, const Node *orig, Node *const *args) {
  /* A value op's type is a function of its op, aux, target and operands' dtypes, lane counts and kinds
   * (vs_type_check_ex): the same operand types give orig's type again. Graph ops are checked whole. */
  bool same = !op_is_graph((Op)orig->op);
  for (int i = 0; same && i < orig->nargs; i++)
    same = args[i] && args[i]->dtype == orig->args[i]->dtype && args[i]->lanes == orig->args[i]->lanes &&
           args[i]->kind == orig->args[i]->kind;
  if (!same) return vs_make_ex(ctx, (Op)orig->op, (DType)orig->dtype, orig->lanes, orig->aux.bits, args, orig->nargs);
  return make_typed(ctx, (Op)orig->op, (DType)orig->dtype, orig->lanes, (NodeKind)orig->kind, orig->aux.bits, args,
                    orig->nargs);
}

/* The node of a checked type (dt, rlanes, kind): flags, depth and the limits on them, then interned,
 * with its bounds when new. */
static Node *make_typed(VsCtx *ctx, Op op, DType dt, int rlanes, NodeKind kind, uint64_t aux, Node *const *args,
                        int nargs) {
  KeyNode k;
  key_init(&k, op, dt, nargs);
  k.n.lanes = (uint8_t)rlanes;
  k.n.kind = (uint8_t)kind;
  uint32_t depth = 0;
  uint8_t flags = (dt_is_float(dt) ? NF_HAS_FLOAT : 0) | (rlanes > 1 ? NF_HAS_VEC : 0);
  if (op_flags(op) & OPF_UF) flags |= NF_HAS_UF;
  if (op == OP_POW && dt_is_float(dt)) flags |= NF_HAS_UF;
  if (op_is_divmod(op)) flags |= NF_HAS_DIVMOD;
  for (int i = 0; i < nargs; i++) {
    k.n.args[i] = args[i];
    if (args[i]->depth > depth) depth = args[i]->depth;
    flags |= args[i]->flags;
  }
  if (op_is_graph(op)) {
    flags |= NF_HAS_GRAPH;
    if (op != OP_RANGE && op != OP_REDUCE) flags |= NF_HAS_MEM;
    /* A load of a masked pointer is 0, a store to one does nothing: neither is INVALID. */
    if (op == OP_LOAD || op == OP_STORE) flags &= (uint8_t)~NF_HAS_INVALID;
  }
  if ((flags & NF_HAS_INVALID) && (flags & NF_HAS_VEC)) {
    /* INVALID is a scalar value so far: the vector evaluator and encoding have no lane state for it. */
    snprintf(ctx->err, sizeof ctx->err, "'invalid' cannot be used in a vector expression");
    return NULL;
  }
  if ((flags & NF_HAS_GRAPH) && (flags & NF_HAS_VEC)) {
    snprintf(ctx->err, sizeof ctx->err, "vectors are not supported in memory and loop expressions");
    return NULL;
  }
  if (depth >= ctx->max_depth) {
    snprintf(ctx->err, sizeof ctx->err, "expression nested too deeply (limit %u)", ctx->max_depth);
    return NULL;
  }
  k.n.depth = (uint16_t)(depth + 1); /* <= max_depth <= VS_MAX_DEPTH_LIMIT */
  k.n.flags = flags;
  /* GEP: the selection; REDUCE: its op; RANGE, EFFECT: the interned name. CAST, BITCAST: the target is
   * the node's dtype. */
  k.n.aux.bits = op == OP_GEP || op == OP_REDUCE || op == OP_RANGE || op == OP_EFFECT || op == OP_OPAQUE ? aux
                 : vs_nsw_applies(op, dt) ? aux & VS_AUX_NSW
                                          : 0;
  k.n.hash = key_hash(&k.n);
  size_t before = ctx->count;
  Node *n = intern_node(ctx, &k.n);
  if (n && ctx->count != before) bounds_compute(n);
  return n;
}

Node *vs_with_nsw(VsCtx *ctx, Node *n, bool nsw) {
  if (!n || !vs_nsw_applies((Op)n->op, (DType)n->dtype) || vs_is_nsw(n) == nsw) return n;
  return vs_make_ex(ctx, (Op)n->op, (DType)n->dtype, n->lanes, nsw ? VS_AUX_NSW : 0, n->args, n->nargs);
}

Node *vs_un(VsCtx *ctx, Op op, Node *a) { return vs_make(ctx, op, DT_BOOL, &a, 1); }
Node *vs_bin(VsCtx *ctx, Op op, Node *a, Node *b) {
  Node *args[2] = {a, b};
  return vs_make(ctx, op, DT_BOOL, args, 2);
}
Node *vs_tern(VsCtx *ctx, Op op, Node *a, Node *b, Node *c) {
  Node *args[3] = {a, b, c};
  return vs_make(ctx, op, DT_BOOL, args, 3);
}
Node *vs_cast(VsCtx *ctx, DType to, Node *a) { return vs_make(ctx, OP_CAST, to, &a, 1); }

/* ---- traversal ---- */

size_t vs_postorder_many(Node *const *roots, size_t nroots, Node ***out) {
  NodeMap seen;
  nodemap_init(&seen);
  size_t cap = 64, n = 0, scap = 64, sp = 0;
  Node **order = malloc(cap * sizeof *order);
  struct Frame { Node *node; int next; } *stack = malloc(scap * sizeof *stack);
  if (!order || !stack) goto fail;
  for (size_t r = 0; r < nroots; r++) {
    if (!roots[r] || nodemap_get(&seen, roots[r], NULL)) continue;
    if (!nodemap_put(&seen, roots[r], 0)) goto fail;
    stack[sp++] = (struct Frame){roots[r], 0};
    while (sp) {
      struct Frame *f = &stack[sp - 1];
      if (f->next < f->node->nargs) {
        Node *c = f->node->args[f->next++];
        if (nodemap_get(&seen, c, NULL)) continue;
        if (!nodemap_put(&seen, c, 0)) goto fail;
        if (sp == scap) {
          struct Frame *ns = realloc(stack, 2 * scap * sizeof *ns);
          if (!ns) goto fail;
          stack = ns;
          scap *= 2;
        }
        stack[sp++] = (struct Frame){c, 0};
        continue;
      }
      if (n == cap) {
        Node **no = realloc(order, 2 * cap * sizeof *no);
        if (!no) goto fail;
        order = no;
        cap *= 2;
      }
      order[n++] = f->node;
      sp--;
    }
  }
  free(stack);
  nodemap_free(&seen);
  *out = order;
  return n;
fail:
  free(stack);
  free(order);
  nodemap_free(&seen);
  *out = NULL;
  return 0;
}

size_t vs_postorder(Node *root, Node ***out) { return vs_postorder_many(&root, 1, out); }

size_t vs_tree_size(Node *root) {
  Node **order;
  size_t n = vs_postorder(root, &order);
  NodeMap size;
  nodemap_init(&size);
  size_t result = SIZE_MAX;
  for (size_t i = 0; i < n; i++) {
    uint64_t s = 1, c;
    for (int j = 0; j < order[i]->nargs; j++) {
      nodemap_get(&size, order[i]->args[j], &c);
      s = (s + c < s || s + c > SIZE_MAX) ? SIZE_MAX : s + c;
    }
    if (!nodemap_put(&size, order[i], s)) break;
    if (i + 1 == n) result = (size_t)s;
  }
  nodemap_free(&size);
  free(order);
  return result;
}
