/* match.h: matching rule patterns against nodes, checking guards, and building templates.
 *
 * A Match records what each slot of a rule matched and which dtype each type class took. Matching
 * is structural (hash-consing makes a repeated variable a pointer compare) and tries one operand
 * order: the rule's pattern variants cover the commutative orders. */
#ifndef VSIMP_REWRITE_MATCH_H
#define VSIMP_REWRITE_MATCH_H

#include <stdbool.h>

#include "ir/node.h"
#include "rules/rule.h"

typedef struct {
  Node *slot[RULE_MAX_SLOTS];
  uint8_t class_dt[RULE_MAX_ALL_CLASSES]; /* DT_COUNT: not yet known */
} Match;

void match_reset(const Rule *r, Match *m);
/* Matches pattern p (of rule r) against n, extending m. On failure m is left partly filled: reset it. */
bool match_pat(const Rule *r, const Pat *p, Node *n, Match *m);
/* The tests match_pat makes of operation pattern p's own node n, before its type class and operands:
 * the op, arity and lane count, a gep's selection, a reduce's op, and the no-signed-overflow mark (a
 * marked pattern op needs a marked node where the mark exists: at unsigned dtypes the proof, like the
 * node builder, drops it; an unmarked one matches both, since the plain op refines the nsw one). A
 * caller may ask it first to skip a match_reset (the engine's nsw swaps on plain nodes). */
static inline bool match_op_fits(const Pat *p, const Node *n) {
  return n->op == p->op && n->nargs == p->nargs && n->lanes == p->lanes &&
         !(p->op == OP_GEP && n->aux.bits != p->aux) &&
         !((p->aux & VS_AUX_NSW) && op_may_nsw((Op)p->op) && vs_nsw_applies((Op)n->op, (DType)n->dtype) &&
           !vs_is_nsw(n)) &&
         !(p->op == OP_REDUCE && n->aux.bits != p->aux); /* a range's name, its aux, is never compared */
}

/* A pattern variant compiled for the engine's hot loop. match_run makes exactly the tests match_pat
 * makes (after match_reset), as three flat loops instead of a recursion: first the structure (each
 * pattern node's op, parents before children, a constant where a constant variable or a literal
 * stands; then the nodes a repeated variable must share), which is where almost every attempt fails;
 * then the type classes (bound at a free class's first occurrence, compared elsewhere) and literal
 * values; last the slots. All tests are conjunctive and side-effect free, so their order does not
 * change the answer, and on success the Match is the one match_pat builds. */
enum { MATCH_MAX_NODES = 32, MATCH_ANY_OP = 0xff };
typedef struct {
  uint8_t parent, arg; /* this node is operand `arg` of node `parent` (node 0: the root) */
  uint8_t op;          /* the op it must have, or MATCH_ANY_OP */
  uint8_t cls;         /* its type class */
  uint8_t cls_bind;    /* 1: the first occurrence of a free class: bind it; 0: compare */
  int8_t slot;         /* the first occurrence of a variable or @-binding: store it there; else -1 */
} MatchNode;
typedef struct MatchProg {
  uint8_t nnodes, neq, nlit;
  bool never;       /* the pattern has an operation of the wrong arity: it matches nothing */
  bool clear_slots; /* some slot of the rule does not occur in this pattern: start from cleared slots */
  MatchNode node[MATCH_MAX_NODES]; /* breadth-first */
  uint8_t eq[MATCH_MAX_NODES][2];  /* pairs of nodes that must be the same node (a repeated variable) */
  struct {
    uint8_t node;
    const Pat *pat;
  } lit[MATCH_MAX_NODES]; /* literals and the node they stand at */
  /* The rule's guard, when one of its top-level conjuncts is order(a, b) and both slots occur in this
   * pattern: the nodes where a and b first stand (ord_a, ord_b; has_ord). A match where a does not
   * order after b cannot fire (the conjunct is false, so the guard is false or undefined), and
   * match_run then fails right after the structure: the one test it makes beyond match_pat's, for
   * the engine, which checks the guard again before anything fires. */
  bool has_ord;
  uint8_t ord_a, ord_b;
} MatchProg;
/* Compiles pattern p of rule r. False if it has more than MATCH_MAX_NODES nodes (use match_pat). */
bool match_compile(const Rule *r, const Pat *p, MatchProg *out);
/* Matches a compiled pattern of r against n into m (no match_reset needed); also fails where the
 * guard's order conjunct is false (MatchProg.has_ord). */
bool match_run(const Rule *r, const MatchProg *prog, Node *n, Match *m);

/* Evaluates the guard of r on a complete match (NULL guard: true), in the context that owns its nodes. */
bool guard_holds(VsCtx *ctx, const Rule *r, const Match *m);
/* Builds the template t of r under a complete match. NULL if a node cannot be built. */
Node *template_build(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m);

/* A term of a rule built as nodes, one builder for all who do it (the engine's templates, the
 * verifier's instances, the termination check's terms, the folds' normalised templates): literals
 * become constants of their class's dtype, `invalid` the invalid index, and every other op is built
 * over its operands (built first) with its pattern's dtype, lane count and aux. What the term's leaves
 * are depends on the builder: `claim` sees every term first and may build it itself (variables, bounds,
 * ranges: returns true, *out the node or NULL on failure); `made`, when set, sees each op node built
 * and returns what stands for it (NULL: failure). */
typedef struct PatBuilder PatBuilder;
struct PatBuilder {
  VsCtx *ctx;
  const uint8_t *class_dt; /* the dtype of each type class */
  bool (*claim)(PatBuilder *b, const Pat *p, Node **out);
  Node *(*made)(PatBuilder *b, const Pat *p, Node *n);
  void *ud;
};
Node *pat_build(PatBuilder *b, const Pat *p);
/* The claim of template_build: ud is the Match; variables are its slots, bounds their constants. */
bool template_claim(PatBuilder *b, const Pat *t, Node **out);
/* The bit pattern a literal pattern denotes at dtype dt; false if the value does not exist there
 * exactly (a literal `-1` at u8, `0.5` at an integer dtype, `1e40` at f32). */
bool pat_literal_bits(const Pat *p, DType dt, uint64_t *bits);
/* A top-level conjunct of g (through `&&` only) that is an order test, or NULL. */
const Guard *guard_order_conjunct(const Guard *g);
/* The canonical order of operands that G_ORDER tests: true when a should come after b. Constants
 * go last; otherwise the older node (smaller id) goes first. Inline: the engine asks it of every
 * binary node it rebuilds, and the matcher of every order conjunct. */
static inline bool node_orders_after(const Node *a, const Node *b) {
  bool ca = a->op == OP_CONST, cb = b->op == OP_CONST;
  if (ca != cb) return ca;
  return a->id > b->id;
}

#endif
