# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIdentitySimplification::test_mul_one (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    y: index = i
    call write(out, i, y)
  }
}
