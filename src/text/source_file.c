/* source_file.c: reading an input file whole, for every parser (expressions, programs, rule files,
 * ledgers). One reader, so that every command treats a missing file, standard input, a read error and
 * an oversized file the same way. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/diag.h"
#include "text/text.h"

bool vs_read_file(const char *path, char **buf_out, size_t *len_out, const char **shown, VsDiag *diag) {
  bool is_stdin = strcmp(path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : path;
  if (shown) *shown = name;
  *buf_out = NULL;
  *len_out = 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    if (diag) diag_set(diag, name, 1, 1, "cannot read file: %s", strerror(errno));
    return false;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  bool too_large = false;
  while (buf) {
    if (len == cap) {
      /* Reading one byte past the limit is how an oversized file is told from one of exactly it. */
      if (cap > VS_MAX_FILE_BYTES) {
        too_large = true;
        break;
      }
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    size_t n = fread(buf + len, 1, cap - len, f);
    len += n;
    if (n == 0) break;
  }
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  if (!is_stdin) fclose(f);
  const char *why = NULL;
  char whybuf[64];
  if (!buf) why = "cannot read file: out of memory";
  else if (too_large || len > VS_MAX_FILE_BYTES) {
    snprintf(whybuf, sizeof whybuf, "file too large (limit %zu MiB)", (size_t)(VS_MAX_FILE_BYTES >> 20));
    why = whybuf;
  } else if (err) {
    snprintf(whybuf, sizeof whybuf, "cannot read file: %s", strerror(err));
    why = whybuf;
  }
  if (why) {
    if (diag) diag_set(diag, name, 1, 1, "%s", why);
    free(buf);
    return false;
  }
  *buf_out = buf;
  *len_out = len;
  return true;
}
