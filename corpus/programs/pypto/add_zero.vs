# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIdentitySimplification::test_add_zero
func main(out: tensor[[8], index]) {
  for i in range(8) {
    y: index = i + 0
    call write(out, i, y)
  }
}
