#include "analysis/lin_shape.h"

#include <stdlib.h>
#include <string.h>

#include "ir/intmath.h"

/* lin_of's walk follows the skeleton to depth 64 and reads deeper nodes as terms; the summary gives up
 * (doubt) sooner, which only costs a walk. */
enum { SHAPE_MAX_DEPTH = 48 };

/* Only the keys are cleared: a rewriter is made per expression, and the shapes are read only under a
 * key that is set. */
void lin_shape_init(LinShapeCache *c) {
  memset(c->inline_keys, 0, sizeof c->inline_keys);
  c->keys = c->inline_keys;
  c->vals = c->inline_vals;
  c->count = 0;
  c->bits = LIN_SHAPE_INLINE_BITS;
  c->last = NULL;
}

void lin_shape_free(LinShapeCache *c) {
  if (c->keys != c->inline_keys) {
    free(c->keys);
    free(c->vals);
  }
}

static inline size_t slot_of(const Node *k, unsigned bits) {
  return (size_t)(((uint64_t)(uintptr_t)k * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

static const LinShape *lookup(const LinShapeCache *c, const Node *k) {
  size_t mask = ((size_t)1 << c->bits) - 1;
  for (size_t i = slot_of(k, c->bits);; i = (i + 1) & mask) {
    if (c->keys[i] == k) return &c->vals[i];
    if (!c->keys[i]) return NULL;
  }
}

static bool grow(LinShapeCache *c) {
  unsigned bits = c->bits + 1;
  size_t cap = (size_t)1 << bits, mask = cap - 1;
  const Node **keys = calloc(cap, sizeof *keys);
  LinShape *vals = malloc(cap * sizeof *vals);
  if (!keys || !vals) {
    free(keys);
    free(vals);
    return false;
  }
  for (size_t i = 0; i < ((size_t)1 << c->bits); i++) {
    if (!c->keys[i]) continue;
    size_t j = slot_of(c->keys[i], bits);
    while (keys[j]) j = (j + 1) & mask;
    keys[j] = c->keys[i];
    vals[j] = c->vals[i];
  }
  if (c->keys != c->inline_keys) {
    free(c->keys);
    free(c->vals);
  }
  c->keys = keys;
  c->vals = vals;
  c->bits = bits;
  return true;
}

static void store(LinShapeCache *c, const Node *k, const LinShape *s) {
  if ((c->count + 1) * 2 > ((size_t)1 << c->bits) && !grow(c)) return; /* not cached: recomputed */
  size_t mask = ((size_t)1 << c->bits) - 1, i = slot_of(k, c->bits);
  while (c->keys[i]) i = (i + 1) & mask;
  c->keys[i] = k;
  c->vals[i] = *s;
  c->count++;
}

static unsigned tz_of(i128 v) { return (unsigned)im_ctz((u128)v); }

static uint8_t sat(unsigned v, unsigned cap) { return (uint8_t)(v > cap ? cap : v); }

/* Certain of nothing: every question answers "may". */
static void set_doubt(LinShape *s) {
  memset(s, 0, sizeof *s);
  s->doubt = s->fpair = true;
  s->divmod = 7;
  s->nocc = 255;
  s->nsel = 2;
  s->qsig = s->rsig = ~UINT64_C(0);
}

static bool has_mag(const LinShape *s, uint32_t m) {
  for (int i = 0; i < s->nmag; i++)
    if (s->mag[i] == m) return true;
  return false;
}

/* Adds magnitude m (>= 2) as a new distinct one; losing track makes fpair. */
static void add_mag(LinShape *s, uint32_t m) {
  if (has_mag(s, m)) s->fpair = true;
  else if (s->nmag == LIN_SHAPE_MAGS) s->fpair = true;
  else s->mag[s->nmag++] = m;
}

/* Two parts of one sum: the shape of their sum (or difference: signs change no coefficient's magnitude
 * or trailing zeros). */
static void join(LinShape *s, const LinShape *b) {
  s->doubt = s->doubt || b->doubt || (s->sig & b->sig) != 0;
  s->sig |= b->sig;
  s->qsig |= b->qsig;
  s->rsig |= b->rsig;
  s->nconst = sat((unsigned)s->nconst + b->nconst, 2);
  if (b->maxtz > s->maxtz) s->maxtz = b->maxtz;
  /* Two parts that each hold a remainder hold two together. */
  s->divmod = (uint8_t)(s->divmod | b->divmod | ((s->divmod & b->divmod & 2u) << 1));
  s->n1 = sat((unsigned)s->n1 + b->n1, 2);
  s->nocc = sat((unsigned)s->nocc + b->nocc, 255);
  s->nsel = sat((unsigned)s->nsel + b->nsel, 2);
  s->fpair = s->fpair || b->fpair;
  for (int i = 0; i < b->nmag; i++) add_mag(s, b->mag[i]);
}

/* The shape of n scaled by m (nonzero): every coefficient multiplied. */
static void scale(LinShape *s, i128 m) {
  s->maxtz = sat((unsigned)s->maxtz + tz_of(m), 255);
  i128 am = m < 0 ? -m : m; /* m is a constant's value: |m| <= 2^64 */
  if (am > (i128)UINT32_MAX) { /* beyond the summary's range: lose track */
    s->fpair = true;
    s->nmag = 0;
    s->n1 = 0;
    return;
  }
  uint32_t M = (uint32_t)am;
  if (M == 1) return;
  for (int i = 0; i < s->nmag; i++) {
    if (s->mag[i] > UINT32_MAX / M) { /* beyond the summary's range: lose track */
      s->fpair = true;
      s->nmag = 0;
      break;
    }
    s->mag[i] *= M;
  }
  /* Scaled magnitudes stay distinct and are at least 2M, so M is new; two occurrences of magnitude 1
   * both become M. */
  if (s->n1 >= 2) s->fpair = true;
  if (s->n1 >= 1) add_mag(s, M);
  s->n1 = 0;
}

static bool skeleton_op(const Node *n) {
  return n->op == OP_ADD || n->op == OP_SUB || n->op == OP_NEG ||
         (n->op == OP_MUL && (n->args[0]->op == OP_CONST || n->args[1]->op == OP_CONST));
}

/* The shape of a leaf of the skeleton (a constant, or any node that is not a skeleton op): nothing but
 * the constant, or one term occurrence of coefficient 1. */
static inline void leaf_shape(const Node *n, LinShape *s) {
  memset(s, 0, sizeof *s);
  if (n->op == OP_CONST) {
    i128 v = vs_const_value(n);
    if (v != 0) {
      s->nconst = 1;
      s->maxtz = sat(tz_of(v), 255);
    }
    return;
  }
  s->sig = UINT64_C(1) << (n->hash & 63);
  s->n1 = s->nocc = 1;
  s->nsel = n->op == OP_SELECT;
  if ((n->op == OP_IDIV || n->op == OP_TDIV) && n->args[1]->op == OP_CONST) {
    s->divmod = 1;
    s->qsig = UINT64_C(1) << (n->args[0]->hash & 63);
  }
  if ((n->op == OP_MOD || n->op == OP_TMOD) && n->args[1]->op == OP_CONST) {
    const Node *x = n->args[0];
    s->divmod = 2;
    s->rsig = UINT64_C(1) << (x->hash & 63);
    if (x->op == OP_IDIV && x->args[1]->op == OP_CONST) s->rsig |= UINT64_C(1) << (x->args[0]->hash & 63);
  }
}

static void skeleton_shape(LinShapeCache *c, const Node *n, int depth, LinShape *s);

/* The shape of n, at depth `depth` of the walk, read with coefficient 1, into *s: lin.c's walk,
 * occurrence by occurrence. Leaves and cached nodes, most of the operands a walk meets, are answered
 * here without a call (inline); only a skeleton node not yet cached recurses. */
static inline void shape(LinShapeCache *c, const Node *n, int depth, LinShape *s) {
  if (n->op == OP_CONST || !skeleton_op(n)) {
    leaf_shape(n, s);
    return;
  }
  if (depth >= SHAPE_MAX_DEPTH) {
    set_doubt(s);
    return;
  }
  const LinShape *hit = lookup(c, n);
  if (hit) {
    *s = *hit;
    return;
  }
  skeleton_shape(c, n, depth, s);
}

/* shape() of a skeleton node n that is not cached: from its operands' shapes, then cached. */
static void skeleton_shape(LinShapeCache *c, const Node *n, int depth, LinShape *s) {
  switch (n->op) {
  case OP_ADD:
  case OP_SUB: {
    LinShape b;
    shape(c, n->args[0], depth + 1, s);
    shape(c, n->args[1], depth + 1, &b);
    join(s, &b);
    break;
  }
  case OP_NEG: shape(c, n->args[0], depth + 1, s); break;
  default: { /* a product by a constant */
    int k = n->args[0]->op == OP_CONST ? 0 : 1;
    i128 m = vs_const_value(n->args[k]);
    if (m == 0) {
      set_doubt(s);
      break;
    }
    shape(c, n->args[1 - k], depth + 1, s);
    scale(s, m);
    break;
  }
  }
  store(c, n, s);
}

/* n's shape, through the one-node memo in front of the cache. */
static const LinShape *shape_of(LinShapeCache *c, const Node *n) {
  if (c->last != n) {
    shape(c, n, 0, &c->last_shape);
    c->last = n;
  }
  return &c->last_shape;
}

/* The questions on a shape s of n (the functions below read n's shape and ask one; lin_shape_answers
 * asks them all). */
static inline bool may_collect(const LinShape *s, const Node *n) {
  return s->doubt || s->nconst > 1 || s->maxtz >= (unsigned)dt_bits((DType)n->dtype);
}
static inline bool may_factor(const LinShape *s) { return s->fpair || s->nocc > 32; }
static inline unsigned divmod_of(const LinShape *s) { return s->divmod & 3u; }
static inline bool may_pair_quot(const LinShape *s) { return (s->qsig & (s->sig | s->rsig)) != 0; }
static inline bool may_pair_rem(const LinShape *s) { return (s->divmod & 4u) != 0; }
static inline bool may_pair_select(const LinShape *s) { return s->nsel >= 2; }

bool lin_shape_may_collect(LinShapeCache *c, const Node *n) {
  return !dt_is_int((DType)n->dtype) || may_collect(shape_of(c, n), n);
}

bool lin_shape_may_factor(LinShapeCache *c, const Node *n) { return may_factor(shape_of(c, n)); }

unsigned lin_shape_divmod(LinShapeCache *c, const Node *n) { return divmod_of(shape_of(c, n)); }

bool lin_shape_may_pair_quot(LinShapeCache *c, const Node *n) { return may_pair_quot(shape_of(c, n)); }

bool lin_shape_may_pair_rem(LinShapeCache *c, const Node *n) { return may_pair_rem(shape_of(c, n)); }

bool lin_shape_may_pair_select(LinShapeCache *c, const Node *n) { return may_pair_select(shape_of(c, n)); }

unsigned lin_shape_answers(LinShapeCache *c, const Node *n) {
  const LinShape *s = shape_of(c, n);
  _Static_assert(LIN_SHAPE_QUOT == 4 && LIN_SHAPE_REM == 8, "the divmod bits, shifted by 2");
  return (!dt_is_int((DType)n->dtype) || may_collect(s, n) ? LIN_SHAPE_MAY_COLLECT : 0u) |
         (may_factor(s) ? LIN_SHAPE_MAY_FACTOR : 0u) | divmod_of(s) << 2 |
         (may_pair_rem(s) ? LIN_SHAPE_MAY_PAIR_REM : 0u) | (may_pair_quot(s) ? LIN_SHAPE_MAY_PAIR_QUOT : 0u) |
         (may_pair_select(s) ? LIN_SHAPE_MAY_PAIR_SELECT : 0u);
}
