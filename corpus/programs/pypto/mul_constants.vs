# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantFolding::test_mul_constants
func main() -> (index) {
  return 3 * 4
}
