/* gen.h: the benchmark's expressions, in a neutral form both simplifiers can build.
 *
 * An expression is a run of BNodes in post-order: every operand index points to an earlier node of
 * the same expression, and the last node is the root. An operand may be referenced twice (a DAG, as
 * lowering shares a subexpression between a guard and the value it guards). Integer nodes are i32 in
 * the side-by-side run (Halide Int(32)) and `index` in vsimp's own run; comparisons, &&, || and ! are
 * bool. Divisors the generator writes are positive constants, where floor division (vsimp `//`, `%`)
 * and Euclidean division (Halide `/`, `%`) agree; B_EDIV/B_EMOD stand for Halide's Euclidean
 * division in converted outputs (any divisor, x / 0 == 0).
 *
 * This header is C and C++ (halide_bench.cpp includes it). */
#ifndef VSIMP_BENCH_GEN_H
#define VSIMP_BENCH_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  B_CONST, /* v: the value (int), or 0/1 (bool) */
  B_VAR,   /* v: index into bench_vars */
  B_ADD, B_SUB, B_MUL,
  B_DIV, B_MOD,   /* floor division and modulo (the generator: positive constant divisors only) */
  B_EDIV, B_EMOD, /* Euclidean division and modulo with x / 0 == x % 0 == 0 (Halide's semantics) */
  B_MIN, B_MAX,
  B_LT, B_LE, B_EQ, B_NE, /* int or bool operands, bool result */
  B_AND, B_OR, B_NOT,     /* bool */
  B_SELECT,               /* a: bool condition */
  B_CAST,                 /* to is_bool's type: int -> bool (x != 0) or bool -> int (0/1) */
  B_OP_COUNT
} BOp;

typedef struct {
  uint8_t op;      /* BOp */
  uint8_t is_bool; /* the node's type: bool, or the integer type of the run */
  int32_t a, b, c; /* operand indices, relative to the expression's first node; -1 when absent */
  int64_t v;       /* B_CONST: value; B_VAR: variable */
} BNode;

/* A variable with its declared range (an unbounded side is the integer type's limit). */
typedef struct {
  const char *name;
  int64_t lo, hi;
  bool lo_inf, hi_inf;
} BVar;

extern const BVar bench_vars[];
extern const size_t bench_nvars;

/* Expressions, one after the other: expression i is nodes[start[i] .. start[i + 1]). */
typedef struct {
  BNode *nodes;
  size_t n, cap;
  size_t *start; /* nexpr + 1 entries */
  size_t nexpr, ecap;
  bool failed; /* out of memory */
} BSet;

void bset_init(BSet *s);
void bset_free(BSet *s);
/* Starts a new expression; nodes added until bset_end belong to it. An expression may be empty (a
 * placeholder: a converted output that could not be expressed). */
void bset_begin(BSet *s);
void bset_end(BSet *s);
/* Adds a node to the current expression; returns its relative index, or -1 on allocation failure. */
int32_t bset_add(BSet *s, BOp op, bool is_bool, int32_t a, int32_t b, int32_t c, int64_t v);
/* Drops the nodes of the current (unfinished) expression. */
void bset_abandon(BSet *s);
static inline const BNode *bset_expr(const BSet *s, size_t i, size_t *n) {
  *n = s->start[i + 1] - s->start[i];
  return s->nodes + s->start[i];
}
/* The number of nodes of expression i as a tree (shared operands counted once per use). */
uint64_t bset_tree_size(const BSet *s, size_t i);

/* Generates n expressions from seed (deterministic: the same seed gives the same set everywhere). */
bool bench_generate(BSet *out, size_t n, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif
