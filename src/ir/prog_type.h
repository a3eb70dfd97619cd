/* prog_type.h: the types of program variables (docs/syntax.md "Programs", "Types").
 *
 * A type is a scalar dtype, or an opaque aggregate: a tensor, a tile or a tuple. An aggregate's value
 * is an identity plus the values of the index expressions its type carries (its *metadata*): the
 * shape, then a view's stride, then its valid shape, then a tile's start offset; a tuple carries its
 * elements' expressions one element after the other. Every stage treats those expressions alike, as
 * one flat list (Type.expr): the pass folds each, dead-code removal counts each as a read, the
 * interpreter and the symbolic executor evaluate each where the type stands, and the events hold
 * them. What is not an expression (the view's layout tags, a tile's fractal size, a tuple's element
 * kinds) is the type's *form*: fixed for a variable, part of every event signature, never changed by
 * a pass. */
#ifndef VSIMP_IR_PROG_TYPE_H
#define VSIMP_IR_PROG_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

typedef enum { TY_SCALAR, TY_TENSOR, TY_TILE, TY_TUPLE } TypeKind;

/* Tags of a view (the reference compiler's TensorView and TileView fields), each with its word. */
typedef enum { LAYOUT_ND, LAYOUT_DN, LAYOUT_NZ, LAYOUT_COUNT } TensorLayout;
typedef enum { TLAYOUT_NONE_BOX, TLAYOUT_ROW_MAJOR, TLAYOUT_COL_MAJOR, TLAYOUT_COUNT } TileLayout;
typedef enum { PAD_NULL, PAD_ZERO, PAD_MAX, PAD_MIN, PAD_COUNT } PadValue;
typedef enum { COMPACT_NULL, COMPACT_NORMAL, COMPACT_COUNT } CompactMode;

const char *tensor_layout_name(int v);
const char *tile_layout_name(int v);
const char *pad_name(int v);
const char *compact_name(int v);

typedef struct TypeForm TypeForm;

typedef struct Type {
  uint8_t kind;   /* TypeKind */
  uint8_t dtype;  /* scalar dtype, or a tensor's or tile's element dtype (tuples: 0) */
  /* Tensors: a distributed tensor (`dtensor[...]`, the reference's DistributedTensorType: a tensor
   * bound to a communication window). Part of the form: a distributed tensor and a plain one are two
   * forms, as two layouts are. */
  uint8_t dist;
  uint32_t rank;  /* tensors and tiles: the number of shape entries */
  uint32_t nexpr; /* every index expression the type carries, shape first (tuples: all elements') */
  Node **expr;
  const TypeForm *form; /* NULL: a tensor or tile without a view (nexpr == rank), or a scalar */
} Type;

/* The defaults of a view's tags are the reference's: layout nd, block layout row_major, scatter
 * layout none_box, fractal 512, pad null, compact null. */
struct TypeForm {
  bool view;        /* a view clause was written (tensors and tiles) */
  uint32_t nstride; /* expr[rank, rank + nstride): the stride (0 or rank entries) */
  uint32_t nvalid;  /* then the valid shape (0 or rank entries) */
  bool offset;      /* tiles: then the start offset */
  uint8_t layout;   /* tensors: TensorLayout; tiles: the block layout (TileLayout) */
  uint8_t slayout;  /* tiles: the scatter layout */
  uint8_t pad, compact;
  uint32_t fractal; /* tiles: bytes */
  uint32_t nelem;   /* tuples: the elements, whose own expr fields are unused (the tuple's hold them) */
  const struct Type *elem;
};

Type type_scalar(DType dt);
static inline bool type_is_scalar(const Type *t) { return t->kind == TY_SCALAR; }
/* Same kind, dtype, shape rank and form: two types a variable may take at two of its definitions
 * (only the expressions differ). */
bool type_same_form(const Type *a, const Type *b);
/* type_same_form, and the same expression nodes. */
bool type_equal(const Type *a, const Type *b);
/* The number of expressions a type with this form carries (a tuple: the sum of its elements'). */
uint32_t type_form_nexpr(const Type *t);
/* Appends t's signature to buf (NUL-terminated, truncated to size): `i32`, `tensor[2]f32`,
 * `tensor[2]f32{s2,v0,nd,null}`, `dtensor[2]f32`, `tile[2]f32{...}`, `tuple(i32,tensor[1]f32)`: everything of the
 * form, so that two types of one signature carry the same number of expressions. */
void type_sig(const Type *t, char *buf, size_t size);
/* A tensor's layout: its view's, nd without a view (the reference: a bare tensor is ND-packed). */
static inline int type_tensor_layout(const Type *t) { return t->form && t->form->view ? t->form->layout : LAYOUT_ND; }
/* "i32", "a rank-2 tensor of f32", "a tuple of 2", ... for messages. */
void type_describe(const Type *t, char *buf, size_t size);

#endif
