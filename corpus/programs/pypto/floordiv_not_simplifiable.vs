# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestRangeAwareSimplification::test_floordiv_not_simplifiable
func main(out: tensor[[8], index]) {
  for i in range(8) {
    y: index = i // 4
    call write(out, i, y)
  }
}
