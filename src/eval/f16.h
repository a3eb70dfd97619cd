/* f16.h: IEEE binary16 conversions, exact, for the evaluator (no host half type is assumed). */
#ifndef VSIMP_EVAL_F16_H
#define VSIMP_EVAL_F16_H

#include <stdint.h>

/* The binary16 value nearest to d, ties to even (NaN -> canonical NaN, overflow -> +-inf). */
uint16_t f16_from_double(double d);
/* The exact double value of a binary16 bit pattern. */
double f16_to_double(uint16_t h);

#endif
