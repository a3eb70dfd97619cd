/* view_type.c: the derived result type of the builtin view's shape and layout forms (view_type.h). */
#include "ir/view_type.h"

#include <stdio.h>
#include <string.h>

#include "ir/intmath.h"

/* a * b at index: a constant when both are and the product is exact, the other factor when one is 1. */
static Node *mul(VsCtx *ctx, Node *a, Node *b) {
  bool ca = a->op == OP_CONST, cb = b->op == OP_CONST;
  if (ca && vs_const_value(a) == 1) return b;
  if (cb && vs_const_value(b) == 1) return a;
  i128 r;
  if (ca && cb && im_mul_ok(vs_const_value(a), vs_const_value(b), &r) && im_fits(DT_INDEX, r))
    return vs_const_int(ctx, DT_INDEX, r);
  return vs_bin(ctx, OP_MUL, a, b);
}

/* The canonical strides of layout for shape[0, r) into st. */
static bool canonical_strides(VsCtx *ctx, Node *const *shape, uint32_t r, int layout, Node **st) {
  Node *one = vs_const_int(ctx, DT_INDEX, 1);
  if (!one || !r) return one != NULL;
  uint32_t inner = r; /* the first entry of the row-major part's innermost block */
  if (layout == LAYOUT_DN) {
    st[r - 2] = one;
    st[r - 1] = shape[r - 2];
    if (r >= 3 && !(st[r - 3] = mul(ctx, shape[r - 2], shape[r - 1]))) return false;
    inner = r >= 3 ? r - 3 : 0;
    if (r < 3) return true;
  } else {
    st[r - 1] = one;
    inner = r - 1;
  }
  for (uint32_t i = inner; i-- > 0;)
    if (!(st[i] = mul(ctx, st[i + 1], shape[i + 1]))) return false;
  return true;
}

static void swap_last(Node **v, uint32_t n) {
  Node *x = v[n - 2];
  v[n - 2] = v[n - 1];
  v[n - 1] = x;
}

bool view_derive_type(Program *p, const Type *src, const Call *c, Node *const *shape, uint32_t rank, Type *out,
                      char *err, size_t errlen) {
  VsCtx *ctx = p->ctx;
  int from = type_tensor_layout(src);
  int to = (c->vform & VIEW_LAYOUT) ? c->vlayout : from;
  bool has_shape = (c->vform & VIEW_SHAPE) != 0;
  uint32_t r = has_shape ? rank : src->rank;
  const TypeForm *sf = src->form && src->form->view ? src->form : NULL;
  if (to == LAYOUT_NZ || from == LAYOUT_NZ) {
    snprintf(err, errlen, "a tensor view is nd or dn (nz is a tile layout)");
    return false;
  }
  if (!r) {
    snprintf(err, errlen, "a view's shape has at least one entry");
    return false;
  }
  if (to == LAYOUT_DN && r < 2) {
    snprintf(err, errlen, "a dn view needs rank 2 or more, the view has rank %u", r);
    return false;
  }
  if (!has_shape && to != from && r < 2) {
    snprintf(err, errlen, "a layout change swaps the last two entries: it needs rank 2 or more, '%s' has rank %u",
             c->args[0].tensor->name, r);
    return false;
  }
  /* No check of the shape's values (the reference's positive entries and equal element counts where
   * they are constants): a check on constants would reject a program the pass folded into constants
   * from one the parser accepted. The values are the event's. */
  uint32_t nvalid = !has_shape && sf ? sf->nvalid : 0;
  uint32_t n = 2 * r + nvalid;
  Node **ex = prog_alloc(p, n * sizeof *ex);
  TypeForm *f = prog_alloc(p, sizeof *f);
  if (!ex || !f) {
    snprintf(err, errlen, "out of memory");
    return false;
  }
  memset(f, 0, sizeof *f);
  memcpy(ex, has_shape ? shape : src->expr, r * sizeof *ex);
  bool flip = !has_shape && to != from;
  if (flip) swap_last(ex, r);
  if (!has_shape && sf && sf->nstride) {
    memcpy(ex + r, src->expr + src->rank, r * sizeof *ex);
    if (flip) swap_last(ex + r, r);
  } else if (!canonical_strides(ctx, ex, r, to, ex + r)) {
    snprintf(err, errlen, "%s", vs_ctx_error(ctx)[0] ? vs_ctx_error(ctx) : "out of memory");
    return false;
  }
  if (nvalid) {
    memcpy(ex + 2 * r, src->expr + src->rank + sf->nstride, nvalid * sizeof *ex);
    if (flip) swap_last(ex + 2 * r, nvalid);
  }
  f->view = true;
  f->nstride = r;
  f->nvalid = nvalid;
  f->layout = (uint8_t)to;
  f->pad = !has_shape && sf ? sf->pad : PAD_NULL;
  *out = (Type){.kind = TY_TENSOR, .dist = src->dist, .dtype = src->dtype, .rank = r, .nexpr = n, .expr = ex, .form = f};
  return true;
}
