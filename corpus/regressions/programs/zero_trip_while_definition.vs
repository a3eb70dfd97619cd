# fuzz finding: not_idempotent (idempotence oracle), program target
# detail: a second run of the pass changes the result
# signature: not_idempotent:while_removed
# folds: while_removed
# The removed zero-trip `while` held the second definition of v3: after one run v3 has a single
# definition and a second run propagates 0 into `call f0(v3)`.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(p0: index, t0: tensor[[p0 // 2, 64], u8]) {
  v3: index = 0
  call f0(v3)
  while iter (w7: index = 0) cond false {
    v3 = call f1(t0, 2_u8)
    yield 0
  }
}
