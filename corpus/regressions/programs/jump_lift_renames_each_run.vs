# found by the program fuzzer (while adding break and continue, issue 14): not_idempotent
# detail: a second run of the pass changes the result
# signature: not_idempotent:idempotence
# Fold A simplified the live branch of `if true` aside, in lifted mode, to see whether a jump survives;
# one did, so the if stayed around the lifted copy, whose locals lifting had renamed (v13_1): every run
# renamed them again. An if whose live branch jumps now stays, its branch visited as a body (no
# renaming); a run that removes a jump is repeated.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(p0: index) {
  for l7 in range(1, p0) {
    if true {
      v13: u8 = 3_u8
      v13 = v13
      continue
    }
  }
}
