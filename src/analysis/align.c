/* align.c: the alignment analysis (align.h): known trailing zero bits by structural recursion. */
#include "analysis/align.h"

#include "ir/bounds_trust.h"
#include "ir/dtype.h"
#include "ir/intmath.h"
#include "ir/op.h"

static int imin(int a, int b) { return a < b ? a : b; }

/* Trailing zero bits of a w-bit pattern (w for 0). */
static int tz_bits(uint64_t bits, int w) { return imin(im_ctz(bits & im_mask(w)), w); }
static int imax(int a, int b) { return a > b ? a : b; }

static int known_tz(const Node *n, int depth) {
  DType dt = (DType)n->dtype;
  if (n->kind != NK_VALUE || n->lanes != 1 || !dt_is_int(dt) || (n->flags & NF_HAS_INVALID)) return 0;
  int w = dt_bits(dt);
  if (n->op == OP_CONST) return tz_bits(n->aux.bits, w);
  /* Bounds that meet: the range analysis (itself proved) says n is that constant where defined. */
  if (n->lo == n->hi) return tz_bits(n->lo, w);
  if (depth <= 0 || !align_trusted((Op)n->op, dt)) return 0;
  Op op = (Op)n->op;
  switch (op) {
  case OP_ADD:
  case OP_SUB:
  case OP_MIN:
  case OP_MAX:
  case OP_OR:
  case OP_XOR: {
    int ta = known_tz(n->args[0], depth - 1);
    return ta ? imin(ta, known_tz(n->args[1], depth - 1)) : 0;
  }
  case OP_AND: return imax(known_tz(n->args[0], depth - 1), known_tz(n->args[1], depth - 1));
  case OP_NEG: return known_tz(n->args[0], depth - 1);
  case OP_MUL: return imin(known_tz(n->args[0], depth - 1) + known_tz(n->args[1], depth - 1), w);
  case OP_SELECT: {
    int ta = known_tz(n->args[1], depth - 1);
    return ta ? imin(ta, known_tz(n->args[2], depth - 1)) : 0;
  }
  case OP_SHL: {
    /* A constant amount only; the node is UB for an amount outside [0, w). */
    const Node *s = n->args[1];
    if (s->op != OP_CONST) return 0;
    i128 sv = vs_const_value(s);
    if (sv < 0 || sv >= w) return 0;
    return imin(known_tz(n->args[0], depth - 1) + (int)sv, w);
  }
  case OP_CAST: {
    /* int -> int: the low bits survive both widening (extension) and narrowing (truncation). */
    const Node *a = n->args[0];
    if (!dt_is_int((DType)a->dtype) || !align_trusted(OP_CAST, (DType)a->dtype)) return 0;
    return imin(known_tz(a, depth - 1), w);
  }
  default: return 0;
  }
}

int vs_known_tz(const Node *n) { return n ? known_tz(n, VS_ALIGN_DEPTH) : 0; }
