# fuzz finding: unsound (concrete oracle), program target
# detail: event 1 differs: source call f3(index) [11415998584408072_index] at 7:5, result call f3(index) [0_index] at 7:5
# signature: unsound:binding_removed,if_folded
# folds: if_folded binding_removed
# Folding `if false` lifts the else branch; its local v3 is defined twice, so the lift renames it (v3_1)
# and v3 itself is never bound. The fresh v3_1 was not marked as defined twice: the analyzer bound it to
# its first value 0 and propagated 0 into `call f3(v3)`, past the reassignment `v3 = call f1(...)`.
# counterexample:
#   call results: result of event 0 = -1_index
#   the pass's result:
#     func main() {
#       v3_1: index = call f1(2_u8)
#       call f3(0)
#     }
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main() {
  (r1: i16) = if false {
    yield 0_i16
  } else {
    v3: index = 0
    v3 = call f1(2_u8)
    call f3(v3)
    yield 0_i16
  }
}
