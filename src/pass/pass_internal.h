/* pass_internal.h (internal to src/pass): the state of one run of the program pass.
 *
 * The visitor (pass_visit.c) walks the input function once, in program order, and builds the output
 * statement by statement. While it walks it keeps:
 *   - the analyzer's constraint stack (what holds at this point);
 *   - a substitution of input variables: by a constant or a fresh variable inside a folded loop body
 *     (the loop variable and carries), or by a renamed variable for a local that a fold lifted into
 *     its parent scope where its name is taken;
 *   - the input's lexical scoping (which variables are visible), to tell a new local from an
 *     assignment to an outer variable.
 * pass_dce.c then removes dead bindings and dead yield slots from the output, which the visitor built
 * fresh (no statement is shared with the input), in place. */
#ifndef VSIMP_PASS_PASS_INTERNAL_H
#define VSIMP_PASS_PASS_INTERNAL_H

#include "pass/analyzer.h"
#include "ir/nodemap.h"
#include "ir/ptrmap.h"
#include "pass/prog_pass.h"
#include "rewrite/engine.h"

/* What a yield becomes in the block being built. */
typedef enum {
  YM_KEEP,   /* a yield (the body stays a body) */
  YM_ASSIGN, /* assignments to the folded statement's result variables */
} YieldMode;

typedef struct {
  YieldMode mode;
  PVar **rets; /* YM_ASSIGN: output result variables (NULL: the values are dropped) */
  uint32_t n;
  /* YM_ASSIGN: a variable of each slot's type (a loop's carries), or NULL. A dropped value that is a
   * call is bound to a fresh variable of that type: as a call statement it would be another event
   * (`call f()` instead of `call f()->i64`). */
  PVar *const *slots;
  /* YM_ASSIGN: each slot's type at the folded statement, folded there: the type of the assignments
   * (a yielded call's result is typed by it). */
  const Type *types;
  /* YM_ASSIGN: the folded statement's result variables in the input (NULL: not bound). A yielded
   * tensor variable is no assignment (`r = t` would be a tensor event the input does not have): the
   * result is renamed to it. */
  PVar *const *src_rets;
} YieldTo;

typedef struct {
  uint32_t id;   /* input variable id */
  PVar *old_ren;
  uint64_t old_sub; /* 0: none */
} SubUndo;

typedef struct {
  Program *prog; /* where output statements go */
  const Function *src;
  Function *tgt;
  Analyzer *an;
  Rewriter *rw;
  PassOptions opts;
  PassResult *res;
  uint32_t *defs;   /* per input variable id: definitions (params, assignments, result bindings) */
  PtrMap name_defs;  /* interned name -> definitions of any variable with that name */
  PtrMap fresh_next; /* interned name -> the next suffix to try for a fresh copy */
  PVar **ren;       /* per input variable id: its output variable when renamed */
  uint8_t *vis;     /* per input variable id: visible here (input scoping) */
  uint8_t *shape_from_value; /* per input variable id: a carry or a result, whose runtime shape is the
                              * value's it was given, not necessarily its declared one */
  uint32_t nsrc;    /* input variables (ids below this) */
  PVar **scope;
  size_t nscope, cap_scope;
  NodeMap sub;      /* input VAR node -> output expression */
  SubUndo *undo;
  size_t nundo, cap_undo;
  unsigned fold_depth;
  bool remap_only; /* a kept dead branch: substitute, never simplify or fold */
  const Block *lift; /* the innermost body being lifted by fold A or B (input statements), or NULL */
  bool failed;
} Pass;

void pass_fail(Pass *ps, const char *msg);
/* Calls f on every definition in b that multi-assignment collection counts, nested blocks included:
 * assignments, a task's result and id, the results of loops and ifs, pins, scope and domain slots (not
 * loop variables or carries, which their loop defines afresh). One walk for every counter of them. */
void pass_each_def(Block b, void (*f)(const PVar *v, void *ud), void *ud);
/* Builds the output body of the input function. */
Block pass_visit_body(Pass *ps, Block body);
/* Dead bindings and dead yield slots, to a fixpoint. */
void pass_dce(Pass *ps, Function *f);

#endif
