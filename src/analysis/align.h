/* align.h: known trailing zero bits (the alignment analysis).
 *
 * vs_known_tz(n) is a number t, 0 <= t <= dt_bits(n's dtype), such that the low t bits of n's bit
 * pattern are zero wherever n is defined: n is a multiple of 2^t, read signed or unsigned alike (2^w is
 * a multiple of 2^t, so wraparound keeps the property). Rules read it through the guard term vtz(x)
 * (docs/rules.md).
 *
 * Each transfer case of the analysis rests on an alignment lemma (src/rules/align.rules), and is used
 * at an op and dtype only where the lemma's instances are all proved (align_trusted, ir/bounds_trust.h);
 * elsewhere the answer is 0, which states nothing. Constants need no lemma (their bits are read), and
 * a node whose bounds meet is the constant the range analysis proves it to be. Vectors, non-integers,
 * nodes that may be INVALID and anything deeper than the recursion limit give 0. */
#ifndef VSIMP_ANALYSIS_ALIGN_H
#define VSIMP_ANALYSIS_ALIGN_H

#include "ir/node.h"

/* How deep vs_known_tz looks below n (each level one operand). */
enum { VS_ALIGN_DEPTH = 12 };

int vs_known_tz(const Node *n);

#endif
