# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_removes_unused_scalar_const (the reference's expected program)
func main() {
  pass
}
