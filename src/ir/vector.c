#include "ir/vector.h"

#include <stdio.h>
#include <string.h>

bool vs_vtype_from_name(const char *s, size_t len, DType *dt, int *lanes) {
  if (dt_from_name(s, len, dt)) {
    *lanes = 1;
    return true;
  }
  /* NAMExN: the last 'x' splits the scalar name from the count ("indexx8" is index x 8). */
  size_t x = len;
  while (x > 0 && s[x - 1] != 'x') x--;
  if (x < 2 || x == len || len - x > 2) return false;
  int n = 0;
  for (size_t i = x; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    n = n * 10 + (s[i] - '0');
  }
  if (s[x] == '0' || n == 1 || !vs_lanes_valid(n)) return false; /* one spelling per type: no i32x1 */
  if (!dt_from_name(s, x - 1, dt)) return false;
  *lanes = n;
  return true;
}

const char *vs_vtype_name(DType dt, int lanes, char *buf, size_t size) {
  if (lanes <= 1) snprintf(buf, size, "%s", dt_name(dt));
  else snprintf(buf, size, "%sx%d", dt_name(dt), lanes);
  return buf;
}

const char *vs_node_type_name(const Node *n, char *buf, size_t size) {
  return vs_vtype_name((DType)n->dtype, n->lanes, buf, size);
}

bool vs_gep_pack(const int *idx, int n, uint64_t *aux) {
  uint64_t a = 0;
  if (n < 1 || n > VS_MAX_LANES) return false;
  for (int k = 0; k < n; k++) {
    if (idx[k] < 0 || idx[k] > 15) return false;
    a |= (uint64_t)idx[k] << (4 * k);
  }
  *aux = a;
  return true;
}

const char *vec_type_check(Op op, int lanes, uint64_t aux, Node *const *args, int nargs, DType *result,
                           int *rlanes) {
  for (int i = 0; i < nargs; i++)
    if (!args[i]) return "missing operand";
  if (nargs < 1) return "wrong number of operands";
  DType a = (DType)args[0]->dtype;
  switch (op) {
  case OP_VEC:
    if (nargs < 2 || !vs_lanes_valid(nargs)) return "vec takes 2, 3, 4, 8 or 16 operands";
    for (int i = 0; i < nargs; i++) {
      if (args[i]->lanes != 1) return "vec operands must be scalars (use cat to join vectors)";
      if (args[i]->dtype != a) return "vec operands have different types";
    }
    *result = a;
    *rlanes = nargs;
    return NULL;
  case OP_GEP:
    if (nargs != 1) return "wrong number of operands";
    if (args[0]->lanes < 2) return "gep needs a vector operand";
    if (lanes == -1) return "gep lane index out of range"; /* vs_gep: an index outside 0..15 */
    if (lanes < 1 || !vs_lanes_valid(lanes)) return "gep selects 1, 2, 3, 4, 8 or 16 lanes";
    /* Unused index bits must be zero: the packed selection is part of the node's identity. */
    if (lanes < 16 && (aux >> (4 * lanes)) != 0) return "gep lane index out of range";
    for (int k = 0; k < lanes; k++)
      if ((int)(aux >> (4 * k) & 15) >= args[0]->lanes) return "gep lane index out of range";
    *result = a;
    *rlanes = lanes;
    return NULL;
  case OP_CAT: {
    if (nargs < 2) return "cat takes at least 2 operands";
    int total = 0;
    for (int i = 0; i < nargs; i++) {
      if (args[i]->lanes < 2) return "cat operands must be vectors (use vec for scalars)";
      if (args[i]->dtype != a) return "cat operands have different types";
      total += args[i]->lanes;
    }
    if (total > VS_MAX_LANES || !vs_lanes_valid(total)) return "cat result must have 2, 3, 4, 8 or 16 lanes";
    *result = a;
    *rlanes = total;
    return NULL;
  }
  case OP_BCAST:
    if (nargs != 1) return "wrong number of operands";
    if (args[0]->lanes != 1) return "bcast needs a scalar operand";
    if (lanes < 2 || !vs_lanes_valid(lanes)) return "bcast lane count must be 2, 3, 4, 8 or 16";
    *result = a;
    *rlanes = lanes;
    return NULL;
  default: return "not a vector operation";
  }
}

Node *vs_vec(VsCtx *ctx, Node *const *elems, int n) { return vs_make_ex(ctx, OP_VEC, DT_BOOL, 1, 0, elems, n); }

Node *vs_gep(VsCtx *ctx, Node *v, const int *idx, int n) {
  uint64_t aux = 0;
  if (n >= 1 && n <= VS_MAX_LANES && !vs_gep_pack(idx, n, &aux)) n = -1; /* the type check reports it */
  return vs_make_ex(ctx, OP_GEP, DT_BOOL, n, aux, &v, 1);
}

Node *vs_cat(VsCtx *ctx, Node *const *parts, int n) { return vs_make_ex(ctx, OP_CAT, DT_BOOL, 1, 0, parts, n); }

Node *vs_bcast(VsCtx *ctx, Node *x, int lanes) { return vs_make_ex(ctx, OP_BCAST, DT_BOOL, lanes, 0, &x, 1); }
