/* parse_oracle.c: the oracle of the fuzz_parse target (see parse_oracle.h). */
#include "fuzz/parse_oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/gen.h"
#include "text/text.h"

static FindKind parse_finding(FuzzFinding *f, const uint8_t *data, size_t size, const char *detail) {
  if (!f) return FIND_PARSE;
  memset(f, 0, sizeof *f);
  f->kind = FIND_PARSE;
  snprintf(f->oracle, sizeof f->oracle, "parser");
  snprintf(f->detail, sizeof f->detail, "%s", detail);
  f->input = malloc(size ? size : 1);
  if (f->input) {
    memcpy(f->input, data, size);
    f->input_size = size;
  }
  fuzz_finding_sign(f);
  return FIND_PARSE;
}

/* The number of lines of the input, and the length of line `line` (1-based). */
static void line_info(const uint8_t *data, size_t size, int line, size_t *nlines, size_t *len) {
  size_t l = 1, start = 0;
  *len = 0;
  for (size_t i = 0; i <= size; i++) {
    if (i == size || data[i] == '\n') {
      if ((int)l == line) *len = i - start;
      if (i < size) {
        l++;
        start = i + 1;
      }
    }
  }
  *nlines = l;
}

static FindKind check_values(const uint8_t *data, size_t size, FuzzFinding *f) {
  if (size > 64) return FIND_NONE;
  char text[65], err[128], buf[80];
  memcpy(text, data, size);
  text[size] = 0;
  if (strlen(text) != size) return FIND_NONE;
  for (int d = 0; d < DT_COUNT; d++) {
    uint64_t bits, back;
    if (!vs_parse_value(text, (DType)d, &bits, err, sizeof err)) continue;
    vs_format_literal((DType)d, bits, true, buf, sizeof buf);
    if (!vs_parse_value(buf, (DType)d, &back, err, sizeof err) || back != bits) {
      char msg[200];
      snprintf(msg, sizeof msg, "value '%s' of %s formats as '%s', which does not read back", text,
               dt_name((DType)d), buf);
      return parse_finding(f, data, size, msg);
    }
  }
  return FIND_NONE;
}

FindKind fuzz_parse_exec(VsCtx *ctx, const uint8_t *data, size_t size, FuzzFinding *f) {
  VsFile a;
  VsDiag d;
  if (!vs_parse(ctx, "<input>", (const char *)data, size, &a, &d)) {
    size_t nlines, len;
    line_info(data, size, d.line, &nlines, &len);
    if (d.line < 1 || d.col < 1 || !d.msg[0] || strcmp(d.file, "<input>"))
      return parse_finding(f, data, size, "a diagnostic without a position or message");
    if ((size_t)d.line > nlines || (size_t)d.col > len + 1) {
      char msg[200];
      snprintf(msg, sizeof msg, "diagnostic at %d:%d lies outside the input: %.120s", d.line, d.col, d.msg);
      return parse_finding(f, data, size, msg);
    }
    return check_values(data, size, f);
  }
  FindKind k = FIND_NONE;
  char *text = vs_print_case(a.vars, a.nvars, a.src, a.tgt);
  if (text) {
    VsFile b;
    if (!vs_parse(ctx, "<printed>", text, strlen(text), &b, &d)) {
      char msg[200];
      snprintf(msg, sizeof msg, "the printed file does not parse: %d:%d: %.120s", d.line, d.col, d.msg);
      k = parse_finding(f, data, size, msg);
    } else {
      bool same = b.src == a.src && b.tgt == a.tgt && b.nvars == a.nvars;
      for (size_t i = 0; same && i < a.nvars; i++) same = a.vars[i] == b.vars[i];
      if (!same) k = parse_finding(f, data, size, "the printed file parses to different nodes");
      vs_file_free(&b);
    }
    if (k != FIND_NONE && f) f->case_text = text;
    else free(text);
  }
  vs_file_free(&a);
  return k != FIND_NONE ? k : check_values(data, size, f);
}

/* ---- inputs for campaigns ---- */

static const char *const tokens[] = {
  "(", ")", ",", ":", "-->", "+", "-", "*", "/", "//", "%", "<<", ">>", "<", "<=", ">", ">=", "==", "!=",
  "&", "&&", "|", "||", "^", "~", "!", " ", "\n", "#", "x", "y", "i8", "u8", "index", "f16", "f32", "bool",
  " in [", "]", "0", "1", "-1", "127", "-128", "0x7f", "1.5", "-0.0", "1e-45", "_i8", "_u64", "_f16",
  "inf_f32", "nan_f64", "true", "select(", "min(", "tdiv(", "bitcast_f32(", "i32(", "x: i8\n", "99999999999999999999999999999999999999999",
  /* vectors */
  "vec(", "gep(", "cat(", "bcast(", "[", "i32x4", "boolx4", "x: i8x4\n", "y: i8x2\n", ", 2)", ", [1, 0])", ", 4)",
};

size_t fuzz_parse_input(VsCtx *ctx, uint64_t *rng, uint8_t *buf, size_t max) {
  uint8_t bytes[96];
  for (size_t i = 0; i < sizeof bytes; i += 8) {
    uint64_t r = fuzz_rng_next(rng);
    memcpy(bytes + i, &r, 8);
  }
  GenCase gc;
  size_t n = 0;
  if (gen_case(ctx, bytes, 16 + fuzz_rng_below(rng, sizeof bytes - 16), NULL, &gc)) {
    char *text = vs_print_case(gc.vars, gc.nvars, gc.root, fuzz_rng_below(rng, 4) ? NULL : gc.root);
    if (text) {
      n = strlen(text) < max ? strlen(text) : max;
      memcpy(buf, text, n);
      free(text);
    }
  }
  unsigned edits = (unsigned)fuzz_rng_below(rng, 4);
  for (unsigned e = 0; e < edits; e++) {
    size_t at = n ? (size_t)fuzz_rng_below(rng, n + 1) : 0;
    switch (fuzz_rng_below(rng, 4)) {
    case 0: { /* delete a span */
      size_t len = (size_t)fuzz_rng_below(rng, 8);
      if (at + len > n) len = n - at;
      memmove(buf + at, buf + at + len, n - at - len);
      n -= len;
      break;
    }
    case 1: { /* insert a token */
      const char *t = tokens[fuzz_rng_below(rng, sizeof tokens / sizeof tokens[0])];
      size_t len = strlen(t);
      if (n + len > max) break;
      memmove(buf + at + len, buf + at, n - at);
      memcpy(buf + at, t, len);
      n += len;
      break;
    }
    case 2: /* replace a byte */
      if (at < n) buf[at] = (uint8_t)fuzz_rng_next(rng);
      break;
    default: { /* duplicate a span */
      size_t len = (size_t)fuzz_rng_below(rng, 16);
      if (at + len > n) len = n - at;
      if (n + len > max) break;
      memmove(buf + at + len, buf + at, n - at);
      n += len;
      break;
    }
    }
  }
  return n;
}
