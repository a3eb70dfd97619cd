# found by hand (issue 10): an if result's type is the only reader of a binding
# detail: 'N = n * 2' was removed while (r: tensor[[N, 4], f32]) read it
# signature: ill_formed:binding_removed
# The pass propagated or left the variable in a type it did not fold, and dead-code removal, which
# counted only the values and assignment types as reads, deleted its definition: the printed program
# did not parse back and --verify answered "encoding failed". Every type a statement carries is folded
# where it stands, its variables are reads, and the pass checks that its output is well formed.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(n: index, c: bool) {
  N: index = n * 2
  (r: tensor[[N, 4], f32]) = if c {
    yield call make(1)
  } else {
    yield call make(2)
  }
  call use(r)
  return
}
