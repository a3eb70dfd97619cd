# vsimp's expected output: more than the reference: the constants 1 and 2 are propagated into the writes and the bindings removed
func main(c: bool, out: tensor[[1], index]) {
  if c {
    call write(out, 0, 1)
  } else {
    call write(out, 0, 2)
  }
}
