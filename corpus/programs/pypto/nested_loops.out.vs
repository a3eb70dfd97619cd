# vsimp's expected output: more than the reference: the constant 0 is propagated into the write and the binding removed
func main(out: tensor[[8, 4], index]) {
  for i in range(0, 8) {
    for j in range(0, 4) {
      call write(out, i, j, 0)
    }
  }
}
