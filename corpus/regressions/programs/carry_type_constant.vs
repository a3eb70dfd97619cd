# found by hand (issue 10): a tensor carry's type names a propagated constant
# detail: iter (acc_iter: tensor[[N, 8], f32] = acc) kept N after 'N = 4' was removed
# signature: ill_formed:binding_removed
# The pass propagated or left the variable in a type it did not fold, and dead-code removal, which
# counted only the values and assignment types as reads, deleted its definition: the printed program
# did not parse back and --verify answered "encoding failed". Every type a statement carries is folded
# where it stands, its variables are reads, and the pass checks that its output is well formed.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main() -> () {
  N: index = 4
  acc: tensor[[N, 8], f32] = call create(N, 8)
  (r) = for _i in range(4) iter (acc_iter: tensor[[N, 8], f32] = acc) {
    yield call add(acc_iter, acc_iter)
  }
  call use(r)
  return
}
