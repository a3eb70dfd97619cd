# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIdentitySimplification::test_mul_one
func main(out: tensor[[8], index]) {
  for i in range(8) {
    y: index = i * 1
    call write(out, i, y)
  }
}
