# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_removes_unused_scalar_const
func main() {
  y: index = 5
}
