/* fuzz_parse: the .vs parser and printer on arbitrary bytes, for libFuzzer and AFL++
 * (fuzz/parse_oracle.h). A broken contract prints the finding and aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz/parse_oracle.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static VsCtx *ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!ctx || vs_ctx_node_count(ctx) > (1u << 18)) {
    vs_ctx_free(ctx);
    ctx = vs_ctx_new();
    if (!ctx) abort();
  }
  FuzzFinding f;
  if (fuzz_parse_exec(ctx, data, size, &f) == FIND_NONE) return 0;
  fprintf(stderr, "\n==vsimp== parse finding: %s\n%s\n", f.detail, f.case_text ? f.case_text : "");
  fuzz_finding_free(&f);
  abort();
}
