/* peers.c: vsimp against its peers' own expectations (bench/README.md, "Peer corpus"). Not a test: it
 * prints figures. corpus/peers/PEER/ holds cases from the public test suites of TVM, Halide and tinygrad,
 * one `.vs` file per case, `SRC --> TGT` where TGT is the output the peer's test expects
 * (corpus/peers/README.md). For every case:
 *
 *   1. the peer's expectation is checked with vsimp's refinement check (`vsimp check`: Z3, or exhaustive
 *      evaluation on small domains): valid (it refines the source in exact wraparound semantics at the
 *      stated ranges), invalid (a counterexample exists: that rewrite of the peer is wrong at that width)
 *      or unknown (the solver's resource limit or time limit);
 *   2. the source is simplified with the built-in catalog and its proof ledger (as `vsimp simplify`
 *      does), and vsimp's output is checked against the source the same way (it must never be invalid);
 *   3. sizes (nodes of the expression as a tree) are compared: where the peer's expectation is valid,
 *      vsimp's output is no larger, smaller or larger than it; where it is invalid, vsimp must not
 *      reach it (that counts as correct).
 *
 * Per peer (and over all peers) it prints the counts, then every case where vsimp's output is larger
 * than a valid peer expectation (the work queue for the simplifier's power), every case where it is
 * larger than its own input, and (with --findings) every invalid peer expectation with its
 * counterexample. Deterministic: files in name order, Z3 under a resource limit
 * (--rlimit) with a wall-clock limit as a backstop (--timeout; a query it stops is unknown).
 *
 *   build: cmake --build BUILD --target peers      run: BUILD/peers [--quick] [--findings] [--peer NAME]
 * Exit status: 0, or 1 when some vsimp output is invalid, reaches an invalid expectation, or a case file
 * does not parse. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "smt/smt.h"
#include "text/text.h"
#include "verify/refine_check.h"

#ifndef VSIMP_SOURCE_DIR
#define VSIMP_SOURCE_DIR "."
#endif

static const char *usage =
  "usage: peers [--quick] [--findings] [--all] [--peer NAME] [--dir DIR] [--rlimit N] [--timeout MS]\n"
  "  --quick       the first 3 cases of each peer (the smoke test)\n"
  "  --findings    also print every invalid peer expectation with its counterexample\n"
  "  --all         print one line per case\n"
  "  --peer NAME   only corpus/peers/NAME\n"
  "  --dir DIR     the corpus (default: the source tree's corpus/peers)\n"
  "  --rlimit N    Z3 resource limit per query (default 2000000, about 2 s; deterministic)\n"
  "  --timeout MS  Z3 wall-clock limit per query, a backstop (default 20000)\n";

typedef struct {
  bool quick, findings, all;
  const char *only, *dir;
  unsigned rlimit, timeout_ms;
} Opts;

typedef struct {
  size_t cases, skipped, parse_errors;
  size_t exp_valid, exp_invalid, exp_unknown;
  size_t no_larger, smaller, larger, equal_node; /* over valid expectations */
  size_t avoided, reached;                       /* over invalid expectations */
  size_t out_unchanged, out_valid, out_invalid, out_unknown;
  size_t grew; /* vsimp's output larger than its own input */
  size_t budget_exhausted;
  double seconds;
} Tally;

static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* a/b into buf; false when it does not fit. */
static bool join_path(char *buf, size_t size, const char *a, const char *b) {
  int n = snprintf(buf, size, "%s/%s", a, b);
  return n >= 0 && (size_t)n < size;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The .vs files of dir, sorted by name (malloc'd array of malloc'd names). */
static char **list_cases(const char *dir, size_t *n) {
  *n = 0;
  DIR *d = opendir(dir);
  if (!d) return NULL;
  size_t cap = 64;
  char **names = malloc(cap * sizeof *names);
  struct dirent *e;
  while (names && (e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 4 || strcmp(e->d_name + len - 3, ".vs")) continue;
    if (*n == cap) {
      char **g = realloc(names, (cap *= 2) * sizeof *names);
      if (!g) break;
      names = g;
    }
    names[(*n)++] = strdup(e->d_name);
  }
  closedir(d);
  if (names) qsort(names, *n, sizeof *names, cmp_str);
  return names;
}

static void free_names(char **names, size_t n) {
  for (size_t i = 0; i < n; i++) free(names[i]);
  free(names);
}

/* Lines of DIR/skipped.txt that are not comments. */
static size_t count_skipped(const char *dir) {
  char path[4096];
  FILE *f = join_path(path, sizeof path, dir, "skipped.txt") ? fopen(path, "r") : NULL;
  if (!f) return 0;
  size_t n = 0;
  char line[4096];
  bool at_start = true;
  while (fgets(line, sizeof line, f)) {
    if (at_start && line[0] != '#' && line[0] != '\n') n++;
    at_start = strchr(line, '\n') != NULL;
  }
  fclose(f);
  return n;
}

static void print_expr(FILE *out, const Node *n) {
  char *s = vs_print(n);
  fputs(s ? s : "<too large to print>", out);
  free(s);
}

static void print_value(FILE *out, DType dt, Value v) {
  char buf[96];
  if (v.ub) fputs("UB", out);
  else if (v.inv) fputs("invalid", out);
  else fputs(vs_format_literal(dt, v.bits, true, buf, sizeof buf), out);
}

/* A counterexample on one line: the variables (and free ranges), then source and target values. */
static void print_cex(FILE *out, const CheckResult *r, const Node *src, const Node *tgt) {
  char buf[96];
  for (size_t k = 0; k < r->ncex; k++)
    fprintf(out, "%s%s = %s", k ? ", " : "", r->cex[k].var->aux.name,
            vs_format_literal((DType)r->cex[k].var->dtype, r->cex[k].bits, true, buf, sizeof buf));
  for (size_t k = 0; k < r->nrcex; k++)
    fprintf(out, "%s%s = %s", (k || r->ncex) ? ", " : "", r->rcex[k].var->aux.name,
            vs_format_literal(DT_INDEX, r->rcex[k].bits, true, buf, sizeof buf));
  Value sv = r->graph ? r->gsrc.value : r->src_value, tv = r->graph ? r->gtgt.value : r->tgt_value;
  fputs(r->ncex || r->nrcex ? ": source = " : "source = ", out);
  print_value(out, (DType)src->dtype, sv);
  fputs(", expected = ", out);
  print_value(out, (DType)tgt->dtype, tv);
}

typedef struct {
  char *text; /* one entry of a listing, malloc'd */
} Item;

typedef struct {
  Item *v;
  size_t n, cap;
} List;

static void list_add(List *l, char *text) {
  if (!text) return;
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    Item *g = realloc(l->v, cap * sizeof *g);
    if (!g) {
      free(text);
      return;
    }
    l->v = g;
    l->cap = cap;
  }
  l->v[l->n++].text = text;
}

static void list_print_free(List *l) {
  for (size_t i = 0; i < l->n; i++) {
    fputs(l->v[i].text, stdout);
    free(l->v[i].text);
  }
  free(l->v);
  l->v = NULL;
  l->n = l->cap = 0;
}

/* The text a FILE stream writes into a malloc'd string (open_memstream). */
typedef struct {
  char *buf;
  size_t len;
  FILE *f;
} Mem;

static bool mem_open(Mem *m) {
  m->buf = NULL;
  m->len = 0;
  m->f = open_memstream(&m->buf, &m->len);
  return m->f != NULL;
}

static char *mem_close(Mem *m) {
  fclose(m->f);
  return m->buf;
}

static CheckVerdict check(SmtCtx *smt, Node *src, Node *tgt, CheckResult *out) {
  CheckOptions co = {.exhaustive_limit = 65536};
  *out = check_refinement(smt, &co, NULL, src, tgt);
  return out->verdict;
}

/* One case file: its verdicts and sizes into t; entries of the listings. Returns false on a parse error. */
static bool run_case(const Opts *o, const char *dir, const char *name, Catalog *cat, SmtCtx *smt, Tally *t,
                     List *larger, List *grew, List *findings, List *bad_outputs) {
  char path[4096];
  if (!join_path(path, sizeof path, dir, name)) {
    fprintf(stderr, "peers: path too long: %s/%s\n", dir, name);
    t->parse_errors++;
    return false;
  }
  VsCtx *ctx = vs_ctx_new();
  VsFile f = {0};
  VsDiag d;
  bool ok = true;
  if (!vs_parse_file(ctx, path, &f, &d) || !f.tgt) {
    if (f.src && !f.tgt) snprintf(d.msg, sizeof d.msg, "not a case SRC --> TGT");
    fprintf(stderr, "peers: %s:%d:%d: %s\n", path, d.line, d.col, d.msg);
    t->parse_errors++;
    ok = false;
    goto done;
  }
  t->cases++;
  Node *src = f.src, *tgt = f.tgt;

  CheckResult pr;
  CheckVerdict pv = check(smt, src, tgt, &pr);

  RewriteOptions ro = {.simple = false};
  Rewriter *rw = rewriter_new(ctx, cat, &ro);
  Node *out = rw ? rewriter_simplify(rw, src) : NULL;
  if (!out) out = src; /* an internal failure keeps the source (counted as unchanged) */
  if (rw && rewriter_stats(rw)->budget_exhausted) t->budget_exhausted++;

  CheckResult vr = {0};
  CheckVerdict vv = CHECK_VALID;
  if (out == src) t->out_unchanged++;
  else vv = check(smt, src, out, &vr);
  if (vv == CHECK_VALID) t->out_valid++;
  else if (vv == CHECK_INVALID) t->out_invalid++;
  else t->out_unknown++;

  size_t so = vs_tree_size(out), st = vs_tree_size(tgt), ss = vs_tree_size(src);
  if (so > ss) t->grew++;
  const char *rel = "";
  if (pv == CHECK_VALID) {
    t->exp_valid++;
    if (so <= st) t->no_larger++;
    if (so < st) t->smaller++;
    if (so > st) t->larger++;
    if (out == tgt) t->equal_node++;
    rel = so < st ? "smaller" : so == st ? "same size" : "LARGER";
  } else if (pv == CHECK_INVALID) {
    t->exp_invalid++;
    if (out == tgt) t->reached++;
    else t->avoided++;
    rel = out == tgt ? "REACHED an invalid expectation" : "avoids the invalid expectation";
  } else {
    t->exp_unknown++;
    rel = "expectation unknown";
  }

  Mem m;
  if (pv == CHECK_VALID && so > st && mem_open(&m)) {
    fprintf(m.f, "  %s\n    source:   ", name);
    print_expr(m.f, src);
    fprintf(m.f, "\n    vsimp:    ");
    print_expr(m.f, out);
    fprintf(m.f, "   (%zu nodes)\n    expected: ", so);
    print_expr(m.f, tgt);
    fprintf(m.f, "   (%zu nodes)\n", st);
    list_add(larger, mem_close(&m));
  }
  if (so > ss && mem_open(&m)) {
    fprintf(m.f, "  %s\n    source: ", name);
    print_expr(m.f, src);
    fprintf(m.f, "   (%zu nodes)\n    vsimp:  ", ss);
    print_expr(m.f, out);
    fprintf(m.f, "   (%zu nodes)\n", so);
    list_add(grew, mem_close(&m));
  }
  if (pv == CHECK_INVALID && mem_open(&m)) {
    fprintf(m.f, "  %s\n    source:   ", name);
    print_expr(m.f, src);
    fprintf(m.f, "\n    expected: ");
    print_expr(m.f, tgt);
    fprintf(m.f, "\n    counterexample: ");
    print_cex(m.f, &pr, src, tgt);
    fprintf(m.f, "\n    vsimp:    ");
    print_expr(m.f, out);
    fprintf(m.f, "%s\n", out == tgt ? "   (REACHES it)" : "");
    list_add(findings, mem_close(&m));
  }
  if (vv == CHECK_INVALID && mem_open(&m)) {
    fprintf(m.f, "  %s\n    source: ", name);
    print_expr(m.f, src);
    fprintf(m.f, "\n    vsimp:  ");
    print_expr(m.f, out);
    fprintf(m.f, "\n    counterexample: ");
    print_cex(m.f, &vr, src, out);
    fprintf(m.f, "\n");
    list_add(bad_outputs, mem_close(&m));
  }
  if (o->all) {
    printf("  %-44s expectation %-7s  vsimp %-7s %3zu vs %3zu nodes  %s\n", name, check_verdict_name(pv),
           out == src ? "same" : check_verdict_name(vv), so, st, rel);
  }
  if (out != src) check_result_free(&vr);
  check_result_free(&pr);
  rewriter_free(rw);
done:
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return ok;
}

static void pct(char *buf, size_t size, size_t a, size_t b) {
  if (!b) snprintf(buf, size, "%zu", a);
  else snprintf(buf, size, "%zu (%.1f%%)", a, 100.0 * (double)a / (double)b);
}

static void tally_add(Tally *s, const Tally *t) {
  s->cases += t->cases;
  s->skipped += t->skipped;
  s->parse_errors += t->parse_errors;
  s->exp_valid += t->exp_valid;
  s->exp_invalid += t->exp_invalid;
  s->exp_unknown += t->exp_unknown;
  s->no_larger += t->no_larger;
  s->smaller += t->smaller;
  s->larger += t->larger;
  s->equal_node += t->equal_node;
  s->avoided += t->avoided;
  s->reached += t->reached;
  s->out_unchanged += t->out_unchanged;
  s->out_valid += t->out_valid;
  s->out_invalid += t->out_invalid;
  s->out_unknown += t->out_unknown;
  s->grew += t->grew;
  s->budget_exhausted += t->budget_exhausted;
  s->seconds += t->seconds;
}

static void print_tally(const char *peer, const Tally *t) {
  char a[48], b[48], c[48];
  if (strcmp(peer, "all peers"))
    printf("%s: %zu cases (%zu more listed as skipped in %s/skipped.txt)\n", peer, t->cases, t->skipped, peer);
  else
    printf("%s: %zu cases (%zu more listed as skipped)\n", peer, t->cases, t->skipped);
  printf("  peer's expectation under wraparound: %zu valid, %zu invalid, %zu unknown\n", t->exp_valid,
         t->exp_invalid, t->exp_unknown);
  pct(a, sizeof a, t->no_larger, t->exp_valid);
  pct(b, sizeof b, t->smaller, t->exp_valid);
  pct(c, sizeof c, t->larger, t->exp_valid);
  printf("  vsimp vs a valid expectation:        no larger %s, smaller %s, larger %s; the very same expression %zu\n",
         a, b, c, t->equal_node);
  printf("  vsimp on an invalid expectation:     avoids it %zu, reaches it %zu\n", t->avoided, t->reached);
  printf("  vsimp's outputs:                     %zu unchanged, %zu checked valid, %zu invalid, %zu unknown; "
         "%zu larger than their input%s\n",
         t->out_unchanged, t->out_valid - t->out_unchanged, t->out_invalid, t->out_unknown, t->grew,
         t->budget_exhausted ? " (rule budget exhausted on some)" : "");
  printf("  CPU: %.1f s\n", t->seconds);
}

int main(int argc, char **argv) {
  Opts o = {.rlimit = 2000000u, .timeout_ms = 20000u, .dir = VSIMP_SOURCE_DIR "/corpus/peers"};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--quick")) o.quick = true;
    else if (!strcmp(a, "--findings")) o.findings = true;
    else if (!strcmp(a, "--all")) o.all = true;
    else if (!strcmp(a, "--peer") && i + 1 < argc) o.only = argv[++i];
    else if (!strcmp(a, "--dir") && i + 1 < argc) o.dir = argv[++i];
    else if (!strcmp(a, "--rlimit") && i + 1 < argc) o.rlimit = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (!strcmp(a, "--timeout") && i + 1 < argc) o.timeout_ms = (unsigned)strtoul(argv[++i], NULL, 10);
    else {
      fputs(usage, strcmp(a, "--help") ? stderr : stdout);
      return strcmp(a, "--help") ? 2 : 0;
    }
  }
  static const char *const peers[] = {"tvm", "halide", "tinygrad"};
  Catalog *cat = catalog_new();
  VsDiag d;
  if (!cat || !catalog_load_builtin(cat, &d)) {
    fprintf(stderr, "peers: cannot load the catalog\n");
    catalog_free(cat);
    return 1;
  }
  catalog_apply_builtin_ledger(cat);
  SmtOptions so = {.timeout_ms = o.timeout_ms, .rlimit = o.rlimit};
  SmtCtx *smt = smt_new(&so);
  printf("peer corpus %s; Z3 %s, resource limit %u per query, time limit %u ms%s\n\n", o.dir,
         smt_solver_version(), o.rlimit, o.timeout_ms, o.quick ? "; --quick: 3 cases per peer" : "");
  int rc = 0;
  Tally all = {0};
  int npeers = 0;
  for (size_t p = 0; p < sizeof peers / sizeof peers[0]; p++) {
    if (o.only && strcmp(o.only, peers[p])) continue;
    char dir[4096];
    size_t n = 0;
    char **names = join_path(dir, sizeof dir, o.dir, peers[p]) ? list_cases(dir, &n) : NULL;
    if (!names || !n) {
      fprintf(stderr, "peers: no cases in %s\n", dir);
      free_names(names, n);
      rc = 1;
      continue;
    }
    Tally t = {.skipped = count_skipped(dir)};
    List larger = {0}, grew = {0}, findings = {0}, bad_outputs = {0};
    double t0 = cpu_now();
    size_t limit = o.quick && n > 3 ? 3 : n;
    if (o.all) printf("%s:\n", peers[p]);
    for (size_t i = 0; i < limit; i++)
      if (!run_case(&o, dir, names[i], cat, smt, &t, &larger, &grew, &findings, &bad_outputs)) rc = 1;
    t.seconds = cpu_now() - t0;
    tally_add(&all, &t);
    npeers++;
    print_tally(peers[p], &t);
    if (larger.n) {
      printf("  vsimp's output is larger than the peer's valid expectation (%zu):\n", larger.n);
      list_print_free(&larger);
    }
    if (grew.n) {
      printf("  vsimp's output is larger than its input (%zu):\n", grew.n);
      list_print_free(&grew);
    }
    if (bad_outputs.n) {
      printf("  vsimp's output is INVALID (%zu):\n", bad_outputs.n);
      list_print_free(&bad_outputs);
      rc = 1;
    }
    if (findings.n && o.findings) {
      printf("  the peer's expectation is invalid under wraparound (%zu):\n", findings.n);
      list_print_free(&findings);
    } else {
      for (size_t i = 0; i < findings.n; i++) free(findings.v[i].text);
      free(findings.v);
    }
    if (t.reached) rc = 1;
    printf("\n");
    free_names(names, n);
  }
  if (npeers > 1) print_tally("all peers", &all);
  if (!all.cases) rc = 1;
  smt_free(smt);
  catalog_free(cat);
  return rc;
}
