/* rebuild.c: bottom-up rewriting (rebuild.h). */
#include "ir/rebuild.h"

#include <stdlib.h>

#include "ir/nodemap.h"

Node *vs_rebuild_node(VsCtx *ctx, Node *orig, Node *const *args) {
  bool changed = false;
  for (int j = 0; j < orig->nargs; j++) changed |= args[j] != orig->args[j];
  if (!changed) return orig;
  return vs_remake(ctx, orig, args);
}

Node *vs_rebuild(VsCtx *ctx, Node *root, VsRebuildFn fn, void *ud) {
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (!n) return NULL;
  NodeMap map;
  nodemap_init(&map);
  Node *out = NULL;
  for (size_t i = 0; i < n; i++) {
    Node *x = order[i], *args[UINT8_MAX + 1];
    for (int j = 0; j < x->nargs; j++) {
      uint64_t v;
      args[j] = nodemap_get(&map, x->args[j], &v) ? (Node *)(uintptr_t)v : x->args[j];
    }
    Node *y = fn(ud, ctx, x, args);
    if (!y) break;
    if (y != x && !nodemap_put(&map, x, (uintptr_t)y)) break;
    if (i + 1 == n) out = y;
  }
  nodemap_free(&map);
  free(order);
  return out;
}

typedef struct {
  Node *from, *to;
} Substitution;

static Node *substitute_one(void *ud, VsCtx *ctx, Node *orig, Node **args) {
  const Substitution *s = ud;
  return orig == s->from ? s->to : vs_rebuild_node(ctx, orig, args);
}

Node *vs_substitute(VsCtx *ctx, Node *root, Node *from, Node *to) {
  Substitution s = {from, to};
  return vs_rebuild(ctx, root, substitute_one, &s);
}
