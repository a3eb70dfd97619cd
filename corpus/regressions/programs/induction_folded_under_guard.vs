# found by test_prog_induction's mutant test (issue 10): an iteration query the solver gave up on
# detail: the pass folded `acc + i32(n + 1)` to `acc + 4` under `if n == 3`; the loop's induction query
# timed out (5 to 50 s), so the loop of 33 iterations fell back to unrolling and the verdict was unknown
# signature: unknown (expression folds only)
# The bit-blasted query had to prove two differently shaped adder chains equal; contextual
# simplification (n replaced by 3 under its guard) settles it in a tenth of a second. Every loop here is
# proved by induction (test_prog_induction's test_regressions).
func main(n: index in [0, 9], m: index in [0, 5], x: i32 in [-4, 4], i0: index in [1, 33], i1: index in [1, 4]) -> (i32) {
  acc: i32 = x
  for i2 in range(1, 34) {
    if i2 + n == i2 + 3 {
      acc = acc + i32(n + 1)
    }
    if i1 == 1 * m {
      call f2(2 * 2, acc)
    }
    if n % 3 == m % 3 {
      call f0(i0 * m, acc)
    }
  }
  return acc
}
