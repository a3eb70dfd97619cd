/* bench_common.h: options and report lines shared by vsimp_bench and halide_bench. */
#ifndef VSIMP_BENCH_COMMON_H
#define VSIMP_BENCH_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen.h"
#include "vsimp_side.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  size_t n;
  uint64_t seed;
  int reps;
  size_t check;
  unsigned timeout_ms;
  const char *ledger;
  const char *rules_dir;
  const char *dump;
  bool simple;
  size_t show;
  size_t batch; /* expressions per vsimp context; 0: one for the whole set */
} BenchOptions;

void bench_options_default(BenchOptions *o);
/* Parses the shared option at argv[*i]: 1 if taken (with *i advanced past its value), 0 if not one of
 * them, -1 on a bad value (message printed). */
int bench_option(BenchOptions *o, int argc, char **argv, int *i);

void bench_print_set_summary(const BSet *s, const BenchOptions *o);
void bench_print_catalog(const VbSide *vb);
void bench_print_vsimp_header(void);
const char *bench_mode_name(VbMode m);
void bench_print_vsimp_row(const char *dtype, VbMode mode, size_t batch, const VbStats *st);
void bench_print_check(const char *who, const char *dtype, const VbCheck *c);
/* Prints the first k inputs and vsimp's outputs of the last run. */
void bench_show(VbSide *vb, const BSet *in, size_t k);

#ifdef __cplusplus
}
#endif

#endif
