# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_keeps_scalar_assign_with_nested_call_rhs
func helper() -> (i64) {
  return 0_i64
}
func main() {
  y: i64 = helper() + 1
}
