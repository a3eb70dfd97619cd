/* rebuild.h: bottom-up rewriting of an expression, the one loop every stage that maps an expression
 * to another (substitution, deciding nodes from facts, constant folding, the fuzz reducer's cuts) runs.
 *
 * vs_rebuild visits every distinct node of root once, children first. For each node `orig` it passes
 * the callback orig's operands as already rebuilt (the callback may change them) and takes the
 * callback's answer as orig's replacement; parents are then built over their replaced operands.
 * Sharing is kept: a node that occurs several times is rebuilt once. */
#ifndef VSIMP_IR_REBUILD_H
#define VSIMP_IR_REBUILD_H

#include "ir/node.h"

/* orig's replacement (args: orig->nargs rebuilt operands, writable), or NULL on failure. Leaves have no
 * operands. vs_rebuild_node is the default answer. */
typedef Node *(*VsRebuildFn)(void *ud, VsCtx *ctx, Node *orig, Node **args);

/* The new root, or NULL when the callback failed, a node could not be built (vs_ctx_error says why)
 * or memory ran out. */
Node *vs_rebuild(VsCtx *ctx, Node *root, VsRebuildFn fn, void *ud);

/* root with every occurrence of node `from` replaced by `to` (sharing kept), or NULL when a node cannot
 * be built (to of another type, say). */
Node *vs_substitute(VsCtx *ctx, Node *root, Node *from, Node *to);

/* orig with its operands replaced by args (its op, dtype, lanes and aux kept): orig itself when no
 * operand changed. NULL when it cannot be built. */
Node *vs_rebuild_node(VsCtx *ctx, Node *orig, Node *const *args);

#endif
