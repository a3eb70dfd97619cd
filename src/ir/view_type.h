/* view_type.h: the result type of the builtin view's shape and layout forms (docs/syntax.md "Types").
 *
 * `v = call view(t, [s...])`, `v = call view(t, layout=L)` and `v = call view(t, [s...], layout=L)`
 * reinterpret tensor t (the reference's `tensor.view`): the result's type is derived from t's type as
 * declared and the operands, by the reference's rules (its type deduction of `tensor.view`):
 *
 *  - the layout is L, or t's (a tensor without a view is nd); L is nd or dn, and dn needs rank >= 2;
 *  - with a shape: that shape, the canonical strides of the layout for it, no valid shape, pad null;
 *  - without one: t's shape, its last two entries swapped when the layout changes; t's strides (swapped
 *    likewise) when t's view has them, else the canonical ones; t's valid shape (swapped) and pad;
 *  - a distributed tensor stays one; the dtype is t's.
 *
 * Canonical strides: nd is row-major (the last stride 1, each other the next one times the next
 * extent); dn (the reference's trailing-pair layout) has stride 1 on the second-to-last entry, that
 * entry's extent on the last, their product on the one before, and row-major outside. Products of two
 * constants are folded when exact; a factor 1 is dropped; other products are `index` multiplications.
 *
 * The derivation is syntactic: the result type is what an annotation would say, and its expressions
 * are evaluated where the view stands, like any written type. */
#ifndef VSIMP_IR_VIEW_TYPE_H
#define VSIMP_IR_VIEW_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/stmt.h"

/* The derived type of view(t, ...) for src = t's type (a tensor): the call's form (VIEW_SHAPE,
 * VIEW_LAYOUT, stmt.h), its layout, and (VIEW_SHAPE) its shape entries. Allocates from p. On an
 * invalid view, writes the reason to err and returns false. */
bool view_derive_type(Program *p, const Type *src, const Call *c, Node *const *shape, uint32_t rank, Type *out,
                      char *err, size_t errlen);

#endif
