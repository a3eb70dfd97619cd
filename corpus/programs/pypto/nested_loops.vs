# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestRangeAwareSimplification::test_nested_loops
func main(out: tensor[[8, 4], index]) {
  for i in range(8) {
    for j in range(4) {
      y: index = j // 4
      call write(out, i, j, y)
    }
  }
}
