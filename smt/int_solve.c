#include "smt/int_solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/timer.h"

/* Strategy, measured on the division rules at every width (Z3 4.8.12):
 *
 * 1. Preprocess with simplify, propagate-values, solve-eqs. solve-eqs eliminates the dividends that
 *    the division equations a == b*q + r define (a guard `c1 % c2 == 0` becomes c1 := c2*q), which
 *    turns the query into inequalities over a few product monomials.
 *
 * 2. Add factoring hints. What remains is nearly always the uniqueness of a quotient: some
 *    b*t1 - b*t2 is known to lie strictly between -|b| and |b|, and t1 == t2 must follow. Z3's
 *    nonlinear solver reasons about the monomials the query contains (sign and order lemmas on
 *    b*t1 and b*t2 separately) but does not factor their difference, so it never sees the integer
 *    t1 - t2 whose product with b is small; it gives up or runs out of time (mul_mod_self,
 *    mod_mul_multiple, eq_mul_const: unknown after minutes). So for every two monomials m1 = b*t1 and
 *    m2 = b*t2 that share a factor b we add a fresh D with
 *        D == t1 - t2    and    b*D == m1 - m2.
 *    The first defines D; the second follows from it by distributivity. Every model of the query
 *    extends to one of the query with the hints (take D = t1 - t2), so they change nothing about its
 *    satisfiability; they only put the monomial b*D in front of the solver, whose sign and order
 *    lemmas then finish the proof (b > 0 and 0 <= b*D < b give 0 <= D < 1, so D == 0) in
 *    milliseconds.
 *
 * 3. Solve with the `smt` tactic (solve-eqs again would substitute D away and undo the hints). */

enum { MAX_FACTORS = 8, MAX_MONOS = 64, MAX_HINTS = 48 };

typedef struct {
  Z3_ast fac[MAX_FACTORS]; /* non-numeral factors, sorted by AST id */
  unsigned nf;
} Mono;

typedef struct {
  Z3_context z;
  unsigned *seen; /* open-addressing set of AST ids (id + 1; 0 is empty) */
  size_t seen_cap, seen_n;
  Mono monos[MAX_MONOS];
  size_t nmonos;
  bool oom;
} Walk;

static bool seen_add(Walk *w, unsigned id) {
  if (w->seen_n * 2 >= w->seen_cap) {
    size_t ncap = w->seen_cap ? w->seen_cap * 2 : 256;
    unsigned *ns = calloc(ncap, sizeof *ns);
    if (!ns) {
      w->oom = true;
      return false;
    }
    for (size_t i = 0; i < w->seen_cap; i++) {
      if (!w->seen[i]) continue;
      size_t h = (w->seen[i] * 2654435761u) & (ncap - 1);
      while (ns[h]) h = (h + 1) & (ncap - 1);
      ns[h] = w->seen[i];
    }
    free(w->seen);
    w->seen = ns;
    w->seen_cap = ncap;
  }
  unsigned key = id + 1;
  size_t h = (key * 2654435761u) & (w->seen_cap - 1);
  while (w->seen[h]) {
    if (w->seen[h] == key) return false;
    h = (h + 1) & (w->seen_cap - 1);
  }
  w->seen[h] = key;
  w->seen_n++;
  return true;
}

static bool is_mul(Z3_context z, Z3_ast a) {
  return Z3_get_ast_kind(z, a) == Z3_APP_AST && Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == Z3_OP_MUL;
}

/* The non-numeral factors of a product, nested products flattened. False if there are too many. */
static bool factors(Z3_context z, Z3_ast a, Mono *m) {
  Z3_app app = Z3_to_app(z, a);
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast x = Z3_get_app_arg(z, app, i);
    if (Z3_is_numeral_ast(z, x)) continue;
    if (is_mul(z, x)) {
      if (!factors(z, x, m)) return false;
      continue;
    }
    if (m->nf == MAX_FACTORS) return false;
    m->fac[m->nf++] = x;
  }
  return true;
}

static void sort_factors(Z3_context z, Mono *m) {
  for (unsigned i = 1; i < m->nf; i++)
    for (unsigned j = i; j > 0 && Z3_get_ast_id(z, m->fac[j - 1]) > Z3_get_ast_id(z, m->fac[j]); j--) {
      Z3_ast t = m->fac[j];
      m->fac[j] = m->fac[j - 1];
      m->fac[j - 1] = t;
    }
}

static bool mono_eq(const Mono *a, const Mono *b) {
  if (a->nf != b->nf) return false;
  for (unsigned i = 0; i < a->nf; i++)
    if (a->fac[i] != b->fac[i]) return false;
  return true;
}

/* Collects the distinct nonlinear monomials (two or more non-numeral factors) below a. Iterative, so
 * that no input can exhaust the stack. */
static void collect(Walk *w, Z3_ast root) {
  Z3_context z = w->z;
  size_t cap = 64, top = 0;
  Z3_ast *stack = malloc(cap * sizeof *stack);
  if (!stack) {
    w->oom = true;
    return;
  }
  stack[top++] = root;
  while (top) {
    Z3_ast a = stack[--top];
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST || !seen_add(w, Z3_get_ast_id(z, a))) continue;
    if (is_mul(z, a)) {
      Mono m = {.nf = 0};
      if (factors(z, a, &m) && m.nf >= 2 && w->nmonos < MAX_MONOS) {
        sort_factors(z, &m);
        bool dup = false;
        for (size_t i = 0; i < w->nmonos && !dup; i++) dup = mono_eq(&w->monos[i], &m);
        if (!dup) w->monos[w->nmonos++] = m;
      }
    }
    Z3_app app = Z3_to_app(z, a);
    unsigned n = Z3_get_app_num_args(z, app);
    for (unsigned i = 0; i < n; i++) {
      if (top == cap) {
        Z3_ast *ns = realloc(stack, cap * 2 * sizeof *ns);
        if (!ns) {
          w->oom = true;
          free(stack);
          return;
        }
        stack = ns;
        cap *= 2;
      }
      stack[top++] = Z3_get_app_arg(z, app, i);
    }
  }
  free(stack);
}

/* The product of m's factors without one occurrence of factor `skip` (-1: all of them). */
static Z3_ast product(Enc *e, const Mono *m, int skip) {
  Z3_ast f[MAX_FACTORS];
  unsigned n = 0;
  for (unsigned i = 0; i < m->nf; i++)
    if ((int)i != skip) f[n++] = m->fac[i];
  if (n == 1) return f[0];
  return enc_hold(e, Z3_mk_mul(e->z, n, f));
}

/* Adds the hints of step 2 for the goal's formulas to the solver. */
static void add_hints(Enc *e, Z3_solver solver, Z3_goal g) {
  Z3_context z = e->z;
  Walk w = {.z = z};
  unsigned n = Z3_goal_size(z, g);
  for (unsigned i = 0; i < n && !w.oom; i++) collect(&w, Z3_goal_formula(z, g, i));
  free(w.seen);
  Z3_sort int_sort = Z3_mk_int_sort(z);
  unsigned hints = 0;
  for (size_t i = 0; i < w.nmonos && hints < MAX_HINTS; i++)
    for (size_t j = i + 1; j < w.nmonos && hints < MAX_HINTS; j++) {
      const Mono *a = &w.monos[i], *b = &w.monos[j];
      for (unsigned fa = 0; fa < a->nf && hints < MAX_HINTS; fa++) {
        if (fa > 0 && a->fac[fa] == a->fac[fa - 1]) continue; /* one hint per distinct factor */
        int fb = -1;
        for (unsigned k = 0; k < b->nf && fb < 0; k++)
          if (b->fac[k] == a->fac[fa]) fb = (int)k;
        if (fb < 0) continue;
        Z3_ast t1 = product(e, a, (int)fa), t2 = product(e, b, fb);
        if (e->failed || t1 == t2) continue;
        Z3_ast d = enc_hold(e, Z3_mk_fresh_const(z, "hint", int_sort));
        Z3_ast diff[2] = {t1, t2}, bd[2] = {a->fac[fa], d}, mdiff[2] = {product(e, a, -1), product(e, b, -1)};
        if (e->failed || !d) return;
        Z3_ast def = enc_eq(e, d, enc_hold(e, Z3_mk_sub(z, 2, diff)));
        Z3_ast dist = enc_eq(e, enc_hold(e, Z3_mk_mul(z, 2, bd)), enc_hold(e, Z3_mk_sub(z, 2, mdiff)));
        if (e->failed) return;
        Z3_solver_assert(z, solver, def);
        Z3_solver_assert(z, solver, dist);
        hints++;
      }
    }
}

static Z3_tactic chain(Z3_context z, const char *const *names, size_t n) {
  Z3_tactic t = NULL;
  for (size_t i = 0; i < n; i++) {
    Z3_tactic x = Z3_mk_tactic(z, names[i]);
    if (!x) break;
    Z3_tactic_inc_ref(z, x);
    if (!t) {
      t = x;
      continue;
    }
    Z3_tactic c = Z3_tactic_and_then(z, t, x);
    if (c) Z3_tactic_inc_ref(z, c);
    Z3_tactic_dec_ref(z, t);
    Z3_tactic_dec_ref(z, x);
    t = c;
    if (!t) break;
  }
  return t;
}

static Z3_params budget(SmtCtx *s, unsigned timeout_ms) {
  Z3_context z = s->z;
  Z3_params p = Z3_mk_params(z);
  if (!p) return NULL;
  Z3_params_inc_ref(z, p);
  if (timeout_ms) Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), timeout_ms);
  if (s->rlimit) Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"), s->rlimit);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "ctrl_c"), false);
  return p;
}

SmtVerdict smt_int_unsat(SmtCtx *s, Enc *e, const Z3_ast *fs, size_t n, unsigned timeout_ms, char *why,
                         size_t whylen) {
  Z3_context z = e->z;
  if (!timeout_ms) timeout_ms = s->timeout_ms;
  double t0 = vs_seconds();
  SmtVerdict verdict = SMT_ERROR;
  snprintf(why, whylen, "%s", "");
  static const char *const pre_names[] = {"simplify", "propagate-values", "solve-eqs", "simplify"};
  Z3_tactic pre = chain(z, pre_names, 4);
  /* Z3 keeps an object it returns alive only until the next call: take the reference at once. */
  Z3_goal g = Z3_mk_goal(z, false, false, false);
  if (g) Z3_goal_inc_ref(z, g);
  Z3_params p = budget(s, timeout_ms);
  Z3_apply_result ar = NULL;
  if (!pre || !g || !p) goto done;
  for (size_t i = 0; i < n; i++) Z3_goal_assert(z, g, fs[i]);
  ar = Z3_tactic_apply_ex(z, pre, g, p);
  if (!ar) {
    /* Interrupted (timeout, rlimit) or failed: not a proof. */
    smt_z3_clear_error();
    snprintf(why, whylen, "preprocessing gave up");
    verdict = SMT_UNKNOWN;
    goto done;
  }
  Z3_apply_result_inc_ref(z, ar);
  verdict = SMT_VALID;
  unsigned nsub = Z3_apply_result_get_num_subgoals(z, ar);
  for (unsigned i = 0; i < nsub && verdict == SMT_VALID; i++) {
    Z3_goal sub = Z3_apply_result_get_subgoal(z, ar, i);
    if (Z3_goal_is_decided_unsat(z, sub)) continue;
    if (Z3_goal_is_decided_sat(z, sub)) {
      verdict = SMT_INVALID;
      break;
    }
    double left = (double)timeout_ms - (vs_seconds() - t0) * 1000.0;
    if (timeout_ms && left < 1.0) {
      snprintf(why, whylen, "timeout");
      verdict = SMT_UNKNOWN;
      break;
    }
    Z3_tactic smt = Z3_mk_tactic(z, "smt");
    if (!smt) {
      verdict = SMT_ERROR;
      break;
    }
    Z3_tactic_inc_ref(z, smt);
    Z3_solver solver = Z3_mk_solver_from_tactic(z, smt);
    Z3_tactic_dec_ref(z, smt);
    if (!solver) {
      verdict = SMT_ERROR;
      break;
    }
    Z3_solver_inc_ref(z, solver);
    Z3_params sp = budget(s, timeout_ms ? (unsigned)left : 0);
    if (sp) {
      Z3_solver_set_params(z, solver, sp);
      Z3_params_dec_ref(z, sp);
    }
    unsigned m = Z3_goal_size(z, sub);
    for (unsigned j = 0; j < m; j++) Z3_solver_assert(z, solver, Z3_goal_formula(z, sub, j));
    add_hints(e, solver, sub);
    Z3_lbool r = smt_z3_failed(why, whylen) || e->failed ? Z3_L_UNDEF : Z3_solver_check(z, solver);
    if (r == Z3_L_TRUE) verdict = SMT_INVALID;
    else if (r != Z3_L_FALSE) {
      const char *reason = Z3_solver_get_reason_unknown(z, solver);
      if (!why[0]) snprintf(why, whylen, "%s", reason && *reason ? reason : "unknown");
      verdict = SMT_UNKNOWN;
    }
    Z3_solver_dec_ref(z, solver);
  }
done:
  if (verdict != SMT_UNKNOWN && smt_z3_failed(why, whylen)) verdict = SMT_ERROR;
  smt_z3_clear_error();
  if (ar) Z3_apply_result_dec_ref(z, ar);
  if (p) Z3_params_dec_ref(z, p);
  if (g) Z3_goal_dec_ref(z, g);
  if (pre) Z3_tactic_dec_ref(z, pre);
  return verdict;
}
