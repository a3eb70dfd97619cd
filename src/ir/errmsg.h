/* errmsg.h: writing a failure's message into a caller's buffer, for the functions that report why they
 * failed through a (char *err, size_t errsize) pair (the evaluator, Z3's ground evaluation). */
#ifndef VSIMP_IR_ERRMSG_H
#define VSIMP_IR_ERRMSG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Formats the message into err (truncated to errsize; nothing when err is NULL or errsize 0). Returns
 * false, so that a failing function can `return vs_fail(err, errsize, ...)`. */
bool vs_fail(char *err, size_t errsize, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool vs_vfail(char *err, size_t errsize, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

#endif
