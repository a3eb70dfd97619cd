# fuzz finding: unsound (concrete oracle), program target
# detail: event 0 differs: source call f1()->i64 [] at 3:5, result call f1() [] at 3:5
# signature: unsound:loop_unrolled
# folds: loop_unrolled
# The single-trip loop's yield of a call became a call statement: the event `call f1()->i64` (a call
# whose result has type i64) became `call f1()` (a call without a result), another event. The folded
# yield must keep the call's result type (bind it to a fresh variable of the carry's type).
# counterexample:
#   p0 = -9223372036854775808_index
#   call results: seed 1050976034469760639
#   the pass's result:
#     func main(p0: index, p2: index in [2, 2]) {
#       call f1()
#     }
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(p0: index, p2: index in [2, 2]) {
  for l2 in range(p2, p2 + 1) iter (c3: i64 = 0_i64) {
    yield call f1()
  }
}
