/* prog_check.c: translation validation of programs (prog_check.h): pairing loops, the frames and
 * regions of the loop-by-loop check and their queries, dropping the pairs whose proof fails, and the
 * counterexample, replayed by the reference interpreter. */
#include "verify/prog_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/prog_eval.h"
#include "ir/timer.h"
#include "smt/prog_sym.h"
#include "smt/z3ctx.h"
#include "text/text.h"

enum { DEFAULT_UNROLL = 32, DEFAULT_MAX_STEPS = 1000000 };

/* ---- text ---- */

typedef struct {
  char *s;
  size_t len, cap;
} Buf;

__attribute__((format(printf, 2, 3))) static void bprintf(Buf *b, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  size_t len = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
  if (b->len + len + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 512;
    while (cap < b->len + len + 1) cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) return;
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->len, tmp, len + 1);
  b->len += len;
}

static void arg_text(Buf *b, const ProgEvent *e, uint32_t i) {
  char lit[96];
  if (e->kinds[i] == PROG_KIND_TENSOR) bprintf(b, "tensor#%llu", (unsigned long long)e->args[i]);
  else bprintf(b, "%s", vs_format_literal((DType)e->kinds[i], e->args[i], true, lit, sizeof lit));
}

/* `call f(3_i32, tensor#1)->i32 at 4:5`: the signature's parameter list filled with the values; the
 * values past it (an aggregate's shape and view fields) follow as `shape [..]`. Every aggregate's
 * identity prints as tensor#N (tiles and tuples too). Types in the list nest brackets and commas
 * (`tuple(i32,tensor[1]f32)`, `{s2,v0,nd,null}`): only the list's own commas count. */
static void event_text(Buf *b, const ProgEvent *e) {
  /* A domain's events (`domain[2]`, `end domain[2] sizes [64, 8]`) and a pin (`pin(tensor#2) index 5,
   * offset 20`). */
  if (!strchr(e->sig, '(') || (!strncmp(e->sig, "pin(", 4) && e->nargs == 3)) {
    bool pin = e->sig[0] == 'p';
    if (pin) {
      bprintf(b, "pin(");
      arg_text(b, e, 0);
      bprintf(b, ") index ");
      arg_text(b, e, 1);
      bprintf(b, ", offset ");
      arg_text(b, e, 2);
    } else {
      bprintf(b, "%s", e->sig);
      for (uint32_t i = 0; i < e->nargs; i++) {
        bprintf(b, i ? ", " : " sizes [");
        arg_text(b, e, i);
      }
      if (e->nargs) bprintf(b, "]");
    }
    bprintf(b, " at %d:%d", e->line, e->col);
    return;
  }
  const char *open = strchr(e->sig, '('), *close = NULL;
  uint32_t n = 0;
  int depth = 0;
  for (const char *c = open; c && *c; c++) {
    if (*c == '(' || *c == '[' || *c == '{') depth++;
    else if (*c == ')' || *c == ']' || *c == '}') {
      if (--depth == 0) {
        close = c;
        break;
      }
    } else if (*c == ',' && depth == 1) n++;
  }
  if (open && close && close > open + 1) n++;
  if (n > e->nargs || !open || !close) n = 0;
  bprintf(b, "%.*s(", open ? (int)(open - e->sig) : (int)strlen(e->sig), e->sig);
  for (uint32_t i = 0; i < n; i++) {
    if (i) bprintf(b, ", ");
    arg_text(b, e, i);
  }
  bprintf(b, ")%s", close ? close + 1 : "");
  if (n < e->nargs) {
    bprintf(b, " shape [");
    for (uint32_t i = n; i < e->nargs; i++) {
      if (i > n) bprintf(b, ", ");
      arg_text(b, e, i);
    }
    bprintf(b, "]");
  }
  bprintf(b, " at %d:%d", e->line, e->col);
}

/* ` (iteration 3 of the loop at 2:3, in iteration 1 of the loop at 1:1)`: innermost first. */
static void iter_text(Buf *b, const ProgLoopCtx *c) {
  uint32_t n = c->depth < PROG_LOOP_CTX ? c->depth : PROG_LOOP_CTX;
  for (uint32_t i = 0; i < n; i++)
    bprintf(b, "%siteration %llu of the loop at %d:%d", i ? ", in " : " (", (unsigned long long)c->at[i].iter,
            c->at[i].line, c->at[i].col);
  if (c->depth > n) bprintf(b, ", in %u more loops", c->depth - n);
  if (n) bprintf(b, ")");
}

static bool same_ctx(const ProgLoopCtx *a, const ProgLoopCtx *b) {
  if (a->depth != b->depth) return false;
  for (uint32_t i = 0; i < a->depth && i < PROG_LOOP_CTX; i++)
    if (a->at[i].line != b->at[i].line || a->at[i].col != b->at[i].col || a->at[i].iter != b->at[i].iter) return false;
  return true;
}

static bool same_event(const ProgEvent *a, const ProgEvent *b) {
  if (strcmp(a->sig, b->sig) || a->nargs != b->nargs) return false;
  return !a->nargs || !memcmp(a->args, b->args, a->nargs * sizeof *a->args);
}

/* The first point where the runs differ, or false if they do not (in a way refinement forbids). */
static bool divergence(Buf *b, const ProgTrace *s, const ProgTrace *t) {
  if (s->ub || s->out_of_fuel || t->out_of_fuel) return false;
  size_t i = 0;
  while (i < s->nevents && i < t->nevents && same_event(&s->events[i], &t->events[i])) i++;
  if (i == s->nevents && i == t->nevents) {
    if (!t->ub) return false;
    bprintf(b, "first divergence: the target has UB at %d:%d", t->ub_line, t->ub_col);
    iter_text(b, &t->ub_loops);
    bprintf(b, "; the source does not\n");
    return true;
  }
  if (i == t->nevents && t->ub) {
    bprintf(b, "first divergence: the target has UB at %d:%d", t->ub_line, t->ub_col);
    iter_text(b, &t->ub_loops);
    bprintf(b, ", where the source goes on with event %zu: ", i);
    event_text(b, &s->events[i]);
    iter_text(b, &s->events[i].loops);
    bprintf(b, "\n");
    return true;
  }
  const ProgEvent *es = i < s->nevents ? &s->events[i] : NULL, *et = i < t->nevents ? &t->events[i] : NULL;
  bprintf(b, "first divergence: event %zu", i);
  if (es) iter_text(b, &es->loops);
  else if (et) iter_text(b, &et->loops);
  bprintf(b, "\n  source: ");
  if (es) event_text(b, es);
  else bprintf(b, "(no more events)");
  bprintf(b, "\n  target: ");
  if (et) {
    event_text(b, et);
    if (es && !same_ctx(&es->loops, &et->loops)) iter_text(b, &et->loops);
  } else {
    bprintf(b, "(no more events)");
  }
  bprintf(b, "\n");
  return true;
}

/* ---- model access ---- */

typedef struct {
  SymShared *sh;
  Z3_model m;
  Buf *calls; /* the call results the replay used (the first REPLAY_SHOWN of them) */
  size_t ncalls;
  bool bad;
} Replay;

/* A counterexample lists this many call results at most: a replay that runs a loop to the end of its
 * fuel would otherwise print one line per call, megabytes that no one reads. */
enum { REPLAY_SHOWN = 64 };

/* Call results from the model: those of the function's first region, which are the trace's own
 * positions up to the first summary (later ones are whatever the model completes them with). */
static bool replay_result(void *user, size_t pos, DType dt, uint64_t *bits) {
  Replay *r = user;
  Z3_ast t = sym_call_result(r->sh, 0, enc_bv(r->sh->e, pos, 32), dt);
  if (!t || !sym_model_bits(r->sh, r->m, t, dt, bits)) {
    r->bad = true;
    *bits = 0;
    return true;
  }
  char lit[96];
  if (r->ncalls++ < REPLAY_SHOWN)
    bprintf(r->calls, "  result of event %zu = %s\n", pos, vs_format_literal(dt, *bits, true, lit, sizeof lit));
  return true;
}

/* ---- the check ---- */

static bool same_signature(const Function *a, const Function *b, char *why, size_t n) {
  if (a->nparams != b->nparams || a->nresults != b->nresults) {
    snprintf(why, n, "function '%s' has different parameters or results in the two programs", a->name);
    return false;
  }
  for (uint32_t i = 0; i < a->nparams; i++) {
    const PVar *p = a->params[i], *q = b->params[i];
    bool ok = p->name == q->name && type_same_form(&p->type, &q->type) && p->node == q->node;
    if (!ok) {
      snprintf(why, n, "parameter %u of '%s' is declared differently in the two programs", i + 1, a->name);
      return false;
    }
  }
  for (uint32_t i = 0; i < a->nresults; i++)
    if (!type_same_form(&a->results[i], &b->results[i])) {
      snprintf(why, n, "result %u of '%s' has a different type in the two programs", i + 1, a->name);
      return false;
    }
  return true;
}

/* The trace difference of a region: the target is UB, or some event differs. */
static Z3_ast traces_differ(SymShared *sh, const SState *s, const SState *t) {
  Enc *e = sh->e;
  Z3_ast bad = enc_or(e, t->ub, enc_not(e, enc_eq(e, s->len, t->len)));
  uint64_t n = s->nev > t->nev ? s->nev : t->nev;
  for (uint64_t k = 0; k < n && !e->failed; k++) {
    Z3_ast K = enc_bv(e, k, 32);
    Z3_ast diff = enc_not(e, enc_eq(e, enc_ap2(e, Z3_mk_select, s->sig, K), enc_ap2(e, Z3_mk_select, t->sig, K)));
    for (uint32_t j = 0; j < sh->maxa; j++)
      diff = enc_or(e, diff, enc_not(e, enc_eq(e, enc_ap2(e, Z3_mk_select, s->args[j], K),
                                              enc_ap2(e, Z3_mk_select, t->args[j], K))));
    bad = enc_or(e, bad, enc_and(e, enc_ap2(e, Z3_mk_bvult, K, s->len), diff));
  }
  return bad;
}

/* ---- pairing ---- */

typedef struct {
  const Stmt **v;
  size_t n, cap;
} LoopVec;

static bool lv_push(LoopVec *l, const Stmt *s) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    const Stmt **nv = realloc(l->v, cap * sizeof *nv);
    if (!nv) return false;
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = s;
  return true;
}

/* Every loop of a block, in program order (a loop before the loops of its body). */
static bool collect_loops(Block b, LoopVec *out) {
  bool ok = true;
  for (uint32_t i = 0; ok && i < b.n; i++) {
    const Stmt *s = b.s[i];
    switch ((StmtKind)s->kind) {
    case SK_FOR:
    case SK_WHILE: ok = lv_push(out, s) && collect_loops(s->u.loop.body, out); break;
    case SK_IF: ok = collect_loops(s->u.ifs.then, out) && collect_loops(s->u.ifs.els, out); break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN: ok = collect_loops(s->u.scope.body, out); break;
    default: break;
    }
  }
  return ok;
}

/* The names of the calls a value makes, in evaluation order: its sub calls, then its whole call. */
static bool push_val_calls(LoopVec *out, const Val *v) {
  Call *const *sub;
  uint32_t n = val_sub(v, &sub);
  bool ok = true;
  for (uint32_t k = 0; ok && k < n; k++) ok = lv_push(out, (const Stmt *)(const void *)sub[k]->name);
  if (ok && v->call) ok = lv_push(out, (const Stmt *)(const void *)v->call->name);
  return ok;
}

/* The names of the calls a block makes, in program order (nested bodies included). */
static bool collect_calls(Block b, LoopVec *out) {
  bool ok = true;
  for (uint32_t i = 0; ok && i < b.n; i++) {
    const Stmt *s = b.s[i];
    switch ((StmtKind)s->kind) {
    case SK_ASSIGN: ok = push_val_calls(out, &s->u.assign.val); break;
    case SK_CALL: {
      Val v = {.call = s->u.call};
      ok = push_val_calls(out, &v);
      break;
    }
    case SK_SUBMIT: {
      Val v = {.call = s->u.submit.call};
      ok = push_val_calls(out, &v);
      break;
    }
    case SK_FOR:
    case SK_WHILE:
      for (uint32_t k = 0; ok && k < s->u.loop.ncarry; k++) ok = push_val_calls(out, &s->u.loop.inits[k]);
      if (ok) ok = collect_calls(s->u.loop.body, out);
      break;
    case SK_IF: ok = collect_calls(s->u.ifs.then, out) && collect_calls(s->u.ifs.els, out); break;
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN: ok = collect_calls(s->u.scope.body, out); break;
    case SK_PIN: break;
    case SK_YIELD:
    case SK_RETURN:
    case SK_BREAK:
    case SK_CONTINUE:
      for (uint32_t k = 0; ok && k < s->u.vals.n; k++) ok = push_val_calls(out, &s->u.vals.vals[k]);
      break;
    }
  }
  return ok;
}

/* Could target loop t be source loop s transformed? The same kind of loop over the same variable, and
 * carries the source has; `strict`: also calls the source makes, in its order (a simplifier may drop a
 * dead branch's calls, never add or reorder any). A heuristic: the proof confirms the pair. */
static bool compatible(const Stmt *s, const Stmt *t, bool strict) {
  if (s->kind != t->kind) return false;
  if (s->kind == SK_FOR &&
      (s->u.loop.var->name != t->u.loop.var->name || s->u.loop.start->dtype != t->u.loop.start->dtype))
    return false;
  for (uint32_t j = 0; j < t->u.loop.ncarry; j++) {
    bool found = false;
    for (uint32_t i = 0; i < s->u.loop.ncarry && !found; i++) found = s->u.loop.carries[i]->name == t->u.loop.carries[j]->name;
    if (!found) return false;
  }
  if (!strict) return true;
  LoopVec cs = {0}, ct = {0};
  bool ok = collect_calls(s->u.loop.body, &cs) && collect_calls(t->u.loop.body, &ct);
  size_t k = 0;
  for (size_t i = 0; ok && i < cs.n && k < ct.n; i++)
    if (cs.v[i] == ct.v[k]) k++;
  ok = ok && k == ct.n;
  free(cs.v);
  free(ct.v);
  return ok;
}

/* Does a block surely emit no event? (No call, tensor definition, spmd or scope, at any depth.) */
static bool silent(Block b) {
  for (uint32_t i = 0; i < b.n; i++) {
    const Stmt *s = b.s[i];
    switch ((StmtKind)s->kind) {
    case SK_ASSIGN:
      if (val_has_call(&s->u.assign.val) || !type_is_scalar(&s->u.assign.var->type)) return false;
      break;
    case SK_CALL:
    case SK_SUBMIT:
    case SK_SPMD:
    case SK_SCOPE:
    case SK_DOMAIN:
    case SK_PIN:
    case SK_RETURN: return false;
    case SK_FOR:
    case SK_WHILE:
      for (uint32_t k = 0; k < s->u.loop.ncarry; k++)
        if (val_has_call(&s->u.loop.inits[k])) return false;
      if (!silent(s->u.loop.body)) return false;
      break;
    case SK_IF:
      if (!silent(s->u.ifs.then) || !silent(s->u.ifs.els)) return false;
      break;
    case SK_YIELD:
    case SK_BREAK:
    case SK_CONTINUE:
      for (uint32_t k = 0; k < s->u.vals.n; k++)
        if (val_has_call(&s->u.vals.vals[k])) return false;
      break;
    }
  }
  return true;
}

/* A pair of loops; t NULL: a solo source loop (prog_sym.h). */
typedef struct {
  const Stmt *s, *t;
  bool dropped;
  char note[160];
} Pair;

typedef struct {
  Pair *v;
  size_t n, cap;
} Pairs;

static bool pairs_push(Pairs *p, const Stmt *s, const Stmt *t) {
  if (p->n == p->cap) {
    size_t cap = p->cap ? p->cap * 2 : 16;
    Pair *nv = realloc(p->v, cap * sizeof *nv);
    if (!nv) return false;
    p->v = nv;
    p->cap = cap;
  }
  p->v[p->n++] = (Pair){s, t, false, ""};
  return true;
}

/* The pairs of loops: by the pass's records when there are some (chains from a source loop to a target
 * loop), otherwise structurally (each target loop with the first compatible source loop after the
 * previous pair's). */
static bool make_pairs(const Function *src, const Function *tgt, const ProgCheckOptions *opts, Pairs *out) {
  LoopVec ls = {0}, lt = {0};
  bool ok = collect_loops(src->body, &ls) && collect_loops(tgt->body, &lt);
  PtrMap paired;
  ptrmap_init(&paired);
  uint64_t v;
  if (ok && opts && opts->links) {
    PtrMap next, tloops;
    ptrmap_init(&next);
    ptrmap_init(&tloops);
    for (size_t i = 0; ok && i < opts->nlinks; i++) ok = ptrmap_put(&next, opts->links[i].from, (uintptr_t)opts->links[i].to);
    for (size_t i = 0; ok && i < lt.n; i++) ok = ptrmap_put(&tloops, lt.v[i], 1);
    for (size_t i = 0; ok && i < ls.n; i++) {
      const Stmt *x = ls.v[i];
      bool kept = false;
      for (size_t step = 0; x && step <= opts->nlinks; step++) {
        if (x != ls.v[i] && ptrmap_get(&tloops, x, &v)) {
          ok = pairs_push(out, ls.v[i], x) && ptrmap_put(&paired, ls.v[i], 1);
          break;
        }
        const Stmt *nx = ptrmap_get(&next, x, &v) ? (const Stmt *)(uintptr_t)v : NULL;
        kept |= nx != NULL;
        x = nx;
      }
      /* Kept by a run but not in the target: dead-code removal deleted it (a solo loop). */
      if (ok && kept && !ptrmap_get(&paired, ls.v[i], &v) && ls.v[i]->kind == SK_FOR && silent(ls.v[i]->u.loop.body))
        ok = pairs_push(out, ls.v[i], NULL) && ptrmap_put(&paired, ls.v[i], 1);
    }
    ptrmap_free(&next);
    ptrmap_free(&tloops);
  } else if (ok) {
    size_t from = 0;
    for (size_t j = 0; ok && j < lt.n; j++) {
      /* The first source loop after the last pair that could have become it: one that makes its calls,
       * else any of its kind. */
      size_t found = ls.n;
      for (int strict = 1; strict >= 0 && found == ls.n; strict--)
        for (size_t i = from; i < ls.n && found == ls.n; i++)
          if (compatible(ls.v[i], lt.v[j], strict)) found = i;
      if (found == ls.n) continue;
      ok = pairs_push(out, ls.v[found], lt.v[j]) && ptrmap_put(&paired, ls.v[found], 1);
      from = found + 1;
    }
    /* A source loop without a partner that emits nothing may have been deleted: a solo loop. */
    for (size_t i = 0; ok && i < ls.n; i++)
      if (!ptrmap_get(&paired, ls.v[i], &v) && ls.v[i]->kind == SK_FOR && silent(ls.v[i]->u.loop.body))
        ok = pairs_push(out, ls.v[i], NULL);
  }
  ptrmap_free(&paired);
  free(ls.v);
  free(lt.v);
  return ok;
}

/* ---- the loop-by-loop check ---- */

/* A frame to check: the function body (top), or an arbitrary iteration of a pair of loop instances. */
typedef struct {
  bool top;
  SymInst inst[2];
  Z3_ast hyp; /* what holds in the enclosing frame */
} Frame;

typedef struct {
  SmtCtx *s;
  unsigned unroll;
  const Function *src, *tgt;
  Pairs *pairs;
  uint32_t *pair_index; /* SymShared pair -> index in pairs */
  Enc e;
  SymShared sh;
  Sym ys, yt;
  Frame *work;
  size_t nwork, capwork;
  uint32_t next_frame, next_region;
  bool *failed;       /* per SymShared pair: its proof failed in this attempt */
  bool undecided;     /* some query could not be decided and no pair is to blame */
  bool invalid, error;
  char reason[256];
  char *report;
  unsigned queries;
  double deadline; /* vs_seconds() past which no query is asked (0: none) */
} Check;

static void note_reason(Check *c, const char *why) {
  if (!c->reason[0]) snprintf(c->reason, sizeof c->reason, "%s", why);
}

static bool push_frame(Check *c, Frame f) {
  if (c->nwork == c->capwork) {
    size_t cap = c->capwork ? c->capwork * 2 : 16;
    Frame *nw = realloc(c->work, cap * sizeof *nw);
    if (!nw) return false;
    c->work = nw;
    c->capwork = cap;
  }
  c->work[c->nwork++] = f;
  return true;
}

/* Runs the reference interpreter on a model's parameters and call results; true (with the report) when
 * it confirms that the traces diverge. */
static bool confirm(Check *c, Z3_model m, uint64_t fuel) {
  const Function *src = c->src, *tgt = c->tgt;
  Buf b = {0}, calls = {0};
  uint64_t *params = calloc(src->nparams ? src->nparams : 1, sizeof *params);
  char lit[96];
  bool ok = params != NULL;
  bprintf(&b, "counterexample (function '%s'):\n", src->name);
  for (uint32_t i = 0; ok && i < src->nparams; i++) {
    PVar *p = src->params[i];
    if (!type_is_scalar(&p->type)) {
      bprintf(&b, "  %s = tensor#%llu\n", p->name, (unsigned long long)prog_tensor_param_id(i));
      continue;
    }
    SmtTerm t;
    ok = enc_expr(&c->e, p->node, &t) && sym_model_bits(&c->sh, m, t.val, (DType)p->type.dtype, &params[i]);
    if (ok) bprintf(&b, "  %s = %s\n", p->name, vs_format_literal((DType)p->type.dtype, params[i], true, lit, sizeof lit));
  }
  Replay rp = {&c->sh, m, &calls, 0, false};
  ProgEvalInput in = {.params = params, .call_result = replay_result, .user = &rp, .fuel = fuel};
  ProgTrace ts = {0}, tt = {0};
  Buf div = {0};
  bool confirmed = ok && prog_eval(src, &in, &ts) && prog_eval(tgt, &in, &tt) && !rp.bad && divergence(&div, &ts, &tt);
  if (confirmed) {
    if (calls.s) bprintf(&b, "call results:\n%s", calls.s);
    if (rp.ncalls > REPLAY_SHOWN) bprintf(&b, "  ... (%zu more)\n", rp.ncalls - REPLAY_SHOWN);
    if (div.s) bprintf(&b, "%s", div.s);
    c->invalid = true;
    free(c->report);
    c->report = b.s;
    b.s = NULL;
  }
  prog_trace_free(&ts);
  prog_trace_free(&tt);
  free(div.s);
  free(calls.s);
  free(b.s);
  free(params);
  smt_z3_clear_error();
  return confirmed;
}

/* Every integer parameter within [-lim, lim] (where its type allows): models the interpreter replays
 * quickly. NULL when there is no such parameter. */
static Z3_ast small_params(Check *c, int lim) {
  Enc *e = &c->e;
  Z3_ast a = NULL;
  for (uint32_t i = 0; i < c->src->nparams; i++) {
    PVar *p = c->src->params[i];
    DType dt = (DType)p->type.dtype;
    if (p->type.kind != TY_SCALAR || dt == DT_BOOL || dt_is_float(dt)) continue;
    SmtTerm t;
    if (!enc_expr(e, p->node, &t)) return NULL;
    int w = dt_bits(dt);
    Z3_ast L = enc_bv(e, (uint64_t)lim, w);
    Z3_ast in = dt_is_signed(dt) ? enc_and(e, enc_ap2(e, Z3_mk_bvsle, enc_ap1(e, Z3_mk_bvneg, L), t.val),
                                           enc_ap2(e, Z3_mk_bvsle, t.val, L))
                                 : enc_ap2(e, Z3_mk_bvule, t.val, L);
    a = a ? enc_and(e, a, in) : in;
  }
  return a;
}

/* Are the model's integer parameters all within [-64, 64]? */
static bool model_small(Check *c, Z3_model m) {
  Z3_ast s = small_params(c, 64);
  uint64_t b = 0;
  if (!s) return true;
  bool ok = sym_model_bits(&c->sh, m, s, DT_BOOL, &b);
  smt_z3_clear_error();
  return ok && b;
}

typedef enum { Q_UNSAT, Q_SAT, Q_UNKNOWN } QResult;

/* hyp && bad: unsat (the region is proved), or sat with a model (held: release it), or unknown. */
static QResult query(Check *c, Z3_ast hyp, Z3_ast bad, Z3_model *model, char *why, size_t whylen) {
  Enc *e = &c->e;
  *model = NULL;
  if (!hyp || !bad || e->failed) return Q_UNKNOWN;
  if (vs_past(c->deadline)) {
    snprintf(why, whylen, "the check's time budget ran out");
    return Q_UNKNOWN;
  }
  Z3_ast bs = enc_hold(e, Z3_simplify(c->sh.z, bad));
  if (bs && Z3_get_bool_value(c->sh.z, bs) == Z3_L_FALSE) return Q_UNSAT;
  c->queries++;
  /* First the abstraction without division, remainder and products of unknowns: bit-blasting those
   * is most of a query's cost, and a difference rarely hinges on them. Unsat there is unsat. */
  bool changed = false;
  Z3_ast qs = enc_hold(e, Z3_simplify(c->sh.z, enc_and(e, hyp, bad)));
  Z3_ast qa = qs ? sym_abstract(&c->sh, qs, &changed) : NULL;
  if (qa && changed) {
    Z3_solver sa = sym_solver(&c->sh, &qa, 1, false, false, NULL, 0);
    Z3_lbool ra = sa ? Z3_solver_check(c->sh.zs, sa) : Z3_L_UNDEF;
    if (sa) Z3_solver_dec_ref(c->sh.zs, sa);
    smt_z3_clear_error();
    if (ra == Z3_L_FALSE) return Q_UNSAT;
  }
  Z3_ast as[2] = {hyp, bad};
  Z3_solver solver = sym_solver(&c->sh, as, 2, true, true, why, whylen);
  if (!solver) {
    if (!why[0] && !smt_z3_failed(why, whylen)) snprintf(why, whylen, "the solver failed");
    smt_z3_clear_error();
    return Q_UNKNOWN;
  }
  Z3_lbool res = Z3_solver_check(c->sh.zs, solver);
  QResult q = Q_UNKNOWN;
  if (res == Z3_L_FALSE) {
    q = Q_UNSAT;
  } else if (res == Z3_L_TRUE) {
    Z3_model m = Z3_solver_get_model(c->sh.zs, solver);
    if (m) {
      Z3_model_inc_ref(c->sh.zs, m);
      *model = m;
      q = Q_SAT;
    } else {
      snprintf(why, whylen, "sat, but Z3 gave no model");
    }
  } else {
    const char *r = Z3_solver_get_reason_unknown(c->sh.zs, solver);
    snprintf(why, whylen, "%s", r && *r ? r : "unknown");
  }
  Z3_solver_dec_ref(c->sh.zs, solver);
  smt_z3_clear_error();
  return q;
}

static void release_model(Check *c, Z3_model m) {
  if (m) Z3_model_dec_ref(c->sh.zs, m);
}

/* A query was sat with model m (released here): confirms it with the interpreter, else asks again for
 * models closer to a run, and tries each. The first model may rest on what no run reaches (an unknown
 * carried value), or need more fuel than the interpreter has (a huge trip count); `later` (may be NULL)
 * asks for an iteration that another one follows, where a wrong carried value shows. */
static void try_confirm(Check *c, Z3_ast q, Z3_ast bad, Z3_model m, Z3_ast later) {
  Enc *e = &c->e;
  /* Fuel in statements. Each call the replay meets costs a model evaluation, so a run that never ends
   * (a while loop whose condition the model keeps true) took minutes at the interpreter's default
   * fuel of ten million, once per model tried (corpus/regressions/programs/confirm_endless_loop_fuel.vs). */
  enum { FUEL = 200000, FUEL_LAST = 1000000 };
  bool small = model_small(c, m);
  if (small && confirm(c, m, FUEL)) {
    release_model(c, m);
    return;
  }
  Z3_ast s8 = small_params(c, 8), s64 = small_params(c, 64);
  Z3_ast steer[5] = {later && s8 ? enc_and(e, later, s8) : NULL, s8, later && s64 ? enc_and(e, later, s64) : NULL,
                     s64, later};
  for (int k = 0; k < 5 && !c->invalid; k++) {
    if (!steer[k] || (k == 3 && small)) continue;
    char why[200] = "";
    Z3_model m2 = NULL;
    if (query(c, enc_and(e, q, steer[k]), bad, &m2, why, sizeof why) == Q_SAT) confirm(c, m2, k == 4 ? FUEL_LAST : FUEL);
    release_model(c, m2);
  }
  /* Last, the first model as it is, on a bounded fuel. */
  if (!c->invalid && !small) confirm(c, m, FUEL_LAST);
  release_model(c, m);
}

static uint32_t sym_pair_of(const Check *c, int side, const Stmt *s) {
  uint64_t x = 0;
  ptrmap_get(&c->sh.pair_of[side], s, &x);
  return (uint32_t)x;
}

/* A query failed (a difference the interpreter did not confirm, or undecided): the pairs whose
 * summaries or induction it rested on are dropped for the next attempt. */
static void blame(Check *c, const Frame *f, const SymInst *a, size_t na, const SymInst *b, size_t nb, const char *what) {
  bool any = false;
  char note[160];
  for (int side = 0; side < 2; side++) {
    const SymInst *in = side ? b : a;
    size_t n = side ? nb : na;
    for (size_t i = 0; i < n; i++) {
      uint32_t p = in[i].pair;
      if (!c->failed[p]) {
        c->failed[p] = true;
        Pair *pp = &c->pairs->v[c->pair_index[p]];
        snprintf(note, sizeof note, "its summary did not prove the code around it (%s): unrolled instead", what);
        if (!pp->note[0]) snprintf(pp->note, sizeof pp->note, "%s", note);
      }
      any = true;
    }
  }
  if (!f->top) {
    uint32_t p = f->inst[0].pair;
    Pair *pp = &c->pairs->v[c->pair_index[p]];
    if (!c->failed[p]) {
      c->failed[p] = true;
      snprintf(note, sizeof note, "induction failed (%s): unrolled instead", what);
      snprintf(pp->note, sizeof pp->note, "%s", note);
    }
    any = true;
  }
  if (!any) {
    c->undecided = true;
    note_reason(c, what);
  }
}

/* One region: both sides' statements [s0, s1) and [t0, t1), then the query. True to go on with the
 * frame, false when the frame cannot go on (its execution gave up or failed). */
static bool region(Check *c, const Frame *f, const SymIter *it, Z3_ast hyp, Block bs, uint32_t s0, uint32_t s1,
                   const Stmt *os, Block bt, uint32_t t0, uint32_t t1, const Stmt *ot, bool first, bool last) {
  SymShared *sh = &c->sh;
  Enc *e = &c->e;
  sh->region = f->top && first ? 0 : ++c->next_region;
  smt_z3_side_recycle(c->s); /* no model or solver of it is alive here */
  sym_region_begin(&c->ys);
  sym_region_begin(&c->yt);
  if (f->top && first) {
    sym_emit_params(&c->ys);
    sym_emit_params(&c->yt);
  }
  sym_exec(&c->ys, bs, s0, s1, os);
  sym_exec(&c->yt, bt, t0, t1, ot);
  if (e->failed) {
    c->error = true;
    return false;
  }
  if (sh->unknown) {
    /* The execution gave up (a constant trip count above the bound, the statement limit). */
    c->undecided = true;
    note_reason(c, sh->why);
    sh->unknown = false;
    return false;
  }
  Z3_ast bad = traces_differ(sh, &c->ys.st, &c->yt.st);
  if (last && it) bad = enc_or(e, bad, sym_iteration_differs(sh, &c->ys, &c->yt, it));
  Z3_ast q = enc_and(e, enc_and(e, e->ranges, hyp), enc_and(e, c->ys.st.assume, c->yt.st.assume));
  q = enc_and(e, q, enc_and(e, enc_not(e, c->ys.st.ub), c->ys.st.hypdef));
  /* The instances this region summarized (copied: the next region reuses the arrays). */
  size_t na = c->ys.ninsts, nb = c->yt.ninsts;
  SymInst *a = malloc((na ? na : 1) * sizeof *a), *b = malloc((nb ? nb : 1) * sizeof *b);
  if (!a || !b) {
    free(a);
    free(b);
    c->error = true;
    return false;
  }
  if (na) memcpy(a, c->ys.insts, na * sizeof *a);
  if (nb) memcpy(b, c->yt.insts, nb * sizeof *b);
  Z3_model m = NULL;
  char why[200] = "";
  QResult r = query(c, q, bad, &m, why, sizeof why);
  Z3_ast later = NULL;
  if (r == Q_SAT && it && it->k) {
    int W = dt_bits((DType)f->inst[0].loop->u.loop.start->dtype) + 2;
    later = enc_ap2(e, Z3_mk_bvslt, enc_ap2(e, Z3_mk_bvadd, it->k, enc_bv(e, 1, W)), f->inst[0].T);
  }
  if (r == Q_SAT) try_confirm(c, q, bad, m, later);
  m = NULL;
  release_model(c, m);
  if (c->invalid) {
    free(a);
    free(b);
    return false;
  }
  if (r == Q_UNSAT) {
    /* Proved: the summaries it rests on become frames of their own (matched by pair and instance). */
    PtrMap tmap;
    ptrmap_init(&tmap);
    for (size_t j = 0; j < nb; j++)
      if (!ptrmap_put(&tmap, (const void *)(uintptr_t)(((uint64_t)(b[j].pair + 1) << 32) | b[j].inst), j + 1)) c->error = true;
    for (size_t i = 0; i < na && !c->error; i++) {
      uint64_t j;
      Frame nf = {false, {a[i], {0}}, hyp};
      if (sh->pairs[a[i].pair].loop[1]) {
        if (!ptrmap_get(&tmap, (const void *)(uintptr_t)(((uint64_t)(a[i].pair + 1) << 32) | a[i].inst), &j)) continue;
        nf.inst[1] = b[j - 1];
      }
      if (!push_frame(c, nf)) c->error = true;
    }
    ptrmap_free(&tmap);
  } else {
    char what[200];
    if (r == Q_SAT) snprintf(what, sizeof what, "Z3 found a difference the reference interpreter does not reproduce");
    else snprintf(what, sizeof what, "the solver gave up: %.120s", why);
    blame(c, f, a, na, b, nb, what);
  }
  free(a);
  free(b);
  return !c->error;
}

/* The regions of a frame: cut after each loop both sides pair at the top level of their blocks, in
 * the same order. */
static void frame(Check *c, const Frame *f) {
  SymShared *sh = &c->sh;
  Enc *e = &c->e;
  Block bs, bt;
  const Stmt *os = NULL, *ot = NULL;
  Z3_ast hyp = f->hyp;
  SymIter it = {0};
  uint32_t id = c->next_frame++;
  sh->frame = id;
  if (f->top) {
    bs = c->src->body;
    bt = c->tgt->body;
  } else {
    if (!sym_iteration(sh, &c->ys, &f->inst[0], &c->yt, &f->inst[1], id, &it)) {
      c->error = true;
      return;
    }
    os = f->inst[0].loop;
    ot = f->inst[1].loop; /* NULL for a solo loop: the target runs nothing */
    bs = os->u.loop.body;
    bt = ot ? ot->u.loop.body : (Block){0};
    hyp = enc_and(e, hyp, it.hyp);
    if (os->kind == SK_WHILE && ot) {
      /* The conditions agree (a query of its own); the body runs where they hold. */
      sh->frame_hyp = hyp;
      sh->region = ++c->next_region;
      sym_region_begin(&c->ys);
      sym_region_begin(&c->yt);
      Z3_ast cs = sym_eval(&c->ys, os->u.loop.cond), ct = sym_eval(&c->yt, ot->u.loop.cond);
      if (e->failed || !cs || !ct) {
        c->error = true;
        return;
      }
      Z3_ast bad = enc_or(e, c->yt.st.ub, enc_not(e, enc_eq(e, cs, ct)));
      Z3_ast ok = enc_and(e, enc_not(e, c->ys.st.ub), c->ys.st.hypdef);
      Z3_model m = NULL;
      char why[200] = "";
      Z3_ast q = enc_and(e, enc_and(e, e->ranges, hyp), ok);
      QResult r = query(c, q, bad, &m, why, sizeof why);
      if (r == Q_SAT) try_confirm(c, q, bad, m, NULL);
      if (c->invalid) return;
      if (r != Q_UNSAT) {
        char what[200];
        if (r == Q_SAT) snprintf(what, sizeof what, "the loop conditions may differ");
        else snprintf(what, sizeof what, "the solver gave up: %.120s", why);
        blame(c, f, NULL, 0, NULL, 0, what);
        return;
      }
      hyp = enc_and(e, hyp, enc_and(e, cs, ok));
    }
  }
  sh->frame_hyp = hyp;
  /* Cut points: top-level paired loops, in order on both sides. */
  PtrMap tpos;
  ptrmap_init(&tpos);
  for (uint32_t j = 0; j < bt.n; j++)
    if ((bt.s[j]->kind == SK_FOR || bt.s[j]->kind == SK_WHILE) && !ptrmap_put(&tpos, bt.s[j], j + 1)) c->error = true;
  uint32_t s0 = 0, t0 = 0;
  bool first = true;
  for (uint32_t i = 0; i < bs.n && !c->error && !c->invalid; i++) {
    uint32_t p = sym_pair_of(c, 0, bs.s[i]);
    uint64_t j;
    if (!p || !sh->pairs[p - 1].loop[1] || !ptrmap_get(&tpos, sh->pairs[p - 1].loop[1], &j) || j - 1 < t0) continue;
    if (!region(c, f, f->top ? NULL : &it, hyp, bs, s0, i + 1, os, bt, t0, (uint32_t)j, ot, first, false)) {
      ptrmap_free(&tpos);
      return;
    }
    first = false;
    s0 = i + 1;
    t0 = (uint32_t)j;
  }
  ptrmap_free(&tpos);
  if (!c->error && !c->invalid) region(c, f, f->top ? NULL : &it, hyp, bs, s0, bs.n, os, bt, t0, bt.n, ot, first, true);
}

/* One attempt with the pairs not dropped: fills r (verdict, report, loops); returns the number of
 * pairs it dropped because their proof failed. */
static size_t attempt(Check *c, const ProgCheckOptions *opts, ProgCheckResult *r, uint32_t maxa, unsigned long max_steps) {
  Enc *e = &c->e;
  SymShared *sh = &c->sh;
  enc_init(e, c->s);
  bool ok = sym_shared_init(sh, c->s, e, c->unroll, max_steps, maxa);
  sh->deadline = c->deadline;
  c->pair_index = calloc(c->pairs->n ? c->pairs->n : 1, sizeof *c->pair_index);
  c->failed = calloc(c->pairs->n ? c->pairs->n : 1, sizeof *c->failed);
  ok = ok && c->pair_index && c->failed;
  for (size_t i = 0; ok && i < c->pairs->n; i++) {
    Pair *p = &c->pairs->v[i];
    if (p->dropped) continue;
    uint32_t k = sh->npairs;
    if (sym_add_pair(sh, c->src, p->s, c->tgt, p->t)) c->pair_index[k] = (uint32_t)i;
    else p->dropped = true;
  }
  ok = ok && !e->failed && sym_init(&c->ys, sh, c->src, 0) && sym_init(&c->yt, sh, c->tgt, 1);
  if (ok) {
    Frame top = {true, {{0}}, c->s->t_true};
    frame(c, &top);
    while (c->nwork && !c->error && !c->invalid) {
      Frame f = c->work[--c->nwork];
      frame(c, &f);
    }
  }
  (void)opts;
  if (!ok || e->failed) c->error = true;
  /* The verdict and the loops. */
  bool any_failed = false;
  for (uint32_t p = 0; p < sh->npairs; p++) any_failed |= c->failed[p];
  if (c->invalid) {
    r->verdict = CHECK_INVALID;
    r->report = c->report;
    c->report = NULL;
  } else if (c->error) {
    r->verdict = CHECK_ERROR;
    if (!smt_z3_failed(r->reason, sizeof r->reason)) snprintf(r->reason, sizeof r->reason, "encoding failed");
  } else if (c->undecided || any_failed) {
    r->verdict = CHECK_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "%s", c->reason[0] ? c->reason : "induction failed");
  } else {
    r->verdict = CHECK_VALID;
    if (sh->bounded) {
      r->bounded = true;
      r->bound = c->unroll;
    }
  }
  LoopVec ls = {0}, lt = {0};
  PtrMap notes; /* source loop -> its pair's index + 1 */
  ptrmap_init(&notes);
  for (size_t k = 0; k < c->pairs->n; k++)
    if (c->pairs->v[k].note[0] && !ptrmap_put(&notes, c->pairs->v[k].s, k + 1)) c->error = true;
  if (collect_loops(c->src->body, &ls) && collect_loops(c->tgt->body, &lt)) {
    r->loops = calloc(ls.n + lt.n + 1, sizeof *r->loops);
    for (size_t i = 0; r->loops && i < ls.n + lt.n; i++) {
      bool in_t = i >= ls.n;
      const Stmt *s = in_t ? lt.v[i - ls.n] : ls.v[i];
      uint32_t p = sym_pair_of(c, in_t, s);
      if (in_t && p) continue;
      ProgLoopReport *L = &r->loops[r->nloops++];
      L->func = c->src->name;
      L->in_target = in_t;
      L->line = s->line;
      L->col = s->col;
      SymMethod m = sym_method(sh, s);
      L->method = m == SYM_M_BOUNDED                ? PROG_LOOP_BOUNDED
                  : m == SYM_M_UNROLLED             ? PROG_LOOP_UNROLLED
                  : p && !c->failed[p - 1]          ? PROG_LOOP_INDUCTION
                                                    : PROG_LOOP_UNROLLED;
      const Stmt *partner = p ? sh->pairs[p - 1].loop[1] : NULL;
      if (partner) {
        L->tline = partner->line;
        L->tcol = partner->col;
      } else if (p && L->method == PROG_LOOP_INDUCTION) {
        snprintf(L->note, sizeof L->note, "no target loop: no iteration emits an event");
      }
      uint64_t k;
      if (!in_t && ptrmap_get(&notes, s, &k)) snprintf(L->note, sizeof L->note, "%s", c->pairs->v[k - 1].note);
    }
  }
  ptrmap_free(&notes);
  free(ls.v);
  free(lt.v);
  r->queries += c->queries + sh->queries;
  /* The pairs to drop next time. */
  size_t dropped = 0;
  for (uint32_t p = 0; p < sh->npairs; p++)
    if (c->failed[p]) {
      c->pairs->v[c->pair_index[p]].dropped = true;
      dropped++;
    }
  sym_fini(&c->ys);
  sym_fini(&c->yt);
  sym_shared_fini(sh);
  enc_fini(e);
  free(c->pair_index);
  free(c->failed);
  free(c->work);
  free(c->report);
  c->pair_index = NULL;
  c->failed = NULL;
  c->work = NULL;
  c->nwork = c->capwork = 0;
  c->report = NULL;
  return dropped;
}

ProgCheckResult prog_check_function(SmtCtx *s, const ProgCheckOptions *opts, const Function *src, const Function *tgt) {
  double t0 = vs_seconds();
  ProgCheckResult r;
  memset(&r, 0, sizeof r);
  r.verdict = CHECK_ERROR;
  unsigned unroll = opts && opts->unroll ? opts->unroll : DEFAULT_UNROLL;
  unsigned long max_steps = opts && opts->max_steps ? opts->max_steps : DEFAULT_MAX_STEPS;
  if (!same_signature(src, tgt, r.reason, sizeof r.reason)) {
    r.input_error = true;
    return r;
  }
  Pairs pairs = {0};
  if ((!opts || !opts->no_induction) && !make_pairs(src, tgt, opts, &pairs)) {
    snprintf(r.reason, sizeof r.reason, "out of memory");
    free(pairs.v);
    return r;
  }
  uint32_t maxa = sym_max_event_args(src), ma2 = sym_max_event_args(tgt);
  if (ma2 > maxa) maxa = ma2;
  if (pairs.n && maxa < 3) maxa = 3; /* a summary event: start, stop, step */
  for (size_t round = 0; round <= pairs.n + 1; round++) {
    if (!smt_z3_begin(s, 100, r.reason, sizeof r.reason)) break;
    Check c = {.s = s, .unroll = unroll, .src = src, .tgt = tgt, .pairs = &pairs,
               .deadline = opts && opts->seconds > 0 ? t0 + opts->seconds : 0};
    ProgCheckResult a;
    memset(&a, 0, sizeof a);
    a.queries = r.queries;
    size_t dropped = attempt(&c, opts, &a, maxa, max_steps);
    a.attempts = r.attempts + 1;
    prog_check_result_free(&r);
    r = a;
    /* Another attempt, without the pairs whose proof failed, unless this one settled it. */
    if (r.verdict != CHECK_UNKNOWN || !dropped || vs_past(c.deadline)) break;
  }
  free(pairs.v);
  r.seconds = vs_seconds() - t0;
  return r;
}

const char *prog_loop_method_name(ProgLoopMethod m) {
  switch (m) {
  case PROG_LOOP_INDUCTION: return "induction";
  case PROG_LOOP_UNROLLED: return "unrolled";
  default: return "bounded";
  }
}

static int rank(CheckVerdict v) {
  switch (v) {
  case CHECK_INVALID: return 3;
  case CHECK_ERROR: return 2;
  case CHECK_UNKNOWN: return 1;
  default: return 0;
  }
}

static void append_loops(ProgCheckResult *out, const ProgCheckResult *r) {
  if (!r->nloops) return;
  ProgLoopReport *nl = realloc(out->loops, (out->nloops + r->nloops) * sizeof *nl);
  if (!nl) return;
  memcpy(nl + out->nloops, r->loops, r->nloops * sizeof *nl);
  out->loops = nl;
  out->nloops += r->nloops;
}

ProgCheckResult prog_check_program(SmtCtx *s, const ProgCheckOptions *opts, const Program *src, const Program *tgt) {
  ProgCheckResult out;
  memset(&out, 0, sizeof out);
  out.verdict = CHECK_VALID;
  if (src->nfuncs != tgt->nfuncs) {
    out.verdict = CHECK_ERROR;
    out.input_error = true;
    snprintf(out.reason, sizeof out.reason, "the programs have %u and %u functions", src->nfuncs, tgt->nfuncs);
    return out;
  }
  for (uint32_t i = 0; i < src->nfuncs; i++) {
    const Function *t = NULL;
    for (uint32_t j = 0; j < tgt->nfuncs && !t; j++)
      if (tgt->funcs[j]->name == src->funcs[i]->name) t = tgt->funcs[j];
    if (!t) {
      prog_check_result_free(&out);
      memset(&out, 0, sizeof out);
      out.verdict = CHECK_ERROR;
      out.input_error = true;
      snprintf(out.reason, sizeof out.reason, "function '%s' is missing from the target", src->funcs[i]->name);
      return out;
    }
    ProgCheckResult r = prog_check_function(s, opts, src->funcs[i], t);
    out.seconds += r.seconds;
    out.queries += r.queries;
    out.attempts += r.attempts;
    if (r.bounded) {
      out.bounded = true;
      out.bound = r.bound;
    }
    if (r.input_error) out.input_error = true;
    append_loops(&out, &r);
    if (rank(r.verdict) > rank(out.verdict)) {
      out.verdict = r.verdict;
      snprintf(out.reason, sizeof out.reason, "%s", r.reason);
      free(out.report);
      out.report = r.report;
      r.report = NULL;
    }
    prog_check_result_free(&r);
  }
  return out;
}

void prog_check_result_free(ProgCheckResult *r) {
  if (!r) return;
  free(r->report);
  r->report = NULL;
  free(r->loops);
  r->loops = NULL;
  r->nloops = 0;
}

CheckVerdict prog_check_obligation(SmtCtx *s, const Obligation *o, char *why, size_t whylen) {
  SmtResult r = smt_refines(s, o->premises, o->cond, o->expected);
  CheckVerdict v = r.verdict == SMT_VALID ? CHECK_VALID : r.verdict == SMT_INVALID ? CHECK_INVALID
                   : r.verdict == SMT_UNKNOWN ? CHECK_UNKNOWN : CHECK_ERROR;
  if (why && whylen) snprintf(why, whylen, "%s", r.reason);
  smt_result_free(&r);
  return v;
}
