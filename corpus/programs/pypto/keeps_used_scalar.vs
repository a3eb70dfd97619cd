# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_keeps_used_scalar
func main(out: tensor[[8], index]) {
  for i in range(8) {
    y: index = i + 1
    call write(out, i, y)
  }
}
