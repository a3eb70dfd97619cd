/* vec_value.c: vector values in NAME=VALUE arguments and in reports: `[1, 2, 3, 4]` (docs/syntax.md,
 * "Vectors"). Each lane is one literal with the rules of vs_parse_value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/vector.h"
#include "text/text.h"

bool vs_parse_lanes_value(const char *text, DType dt, int lanes, uint64_t *bits, char *err, size_t errsize) {
  while (*text == ' ') text++;
  if (text[0] != '[') {
    /* One literal: the value of a scalar, or of every lane of a vector. */
    if (!vs_parse_value(text, dt, &bits[0], err, errsize)) return false;
    for (int k = 1; k < lanes; k++) bits[k] = bits[0];
    return true;
  }
  size_t len = strlen(text);
  while (len > 1 && text[len - 1] == ' ') len--;
  if (len < 2 || text[len - 1] != ']') {
    snprintf(err, errsize, "a vector value is [a, b, ...] with a closing ']'");
    return false;
  }
  char *copy = malloc(len);
  if (!copy) {
    snprintf(err, errsize, "out of memory");
    return false;
  }
  memcpy(copy, text + 1, len - 2);
  copy[len - 2] = 0;
  int n = 0;
  bool ok = true;
  for (char *p = copy; ok;) {
    char *comma = strchr(p, ',');
    if (comma) *comma = 0;
    if (n == lanes) {
      snprintf(err, errsize, "more than %d lane values", lanes);
      ok = false;
    } else if (!vs_parse_value(p, dt, &bits[n], err, errsize)) {
      ok = false;
    } else {
      n++;
    }
    if (!comma) break;
    p = comma + 1;
  }
  free(copy);
  if (ok && n != lanes) {
    snprintf(err, errsize, "%d lane value%s given, the type has %d lanes", n, n == 1 ? "" : "s", lanes);
    ok = false;
  }
  return ok;
}

char *vs_format_lanes(DType dt, int lanes, const uint64_t *bits, char *buf, size_t size) {
  if (lanes <= 1) return vs_format_literal(dt, bits[0], true, buf, size);
  size_t at = 0;
  buf[0] = 0;
  for (int k = 0; k < lanes && at + 1 < size; k++) {
    char one[96];
    vs_format_literal(dt, bits[k], true, one, sizeof one);
    int w = snprintf(buf + at, size - at, "%s%s%s", k ? ", " : "[", one, k + 1 == lanes ? "]" : "");
    if (w < 0) break;
    at += (size_t)w;
  }
  return buf;
}

const char *vs_format_value(DType dt, const LaneValue *v, char *buf, size_t size) {
  if (v->ub) return "UB";
  if (v->inv) return "invalid";
  return vs_format_lanes(dt, v->lanes ? v->lanes : 1, v->lane, buf, size);
}
