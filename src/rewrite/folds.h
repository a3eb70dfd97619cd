/* folds.h: the procedural folds' C functions (folds_divmod.c, folds_terms.c), registered with their
 * families and lemmas in the table of folds.c. Each `*_fold` returns the replacement of n, or NULL
 * when it does not apply; it is only called at dtypes where its lemmas are proved (the engine checks),
 * and it checks itself every side condition of those lemmas (bounds, no overflow) on n. */
#ifndef VSIMP_REWRITE_FOLDS_H
#define VSIMP_REWRITE_FOLDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

/* A procedural fold: C code for what one pattern cannot say. It declares the lemmas (rules of family
 * `lemma`) that justify it; it fires at a dtype only where all of them are proved, or, for folds
 * justified by the semantics conformance check itself (constant folding), always. */
typedef struct {
  const char *name;
  const char *family;
  const char *lemmas[12]; /* NULL-terminated; empty: justified by conformance. NAME@DTYPE: the lemma at
                           * that dtype only, wherever the fold fires */
  bool (*applies)(const Node *n);
  Node *(*fold)(VsCtx *ctx, Node *n);
  uint64_t ops; /* the ops (bit 1 << op) whose nodes it may apply to; 0: every op */
  bool on_vectors; /* it may fire on vector nodes (it is justified lane by lane); others never do */
} Fold;

/* The built-in procedural folds, in the order the engine tries them within a family. */
size_t fold_count(void);
const Fold *fold_get(size_t i);

/* applies(): cheap op tests. */
bool fold_divmod_applies(const Node *n); /* // % tdiv tmod by a constant, integer dtype */
bool fold_terms_applies(const Node *n);  /* + - * neg, integer dtype */
bool fold_cmp_applies(const Node *n);    /* < <= == != on integers */

Node *fold_cancel_divmod(VsCtx *ctx, Node *n);       /* // %: one quotient window */
Node *fold_cancel_tdivmod(VsCtx *ctx, Node *n);      /* tdiv tmod: the same, nonnegative parts */
Node *fold_factor_remainder(VsCtx *ctx, Node *n);    /* // %: multiples of c leave */
Node *fold_factor_tremainder(VsCtx *ctx, Node *n);   /* tdiv tmod: the same, nonnegative parts */
Node *fold_remove_nested_mod(VsCtx *ctx, Node *n);   /* %: (x % c1) inside, c | c1 */
Node *fold_remove_nested_tmod(VsCtx *ctx, Node *n);  /* %: tmod(x, c1) inside, c | c1 */
Node *fold_divmod_congruence(VsCtx *ctx, Node *n);   /* %: coefficients to their nearest residue */
Node *fold_divide_by_gcd(VsCtx *ctx, Node *n);       /* // % tdiv tmod: gcd of all */
Node *fold_gcd_with_remainder(VsCtx *ctx, Node *n);  /* // %: gcd of the terms and c, not the constant */
Node *fold_binary_numerator(VsCtx *ctx, Node *n);    /* // % tdiv tmod: a numerator of two values */

Node *fold_term_collect(VsCtx *ctx, Node *n);        /* like terms and constants collected */

/* folds_vector.c: a lane-wise op whose operands are vectors of constants (vec of constants, bcast of a
 * constant) becomes the vector of constants the vector evaluator computes, unless it is UB there. */
bool fold_vec_const_applies(const Node *n);
Node *fold_vec_const(VsCtx *ctx, Node *n);
Node *fold_move_offset(VsCtx *ctx, Node *n);         /* comparisons: terms and offsets to one side */

/* folds_gep.c: a gep composed with the gep, vec, bcast or cat under it, or pushed through the select,
 * mulacc, cast or bitcast under it, and through binary ALU ops of the index dtype only. */
bool fold_gep_compose_applies(const Node *n);   /* gep(gep(x, s), t) */
bool fold_gep_extract_applies(const Node *n);   /* gep(vec(...), s), gep(bcast(x, n), s) */
bool fold_gep_cat_applies(const Node *n);       /* gep(cat(...), s), s inside one part */
bool fold_gep_select_applies(const Node *n);    /* gep(select(c, a, b), s) */
bool fold_gep_mulacc_applies(const Node *n);    /* gep(mulacc(a, b, c), s) */
bool fold_gep_cast_applies(const Node *n);      /* gep(T(v), s), casts and bitcasts */
bool fold_gep_index_alu_applies(const Node *n); /* gep(a OP b, s), index dtype, OP not a comparison */
Node *fold_gep_compose(VsCtx *ctx, Node *n);
Node *fold_gep_extract(VsCtx *ctx, Node *n);
Node *fold_gep_cat(VsCtx *ctx, Node *n);
Node *fold_gep_push(VsCtx *ctx, Node *n);       /* the op of the gep's operand, on geps of its operands */

/* folds_memory.c: select(c, load(...), 0) moves c's clauses into the load's mask (where_on_load). */
bool fold_where_load_applies(const Node *n);
Node *fold_where_on_load(VsCtx *ctx, Node *n);

/* folds_loops.c: a reduce or end over several ranges with an empty one, or with a single-trip one that
 * nothing uses (loop_dead_ranges). */
bool fold_loop_dead_applies(const Node *n);
Node *fold_loop_dead_ranges(VsCtx *ctx, Node *n);

#endif
