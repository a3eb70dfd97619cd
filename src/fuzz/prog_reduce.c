/* prog_reduce.c: delta debugging over programs for program findings (prog_oracle.h).
 *
 * The reduced program is kept as text. A candidate is made by parsing the current text, applying one
 * edit to the IR (numbered in a fixed walk of the program: drop a statement, replace a compound
 * statement by one of its bodies, replace a subexpression by one of its operands, by 0 or 1, or a
 * constant by a tenth of it), and printing the result; or, on the text, by dropping the function's
 * results (and its return), a parameter's declared range, or the parameter itself. An edit that
 * breaks the program (a use of a dropped definition) makes text that does not parse, and the oracle
 * turns it down like any candidate on which the finding does not reproduce. A candidate is kept only when its text is shorter, so the reduction ends. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/prog_oracle.h"
#include "ir/timer.h"
#include "text/prog_text.h"

typedef struct {
  Program *p;
  VsCtx *ctx;
  unsigned target; /* the edit to apply */
  unsigned count;  /* edits seen so far in the walk */
  bool applied;
} Edit;

/* ---- expression edits ---- */

/* The replacements of one subexpression: each operand of its dtype, 0, 1, a constant's tenth. */
static unsigned node_options(const Node *n) { return n->nargs + 3u; }

static Node *option_node(VsCtx *ctx, Node *n, unsigned k) {
  DType dt = (DType)n->dtype;
  if (k < n->nargs) return n->args[k]->dtype == dt ? n->args[k] : NULL;
  k -= n->nargs;
  if (k == 0) return n->op == OP_CONST ? NULL : vs_const(ctx, dt, 0);
  if (k == 1) return n->op == OP_CONST || dt_is_float(dt) ? NULL : vs_const_int(ctx, dt, dt == DT_BOOL ? 1 : 1);
  if (n->op != OP_CONST || !dt_is_int(dt)) return NULL;
  i128 v = vs_const_value(n);
  return v / 10 == v ? NULL : vs_const_int(ctx, dt, v / 10);
}

/* Rebuilds n with its subexpression number *idx (preorder) replaced by its option `opt`. */
static Node *rebuild(VsCtx *ctx, Node *n, unsigned *idx, unsigned opt, bool *hit) {
  if (*idx == 0) {
    *hit = true;
    (*idx)--;
    return option_node(ctx, n, opt);
  }
  (*idx)--;
  Node *args[8];
  bool changed = false;
  for (unsigned i = 0; i < n->nargs && i < 8; i++) {
    args[i] = n->args[i];
    if (*hit) continue;
    Node *a = rebuild(ctx, n->args[i], idx, opt, hit);
    if (*hit) {
      if (!a) return NULL;
      args[i] = a;
      changed = true;
    }
  }
  if (!changed) return n;
  return vs_make(ctx, (Op)n->op, (DType)n->dtype, args, n->nargs);
}

/* Counts the edits of one expression slot, applying the target one. */
static void edit_expr(Edit *e, Node **slot) {
  if (!slot || !*slot || e->applied) return;
  /* Positions are numbered in preorder, as rebuild() counts them; each has node_options choices. */
  Node *stack[512];
  size_t sp = 0, pos = 0;
  stack[sp++] = *slot;
  while (sp) {
    Node *n = stack[--sp];
    unsigned k = node_options(n);
    if (e->target >= e->count && e->target < e->count + k) {
      unsigned idx = (unsigned)pos;
      bool hit = false;
      Node *r = rebuild(e->ctx, *slot, &idx, e->target - e->count, &hit);
      e->applied = true;
      if (r && r != *slot) {
        *slot = r;
      } else { /* a no-op option: no candidate for this number */
        e->applied = false;
        e->count = e->target + 1;
      }
      return;
    }
    e->count += k;
    pos++;
    for (unsigned i = n->nargs; i-- > 0;)
      if (sp < 512) stack[sp++] = n->args[i];
  }
}

static void edit_val(Edit *e, Val *v) {
  /* A value with calls inside keeps its expressions: a cut could drop or repeat a call's hole. */
  Call *const *sub;
  if (val_sub(v, &sub)) return;
  if (v->e) edit_expr(e, &v->e);
  if (v->call)
    for (uint32_t i = 0; i < v->call->nargs; i++) edit_val(e, &v->call->args[i]);
}

/* ---- statement edits ---- */

static bool take(Edit *e) {
  if (e->applied) return false;
  if (e->count++ == e->target) {
    e->applied = true;
    return true;
  }
  return false;
}

/* Replaces b->s[i] by the statements of `with`. */
static void splice(Edit *e, Block *b, uint32_t i, Block with) {
  uint32_t n = b->n - 1 + with.n;
  Stmt **s = prog_alloc(e->p, (n ? n : 1) * sizeof *s);
  if (!s) return;
  if (i) memcpy(s, b->s, i * sizeof *s);
  if (with.n) memcpy(s + i, with.s, with.n * sizeof *s);
  if (b->n - i - 1) memcpy(s + i + with.n, b->s + i + 1, (b->n - i - 1) * sizeof *s);
  b->s = s;
  b->n = n;
}

static void edit_block(Edit *e, Block *b);

static void edit_stmt(Edit *e, Block *b, uint32_t i) {
  Stmt *s = b->s[i];
  if (take(e)) { /* drop it */
    Block none = {0};
    splice(e, b, i, none);
    return;
  }
  switch (s->kind) {
  case SK_IF:
    if (!s->u.ifs.nrets && take(e)) splice(e, b, i, s->u.ifs.then);
    if (!s->u.ifs.nrets && s->u.ifs.has_else && take(e)) splice(e, b, i, s->u.ifs.els);
    break;
  case SK_SPMD:
  case SK_SCOPE:
    if (take(e)) splice(e, b, i, s->u.scope.body);
    break;
  case SK_FOR: /* the loop variable goes undefined: only a body that does not read it survives */
    if (!s->u.loop.ncarry && take(e)) splice(e, b, i, s->u.loop.body);
    break;
  default: break;
  }
  if (e->applied) return;
  /* Its expressions. */
  switch (s->kind) {
  case SK_ASSIGN: edit_val(e, &s->u.assign.val); break;
  case SK_CALL:
    for (uint32_t k = 0; !s->u.call->nsub && k < s->u.call->nargs; k++) edit_val(e, &s->u.call->args[k]);
    break;
  case SK_FOR:
    edit_expr(e, &s->u.loop.start);
    edit_expr(e, &s->u.loop.stop);
    edit_expr(e, &s->u.loop.step);
    /* fall through */
  case SK_WHILE:
    for (uint32_t k = 0; k < s->u.loop.ncarry; k++) edit_val(e, &s->u.loop.inits[k]);
    if (s->kind == SK_WHILE) edit_expr(e, &s->u.loop.cond);
    edit_block(e, &s->u.loop.body);
    break;
  case SK_IF:
    edit_expr(e, &s->u.ifs.cond);
    edit_block(e, &s->u.ifs.then);
    edit_block(e, &s->u.ifs.els);
    break;
  case SK_SPMD:
    edit_expr(e, &s->u.scope.cores);
    /* fall through */
  case SK_SCOPE: edit_block(e, &s->u.scope.body); break;
  case SK_DOMAIN:
    for (uint32_t k = 0; k < s->u.scope.nslots; k++) edit_expr(e, &s->u.scope.sizes[k]);
    edit_block(e, &s->u.scope.body);
    break;
  case SK_PIN: edit_expr(e, &s->u.pin.index); break;
  case SK_YIELD:
  case SK_RETURN:
    for (uint32_t k = 0; k < s->u.vals.n; k++) edit_val(e, &s->u.vals.vals[k]);
    break;
  default: break;
  }
}

static void edit_block(Edit *e, Block *b) {
  for (uint32_t i = 0; i < b->n && !e->applied; i++) edit_stmt(e, b, i);
}

/* The candidate number j, or NULL when there is none (*end: j is past the last edit). */
static char *ir_candidate(ProgWorker *w, const char *cur, unsigned j, bool *end) {
  Program *p = NULL;
  VsDiag d;
  *end = true;
  if (!prog_parse(prog_worker_ctx(w), "<reduce>", cur, strlen(cur), &p, &d)) return NULL;
  Edit e = {.p = p, .ctx = prog_worker_ctx(w), .target = j};
  for (uint32_t f = 0; f < p->nfuncs && !e.applied; f++) edit_block(&e, &p->funcs[f]->body);
  char *out = NULL;
  if (e.applied) {
    *end = false;
    out = prog_print(p);
    /* The printer drops comments: keep the pass mode line. */
    if (out && prog_text_constant_only(cur, strlen(cur))) {
      size_t n = strlen(out), k = strlen(PROG_CONSTANT_ONLY_LINE);
      char *with = malloc(n + k + 2);
      if (with) {
        memcpy(with, PROG_CONSTANT_ONLY_LINE "\n", k + 1);
        memcpy(with + k + 1, out, n + 1);
      }
      free(out);
      out = with;
    }
  } else {
    *end = e.count <= j; /* fewer edits than j: the walk is over */
  }
  prog_free(p);
  return out;
}

/* The header edit number j: drop the j-th ` in [lo, hi]`. */
static char *range_candidate(const char *cur, unsigned j) {
  const char *body = strchr(cur, '{');
  const char *at = cur;
  for (unsigned k = 0;; k++) {
    at = strstr(at, " in [");
    if (!at || (body && at > body)) return NULL;
    if (k == j) break;
    at++;
  }
  const char *close = strchr(at, ']');
  if (!close) return NULL;
  size_t n = strlen(cur), cut = (size_t)(close + 1 - at);
  char *out = malloc(n - cut + 1);
  if (!out) return NULL;
  memcpy(out, cur, (size_t)(at - cur));
  memcpy(out + (at - cur), close + 1, n - (size_t)(close + 1 - cur) + 1);
  return out;
}

/* How many ` in [` the header has. */
static unsigned ranges_seen(const char *cur) {
  const char *body = strchr(cur, '{');
  unsigned n = 0;
  for (const char *at = strstr(cur, " in ["); at && (!body || at < body); at = strstr(at + 1, " in [")) n++;
  return n;
}

/* The header edit number j: drop the j-th parameter of the first function (its uses then fail to
 * parse, so only unused parameters go). */
static char *param_candidate(const char *cur, unsigned j) {
  const char *open = strstr(cur, "func ");
  open = open ? strchr(open, '(') : NULL;
  if (!open) return NULL;
  /* Top-level commas split the parameters; tensor shapes nest brackets. */
  const char *start = open + 1, *p = start;
  int depth = 0;
  unsigned k = 0;
  for (; *p; p++) {
    if (*p == '(' || *p == '[') depth++;
    else if ((*p == ')' || *p == ']') && depth) depth--;
    else if ((*p == ',' && !depth) || *p == ')') {
      if (k == j) break;
      if (*p == ')') return NULL;
      k++;
      start = p + 1;
    }
  }
  if (!*p) return NULL;
  /* Remove [start, p) with one separator: the comma after it, or (last parameter) the one before. */
  const char *from = start, *to = p;
  if (*p == ',') to = p + 1;
  else if (start > open + 1) from = start - 1;
  while (*to == ' ' && from == start) to++;
  size_t n = strlen(cur);
  char *out = malloc(n + 1);
  if (!out) return NULL;
  memcpy(out, cur, (size_t)(from - cur));
  memcpy(out + (from - cur), to, n - (size_t)(to - cur) + 1);
  return out;
}

/* Drops the first function's results: its ` -> (...)` and its `return` line. */
static char *results_candidate(const char *cur) {
  const char *body = strchr(cur, '{'), *arrow = strstr(cur, " -> ");
  if (!body || !arrow || arrow > body) return NULL;
  const char *ret = NULL;
  for (const char *at = strstr(body, "return"); at; at = strstr(at + 1, "return"))
    if (at[-1] == ' ' || at[-1] == '\n') ret = at;
  if (!ret) return NULL;
  const char *ret_end = strchr(ret, '\n');
  ret_end = ret_end ? ret_end + 1 : ret + strlen(ret);
  size_t n = strlen(cur);
  char *out = malloc(n + 1);
  if (!out) return NULL;
  size_t k = 0;
  memcpy(out, cur, (size_t)(arrow - cur));
  k = (size_t)(arrow - cur);
  memcpy(out + k, body - 1, (size_t)(ret - (body - 1)));
  k += (size_t)(ret - (body - 1));
  memcpy(out + k, ret_end, n - (size_t)(ret_end - cur) + 1);
  return out;
}

/* Header edit j: the results, then each declared range, then each parameter. *end when j is past the
 * last one. */
static char *header_candidate(const char *cur, unsigned j, bool *end) {
  *end = false;
  if (j == 0) return results_candidate(cur);
  unsigned r = ranges_seen(cur);
  if (j - 1 < r) return range_candidate(cur, j - 1);
  char *c = param_candidate(cur, j - 1 - r);
  *end = c == NULL;
  return c;
}

/* The message of a parse finding's detail, past its position: candidates must fail to parse the same
 * way (any broken candidate fails to parse somehow). */
static const char *parse_message(const char *detail) {
  const char *m = strstr(detail, "parse: ");
  if (!m) return detail;
  m += 7;
  while ((*m >= '0' && *m <= '9') || *m == ':') m++;
  return *m == ' ' ? m + 1 : m;
}

static bool same_finding(const FuzzFinding *f, FindKind k, const FuzzFinding *g) {
  if (k != f->kind) return false;
  return k != FIND_PARSE || !strcmp(parse_message(f->detail), parse_message(g->detail));
}

bool prog_reduce(ProgWorker *w, FuzzFinding *f, const ReduceOptions *opts) {
  if (!f->case_text) return false;
  unsigned max_checks = opts && opts->max_checks ? opts->max_checks : 3000;
  double max_seconds = opts && opts->max_seconds > 0 ? opts->max_seconds : 60;
  bool smt = !strcmp(f->oracle, "smt") || !strcmp(f->oracle, "obligation");
  unsigned flags = FUZZ_NO_STATS | FUZZ_NO_TEXT | (smt ? FUZZ_SMT_ALWAYS : FUZZ_SMT_NEVER);
  char *cur = strdup(f->case_text);
  if (!cur) return false;
  size_t before = prog_text_statements(w, cur);
  unsigned checks = 0;
  double t0 = vs_seconds();
  bool progress = true, shrank = false;
  while (progress && checks < max_checks && vs_seconds() - t0 < max_seconds) {
    progress = false;
    for (unsigned j = 0; checks < max_checks && vs_seconds() - t0 < max_seconds;) {
      bool end;
      char *cand = header_candidate(cur, j, &end);
      if (end) break;
      if (!cand) {
        j++;
        continue;
      }
      FuzzFinding g;
      checks++;
      FindKind k = prog_fuzz_check(w, cand, strlen(cand), flags, &g);
      bool same = same_finding(f, k, &g);
      if (k != FIND_NONE) fuzz_finding_free(&g);
      if (same) {
        free(cur);
        cur = cand;
        progress = shrank = true;
        continue;
      }
      free(cand);
      j++;
    }
    for (unsigned j = 0; checks < max_checks && vs_seconds() - t0 < max_seconds;) {
      bool end;
      char *cand = ir_candidate(w, cur, j, &end);
      if (end) break;
      if (!cand || strlen(cand) >= strlen(cur)) {
        free(cand);
        j++;
        continue;
      }
      FuzzFinding g;
      checks++;
      FindKind k = prog_fuzz_check(w, cand, strlen(cand), flags, &g);
      bool same = same_finding(f, k, &g);
      if (k != FIND_NONE) fuzz_finding_free(&g);
      if (same) {
        free(cur);
        cur = cand;
        progress = shrank = true;
        continue; /* the same number is now the next edit */
      }
      free(cand);
      j++;
    }
  }
  if (shrank) {
    /* Refill the finding from the reduced program (texts, counterexample, folds, signature). */
    FuzzFinding g;
    FindKind k = prog_fuzz_check(w, cur, strlen(cur), FUZZ_NO_STATS | (smt ? FUZZ_SMT_ALWAYS : FUZZ_SMT_NEVER), &g);
    if (same_finding(f, k, &g)) {
      g.input = f->input;
      g.input_size = f->input_size;
      f->input = NULL;
      fuzz_finding_free(f);
      *f = g;
      f->reduced = true;
      f->nodes_before = before;
      f->nodes_after = prog_text_statements(w, cur);
    } else if (k != FIND_NONE) {
      fuzz_finding_free(&g);
      shrank = false;
    } else {
      shrank = false;
    }
  }
  free(cur);
  return shrank;
}
