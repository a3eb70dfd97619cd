/* timer.h: a monotonic clock for reported timings and time budgets: a budget may turn a verdict into
 * `unknown`, never decide one. */
#ifndef VSIMP_IR_TIMER_H
#define VSIMP_IR_TIMER_H

#include <stdbool.h>
#include <time.h>

static inline double vs_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether a deadline (a vs_seconds() value; 0: none) has passed. */
static inline bool vs_past(double deadline) { return deadline > 0 && vs_seconds() > deadline; }

#endif
