/* mutate.c: the structure-aware IR mutator (see mutate.h). */
#include "fuzz/mutate.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz/gen.h"
#include "fuzz/input.h"
#include "ir/graph.h"
#include "ir/rebuild.h"
#include "text/text.h"

/* Decodes an input into a case in ctx. */
static bool decode(VsCtx *ctx, const uint8_t *data, size_t size, GenCase *gc) {
  memset(gc, 0, sizeof *gc);
  if (size && data[0] == '#') {
    VsFile f;
    VsDiag d;
    if (!vs_parse(ctx, "<input>", (const char *)data, size, &f, &d)) return false;
    bool ok = f.nvars <= GEN_CASE_VARS;
    for (size_t i = 0; ok && i < f.nvars; i++) gc->vars[gc->nvars++] = f.vars[i];
    gc->root = f.src;
    gc->simple_matcher = fuzz_contains(data, size, "# matcher: simple");
    vs_file_free(&f);
    return ok;
  }
  return gen_case(ctx, data, size, NULL, gc);
}

static const Op same_typing[][8] = {
  {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD, OP_COUNT},
  {OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_MIN, OP_MAX, OP_COUNT},
  {OP_EQ, OP_NE, OP_LT, OP_LE, OP_COUNT},
  {OP_NEG, OP_NOT, OP_SQRT, OP_TRUNC, OP_FLOOR, OP_CEIL, OP_ROUND, OP_RECIP},
  {OP_FDIV, OP_ADD, OP_SUB, OP_MUL, OP_MIN, OP_MAX, OP_POW, OP_COUNT},
};

/* Another op that may take the same operands (vs_make type-checks it). */
static Op other_op(FuzzIn *in, Op op) {
  for (size_t g = 0; g < sizeof same_typing / sizeof same_typing[0]; g++)
    for (int i = 0; i < 8 && same_typing[g][i] != OP_COUNT; i++)
      if (same_typing[g][i] == op) {
        int n = 0;
        while (n < 8 && same_typing[g][n] != OP_COUNT) n++;
        return same_typing[g][fin_below(in, (uint64_t)n)];
      }
  return op;
}

static Node *mutate_node(VsCtx *ctx, FuzzIn *in, GenCase *gc, Node *x, Node *const *order, size_t n) {
  DType dt = (DType)x->dtype;
  switch (fin_below(in, 8)) {
  case 0: {
    GenOptions go = {.max_ops = 1 + (unsigned)fin_below(in, 8), .max_depth = 3};
    return gen_expr(ctx, in, gc, dt, &go);
  }
  case 1: return gen_const(ctx, in, dt);
  case 2: return x->nargs ? x->args[fin_below(in, x->nargs)] : NULL; /* dtype checked by the caller */
  case 3: { /* another node of the same type: sharing, as in x - x */
    size_t start = (size_t)fin_below(in, n);
    for (size_t i = 0; i < n; i++) {
      Node *y = order[(start + i) % n];
      if (y->dtype == dt && y->lanes == x->lanes && y != x) return y;
    }
    return NULL;
  }
  case 4:
    /* vec, gep, cat and bcast carry lanes and selections vs_make does not take, and up to 16 operands;
     * the graph ops carry names, reduction ops and kinds: left alone */
    if (x->nargs == 0 || op_is_vec((Op)x->op) || op_is_graph((Op)x->op)) return NULL;
    return vs_make(ctx, other_op(in, (Op)x->op), dt, x->args, x->nargs);
  case 5: {
    if (x->nargs < 2 || op_is_vec((Op)x->op) || op_is_graph((Op)x->op)) return NULL;
    Node *args[3] = {x->args[0], x->args[1], x->nargs > 2 ? x->args[2] : NULL};
    if (x->op == OP_SELECT) {
      args[1] = x->args[2];
      args[2] = x->args[1];
    } else {
      args[0] = x->args[1];
      args[1] = x->args[0];
    }
    return vs_make(ctx, (Op)x->op, dt, args, x->nargs);
  }
  case 6: { /* a cast round trip through another dtype */
    DType via = gen_dtype(in);
    return vs_cast(ctx, dt, vs_cast(ctx, via, x));
  }
  default: { /* x OP c */
    if (dt == DT_BOOL) return vs_un(ctx, OP_NOT, x);
    static const Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_MIN, OP_MAX};
    return vs_bin(ctx, ops[fin_below(in, 5)], x, gen_const(ctx, in, dt));
  }
  }
}

size_t fuzz_mutate(VsCtx *ctx, uint8_t *data, size_t size, size_t max, uint64_t seed) {
  GenCase gc;
  if (!decode(ctx, data, size, &gc) || !gc.root) return 0;
  uint8_t choices[256];
  for (size_t i = 0; i < sizeof choices; i += 8) {
    uint64_t r = fuzz_rng_next(&seed);
    memcpy(choices + i, &r, 8);
  }
  FuzzIn in;
  fin_init(&in, choices, sizeof choices);
  Node **order;
  size_t n = vs_postorder(gc.root, &order);
  if (!n) return 0;
  /* The nodes of range ends: a mutation there changes a loop's trip count (to 2^63 - 1, say: an
   * evaluation of billions of iterations) and rebuilds the range under its old name. */
  Node **in_end = NULL;
  size_t nend = 0;
  if (gc.root->flags & NF_HAS_GRAPH) {
    Node *ends[64];
    size_t ne = 0;
    for (size_t i = 0; i < n && ne < 64; i++)
      if (order[i]->op == OP_RANGE) ends[ne++] = order[i]->args[0];
    if (ne) nend = vs_postorder_many(ends, ne, &in_end);
  }
  Node *root = NULL;
  for (int attempt = 0; attempt < 8 && !root; attempt++) {
    Node *x = order[fin_below(&in, n)];
    /* Graph cases: values only (a load, a reduction, any value around them); buffers, pointers,
     * effects, ranges (which loops bind) and their ends stay as they are. */
    if (x->kind != NK_VALUE || x->op == OP_RANGE) continue;
    bool skip = false;
    for (size_t i = 0; i < nend && !skip; i++) skip = in_end[i] == x;
    if (skip) continue;
    Node *y = mutate_node(ctx, &in, &gc, x, order, n);
    if (y && y != x && y->dtype == x->dtype && y->lanes == x->lanes && y->kind == x->kind)
      root = vs_substitute(ctx, gc.root, x, y);
    if (root && (root->flags & NF_HAS_GRAPH) && graph_range_names_clash(&root, 1)) root = NULL;
  }
  free(order);
  free(in_end);
  if (!root) return 0;
  /* Declare the variables the mutated case uses, in the case's order. */
  Node **used;
  size_t nu = vs_postorder(root, &used);
  Node *vars[GEN_CASE_VARS];
  size_t nv = 0;
  for (size_t i = 0; i < gc.nvars; i++)
    for (size_t j = 0; j < nu; j++)
      if (used[j] == gc.vars[i]) {
        vars[nv++] = gc.vars[i];
        break;
      }
  free(used);
  char *text = vs_print_case(vars, nv, root, NULL);
  if (!text) return 0;
  const char *head = gc.simple_matcher ? "# vsimp fuzz input\n# matcher: simple\n" : "# vsimp fuzz input\n";
  size_t hl = strlen(head), tl = strlen(text);
  size_t out = 0;
  if (hl + tl <= max) {
    memcpy(data, head, hl);
    memcpy(data + hl, text, tl);
    out = hl + tl;
  }
  free(text);
  return out;
}
