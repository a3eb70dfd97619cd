/* slice.c: the part of a refinement query's hypothesis that can bear on its goal.
 *
 * A query asks whether H && G is unsatisfiable, H a conjunction of hypotheses and G the negated goal.
 * Dropping conjuncts of H weakens it, so an unsat answer without them is an unsat answer with them: a
 * proof of the sliced query is a proof of the whole. Which conjuncts to drop: those that share no
 * variable bits with G, directly or through other kept conjuncts. The vector queries are where this
 * pays: a vector is UB as a whole, so the definedness of `gep(cast(x), J)` is every lane's, and the
 * query bit-blasts sixteen float conversions to decide one lane; lane k's conjunct reads only bits
 * extract(x, k) of the vector variable, which the goal (lane J) does not read.
 *
 * A variable's bits are tracked as ranges: extract(hi, lo, v) of a variable v reads bits lo..hi, any
 * other use reads all of v. Both H and G are first put through Z3's rewriter, which removes
 * extract-of-concat (so the goal names lane J's bits, not the whole vector's) and flattens the ands. */
#include <stdlib.h>

#include "smt/encode.h"
#include "smt/slice.h"

enum { MAX_CONJ = 512, MAX_ATOMS = 4096, MAX_STACK = 4096 };

typedef struct {
  unsigned var; /* the variable's AST id */
  unsigned lo, hi;
  int conj;     /* the conjunct that reads it; MAX_CONJ: the goal */
} Atom;

typedef struct {
  Z3_context z;
  Atom *atoms;
  size_t n;
  bool give_up;
} Walk;

static bool is_var(Z3_context z, Z3_ast a) {
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST) return false;
  Z3_app app = Z3_to_app(z, a);
  return Z3_get_app_num_args(z, app) == 0 && Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_UNINTERPRETED;
}

static void add_atom(Walk *w, Z3_ast var, unsigned lo, unsigned hi, int conj) {
  if (w->n == MAX_ATOMS) {
    w->give_up = true;
    return;
  }
  w->atoms[w->n++] = (Atom){Z3_get_ast_id(w->z, var), lo, hi, conj};
}

/* Records the variable bits term t reads, for conjunct conj. A DAG walk without a visited set would be
 * exponential on shared terms; the stack bound turns a large term into giving up (the query is then
 * solved whole). */
static void walk(Walk *w, Z3_ast root, int conj) {
  Z3_context z = w->z;
  Z3_ast stack[MAX_STACK];
  unsigned *seen = calloc(MAX_STACK * 4, sizeof *seen); /* open addressing on AST ids + 1 */
  size_t sp = 0, nseen = 0, cap = MAX_STACK * 4;
  if (!seen) {
    w->give_up = true;
    return;
  }
  stack[sp++] = root;
  while (sp && !w->give_up) {
    Z3_ast t = stack[--sp];
    unsigned key = Z3_get_ast_id(z, t) + 1;
    size_t h = (key * 2654435761u) % cap;
    while (seen[h] && seen[h] != key) h = (h + 1) % cap;
    if (seen[h]) continue;
    if (++nseen * 2 > cap) {
      w->give_up = true;
      break;
    }
    seen[h] = key;
    Z3_ast_kind k = Z3_get_ast_kind(z, t);
    if (k == Z3_NUMERAL_AST) continue;
    if (k != Z3_APP_AST) {
      w->give_up = true; /* quantifiers and bound variables: not sliced */
      break;
    }
    Z3_app app = Z3_to_app(z, t);
    Z3_func_decl d = Z3_get_app_decl(z, app);
    unsigned nargs = Z3_get_app_num_args(z, app);
    if (nargs == 0) {
      if (Z3_get_decl_kind(z, d) != Z3_OP_UNINTERPRETED) continue; /* true, false, rounding modes */
      Z3_sort so = Z3_get_sort(z, t);
      unsigned hi = Z3_get_sort_kind(z, so) == Z3_BV_SORT ? Z3_get_bv_sort_size(z, so) - 1 : 0;
      add_atom(w, t, 0, hi, conj);
      continue;
    }
    if (Z3_get_decl_kind(z, d) == Z3_OP_EXTRACT && is_var(z, Z3_get_app_arg(z, app, 0))) {
      unsigned hi = (unsigned)Z3_get_decl_int_parameter(z, d, 0), lo = (unsigned)Z3_get_decl_int_parameter(z, d, 1);
      add_atom(w, Z3_get_app_arg(z, app, 0), lo, hi, conj);
      continue;
    }
    if (Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED) {
      w->give_up = true; /* an uninterpreted function ties its applications together: not sliced */
      break;
    }
    for (unsigned i = 0; i < nargs; i++) {
      if (sp == MAX_STACK) {
        w->give_up = true;
        break;
      }
      stack[sp++] = Z3_get_app_arg(z, app, i);
    }
  }
  free(seen);
}

/* The conjuncts of a (an and, flattened), into out; false when there are too many. */
static bool conjuncts(Z3_context z, Z3_ast a, Z3_ast *out, size_t *n) {
  if (Z3_get_ast_kind(z, a) == Z3_APP_AST) {
    Z3_app app = Z3_to_app(z, a);
    if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_AND) {
      for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
        if (!conjuncts(z, Z3_get_app_arg(z, app, i), out, n)) return false;
      return true;
    }
  }
  if (*n == MAX_CONJ) return false;
  out[(*n)++] = a;
  return true;
}

Z3_ast smt_slice_hypothesis(Enc *e, Z3_ast h, Z3_ast *goal) {
  Z3_context z = e->z;
  Z3_ast hs = enc_hold(e, Z3_simplify(z, h)), gs = hs ? enc_hold(e, Z3_simplify(z, *goal)) : NULL;
  if (!hs || !gs) return NULL;
  Z3_ast *cs = malloc(MAX_CONJ * sizeof *cs);
  Walk w = {.z = z, .atoms = malloc(MAX_ATOMS * sizeof(Atom))};
  bool *keep = calloc(MAX_CONJ, sizeof *keep);
  size_t n = 0;
  Z3_ast out = NULL;
  if (!cs || !w.atoms || !keep || !conjuncts(z, hs, cs, &n) || n < 2) goto done;
  walk(&w, gs, MAX_CONJ);
  for (size_t i = 0; i < n && !w.give_up; i++) walk(&w, cs[i], (int)i);
  if (w.give_up) goto done;
  /* Grow the kept set from the goal to a fixpoint: a conjunct is kept when it reads bits that overlap
   * bits a kept conjunct (or the goal) reads. Quadratic in the atoms, which are few. */
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t a = 0; a < w.n; a++) {
      int ca = w.atoms[a].conj;
      if (ca != MAX_CONJ && !keep[ca]) continue;
      for (size_t b = 0; b < w.n; b++) {
        int cb = w.atoms[b].conj;
        if (cb == MAX_CONJ || keep[cb] || w.atoms[b].var != w.atoms[a].var) continue;
        if (w.atoms[b].lo <= w.atoms[a].hi && w.atoms[a].lo <= w.atoms[b].hi) keep[cb] = changed = true;
      }
    }
  }
  size_t kept = 0;
  for (size_t i = 0; i < n; i++) kept += keep[i];
  if (kept == n) goto done; /* nothing to drop */
  out = e->s->t_true;
  for (size_t i = 0; i < n; i++)
    if (keep[i]) out = enc_and(e, out, cs[i]);
  *goal = gs;
done:
  free(cs);
  free(w.atoms);
  free(keep);
  return out;
}
