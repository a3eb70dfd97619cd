# found by the program fuzzer (while adding break and continue, issue 14): not_idempotent
# detail: a second run of the pass changes the result
# signature: not_idempotent:if_folded
# Fold B keeps a single-trip loop whose body breaks or continues. Here the only jump is in the dead
# branch of `if true`: Fold A removed it, so a second run folded the loop. The run now repeats while it
# removes jumps (as it repeats while it removes definitions).
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(n: index) {
  for l1 in range(0, 1) {
    call f(l1)
    if true {
      call g()
    } else {
      continue
    }
    call h()
  }
}
