# vsimp's expected output: more than the reference: the constants 1 and 2 are propagated into the yields and the bindings removed (the if keeps its one result)
func main(c: bool, out: tensor[[1], index]) {
  (t1: index) = if c {
    yield 1
  } else {
    yield 2
  }
  call write(out, 0, t1)
}
