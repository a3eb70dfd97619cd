/* afl_driver.c: runs a libFuzzer-style target (LLVMFuzzerTestOneInput) under AFL++ in persistent
 * mode with shared-memory test cases, when compiled with afl-clang-fast. Compiled with any other
 * compiler it is a plain replayer: it runs each file named on the command line (or standard input)
 * once, which is how a crash input is reproduced without AFL++. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

#ifndef __AFL_FUZZ_TESTCASE_LEN
static size_t read_all(FILE *f, uint8_t **out) {
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap) break;
    uint8_t *nb = realloc(buf, cap * 2);
    if (!nb) break;
    buf = nb;
    cap *= 2;
  }
  *out = buf;
  return buf ? n : 0;
}
#endif

int main(int argc, char **argv) {
  LLVMFuzzerInitialize(&argc, &argv);
#ifdef __AFL_FUZZ_TESTCASE_LEN
  __AFL_INIT();
  unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
  while (__AFL_LOOP(10000)) {
    int len = __AFL_FUZZ_TESTCASE_LEN;
    LLVMFuzzerTestOneInput(buf, (size_t)len);
  }
#else
  if (argc < 2) {
    uint8_t *data;
    size_t n = read_all(stdin, &data);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
  }
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) {
      perror(argv[i]);
      return 2;
    }
    uint8_t *data;
    size_t n = read_all(f, &data);
    fclose(f);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
  }
#endif
  return 0;
}
