#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

uint64_t test_rng_next(TestRng *r) {
  uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

uint64_t test_rng_below(TestRng *r, uint64_t n) { return n ? test_rng_next(r) % n : 0; }

void test_expect_parse_error(const char *text, size_t len, int line, int col, const char *sub) {
  VsCtx *ctx = vs_ctx_new();
  VsFile f;
  VsDiag d;
  if (vs_parse(ctx, "t.vs", text, len, &f, &d)) fail_msg("expected an error for:\n%s", text);
  if (d.line != line || d.col != col || !strstr(d.msg, sub) || strcmp(d.file, "t.vs") != 0) {
    vs_diag_print(&d, stderr);
    fail_msg("expected t.vs:%d:%d: ...%s... for:\n%s", line, col, sub, text);
  }
  assert_null(f.vars);
  assert_null(f.src);
  vs_ctx_free(ctx);
}

uint64_t test_f32_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

uint64_t test_f64_bits(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

VsFile test_parse_round_trip(VsCtx *ctx, const char *text) {
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", text, strlen(text), &f, &d)) fail_msg("parse failed: %s:%d:%d: %s", d.file, d.line, d.col, d.msg);
  char *printed = vs_print_case(f.vars, f.nvars, f.src, f.tgt);
  assert_non_null(printed);
  VsFile g;
  if (!vs_parse(ctx, "p.vs", printed, strlen(printed), &g, &d))
    fail_msg("reparse of '%s' failed: %d:%d: %s", printed, d.line, d.col, d.msg);
  if (g.src != f.src || g.tgt != f.tgt) fail_msg("round trip changed '%s'", printed);
  free(printed);
  vs_file_free(&g);
  return f;
}

bool test_full_tier(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--full")) return true;
  return false;
}

SmtOptions test_smt_options(unsigned rlimit) {
  return (SmtOptions){.timeout_ms = 0, .rlimit = rlimit ? rlimit : 50000000u, .smt2_path = NULL};
}

Node *test_parse_expr(VsCtx *ctx, const char *decls, const char *expr) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s\n%s\n", decls, expr);
  VsFile f;
  VsDiag d;
  if (!vs_parse(ctx, "t.vs", buf, strlen(buf), &f, &d)) fail_msg("t.vs:%d:%d: %s\n%s", d.line, d.col, d.msg, buf);
  Node *n = f.src;
  vs_file_free(&f);
  return n;
}
