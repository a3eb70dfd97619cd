/* gen.c: the byte-driven expression generator (see gen.h). Choice 0 of every decision is the one that
 * ends the expression soonest, so inputs that run out of bytes finish with leaves. */
#include "fuzz/gen.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "ir/vector.h"

/* ---- edge tables ---- */

static FuzzEdges edges_table[DT_COUNT];
static pthread_once_t edges_once = PTHREAD_ONCE_INIT;

static void edges_init(void) {
  for (int d = 0; d < DT_COUNT; d++) {
    edges_table[d].nedge = edge_values((DType)d, edges_table[d].edge);
    edges_table[d].npow2 = edge_pow2_values((DType)d, edges_table[d].pow2);
  }
}

const FuzzEdges *fuzz_edges(DType dt) {
  pthread_once(&edges_once, edges_init);
  return &edges_table[dt];
}

const char *gen_var_name(const GenCase *c, char *buf) {
  static const char *const names[6] = {"x", "y", "z", "w", "u", "v"};
  for (unsigned k = 0;; k++) {
    if (k < 6) snprintf(buf, 16, "%s", names[k]);
    else snprintf(buf, 16, "%s%u", names[k % 6], k / 6);
    size_t i = 0;
    while (i < c->nvars && strcmp(c->vars[i]->aux.name, buf)) i++;
    if (i == c->nvars) return buf;
  }
}

/* ---- state ---- */

enum { POOL = 32 };

/* Graph cases (docs/fuzzing.md, "What the generator makes"): at most this many buffers, ranges, and
 * loops around one node; LOOP_BUDGET bounds the iterations of every loop nest (the product of the trip
 * bounds of the loops around a node), so that the evaluator and Z3 stay fast. */
enum { GEN_MAX_BUFS = 3, GEN_MAX_RANGES = 12, GEN_MAX_SCOPE = 6, LOOP_BUDGET = 32 };

typedef struct {
  VsCtx *ctx;
  FuzzIn *in;
  GenCase *c;
  unsigned ops_left, max_depth, max_vars;
  bool no_invalid;
  Node *pool[POOL]; /* recently built nodes, for reuse */
  unsigned npool, pool_next;
  /* graph cases only (graph is false for scalar and vector cases, which then read no extra decision) */
  bool graph;
  Node *bufs[GEN_MAX_BUFS];
  unsigned nbufs;
  Node *range[GEN_MAX_RANGES]; /* every range made, in order (its index names it) */
  uint64_t trips[GEN_MAX_RANGES]; /* a bound on its end's value: what the loop may iterate */
  bool is_free[GEN_MAX_RANGES];   /* made to be used outside every loop */
  unsigned nranges;
  Node *scope[GEN_MAX_SCOPE]; /* the ranges bound by the loops around the node being built */
  unsigned nscope;
  uint64_t iters; /* the product of their trip bounds */
} Gen;

static void pool_add(Gen *g, Node *n) {
  if (!n) return;
  g->pool[g->pool_next] = n;
  g->pool_next = (g->pool_next + 1) % POOL;
  if (g->npool < POOL) g->npool++;
}

static Node *mk(Gen *g, Op op, DType to, Node *const *args, int n) {
  for (int i = 0; i < n; i++)
    if (!args[i]) return NULL;
  Node *r = vs_make(g->ctx, op, to, args, n);
  if (!r) {
    g->c->errors++;
    return NULL;
  }
  if (g->ops_left) g->ops_left--;
  pool_add(g, r);
  return r;
}
static Node *mk1(Gen *g, Op op, Node *a) { return mk(g, op, DT_BOOL, &a, 1); }
static Node *mk2(Gen *g, Op op, Node *a, Node *b) {
  Node *args[2] = {a, b};
  return mk(g, op, DT_BOOL, args, 2);
}
static Node *mk3(Gen *g, Op op, Node *a, Node *b, Node *c) {
  Node *args[3] = {a, b, c};
  return mk(g, op, DT_BOOL, args, 3);
}
static Node *mkcast(Gen *g, Op op, DType to, Node *a) { return mk(g, op, to, &a, 1); }

/* ---- dtypes and constants ---- */

/* bool i8 i16 i32 i64 u8 u16 u32 u64 index f16 f32 f64 */
static const uint8_t dtype_weight[DT_COUNT] = {12, 14, 9, 7, 5, 12, 9, 6, 4, 11, 4, 4, 3};
static const uint8_t int_weight[DT_COUNT] = {0, 14, 9, 7, 5, 12, 9, 6, 4, 11, 0, 0, 0};

DType gen_dtype(FuzzIn *in) { return (DType)fin_weighted(in, dtype_weight, DT_COUNT); }
static DType gen_int_dtype(FuzzIn *in) { return (DType)fin_weighted(in, int_weight, DT_COUNT); }

static uint64_t pick(FuzzIn *in, const uint64_t *v, size_t n) { return n ? v[fin_below(in, n)] : 0; }

static uint64_t const_bits(FuzzIn *in, DType dt) {
  const FuzzEdges *e = fuzz_edges(dt);
  if (dt == DT_BOOL) return fin_byte(in) & 1;
  int w = dt_bits(dt);
  switch (fin_below(in, 8)) {
  case 0: case 1: case 2: return pick(in, e->edge, e->nedge);
  case 3: case 4: return pick(in, e->pow2, e->npow2);
  case 5:
    if (dt_is_float(dt)) return pick(in, e->edge, e->nedge);
    {
      uint64_t v = fin_below(in, 17);
      return dt_is_signed(dt) && (fin_byte(in) & 1) ? im_wrap(dt, 0 - v) : v;
    }
  case 6: return im_wrap(dt, fin_u64(in));
  default: /* shift amounts and widths */
    return dt_is_float(dt) ? pick(in, e->pow2, e->npow2) : im_wrap(dt, fin_below(in, (uint64_t)w + 2));
  }
}

Node *gen_const(VsCtx *ctx, FuzzIn *in, DType dt) { return vs_const(ctx, dt, const_bits(in, dt)); }

/* A positive constant for divisors and strides: a power of two (or a neighbour), or a small value. */
static Node *positive_const(Gen *g, DType dt) {
  int w = dt_bits(dt) - (dt_is_signed(dt) ? 1 : 0);
  int cap = w < 13 ? w : 13;
  uint64_t v;
  switch (fin_below(g->in, 4)) {
  case 0: case 1: v = UINT64_C(1) << fin_below(g->in, (uint64_t)cap); break;
  case 2: v = 1 + fin_below(g->in, 12); break;
  default: v = (UINT64_C(1) << fin_below(g->in, (uint64_t)cap)) + (fin_byte(g->in) & 1 ? 1 : UINT64_MAX); break;
  }
  if (!v || im_value(dt, im_wrap(dt, v)) <= 0) v = 1;
  return vs_const(g->ctx, dt, im_wrap(dt, v));
}

/* ---- variables ---- */

static i128 range_extent(Gen *g, DType dt) {
  int w = dt_bits(dt) - (dt_is_signed(dt) ? 1 : 0);
  int e = (int)fin_below(g->in, (uint64_t)w + 1);
  i128 k = ((i128)1 << e) - 1 + (i128)fin_below(g->in, 3);
  i128 span = im_max(dt) - im_min(dt);
  return k > span ? span : k;
}

/* How many of c's declarations are variables (graph cases declare buffers too). */
static size_t var_count(const GenCase *c) {
  size_t n = 0;
  for (size_t i = 0; i < c->nvars; i++) n += c->vars[i]->op == OP_VAR;
  return n;
}

static Node *new_var_lanes(Gen *g, DType dt, int lanes) {
  GenCase *c = g->c;
  if (var_count(c) >= g->max_vars || c->nvars >= GEN_CASE_VARS) return NULL;
  i128 lo = im_min(dt), hi = im_max(dt);
  unsigned rk = (unsigned)fin_below(g->in, 16);
  if (dt == DT_BOOL) {
    if (rk >= 14) lo = hi = rk & 1;
  } else if (dt_is_int(dt) && rk >= 8) {
    const FuzzEdges *e = fuzz_edges(dt);
    switch (rk) {
    case 8: lo = 0; hi = range_extent(g, dt); break;
    case 9: lo = 1; hi = 1 + range_extent(g, dt); break;
    case 10: hi = lo + range_extent(g, dt); break;
    case 11: lo = hi - range_extent(g, dt); break;
    case 12: hi = range_extent(g, dt); lo = dt_is_signed(dt) ? -hi : 0; break;
    case 15: lo = hi = im_value(dt, pick(g->in, e->edge, e->nedge)); break;
    default: {
      i128 a = im_value(dt, pick(g->in, e->edge, e->nedge)), b = im_value(dt, pick(g->in, e->edge, e->nedge));
      lo = a < b ? a : b;
      hi = a < b ? b : a;
      break;
    }
    }
    if (lo < im_min(dt)) lo = im_min(dt);
    if (hi > im_max(dt)) hi = im_max(dt);
    if (lo > hi) lo = hi;
  }
  char name[16];
  Node *v = vs_var_lanes(g->ctx, gen_var_name(c, name), dt, lanes, lo, hi);
  if (!v) {
    c->errors++;
    return NULL;
  }
  c->vars[c->nvars++] = v;
  return v;
}

static Node *new_var(Gen *g, DType dt) { return new_var_lanes(g, dt, 1); }

/* An existing variable of dt, or a new one. */
static Node *var_of(Gen *g, DType dt) {
  Node *have[GEN_CASE_VARS];
  size_t m = 0;
  for (size_t i = 0; i < g->c->nvars; i++) /* buffers are declared too: variables only */
    if (g->c->vars[i]->op == OP_VAR && g->c->vars[i]->dtype == dt && g->c->vars[i]->lanes == 1) have[m++] = g->c->vars[i];
  size_t r = (size_t)fin_below(g->in, m + 1);
  if (r < m) return have[r];
  Node *v = new_var(g, dt);
  return v ? v : m ? have[0] : NULL;
}

static Node *graph_leaf(Gen *g, DType dt);

static Node *leaf(Gen *g, DType dt) {
  if (g->graph) {
    Node *n = graph_leaf(g, dt);
    if (n) return n;
  }
  if (fin_below(g->in, 8) < 5) {
    Node *v = var_of(g, dt);
    if (v) return v;
  }
  return gen_const(g->ctx, g->in, dt);
}

/* A node of dt from the pool of recent nodes, or NULL. */
static Node *reuse(Gen *g, DType dt) {
  if (!g->npool) return NULL;
  unsigned start = (unsigned)fin_below(g->in, g->npool);
  for (unsigned i = 0; i < g->npool; i++) {
    Node *n = g->pool[(start + i) % g->npool];
    /* vector nodes are in the pool too, and in graph cases buffers, pointers and effects */
    /* inside a loop of a graph case, no graph node: a reused loop would multiply the iterations */
    if (g->graph && g->nscope && (n->flags & NF_HAS_GRAPH)) continue;
    if (n->dtype == dt && n->lanes == 1 && n->kind == NK_VALUE) return n;
  }
  return NULL;
}

/* ---- shapes ---- */

static Node *gen(Gen *g, DType dt, unsigned depth);

static const Op int_bin_ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD, OP_AND,
                                 OP_OR,  OP_XOR, OP_SHL, OP_SHR,  OP_MIN, OP_MAX,  OP_POW};
static const uint8_t int_bin_weight[] = {7, 4, 5, 4, 4, 2, 2, 2, 2, 2, 2, 2, 3, 3, 1};
static const Op float_bin_ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_FDIV, OP_MIN, OP_MAX, OP_POW};
static const uint8_t float_bin_weight[] = {6, 4, 5, 4, 2, 2, 1};
static const Op float_un_ops[] = {OP_NEG,  OP_SQRT,  OP_TRUNC, OP_FLOOR, OP_CEIL,
                                  OP_ROUND, OP_RECIP, OP_EXP2,  OP_LOG2,  OP_SIN};
static const uint8_t float_un_weight[] = {6, 3, 3, 3, 3, 3, 2, 1, 1, 1};
static const Op cmp_ops[] = {OP_EQ, OP_NE, OP_LT, OP_LE};

#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

static Node *bin_op(Gen *g, DType dt, unsigned d) {
  Op op = dt_is_float(dt) ? float_bin_ops[fin_weighted(g->in, float_bin_weight, NELEM(float_bin_weight))]
                          : int_bin_ops[fin_weighted(g->in, int_bin_weight, NELEM(int_bin_weight))];
  return mk2(g, op, gen(g, dt, d + 1), gen(g, dt, d + 1));
}

/* e OP c (or c OP e): chains of constants, identities, divisions and shifts by constants. */
static Node *const_op(Gen *g, DType dt, unsigned d) {
  bool fl = dt_is_float(dt);
  Op op = fl ? float_bin_ops[fin_weighted(g->in, float_bin_weight, NELEM(float_bin_weight) - 1)]
             : int_bin_ops[fin_weighted(g->in, int_bin_weight, NELEM(int_bin_weight))];
  Node *e = gen(g, dt, d + 1);
  if (!fl && op == OP_POW && fin_byte(g->in) % 2) {
    /* A base the solver's rewriter can see is odd (e * even + odd) under a large exponent: the shape
     * whose chain of squares Z3 once flattened into 2^31 factors
     * (corpus/regressions/programs/pow_odd_base_flatten.vs). */
    Node *even = vs_const_int(g->ctx, dt, (i128)(2 * (1 + fin_below(g->in, 32))));
    Node *odd = vs_const_int(g->ctx, dt, (i128)(1 + 2 * fin_below(g->in, 16)));
    Node *k = vs_const_int(g->ctx, dt, im_max(dt) - (i128)fin_below(g->in, 1025));
    return mk2(g, op, mk2(g, OP_ADD, mk2(g, OP_MUL, e, even), odd), k);
  }
  Node *c = (!fl && (op == OP_IDIV || op == OP_MOD) && fin_byte(g->in) % 4) ? positive_const(g, dt)
                                                                             : gen_const(g->ctx, g->in, dt);
  return fin_byte(g->in) % 4 == 3 ? mk2(g, op, c, e) : mk2(g, op, e, c);
}

/* Affine index arithmetic: x*s1 + y*s2 + c, optionally under // % tdiv tmod by a stride. */
static Node *affine(Gen *g, DType dt, unsigned d) {
  unsigned terms = 1 + (unsigned)fin_below(g->in, 3);
  Node *sum = NULL, *stride = NULL;
  for (unsigned i = 0; i < terms; i++) {
    Node *x = fin_byte(g->in) % 4 == 3 ? gen(g, dt, d + 2) : var_of(g, dt);
    if (!x) x = leaf(g, dt);
    Node *s = positive_const(g, dt);
    if (!stride || fin_byte(g->in) & 1) stride = s;
    Node *t = fin_byte(g->in) % 8 == 7 ? x : mk2(g, OP_MUL, x, s);
    sum = sum ? mk2(g, OP_ADD, sum, t) : t;
  }
  if (fin_byte(g->in) % 2) sum = mk2(g, OP_ADD, sum, gen_const(g->ctx, g->in, dt));
  Node *div = fin_byte(g->in) % 2 ? stride : positive_const(g, dt);
  switch (fin_below(g->in, 6)) {
  case 1: return mk2(g, OP_IDIV, sum, div);
  case 2: return mk2(g, OP_MOD, sum, div);
  case 3: return mk2(g, OP_TDIV, sum, div);
  case 4: return mk2(g, OP_TMOD, sum, div);
  default: return sum;
  }
}

/* Nested // % tdiv tmod with constant divisors, and the div/mod recombinations. */
static Node *divmod(Gen *g, DType dt, unsigned d) {
  Node *e = gen(g, dt, d + 1);
  Node *c1 = positive_const(g, dt), *c2 = fin_byte(g->in) % 4 == 3 ? c1 : positive_const(g, dt);
  switch (fin_below(g->in, 10)) {
  case 0: return mk2(g, OP_MOD, mk2(g, OP_IDIV, e, c1), c2);
  case 1: return mk2(g, OP_IDIV, mk2(g, OP_MOD, e, c1), c2);
  case 2: return mk2(g, OP_ADD, mk2(g, OP_MUL, mk2(g, OP_IDIV, e, c1), c1), mk2(g, OP_MOD, e, c1));
  case 3: return mk2(g, OP_SUB, e, mk2(g, OP_MUL, mk2(g, OP_IDIV, e, c1), c1));
  case 4: return mk2(g, OP_IDIV, mk2(g, OP_IDIV, e, c1), c2);
  case 5: return mk2(g, OP_TDIV, mk2(g, OP_TMOD, e, c1), c2);
  case 6: return mk2(g, OP_MOD, mk2(g, OP_MOD, e, c1), c2);
  case 7: return mk2(g, OP_IDIV, mk2(g, OP_MUL, e, c1), c2);
  case 8: return mk2(g, OP_ADD, mk2(g, OP_MUL, mk2(g, OP_TDIV, e, c1), c1), mk2(g, OP_TMOD, e, c1));
  default: return mk2(g, OP_TDIV, mk2(g, OP_TDIV, e, c1), c2);
  }
}

static Node *clamp(Gen *g, DType dt, unsigned d) {
  Node *e = gen(g, dt, d + 1);
  Node *c1 = gen_const(g->ctx, g->in, dt), *c2 = gen_const(g->ctx, g->in, dt);
  switch (fin_below(g->in, 4)) {
  case 0: return mk2(g, OP_MIN, e, c1);
  case 1: return mk2(g, OP_MAX, e, c1);
  case 2: return mk2(g, OP_MIN, mk2(g, OP_MAX, e, c1), c2);
  default: return mk2(g, OP_MAX, mk2(g, OP_MIN, e, c1), c2);
  }
}

static Node *select_of(Gen *g, DType dt, unsigned d) {
  Node *c = gen(g, DT_BOOL, d + 1);
  Node *a = gen(g, dt, d + 1);
  /* At index, one select in four is a masked index (docs/semantics.md, "The invalid index"). */
  unsigned k = fin_byte(g->in) % 4;
  Node *b = k == 3 ? a : k == 2 && dt == DT_INDEX && !g->no_invalid ? vs_invalid(g->ctx) : gen(g, dt, d + 1);
  return mk3(g, OP_SELECT, c, a, b);
}

static Node *cast_to(Gen *g, DType dt, unsigned d) {
  DType from = gen_dtype(g->in);
  if (from == dt) from = fin_byte(g->in) % 2 ? DT_BOOL : DT_I32;
  return mkcast(g, OP_CAST, dt, gen(g, from, d + 1));
}

/* The dtypes of dt's width other than dt itself, bool excluded. */
static DType bitcast_source(Gen *g, DType dt) {
  DType same[DT_COUNT];
  int n = 0;
  for (int t = DT_I8; t < DT_COUNT; t++)
    if (t != (int)dt && dt_bits((DType)t) == dt_bits(dt)) same[n++] = (DType)t;
  return n ? same[fin_below(g->in, (uint64_t)n)] : DT_COUNT;
}

static Node *bitcast_to(Gen *g, DType dt, unsigned d) {
  DType from = bitcast_source(g, dt);
  if (from == DT_COUNT) return NULL;
  return mkcast(g, OP_BITCAST, dt, gen(g, from, d + 1));
}

static Node *mulacc(Gen *g, DType dt, unsigned d) {
  return mk3(g, OP_MULACC, gen(g, dt, d + 1), gen(g, dt, d + 1), gen(g, dt, d + 1));
}

/* A comparison: of two subexpressions, against a constant, or of e against e + c. */
static Node *compare(Gen *g, unsigned d, int kind) {
  DType t = kind == 2 ? gen_int_dtype(g->in) : fin_byte(g->in) % 8 == 7 ? DT_BOOL : gen_dtype(g->in);
  Op op = cmp_ops[fin_below(g->in, 4)];
  Node *a = gen(g, t, d + 1), *b;
  if (kind == 0) b = gen(g, t, d + 1);
  else if (kind == 1) b = gen_const(g->ctx, g->in, t);
  else {
    Node *c = fin_byte(g->in) % 2 ? vs_const(g->ctx, t, 1) : gen_const(g->ctx, g->in, t);
    b = mk2(g, fin_byte(g->in) % 4 == 3 ? OP_SUB : OP_ADD, a, c);
  }
  return fin_byte(g->in) % 2 ? mk2(g, op, b, a) : mk2(g, op, a, b);
}

/* Idioms of index and ALU code that pair two subexpressions the way simplifier rules look for them:
 * select as min/max, min/max of scaled or offset operands, negations meeting, shifts and adds, a
 * variable factor of both sides of a division. */
static Node *int_idiom(Gen *g, DType dt, unsigned d) {
  Node *a = gen(g, dt, d + 1), *b = fin_byte(g->in) % 4 == 3 ? a : gen(g, dt, d + 1);
  Node *c = fin_byte(g->in) % 2 ? positive_const(g, dt) : gen_const(g->ctx, g->in, dt);
  Node *c2 = gen_const(g->ctx, g->in, dt);
  Op mm = fin_byte(g->in) % 2 ? OP_MIN : OP_MAX;
  switch (fin_below(g->in, 15)) {
  case 0: return mk3(g, OP_SELECT, mk2(g, fin_byte(g->in) % 2 ? OP_LT : OP_LE, a, b), a, b);
  case 1: return mk3(g, OP_SELECT, mk2(g, fin_byte(g->in) % 2 ? OP_LT : OP_LE, a, b), b, a);
  case 2: return fin_byte(g->in) % 2 ? mk3(g, OP_SELECT, mk2(g, OP_EQ, a, c), c, a) : mk3(g, OP_SELECT, mk2(g, OP_NE, a, c), a, c);
  case 3: return mk2(g, mm, mk2(g, OP_MUL, a, c), mk2(g, OP_MUL, b, c));
  case 4: return mk2(g, mm, mk1(g, OP_NEG, a), mk1(g, OP_NEG, b));
  case 5: return mk2(g, mm, mk2(g, OP_SUB, a, c), mk2(g, OP_SUB, a, c2));
  case 6: return mk2(g, mm, a, mk2(g, fin_byte(g->in) % 2 ? OP_SUB : OP_ADD, a, c));
  case 7: return mk2(g, OP_ADD, mk2(g, OP_SHL, a, vs_const(g->ctx, dt, fin_below(g->in, (uint64_t)dt_bits(dt)))), a);
  case 8: return mk2(g, OP_ADD, a, mk1(g, OP_NEG, fin_byte(g->in) % 2 ? a : b));
  case 9: return mk2(g, fin_byte(g->in) % 2 ? OP_ADD : OP_SUB, mk1(g, OP_NEG, a), mk1(g, OP_NEG, b));
  case 10: return mk2(g, OP_ADD, a, mk2(g, OP_MUL, b, vs_const_int(g->ctx, dt, -1)));
  case 11: return mk2(g, OP_IDIV, mk2(g, OP_ADD, mk2(g, OP_MUL, a, c), mk2(g, OP_MUL, b, c)), c);
  case 12: return mk2(g, OP_IDIV, mk2(g, OP_SUB, vs_const(g->ctx, dt, 0), a), c);
  case 13: {
    static const Op divs[4] = {OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD};
    Node *v = var_of(g, dt), *w = fin_byte(g->in) % 2 ? var_of(g, dt) : b;
    return mk2(g, divs[fin_below(g->in, 4)], mk2(g, OP_ADD, mk2(g, OP_MUL, a, v), mk2(g, OP_MUL, mk2(g, OP_MUL, b, v), c)),
               mk2(g, OP_MUL, v, w));
  }
  default: return mk2(g, OP_OR, mk2(g, OP_XOR, a, b), mk2(g, OP_AND, a, b));
  }
}

/* Comparisons and their conjunctions as rules look for them: ranges, offsets, scalings. */
static Node *bool_idiom(Gen *g, unsigned d) {
  DType t = gen_int_dtype(g->in);
  Node *a = gen(g, t, d + 1), *b = gen(g, t, d + 1);
  Node *c1 = gen_const(g->ctx, g->in, t), *c2 = gen_const(g->ctx, g->in, t);
  Op lg = fin_byte(g->in) % 2 ? OP_AND : OP_OR;
  switch (fin_below(g->in, 9)) {
  case 0: return mk2(g, lg, mk2(g, OP_LT, a, c1), mk2(g, OP_LT, c2, a));
  case 1: return mk2(g, lg, mk2(g, OP_LT, c1, a), mk2(g, OP_LT, c2, a));
  case 2: return mk2(g, lg, mk2(g, OP_LT, a, c1), mk2(g, OP_LT, a, c2));
  case 3: return mk2(g, lg, mk2(g, OP_LE, a, c1), mk2(g, OP_LE, c1, a));
  case 4: return mk2(g, OP_LT, mk2(g, OP_MUL, a, c1), mk2(g, OP_MUL, b, c1));
  case 5: return mk2(g, fin_byte(g->in) % 2 ? OP_LT : OP_LE, mk2(g, OP_SUB, a, c1), c2);
  case 6: return mk2(g, OP_EQ, mk2(g, fin_byte(g->in) % 2 ? OP_XOR : OP_SUB, a, c1), c2);
  case 7: return mk2(g, fin_byte(g->in) % 2 ? OP_LT : OP_LE, mk1(g, OP_NEG, a), mk1(g, OP_NEG, b));
  default: return mk2(g, lg, mk2(g, OP_EQ, a, b), mk2(g, OP_NE, a, b));
  }
}

/* A cast chain through an intermediate dtype: cast(cast(x)), the shapes cast rules fold. */
static Node *cast_chain(Gen *g, DType dt, unsigned d) {
  DType mid = gen_dtype(g->in), from = fin_byte(g->in) % 2 ? dt : gen_dtype(g->in);
  return mkcast(g, OP_CAST, dt, mkcast(g, OP_CAST, mid, gen(g, from, d + 1)));
}

enum { S_LEAF, S_BIN, S_CONSTOP, S_AFFINE, S_DIVMOD, S_CLAMP, S_SELECT, S_CAST, S_UNARY, S_MULACC, S_BITCAST,
       S_IDIOM, S_CHAIN, S_N };
static const uint8_t int_shape_weight[S_N] = {10, 20, 16, 10, 9, 5, 5, 6, 5, 3, 3, 10, 3};
static const uint8_t float_shape_weight[S_N] = {10, 20, 14, 0, 0, 3, 5, 7, 12, 3, 3, 0, 3};

enum { B_LEAF, B_CMP, B_CMPCONST, B_OFFSET, B_LOGIC, B_NOT, B_SELECT, B_CAST, B_IDIOM, B_N };
static const uint8_t bool_shape_weight[B_N] = {10, 22, 22, 8, 16, 5, 4, 6, 12};

static Node *gen_bool(Gen *g, unsigned d) {
  switch (fin_weighted(g->in, bool_shape_weight, B_N)) {
  case B_CMP: return compare(g, d, 0);
  case B_CMPCONST: return compare(g, d, 1);
  case B_OFFSET: return compare(g, d, 2);
  case B_LOGIC: {
    static const Op ops[] = {OP_AND, OP_OR, OP_XOR};
    return mk2(g, ops[fin_below(g->in, 3)], gen(g, DT_BOOL, d + 1), gen(g, DT_BOOL, d + 1));
  }
  case B_NOT: return mk1(g, OP_NOT, gen(g, DT_BOOL, d + 1));
  case B_SELECT: return select_of(g, DT_BOOL, d);
  case B_CAST: return fin_byte(g->in) % 4 == 3 ? cast_chain(g, DT_BOOL, d) : cast_to(g, DT_BOOL, d);
  case B_IDIOM: return bool_idiom(g, d);
  default: return leaf(g, DT_BOOL);
  }
}

static Node *gen_num(Gen *g, DType dt, unsigned d) {
  bool fl = dt_is_float(dt);
  switch (fin_weighted(g->in, fl ? float_shape_weight : int_shape_weight, S_N)) {
  case S_BIN: return bin_op(g, dt, d);
  case S_CONSTOP: return const_op(g, dt, d);
  case S_AFFINE: return affine(g, dt, d);
  case S_DIVMOD: return divmod(g, dt, d);
  case S_CLAMP: return clamp(g, dt, d);
  case S_SELECT: return select_of(g, dt, d);
  case S_CAST: return cast_to(g, dt, d);
  case S_UNARY:
    if (fl) return mk1(g, float_un_ops[fin_weighted(g->in, float_un_weight, NELEM(float_un_weight))], gen(g, dt, d + 1));
    return mk1(g, fin_byte(g->in) % 2 ? OP_NOT : OP_NEG, gen(g, dt, d + 1));
  case S_MULACC: return mulacc(g, dt, d);
  case S_BITCAST: return bitcast_to(g, dt, d);
  case S_IDIOM: return int_idiom(g, dt, d);
  case S_CHAIN: return cast_chain(g, dt, d);
  default: return leaf(g, dt);
  }
}

static Node *graph_value(Gen *g, DType dt, unsigned d);

static Node *gen(Gen *g, DType dt, unsigned depth) {
  if (depth >= g->max_depth || !g->ops_left || fin_done(g->in)) return leaf(g, dt);
  if (fin_byte(g->in) % 8 == 7) {
    Node *r = reuse(g, dt);
    if (r) return r;
  }
  /* In a graph case one node in three is a graph shape (a load, a reduction, a value after an effect);
   * other cases read no byte here. */
  if (g->graph && fin_byte(g->in) % 3 == 2) {
    Node *n = graph_value(g, dt, depth);
    if (n) return n;
  }
  Node *n = dt == DT_BOOL ? gen_bool(g, depth) : gen_num(g, dt, depth);
  return n ? n : leaf(g, dt);
}

/* ---- vectors (issue 6; docs/fuzzing.md, "Vectors") ----
 *
 * A vector case is vector-valued, or a scalar taken out of a vector by a one-lane gep. Lane dtypes lean
 * toward index (the address arithmetic the GEP folds target) and the narrow integers; lane counts
 * toward 4 and 2. Scalar subterms (vec operands, bcast operands) come from the scalar generator. */

/* bool i8 i16 i32 i64 u8 u16 u32 u64 index f16 f32 f64 */
static const uint8_t vec_dtype_weight[DT_COUNT] = {3, 8, 4, 5, 2, 7, 3, 2, 1, 14, 0, 2, 0};
static const int vec_lane_counts[] = {4, 2, 3, 8, 16};
static const uint8_t vec_lane_weight[] = {8, 6, 3, 4, 1};

static DType gen_vec_dtype(FuzzIn *in) { return (DType)fin_weighted(in, vec_dtype_weight, DT_COUNT); }
static int gen_lanes(FuzzIn *in) { return vec_lane_counts[fin_weighted(in, vec_lane_weight, NELEM(vec_lane_weight))]; }

/* Records a vector builder's result like mk() does (NULL operands propagate without counting). */
static Node *vtrack(Gen *g, Node *r) {
  if (!r) {
    g->c->errors++;
    return NULL;
  }
  if (g->ops_left) g->ops_left--;
  pool_add(g, r);
  return r;
}
/* A lane holds no invalid index (vs_type_check refuses one), but the scalar generator makes masked
 * indices: such an element becomes 0 of its dtype, deterministically. */
static Node *lane_elem(Gen *g, Node *x) {
  return x && (x->flags & NF_HAS_INVALID) ? vs_const_int(g->ctx, (DType)x->dtype, 0) : x;
}
static Node *mkvec(Gen *g, Node *const *e, int n) {
  Node *el[VS_MAX_LANES];
  if (n > VS_MAX_LANES) return NULL;
  for (int i = 0; i < n; i++)
    if (!(el[i] = lane_elem(g, e[i]))) return NULL;
  return vtrack(g, vs_vec(g->ctx, el, n));
}
static Node *mkbcast(Gen *g, Node *x, int lanes) {
  x = lane_elem(g, x);
  return x ? vtrack(g, vs_bcast(g->ctx, x, lanes)) : NULL;
}
static Node *mkgep(Gen *g, Node *v, const int *idx, int n) { return v ? vtrack(g, vs_gep(g->ctx, v, idx, n)) : NULL; }
static Node *mkcat(Gen *g, Node *a, Node *b) {
  Node *p[2] = {a, b};
  return a && b ? vtrack(g, vs_cat(g->ctx, p, 2)) : NULL;
}

static Node *gvec(Gen *g, DType dt, int lanes, unsigned d);

/* An existing vector variable of this type, or a new one (with or without a declared range). */
static Node *vvar_of(Gen *g, DType dt, int lanes) {
  Node *have[GEN_CASE_VARS];
  size_t m = 0;
  for (size_t i = 0; i < g->c->nvars; i++)
    if (g->c->vars[i]->op == OP_VAR && g->c->vars[i]->dtype == dt && g->c->vars[i]->lanes == lanes)
      have[m++] = g->c->vars[i];
  size_t r = (size_t)fin_below(g->in, m + 1);
  if (r < m) return have[r];
  Node *v = new_var_lanes(g, dt, lanes);
  return v ? v : m ? have[0] : NULL;
}

/* A constant vector: a ramp base + k * step (the lane offsets of vectorized index code) or edge
 * constants lane by lane. */
static Node *vconst(Gen *g, DType dt, int lanes) {
  Node *e[VS_MAX_LANES];
  bool ramp = !dt_is_float(dt) && dt != DT_BOOL && fin_byte(g->in) % 2;
  i128 base = ramp ? im_value(dt, const_bits(g->in, dt)) : 0, step = ramp ? (i128)fin_below(g->in, 5) : 0;
  if (ramp && fin_byte(g->in) % 2) base = 0;
  for (int k = 0; k < lanes; k++)
    e[k] = ramp ? vs_const(g->ctx, dt, im_wrap(dt, (uint64_t)(base + step * k))) : gen_const(g->ctx, g->in, dt);
  return mkvec(g, e, lanes);
}

static Node *vleaf(Gen *g, DType dt, int lanes) {
  switch (fin_below(g->in, 8)) {
  case 0: case 1: case 2: case 3: case 4: {
    Node *v = vvar_of(g, dt, lanes);
    if (v) return v;
  } /* fall through */
  case 5: case 6: return mkbcast(g, gen_const(g->ctx, g->in, dt), lanes);
  default: return vconst(g, dt, lanes);
  }
}

/* Lane indices of a gep selecting n lanes out of m: identity, reversal, rotation, a broadcast of one
 * lane, or random. */
static void gep_lanes(Gen *g, int *idx, int n, int m) {
  unsigned kind = (unsigned)fin_below(g->in, 5), r = (unsigned)fin_below(g->in, (uint64_t)m);
  for (int k = 0; k < n; k++) {
    switch (kind) {
    case 0: idx[k] = k % m; break;
    case 1: idx[k] = (m - 1 - k % m); break;
    case 2: idx[k] = (int)((k + r) % (unsigned)m); break;
    case 3: idx[k] = (int)r; break;
    default: idx[k] = (int)fin_below(g->in, (uint64_t)m); break;
    }
  }
}

/* n lanes (1: a scalar) out of a vector: of a subterm, of a vec, bcast or cat (what the GEP folds
 * take apart), or of another gep (composition). */
static Node *gep_of(Gen *g, DType dt, int n, unsigned d) {
  int m = gen_lanes(g->in), idx[VS_MAX_LANES];
  if (fin_byte(g->in) % 4 == 0) m = n > 1 ? n : m; /* identity permutations become possible */
  Node *v;
  switch (fin_below(g->in, 4)) {
  case 0: {
    int m2 = gen_lanes(g->in), idx2[VS_MAX_LANES];
    gep_lanes(g, idx2, m, m2);
    v = mkgep(g, gvec(g, dt, m2, d + 2), idx2, m); /* gep(gep(x, idx2), idx): composition */
    break;
  }
  default: v = gvec(g, dt, m, d + 1); break;
  }
  gep_lanes(g, idx, n, m);
  return mkgep(g, v, idx, n);
}

static const Op vec_int_ops[] = {OP_ADD, OP_MUL, OP_SUB, OP_IDIV, OP_MOD, OP_MIN, OP_MAX, OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR};
static const uint8_t vec_int_weight[] = {9, 7, 3, 4, 4, 2, 2, 1, 1, 1, 1, 1};
static const Op vec_float_ops[] = {OP_ADD, OP_MUL, OP_SUB, OP_MIN, OP_MAX};
static const uint8_t vec_float_weight[] = {4, 3, 2, 1, 1};

/* Lane-wise a OP b; the second operand is often a broadcast constant (strides, divisors). */
static Node *vbin(Gen *g, DType dt, int lanes, unsigned d) {
  bool fl = dt_is_float(dt);
  Op op = fl ? vec_float_ops[fin_weighted(g->in, vec_float_weight, NELEM(vec_float_weight))]
             : vec_int_ops[fin_weighted(g->in, vec_int_weight, NELEM(vec_int_weight))];
  Node *a = gvec(g, dt, lanes, d + 1), *b;
  if (fin_byte(g->in) % 2) b = mkbcast(g, fl ? gen_const(g->ctx, g->in, dt) : positive_const(g, dt), lanes);
  else b = gvec(g, dt, lanes, d + 1);
  return mk2(g, op, a, b);
}

/* Vectorized address arithmetic: bcast(x) * stride + ramp, or v * bcast(s) + bcast(y), optionally
 * under // or % by the stride. */
static Node *vaffine(Gen *g, DType dt, int lanes, unsigned d) {
  Node *s = mkbcast(g, positive_const(g, dt), lanes), *sum;
  if (fin_byte(g->in) % 2) {
    Node *x = mkbcast(g, fin_byte(g->in) % 4 == 3 ? gen(g, dt, d + 2) : leaf(g, dt), lanes);
    sum = mk2(g, OP_ADD, mk2(g, OP_MUL, x, s), vconst(g, dt, lanes));
  } else {
    sum = mk2(g, OP_ADD, mk2(g, OP_MUL, gvec(g, dt, lanes, d + 1), s), mkbcast(g, leaf(g, dt), lanes));
  }
  switch (fin_below(g->in, 4)) {
  case 1: return mk2(g, OP_IDIV, sum, s);
  case 2: return mk2(g, OP_MOD, sum, s);
  default: return sum;
  }
}

/* A boolean mask: a lane-wise comparison, a logic op of masks, or a bool vector leaf. */
static Node *vmask(Gen *g, int lanes, unsigned d) {
  switch (fin_below(g->in, 6)) {
  case 0: return vleaf(g, DT_BOOL, lanes);
  case 1: {
    static const Op ops[] = {OP_AND, OP_OR, OP_XOR};
    return mk2(g, ops[fin_below(g->in, 3)], gvec(g, DT_BOOL, lanes, d + 1), gvec(g, DT_BOOL, lanes, d + 1));
  }
  case 2: return mk1(g, OP_NOT, gvec(g, DT_BOOL, lanes, d + 1));
  default: {
    DType t = gen_vec_dtype(g->in);
    if (t == DT_BOOL) t = DT_INDEX;
    Node *a = gvec(g, t, lanes, d + 1);
    Node *b = fin_byte(g->in) % 2 ? mkbcast(g, gen_const(g->ctx, g->in, t), lanes) : gvec(g, t, lanes, d + 1);
    return mk2(g, cmp_ops[fin_below(g->in, 4)], a, b);
  }
  }
}

enum { V_LEAF, V_VEC, V_BCAST, V_BIN, V_AFFINE, V_GEP, V_CAT, V_SELECT, V_CAST, V_RECOLLECT, V_N };
static const uint8_t vec_shape_weight[V_N] = {8, 6, 4, 12, 10, 14, 5, 5, 4, 3};

static Node *gvec(Gen *g, DType dt, int lanes, unsigned d) {
  if (d >= g->max_depth || !g->ops_left || fin_done(g->in)) return vleaf(g, dt, lanes);
  if (dt == DT_BOOL && fin_byte(g->in) % 2) return vmask(g, lanes, d);
  Node *e[VS_MAX_LANES];
  switch (fin_weighted(g->in, vec_shape_weight, V_N)) {
  case V_VEC:
    for (int k = 0; k < lanes; k++) e[k] = fin_byte(g->in) % 4 == 3 ? gep_of(g, dt, 1, d + 1) : gen(g, dt, d + 2);
    return mkvec(g, e, lanes);
  case V_BCAST: return mkbcast(g, gen(g, dt, d + 1), lanes);
  case V_BIN: return dt == DT_BOOL ? vmask(g, lanes, d) : vbin(g, dt, lanes, d);
  case V_AFFINE:
    if (dt == DT_BOOL) return vmask(g, lanes, d);
    return dt_is_float(dt) ? vbin(g, dt, lanes, d) : vaffine(g, dt, lanes, d);
  case V_GEP: return gep_of(g, dt, lanes, d);
  case V_CAT:
    if (lanes % 2 || lanes < 4) return gep_of(g, dt, lanes, d);
    return mkcat(g, gvec(g, dt, lanes / 2, d + 1), gvec(g, dt, lanes / 2, d + 1));
  case V_SELECT: {
    Node *a = gvec(g, dt, lanes, d + 1);
    return mk3(g, OP_SELECT, vmask(g, lanes, d + 1), a, fin_byte(g->in) % 4 == 3 ? a : gvec(g, dt, lanes, d + 1));
  }
  case V_CAST: {
    DType from = gen_vec_dtype(g->in);
    if (from == dt) from = dt == DT_INDEX ? DT_I32 : DT_INDEX;
    return mkcast(g, OP_CAST, dt, gvec(g, from, lanes, d + 1));
  }
  case V_RECOLLECT: { /* vec(gep(x, 0), ..., gep(x, n-1)), sometimes with two lanes swapped */
    Node *x = gvec(g, dt, lanes, d + 1);
    int swap = (int)fin_below(g->in, (uint64_t)lanes * 2);
    for (int k = 0; k < lanes; k++) {
      int lane = swap + 1 < lanes && (k == swap || k == swap + 1) ? (k == swap ? swap + 1 : swap) : k;
      e[k] = mkgep(g, x, &lane, 1);
    }
    return mkvec(g, e, lanes);
  }
  default: return vleaf(g, dt, lanes);
  }
}

/* The root of a vector case: a vector, or one lane of one (a scalar with vector subterms). */
static Node *gen_vector_case(Gen *g) {
  DType dt = gen_vec_dtype(g->in);
  int lanes = gen_lanes(g->in);
  Node *r = fin_below(g->in, 4) == 3 ? gep_of(g, dt, 1, 0) : gvec(g, dt, lanes, 0);
  return r ? r : vleaf(g, dt, lanes);
}

/* ---- the tensor-graph layer (docs/semantics.md and docs/fuzzing.md, "Memory, loops and reductions")
 *
 * A graph case declares a few small buffers (0 to 8 elements, made when first needed) and builds
 * values and effects over them: loads at in-bounds, edge (-1, N), masked and loop-variable indices;
 * reductions of every op over 0, 1 or 2 loops (empty, single-trip, a few iterations, triangular
 * nests); selects of a load and 0 under conjunctive conditions (the shapes where_on_load folds);
 * stores, gated, masked and dead stores, end over loops, after of values, buffers and effects, noop;
 * and free ranges (a range used outside every loop that binds it). The scalar generator builds the
 * value subterms and, in a graph case, sometimes puts graph shapes into them, so loads meet the
 * arithmetic the rules look at. Loop ends are small constants, small-ranged variables, `min(x, c)` or
 * an outer loop variable plus one, and LOOP_BUDGET bounds every nest, so that the evaluator and Z3
 * stay fast. Every node is built by a checked builder: a NULL result counts in GenCase.errors. */

/* bool i8 i16 i32 i64 u8 u16 u32 u64 index f16 f32 f64 */
static const uint8_t graph_dtype_weight[DT_COUNT] = {5, 5, 2, 9, 1, 4, 2, 1, 1, 12, 1, 9, 1};
/* buffer sizes 0..8 */
static const uint8_t buf_size_weight[9] = {2, 3, 3, 3, 4, 2, 2, 2, 3};

static DType gen_graph_dtype(FuzzIn *in) { return (DType)fin_weighted(in, graph_dtype_weight, DT_COUNT); }

static Node *idx_const(Gen *g, i128 v) { return vs_const_int(g->ctx, DT_INDEX, v); }

/* Checked builders: a NULL operand (a failure already counted, or out of nodes) gives NULL without
 * counting again; a NULL from the builder itself is a type error of the generator. */
static Node *gptr(Gen *g, Node *b, Node *i) { return b && i ? vtrack(g, vs_ptr(g->ctx, b, i)) : NULL; }
static Node *gload(Gen *g, Node *p) { return p ? vtrack(g, vs_load(g->ctx, p)) : NULL; }
static Node *gstore(Gen *g, Node *p, Node *v) { return p && v ? vtrack(g, vs_store(g->ctx, p, v)) : NULL; }
static Node *gnoop(Gen *g) { return vtrack(g, vs_noop(g->ctx)); }
static bool all_set(Node *const *a, int n) {
  for (int i = 0; i < n; i++)
    if (!a[i]) return false;
  return true;
}
static Node *greduce(Gen *g, Op op, Node *x, Node *const *rs, int n) {
  return x && all_set(rs, n) ? vtrack(g, vs_reduce(g->ctx, op, x, rs, n)) : NULL;
}
static Node *gend(Gen *g, Node *e, Node *const *rs, int n) {
  return e && all_set(rs, n) ? vtrack(g, vs_end(g->ctx, e, rs, n)) : NULL;
}
static Node *gafter(Gen *g, Node *x, Node *const *deps, int n) {
  return x && all_set(deps, n) ? vtrack(g, vs_after(g->ctx, x, deps, n)) : NULL;
}

/* A new buffer b, c or d of dtype dt, declared after the variables made so far. */
static Node *new_buf(Gen *g, DType dt) {
  static const char *const names[GEN_MAX_BUFS] = {"b", "c", "d"};
  if (g->nbufs >= GEN_MAX_BUFS || g->c->nvars >= GEN_CASE_VARS) return NULL;
  uint64_t size = (uint64_t)fin_weighted(g->in, buf_size_weight, 9);
  Node *b = vs_buffer(g->ctx, names[g->nbufs], dt, size, size);
  if (!b) {
    g->c->errors++;
    return NULL;
  }
  g->bufs[g->nbufs++] = b;
  g->c->vars[g->c->nvars++] = b;
  return b;
}

/* A buffer of dtype dt: an existing one or a new one (NULL when there is none and no room). */
static Node *buf_of(Gen *g, DType dt) {
  Node *have[GEN_MAX_BUFS];
  unsigned m = 0;
  for (unsigned i = 0; i < g->nbufs; i++)
    if (g->bufs[i]->dtype == dt) have[m++] = g->bufs[i];
  unsigned r = (unsigned)fin_below(g->in, m + 1);
  if (r < m) return have[r];
  Node *b = new_buf(g, dt);
  return b ? b : m ? have[0] : NULL;
}

/* Any buffer: an existing one, or a new one of a graph dtype. */
static Node *any_buf(Gen *g) {
  unsigned r = (unsigned)fin_below(g->in, g->nbufs + 1);
  if (r < g->nbufs) return g->bufs[r];
  Node *b = new_buf(g, gen_graph_dtype(g->in));
  return b ? b : g->nbufs ? g->bufs[0] : NULL;
}

/* A declared buffer's element count (lo == hi). */
static uint64_t buf_size(const Node *b) { return b ? b->lo : 0; }

/* A range named by its position among the case's ranges (r, i, j, k, r1, ...: every range its own
 * name, so two ranges never share a name with different ends), with a bound on its end's value. */
static Node *new_range(Gen *g, Node *end, uint64_t trips, bool free_range) {
  static const char *const names[4] = {"r", "i", "j", "k"};
  if (!end || g->nranges >= GEN_MAX_RANGES) return NULL;
  unsigned k = g->nranges;
  char name[16];
  if (k < 4) snprintf(name, sizeof name, "%s", names[k]);
  else snprintf(name, sizeof name, "%s%u", names[k % 4], k / 4);
  Node *r = vtrack(g, vs_range(g->ctx, end, name));
  if (!r) return NULL;
  g->range[k] = r;
  g->trips[k] = trips;
  g->is_free[k] = free_range;
  g->nranges++;
  return r;
}

static uint64_t trips_of(const Gen *g, const Node *r) {
  for (unsigned i = 0; i < g->nranges; i++)
    if (g->range[i] == r) return g->trips[i];
  return LOOP_BUDGET;
}

/* An index variable with a small declared range, for a loop's end: an existing one, or a new one in
 * [lo, hi] with lo in {0, 1, -1} and hi <= 8. */
static Node *small_index_var(Gen *g) {
  GenCase *c = g->c;
  Node *have[GEN_CASE_VARS];
  size_t m = 0;
  for (size_t i = 0; i < c->nvars; i++) {
    Node *v = c->vars[i];
    if (v->op == OP_VAR && v->dtype == DT_INDEX && vs_vmin(v) >= -1 && vs_vmax(v) <= 8) have[m++] = v;
  }
  size_t r = (size_t)fin_below(g->in, m + 1);
  if (r < m) return have[r];
  if (var_count(c) >= g->max_vars || c->nvars >= GEN_CASE_VARS) return m ? have[0] : NULL;
  static const int los[3] = {0, 1, -1};
  i128 lo = los[fin_below(g->in, 3)], hi = (i128)fin_below(g->in, 9);
  if (hi < lo) hi = lo;
  char name[16];
  Node *v = vs_var(g->ctx, gen_var_name(c, name), DT_INDEX, lo, hi);
  if (!v) {
    c->errors++;
    return NULL;
  }
  c->vars[c->nvars++] = v;
  return v;
}

/* A loop's end and a bound on its value: 0, 1, 2, 3 (empty, single-trip, a few iterations), a
 * buffer's size, a small-ranged variable, min(x, c), or inside another loop an outer loop variable
 * (plus one: the triangular nest). Within what LOOP_BUDGET leaves to the loops around. */
static Node *loop_end(Gen *g, bool nested, uint64_t *trips) {
  uint64_t room = LOOP_BUDGET / (g->iters ? g->iters : 1);
  Node *e = NULL;
  uint64_t t = 0;
  switch (fin_below(g->in, nested && g->nscope ? 10 : 8)) {
  case 0: case 1: t = fin_below(g->in, 4); break;
  case 2: t = 1; break;
  case 3: t = g->nbufs ? buf_size(g->bufs[fin_below(g->in, g->nbufs)]) : 4; break;
  case 4: case 5: {
    Node *v = small_index_var(g);
    if (v) {
      e = v;
      t = vs_vmax(v) > 0 ? (uint64_t)vs_vmax(v) : 0;
    }
    break;
  }
  case 6: {
    t = fin_below(g->in, 5);
    e = mk2(g, OP_MIN, var_of(g, DT_INDEX), idx_const(g, (i128)t));
    break;
  }
  case 7: t = 0; break;
  default: {
    Node *o = g->scope[fin_below(g->in, g->nscope)];
    t = trips_of(g, o);
    e = fin_byte(g->in) % 4 == 3 ? o : mk2(g, OP_ADD, o, idx_const(g, 1));
    break;
  }
  }
  if (!e || t > room) {
    if (t > room) t = room;
    e = idx_const(g, (i128)t);
  }
  *trips = t;
  return e;
}

/* Up to n loops around what is built next (pushed onto the scope, outermost first, so a later one's
 * end may use an earlier one); rs receives their ranges. Returns how many were made. */
static int open_loops(Gen *g, int n, Node **rs) {
  int k = 0;
  for (int i = 0; i < n && g->nscope < GEN_MAX_SCOPE; i++) {
    uint64_t t;
    Node *end = loop_end(g, true, &t);
    Node *r = new_range(g, end, t, false);
    if (!r) break;
    rs[k++] = r;
    g->scope[g->nscope++] = r;
    g->iters *= t ? t : 1;
  }
  return k;
}

/* A free range: one made before for use outside the loops, or a new one (its end from constants and
 * variables only: an end that used a bound loop variable would leave that one dangling). */
static Node *free_range(Gen *g) {
  Node *have[GEN_MAX_RANGES];
  unsigned m = 0;
  for (unsigned i = 0; i < g->nranges; i++)
    if (g->is_free[i]) have[m++] = g->range[i];
  unsigned r = (unsigned)fin_below(g->in, m + 1);
  if (r < m) return have[r];
  uint64_t t;
  Node *end = loop_end(g, false, &t);
  Node *n = new_range(g, end, t, true);
  return n ? n : m ? have[0] : NULL;
}

/* A loop variable: of the loops around (mostly), or a free range. */
static Node *loop_var(Gen *g) {
  if (g->nscope && fin_below(g->in, 4) != 3) return g->scope[fin_below(g->in, g->nscope)];
  return free_range(g);
}

/* The first range under n (the loop variable an index uses), or NULL. */
static Node *range_in(Node *n) {
  if (!n || !(n->flags & NF_HAS_GRAPH)) return NULL;
  Node **order;
  size_t k = vs_postorder(n, &order);
  Node *r = NULL;
  for (size_t i = 0; i < k && !r; i++)
    if (order[i]->op == OP_RANGE) r = order[i];
  free(order);
  return r;
}

static Node *gidx(Gen *g, uint64_t size, unsigned d);

/* A clause of a gate: the index's loop variable (or another) against a constant, a comparison of a
 * variable with a constant, a bool load, or any bool. */
static Node *clause(Gen *g, Node *idx, unsigned d) {
  switch (fin_below(g->in, 7)) {
  case 0: case 1: case 2: {
    Node *r = fin_below(g->in, 4) == 3 ? NULL : range_in(idx);
    if (!r && g->nscope) r = g->scope[fin_below(g->in, g->nscope)];
    if (!r) r = fin_byte(g->in) % 4 == 3 ? free_range(g) : var_of(g, DT_INDEX); /* outside loops: mostly a variable */
    Node *c = idx_const(g, (i128)fin_below(g->in, 4));
    switch (fin_below(g->in, 3)) {
    case 0: return mk2(g, OP_LT, r, c);
    case 1: return mk2(g, OP_LT, c, r);
    default: return mk2(g, OP_NE, r, c);
    }
  }
  case 3: return compare(g, d, 1);
  case 4: {
    Node *b = buf_of(g, DT_BOOL);
    return b ? gload(g, gptr(g, b, gidx(g, buf_size(b), d + 1))) : gen(g, DT_BOOL, d + 1);
  }
  default: return gen(g, DT_BOOL, d + 1);
  }
}

/* A conjunction of one to three clauses (the where_on_load fold splits it). */
static Node *gate(Gen *g, Node *idx, unsigned d) {
  Node *c = clause(g, idx, d);
  for (unsigned k = (unsigned)fin_below(g->in, 3); k > 0; k--) c = mk2(g, OP_AND, c, clause(g, idx, d));
  return c;
}

/* An element index for a buffer of `size` elements: in bounds, at an edge (-1, N, N - 1), a loop
 * variable or an affine function of loop variables, masked (`select(m, i, invalid)`, m a bounds test or
 * a gate), a variable, or any index expression (loads of index buffers included). Inside a loop the
 * loop variables get more of the choices. */
static Node *gidx(Gen *g, uint64_t size, unsigned d) {
  static const uint8_t w_out[9] = {6, 4, 2, 1, 4, 3, 3, 3, 3};
  static const uint8_t w_in[9] = {3, 2, 10, 5, 3, 4, 2, 2, 2};
  bool deep = d >= g->max_depth || !g->ops_left || fin_done(g->in);
  int k = deep ? (int)fin_below(g->in, 3) : fin_weighted(g->in, g->nscope ? w_in : w_out, 9);
  switch (k) {
  case 0: return idx_const(g, size ? (i128)fin_below(g->in, size) : 0);
  case 1: {
    unsigned e = (unsigned)fin_below(g->in, 3);
    return idx_const(g, e == 0 ? -1 : e == 1 ? (i128)size : size ? (i128)size - 1 : 0);
  }
  case 2: {
    Node *r = loop_var(g);
    return r ? r : idx_const(g, 0);
  }
  case 3: { /* r * s + c, or r1 * trips(r2) + r2 (a row-major 2-D index) */
    Node *r = loop_var(g);
    if (!r) return idx_const(g, 0);
    if (g->nscope >= 2 && fin_byte(g->in) % 2) {
      Node *r2 = g->scope[fin_below(g->in, g->nscope)];
      if (r2 != r) return mk2(g, OP_ADD, mk2(g, OP_MUL, r, idx_const(g, (i128)trips_of(g, r2))), r2);
    }
    return mk2(g, OP_ADD, mk2(g, OP_MUL, r, idx_const(g, 1 + (i128)fin_below(g->in, 3))),
               idx_const(g, (i128)fin_below(g->in, 4) - 1));
  }
  case 4: case 5: { /* masked */
    Node *i = gidx(g, size, d + 1), *m;
    switch (fin_below(g->in, 3)) {
    case 0: m = mk2(g, OP_LT, i, idx_const(g, (i128)size)); break;
    case 1: m = mk2(g, OP_AND, mk2(g, OP_LE, idx_const(g, 0), i), mk2(g, OP_LT, i, idx_const(g, (i128)size))); break;
    default: m = gate(g, i, d + 1); break;
    }
    return mk3(g, OP_SELECT, m, i, vs_invalid(g->ctx));
  }
  case 6: {
    Node *v = var_of(g, DT_INDEX);
    return v ? v : idx_const(g, 0);
  }
  default: return gen(g, DT_INDEX, d + 1);
  }
}

static Node *load_from(Gen *g, Node *b, unsigned d) { return b ? gload(g, gptr(g, b, gidx(g, buf_size(b), d + 1))) : NULL; }

static Node *graph_effect(Gen *g, unsigned d);

/* The kinds of store. */
enum { ST_PLAIN, ST_GATED, ST_SAME, ST_MASKED, ST_N };
static const uint8_t store_weight[ST_N] = {6, 5, 2, 4};

/* A store into b: of a value (sometimes computed from the element itself), gated
 * `store(p, select(m, v, load(p)))` (or with the branches swapped), dead `store(p, load(p))`, or
 * masked: at `select(m, i, invalid)`, or, into an index buffer, of `select(m, v, invalid)`. */
static Node *store_into(Gen *g, Node *b, int kind, unsigned d) {
  if (!b) return gnoop(g);
  DType dt = (DType)b->dtype;
  Node *i = gidx(g, buf_size(b), d + 1), *p = gptr(g, b, i);
  switch (kind) {
  case ST_GATED: {
    Node *m = gate(g, i, d + 1), *v = gen(g, dt, d + 1), *old = gload(g, p);
    return gstore(g, p, fin_byte(g->in) % 2 ? mk3(g, OP_SELECT, m, old, v) : mk3(g, OP_SELECT, m, v, old));
  }
  case ST_SAME: return gstore(g, p, gload(g, p));
  case ST_MASKED: {
    Node *m = gate(g, i, d + 1), *v = gen(g, dt, d + 1);
    if (dt == DT_INDEX && fin_byte(g->in) % 2) return gstore(g, p, mk3(g, OP_SELECT, m, v, vs_invalid(g->ctx)));
    return gstore(g, gptr(g, b, mk3(g, OP_SELECT, m, i, vs_invalid(g->ctx))), v);
  }
  default: {
    Node *v = gen(g, dt, d + 1);
    if (dt != DT_BOOL && fin_byte(g->in) % 4 == 3) v = mk2(g, OP_ADD, gload(g, p), v);
    return gstore(g, p, v);
  }
  }
}

/* 0, 1 or 2 loops (one in six none: end(F) and reduce(OP, X) with an empty list). */
static int loop_count(Gen *g) {
  static const uint8_t w[3] = {2, 6, 4};
  return fin_weighted(g->in, w, 3);
}

enum { E_NOOP, E_STORE, E_END, E_AFTER, E_N };
static const uint8_t effect_weight[E_N] = {2, 10, 8, 4};

/* An effect: noop, a store, end over 0 to 2 loops of an effect (often a store at the loop variable),
 * or after of an effect on 0 to 2 others (noop among them, or noop waiting). */
static Node *graph_effect(Gen *g, unsigned d) {
  if (d >= g->max_depth || !g->ops_left || fin_done(g->in)) return gnoop(g);
  switch (fin_weighted(g->in, effect_weight, E_N)) {
  case E_STORE: return store_into(g, any_buf(g), fin_weighted(g->in, store_weight, ST_N), d);
  case E_END: {
    unsigned nscope = g->nscope;
    uint64_t iters = g->iters;
    Node *rs[2];
    int n = open_loops(g, loop_count(g), rs);
    Node *body = fin_below(g->in, 4) == 3 ? graph_effect(g, d + 1)
                                          : store_into(g, any_buf(g), fin_weighted(g->in, store_weight, ST_N), d + 1);
    g->nscope = nscope;
    g->iters = iters;
    return gend(g, body, rs, n);
  }
  case E_AFTER: {
    Node *x = graph_effect(g, d + 1), *deps[2];
    int n = (int)fin_below(g->in, 3);
    for (int k = 0; k < n; k++) deps[k] = graph_effect(g, d + 1);
    if (n && fin_below(g->in, 4) == 3) deps[n - 1] = gnoop(g); /* after(e, noop) */
    else if (n && fin_below(g->in, 4) == 3) x = gnoop(g);       /* after(noop, e) */
    return gafter(g, x, deps, n);
  }
  default: return gnoop(g);
  }
}

/* reduce(OP, X, loops...) over 0 to 2 loops, X mostly a load at the loop variables. */
static Node *reduce_of(Gen *g, DType dt, unsigned d) {
  static const Op ops[4] = {OP_ADD, OP_MUL, OP_MAX, OP_MIN};
  static const uint8_t w[4] = {6, 2, 3, 3};
  if (dt == DT_BOOL) return NULL; /* a reduction takes an integer or float operand */
  Op op = ops[fin_weighted(g->in, w, 4)];
  unsigned nscope = g->nscope;
  uint64_t iters = g->iters;
  Node *rs[2];
  int n = open_loops(g, loop_count(g), rs);
  Node *x = NULL;
  if (fin_below(g->in, 3)) x = load_from(g, buf_of(g, dt), d);
  if (x && fin_byte(g->in) % 4 == 3) x = mk2(g, fin_byte(g->in) % 2 ? OP_MUL : OP_ADD, x, gen(g, dt, d + 2));
  if (!x) x = gen(g, dt, d + 1);
  g->nscope = nscope;
  g->iters = iters;
  return greduce(g, op, x, rs, n);
}

/* select(c, load(index(b, i)), 0) or select(c, 0, load(...)), c a gate on the index's loop
 * variables and other things: the shapes where_on_load folds. */
static Node *where_load(Gen *g, DType dt, unsigned d) {
  Node *b = buf_of(g, dt);
  if (!b) return NULL;
  Node *i = gidx(g, buf_size(b), d + 1);
  Node *ld = gload(g, gptr(g, b, i)), *c = gate(g, i, d + 1), *z = vs_const(g->ctx, dt, 0);
  return fin_byte(g->in) % 4 == 3 ? mk3(g, OP_SELECT, c, z, ld) : mk3(g, OP_SELECT, c, ld, z);
}

enum { G_LOAD, G_WHERE, G_REDUCE, G_AFTER, G_PTR_AFTER, G_RANGE, G_CAST, G_N };
static const uint8_t graph_value_weight[G_N] = {8, 5, 8, 3, 2, 3, 2};

/* A graph value of dtype dt, or NULL (the caller falls back to the scalar shapes). */
static Node *graph_value(Gen *g, DType dt, unsigned d) {
  switch (fin_weighted(g->in, graph_value_weight, G_N)) {
  case G_LOAD: return load_from(g, buf_of(g, dt), d);
  case G_WHERE: return where_load(g, dt, d);
  case G_REDUCE: return reduce_of(g, dt, d);
  case G_AFTER: { /* a value once an effect (often a store into the buffer it reads) has run */
    Node *b = buf_of(g, dt), *deps[2];
    int n = (int)fin_below(g->in, 4) % 3; /* 0 (after(x): nothing to wait for), 1 or 2 */
    for (int k = 0; k < n; k++)
      deps[k] = b && fin_byte(g->in) % 2 ? store_into(g, b, fin_weighted(g->in, store_weight, ST_N), d + 1)
                                         : graph_effect(g, d + 1);
    Node *x = b && fin_byte(g->in) % 4 != 3 ? load_from(g, b, d) : gen(g, dt, d + 1);
    return gafter(g, x, deps, n);
  }
  case G_PTR_AFTER: { /* load(index(after(b, e), i)) */
    Node *b = buf_of(g, dt);
    if (!b) return NULL;
    Node *e = fin_byte(g->in) % 2 ? store_into(g, b, fin_weighted(g->in, store_weight, ST_N), d + 1) : graph_effect(g, d + 1);
    Node *ab = gafter(g, b, &e, 1);
    return gload(g, gptr(g, ab, gidx(g, buf_size(b), d + 1)));
  }
  case G_RANGE: { /* a loop variable, r % end, r // end, or cast */
    Node *r = loop_var(g);
    if (!r) return NULL;
    if (dt != DT_INDEX) return mkcast(g, OP_CAST, dt, r);
    switch (fin_below(g->in, 4)) {
    case 1: return mk2(g, OP_MOD, r, r->args[0]);
    case 2: return mk2(g, OP_IDIV, r, r->args[0]);
    case 3: return mk2(g, OP_ADD, r, gen(g, DT_INDEX, d + 1));
    default: return r;
    }
  }
  default: { /* a load of another dtype, cast */
    Node *b = any_buf(g);
    return b ? mkcast(g, OP_CAST, dt, load_from(g, b, d)) : NULL;
  }
  }
}

/* Leaves of a graph case: sometimes a loop variable (at index) or a load of an existing buffer at a
 * constant or a loop variable; NULL (choice 0 included) gives the scalar leaf. */
static Node *graph_leaf(Gen *g, DType dt) {
  switch (fin_below(g->in, 8)) {
  case 1: /* outside the loops, a free range one time in two */
    if (dt == DT_INDEX && (g->nscope || fin_byte(g->in) % 2)) return loop_var(g);
    return NULL;
  case 2: {
    Node *b = NULL;
    for (unsigned i = 0; i < g->nbufs && !b; i++)
      if (g->bufs[i]->dtype == dt) b = g->bufs[i];
    if (!b) return NULL;
    uint64_t n = buf_size(b);
    Node *i = fin_byte(g->in) % 2 ? loop_var(g) : NULL;
    if (!i) i = idx_const(g, n ? (i128)fin_below(g->in, n) : 0);
    return gload(g, gptr(g, b, i));
  }
  default: return NULL;
  }
}

/* The root of a graph case: an effect (three in eight) or a value of a graph dtype, often a graph
 * shape itself. */
static Node *gen_graph_case(Gen *g) {
  g->graph = true;
  g->iters = 1;
  if (fin_below(g->in, 8) < 3) {
    Node *e = graph_effect(g, 0);
    return e ? e : gnoop(g);
  }
  DType dt = gen_graph_dtype(g->in);
  Node *r = fin_byte(g->in) % 2 ? graph_value(g, dt, 0) : NULL;
  return r ? r : gen(g, dt, 0);
}

static void gen_setup(Gen *g, VsCtx *ctx, FuzzIn *in, GenCase *c, const GenOptions *o) {
  memset(g, 0, sizeof *g);
  g->ctx = ctx;
  g->in = in;
  g->c = c;
  g->ops_left = o && o->max_ops ? o->max_ops : 24;
  g->max_depth = o && o->max_depth ? o->max_depth : 7;
  g->max_vars = o && o->max_vars && o->max_vars < GEN_MAX_VARS ? o->max_vars : GEN_MAX_VARS;
  g->no_invalid = o && o->no_invalid;
  for (size_t i = 0; i < c->nvars; i++) pool_add(g, c->vars[i]);
}

Node *gen_expr(VsCtx *ctx, FuzzIn *in, GenCase *c, DType dt, const GenOptions *opts) {
  Gen g;
  gen_setup(&g, ctx, in, c, opts);
  return gen(&g, dt, 0);
}

bool gen_case(VsCtx *ctx, const uint8_t *data, size_t size, const GenOptions *opts, GenCase *out) {
  memset(out, 0, sizeof *out);
  FuzzIn in;
  fin_init(&in, data, size);
  /* The first byte's low 3 bits choose the matcher; its next 2 bits choose a vector case (1 in 4). No
   * extra byte is read, so a scalar case is the same IR it was before vectors existed. */
  uint8_t b0 = fin_byte(&in);
  out->simple_matcher = b0 % 8 == 7;
  if ((b0 >> 3) % 4 == 3) {
    Gen g;
    gen_setup(&g, ctx, &in, out, opts);
    out->root = gen_vector_case(&g);
    return out->root != NULL;
  }
  /* Of the other inputs, one in four (the first byte's top 3 bits are 6 or 7, spare until now) is a
   * graph case: again no extra byte, so the scalar cases stay the IR they were. */
  if ((b0 >> 5) >= 6) {
    Gen g;
    gen_setup(&g, ctx, &in, out, opts);
    out->graph = true;
    out->root = gen_graph_case(&g);
    return out->root != NULL;
  }
  DType dt = gen_dtype(&in);
  out->root = gen_expr(ctx, &in, out, dt, opts);
  return out->root != NULL;
}
