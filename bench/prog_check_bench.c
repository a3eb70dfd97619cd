/* prog_check_bench.c: the cost of translation validation of program Simplify runs, loop by loop
 * (docs/pass.md, "Translation validation"). Not a test: it prints figures. For each size N (statements;
 * default 1k, 10k, 100k) it generates a kernel (loop nests with constant trip counts from 1 to 10^6 and
 * symbolic ones, reductions carried through loops, while loops, branches decided or not, calls, spmd
 * blocks; loop variables named i0, i1, ...), runs one pass, and validates the result against the input
 * with the pass's loop records, each size in a child process so that the peak memory is its own. It
 * prints the CPU time of validation, the time per input statement, the solver queries, and how the
 * loops were proved: by induction, or unrolled (the loops the pass folded).
 *
 *   build: cmake --build BUILD --target prog_check_bench    run: BUILD/prog_check_bench [--quick] [N ...]
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
#include "verify/prog_check.h"

typedef struct {
  char *s;
  size_t len, cap;
  size_t stmts;
  uint64_t rng;
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

/* splitmix64: the same kernel for the same size on every run. */
static unsigned rnd(Gen *g, unsigned n) {
  uint64_t z = (g->rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (unsigned)((z ^ (z >> 31)) % n);
}

static const unsigned trips[] = {1, 3, 34, 1024, 1000000};

static unsigned c_one(unsigned u) { return u % 3 + 1; }

/* Straight-line code (9 statements): constants, symbolic values, a dead binding, calls. */
static void straight(Gen *g, unsigned u) {
  put(g, "  c%u: index = %u\n", u, u % 97 + 3);
  put(g, "  s%u: index = x * %u + c%u\n", u, u % 7 + 1, u);
  for (unsigned k = 0; k < 4; k++) put(g, "  a%u_%u: index = s%u + %u\n", u, k, u, k * c_one(u));
  put(g, "  d%u: index = a%u_3 // 4\n", u, u);
  put(g, "  call f(a%u_0, c%u + 1)\n", u, u);
  put(g, "  call f(d%u, s%u)\n", u, u);
  g->stmts += 9;
}

/* A nest of constant trip counts (1 to 10^6), depth 1 to 3: a guard the pass decides from the bounds,
 * one it cannot, calls. */
static void const_nest(Gen *g, unsigned u) {
  unsigned depth = 1 + rnd(g, 3), t[3];
  for (unsigned d = 0; d < depth; d++) {
    t[d] = trips[rnd(g, 5)];
    put(g, "%*sfor i%u in range(0, %u) {\n", 2 * (int)d + 2, "", d, t[d]);
  }
  int ind = 2 * (int)depth + 2;
  unsigned last = depth - 1;
  put(g, "%*sv: index = i0 * 8 + i%u\n", ind, "", last);
  put(g, "%*sif i%u < %u { call f(v, %u) } else { call never() }\n", ind, "", last, t[last], u);
  put(g, "%*sif v %% 3 == 0 { call g(v) }\n", ind, "");
  for (unsigned d = depth; d-- > 0;) put(g, "%*s}\n", 2 * (int)d + 2, "");
  g->stmts += depth + 3;
}

/* A tiled nest over a symbolic extent (a guard decided from min(...)). */
static void tiled(Gen *g, unsigned u) {
  put(g, "  for i0 in range(0, n, 64) {\n");
  put(g, "    rows: index = min(64, n - i0)\n");
  put(g, "    for i1 in range(0, rows) {\n");
  put(g, "      if i1 < 64 { call work(i1 + i0, %u) }\n", u);
  put(g, "    }\n  }\n");
  g->stmts += 4;
}

/* A reduction carried through a loop of a constant or symbolic trip count, with a dead carry. */
static void reduction(Gen *g, unsigned u) {
  unsigned t = trips[1 + rnd(g, 4)];
  if (rnd(g, 3) == 0) put(g, "  (r%u, q%u) = for i0 in range(0, m) iter (acc: i32 = 0, junk: index = 0) {\n", u, u);
  else put(g, "  (r%u, q%u) = for i0 in range(0, %u) iter (acc: i32 = 0, junk: index = 0) {\n", u, u, t);
  put(g, "    e: i32 = call load(i0)\n");
  put(g, "    yield acc + e * y, junk + i0\n");
  put(g, "  }\n");
  put(g, "  call store(r%u)\n", u);
  g->stmts += 4;
}

/* Branches: decided and not, with results. */
static void branches(Gen *g, unsigned u) {
  put(g, "  b%u: index = %u\n", u, u % 5);
  put(g, "  if b%u < 3 { call h(b%u) } else { call h(x) }\n", u, u);
  put(g, "  if x < %u { call h(%u) }\n", u % 11, u);
  put(g, "  (p%u) = if m < 32 { yield x } else { yield m + b%u }\n", u, u);
  put(g, "  call h(p%u)\n", u);
  g->stmts += 5 + 4;
}

/* A while loop, and a loop inside an spmd block. */
static void other(Gen *g, unsigned u) {
  put(g, "  (w%u) = while iter (q: index = 0) cond q < n { call tick(q, %u) yield q + 1 }\n", u, u);
  put(g, "  spmd(4) {\n    for i0 in range(0, 8) { call core(i0, %u) }\n  }\n", u);
  g->stmts += 6;
}

static char *generate(size_t n, size_t *stmts) {
  Gen g = {.rng = n};
  put(&g, "func kernel(x: index, y: i32, n: index, m: index in [0, 4096]) {\n");
  for (unsigned u = 0; g.stmts < n; u++) {
    switch (u % 8) {
    case 0:
    case 4: straight(&g, u); break;
    case 1:
    case 5: const_nest(&g, u); break;
    case 2: tiled(&g, u); break;
    case 3: reduction(&g, u); break;
    case 6: branches(&g, u); break;
    default: other(&g, u); break;
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
  if (!prog_parse(ctx, "bench.vs", text, strlen(text), &p, &d)) {
    vs_diag_print(&d, stderr);
    return 1;
  }
  PassOptions po = {.cat = cat};
  PassResult res = {0};
  double t0 = now();
  Program *out = pass_simplify_program(p, &po, &res);
  double t1 = now();
  if (!out) {
    fprintf(stderr, "pass failed: %s\n", res.error);
    return 1;
  }
  SmtOptions so = {.timeout_ms = 10000};
  SmtCtx *smt = smt_new(&so);
  ProgCheckOptions co = {.links = res.links, .nlinks = res.nlinks};
  ProgCheckResult r = prog_check_program(smt, &co, p, out);
  double t2 = now();
  size_t stmts = block_count(p->funcs[0]->body);
  size_t loops = 0, kept = 0, induction = 0, folded = 0;
  for (size_t i = 0; i < r.nloops; i++) {
    const ProgLoopReport *L = &r.loops[i];
    if (L->in_target) continue;
    loops++;
    bool is_kept = L->tline || L->method == PROG_LOOP_INDUCTION;
    if (is_kept) kept++;
    else folded++;
    if (is_kept && L->method == PROG_LOOP_INDUCTION) induction++;
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("%8zu %8zu %7zu %7zu %7zu %6.1f%% %8u %9.2f %9.1f %8.1f  %s%s\n", n, stmts, loops, folded, induction,
         kept ? 100.0 * (double)induction / (double)kept : 100.0, r.queries, t2 - t1, (t2 - t1) * 1e6 / (double)stmts,
         (double)ru.ru_maxrss / 1024.0, check_verdict_name(r.verdict), r.bounded ? " (bounded)" : "");
  if (r.verdict != CHECK_VALID && r.reason[0]) printf("         reason: %s\n", r.reason);
  fflush(stdout);
  (void)t0;
  prog_check_result_free(&r);
  smt_free(smt);
  pass_result_free(&res);
  prog_free(out);
  prog_free(p);
  catalog_free(cat);
  vs_ctx_free(ctx);
  free(text);
  return 0;
}

int main(int argc, char **argv) {
  size_t sizes[16] = {1000, 10000, 100000};
  int nsizes = 3;
  if (argc > 1 && !strcmp(argv[1], "--quick")) {
    sizes[0] = 150; /* the smoke test: keeps it compiling and sanitizer-clean */
    nsizes = 1;
  } else if (argc > 1) {
    nsizes = 0;
    for (int i = 1; i < argc && nsizes < 16; i++) sizes[nsizes++] = strtoull(argv[i], NULL, 10);
  }
  printf("translation validation of one pass run, CPU time; loops: of the input; folded: by the pass (unrolled);\n"
         "induction: loops proved by induction, and their share of the loops the pass did not fold\n");
  printf("%8s %8s %7s %7s %7s %7s %8s %9s %9s %8s  %s\n", "N", "stmts", "loops", "folded", "induct", "share", "queries",
         "check s", "us/stmt", "peak MB", "verdict");
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
