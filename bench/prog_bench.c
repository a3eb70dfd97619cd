/* prog_bench.c: the cost of the program Simplify pass (docs/pass.md, "Cost"). Not a test: it prints
 * figures. For each size N (statements; default 1k, 10k, 100k, 1M) it generates a program mixing the
 * three shapes the pass must stay near-linear on (long straight-line blocks, deep loop nests with
 * single-trip and symbolic loops, many sibling branches, decidable or not), then parses it and runs
 * one pass, each size in a child process so that the peak memory is that size's own.
 *
 *   build: cmake --build BUILD --target prog_bench      run: BUILD/prog_bench [--quick] [N ...]
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ir/stmt.h"
#include "pass/prog_pass.h"
#include "rules/catalog.h"
#include "text/prog_text.h"

typedef struct {
  char *s;
  size_t len, cap;
  size_t stmts;
} Gen;

static void put(Gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Gen *g, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (g->len + (size_t)n + 1 > g->cap) {
    g->cap = g->cap ? g->cap * 2 : 1 << 20;
    while (g->cap < g->len + (size_t)n + 1) g->cap *= 2;
    g->s = realloc(g->s, g->cap);
    if (!g->s) abort();
  }
  memcpy(g->s + g->len, tmp, (size_t)n + 1);
  g->len += (size_t)n;
}

/* ~24 statements: constants, symbolic values, dead bindings, calls. */
static void straight(Gen *g, unsigned u) {
  put(g, "  c%u: index = %u\n", u, u % 97 + 3);
  put(g, "  s%u: index = x * %u + c%u\n", u, u % 7 + 1, u);
  for (unsigned k = 0; k < 10; k++) {
    put(g, "  a%u_%u: index = c%u * %u + s%u\n", u, k, u, k + 1, u);
    put(g, "  d%u_%u: index = a%u_%u // 4\n", u, k, u, k);
  }
  put(g, "  call f(a%u_3, c%u + 1)\n", u, u);
  put(g, "  call f(d%u_9, s%u)\n", u, u);
  g->stmts += 24;
}

/* A nest of depth 8 (~12 statements): symbolic and single-trip loops, guards on loop variables. */
static void nest(Gen *g, unsigned u) {
  const char *kinds[8] = {"range(0, n)", "range(0, 1)", "range(0, 4)", "range(2, 3)",
                          "range(0, n)", "range(0, 1)", "range(0, 8)", "range(5, 6)"};
  for (unsigned d = 0; d < 8; d++) put(g, "%*sfor l%u_%u in %s {\n", 2 * (int)d + 2, "", u, d, kinds[d]);
  put(g, "%*sif l%u_6 < 8 {\n", 18, "", u);
  put(g, "%*scall f(l%u_0 + l%u_2, l%u_6)\n", 20, "", u, u, u);
  put(g, "%*s}\n", 18, "");
  put(g, "%*sif l%u_4 < m {\n", 18, "", u);
  put(g, "%*scall g(l%u_4)\n", 20, "", u);
  put(g, "%*s}\n", 18, "");
  for (unsigned d = 8; d-- > 0;) put(g, "%*s}\n", 2 * (int)d + 2, "");
  g->stmts += 12;
}

/* 12 sibling branches (~24 statements), half of them decidable. */
static void branches(Gen *g, unsigned u) {
  put(g, "  b%u: index = %u\n", u, u % 5);
  for (unsigned k = 0; k < 11; k++) {
    if (k % 2) put(g, "  if b%u < %u {\n    call h(%u)\n  } else {\n    call h(b%u)\n  }\n", u, k, k, u);
    else put(g, "  if x < %u {\n    call h(%u)\n  }\n", k + u % 11, k);
  }
  g->stmts += 1 + 11 * 2 + 6;
}

static char *generate(size_t n, size_t *stmts) {
  Gen g = {0};
  put(&g, "func main(x: index, n: index, m: index in [0, 64]) {\n");
  for (unsigned u = 0; g.stmts < n; u++) {
    switch (u % 3) {
    case 0: straight(&g, u); break;
    case 1: nest(&g, u); break;
    default: branches(&g, u); break;
    }
  }
  put(&g, "}\n");
  *stmts = g.stmts;
  return g.s;
}

/* CPU time of this process: the machine may be shared, and wall time would measure the neighbours. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run(size_t n) {
  size_t approx;
  char *text = generate(n, &approx);
  VsCtx *ctx = vs_ctx_new();
  vs_ctx_set_limits(ctx, 0, 1u << 30);
  Catalog *cat = catalog_new();
  VsDiag d;
  if (!catalog_load_builtin(cat, &d)) {
    vs_diag_print(&d, stderr);
    return 1;
  }
  catalog_apply_builtin_ledger(cat);
  Program *p;
  double t0 = now();
  if (!prog_parse(ctx, "bench.vs", text, strlen(text), &p, &d)) {
    vs_diag_print(&d, stderr);
    return 1;
  }
  double t1 = now();
  PassOptions po = {.cat = cat};
  PassResult res = {0};
  Program *out = pass_simplify_program(p, &po, &res);
  double t2 = now();
  if (!out) {
    fprintf(stderr, "pass failed: %s\n", res.error);
    return 1;
  }
  size_t before = block_count(p->funcs[0]->body), after = block_count(out->funcs[0]->body);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("%9zu %9zu %9zu %10.1f %10.1f %9.2f %9.1f\n", n, before, after, (t1 - t0) * 1e3, (t2 - t1) * 1e3,
         (t2 - t1) * 1e9 / (double)before, (double)ru.ru_maxrss / 1024.0);
  fflush(stdout);
  pass_result_free(&res);
  prog_free(out);
  prog_free(p);
  catalog_free(cat);
  vs_ctx_free(ctx);
  free(text);
  return 0;
}

int main(int argc, char **argv) {
  size_t sizes[16] = {1000, 10000, 100000, 1000000};
  int nsizes = 4;
  if (argc > 1 && !strcmp(argv[1], "--quick")) {
    nsizes = 2; /* the smoke test: keeps it compiling and sanitizer-clean */
  } else if (argc > 1) {
    nsizes = 0;
    for (int i = 1; i < argc && nsizes < 16; i++) sizes[nsizes++] = strtoull(argv[i], NULL, 10);
  }
  printf("CPU time per phase; ns/stmt is the pass's time per input statement\n");
  printf("%9s %9s %9s %10s %10s %9s %9s\n", "N", "stmts", "after", "parse ms", "pass ms", "ns/stmt", "peak MB");
  for (int i = 0; i < nsizes; i++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(run(sizes[i]));
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
      fprintf(stderr, "size %zu failed\n", sizes[i]);
      return 1;
    }
  }
  return 0;
}
