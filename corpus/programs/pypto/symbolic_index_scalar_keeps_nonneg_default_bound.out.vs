# vsimp's expected output: LESS than the reference, on purpose: an index is a signed 64-bit integer (docs/semantics.md), a - b can be negative, and the reference's output is refuted by vsimp check with a counterexample where a - b is negative
func main(a: index, b: index, out: tensor[[1], index]) {
  idx: index = a - b
  if idx < 0 {
    call write(out, 0, a)
  } else {
    call write(out, 0, idx)
  }
}
