/* kernel_bench.h: what the kernel benchmarks (gep_bench, graph_bench) measure a rewrite by: CPU time of
 * the calling thread, and the distinct nodes (the DAG) of an expression. */
#ifndef VSIMP_BENCH_KERNEL_BENCH_H
#define VSIMP_BENCH_KERNEL_BENCH_H

#include <stdlib.h>
#include <time.h>

#include "ir/node.h"

static inline double kb_cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline size_t kb_distinct_nodes(Node *root) {
  Node **order;
  size_t n = vs_postorder(root, &order);
  free(order);
  return n;
}

#endif
