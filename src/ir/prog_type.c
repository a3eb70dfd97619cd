/* prog_type.c: forms, equality and signatures of program types (prog_type.h). */
#include "ir/prog_type.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const tensor_layouts[] = {"nd", "dn", "nz"};
static const char *const tile_layouts[] = {"none_box", "row_major", "col_major"};
static const char *const pads[] = {"null", "zero", "max", "min"};
static const char *const compacts[] = {"null", "normal"};

const char *tensor_layout_name(int v) { return v >= 0 && v < LAYOUT_COUNT ? tensor_layouts[v] : "?"; }
const char *tile_layout_name(int v) { return v >= 0 && v < TLAYOUT_COUNT ? tile_layouts[v] : "?"; }
const char *pad_name(int v) { return v >= 0 && v < PAD_COUNT ? pads[v] : "?"; }
const char *compact_name(int v) { return v >= 0 && v < COMPACT_COUNT ? compacts[v] : "?"; }

Type type_scalar(DType dt) { return (Type){.kind = TY_SCALAR, .dtype = (uint8_t)dt}; }

static bool form_equal(const Type *a, const Type *b) {
  const TypeForm *f = a->form, *g = b->form;
  if (!f || !g) return f == g;
  if (f->view != g->view || f->nstride != g->nstride || f->nvalid != g->nvalid || f->offset != g->offset ||
      f->layout != g->layout || f->slayout != g->slayout || f->pad != g->pad || f->compact != g->compact ||
      f->fractal != g->fractal || f->nelem != g->nelem)
    return false;
  for (uint32_t i = 0; i < f->nelem; i++)
    if (!type_same_form(&f->elem[i], &g->elem[i])) return false;
  return true;
}

bool type_same_form(const Type *a, const Type *b) {
  if (a->kind != b->kind || a->dtype != b->dtype || a->dist != b->dist) return false;
  if (a->kind == TY_SCALAR) return true;
  return a->rank == b->rank && a->nexpr == b->nexpr && form_equal(a, b);
}

bool type_equal(const Type *a, const Type *b) {
  if (!type_same_form(a, b)) return false;
  for (uint32_t i = 0; i < a->nexpr; i++)
    if (a->expr[i] != b->expr[i]) return false;
  return true;
}

uint32_t type_form_nexpr(const Type *t) {
  if (t->kind == TY_SCALAR) return 0;
  if (t->kind == TY_TUPLE) {
    uint32_t n = 0;
    for (uint32_t i = 0; t->form && i < t->form->nelem; i++) n += type_form_nexpr(&t->form->elem[i]);
    return n;
  }
  const TypeForm *f = t->form;
  return t->rank + (f ? f->nstride + f->nvalid + (f->offset ? 1u : 0u) : 0u);
}

typedef struct {
  char *s;
  size_t size, len;
} Sb;

__attribute__((format(printf, 2, 3))) static void put(Sb *b, const char *fmt, ...) {
  if (b->len + 1 >= b->size) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b->s + b->len, b->size - b->len, fmt, ap);
  va_end(ap);
  if (n > 0) b->len += (size_t)n < b->size - b->len ? (size_t)n : b->size - b->len - 1;
}

static void sig(Sb *b, const Type *t) {
  if (t->kind == TY_SCALAR) {
    put(b, "%s", dt_name((DType)t->dtype));
    return;
  }
  if (t->kind == TY_TUPLE) {
    put(b, "tuple(");
    for (uint32_t i = 0; t->form && i < t->form->nelem; i++) {
      if (i) put(b, ",");
      sig(b, &t->form->elem[i]);
    }
    put(b, ")");
    return;
  }
  put(b, "%s[%u]%s", t->kind == TY_TILE ? "tile" : t->dist ? "dtensor" : "tensor", t->rank, dt_name((DType)t->dtype));
  const TypeForm *f = t->form;
  if (!f || !f->view) return;
  put(b, "{s%u,v%u,%s", f->nstride, f->nvalid, f->offset ? "o," : "");
  if (t->kind == TY_TENSOR)
    put(b, "%s,%s}", tensor_layout_name(f->layout), pad_name(f->pad));
  else
    put(b, "%s,%s,%u,%s,%s}", tile_layout_name(f->layout), tile_layout_name(f->slayout), f->fractal, pad_name(f->pad),
        compact_name(f->compact));
}

void type_sig(const Type *t, char *buf, size_t size) {
  if (!size) return;
  Sb b = {buf, size, strlen(buf)};
  sig(&b, t);
}

void type_describe(const Type *t, char *buf, size_t size) {
  switch ((TypeKind)t->kind) {
  case TY_SCALAR: snprintf(buf, size, "%s", dt_name((DType)t->dtype)); break;
  case TY_TENSOR:
  case TY_TILE:
    snprintf(buf, size, "a rank-%u %s of %s%s", t->rank,
             t->kind == TY_TILE ? "tile" : t->dist ? "distributed tensor" : "tensor", dt_name((DType)t->dtype),
             t->form && t->form->view ? " with a view" : "");
    break;
  case TY_TUPLE: snprintf(buf, size, "a tuple of %u", t->form ? t->form->nelem : 0); break;
  }
}
