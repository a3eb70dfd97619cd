# found by hand (issue 10): a single-trip loop whose tensor carry starts from a variable defined twice
# detail: event 1 differs: source call step(tensor#4294967296, 0), target tensor(tensor#4294967296) shape [4, 4]
# signature: unsound:loop_unrolled
# Fold B held the carry's initial value in a fresh variable (`a_1: tensor[[N, 4], f32] = t`), a tensor
# event the source does not have, typed with the carry's unfolded type (N removed), and bound the
# yielded call to r the same way. A tensor carry whose initial value may change is now left in its loop.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(c: bool) {
  N: index = 4
  t: tensor[[N, 4], f32] = call make(0)
  if c {
    t = call make(1)
  }
  (r) = for i in range(0, 1) iter (a: tensor[[N, 4], f32] = t) {
    yield call step(a, i)
  }
  call use(r)
  return
}
