# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestNoChange::test_already_simplified
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    y: index = i
    call write(out, i, y)
  }
}
