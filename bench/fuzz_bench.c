/* fuzz_bench: how fast the fuzzer runs (docs/fuzzing.md, "Speed"). A benchmark, not a timed test.
 *
 *   generator   cases generated per CPU-second (fuzz/gen.h alone)
 *   concrete    fuzz_expr inputs per CPU-second of one core with the concrete oracle and the engine
 *               properties (no Z3): the per-input work of the fuzz_expr target, without sanitizers
 *   sampled     the same with the sampled Z3 oracle (the campaign default): inputs per CPU-second,
 *               and Z3 checks per second of solver time
 *   program     fuzz_program inputs per CPU-second (generator bytes of 1 to 512 bytes): the program
 *               generator, the Simplify pass, both round trips, the concrete differential with the
 *               program interpreter and idempotence (no Z3); then `program-z3`, the same with
 *               translation validation sampled at one changed program in 64 (the campaign default)
 *
 * CPU time, not wall time, so that a loaded machine does not skew the per-core figures (wall rates
 * are printed too). Inputs are random byte strings of 1 to 256 bytes, as in `vsimp fuzz`.
 *
 * usage: fuzz_bench [--seconds S] [--smt-seconds S] [--program-seconds S] [--seed N] [--quick] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz/campaign.h"
#include "fuzz/gen.h"
#include "fuzz/input.h"
#include "fuzz/oracle.h"
#include "fuzz/prog_oracle.h"

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double wall_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static size_t next_input(uint64_t *rng, uint8_t *buf) {
  size_t n = 1 + (size_t)fuzz_rng_below(rng, 256);
  for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)fuzz_rng_next(rng);
  return n;
}

typedef struct {
  uint64_t n;
  double cpu, wall;
} Run;

static void report(const char *what, const Run *r) {
  printf("%-10s %10llu in %6.2f CPU-s (%6.2f s wall): %9.0f per CPU-second, %9.0f per wall second\n", what,
         (unsigned long long)r->n, r->cpu, r->wall, r->cpu > 0 ? (double)r->n / r->cpu : 0.0,
         r->wall > 0 ? (double)r->n / r->wall : 0.0);
}

static Run bench_generator(uint64_t seed, double seconds) {
  VsCtx *ctx = vs_ctx_new();
  uint64_t rng = seed;
  uint8_t buf[256];
  Run r = {0};
  double c0 = cpu_seconds(), w0 = wall_seconds();
  while (cpu_seconds() - c0 < seconds) {
    for (int i = 0; i < 256; i++, r.n++) {
      if (vs_ctx_node_count(ctx) > (1u << 14)) {
        vs_ctx_free(ctx);
        ctx = vs_ctx_new();
      }
      GenCase g;
      size_t n = next_input(&rng, buf);
      gen_case(ctx, buf, n, NULL, &g);
    }
  }
  r.cpu = cpu_seconds() - c0;
  r.wall = wall_seconds() - w0;
  vs_ctx_free(ctx);
  return r;
}

static Run bench_exec(uint64_t seed, double seconds, SmtMode smt, FuzzStats *st, uint64_t *findings) {
  OracleOptions o = {.smt = smt};
  FuzzWorker *w = fuzz_worker_new(&o, fuzz_builtin_catalog(NULL));
  Run r = {0};
  if (!w) return r;
  uint64_t rng = seed;
  uint8_t buf[256];
  double c0 = cpu_seconds(), w0 = wall_seconds();
  while (cpu_seconds() - c0 < seconds) {
    for (int i = 0; i < 64; i++, r.n++) {
      size_t n = next_input(&rng, buf);
      FuzzFinding f;
      if (fuzz_exec(w, buf, n, &f) != FIND_NONE) {
        (*findings)++;
        fuzz_finding_free(&f);
      }
    }
  }
  r.cpu = cpu_seconds() - c0;
  r.wall = wall_seconds() - w0;
  *st = *fuzz_worker_stats(w);
  fuzz_worker_free(w);
  return r;
}

static Run bench_program(uint64_t seed, double seconds, SmtMode smt, FuzzStats *st, uint64_t *findings) {
  ProgOracleOptions o = {.smt = smt};
  ProgWorker *w = prog_worker_new(&o, fuzz_builtin_catalog(NULL));
  Run r = {0};
  if (!w) return r;
  uint64_t rng = seed;
  uint8_t buf[512];
  double c0 = cpu_seconds(), w0 = wall_seconds();
  while (cpu_seconds() - c0 < seconds) {
    for (int i = 0; i < 8; i++, r.n++) {
      size_t n = 1 + (size_t)fuzz_rng_below(&rng, sizeof buf);
      for (size_t k = 0; k < n; k++) buf[k] = (uint8_t)fuzz_rng_next(&rng);
      FuzzFinding f;
      if (prog_fuzz_exec(w, buf, n, false, &f) != FIND_NONE) {
        (*findings)++;
        fuzz_finding_free(&f);
      }
    }
  }
  r.cpu = cpu_seconds() - c0;
  r.wall = wall_seconds() - w0;
  *st = *prog_worker_stats(w);
  prog_worker_free(w);
  return r;
}

int main(int argc, char **argv) {
  double seconds = 10, smt_seconds = 20, prog_seconds = 10;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) seconds = smt_seconds = prog_seconds = 0.3;
    else if (!strcmp(argv[i], "--program-seconds") && i + 1 < argc) prog_seconds = atof(argv[++i]);
    else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
    else if (!strcmp(argv[i], "--smt-seconds") && i + 1 < argc) smt_seconds = atof(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else {
      fprintf(stderr, "usage: fuzz_bench [--seconds S] [--smt-seconds S] [--program-seconds S] [--seed N] [--quick]\n");
      return 2;
    }
  }
  Run g = bench_generator(seed, seconds / 4);
  report("generator", &g);
  FuzzStats st;
  uint64_t findings = 0;
  Run c = bench_exec(seed, seconds, SMT_MODE_NEVER, &st, &findings);
  report("concrete", &c);
  printf("           %.1f concrete points per input, %.0f%% of inputs changed by the simplifier, %llu findings\n",
         c.n ? (double)st.points / (double)c.n : 0.0, c.n ? 100.0 * (double)st.changed / (double)c.n : 0.0,
         (unsigned long long)findings);
  findings = 0;
  Run s = bench_exec(seed + 1, smt_seconds, SMT_MODE_SAMPLED, &st, &findings);
  report("sampled", &s);
  /* Z3's share of the CPU time: what the sampled run spent beyond the concrete cost of its inputs. */
  double per_input = c.n ? c.cpu / (double)c.n : 0.0, z3_cpu = s.cpu - per_input * (double)s.n;
  printf("           z3: %llu checks, %.2f CPU-s (%.2f s wall): %.1f checks per CPU-second, %.1f per wall second "
         "(%llu valid, %llu invalid, %llu unknown, %llu errors)\n",
         (unsigned long long)st.smt_checks, z3_cpu, st.smt_seconds, z3_cpu > 0 ? (double)st.smt_checks / z3_cpu : 0.0,
         st.smt_seconds > 0 ? (double)st.smt_checks / st.smt_seconds : 0.0,
         (unsigned long long)st.smt_valid, (unsigned long long)st.smt_invalid, (unsigned long long)st.smt_unknown,
         (unsigned long long)st.smt_errors);
  findings = 0;
  Run p = bench_program(seed, prog_seconds, SMT_MODE_NEVER, &st, &findings);
  report("program", &p);
  printf("           %.1f concrete points per program, %.0f%% of programs changed by the pass, %llu findings\n",
         p.n ? (double)st.points / (double)p.n : 0.0, p.n ? 100.0 * (double)st.changed / (double)p.n : 0.0,
         (unsigned long long)findings);
  findings = 0;
  Run pz = bench_program(seed + 1, prog_seconds, SMT_MODE_SAMPLED, &st, &findings);
  report("program-z3", &pz);
  printf("           z3: %llu translation validations, %.2f s (%llu valid, %llu invalid, %llu unknown), %llu findings\n",
         (unsigned long long)st.smt_checks, st.smt_seconds, (unsigned long long)st.smt_valid,
         (unsigned long long)st.smt_invalid, (unsigned long long)st.smt_unknown, (unsigned long long)findings);
  return 0;
}
