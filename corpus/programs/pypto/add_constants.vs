# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantFolding::test_add_constants
func main() -> (index) {
  return 3 + 4
}
