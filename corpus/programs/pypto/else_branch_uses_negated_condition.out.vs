# vsimp's expected output: more than the reference: the constant 0 is propagated into the writes and the dead bindings removed
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    if i < 4 {
      call write(out, i, 0)
    } else {
      call write(out, i, 0)
    }
  }
}
