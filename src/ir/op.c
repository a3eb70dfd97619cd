#include "ir/op.h"

static const struct { const char *spelling, *name; int arity; unsigned flags; } op_info[OP_COUNT] = {
#define VS_OP_INFO(e, s, a, f) {s, #e, a, f},
  VS_OP_LIST(VS_OP_INFO)
#undef VS_OP_INFO
};

const char *op_spelling(Op op) { return op < OP_COUNT ? op_info[op].spelling : "?"; }
const char *op_name(Op op) { return op < OP_COUNT ? op_info[op].name : "?"; }
int op_arity(Op op) { return op_info[op].arity; }
unsigned op_flags(Op op) { return op_info[op].flags; }
