# found by the program fuzzer (two-job campaign, `vsimp fuzz --target program -j 2 --seed 1`): crash
# (heap-buffer-overflow inside Z3_simplify, a memmove of 2^32 bytes, called from the symbolic
# executor's is_false on a while condition) or, on smaller inputs, a hang past every time limit.
# detail: the encoding of pow squares the base once per exponent bit and guards each square past
# 2^i >= width with ite(base odd, p * p, 0) so that Z3's rewriter does not flatten the chain of
# products. A base the rewriter knows to be odd (42 * x + 31) drops the ite, the chain flattens into
# 2^31 factors, and Z3_simplify (which the executor calls without a time limit) runs out of memory.
# Fixed in smt/encode.c (int_pow): the guarded square is 4q(q + 1) + 1 with q = p >> 1, which the
# rewriter cannot flatten. Reduced by hand from the fuzzer's 57-line program (the pass folds the sum to 42 * x + 31).
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(x: i32) -> (i32) {
  return pow(x * 8 + x * 1 + x * 33 + 31, 2147482623)
}
