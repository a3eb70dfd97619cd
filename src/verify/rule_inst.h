/* rule_inst.h (internal to smt/): one instance of a rule built as expressions, shared by the verifier
 * (rule_verify.c) and its graph part (rule_graph.c). */
#ifndef VSIMP_SMT_RULE_INST_H
#define VSIMP_SMT_RULE_INST_H

#include <stdbool.h>

#include "ir/node.h"
#include "rules/rule.h"
#include "smt/encode.h"
#include "smt/smt.h"
#include "verify/rule_verify.h"

enum { INST_MAX_DEPS = 4 };

typedef struct {
  VsCtx *ctx;
  const Rule *r;
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  Node *slot[RULE_MAX_SLOTS];
  Node *bound[RULE_MAX_SLOTS][2]; /* vmin(x), vmax(x): variables, or constants in a counterexample */
  bool concrete_bounds;           /* bound[] already holds constants: do not create variables */
  Node *tz[RULE_MAX_SLOTS];       /* vtz(x): variables (inst_tz), or NULL where the guard has none */
  /* Slots that may be UB (invalid-family rules, and variables the pattern may leave unevaluated) and,
   * for invalid-family index slots, INVALID: the bools that make slot s so, or NULL. */
  Node *slot_def[RULE_MAX_SLOTS], *slot_inv[RULE_MAX_SLOTS];
  /* Graph rules: the ranges of the pattern that bind some occurrence of each slot (the loops it may
   * depend on), less those free_of excludes. */
  const Pat *deps[RULE_MAX_SLOTS][INST_MAX_DEPS];
  int ndeps[RULE_MAX_SLOTS];
  /* Graph rules: value slots that occur where the memory state differs from the case's (under after's
   * first operand, in an end's body, in an access through after): an abstract value of the state. */
  bool opaque[RULE_MAX_SLOTS];
  /* The declared range each value slot gets: its dtype's, narrowed by the guard's top-level facts in
   * graph rules (rule_graph.c). */
  i128 lo[RULE_MAX_SLOTS], hi[RULE_MAX_SLOTS];
  bool unsupported;   /* the instance cannot be stated exactly (unsupported_why): it is never proved */
  const char *unsupported_why;
  bool no_case;       /* a refutation cannot be written as a .vs case (abstract effects, tables) */
} Inst;

/* rule_verify.c: the pattern or template term p of the instance. */
Node *build(Inst *in, const Pat *p);
/* Sets up the variables of instance idx of r in ctx and builds both sides; false if it is ill-typed. */
bool inst_init(Inst *in, VsCtx *ctx, const Rule *r, unsigned idx, Node **lhs, Node **rhs);
/* The variable vmin(x) (is_max 0) or vmax(x) (1) of slot s, made on first use. */
Node *inst_bound(Inst *in, int s, int is_max);
/* The variable vtz(x) of slot s (an integer slot), made on first use: any t in [0, bits] whose low t
 * bits of x are zero (inst_bound_constraints states it). */
Node *inst_tz(Inst *in, int s);
/* The guard's value from the instance's dtypes alone: S_FALSE, S_TRUE, or S_OPEN (depends on values). */
enum { S_FALSE, S_TRUE, S_OPEN };
int inst_guard_static(const Guard *g, const Inst *in);
/* The instance as a .vs case at the point res->model gives (constant variables substituted, pattern
 * variables declared over the bounds the model gives them); `vsimp check` finds it invalid. NULL when
 * the instance cannot be written as a case (abstract effects, loop tables). malloc'd. */
char *inst_counterexample(const Inst *sym, const SmtResult *res);

/* vmin(x) <= x <= vmax(x) for every bound the instance uses, and for every vtz(x) it uses, t <= bits
 * and x << (bits - t) == 0 (NULL if the encoding failed). */
Z3_ast inst_bound_constraints(Enc *e, Inst *in);
/* Guard g (a part of the rule's guard) in exact arithmetic over the instance's terms, conjoined with
 * its definedness (no division by zero); NULL where it cannot be encoded exactly (rule_verify.c). */
Z3_ast inst_encode_guard(Enc *e, Inst *in, const Guard *g);
/* IP_OPEN: the solver stopped at its limit (neither a proof nor a model in integer arithmetic). */
typedef enum { IP_PROVED, IP_NOT_PROVED, IP_OPEN, IP_UNSUPPORTED } IntProof;
/* The instance lhs => rhs in exact integer arithmetic (rule_verify.c), within timeout_ms. */
IntProof inst_prove_int(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned timeout_ms, char *why, size_t whylen);
/* A long integer turn of timeout_ms (rule_verify.c, "exactness the hypotheses imply"). LONG_PLAIN_FIRST:
 * the query as it stands; where it is open, the query with the +, -, * and negation nodes marked exact
 * that a quarter of the limit proves cannot wrap. LONG_MARKED_FIRST: the two the other way round, the
 * query as it stands in half the limit. LONG_PLAIN: only the query as it stands.
 * *outcome: which query proved it, or that both were asked and open. */
typedef enum { LONG_PLAIN_FIRST, LONG_MARKED_FIRST, LONG_PLAIN } LongTurn;
typedef enum { LONG_UNDECIDED, LONG_BY_MARKED, LONG_BY_PLAIN, LONG_NEITHER } LongTurnOutcome;
IntProof inst_prove_int_long(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned timeout_ms, LongTurn mode,
                             LongTurnOutcome *outcome, char *why, size_t whylen);

/* rule_cases.c: proofs by cases on one variable (each true only for a proof; out gets the solver). */
/* The ring step, in two parts. inst_ring_sides: lhs and rhs with the leaves the guard's top-level
 * equalities name (c1 == vmin(x), c2 == c1 + 1) replaced, in *l and *r; true when they are then one
 * polynomial modulo 2^w (no solver). inst_prove_ring_sides, on such sides: the solver proves what
 * remains, that where l is defined, r is. */
bool inst_ring_sides(Inst *in, Node *lhs, Node *rhs, Node **l, Node **r);
bool inst_prove_ring_sides(SmtCtx *s, Enc *e, Z3_ast hyp, Node *l, Node *r, ProofResult *out);
/* Some pattern variable x the hypothesis hyp leaves two values, vmin(x) and vmax(x). */
bool inst_prove_by_two_values(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out);
/* A constant the guard says is a power of two (a top-level is_pow2(c)): one case per power. */
bool inst_prove_by_pow2(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out);
/* A bool pattern variable: false and true (a select's condition, whose cases fold the selects: the
 * float instances of the select rules, which bit-blasting two float sums cannot decide). */
bool inst_prove_by_bool(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out);
bool inst_has_bool_var(const Inst *in);
/* A pattern variable the guard's top-level conjuncts pin to at most four literal values (vmin(x) >= 0
 * && vmax(x) <= 1): one case per value, where the whole query keeps the variable symbolic (a power
 * with a symbolic base and exponent is a 64-step product at 64 bits; with the base 0, 1 or -1 it folds).
 * The cover (the hypothesis implies the values) is a solver query too. The hint: whether some slot's
 * literal range is that narrow in the widest dtype. */
bool inst_prove_by_few_values(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out);
bool inst_few_values_hint(const Rule *r);
/* Whether the guard's top-level equalities tie some variable's vmin and vmax together, and whether
 * it has a top-level is_pow2 of a constant: the cases are then worth trying before the turns. */
bool inst_two_valued_hint(const Rule *r);
bool inst_pow2_hint(const Rule *r);

/* rule_graph.c */
/* Narrows lo/hi of the slots from the guard's top-level conjuncts (vmax(y) <= 1 gives y <= 1): every
 * assignment that satisfies the guard lies within, so the proof loses nothing, and the loops of the
 * graph encoding unroll to the bounds of their ends. */
void inst_narrow(Inst *in);
/* The ranges that bind each slot's occurrences in the pattern (in->deps). */
void inst_deps(Inst *in);
/* Whether slot s only occurs where some evaluation of the pattern skips it (select branches, loop
 * bodies): such a variable may be bound to a node that is UB there, so the proof must allow it. */
bool inst_slot_lazy_only(const Rule *r, int s);
/* Whether the guard states no_ub(s) (a top-level conjunct). */
bool inst_has_no_ub(const Rule *r, int s);
/* A range of the pattern: range(end, name), named after its @-binding. */
Node *inst_range(Inst *in, const Pat *p);
/* Builds the slots the scalar builder leaves: buffers, pointers, abstract effects, and values that
 * depend on loops (one fresh variable per iteration, selected by the loop variables). */
bool inst_graph_slot(Inst *in, int s);
/* x may be UB: select(x_def, x, UB) over a fresh bool named NAME_def (stored in *def). */
Node *inst_maybe_ub(Inst *in, Node *x, const char *name, Node **def);

#endif
