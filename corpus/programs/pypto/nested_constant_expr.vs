# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantFolding::test_nested_constant_expr
func main() -> (index) {
  return (2 + 3) * 4
}
