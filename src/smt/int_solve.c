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
 * 3. Solve with the `smt` tactic (solve-eqs again would substitute D away and undo the hints).
 *
 * Between 1 and 2, a subgoal with a product one of whose factors is an if-then-else (a truncating
 * remainder times a coefficient) is split on the ite's condition first (solve_split, below): the hints
 * cannot factor through an ite. */

enum { MAX_FACTORS = 8, MAX_MONOS = 64, MAX_SUMS = 64, MAX_HINTS = 48 };

typedef struct {
  Z3_ast fac[MAX_FACTORS]; /* non-numeral factors, sorted by AST id */
  unsigned nf;
} Mono;

typedef struct {
  Z3_context z;
  unsigned *seen; /* open-addressing set of AST ids (id + 1; 0 is empty) */
  size_t seen_cap, seen_n;
  Mono monos[MAX_MONOS]; /* distinct nonlinear monomials */
  size_t nmonos;
  Z3_ast sums[MAX_SUMS]; /* distinct sums */
  size_t nsums;
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

static Z3_decl_kind kind_of(Z3_context z, Z3_ast a) {
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST) return Z3_OP_UNINTERPRETED;
  return Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a)));
}

/* The non-numeral factors of a, nested products flattened (a itself if it is no product); *coef gets
 * the numeral factor (NULL if none; products carry at most one after simplification, else false).
 * False if there are too many factors. */
static bool factors(Z3_context z, Z3_ast a, Mono *m, Z3_ast *coef) {
  if (Z3_is_numeral_ast(z, a)) {
    if (*coef) return false;
    *coef = a;
    return true;
  }
  if (kind_of(z, a) != Z3_OP_MUL) {
    if (m->nf == MAX_FACTORS) return false;
    m->fac[m->nf++] = a;
    return true;
  }
  Z3_app app = Z3_to_app(z, a);
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++)
    if (!factors(z, Z3_get_app_arg(z, app, i), m, coef)) return false;
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

/* Calls visit on every distinct application node below root, each once per Walk however often it
 * occurs (w->seen), until visit returns false. Iterative, so that no input can exhaust the stack.
 * False when visit stopped it or memory ran out (w->oom). */
static bool walk_apps(Walk *w, Z3_ast root, bool (*visit)(Walk *w, Z3_ast a, void *ud), void *ud) {
  Z3_context z = w->z;
  size_t cap = 64, top = 0;
  Z3_ast *stack = malloc(cap * sizeof *stack);
  if (!stack) {
    w->oom = true;
    return false;
  }
  bool go = true;
  stack[top++] = root;
  while (top && go) {
    Z3_ast a = stack[--top];
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST || !seen_add(w, Z3_get_ast_id(z, a))) continue;
    if (!(go = visit(w, a, ud))) break;
    Z3_app app = Z3_to_app(z, a);
    unsigned n = Z3_get_app_num_args(z, app);
    for (unsigned i = 0; i < n && go; i++) {
      if (top == cap) {
        Z3_ast *ns = realloc(stack, cap * 2 * sizeof *ns);
        if (!ns) {
          w->oom = true;
          go = false;
          break;
        }
        stack = ns;
        cap *= 2;
      }
      stack[top++] = Z3_get_app_arg(z, app, i);
    }
  }
  free(stack);
  return go && !w->oom;
}

/* collect's visitor: a nonlinear monomial or a sum, kept once. */
static bool collect_visit(Walk *w, Z3_ast a, void *ud) {
  (void)ud;
  Z3_decl_kind k = kind_of(w->z, a);
  if (k == Z3_OP_MUL) {
    Mono m = {.nf = 0};
    Z3_ast coef = NULL;
    if (factors(w->z, a, &m, &coef) && m.nf >= 2 && w->nmonos < MAX_MONOS) {
      sort_factors(w->z, &m);
      bool dup = false;
      for (size_t i = 0; i < w->nmonos && !dup; i++) dup = mono_eq(&w->monos[i], &m);
      if (!dup) w->monos[w->nmonos++] = m;
    }
  } else if (k == Z3_OP_ADD && w->nsums < MAX_SUMS) {
    w->sums[w->nsums++] = a;
  }
  return true;
}

/* Collects the distinct nonlinear monomials (two or more non-numeral factors) and sums below root. */
static void collect(Walk *w, Z3_ast root) { walk_apps(w, root, collect_visit, NULL); }

/* m / g as a multiset of factors (both sorted by AST id): false if g does not divide m. */
static bool mono_div(Z3_context z, const Mono *m, const Mono *g, Mono *out) {
  out->nf = 0;
  unsigned j = 0;
  for (unsigned i = 0; i < m->nf; i++) {
    if (j < g->nf && m->fac[i] == g->fac[j]) {
      j++;
      continue;
    }
    if (j < g->nf && Z3_get_ast_id(z, g->fac[j]) < Z3_get_ast_id(z, m->fac[i])) return false;
    out->fac[out->nf++] = m->fac[i];
  }
  return j == g->nf;
}

/* The common factors of a and b (multiset intersection). */
static void mono_gcd(Z3_context z, const Mono *a, const Mono *b, Mono *g) {
  g->nf = 0;
  unsigned i = 0, j = 0;
  while (i < a->nf && j < b->nf) {
    if (a->fac[i] == b->fac[j]) {
      g->fac[g->nf++] = a->fac[i];
      i++;
      j++;
    } else if (Z3_get_ast_id(z, a->fac[i]) < Z3_get_ast_id(z, b->fac[j])) i++;
    else j++;
  }
}

/* coef * (the product of m's factors, times `extra` if not NULL). The empty product is 1; coef NULL
 * means 1. */
static Z3_ast term(Enc *e, const Mono *m, Z3_ast coef, Z3_ast extra) {
  Z3_ast f[MAX_FACTORS + 2];
  unsigned n = 0;
  if (coef) f[n++] = coef;
  for (unsigned i = 0; i < m->nf; i++) f[n++] = m->fac[i];
  if (extra) f[n++] = extra;
  if (n == 0) return enc_hold(e, Z3_mk_int(e->z, 1, Z3_mk_int_sort(e->z)));
  if (n == 1) return f[0];
  return enc_hold(e, Z3_mk_mul(e->z, n, f));
}

typedef struct {
  Z3_ast seen[MAX_HINTS]; /* each hint's g*D term, to skip repeats */
  Z3_ast asserted[2 * MAX_HINTS]; /* the formulas added, for the next round */
  unsigned n, nasserted;
} Hints;

/* For terms coef_i * g * t_i (i < n), asserts D == sum of coef_i * t_i and g*D == sum of
 * coef_i * g * t_i for a fresh D (see the strategy above), unless the same D was hinted. */
static void hint(Enc *e, Z3_solver solver, Hints *h, const Mono *g, const Mono *t, const Z3_ast *coef, unsigned n) {
  if (e->failed || h->n == MAX_HINTS || n < 2) return;
  Z3_context z = e->z;
  enum { MAX_TERMS = 16 };
  Z3_ast dt[MAX_TERMS], bt[MAX_TERMS];
  for (unsigned i = 0; i < n && i < MAX_TERMS; i++) {
    dt[i] = term(e, &t[i], coef[i], NULL);
    Mono whole = t[i];
    for (unsigned k = 0; k < g->nf && whole.nf < MAX_FACTORS; k++) whole.fac[whole.nf++] = g->fac[k];
    bt[i] = term(e, &whole, coef[i], NULL);
  }
  if (e->failed) return;
  Z3_ast dsum = enc_hold(e, Z3_mk_add(z, n, dt)), bsum = enc_hold(e, Z3_mk_add(z, n, bt));
  if (!dsum || !bsum) return;
  for (unsigned i = 0; i < h->n; i++)
    if (h->seen[i] == dsum) return;
  Z3_ast d = enc_hold(e, Z3_mk_fresh_const(z, "hint", Z3_mk_int_sort(z)));
  Z3_ast def = enc_eq(e, d, dsum), dist = enc_eq(e, term(e, g, NULL, d), bsum);
  if (e->failed) return;
  h->seen[h->n++] = dsum;
  Z3_solver_assert(z, solver, def);
  Z3_solver_assert(z, solver, dist);
  h->asserted[h->nasserted++] = def;
  h->asserted[h->nasserted++] = dist;
}

/* Sum hints: for a sum and a product g of factors that divides two or more of its terms (at least
 * one of them nonlinear), factor g out of those terms. The g tried are each single factor of a term
 * and the common factors of each two terms (c1*c2 out of c1*c2*q1 - c1*c2*q2 + c1*r + r'). */
static void sum_hints(Enc *e, Z3_solver solver, Hints *h, Z3_ast sum) {
  Z3_context z = e->z;
  enum { MAX_TERMS = 16, MAX_G = 32 };
  Mono m[MAX_TERMS];
  Z3_ast coef[MAX_TERMS];
  Z3_app app = Z3_to_app(z, sum);
  unsigned n = Z3_get_app_num_args(z, app);
  if (n > MAX_TERMS) return;
  for (unsigned i = 0; i < n; i++) {
    m[i].nf = 0;
    coef[i] = NULL;
    if (!factors(z, Z3_get_app_arg(z, app, i), &m[i], &coef[i])) return;
    sort_factors(z, &m[i]);
  }
  Mono gs[MAX_G];
  unsigned ng = 0;
  for (unsigned i = 0; i < n; i++) {
    for (unsigned fi = 0; fi < m[i].nf && ng < MAX_G; fi++) gs[ng++] = (Mono){.fac = {m[i].fac[fi]}, .nf = 1};
    for (unsigned j = i + 1; j < n && ng < MAX_G; j++) {
      mono_gcd(z, &m[i], &m[j], &gs[ng]);
      if (gs[ng].nf >= 2) ng++;
    }
  }
  for (unsigned gi = 0; gi < ng; gi++) {
    bool dup = false;
    for (unsigned k = 0; k < gi && !dup; k++) dup = mono_eq(&gs[k], &gs[gi]);
    if (dup) continue;
    Mono t[MAX_TERMS];
    Z3_ast c[MAX_TERMS];
    unsigned count = 0;
    bool nonlinear = false;
    for (unsigned j = 0; j < n; j++)
      if (mono_div(z, &m[j], &gs[gi], &t[count])) {
        nonlinear |= m[j].nf >= 2;
        c[count++] = coef[j];
      }
    if (nonlinear) hint(e, solver, h, &gs[gi], t, c, count);
  }
}

/* One round of hints over the formulas fs[0..n). */
static void hint_round(Enc *e, Z3_solver solver, Hints *h, const Z3_ast *fs, unsigned n) {
  Z3_context z = e->z;
  Walk w = {.z = z};
  for (unsigned i = 0; i < n && !w.oom; i++) collect(&w, fs[i]);
  free(w.seen);
  if (w.oom) return;
  for (size_t i = 0; i < w.nsums; i++) sum_hints(e, solver, h, w.sums[i]);
  /* Pair hints: two monomials g*t1 and g*t2 anywhere in the formulas, g a common factor or all
   * their common factors: D == t1 - t2. */
  Z3_ast minus_one = enc_hold(e, Z3_mk_int(z, -1, Z3_mk_int_sort(z)));
  for (size_t i = 0; i < w.nmonos; i++)
    for (size_t j = i + 1; j < w.nmonos; j++) {
      const Mono *a = &w.monos[i], *b = &w.monos[j];
      Mono all;
      mono_gcd(z, a, b, &all);
      for (unsigned k = 0; k <= all.nf; k++) {
        Mono g = k < all.nf ? (Mono){.fac = {all.fac[k]}, .nf = 1} : all;
        if (k < all.nf && k > 0 && all.fac[k] == all.fac[k - 1]) continue;
        if (k == all.nf && all.nf < 2) continue;
        Mono t[2];
        Z3_ast c[2] = {NULL, minus_one};
        if (!mono_div(z, a, &g, &t[0]) || !mono_div(z, b, &g, &t[1])) continue;
        hint(e, solver, h, &g, t, c, 2);
      }
    }
}

/* Adds the hints of step 2 for the goal's formulas to the solver: a first round over the goal, and a
 * second over the goal and the first round's hints (whose D definitions hold new monomials, as
 * k*q1 - k*q4 in D == k*q1 + q2 - k*q4 - r4 once the c2 of c2*k*q1 + ... is factored out). */
static void add_hints(Enc *e, Z3_solver solver, Z3_goal g) {
  Z3_context z = e->z;
  unsigned n = Z3_goal_size(z, g);
  Z3_ast *fs = malloc((n + 2 * MAX_HINTS) * sizeof *fs);
  if (!fs) return;
  for (unsigned i = 0; i < n; i++) fs[i] = Z3_goal_formula(z, g, i);
  Hints h = {.n = 0};
  for (int round = 0; round < 2 && !e->failed; round++) {
    unsigned before = h.nasserted;
    hint_round(e, solver, &h, fs, n);
    for (unsigned i = before; i < h.nasserted; i++) fs[n++] = h.asserted[i];
  }
  free(fs);
}

static Z3_tactic chain(Z3_context z, const char *const *names, size_t n, bool som) {
  Z3_tactic t = NULL;
  for (size_t i = 0; i < n; i++) {
    Z3_tactic x = Z3_mk_tactic(z, names[i]);
    if (!x) break;
    Z3_tactic_inc_ref(z, x);
    if (som && i + 1 == n) {
      /* The last simplify puts polynomials in sum-of-monomials form, so that the hints see every
       * monomial (c2*(k*q + r) would otherwise hide c2*k*q). */
      Z3_params p = Z3_mk_params(z);
      Z3_params_inc_ref(z, p);
      Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "som"), true);
      Z3_tactic y = Z3_tactic_using_params(z, x, p);
      if (y) Z3_tactic_inc_ref(z, y);
      Z3_params_dec_ref(z, p);
      Z3_tactic_dec_ref(z, x);
      x = y;
      if (!x) break;
    }
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

/* Step 3 on one subgoal of the preprocessing: SMT_VALID if it is unsatisfiable. */
static SmtVerdict solve_subgoal(SmtCtx *s, Enc *e, Z3_goal sub, unsigned timeout_ms, double t0, char *why,
                                size_t whylen) {
  Z3_context z = e->z;
  if (Z3_goal_is_decided_unsat(z, sub)) return SMT_VALID;
  if (Z3_goal_is_decided_sat(z, sub)) return SMT_INVALID;
  double left = (double)timeout_ms - (vs_seconds() - t0) * 1000.0;
  if (timeout_ms && left < 1.0) {
    snprintf(why, whylen, "timeout");
    return SMT_UNKNOWN;
  }
  Z3_tactic smt = Z3_mk_tactic(z, "smt");
  if (!smt) return SMT_ERROR;
  Z3_tactic_inc_ref(z, smt);
  Z3_solver solver = Z3_mk_solver_from_tactic(z, smt);
  if (solver) Z3_solver_inc_ref(z, solver);
  Z3_tactic_dec_ref(z, smt);
  if (!solver) return SMT_ERROR;
  Z3_params sp = budget(s, timeout_ms ? (unsigned)left : 0);
  if (sp) {
    Z3_solver_set_params(z, solver, sp);
    Z3_params_dec_ref(z, sp);
  }
  unsigned m = Z3_goal_size(z, sub);
  for (unsigned j = 0; j < m; j++) Z3_solver_assert(z, solver, Z3_goal_formula(z, sub, j));
  add_hints(e, solver, sub);
  /* The dump is the query as solved: preprocessed, with the hints (re-checkable by /usr/bin/z3). */
  if (s->smt2_path && !smt_z3_dump(s, solver, why, whylen)) {
    Z3_solver_dec_ref(z, solver);
    return SMT_ERROR;
  }
  SmtVerdict verdict = SMT_ERROR;
  SmtCheckSpec spec = {.integer = true, .timeout_ms = timeout_ms ? (unsigned)left : 0, .no_recheck = true};
  SmtCheck ck;
  memset(&ck, 0, sizeof ck);
  Z3_lbool r = smt_z3_failed(why, whylen) || e->failed ? Z3_L_UNDEF : smt_check(s, e, solver, &spec, &ck);
  if (r == Z3_L_FALSE) verdict = SMT_VALID;
  else if (r == Z3_L_TRUE) verdict = SMT_INVALID;
  else if (ck.disagree) {
    snprintf(why, whylen, "%s", ck.why);
    verdict = SMT_UNKNOWN; /* the caller reads the disagreement off smt_last_solve */
  } else if (!smt_z3_failed(NULL, 0) && !e->failed) {
    snprintf(why, whylen, "%s", ck.why[0] ? ck.why : "unknown");
    verdict = SMT_UNKNOWN;
  }
  smt_check_free(&ck);
  Z3_solver_dec_ref(z, solver);
  return verdict;
}

/* ---- cases on the conditions of products' if-then-else factors ----
 *
 * A factor c2 * ite(p, r - b, r) (a truncating remainder: it is the floor remainder r, or r - b where
 * the division rounds up) hides the monomials c2*r and c2*b the factoring hints need: the hints (step
 * 2) look for common factors of monomials, and c2 * ite(...) is one monomial whose other factor is an
 * ite. remove_nested_tmod was unknown at every signed width within any limit (i8 too: the bit-vector
 * query of its 8-bit instance is open after 30 s of qfbv, and cvc5's after 60 s); split on p, each
 * case is proved in milliseconds. So where a subgoal has such factors, it is decided by cases on their
 * conditions (at most MAX_SPLIT): each assignment of true and false to them, the conditions replaced
 * by their values and asserted to have them. The cases cover every assignment of the query's
 * variables, so unsat in every case is unsat; a case's model satisfies the query. */
enum { MAX_SPLIT = 2 };

/* The conditions product_ite_conds has found (out[0..n), at most max; over: there were more). */
typedef struct {
  Z3_ast *out;
  size_t n, max;
  bool over;
} IteConds;

/* product_ite_conds' visitor: the conditions of a product's ite factors, if it has two or more
 * non-numeral factors. */
static bool ite_cond_visit(Walk *w, Z3_ast a, void *ud) {
  IteConds *c = ud;
  Z3_context z = w->z;
  if (kind_of(z, a) != Z3_OP_MUL) return true;
  Z3_app app = Z3_to_app(z, a);
  unsigned na = Z3_get_app_num_args(z, app), nonnum = 0;
  for (unsigned k = 0; k < na; k++) nonnum += !Z3_is_numeral_ast(z, Z3_get_app_arg(z, app, k));
  for (unsigned k = 0; k < na && nonnum >= 2; k++) {
    Z3_ast f = Z3_get_app_arg(z, app, k);
    if (kind_of(z, f) != Z3_OP_ITE) continue;
    /* Only where the branches differ by more than a number (r - b and r): a wrapped sum's
     * ite(p, v, v - 2^w) (nested for a sum that may wrap either way) and a truncating quotient's
     * ite(p, q + 1, q) are left alone: splitting on those changed the solver's search for the
     * worse (divmod_split_off alone: 9 of 9 proved in 6.9 s, 6 of 9 in 15.0 s with them). */
    Z3_ast args[2] = {Z3_get_app_arg(z, Z3_to_app(z, f), 1), Z3_get_app_arg(z, Z3_to_app(z, f), 2)};
    if (kind_of(z, args[0]) == Z3_OP_ITE || kind_of(z, args[1]) == Z3_OP_ITE) continue; /* a nested wrap */
    Z3_ast diff = Z3_mk_sub(z, 2, args);
    if (!diff) continue;
    Z3_inc_ref(z, diff);
    Z3_ast sd = Z3_simplify(z, diff);
    bool numeral = !sd || Z3_is_numeral_ast(z, sd);
    Z3_dec_ref(z, diff);
    if (numeral) continue;
    Z3_ast cond = Z3_get_app_arg(z, Z3_to_app(z, f), 0);
    bool dup = false;
    for (size_t j = 0; j < c->n && !dup; j++) dup = c->out[j] == cond;
    if (dup) continue;
    if (c->n == c->max) {
      c->over = true;
      return false;
    }
    c->out[c->n++] = cond;
  }
  return true;
}

/* The distinct conditions of Int-sorted ite terms that are a factor of a product of two or more
 * non-numeral factors in g, at most max; 0 if there are more. */
static size_t product_ite_conds(Z3_context z, Z3_goal g, Z3_ast *out, size_t max) {
  Walk w = {.z = z};
  IteConds c = {.out = out, .max = max};
  unsigned nf = Z3_goal_size(z, g);
  for (unsigned i = 0; i < nf; i++)
    if (!walk_apps(&w, Z3_goal_formula(z, g, i), ite_cond_visit, &c)) break;
  free(w.seen);
  return w.oom || c.over ? 0 : c.n;
}

static SmtVerdict solve_split(SmtCtx *s, Enc *e, Z3_tactic pre, Z3_goal sub, unsigned timeout_ms, double t0,
                              char *why, size_t whylen);

/* Goal g through the preprocessing tactic pre, then each subgoal it leaves decided, by cases first
 * (solve_split) when `split`: SMT_VALID when every subgoal is unsat. A tactic that gives up (timeout,
 * resource limit) proves nothing. */
static SmtVerdict apply_then_solve(SmtCtx *s, Enc *e, Z3_tactic pre, Z3_goal g, bool split, unsigned timeout_ms,
                                   double t0, char *why, size_t whylen) {
  Z3_context z = e->z;
  Z3_apply_result ar = Z3_tactic_apply(z, pre, g);
  if (!ar) {
    if (!smt_z3_failed(why, whylen)) snprintf(why, whylen, "preprocessing gave up");
    smt_z3_clear_error();
    return e->failed ? SMT_ERROR : SMT_UNKNOWN;
  }
  Z3_apply_result_inc_ref(z, ar);
  SmtVerdict verdict = SMT_VALID;
  unsigned nsub = Z3_apply_result_get_num_subgoals(z, ar);
  for (unsigned i = 0; i < nsub && verdict == SMT_VALID; i++) {
    Z3_goal sub = Z3_apply_result_get_subgoal(z, ar, i);
    if (!sub) {
      verdict = SMT_ERROR;
      break;
    }
    Z3_goal_inc_ref(z, sub);
    verdict = split ? solve_split(s, e, pre, sub, timeout_ms, t0, why, whylen)
                    : solve_subgoal(s, e, sub, timeout_ms, t0, why, whylen);
    Z3_goal_dec_ref(z, sub);
  }
  Z3_apply_result_dec_ref(z, ar);
  return verdict;
}

/* Subgoal sub: by cases on its products' ite conditions (above) where it has any, else as it is. */
static SmtVerdict solve_split(SmtCtx *s, Enc *e, Z3_tactic pre, Z3_goal sub, unsigned timeout_ms, double t0,
                              char *why, size_t whylen) {
  Z3_context z = e->z;
  Z3_ast conds[MAX_SPLIT];
  size_t nc = !Z3_goal_is_decided_unsat(z, sub) && !Z3_goal_is_decided_sat(z, sub)
                ? product_ite_conds(z, sub, conds, MAX_SPLIT)
                : 0;
  if (!nc) return solve_subgoal(s, e, sub, timeout_ms, t0, why, whylen);
  for (size_t i = 0; i < nc; i++)
    if (!enc_hold(e, conds[i])) return SMT_ERROR;
  SmtVerdict verdict = SMT_VALID;
  for (unsigned mask = 0; mask < (1u << nc) && verdict == SMT_VALID; mask++) {
    Z3_ast to[MAX_SPLIT];
    for (size_t i = 0; i < nc; i++) to[i] = (mask >> i) & 1 ? s->t_true : s->t_false;
    Z3_goal cg = Z3_mk_goal(z, false, false, false);
    if (!cg) return SMT_ERROR;
    Z3_goal_inc_ref(z, cg);
    unsigned m = Z3_goal_size(z, sub);
    for (unsigned j = 0; j < m && !e->failed; j++) {
      Z3_ast f = enc_hold(e, Z3_substitute(z, Z3_goal_formula(z, sub, j), (unsigned)nc, conds, to));
      if (f) Z3_goal_assert(z, cg, f);
    }
    for (size_t i = 0; i < nc && !e->failed; i++) {
      Z3_ast lit = (mask >> i) & 1 ? conds[i] : enc_not(e, conds[i]);
      if (lit) Z3_goal_assert(z, cg, lit);
    }
    verdict = e->failed ? SMT_ERROR : apply_then_solve(s, e, pre, cg, false, timeout_ms, t0, why, whylen);
    Z3_goal_dec_ref(z, cg);
  }
  return verdict;
}

SmtVerdict smt_int_unsat(SmtCtx *s, Enc *e, const Z3_ast *fs, size_t n, unsigned timeout_ms, char *why,
                         size_t whylen) {
  Z3_context z = e->z;
  if (!timeout_ms) timeout_ms = s->timeout_ms;
  double t0 = vs_seconds();
  SmtVerdict verdict = SMT_ERROR;
  snprintf(why, whylen, "%s", "");
  static const char *const pre_names[] = {"simplify", "propagate-values", "solve-eqs", "simplify"};
  Z3_tactic pre = chain(z, pre_names, 4, true);
  /* Z3 keeps an object it returns alive only until the next call: take the reference at once. */
  Z3_goal g = Z3_mk_goal(z, false, false, false);
  if (g) Z3_goal_inc_ref(z, g);
  /* Tactics take no timeout parameter: try-for bounds the preprocessing (which is fast: it only
   * rewrites). */
  Z3_tactic bounded = pre && timeout_ms ? Z3_tactic_try_for(z, pre, timeout_ms) : pre;
  if (bounded && bounded != pre) Z3_tactic_inc_ref(z, bounded);
  if (!pre || !bounded || !g) goto done;
  for (size_t i = 0; i < n; i++) Z3_goal_assert(z, g, fs[i]);
  verdict = apply_then_solve(s, e, bounded, g, true, timeout_ms, t0, why, whylen);
done:
  if (verdict != SMT_UNKNOWN && smt_z3_failed(why, whylen)) verdict = SMT_ERROR;
  if (verdict == SMT_VALID && (s->second & SMT_SECOND_RECHECK)) {
    /* The re-check is of the query as encoded, before Z3's preprocessing and hints. */
    SmtCheckSpec spec = {.integer = true, .timeout_ms = timeout_ms};
    smt_recheck_formulas(s, fs, n, &spec);
  }
  smt_z3_clear_error();
  if (bounded && bounded != pre) Z3_tactic_dec_ref(z, bounded);
  if (g) Z3_goal_dec_ref(z, g);
  if (pre) Z3_tactic_dec_ref(z, pre);
  return verdict;
}
