# fuzz finding: not_idempotent (idempotence oracle), program target
# detail: a second run of the pass changes the result
# signature: not_idempotent:binding_removed,if_folded
# folds: if_folded binding_removed
# v2 is defined twice, so the first run never binds it; folding `if false` and removing the dead
# `v2 = 4` leaves one definition, and a second run propagates 8 into the call. The first run must
# already give what the second gives.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(p0: index) {
  if false {
    pass
  } else {
    v2: u16 = 4_u16
  }
  v2: u16 = 8_u16
  call f2(0, v2, 0)
}
