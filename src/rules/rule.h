/* rule.h: rewrite rules as data (docs/rules.md).
 *
 * A rule is a pattern, a template and an optional guard, parsed from the rule DSL. Every pattern and
 * template node carries a type class: rules are dtype-polymorphic, and the tuple of dtypes its classes
 * take in a match (its "instance") is what a proof is about. The engine fires a rule only at instances
 * whose proof is recorded (Rule.proved); the verifier enumerates the instances the typing admits. */
#ifndef VSIMP_RULES_RULE_H
#define VSIMP_RULES_RULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/intmath.h"
#include "ir/node.h"
#include "ir/vector.h"

enum {
  RULE_MAX_SLOTS = 16,  /* pattern variables, constant variables and @-bindings of one rule */
  RULE_MAX_CLASSES = 4, /* free type classes of one rule */
  RULE_MAX_ALL_CLASSES = 16, /* all type classes, fixed ones included */
  RULE_MAX_COMM = 5,          /* commutative operators of one pattern (imported rules have up to 5) */
  RULE_INSTANCES = 13 * 13 * 13 * 13, /* DT_COUNT ^ RULE_MAX_CLASSES */
  RULE_MAX_STEPS = 4,         /* proof steps (`by`) of one rule */
};

typedef enum {
  PAT_VAR,   /* a pattern variable: matches any node */
  PAT_CVAR,  /* a constant variable: matches a constant */
  PAT_LIT,   /* a literal: matches the constant of that value */
  PAT_OP,    /* an operation; may bind its node to a slot (v@...) */
  PAT_BOUND, /* templates: vmin(x) / vmax(x) (bound_max 0, 1), dtmin(x) / dtmax(x) (2, 3): a constant */
} PatKind;

typedef struct Pat Pat;
struct Pat {
  uint8_t kind;      /* PatKind */
  uint8_t op;        /* PAT_OP: the Op */
  uint8_t nargs;
  uint8_t bound_max; /* PAT_BOUND: 0 for vmin, 1 for vmax, 2 for dtmin, 3 for dtmax (the dtype's extremes) */
  int8_t slot;       /* PAT_VAR, PAT_CVAR, PAT_BOUND: the variable; PAT_OP: the @-binding or -1 */
  uint8_t tclass;    /* type class */
  uint8_t lit_float; /* PAT_LIT: written as a float literal */
  uint8_t lit_typed; /* PAT_LIT with a dtype suffix, PAT_OP cast to a named dtype: fixed_dt is set */
  uint8_t fixed_dt;  /* that dtype (the node's class is fixed to it) */
  uint8_t lanes;     /* the lane count this term has (rule_typing.c): 1 for scalars */
  uint8_t nkind;     /* the NodeKind this term has (rule_typing.c): values, buffers, pointers, effects */
  uint8_t lazy;      /* pattern terms: some evaluation of the pattern does not evaluate this term (it
                      * sits in a select branch or a loop body); rule_typing.c */
  uint64_t aux;      /* gep: the selected lanes (as Node.aux); bcast: the lane count; reduce: its Op */
  i128 ival;         /* PAT_LIT: integer value (lit_float == 0) */
  double fval;       /* PAT_LIT: float value (lit_float == 1); exact for the literals rules use */
  Pat *args[VS_MAX_LANES]; /* vec has up to 16 operands */
  int line, col;
};

typedef enum {
  G_NUM, G_CONST, G_VMIN, G_VMAX, G_BITS, /* leaves; G_CONST/G_VMIN/G_VMAX/G_BITS/G_VTZ name a slot */
  G_VTZ, /* vtz(x): a t in [0, bits(x)] with the low t bits of x zero (analysis/align.h); integers only */
  G_TEST,                                 /* a dtype test on a slot */
  G_ADD, G_SUB, G_MUL, G_DIV, G_MOD, G_MIN, G_MAX, G_GCD, G_ABS, /* exact integer arithmetic */
  G_POW2,                                 /* 2^e, defined for 0 <= e <= 64 (a shift amount) */
  G_EQ, G_NE, G_LT, G_LE,                 /* comparisons */
  G_AND, G_OR, G_NOT,
  G_IS_POW2,
  G_NO_OVERFLOW, /* `expr` computed in its dtype equals its exact value */
  /* Heuristic tests: they steer the engine (term order, what is a constant) but carry no meaning the
   * proof may use: the verifier treats each as an unconstrained boolean, so a rule must hold whatever
   * they say. */
  G_IS_CONST,    /* the slot's node is a constant */
  G_ORDER,       /* slot a's node orders after slot b's node (canonical operand order) */
  /* Facts about the matched nodes the proof builds in (top-level conjuncts only, rule_parse.c): */
  G_FREE_OF,     /* slot a's node does not contain slot b's range: the proof's a does not depend on it */
  G_NO_UB,       /* slot a's node is never UB (analysis/may_ub.h): the proof's a is always defined */
} GuardKind;

typedef enum { TEST_INT, TEST_SIGNED, TEST_UNSIGNED, TEST_FLOAT, TEST_BOOL, TEST_INDEX } DtypeTest;

typedef struct Guard Guard;
struct Guard {
  uint8_t kind;  /* GuardKind */
  uint8_t test;  /* G_TEST: DtypeTest */
  int8_t slot;   /* leaves, G_TEST, G_IS_CONST; G_ORDER: the first slot */
  int8_t slot2;  /* G_ORDER: the second slot */
  i128 num;      /* G_NUM */
  Guard *a, *b;
  Pat *expr;     /* G_NO_OVERFLOW: a template expression */
  int line, col;
};

typedef struct Rule Rule;
struct Rule {
  const char *name;
  const char *family;
  int family_rank; /* the family's place in the documented order */
  int order;       /* the rule's place in the catalog: ties within a family break by it */
  const char *file;
  int line;
  const char *text;   /* the rule's text, normalised (what a proof is keyed by) */
  uint64_t text_hash; /* FNV-1a 64 of text */
  Pat *lhs, *rhs;
  Guard *guard; /* NULL: always */
  /* The pattern with every combination of commutative operand orders (the matcher itself tries one
   * order only); variants that coincide are dropped. */
  Pat *variants[1 << RULE_MAX_COMM];
  int nvariants;
  bool is_lemma; /* a lemma for a procedural fold: proved, never matched */
  /* The rule is of family `invalid` (docs/semantics.md, "The invalid index"): it is proved with every
   * index pattern variable possibly INVALID and every pattern variable possibly UB, so the engine may
   * bind a masked index to its variables. Other rules are proved for integers only, and the engine
   * never binds an index node that may be INVALID (NF_HAS_INVALID) to their variables. */
  bool binds_invalid;
  /* The rule uses vec, gep or bcast: every term's lane count is fixed by the rule's text (rule_typing.c),
   * the matcher compares lane counts, and it may fire on vector nodes. Other rules are scalar. */
  bool vector;
  /* The rule uses ops of the tensor-graph layer (ir/graph.h): slots may be buffers, pointers or effects
   * (slot_nkind), and the verifier proves it with the graph encoding. */
  bool graph;
  /* The rule marks some op nsw(...) (docs/rules.md, "No-signed-overflow rules"): the matcher then
   * compares the marks (match_pat), and a marked pattern op matches only a marked node where the mark
   * applies (signed dtypes). */
  bool nsw;
  uint8_t slot_nkind[RULE_MAX_SLOTS]; /* each slot's NodeKind */
  uint8_t slot_lanes[RULE_MAX_SLOTS];
  int nslots;
  const char *slot_names[RULE_MAX_SLOTS];
  uint8_t slot_kind[RULE_MAX_SLOTS]; /* PAT_VAR, PAT_CVAR or PAT_OP (an @-binding) */
  uint8_t slot_class[RULE_MAX_SLOTS];
  int nclasses;
  uint8_t class_fixed[RULE_MAX_ALL_CLASSES]; /* per class: a fixed dtype, or DT_COUNT if free */
  int nfree;                                 /* free classes (the instance tuple's length) */
  uint8_t free_class[RULE_MAX_CLASSES];      /* the free classes, in order */
  /* proved[i] is set when the instance with index i is proved (see rule_instance_index). */
  uint8_t *proved; /* bitset of RULE_INSTANCES bits, or NULL when nothing is proved */
  /* Proof steps (`by A => B`, docs/rules.md "Proof steps"): step k rewrites every occurrence of the
   * subterm step_from[k] of step_before[k] (the pattern as the steps before k left it; step_before[0]
   * is lhs) into step_to[k], giving step_before[k + 1]. The verifier proves each step, and then
   * step_before[nsteps] => rhs, under the rule's guard; the engine never reads them. */
  int nsteps;
  Pat *step_from[RULE_MAX_STEPS], *step_to[RULE_MAX_STEPS], *step_before[RULE_MAX_STEPS + 1];
  /* Set on a rule the verifier makes for one obligation of a rule's steps: that rule, whose pattern
   * decides which variables may be UB (a variable the pattern only evaluates lazily). */
  const Rule *step_of;
  /* Counters the engine keeps (firing statistics for --stats and fuzz rule coverage). */
  uint64_t fired;
};

/* The index of an instance: the free classes' dtypes in base DT_COUNT. */
static inline unsigned rule_instance_index(const Rule *r, const uint8_t *class_dt) {
  unsigned idx = 0;
  for (int i = r->nfree - 1; i >= 0; i--) idx = idx * DT_COUNT + class_dt[r->free_class[i]];
  return idx;
}
static inline bool rule_instance_proved(const Rule *r, unsigned idx) {
  return r->proved && (r->proved[idx >> 3] >> (idx & 7) & 1);
}
/* Formats an instance as "i32" or "i64,i8". Returns buf. */
char *rule_instance_name(const Rule *r, unsigned idx, char *buf, size_t size);
/* Decodes an instance index into per-class dtypes (fixed classes too). */
void rule_instance_dtypes(const Rule *r, unsigned idx, uint8_t *class_dt);

#endif
