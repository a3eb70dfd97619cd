# vsimp's expected output: more than the reference: the loop has no effects and no results, so it is removed
func main() {
  pass
}
