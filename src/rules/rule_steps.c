/* Proof steps (docs/rules.md, "Proof steps"): `by A => B` after a rule's guard names a subterm A of
 * the pattern, as the steps before it left it, and a term B to put in its place. Here each step's A
 * is found in that pattern and the pattern after the step is built; the verifier proves the steps
 * and what is left (rule_verify.c). */
#include <stdio.h>
#include <string.h>

#include "rules/rule_parse.h"

/* Whether term a of a step is the pattern's term p: the same tree, read as a template (an operation of
 * the pattern may carry an @-binding, which a step's term cannot name). */
static bool same_term(const Pat *a, const Pat *p) { return pat_same(a, p, false); }

static const Pat *find_term(const Pat *a, const Pat *p) {
  if (same_term(a, p)) return p;
  for (int i = 0; p->kind == PAT_OP && i < p->nargs; i++) {
    const Pat *f = find_term(a, p->args[i]);
    if (f) return f;
  }
  return NULL;
}

static bool has_binding(const Pat *p) {
  if (p->kind == PAT_OP && p->slot >= 0) return true;
  for (int i = 0; p->kind == PAT_OP && i < p->nargs; i++)
    if (has_binding(p->args[i])) return true;
  return false;
}

/* p with every occurrence of `from` replaced by `to` (the unchanged subtrees shared); NULL when out of
 * memory. */
static Pat *replaced(Arena *a, Pat *p, const Pat *from, Pat *to) {
  if (same_term(from, p)) return to;
  if (p->kind != PAT_OP) return p;
  Pat *args[VS_MAX_LANES];
  bool changed = false;
  for (int i = 0; i < p->nargs; i++) {
    if (!(args[i] = replaced(a, p->args[i], from, to))) return NULL;
    changed |= args[i] != p->args[i];
  }
  if (!changed) return p;
  Pat *c = arena_alloc(a, sizeof *c);
  if (!c) return NULL;
  *c = *p;
  memcpy(c->args, args, sizeof args[0] * p->nargs);
  return c;
}

static bool step_fail(const Pat *at, const char *why, char *msg, size_t size, int *line, int *col) {
  snprintf(msg, size, "%s", why);
  *line = at->line;
  *col = at->col;
  return false;
}

bool rule_resolve_steps(Arena *arena, Rule *r, char *msg, size_t size, int *line, int *col) {
  r->step_before[0] = r->lhs;
  for (int k = 0; k < r->nsteps; k++) {
    Pat *from = r->step_from[k];
    if (r->vector || r->graph) return step_fail(from, "proof steps are for scalar rules", msg, size, line, col);
    const Pat *at = find_term(from, r->step_before[k]);
    if (!at)
      return step_fail(from, k ? "a proof step must rewrite a term of the pattern as the steps before it left it"
                                : "a proof step must rewrite a term of the pattern",
                       msg, size, line, col);
    if (has_binding(at)) return step_fail(from, "a proof step cannot rewrite a term with an @-binding", msg, size, line, col);
    /* Typing unified from with to; the term it stands for must have their class too. */
    if (at->tclass != from->tclass)
      return step_fail(from, "this term has another type in the pattern", msg, size, line, col);
    if (!(r->step_before[k + 1] = replaced(arena, r->step_before[k], from, r->step_to[k])))
      return step_fail(from, "out of memory", msg, size, line, col);
  }
  return true;
}
