#include "analysis/lin_shape.h"

#include <stdlib.h>
#include <string.h>

/* lin_of's walk follows the skeleton to depth 64 and reads deeper nodes as terms; the summary gives up
 * (doubt) sooner, which only costs a walk. */
enum { SHAPE_MAX_DEPTH = 48 };

void lin_shape_init(LinShapeCache *c) {
  memset(c->inline_e, 0, sizeof c->inline_e);
  c->e = c->inline_e;
  c->count = 0;
  c->bits = LIN_SHAPE_INLINE_BITS;
}

void lin_shape_free(LinShapeCache *c) {
  if (c->e != c->inline_e) free(c->e);
  lin_shape_init(c);
}

static inline size_t slot_of(const Node *k, unsigned bits) {
  return (size_t)(((uint64_t)(uintptr_t)k * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

static const LinShape *lookup(const LinShapeCache *c, const Node *k) {
  size_t mask = ((size_t)1 << c->bits) - 1;
  for (size_t i = slot_of(k, c->bits);; i = (i + 1) & mask) {
    if (c->e[i].key == k) return &c->e[i].s;
    if (!c->e[i].key) return NULL;
  }
}

static bool grow(LinShapeCache *c) {
  unsigned bits = c->bits + 1;
  size_t cap = (size_t)1 << bits, mask = cap - 1;
  LinShapeEntry *e = calloc(cap, sizeof *e);
  if (!e) return false;
  for (size_t i = 0; i < ((size_t)1 << c->bits); i++) {
    if (!c->e[i].key) continue;
    size_t j = slot_of(c->e[i].key, bits);
    while (e[j].key) j = (j + 1) & mask;
    e[j] = c->e[i];
  }
  if (c->e != c->inline_e) free(c->e);
  c->e = e;
  c->bits = bits;
  return true;
}

static void store(LinShapeCache *c, const Node *k, LinShape s) {
  if ((c->count + 1) * 2 > ((size_t)1 << c->bits) && !grow(c)) return; /* not cached: recomputed */
  size_t mask = ((size_t)1 << c->bits) - 1, i = slot_of(k, c->bits);
  while (c->e[i].key) i = (i + 1) & mask;
  c->e[i].key = k;
  c->e[i].s = s;
  c->count++;
}

static unsigned tz_of(i128 v) {
  unsigned t = 0;
  while (t < 128 && !(v & 1)) {
    v >>= 1;
    t++;
  }
  return t;
}

static uint8_t sat8(unsigned v) { return v > 255 ? 255 : (uint8_t)v; }

static const LinShape DOUBT = {0, 0, 0, true};

/* Two disjoint parts of one sum: the shape of their sum (or difference: signs change no coefficient's
 * trailing zeros). */
static LinShape join(LinShape a, LinShape b) {
  LinShape s;
  s.sig = a.sig | b.sig;
  s.nconst = (uint8_t)(a.nconst + b.nconst > 2 ? 2 : a.nconst + b.nconst);
  s.maxtz = a.maxtz > b.maxtz ? a.maxtz : b.maxtz;
  s.doubt = a.doubt || b.doubt || (a.sig & b.sig) != 0;
  return s;
}

/* The shape of n read with coefficient 1: lin.c's walk, occurrence by occurrence. */
static LinShape shape(LinShapeCache *c, const Node *n, int depth) {
  if (n->op == OP_CONST) {
    i128 v = vs_const_value(n);
    return v == 0 ? (LinShape){0, 0, 0, false} : (LinShape){0, 1, sat8(tz_of(v)), false};
  }
  bool skeleton = n->op == OP_ADD || n->op == OP_SUB || n->op == OP_NEG ||
                  (n->op == OP_MUL && (n->args[0]->op == OP_CONST || n->args[1]->op == OP_CONST));
  if (!skeleton) return (LinShape){UINT64_C(1) << (n->hash & 63), 0, 0, false};
  if (depth >= SHAPE_MAX_DEPTH) return DOUBT;
  const LinShape *hit = lookup(c, n);
  if (hit) return *hit;
  LinShape s;
  switch (n->op) {
  case OP_ADD:
  case OP_SUB: s = join(shape(c, n->args[0], depth + 1), shape(c, n->args[1], depth + 1)); break;
  case OP_NEG: s = shape(c, n->args[0], depth + 1); break;
  default: { /* a product by a constant: every coefficient below it is multiplied by the constant */
    int k = n->args[0]->op == OP_CONST ? 0 : 1;
    i128 m = vs_const_value(n->args[k]);
    if (m == 0) {
      s = DOUBT;
      break;
    }
    s = shape(c, n->args[1 - k], depth + 1);
    s.maxtz = sat8((unsigned)s.maxtz + tz_of(m));
    break;
  }
  }
  store(c, n, s);
  return s;
}

bool lin_shape_may_collect(LinShapeCache *c, const Node *n) {
  if (!dt_is_int((DType)n->dtype)) return true;
  LinShape s = shape(c, n, 0);
  return s.doubt || s.nconst > 1 || s.maxtz >= (unsigned)dt_bits((DType)n->dtype);
}
