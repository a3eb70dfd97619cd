/* gen.c: a deterministic generator of index expressions shaped like what tensor-compiler lowering
 * produces: flattened buffer indices (affine sums of loop variables with constant or symbolic
 * strides), split and fused loops (xo * 8 + xi, f // 64, f % 64) and their recombinations, nested
 * // and %, clamps and tile extents (min/max), guards (comparisons, &&, select), and the differences
 * that bounds inference writes (max - min + 1). Loop variables have constant ranges; extents, strides
 * and buffer origins are symbolic (unbounded on one or both sides), as in a pipeline compiled for
 * any input size. */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

enum { V_X, V_Y, V_C, V_K, V_XO, V_XI, V_YO, V_YI, V_KO, V_KI, V_F, V_T, V_N, V_M, V_S, V_B, V_W, V_COUNT };

const BVar bench_vars[] = {
  [V_X] = {"x", 0, 1023, false, false},  [V_Y] = {"y", 0, 767, false, false},
  [V_C] = {"c", 0, 2, false, false},     [V_K] = {"k", 0, 63, false, false},
  [V_XO] = {"xo", 0, 127, false, false}, [V_XI] = {"xi", 0, 7, false, false},
  [V_YO] = {"yo", 0, 23, false, false},  [V_YI] = {"yi", 0, 31, false, false},
  [V_KO] = {"ko", 0, 15, false, false},  [V_KI] = {"ki", 0, 3, false, false},
  [V_F] = {"f", 0, 65535, false, false}, [V_T] = {"t", 0, 255, false, false},
  [V_N] = {"n", 1, 0, false, true},      [V_M] = {"m", 1, 0, false, true}, /* extents */
  [V_S] = {"s", 1, 0, false, true},                                      /* a row stride */
  [V_B] = {"b", 0, 0, true, true},                                       /* a buffer origin */
  [V_W] = {"w", 1, 8192, false, false},                                  /* a bounded width */
};
const size_t bench_nvars = V_COUNT;

/* ---- the set ---- */

void bset_init(BSet *s) { memset(s, 0, sizeof *s); }

void bset_free(BSet *s) {
  free(s->nodes);
  free(s->start);
  bset_init(s);
}

void bset_begin(BSet *s) {
  if (s->nexpr + 2 > s->ecap) {
    size_t cap = s->ecap ? s->ecap * 2 : 1024;
    size_t *ns = realloc(s->start, cap * sizeof *ns);
    if (!ns) {
      s->failed = true;
      return;
    }
    s->start = ns;
    s->ecap = cap;
  }
  if (s->nexpr == 0) s->start[0] = 0;
  s->start[s->nexpr + 1] = s->n;
}

void bset_end(BSet *s) {
  if (s->failed || !s->start) return;
  s->nexpr++;
  s->start[s->nexpr] = s->n;
}

void bset_abandon(BSet *s) {
  if (s->start) s->n = s->start[s->nexpr];
}

int32_t bset_add(BSet *s, BOp op, bool is_bool, int32_t a, int32_t b, int32_t c, int64_t v) {
  if (s->failed || !s->start) return -1;
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 4096;
    BNode *nn = realloc(s->nodes, cap * sizeof *nn);
    if (!nn) {
      s->failed = true;
      return -1;
    }
    s->nodes = nn;
    s->cap = cap;
  }
  s->nodes[s->n] = (BNode){(uint8_t)op, is_bool, a, b, c, v};
  return (int32_t)(s->n++ - s->start[s->nexpr]);
}

uint64_t bset_tree_size(const BSet *s, size_t i) {
  size_t n;
  const BNode *e = bset_expr(s, i, &n);
  uint64_t *size = malloc((n ? n : 1) * sizeof *size);
  if (!size) return 0;
  for (size_t j = 0; j < n; j++) {
    size[j] = 1;
    if (e[j].a >= 0) size[j] += size[e[j].a];
    if (e[j].b >= 0) size[j] += size[e[j].b];
    if (e[j].c >= 0) size[j] += size[e[j].c];
  }
  uint64_t r = n ? size[n - 1] : 0;
  free(size);
  return r;
}

/* ---- the generator ---- */

typedef struct {
  BSet *s;
  uint64_t rng;
} G;

static uint64_t next(G *g) { /* splitmix64 */
  uint64_t z = (g->rng += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}
static int below(G *g, int n) { return (int)(next(g) % (uint64_t)n); }
static int range(G *g, int lo, int hi) { return lo + below(g, hi - lo + 1); }
static int pick(G *g, const int *v, int n) { return v[below(g, n)]; }

static int32_t K(G *g, int64_t v) { return bset_add(g->s, B_CONST, false, -1, -1, -1, v); }
static int32_t VAR(G *g, int v) { return bset_add(g->s, B_VAR, false, -1, -1, -1, v); }
static int32_t OP(G *g, BOp op, int32_t a, int32_t b) {
  bool is_bool = op >= B_LT && op <= B_OR;
  return bset_add(g->s, op, is_bool, a, b, -1, 0);
}
static int32_t NOT(G *g, int32_t a) { return bset_add(g->s, B_NOT, true, a, -1, -1, 0); }
static int32_t SEL(G *g, int32_t c, int32_t a, int32_t b) { return bset_add(g->s, B_SELECT, false, c, a, b, 0); }

/* Split loops: outer, inner, factor (the inner extent). */
static const int splits[][3] = {{V_XO, V_XI, 8}, {V_YO, V_YI, 32}, {V_KO, V_KI, 4}};
static const int plain_vars[] = {V_X, V_Y, V_C, V_K, V_T, V_XI, V_YI};
static const int factors[] = {2, 4, 8, 16, 32, 64, 3};
static const int strides[] = {1, 2, 3, 4, 8, 16, 64, 256, 1024, 3072};

/* A loop coordinate: a loop variable, a split loop put back together, or a fused loop taken apart. */
static int32_t coord(G *g) {
  int r = below(g, 10);
  if (r < 4) return VAR(g, pick(g, plain_vars, 7));
  if (r < 7) {
    const int *sp = splits[below(g, 3)];
    return OP(g, B_ADD, OP(g, B_MUL, VAR(g, sp[0]), K(g, sp[2])), VAR(g, sp[1]));
  }
  if (r < 9) {
    int e = pick(g, factors, 6);
    return OP(g, below(g, 2) ? B_DIV : B_MOD, VAR(g, V_F), K(g, e));
  }
  return OP(g, B_ADD, VAR(g, pick(g, plain_vars, 5)), K(g, range(g, -2, 2) | 1)); /* a stencil tap */
}

/* term * stride: a constant stride (1 writes no multiplication) or a symbolic one. */
static int32_t strided(G *g, int32_t t) {
  int r = below(g, 10);
  if (r < 2) return OP(g, B_MUL, t, VAR(g, r ? V_S : V_W));
  int st = pick(g, strides, 10);
  return st == 1 ? t : OP(g, B_MUL, t, K(g, st));
}

/* A flattened index: nterms strided coordinates plus an origin (none, a constant or symbolic). */
static int32_t affine(G *g, int nterms) {
  int32_t e = strided(g, coord(g));
  for (int i = 1; i < nterms; i++) e = OP(g, B_ADD, e, strided(g, coord(g)));
  int r = below(g, 4);
  if (r == 1) e = OP(g, B_ADD, e, K(g, range(g, -16, 16)));
  if (r == 2) e = OP(g, B_SUB, e, VAR(g, V_B));
  return e;
}

/* Horner form of a multi-dimensional index: ((i0 * e1 + i1) * e2 + i2). */
static int32_t horner(G *g, int dims) {
  int32_t e = coord(g);
  for (int i = 1; i < dims; i++) {
    int32_t ext = below(g, 4) ? K(g, pick(g, strides + 2, 7)) : VAR(g, below(g, 2) ? V_W : V_N);
    e = OP(g, B_ADD, OP(g, B_MUL, e, ext), coord(g));
  }
  return e;
}

static int32_t index_expr(G *g) { return below(g, 3) ? affine(g, range(g, 1, 3)) : horner(g, range(g, 2, 3)); }

/* Division and modulo of an index, as splitting and vectorising write them. */
static int32_t divmod(G *g) {
  int32_t e = index_expr(g);
  int f1 = pick(g, factors, 7), f2 = pick(g, factors, 6);
  switch (below(g, 5)) {
  case 0: return OP(g, B_DIV, e, K(g, f1));
  case 1: return OP(g, B_MOD, e, K(g, f1));
  case 2: return OP(g, B_MOD, OP(g, B_DIV, e, K(g, f1)), K(g, f2));
  case 3: return OP(g, B_DIV, OP(g, B_MOD, e, K(g, f1 * f2)), K(g, f1));
  default: /* the recombination a fused loop's uses leave behind */
    return OP(g, B_ADD, OP(g, B_MUL, OP(g, B_DIV, e, K(g, f1)), K(g, f1)), OP(g, B_MOD, e, K(g, f1)));
  }
}

/* A bound: a symbolic extent, or one minus a constant. */
static int32_t limit(G *g) {
  int32_t n = VAR(g, below(g, 3) ? V_N : V_M);
  return below(g, 2) ? n : OP(g, B_SUB, n, K(g, range(g, 1, 2)));
}

static int32_t cond(G *g) {
  switch (below(g, 6)) {
  case 0: return OP(g, B_LT, index_expr(g), limit(g));
  case 1: return OP(g, B_LE, K(g, 0), index_expr(g));
  case 2: { /* a tile's inner index stays inside the tile: always true */
    const int *sp = splits[below(g, 3)];
    int32_t o = OP(g, B_MUL, VAR(g, sp[0]), K(g, sp[2]));
    return OP(g, B_LT, OP(g, B_ADD, o, VAR(g, sp[1])), OP(g, B_ADD, o, K(g, sp[2])));
  }
  case 3: return OP(g, B_AND, OP(g, B_LT, coord(g), limit(g)), OP(g, B_LT, coord(g), limit(g)));
  case 4: return NOT(g, OP(g, B_LT, index_expr(g), index_expr(g)));
  default: return OP(g, B_EQ, OP(g, B_MOD, index_expr(g), K(g, pick(g, factors, 6))), K(g, 0));
  }
}

static int32_t int_root(G *g, int depth);

/* An integer subexpression: mostly an index, sometimes (at shallow depth) another template. */
static int32_t operand(G *g, int depth) {
  if (depth < 1 && below(g, 4) == 0) return int_root(g, depth + 1);
  return index_expr(g);
}

static int32_t int_root(G *g, int depth) {
  switch (below(g, 8)) {
  case 0:
  case 1: return affine(g, range(g, 2, 4));
  case 2: return divmod(g);
  case 3: { /* a clamp, as boundary conditions write it */
    int32_t e = OP(g, B_ADD, operand(g, depth), K(g, range(g, -2, 2)));
    return OP(g, B_MAX, OP(g, B_MIN, e, OP(g, B_SUB, VAR(g, V_N), K(g, 1))), K(g, 0));
  }
  case 4: { /* the extent of the last tile: min(o + F, n) - o */
    const int *sp = splits[below(g, 3)];
    int32_t o = OP(g, B_MUL, VAR(g, sp[0]), K(g, sp[2]));
    int32_t e = OP(g, B_SUB, OP(g, B_MIN, OP(g, B_ADD, o, K(g, sp[2])), limit(g)), o);
    return below(g, 2) ? e : OP(g, B_MAX, e, K(g, 0));
  }
  case 5: { /* a guarded load index: the guard often tests the index itself */
    int32_t e = operand(g, depth);
    int32_t c = below(g, 2) ? OP(g, B_LT, e, limit(g)) : cond(g);
    return SEL(g, c, e, below(g, 2) ? K(g, 0) : index_expr(g));
  }
  case 6: { /* an extent from bounds inference: (max + c1) - (min + c2) + 1 over shared terms */
    int32_t base = index_expr(g);
    int32_t hi = OP(g, B_ADD, base, K(g, range(g, 0, 15)));
    int32_t lo = below(g, 2) ? base : OP(g, B_ADD, base, K(g, range(g, -3, 3)));
    int32_t d = OP(g, B_SUB, hi, lo);
    return below(g, 2) ? OP(g, B_ADD, d, K(g, 1)) : OP(g, B_ADD, d, OP(g, B_MUL, VAR(g, V_T), K(g, 4)));
  }
  default: { /* min/max of offsets of one index */
    int32_t base = index_expr(g);
    BOp m = below(g, 2) ? B_MIN : B_MAX;
    int32_t a = OP(g, B_ADD, base, K(g, range(g, -4, 4)));
    int32_t b = below(g, 2) ? OP(g, B_ADD, base, K(g, range(g, -4, 4))) : operand(g, depth);
    return OP(g, m, a, b);
  }
  }
}

bool bench_generate(BSet *out, size_t n, uint64_t seed) {
  G g = {out, seed};
  for (size_t i = 0; i < n && !out->failed; i++) {
    bset_begin(out);
    if (below(&g, 5) == 0) cond(&g); /* a fifth of the roots are guards */
    else int_root(&g, 0);
    bset_end(out);
  }
  return !out->failed;
}
