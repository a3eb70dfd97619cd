# vsimp's expected output: more than the reference: the constant 0 is propagated into the write and the binding removed
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    scope @level(core_group) {
      if i < 4 {
        call write(out, i, 0)
      }
    }
  }
}
