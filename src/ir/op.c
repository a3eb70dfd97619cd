#include "ir/op.h"

static const struct { const char *spelling, *name; int arity; unsigned flags; } op_info[OP_COUNT] = {
#define VS_OP_INFO(e, s, a, f) {s, #e, a, f},
  VS_OP_LIST(VS_OP_INFO)
#undef VS_OP_INFO
};

const char *op_spelling(Op op) { return op < OP_COUNT ? op_info[op].spelling : "?"; }
const char *op_name(Op op) { return op < OP_COUNT ? op_info[op].name : "?"; }
const int op_arity_of[OP_COUNT] = {
#define VS_OP_ARITY(e, s, a, f) a,
    VS_OP_LIST(VS_OP_ARITY)
#undef VS_OP_ARITY
};
const unsigned op_flags_of[OP_COUNT] = {
#define VS_OP_FLAGS(e, s, a, f) f,
    VS_OP_LIST(VS_OP_FLAGS)
#undef VS_OP_FLAGS
};
