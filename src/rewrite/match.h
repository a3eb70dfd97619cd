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

/* A pattern variant compiled into straight-line checks, for the engine's hot loop. match_run makes
 * exactly the tests match_pat makes (after match_reset), in pattern preorder: each node's op and
 * arity, constants where a constant variable or a literal stands, each type class and variable bound
 * at its first occurrence and compared at the others. So it needs no reset of the slots, and gives
 * the same answer and, on success, the same Match. */
enum { MATCH_MAX_STEPS = 32 };
typedef struct {
  const Pat *pat;     /* the pattern node (PAT_LIT: its literal) */
  uint8_t kind;       /* PAT_VAR, PAT_CVAR, PAT_LIT or PAT_OP */
  uint8_t parent;     /* the step whose node this step's node is an operand of (step 0: the root) */
  uint8_t arg;        /* which operand */
  uint8_t op, nargs;  /* PAT_OP */
  uint8_t cls;        /* type class */
  uint8_t cls_bind;   /* 1: the class's first occurrence (and free): bind it; 0: compare */
  int8_t slot;        /* the variable or @-binding, or -1 */
  uint8_t slot_bind;  /* 1: the slot's first occurrence: store; 0: compare */
} MatchStep;
typedef struct MatchProg {
  uint8_t nsteps;
  bool clear_slots; /* some slot of the rule does not occur in this pattern: start from cleared slots */
  MatchStep step[MATCH_MAX_STEPS];
} MatchProg;
/* Compiles pattern p of rule r. False if it has more than MATCH_MAX_STEPS nodes (use match_pat). */
bool match_compile(const Rule *r, const Pat *p, MatchProg *out);
/* Matches a compiled pattern of r against n into m (no match_reset needed). */
bool match_run(const Rule *r, const MatchProg *prog, Node *n, Match *m);

/* Evaluates the guard of r on a complete match (NULL guard: true). */
bool guard_holds(const Rule *r, const Match *m);
/* Builds the template t of r under a complete match. NULL if a node cannot be built. */
Node *template_build(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m);
/* The bit pattern a literal pattern denotes at dtype dt; false if the value does not exist there
 * exactly (a literal `-1` at u8, `0.5` at an integer dtype, `1e40` at f32). */
bool pat_literal_bits(const Pat *p, DType dt, uint64_t *bits);
/* The canonical order of operands that G_ORDER tests: true when a should come after b. Constants
 * go last; otherwise the older node (smaller id) goes first. */
bool node_orders_after(const Node *a, const Node *b);

#endif
