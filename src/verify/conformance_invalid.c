/* The INVALID part of the conformance check (docs/semantics.md, "The invalid index"): every op that
 * takes an index operand, with operands drawn from three kinds (an index constant from the edge values,
 * the `invalid` leaf, and a UB index `0 // 0`) in every combination that has an INVALID operand, and
 * every cast out of index on INVALID. The evaluator and Z3 must agree on UB, INVALID and the value (the
 * driver: conformance_internal.h). */
#include "verify/conformance.h"

#include "ir/edges.h"
#include "ir/node.h"
#include "verify/conformance_internal.h"

enum { K_CONST, K_INVALID, K_UB, K_COUNT };

/* The operand of kind k (a constant: edge value number e). */
static Node *operand(VsCtx *ctx, int k, const uint64_t *edges, size_t e) {
  if (k == K_INVALID) return vs_invalid(ctx);
  Node *zero = vs_const(ctx, DT_INDEX, 0);
  if (k == K_UB) return vs_bin(ctx, OP_IDIV, zero, zero);
  return vs_const(ctx, DT_INDEX, edges[e]);
}

void conformance_run_invalid(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *rep, FILE *log) {
  ConfRun run = conf_run(smt, opts, rep, log, 0);
  uint64_t edges[EDGE_MAX];
  size_t ne = edge_values(DT_INDEX, edges);
  size_t step = opts->full ? 1 : 2; /* constants: every edge value, or every other one */
  for (int op = OP_NEG; op < OP_COUNT; op++) {
    int arity = op_arity((Op)op);
    if (arity < 1 || arity > 3 || op_is_vec((Op)op) || op_is_graph((Op)op)) continue;
    VsCtx *ctx = vs_ctx_new();
    if (!ctx) return;
    /* Every kind tuple with an INVALID operand; a select's condition is a bool constant instead. */
    int tuples = 1;
    for (int i = 0; i < arity; i++) tuples *= K_COUNT;
    for (int t = 0; t < tuples; t++) {
      int kind[3] = {0, 0, 0}, x = t;
      bool has_inv = false;
      for (int i = 0; i < arity; i++) {
        kind[i] = x % K_COUNT;
        x /= K_COUNT;
        has_inv |= kind[i] == K_INVALID;
      }
      if (!has_inv || (op == OP_SELECT && kind[0] != K_CONST)) continue;
      for (size_t e = 0; e < ne; e += step) {
        Node *args[3];
        for (int i = 0; i < arity; i++)
          args[i] = op == OP_SELECT && i == 0 ? vs_bool(ctx, e & 1) : operand(ctx, kind[i], edges, (e + (size_t)i) % ne);
        if (op == OP_CAST || op == OP_BITCAST) {
          for (int to = 0; to < DT_COUNT; to++) {
            conf_compare(&run, vs_make(ctx, (Op)op, (DType)to, args, 1), NULL, &rep->invalid_cases, "invalid");
          }
        } else {
          conf_compare(&run, vs_make(ctx, (Op)op, DT_INDEX, args, arity), NULL, &rep->invalid_cases, "invalid");
          /* The no-signed-overflow form too: INVALID skips its overflow condition like any other. */
          if (vs_nsw_applies((Op)op, DT_INDEX))
            conf_compare(&run, vs_make_ex(ctx, (Op)op, DT_INDEX, 1, VS_AUX_NSW, args, arity), NULL,
                         &rep->invalid_cases, "invalid");
        }
        /* Operands with no constant have one tuple only. */
        bool any_const = false;
        for (int i = 0; i < arity; i++) any_const |= kind[i] == K_CONST || (op == OP_SELECT && i == 0);
        if (!any_const) break;
      }
    }
    vs_ctx_free(ctx);
  }
}
