#include "ir/graph.h"

#include <stdlib.h>
#include <string.h>

#include "ir/nodemap.h"

/* A range list (operands first..nargs-1): ranges, each once. */
static const char *check_ranges(Node *const *args, int first, int nargs) {
  if (nargs - first > VS_MAX_GRAPH_LIST) return "too many ranges in one list";
  for (int i = first; i < nargs; i++) {
    if (args[i]->op != OP_RANGE) return "a loop list holds ranges only (range(END, NAME))";
    for (int j = first; j < i; j++)
      if (args[j] == args[i]) return "a range appears twice in one loop list";
  }
  /* A loop's end is evaluated when the loop starts: it may use the loops outside it, not those inside. */
  for (int i = first; i < nargs; i++)
    for (int j = i + 1; j < nargs; j++)
      if ((args[i]->args[0]->flags & NF_HAS_GRAPH) && graph_contains(args[i]->args[0], args[j]))
        return "a range's end uses a loop listed after it (list the outer loops first)";
  return NULL;
}

static bool scalar_value(const Node *n) { return n->kind == NK_VALUE && n->lanes == 1; }

const char *graph_type_check(Op op, DType to, uint64_t aux, Node *const *args, int nargs, DType *result,
                             NodeKind *kind) {
  for (int i = 0; i < nargs; i++)
    if (!args[i]) return "missing operand";
  for (int i = 0; i < nargs; i++)
    if (args[i]->lanes > 1) return "vectors are not supported in memory and loop operations";
  *kind = NK_VALUE;
  switch (op) {
  case OP_INDEX:
    if (nargs != 2) return "index(BUFFER, I) takes a buffer and an index";
    if (args[0]->kind != NK_BUFFER) return "the first operand of index(B, I) must be a buffer";
    if (!scalar_value(args[1]) || args[1]->dtype != DT_INDEX) return "the element of index(B, I) must be an index value";
    *result = (DType)args[0]->dtype;
    *kind = NK_POINTER;
    return NULL;
  case OP_LOAD:
    if (nargs != 1) return "wrong number of operands";
    if (args[0]->kind != NK_POINTER) return "load takes a pointer: load(index(B, I))";
    *result = (DType)args[0]->dtype;
    return NULL;
  case OP_STORE:
    if (nargs != 2) return "wrong number of operands";
    if (args[0]->kind != NK_POINTER) return "store takes a pointer: store(index(B, I), V)";
    if (!scalar_value(args[1])) return "the stored operand must be a value";
    if (args[1]->dtype != args[0]->dtype) return "the stored value's type differs from the buffer's";
    *result = DT_BOOL;
    *kind = NK_EFFECT;
    return NULL;
  case OP_NOOP:
    if (nargs != 0) return "noop takes no operands";
    *result = DT_BOOL;
    *kind = NK_EFFECT;
    return NULL;
  case OP_RANGE:
    if (nargs != 1 || !aux) return "range(END, NAME) takes an end and a name";
    if (!scalar_value(args[0]) || args[0]->dtype != DT_INDEX) return "a range's end must be an index value";
    if (args[0]->flags & NF_HAS_MEM) return "a range's end may not read memory";
    *result = DT_INDEX;
    return NULL;
  case OP_REDUCE: {
    if (nargs < 1 || !vs_is_reduce_op((Op)aux)) return "reduce(OP, X, RANGES...) takes add, mul, max or min";
    if (!scalar_value(args[0])) return "a reduction's operand must be a value";
    DType dt = (DType)args[0]->dtype;
    if (!dt_is_int(dt) && !dt_is_float(dt)) return "a reduction needs an integer or float operand";
    const char *err = check_ranges(args, 1, nargs);
    if (err) return err;
    *result = dt;
    return NULL;
  }
  case OP_END: {
    if (nargs < 1 || args[0]->kind != NK_EFFECT) return "end(EFFECT, RANGES...) takes an effect first";
    const char *err = check_ranges(args, 1, nargs);
    if (err) return err;
    *result = DT_BOOL;
    *kind = NK_EFFECT;
    return NULL;
  }
  case OP_EFFECT: {
    if (!aux) return "an abstract effect needs a name";
    const char *err = check_ranges(args, 0, nargs);
    if (err) return err;
    *result = DT_BOOL;
    *kind = NK_EFFECT;
    return NULL;
  }
  case OP_OPAQUE: {
    if (!aux) return "an abstract value needs a name";
    if (dt_is_float(to) ? false : !dt_is_int(to) && to != DT_BOOL) return "bad dtype";
    const char *err = check_ranges(args, 0, nargs);
    if (err) return err;
    *result = to;
    return NULL;
  }
  case OP_AFTER:
    if (nargs < 1 || nargs > VS_MAX_GRAPH_LIST + 1) return "after(X, EFFECTS...) takes 1 to 16 operands";
    if (args[0]->kind == NK_POINTER) return "after of a pointer: write index(after(B, ...), I)";
    for (int i = 1; i < nargs; i++)
      if (args[i]->kind != NK_EFFECT) return "after(X, EFFECTS...) waits for effects only";
    *result = (DType)args[0]->dtype;
    *kind = (NodeKind)args[0]->kind;
    return NULL;
  default: return "not an operation";
  }
}

const char *graph_value_operands(Node *const *args, int nargs) {
  for (int i = 0; i < nargs; i++)
    if (args[i] && args[i]->kind != NK_VALUE) {
      switch (args[i]->kind) {
      case NK_BUFFER: return "a buffer is not a value (load an element: load(index(B, I)))";
      case NK_POINTER: return "a pointer is not a value (load it: load(index(B, I)))";
      default: return "an effect is not a value";
      }
    }
  return NULL;
}

Node *vs_noop(VsCtx *ctx) { return vs_make_ex(ctx, OP_NOOP, DT_BOOL, 1, 0, NULL, 0); }

Node *vs_ptr(VsCtx *ctx, Node *buf, Node *idx) {
  Node *args[2] = {buf, idx};
  return vs_make_ex(ctx, OP_INDEX, DT_BOOL, 1, 0, args, 2);
}

Node *vs_load(VsCtx *ctx, Node *ptr) { return vs_make_ex(ctx, OP_LOAD, DT_BOOL, 1, 0, &ptr, 1); }

Node *vs_store(VsCtx *ctx, Node *ptr, Node *val) {
  Node *args[2] = {ptr, val};
  return vs_make_ex(ctx, OP_STORE, DT_BOOL, 1, 0, args, 2);
}

Node *vs_range(VsCtx *ctx, Node *end, const char *name) {
  const char *in = name ? vs_intern(ctx, name, strlen(name)) : NULL;
  return vs_make_ex(ctx, OP_RANGE, DT_BOOL, 1, (uint64_t)(uintptr_t)in, &end, 1);
}

/* A first operand and a list, as one operand array. */
static Node *make_list(VsCtx *ctx, Op op, uint64_t aux, Node *first, Node *const *rest, int nrest) {
  Node *args[VS_MAX_GRAPH_LIST + 1];
  if (nrest < 0 || nrest > VS_MAX_GRAPH_LIST) return vs_make_ex(ctx, op, DT_BOOL, 1, aux, NULL, -1);
  args[0] = first;
  for (int i = 0; i < nrest; i++) args[i + 1] = rest[i];
  return vs_make_ex(ctx, op, DT_BOOL, 1, aux, args, nrest + 1);
}

Node *vs_reduce(VsCtx *ctx, Op op, Node *x, Node *const *ranges, int nranges) {
  return make_list(ctx, OP_REDUCE, (uint64_t)op, x, ranges, nranges);
}

Node *vs_end(VsCtx *ctx, Node *eff, Node *const *ranges, int nranges) {
  return make_list(ctx, OP_END, 0, eff, ranges, nranges);
}

Node *vs_after(VsCtx *ctx, Node *x, Node *const *deps, int ndeps) {
  return make_list(ctx, OP_AFTER, 0, x, deps, ndeps);
}

Node *vs_effect_var(VsCtx *ctx, const char *name, Node *const *ranges, int nranges) {
  const char *in = name ? vs_intern(ctx, name, strlen(name)) : NULL;
  return vs_make_ex(ctx, OP_EFFECT, DT_BOOL, 1, (uint64_t)(uintptr_t)in, ranges, nranges);
}

Node *vs_opaque(VsCtx *ctx, const char *name, DType dt, Node *const *ranges, int nranges) {
  const char *in = name ? vs_intern(ctx, name, strlen(name)) : NULL;
  return vs_make_ex(ctx, OP_OPAQUE, dt, 1, (uint64_t)(uintptr_t)in, ranges, nranges);
}

const char *vs_reduce_op_name(Op op) {
  switch (op) {
  case OP_ADD: return "add";
  case OP_MUL: return "mul";
  case OP_MAX: return "max";
  case OP_MIN: return "min";
  default: return "?";
  }
}

bool vs_reduce_op_from_name(const char *s, size_t len, Op *op) {
  static const Op ops[] = {OP_ADD, OP_MUL, OP_MAX, OP_MIN};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    const char *n = vs_reduce_op_name(ops[i]);
    if (strlen(n) == len && memcmp(n, s, len) == 0) {
      *op = ops[i];
      return true;
    }
  }
  return false;
}

uint64_t vs_reduce_identity(Op op, DType dt) {
  /* Float patterns: 1.0, -inf, +inf of binary16/32/64. */
  static const uint64_t one[3] = {0x3c00, 0x3f800000, UINT64_C(0x3ff0000000000000)};
  static const uint64_t ninf[3] = {0xfc00, 0xff800000, UINT64_C(0xfff0000000000000)};
  static const uint64_t pinf[3] = {0x7c00, 0x7f800000, UINT64_C(0x7ff0000000000000)};
  int f = dt == DT_F16 ? 0 : dt == DT_F32 ? 1 : 2;
  bool fl = dt_is_float(dt);
  switch (op) {
  case OP_MUL: return fl ? one[f] : 1;
  case OP_MAX: return fl ? ninf[f] : im_from_value(dt, im_min(dt));
  case OP_MIN: return fl ? pinf[f] : im_from_value(dt, im_max(dt));
  default: return 0; /* add: 0, +0.0 */
  }
}

/* ---- analyses ---- */

/* Sets of nodes as arrays sorted by id, one per visited node. */
typedef struct {
  Node **v;
  size_t n;
} NodeSet;

static bool set_union(NodeSet *out, const NodeSet *a, const NodeSet *b) {
  Node **v = malloc((a->n + b->n + 1) * sizeof *v);
  if (!v) return false;
  size_t i = 0, j = 0, n = 0;
  while (i < a->n || j < b->n) {
    if (j == b->n || (i < a->n && a->v[i]->id < b->v[j]->id)) v[n++] = a->v[i++];
    else if (i == a->n || b->v[j]->id < a->v[i]->id) v[n++] = b->v[j++];
    else {
      v[n++] = a->v[i++];
      j++;
    }
  }
  free(out->v);
  out->v = v;
  out->n = n;
  return true;
}

static void set_remove(NodeSet *s, const Node *x) {
  size_t k = 0;
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i] != x) s->v[k++] = s->v[i];
  s->n = k;
}

size_t graph_free_ranges(Node *root, Node ***out) {
  *out = NULL;
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (n == 0) return SIZE_MAX;
  NodeSet *sets = calloc(n, sizeof *sets);
  NodeMap at;
  nodemap_init(&at);
  bool ok = sets != NULL;
  for (size_t i = 0; ok && i < n; i++) {
    Node *node = order[i];
    ok = nodemap_put(&at, node, i);
    if (!(node->flags & NF_HAS_GRAPH)) continue; /* no range below */
    for (int j = 0; ok && j < node->nargs; j++) {
      uint64_t k = 0;
      nodemap_get(&at, node->args[j], &k);
      ok = set_union(&sets[i], &sets[i], &sets[k]);
    }
    if (!ok) break;
    if (node->op == OP_RANGE) {
      NodeSet self = {&node, 1};
      ok = set_union(&sets[i], &sets[i], &self);
    } else if (node->op == OP_REDUCE || node->op == OP_END) {
      for (int j = 1; j < node->nargs; j++) set_remove(&sets[i], node->args[j]);
    }
  }
  size_t count = SIZE_MAX;
  if (ok) {
    NodeSet *r = &sets[n - 1];
    *out = malloc((r->n + 1) * sizeof **out);
    if (*out) {
      if (r->n) memcpy(*out, r->v, r->n * sizeof **out);
      count = r->n;
    }
  }
  for (size_t i = 0; sets && i < n; i++) free(sets[i].v);
  free(sets);
  nodemap_free(&at);
  free(order);
  return count;
}

static int by_id(const void *a, const void *b) {
  uint32_t x = (*(Node *const *)a)->id, y = (*(Node *const *)b)->id;
  return x < y ? -1 : x > y;
}

size_t graph_buffers(Node *root, Node ***out) {
  *out = NULL;
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (n == 0) return SIZE_MAX;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (order[i]->op == OP_BUFFER) order[k++] = order[i];
  qsort(order, k, sizeof *order, by_id);
  *out = order;
  return k;
}

const Node *graph_unbound_range(Node *src, Node *tgt, bool *oom) {
  Node **fs, **ft;
  size_t ns = graph_free_ranges(src, &fs), nt = graph_free_ranges(tgt, &ft);
  const Node *bad = NULL;
  *oom = ns == SIZE_MAX || nt == SIZE_MAX;
  /* By name: a loop variable whose end the simplifier rewrote is still the loop variable it was. */
  for (size_t i = 0; !*oom && !bad && i < nt; i++) {
    bool found = false;
    for (size_t j = 0; j < ns && !found; j++) found = fs[j]->aux.name == ft[i]->aux.name;
    if (!found) bad = ft[i];
  }
  free(fs);
  free(ft);
  return bad;
}

/* The ranges free in a node (graph_free_ranges), sorted by id. */
typedef struct {
  uint32_t n;
  const Node *v[];
} RangeSet;

static const RangeSet k_no_ranges = {0};

NodeMap *vs_ctx_free_range_cache(VsCtx *ctx); /* node.c */

static const RangeSet *cached_set(VsCtx *ctx, const Node *n) {
  if (!(n->flags & NF_HAS_GRAPH)) return &k_no_ranges;
  uint64_t v;
  return nodemap_get(vs_ctx_free_range_cache(ctx), n, &v) ? (const RangeSet *)(uintptr_t)v : NULL;
}

static bool binds(const Node *n, const Node *r) {
  for (int i = 1; i < n->nargs && vs_binds(n, i); i++)
    if (n->args[i] == r) return true;
  return false;
}

/* The set of n from its operands' (all cached): their union, n itself if it is a range, less the
 * ranges n binds. The operands' sets are sorted: merged one after the other. */
static const RangeSet *make_set(VsCtx *ctx, const Node *n) {
  size_t cap = n->op == OP_RANGE;
  for (int i = 0; i < n->nargs; i++) cap += cached_set(ctx, n->args[i])->n;
  const Node *tmp[2][64], **acc = cap <= 64 ? tmp[0] : malloc(cap * sizeof *acc);
  const Node **out = cap <= 64 ? tmp[1] : malloc(cap * sizeof *out);
  RangeSet *set = NULL;
  if (!acc || !out) goto done;
  size_t k = 0;
  if (n->op == OP_RANGE) acc[k++] = n;
  for (int i = 0; i < n->nargs; i++) {
    const RangeSet *s = cached_set(ctx, n->args[i]);
    size_t a = 0, b = 0, m = 0;
    while (a < k || b < s->n) {
      const Node *x = b == s->n || (a < k && acc[a]->id <= s->v[b]->id) ? acc[a++] : s->v[b++];
      if (!m || out[m - 1] != x) out[m++] = x;
    }
    const Node **t = acc;
    acc = out;
    out = t;
    k = m;
  }
  size_t u = 0;
  for (size_t i = 0; i < k; i++)
    if (!binds(n, acc[i])) acc[u++] = acc[i];
  set = vs_ctx_alloc(ctx, sizeof *set + u * sizeof set->v[0]);
  if (set) {
    set->n = (uint32_t)u;
    if (u) memcpy(set->v, acc, u * sizeof *acc);
    if (!nodemap_put(vs_ctx_free_range_cache(ctx), n, (uint64_t)(uintptr_t)set)) set = NULL;
  }
done:
  if (cap > 64) {
    free(acc);
    free(out);
  }
  return set;
}

/* The set of root, making the missing ones below it children first; the walk stops at nodes whose set
 * is known, so a node's set is made once whatever asks for it. */
static const RangeSet *free_ranges_of(VsCtx *ctx, Node *root) {
  const RangeSet *s = cached_set(ctx, root);
  if (s) return s;
  struct Frame {
    Node *n;
    int next;
  } *stack = malloc(64 * sizeof *stack);
  size_t sp = 0, cap = 64;
  bool ok = stack != NULL;
  if (ok) stack[sp++] = (struct Frame){root, 0};
  while (ok && sp) {
    struct Frame *f = &stack[sp - 1];
    if (f->next < f->n->nargs) {
      Node *c = f->n->args[f->next++];
      if (cached_set(ctx, c)) continue;
      if (sp == cap) {
        struct Frame *ns = realloc(stack, 2 * cap * sizeof *ns);
        if (!(ok = ns != NULL)) break;
        stack = ns;
        cap *= 2;
      }
      stack[sp++] = (struct Frame){c, 0};
      continue;
    }
    /* A node reached twice before its set was made is made once: the second time it is cached. */
    ok = cached_set(ctx, f->n) || make_set(ctx, f->n);
    sp--;
  }
  free(stack);
  return ok ? cached_set(ctx, root) : NULL;
}

bool graph_range_is_free(VsCtx *ctx, const Node *root, const Node *range) {
  if (!(root->flags & NF_HAS_GRAPH)) return false;
  const RangeSet *s = free_ranges_of(ctx, (Node *)root);
  if (!s) return true; /* out of memory: it may be */
  size_t lo = 0, hi = s->n;
  while (lo < hi) { /* by id */
    size_t mid = lo + (hi - lo) / 2;
    if (s->v[mid]->id < range->id) lo = mid + 1;
    else hi = mid;
  }
  return lo < s->n && s->v[lo] == range;
}

bool graph_range_names_clash(Node *const *roots, size_t nroots) {
  Node **order;
  size_t n = vs_postorder_many(roots, nroots, &order);
  bool clash = false;
  for (size_t i = 0; i < n && !clash; i++)
    for (size_t j = 0; j < i && !clash && order[i]->op == OP_RANGE; j++)
      clash = order[j]->op == OP_RANGE && order[j]->aux.name == order[i]->aux.name;
  free(order);
  return clash;
}

bool graph_contains(Node *root, const Node *needle) {
  if (root == needle) return true;
  if (needle->depth >= root->depth) return false;
  Node **order;
  size_t n = vs_postorder(root, &order);
  bool found = false;
  for (size_t i = 0; i < n && !found; i++) found = order[i] == needle;
  free(order);
  return found;
}
