#include "ir/errmsg.h"

#include <stdio.h>

bool vs_vfail(char *err, size_t errsize, const char *fmt, va_list ap) {
  if (err && errsize) vsnprintf(err, errsize, fmt, ap);
  return false;
}

bool vs_fail(char *err, size_t errsize, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vs_vfail(err, errsize, fmt, ap);
  va_end(ap);
  return false;
}
