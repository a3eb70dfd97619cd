# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_cascade_scalar_chain (the reference's expected program)
func main() {
  pass
}
