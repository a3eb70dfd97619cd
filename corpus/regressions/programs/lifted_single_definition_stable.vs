# fuzz finding: not_idempotent (idempotence oracle), program target
# detail: a second run of the pass changes the result
# signature: not_idempotent:binding_removed,if_folded
# folds: if_folded binding_removed
# The lifted `v3 = 0` gets a fresh name (v3 is defined elsewhere too). It is that name's only definition,
# so it must stay stable and be propagated in the first run (marking it unstable because v3 as a whole
# has three definitions left the propagation to the second run).
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main() -> (bool, u8) {
  v2: i32 = 2_i32
  if true {
    v3: index = 0
    call f1(v3)
  }
  v3: index = 0
  v3 = 1
  call f2(0, 2_u32, v3)
  return false, 0_u8
}
