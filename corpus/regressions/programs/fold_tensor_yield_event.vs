# found by hand (issue 10): folding an if (or a single-trip loop) whose yield passes a tensor variable
# detail: event 1 differs: source call use(tensor#4294967296), target tensor(tensor#4294967296) shape [4, 4]
# signature: unsound:if_folded
# Fold A turned `yield t` into the assignment `r: tensor[[N, 4], f32] = t`, which is a tensor event the
# source does not have (docs/pass.md: `v: tensor[S, d] = t` is an event), and typed it with the
# unfolded type of r (N removed). The result is now renamed to t where both keep their value; otherwise
# the statement stays.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(c: bool) {
  N: index = 4
  (r: tensor[[N, 4], f32]) = if N > 2 {
    t: tensor[[2, 4], f32] = call make(1)
    yield t
  } else {
    yield call make(2)
  }
  call use(r)
  return
}
