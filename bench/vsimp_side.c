/* vsimp_side.c: builds the neutral expressions as vsimp nodes, simplifies them, and checks outputs
 * with vsimp's refinement checker. */
#include "vsimp_side.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "verify/refine_check.h"
#include "ir/timer.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "smt/smt.h"
#include "text/text.h"

struct VbSide {
  DType dt;
  Catalog *cat;
  bool simple;
  size_t batch; /* expressions per context (0: one context for all) */
  /* the last run (VB_FRESH_MEMO, VB_BATCH_MEMO) */
  VsCtx **ctxs; /* one per batch: expression i lives in ctxs[i / batch] */
  Node **vars;  /* bench_nvars per context */
  size_t nctx;
  Node **in, **out; /* per expression; NULL where building failed */
  uint64_t *apps;    /* per expression: rule applications (VB_FRESH_MEMO) */
  size_t nexpr;
};

/* CPU time of the calling thread: what the measured code itself used, so that other load on a shared
 * machine (waiting for a core) does not count. On a quiet machine it equals the wall-clock time. */
double vb_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

size_t vb_heap_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
#else
  return 0;
#endif
}

static bool read_file(const char *path, char **buf, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t cap = 1 << 16;
  *buf = malloc(cap);
  *len = 0;
  while (*buf) {
    size_t got = fread(*buf + *len, 1, cap - *len, f);
    *len += got;
    if (*len < cap) break;
    char *nb = realloc(*buf, cap * 2);
    if (!nb) {
      free(*buf);
      *buf = NULL;
      break;
    }
    *buf = nb;
    cap *= 2;
  }
  fclose(f);
  return *buf != NULL;
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Loads the .rules files of dir in name order, then dir/ledger.txt. */
static bool load_dir(Catalog *cat, const char *dir, char *err, size_t errsize) {
  DIR *d = opendir(dir);
  if (!d) {
    snprintf(err, errsize, "cannot open rules directory '%s'", dir);
    return false;
  }
  char *names[256];
  size_t n = 0;
  struct dirent *de;
  while ((de = readdir(d)) && n < 256) {
    size_t len = strlen(de->d_name);
    if (len > 6 && !strcmp(de->d_name + len - 6, ".rules")) names[n++] = strdup(de->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, name_cmp);
  bool ok = true;
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    VsDiag diag;
    snprintf(path, sizeof path, "%s/%s", dir, names[i] ? names[i] : "");
    if (ok && (!names[i] || !catalog_load_file(cat, path, &diag))) {
      snprintf(err, errsize, "%s:%d: %s", names[i] ? diag.file : path, names[i] ? diag.line : 0,
               names[i] ? diag.msg : "out of memory");
      ok = false;
    }
    free(names[i]);
  }
  char path[4096], *buf;
  size_t len;
  snprintf(path, sizeof path, "%s/ledger.txt", dir);
  if (ok && read_file(path, &buf, &len)) {
    catalog_apply_ledger(cat, buf, len);
    free(buf);
  }
  return ok;
}

VbSide *vb_new(bool index_dtype, const char *rules_dir, const char *extra_ledger, bool simple, size_t batch,
               char *err, size_t errsize) {
  VbSide *vb = calloc(1, sizeof *vb);
  if (!vb) {
    snprintf(err, errsize, "out of memory");
    return NULL;
  }
  vb->dt = index_dtype ? DT_INDEX : DT_I32;
  vb->simple = simple;
  vb->batch = batch;
  vb->cat = catalog_new();
  VsDiag d;
  if (!vb->cat) {
    snprintf(err, errsize, "out of memory");
    vb_free(vb);
    return NULL;
  }
  if (rules_dir) {
    if (!load_dir(vb->cat, rules_dir, err, errsize)) {
      vb_free(vb);
      return NULL;
    }
  } else if (!catalog_load_builtin(vb->cat, &d)) {
    snprintf(err, errsize, "cannot load the built-in rules: %s:%d: %s", d.file, d.line, d.msg);
    vb_free(vb);
    return NULL;
  } else {
    catalog_apply_builtin_ledger(vb->cat);
  }
  if (extra_ledger) {
    char *buf;
    size_t len;
    if (!read_file(extra_ledger, &buf, &len)) {
      snprintf(err, errsize, "cannot read ledger '%s'", extra_ledger);
      vb_free(vb);
      return NULL;
    }
    catalog_apply_ledger(vb->cat, buf, len);
    free(buf);
  }
  return vb;
}

static void drop_run(VbSide *vb) {
  for (size_t c = 0; c < vb->nctx; c++) vs_ctx_free(vb->ctxs[c]);
  free(vb->ctxs);
  vb->ctxs = NULL;
  vb->nctx = 0;
  free(vb->vars);
  free(vb->in);
  free(vb->out);
  free(vb->apps);
  vb->vars = NULL;
  vb->in = vb->out = NULL;
  vb->apps = NULL;
  vb->nexpr = 0;
}

void vb_free(VbSide *vb) {
  if (!vb) return;
  drop_run(vb);
  catalog_free(vb->cat);
  free(vb);
}

void vb_set_batch(VbSide *vb, size_t batch) { vb->batch = batch; }

size_t vb_rules_total(const VbSide *vb) { return catalog_rule_count(vb->cat); }

size_t vb_rules_proved(const VbSide *vb) {
  size_t n = 0;
  for (size_t i = 0; i < catalog_rule_count(vb->cat); i++) n += catalog_rule(vb->cat, i)->proved != NULL;
  return n;
}

/* ---- building ---- */

static bool make_vars(VsCtx *ctx, DType dt, Node **vars) {
  for (size_t i = 0; i < bench_nvars; i++) {
    const BVar *v = &bench_vars[i];
    vars[i] = vs_var(ctx, v->name, dt, v->lo_inf ? im_min(dt) : v->lo, v->hi_inf ? im_max(dt) : v->hi);
    if (!vars[i]) return false;
  }
  return true;
}

/* Halide's Euclidean x / y and x % y (y == 0 gives 0) in vsimp's floor division: the floor remainder
 * has y's sign, and is negative exactly when the Euclidean quotient is one more. */
static Node *euclid(VsCtx *ctx, DType dt, bool mod, Node *x, Node *y) {
  Node *zero = vs_const_int(ctx, dt, 0);
  if (!zero) return NULL;
  if (y->op == OP_CONST && vs_const_value(y) > 0) return vs_bin(ctx, mod ? OP_MOD : OP_IDIV, x, y);
  Node *r = vs_bin(ctx, OP_MOD, x, y);
  Node *neg = r ? vs_bin(ctx, OP_LT, r, zero) : NULL;
  Node *res;
  if (mod) {
    Node *fix = r ? vs_bin(ctx, OP_SUB, r, y) : NULL;
    res = fix && neg ? vs_tern(ctx, OP_SELECT, neg, fix, r) : NULL;
  } else {
    Node *q = vs_bin(ctx, OP_IDIV, x, y);
    Node *q1 = q ? vs_bin(ctx, OP_ADD, q, vs_const_int(ctx, dt, 1)) : NULL;
    res = q1 && neg ? vs_tern(ctx, OP_SELECT, neg, q1, q) : NULL;
  }
  if (!res || y->op == OP_CONST) return res;
  Node *isz = vs_bin(ctx, OP_EQ, y, zero);
  return isz ? vs_tern(ctx, OP_SELECT, isz, zero, res) : NULL;
}

static const Op op_of[B_OP_COUNT] = {
  [B_ADD] = OP_ADD, [B_SUB] = OP_SUB, [B_MUL] = OP_MUL, [B_DIV] = OP_IDIV, [B_MOD] = OP_MOD,
  [B_MIN] = OP_MIN, [B_MAX] = OP_MAX, [B_LT] = OP_LT,   [B_LE] = OP_LE,    [B_EQ] = OP_EQ,
  [B_NE] = OP_NE,   [B_AND] = OP_AND, [B_OR] = OP_OR,   [B_NOT] = OP_NOT,  [B_SELECT] = OP_SELECT,
};

/* Builds one neutral expression (tmp: room for n nodes). NULL if a node cannot be built. */
static Node *build(VsCtx *ctx, DType dt, Node *const *vars, const BNode *e, size_t n, Node **tmp) {
  for (size_t j = 0; j < n; j++) {
    const BNode *b = &e[j];
    Node *args[3];
    int na = 0;
    if (b->a >= 0) args[na++] = tmp[b->a];
    if (b->b >= 0) args[na++] = tmp[b->b];
    if (b->c >= 0) args[na++] = tmp[b->c];
    Node *r;
    switch ((BOp)b->op) {
    case B_CONST: r = b->is_bool ? vs_bool(ctx, b->v != 0) : vs_const_int(ctx, dt, b->v); break;
    case B_VAR: r = b->v >= 0 && (size_t)b->v < bench_nvars ? vars[b->v] : NULL; break;
    case B_EDIV:
    case B_EMOD: r = na == 2 ? euclid(ctx, dt, b->op == B_EMOD, args[0], args[1]) : NULL; break;
    case B_CAST: r = na == 1 ? vs_cast(ctx, b->is_bool ? DT_BOOL : dt, args[0]) : NULL; break;
    default: r = b->op < B_OP_COUNT ? vs_make(ctx, op_of[b->op], DT_BOOL, args, na) : NULL; break;
    }
    if (!r) return NULL;
    tmp[j] = r;
  }
  return n ? tmp[n - 1] : NULL;
}

static size_t max_expr_len(const BSet *s) {
  size_t m = 1;
  for (size_t i = 0; i < s->nexpr; i++)
    if (s->start[i + 1] - s->start[i] > m) m = s->start[i + 1] - s->start[i];
  return m;
}

/* ---- running ---- */

typedef struct {
  double build_s, simplify_s;
  size_t failed, exhausted, changed;
  uint64_t applications;
} RunTimes;

static void account(Rewriter *rw, Node *in, Node *out, RunTimes *t) {
  const RewriteStats *st = rewriter_stats(rw);
  t->applications += st->applications;
  if (st->budget_exhausted) t->exhausted++;
  if (!out) t->failed++;
  else if (out != in) t->changed++;
}

static size_t ctx_of(const VbSide *vb, size_t i) { return vb->batch ? i / vb->batch : 0; }

/* One repetition of a shared-context mode: for each batch, a context; builds the batch's expressions,
 * then simplifies each (a fresh Rewriter each, or one for the batch). */
static bool run_shared(VbSide *vb, const BSet *in, VbMode mode, Node **tmp, RunTimes *t) {
  RewriteOptions ro = {.simple = vb->simple};
  size_t per = vb->batch ? vb->batch : in->nexpr;
  for (size_t first = 0; first < in->nexpr; first += per) {
    size_t last = first + per < in->nexpr ? first + per : in->nexpr, c = ctx_of(vb, first);
    double t0 = vb_now();
    if (!(vb->ctxs[c] = vs_ctx_new())) return false;
    vb->nctx = c + 1;
    /* As a caller that knows its input's size does: the table sized up front. A batch's context ends
     * with about two thirds as many nodes as its input has as trees (14,000 of 21,000 at the default
     * --batch: hash-consing shares leaves, strides and sums more than the rewriter adds); half the
     * tree nodes, which the table rounds up to a power of two twice as large, holds them. */
    size_t batch_nodes = 0;
    for (size_t i = first; i < last; i++) {
      size_t n;
      bset_expr(in, i, &n);
      batch_nodes += n;
    }
    batch_nodes /= 2;
    if (!vs_ctx_reserve(vb->ctxs[c], batch_nodes)) return false;
    Node **vars = vb->vars + c * bench_nvars;
    if (!make_vars(vb->ctxs[c], vb->dt, vars)) return false;
    for (size_t i = first; i < last; i++) {
      size_t n;
      const BNode *e = bset_expr(in, i, &n);
      vb->in[i] = build(vb->ctxs[c], vb->dt, vars, e, n, tmp);
    }
    double t1 = vb_now();
    Rewriter *batch = mode == VB_BATCH_MEMO ? rewriter_new(vb->ctxs[c], vb->cat, &ro) : NULL;
    if (mode == VB_BATCH_MEMO && !batch) return false;
    for (size_t i = first; i < last; i++) {
      if (!vb->in[i]) {
        vb->out[i] = NULL;
        t->failed++;
        continue;
      }
      Rewriter *rw = batch ? batch : rewriter_new(vb->ctxs[c], vb->cat, &ro);
      if (!rw) return false;
      uint64_t before = rewriter_stats(rw)->applications;
      vb->out[i] = rewriter_simplify(rw, vb->in[i]);
      vb->apps[i] = rewriter_stats(rw)->applications - before;
      if (batch) {
        t->applications += vb->apps[i];
        if (!vb->out[i]) t->failed++;
        else if (vb->out[i] != vb->in[i]) t->changed++;
      } else {
        account(rw, vb->in[i], vb->out[i], t);
        rewriter_free(rw);
      }
    }
    if (batch) {
      if (rewriter_stats(batch)->budget_exhausted) t->exhausted++;
      rewriter_free(batch);
    }
    double t2 = vb_now();
    t->build_s += t1 - t0;
    t->simplify_s += t2 - t1;
  }
  return true;
}

bool vb_run(VbSide *vb, const BSet *in, VbMode mode, int reps, VbStats *st) {
  memset(st, 0, sizeof *st);
  st->exprs = in->nexpr;
  for (size_t i = 0; i < in->nexpr; i++) st->nodes_in += bset_tree_size(in, i);
  Node **tmp = malloc(max_expr_len(in) * sizeof *tmp);
  Node **vars = malloc(bench_nvars * sizeof *vars);
  if (!tmp || !vars) {
    free(tmp);
    free(vars);
    return false;
  }
  double best = -1;
  bool ok = true;
  if (reps < 1) reps = 1;
  for (int rep = 0; rep < reps && ok; rep++) {
    RunTimes t = {0};
    drop_run(vb);
    size_t heap0 = vb_heap_bytes();
    if (mode == VB_COLD) {
      size_t nodes = 0, bytes = 0;
      uint64_t out_size = 0;
      RewriteOptions ro = {.simple = vb->simple};
      for (size_t i = 0; i < in->nexpr && ok; i++) {
        double t0 = vb_now();
        VsCtx *ctx = vs_ctx_new();
        ok = ctx && make_vars(ctx, vb->dt, vars);
        size_t n;
        const BNode *e = bset_expr(in, i, &n);
        Node *root = ok ? build(ctx, vb->dt, vars, e, n, tmp) : NULL;
        double t1 = vb_now();
        Rewriter *rw = root ? rewriter_new(ctx, vb->cat, &ro) : NULL;
        Node *out = rw ? rewriter_simplify(rw, root) : NULL;
        double t2 = vb_now();
        if (rw) account(rw, root, out, &t);
        else t.failed++;
        rewriter_free(rw);
        t.build_s += t1 - t0;
        t.simplify_s += t2 - t1;
        if (ctx) {
          nodes += vs_ctx_node_count(ctx);
          bytes += vs_ctx_arena_bytes(ctx);
        }
        if (out || root) out_size += vs_tree_size(out ? out : root);
        vs_ctx_free(ctx);
      }
      st->ctx_nodes = nodes;
      st->ctx_bytes = bytes;
      st->nodes_out = out_size;
    } else {
      size_t nctx = vb->batch && in->nexpr ? (in->nexpr + vb->batch - 1) / vb->batch : 1;
      vb->ctxs = calloc(nctx, sizeof *vb->ctxs);
      vb->vars = malloc(nctx * bench_nvars * sizeof *vb->vars);
      vb->in = calloc(in->nexpr ? in->nexpr : 1, sizeof *vb->in);
      vb->out = calloc(in->nexpr ? in->nexpr : 1, sizeof *vb->out);
      vb->apps = calloc(in->nexpr ? in->nexpr : 1, sizeof *vb->apps);
      vb->nexpr = in->nexpr;
      ok = vb->ctxs && vb->vars && vb->in && vb->out && vb->apps && run_shared(vb, in, mode, tmp, &t);
      if (ok) {
        st->heap_bytes = vb_heap_bytes() - heap0;
        for (size_t c = 0; c < vb->nctx; c++) {
          st->ctx_nodes += vs_ctx_node_count(vb->ctxs[c]);
          st->ctx_bytes += vs_ctx_arena_bytes(vb->ctxs[c]);
        }
        st->nodes_out = 0;
        for (size_t i = 0; i < in->nexpr; i++) {
          Node *o = vb->out[i] ? vb->out[i] : vb->in[i];
          if (o) st->nodes_out += vs_tree_size(o);
        }
      }
    }
    double total = t.build_s + t.simplify_s;
    if (ok && (best < 0 || total < best)) {
      best = total;
      st->build_s = t.build_s;
      st->simplify_s = t.simplify_s;
    }
    st->applications = t.applications;
    st->failed = t.failed;
    st->exhausted = t.exhausted;
    st->changed = t.changed;
  }
  free(tmp);
  free(vars);
  return ok;
}

/* ---- checking ---- */

static void print_value(FILE *f, DType dt, uint64_t bits) {
  char buf[80];
  fputs(vs_format_literal(dt, bits, false, buf, sizeof buf), f);
}

static void print_example(Node *src, Node *tgt, const CheckResult *r, FILE *f) {
  Node *roots[2] = {src, tgt}, **order = NULL, *vars[64];
  size_t n = vs_postorder_many(roots, 2, &order), nv = 0;
  for (size_t j = 0; j < n; j++)
    if (order[j]->op == OP_VAR && nv < 64) vars[nv++] = order[j];
  free(order);
  char *text = vs_print_case(vars, nv, src, tgt);
  fprintf(f, "%s\n# refuted at", text ? text : "<too large>");
  free(text);
  for (size_t k = 0; k < r->cex.nvars; k++) {
    fprintf(f, " %s=", r->cex.vars[k].var->aux.name);
    print_value(f, (DType)r->cex.vars[k].var->dtype, r->cex.vars[k].lane[0]);
  }
  fprintf(f, ": source ");
  print_value(f, (DType)src->dtype, r->src.value.lane[0]);
  fprintf(f, ", target ");
  if (r->tgt.value.ub) fprintf(f, "UB");
  else print_value(f, (DType)tgt->dtype, r->tgt.value.lane[0]);
  fprintf(f, "\n\n");
}

bool vb_check(VbSide *vb, const BSet *alt, size_t sample, unsigned timeout_ms, VbCheck *out, FILE *examples,
              int max_examples) {
  memset(out, 0, sizeof *out);
  if (!vb->nctx || !vb->nexpr) return false;
  if (alt && alt->nexpr != vb->nexpr) return false;
  SmtOptions so = {.timeout_ms = timeout_ms};
  SmtCtx *smt = smt_new(&so);
  Node **tmp = alt ? malloc(max_expr_len(alt) * sizeof *tmp) : NULL;
  if (!smt || (alt && !tmp)) {
    smt_free(smt);
    free(tmp);
    return false;
  }
  CheckOptions co = {.exhaustive_limit = 65536};
  double t0 = vs_seconds();
  if (sample > vb->nexpr) sample = vb->nexpr;
  int shown = 0;
  for (size_t k = 0; k < sample; k++) {
    size_t i = (size_t)((double)k * (double)vb->nexpr / (double)sample);
    Node *src = vb->in[i], *tgt = vb->out[i];
    if (alt) {
      size_t n;
      const BNode *e = bset_expr(alt, i, &n);
      size_t c = ctx_of(vb, i);
      tgt = n ? build(vb->ctxs[c], vb->dt, vb->vars + c * bench_nvars, e, n, tmp) : NULL;
    }
    if (!src || !tgt || tgt->dtype != src->dtype) {
      out->skipped++;
      continue;
    }
    CheckResult r = check_refinement(smt, &co, NULL, src, tgt);
    out->checked++;
    switch (r.verdict) {
    case CHECK_VALID: out->valid++; break;
    case CHECK_INVALID:
      out->invalid++;
      if (examples && shown < max_examples) {
        print_example(src, tgt, &r, examples);
        shown++;
      }
      break;
    case CHECK_UNKNOWN: out->unknown++; break;
    default: out->error++; break;
    }
    check_result_free(&r);
  }
  out->seconds = vs_seconds() - t0;
  smt_free(smt);
  free(tmp);
  return true;
}

bool vb_dump(VbSide *vb, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return false;
  for (size_t i = 0; i < vb->nexpr; i++) {
    char *text = vb->out[i] ? vs_print(vb->out[i]) : NULL;
    fprintf(f, "%s\t%llu\n", text ? text : "<none>", (unsigned long long)vb->apps[i]);
    free(text);
  }
  return fclose(f) == 0;
}

size_t vb_expr_size(VbSide *vb, size_t i, bool out) {
  Node *n = i < vb->nexpr ? (out ? vb->out[i] : vb->in[i]) : NULL;
  return n ? vs_tree_size(n) : 0;
}

void vb_print_expr(VbSide *vb, const BSet *s, size_t i, bool out, FILE *f) {
  Node *n = NULL;
  if (i < vb->nexpr) n = out ? vb->out[i] : vb->in[i];
  if (s && !out && i < s->nexpr && !n) {
    fprintf(f, "<not built>\n");
    return;
  }
  char *text = n ? vs_print(n) : NULL;
  fprintf(f, "%s\n", text ? text : "<none>");
  free(text);
}
