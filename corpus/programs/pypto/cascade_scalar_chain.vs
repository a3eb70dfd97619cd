# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_cascade_scalar_chain
func main() {
  a: index = 5
  b: index = a + 1
}
