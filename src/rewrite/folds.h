/* folds.h: the procedural folds: what one pattern cannot say (docs/rules.md, "Procedural folds").
 *
 * Most folds are lemma-driven: the C code only chooses. It reads the node (as a linear form, say),
 * picks the lemma that applies and binds the lemma's pattern variables to nodes and constants it builds
 * from the node's parts; the engine (fold_step.c) then decides everything else with the code that
 * decides rules: the lemma must be proved at the instance the bindings give, the lemma's pattern
 * instantiated with them must be the node (up to the ring identities of + - * by constants, lemmas
 * lin_*), its guard must hold (guard_holds), and its template builds the result (template_build). A
 * fold cannot fire on anything its lemma's text does not state. A ring step (term collection) is the
 * same without a lemma: its result must equal the node as a polynomial modulo 2^w.
 *
 * The GEP folds are lane steps: each lane of a gep is a lemma step with a lemma about that lane
 * (FoldStep.lanes), and the lanes make the vector by the definition of the vector ops. The rest are
 * justified by the semantics itself, not by a lemma: constant folding (and lane-wise constant
 * folding), checked by the conformance of the evaluator with the Z3 encoding; gep composition,
 * select_context and loop_dead_ranges (docs/rules.md lists them and why). */
#ifndef VSIMP_REWRITE_FOLDS_H
#define VSIMP_REWRITE_FOLDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/lin.h"
#include "analysis/lin_shape.h"
#include "ir/node.h"
#include "rules/rule.h"

typedef struct Catalog Catalog;

/* ---- facts about atoms, for Boolean steps and substitution steps ---- */

/* What a fact rule says about two bool nodes a and b (fold_fact_kind): a fact rule is any rule of the
 * catalog whose pattern is P & Q or P | Q and whose template is false, true, P or Q. Matched with P
 * at a and Q at b (in one of its commutative variants), proved at that instance and its guard holding,
 * it says: not both (EXCL: P & Q => false), at least one (COVER: P | Q => true), a implies b (IMP:
 * P & Q => P, P | Q => Q), b implies a (IMP_REV). */
typedef enum { FACT_NONE, FACT_EXCL, FACT_COVER, FACT_IMP, FACT_IMP_REV } FactKind;

typedef struct {
  const char *lemma; /* the fact rule, by name */
  Node *a, *b;
} FoldFact;

/* One replacement of a substitution step: in one branch of a select, every occurrence of atom (a bool
 * node) becomes the constant value. */
typedef struct {
  Node *atom;
  bool value;
  uint8_t branch; /* 1: the then branch, 2: the else branch */
  int8_t fact;    /* -1: atom is a literal of the condition with that value in that branch
                   * (fold_cond_literals); otherwise the index of the fact whose a is such a literal and
                   * whose b is atom */
} FoldSubst;

enum { FOLD_MAX_FACTS = 32, FOLD_MAX_SUBST = 32 };

/* Room for what a Boolean or substitution step lists; the engine owns it and hands it to every
 * choose call (FoldStep.aux), with the catalog whose rules may serve as facts, and the sums' shapes
 * the rewriter has met (term_collect's quick no; one cache per rewriter, so per context). */
typedef struct {
  Catalog *cat; /* input */
  LinShapeCache *shapes; /* input; NULL: none */
  LinCache *lins;        /* input; NULL: none (the last linear form read: fold_lin_of) */
  int nfacts;
  FoldFact fact[FOLD_MAX_FACTS];
  int nsubst;
  FoldSubst subst[FOLD_MAX_SUBST];
} FoldAux;

/* What a lemma-driven fold chose. */
typedef struct {
  const char *lemma; /* the lemma's name; NULL: a ring or lattice step (result) */
  Node *result;      /* a ring step: the node rebuilt, equal to it as a polynomial modulo 2^w; a lattice
                      * step (`lattice`): a min (max) chain rebuilt with the same operand set */
  bool lattice;
  /* A lemma step may apply in a ring context: with scale (a constant) and rest set, the node is
   * P * scale + rest up to the ring identities, P the lemma's pattern, and the result R * scale + rest,
   * R its template (equal subterms replaced: congruence). */
  Node *scale, *rest;
  int nbind;
  struct {
    const char *slot; /* a pattern variable of the lemma, by name */
    Node *node;
  } bind[RULE_MAX_SLOTS];
  /* A Boolean step (no lemma): result equals the node as a Boolean function of the node's atoms (its
   * maximal subterms that are not && || ^ ! or a comparison of bools), wherever the facts listed in
   * aux hold, and names no atom the node does not (lemmas bool_*: the laws of a Boolean algebra,
   * complete for that equivalence). */
  bool boolean;
  /* A substitution step on a select (no lemma, no result): in each branch, the atoms aux lists become
   * their constants; the engine builds the result. A branch is evaluated only where the condition has
   * the value the branch is chosen by (docs/semantics.md, select), so there every literal of the
   * condition has its value, and by a fact so has the atom it decides. */
  bool substitute;
  /* A lane step on a gep (lemma set: the prefix of a per-lane lemma record, in prefix): lane k of the
   * gep's selection S is decided by the lemma PREFIX_<S[k]>, a lemma about one lane, gep(SOURCE, J) =>
   * T_J (src/rules/lemmas_vector.rules); the bindings serve every lane. The engine checks each lane as a
   * lemma step (proved at the bindings' instance, pattern the node's gep at that lane, guard) and
   * builds the result from the lanes' templates (fold_step.c, lane_step_apply). */
  bool lanes;
  char prefix[64];
  FoldAux *aux; /* set by the engine */
} FoldStep;

/* An empty step handing aux to the fold. Only the header is written: bind[] is read up to nbind, and the
 * engine starts a step for every fold it tries. */
static inline void fold_step_init(FoldStep *s, FoldAux *aux) {
  s->lemma = NULL;
  s->result = s->scale = s->rest = NULL;
  s->lattice = s->boolean = s->substitute = s->lanes = false;
  s->nbind = 0;
  s->aux = aux;
}

/* lin_of(n, out) for a fold choosing step st, through the rewriter's cache of the last form read. */
static inline bool fold_lin_of(const FoldStep *st, const Node *n, Lin *out) {
  return lin_of_cached(st && st->aux ? st->aux->lins : NULL, n, out);
}

/* Binds slot `name` of the step's lemma to node (false when the step is full or node is NULL). */
bool fold_bind(FoldStep *s, const char *name, Node *node);
/* Binds slot `name` to the constant v of dtype dt; false when v is not a value of dt. */
bool fold_bind_int(FoldStep *s, VsCtx *ctx, const char *name, DType dt, i128 v);

enum { FOLD_MAX_LEMMAS = 32 };
enum {
  FOLD_NEEDS_VECTOR = 1,    /* a vector node (lanes > 1, not a vector-building op) */
  FOLD_NEEDS_CONST_ARGS = 2, /* operands, every one a constant */
  FOLD_NEEDS_DIVMOD = 4,     /* a division or remainder somewhere below (NF_HAS_DIVMOD): folds that pair
                              * a sum's // and % terms */
  FOLD_NEEDS_SINGLE = 8,     /* bounds of one value (lo == hi): the node is that value */
  /* What a sum fold's choose demands of the rewriter's skeleton summary of the node (analysis/lin_shape.h),
   * which the engine reads once per step and tests (fold_shape_admits) before it calls the fold: most
   * sums it steps are fixpoints, and each of these folds would read the summary only to decline. */
  FOLD_NEEDS_COLLECT = 16,      /* lin_shape_may_collect (term_collect) */
  FOLD_NEEDS_FACTOR = 32,       /* lin_shape_may_factor (term_factor) */
  FOLD_NEEDS_QUOT_REM = 64,     /* a quotient and a remainder by constants among the terms (divmod bits 3) */
  FOLD_NEEDS_REM_PAIR = 128,    /* a remainder by a constant among the terms, and maybe two */
  FOLD_NEEDS_DIVMOD_PAIR = 256, /* a quotient that may have its partner beside it, or maybe two remainders */
  FOLD_NEEDS_SELECT_PAIR = 512, /* maybe two selects among the terms */
  FOLD_NEEDS_SHAPE = FOLD_NEEDS_COLLECT | FOLD_NEEDS_FACTOR | FOLD_NEEDS_QUOT_REM | FOLD_NEEDS_REM_PAIR |
                     FOLD_NEEDS_DIVMOD_PAIR | FOLD_NEEDS_SELECT_PAIR
};

/* Whether a node whose skeleton summary answers `answers` (lin_shape_answers) meets the FOLD_NEEDS_SHAPE
 * bits of needs. False only where the choose of a fold with those needs declines on the same summary
 * (divmod bits 3 mean "not certain": then the needs on them are met). */
static inline bool fold_shape_admits(unsigned needs, unsigned answers) {
  unsigned dm = (answers / LIN_SHAPE_QUOT) & 3u;
  bool pair_rem = answers & LIN_SHAPE_MAY_PAIR_REM, pair_quot = answers & LIN_SHAPE_MAY_PAIR_QUOT;
  return (!(needs & FOLD_NEEDS_COLLECT) || (answers & LIN_SHAPE_MAY_COLLECT)) &&
         (!(needs & FOLD_NEEDS_FACTOR) || (answers & LIN_SHAPE_MAY_FACTOR)) &&
         (!(needs & FOLD_NEEDS_QUOT_REM) || dm == 3) && (!(needs & FOLD_NEEDS_REM_PAIR) || ((dm & 2) && pair_rem)) &&
         (!(needs & FOLD_NEEDS_DIVMOD_PAIR) || (dm && (((dm & 1) && pair_quot) || pair_rem))) &&
         (!(needs & FOLD_NEEDS_SELECT_PAIR) || (answers & LIN_SHAPE_MAY_PAIR_SELECT));
}

/* A procedural fold. It declares the lemmas (rules of family `lemma`) that justify it; it fires at a
 * dtype only where all of them are proved, or, for folds justified by the semantics conformance check
 * itself (constant folding), always. Exactly one of fold and choose is set. */
typedef struct {
  const char *name;
  const char *family;
  const char *lemmas[FOLD_MAX_LEMMAS]; /* NULL-terminated; empty: justified by the semantics. NAME@DTYPE: the lemma at
                           * that dtype only, wherever the fold fires */
  bool (*applies)(const Node *n);
  Node *(*fold)(VsCtx *ctx, Node *n);                  /* semantics-justified: the replacement, or NULL */
  bool (*choose)(VsCtx *ctx, Node *n, FoldStep *out); /* lemma-driven: false when it does not apply */
  uint64_t ops; /* the ops (bit 1 << op) whose nodes it may apply to; 0: every op */
  bool on_vectors; /* it may fire on vector nodes (it is justified lane by lane); others never do */
  /* FOLD_NEEDS_* bits: what its `applies` (or, for a lemma-driven fold, a successful `choose`) demands
   * of a node, so that the engine's candidate index can leave it out where it cannot fire (0: nothing
   * known). Each must be implied by applies or choose. */
  uint16_t needs;
} Fold;

/* Whether a equals b as a polynomial modulo 2^w and evaluates nothing b does not: integer sums,
 * differences, negations and products by constants are compared as linear forms (coefficients modulo
 * 2^w; every atom a's sum names is named by b's), any other node by its op, aux and operands,
 * recursively. So wherever b is defined, a is, with b's value (the ring identities are the lemmas
 * lin_*). A sound under-approximation: false means "not shown". */
bool fold_ring_equal(const Node *a, const Node *b);
/* Whether a and b have one value wherever both are defined, by the same comparison less the test of
 * the atoms each evaluates (the verifier proves definedness apart: rule_cases.c). */
bool fold_ring_value_equal(const Node *a, const Node *b);

/* Whether a and b are chains of one op, min or max, of one integer dtype, over the same set of operands
 * (associativity, commutativity and idempotence: lemmas min_assoc, min_comm, min_idem and max_*). */
bool fold_lattice_equal(const Node *a, const Node *b);

/* What the engine does with a fold's step on n: the result, or NULL when anything fails (the lemma is
 * missing from cat or not proved at the instance the bindings give, its pattern instantiated is not n
 * up to the ring identities, its guard does not hold, or its template cannot be built; a fact that
 * does not hold; a Boolean step whose result is not n's function; a substitution not justified). */
Node *fold_step_apply(VsCtx *ctx, const Catalog *cat, Node *n, const FoldStep *s);

/* What rule r says about bool nodes a and b as a fact (see FactKind): the engine's decision (match,
 * proof at the instance, guard), which the folds use to choose too. */
FactKind fold_fact_kind(VsCtx *ctx, const Rule *r, Node *a, Node *b);
/* Whether some pattern variant of r has the shape of a fact. */
bool fold_is_fact_rule(const Rule *r);
/* The value b takes when a has value va under a fact of kind k: 0 or 1, or -1 when it does not say. */
int fold_fact_derive(FactKind k, bool va);
/* The literals of a select's condition cond in the branch where cond has value `value`: cond itself,
 * an atom under ! with the opposite value, and the operands of a && chain (value true) or a || chain
 * (value false), each an atom or the ! of one. Up to max; returns the count. */
typedef struct {
  Node *atom;
  bool value;
} FoldLit;
int fold_cond_literals(Node *cond, bool value, FoldLit *out, int max);
/* Whether n is an operation of the Boolean skeleton: && || ^ ! at bool, or a comparison of bools. */
bool fold_bool_skeleton(const Node *n);

/* The constant-folding fold (`constant_fold`) on n: the constant the evaluator gives n's op on
 * n's constant operands; NULL where it does not apply (an operand not constant, a graph op, an
 * uninterpreted function) or the op is UB there (`5 // 0`). */
Node *fold_constant(VsCtx *ctx, Node *n);
/* Whether n has operands and every one is a constant: what constant folding needs first. Inline for the
 * engine, which asks it of every node a template builds before it looks any further. */
static inline bool fold_constant_operands(const Node *n) {
  for (int i = 0; i < n->nargs; i++)
    if (n->args[i]->op != OP_CONST) return false;
  return n->nargs > 0;
}

/* The built-in procedural folds, in the order the engine tries them within a family. */
size_t fold_count(void);
const Fold *fold_get(size_t i);

/* applies(): cheap op tests. */
bool fold_divmod_applies(const Node *n); /* // % tdiv tmod by a constant, integer dtype */
bool fold_divmod_var_applies(const Node *n); /* // % by a non-constant, integer dtype */
bool fold_divide_by_var_applies(const Node *n); /* // % tdiv tmod of non-constants, scalar integer dtype */
bool fold_terms_applies(const Node *n);  /* + - * neg, integer dtype */
bool fold_cmp_applies(const Node *n);    /* < <= == != on integers */

/* The div/mod engine (folds_divmod.c): each chooses a lemma of src/rules/lemmas_divmod.rules. */
bool fold_cancel_divmod(VsCtx *ctx, Node *n, FoldStep *out);      /* // %: one quotient window */
bool fold_cancel_tdivmod(VsCtx *ctx, Node *n, FoldStep *out);     /* tdiv tmod: the same, nonnegative parts */
bool fold_factor_remainder(VsCtx *ctx, Node *n, FoldStep *out);   /* // %: multiples of c leave */
bool fold_factor_tremainder(VsCtx *ctx, Node *n, FoldStep *out);  /* tdiv tmod: the same, nonnegative parts */
bool fold_remove_nested_mod(VsCtx *ctx, Node *n, FoldStep *out);  /* %: (x % c1) inside, c | c1 */
bool fold_remove_nested_tmod(VsCtx *ctx, Node *n, FoldStep *out); /* %: tmod(x, c1) inside, c | c1 */
bool fold_divmod_congruence(VsCtx *ctx, Node *n, FoldStep *out);  /* %: a coefficient to its nearest residue */
bool fold_divide_by_gcd(VsCtx *ctx, Node *n, FoldStep *out);      /* // % tdiv tmod: gcd of all */
bool fold_gcd_with_remainder(VsCtx *ctx, Node *n, FoldStep *out); /* // %: gcd of the terms and c, not the constant */
bool fold_binary_numerator(VsCtx *ctx, Node *n, FoldStep *out);   /* // % tdiv tmod: a numerator of two values */
bool fold_divide_by_gcd_var(VsCtx *ctx, Node *n, FoldStep *out);  /* // %: a common factor of both sides */
bool fold_divide_by_var(VsCtx *ctx, Node *n, FoldStep *out);      /* // % tdiv tmod: a variable factor of both */
bool fold_pow2_multiple(VsCtx *ctx, Node *n, FoldStep *out);      /* % tmod by 2^k of a sum of multiples of it */

/* folds_terms.c */
bool fold_term_collect(VsCtx *ctx, Node *n, FoldStep *out); /* like terms and constants collected (a ring step) */
bool fold_term_factor(VsCtx *ctx, Node *n, FoldStep *out);  /* a common factor out of a sum (a ring step) */
bool fold_divmod_recombine(VsCtx *ctx, Node *n, FoldStep *out); /* x*c1 - (x // c)*c*c1 and the like, in sums */
bool fold_divmod_recombine_cong(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_divmod_chain_split(VsCtx *ctx, Node *n, FoldStep *out); /* a digit rewritten apart from its quotient */
/* Digits of one quotient whose numerators differ by constants, in sums (divmod_chain_off and kin). */
bool fold_divmod_chain_off(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_divmod_split_off(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_divmod_split_nested(VsCtx *ctx, Node *n, FoldStep *out);
/* Multiples of a variable divisor leave the division, one term at a time (div_var_factor_mul). */
bool fold_div_var_factor_terms(VsCtx *ctx, Node *n, FoldStep *out);
/* A sum g*X + Y against a constant, Y in [0, g): X against the constant divided (lt_scaled_sum). */
bool fold_cmp_scaled_applies(const Node *n);
bool fold_cmp_scaled(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_select_lift_terms_applies(const Node *n);               /* a sum with two selects */
bool fold_select_lift_terms(VsCtx *ctx, Node *n, FoldStep *out);  /* two selects of one condition in a sum */
bool fold_single_value(VsCtx *ctx, Node *n, FoldStep *out);   /* a node whose range is one value is that constant */
bool fold_single_value_applies(const Node *n);
bool fold_minmax_chain(VsCtx *ctx, Node *n, FoldStep *out);   /* a min (max) chain without its repeated operands */
bool fold_minmax_chain_applies(const Node *n);
bool fold_minmax_offset(VsCtx *ctx, Node *n, FoldStep *out);  /* min/max of two forms a constant apart */
bool fold_minmax_offset_applies(const Node *n);
bool fold_move_offset(VsCtx *ctx, Node *n, FoldStep *out);  /* comparisons: terms and offsets to one side */

/* folds_bool.c: && / || chains simplified by their atoms' values in context (a Boolean step), and the
 * branches of a select by the value of its condition (a substitution step). */
bool fold_bool_chain_applies(const Node *n);
bool fold_bool_chain(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_select_context_applies(const Node *n);
bool fold_select_context(VsCtx *ctx, Node *n, FoldStep *out);

/* folds_vector.c: a lane-wise op whose operands are vectors of constants (vec of constants, bcast of a
 * constant) becomes the vector of constants the vector evaluator computes, unless it is UB there. */
bool fold_vec_const_applies(const Node *n);
Node *fold_vec_const(VsCtx *ctx, Node *n);

/* folds_gep.c: a gep composed with the gep under it (semantics), or, as lane steps (FoldStep.lanes, one
 * lemma of src/rules/lemmas_vector.rules per lane), with the vec, bcast or cat under it, or pushed
 * through the select, mulacc, cast or bitcast under it, and through binary ALU ops of the index dtype
 * only. */
bool fold_gep_compose_applies(const Node *n);   /* gep(gep(x, s), t) */
bool fold_gep_extract_applies(const Node *n);   /* gep(vec(...), s), gep(bcast(x, n), s) */
bool fold_gep_cat_applies(const Node *n);       /* gep(cat(...), s), s inside one part */
bool fold_gep_select_applies(const Node *n);    /* gep(select(c, a, b), s) */
bool fold_gep_mulacc_applies(const Node *n);    /* gep(mulacc(a, b, c), s) */
bool fold_gep_cast_applies(const Node *n);      /* gep(T(v), s), casts and bitcasts */
bool fold_gep_index_alu_applies(const Node *n); /* gep(a OP b, s), index dtype, OP not a comparison */
Node *fold_gep_compose(VsCtx *ctx, Node *n);
bool fold_gep_extract(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_gep_cat(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_gep_select(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_gep_mulacc(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_gep_cast(VsCtx *ctx, Node *n, FoldStep *out);
bool fold_gep_index_alu(VsCtx *ctx, Node *n, FoldStep *out);

/* folds_memory.c: select(c, load(...), 0) moves c's clauses into the load's mask (where_on_load). */
bool fold_where_load_applies(const Node *n);
Node *fold_where_on_load(VsCtx *ctx, Node *n);

/* folds_loops.c: a reduce or end over several ranges with an empty one, or with a single-trip one that
 * nothing uses (loop_dead_ranges). */
bool fold_loop_dead_applies(const Node *n);
Node *fold_loop_dead_ranges(VsCtx *ctx, Node *n);

#endif
