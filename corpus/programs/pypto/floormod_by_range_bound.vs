# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestRangeAwareSimplification::test_floormod_by_range_bound
func main(out: tensor[[8], index]) {
  for i in range(8) {
    y: index = i % 8
    call write(out, i, y)
  }
}
