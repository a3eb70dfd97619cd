# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIdentitySimplification::test_zero_add
func main(out: tensor[[8], index]) {
  for i in range(8) {
    y: index = 0 + i
    call write(out, i, y)
  }
}
