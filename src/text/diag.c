#include "text/diag.h"

#include <stdarg.h>
#include <stdio.h>

void vs_diag_print(const VsDiag *d, FILE *out) {
  fprintf(out, "%s:%d:%d: error: %s\n", d->file, d->line, d->col, d->msg);
}

void diag_set(VsDiag *d, const char *file, int line, int col, const char *fmt, ...) {
  snprintf(d->file, sizeof d->file, "%s", file);
  d->line = line;
  d->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->msg, sizeof d->msg, fmt, ap);
  va_end(ap);
}
