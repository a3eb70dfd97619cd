# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantFolding::test_nested_constant_expr (the reference's expected program)
func main() -> (index) {
  return 20
}
