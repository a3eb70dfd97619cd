/* op.h: the expression operations. One table, used by the parser, printer, evaluator, SMT encoder
 * and rule engine alike, so that an op cannot exist in one stage and be missing in another.
 * docs/semantics.md gives each op's meaning at every dtype. */
#ifndef VSIMP_IR_OP_H
#define VSIMP_IR_OP_H

#include <stdbool.h>

/* X(ENUM, spelling, arity, flags). The spelling is the infix operator or the call name. */
#define VS_OP_LIST(X)                                   \
  X(CONST, "const", 0, 0)                               \
  X(VAR, "var", 0, 0)                                   \
  X(INVALID, "invalid", 0, 0)                           \
  X(NEG, "-", 1, 0)                                     \
  X(NOT, "~", 1, 0)                                     \
  X(CAST, "cast", 1, 0)                                 \
  X(BITCAST, "bitcast", 1, 0)                           \
  X(SQRT, "sqrt", 1, OPF_FLOAT)                         \
  X(TRUNC, "trunc", 1, OPF_FLOAT)                       \
  X(FLOOR, "floor", 1, OPF_FLOAT)                       \
  X(CEIL, "ceil", 1, OPF_FLOAT)                         \
  X(ROUND, "round", 1, OPF_FLOAT)                       \
  X(RECIP, "recip", 1, OPF_FLOAT)                       \
  X(EXP2, "exp2", 1, OPF_FLOAT | OPF_UF)                \
  X(LOG2, "log2", 1, OPF_FLOAT | OPF_UF)                \
  X(SIN, "sin", 1, OPF_FLOAT | OPF_UF)                  \
  X(ADD, "+", 2, OPF_COMM | OPF_INFIX)                  \
  X(SUB, "-", 2, OPF_INFIX)                             \
  X(MUL, "*", 2, OPF_COMM | OPF_INFIX)                  \
  X(FDIV, "/", 2, OPF_INFIX | OPF_FLOAT)                \
  X(IDIV, "//", 2, OPF_INFIX | OPF_INT)                 \
  X(MOD, "%", 2, OPF_INFIX | OPF_INT)                   \
  X(TDIV, "tdiv", 2, OPF_INT)                           \
  X(TMOD, "tmod", 2, OPF_INT)                           \
  X(EDIV, "ediv", 2, OPF_INT)                           \
  X(EMOD, "emod", 2, OPF_INT)                           \
  X(AND, "&", 2, OPF_COMM | OPF_INFIX | OPF_LOGIC)      \
  X(OR, "|", 2, OPF_COMM | OPF_INFIX | OPF_LOGIC)       \
  X(XOR, "^", 2, OPF_COMM | OPF_INFIX | OPF_LOGIC)      \
  X(SHL, "<<", 2, OPF_INFIX | OPF_INT)                  \
  X(SHR, ">>", 2, OPF_INFIX | OPF_INT)                  \
  X(EQ, "==", 2, OPF_COMM | OPF_INFIX | OPF_CMP)        \
  X(NE, "!=", 2, OPF_COMM | OPF_INFIX | OPF_CMP)        \
  X(LT, "<", 2, OPF_INFIX | OPF_CMP)                    \
  X(LE, "<=", 2, OPF_INFIX | OPF_CMP)                   \
  X(MIN, "min", 2, OPF_COMM)                            \
  X(MAX, "max", 2, OPF_COMM)                            \
  X(POW, "pow", 2, 0)                                   \
  X(SELECT, "select", 3, 0)                             \
  X(MULACC, "mulacc", 3, 0)                             \
  X(VEC, "vec", -1, OPF_VEC)                            \
  X(GEP, "gep", 1, OPF_VEC)                             \
  X(CAT, "cat", -1, OPF_VEC)                            \
  X(BCAST, "bcast", 1, OPF_VEC)                         \
  X(BUFFER, "buffer", 0, OPF_GRAPH)                     \
  X(INDEX, "index", 2, OPF_GRAPH)                       \
  X(LOAD, "load", 1, OPF_GRAPH)                         \
  X(STORE, "store", 2, OPF_GRAPH)                       \
  X(NOOP, "noop", 0, OPF_GRAPH)                         \
  X(EFFECT, "effect", -1, OPF_GRAPH)                    \
  X(OPAQUE, "opaque", -1, OPF_GRAPH)                    \
  X(RANGE, "range", 1, OPF_GRAPH)                       \
  X(REDUCE, "reduce", -1, OPF_GRAPH)                    \
  X(END, "end", -1, OPF_GRAPH)                          \
  X(AFTER, "after", -1, OPF_GRAPH)

enum {
  OPF_COMM = 1,   /* commutative: the engine may try both operand orders */
  OPF_INFIX = 2,  /* printed infix */
  OPF_FLOAT = 4,  /* float operands only */
  OPF_INT = 8,    /* integer (non-bool) operands only */
  OPF_LOGIC = 16, /* bitwise on integers, logical on bool */
  OPF_CMP = 32,   /* comparison: same-dtype operands, bool result */
  OPF_UF = 64,    /* no exact SMT counterpart: encoded as an uninterpreted function */
  OPF_VEC = 128,  /* builds or takes apart vectors (docs/semantics.md, "Vectors"); arity -1: variadic */
  OPF_GRAPH = 256, /* memory, loops and reductions (docs/semantics.md, "Memory, loops and reductions"):
                    * takes or yields buffers, pointers or effects, or binds loop variables; ir/graph.h */
};

typedef enum {
#define VS_OP_ENUM(e, s, a, f) OP_##e,
  VS_OP_LIST(VS_OP_ENUM)
#undef VS_OP_ENUM
  OP_COUNT
} Op;

const char *op_spelling(Op op); /* "+", "//", "tdiv", ... */
const char *op_name(Op op);     /* "ADD", "IDIV", ... (for traces and JSON) */
/* Each op's arity and flags, as tables (op.c): node construction and the matcher ask them for every
 * node, where a call each costs more than the lookup. */
extern const int op_arity_of[OP_COUNT];
extern const unsigned op_flags_of[OP_COUNT];
static inline int op_arity(Op op) { return op_arity_of[op]; } /* -1 for the variadic VEC, CAT, EFFECT, REDUCE, END and AFTER */
static inline unsigned op_flags(Op op) { return op_flags_of[op]; }
static inline bool op_is_comm(Op op) { return (op_flags(op) & OPF_COMM) != 0; }
static inline bool op_is_cmp(Op op) { return (op_flags(op) & OPF_CMP) != 0; }
/* VEC, GEP, CAT, BCAST: the ops that change lane counts (every other op is lane-wise). Spelled out
 * rather than read from op_flags: the engine asks it for every action it tries. */
static inline bool op_is_vec(Op op) { return op == OP_VEC || op == OP_GEP || op == OP_CAT || op == OP_BCAST; }
/* The ops of the tensor-graph layer (ir/graph.h): BUFFER ... AFTER, which sit last in the list. Every
 * other op is a value op: it takes and yields values only. */
static inline bool op_is_graph(Op op) { return op >= OP_BUFFER && op <= OP_AFTER; }
/* The ops that may be marked no-signed-overflow (docs/semantics.md, "No-signed-overflow operations"):
 * the mark is bit VS_AUX_NSW of the node's aux (ir/node.h). */
static inline bool op_may_nsw(Op op) {
  return op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_NEG || op == OP_SHL;
}
/* The integer divisions and remainders: floor (// %), truncating (tdiv tmod), Euclidean (ediv emod). */
static inline bool op_is_divmod(Op op) {
  return op == OP_IDIV || op == OP_MOD || op == OP_TDIV || op == OP_TMOD || op == OP_EDIV || op == OP_EMOD;
}

#endif
