/* diag.h (internal): filling a VsDiag. */
#ifndef VSIMP_TEXT_DIAG_H
#define VSIMP_TEXT_DIAG_H

#include "text/text.h"

__attribute__((format(printf, 5, 6))) void diag_set(VsDiag *d, const char *file, int line, int col,
                                                    const char *fmt, ...);

#endif
