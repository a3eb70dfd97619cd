# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestRangeAwareSimplification::test_nested_loops (the reference's expected program)
func main(out: tensor[[8, 4], index]) {
  for i in range(0, 8) {
    for j in range(0, 4) {
      y: index = 0
      call write(out, i, j, y)
    }
  }
}
