# vsimp's expected output: more than the reference: the constant 0 is propagated into the write and the binding removed
func main(out: tensor[[16], index]) {
  for i in range(0, 16) {
    if i < 8 {
      call write(out, i, 0)
    } else {
      call write(out, i, 0)
    }
  }
}
