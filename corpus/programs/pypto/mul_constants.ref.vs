# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantFolding::test_mul_constants (the reference's expected program)
func main() -> (index) {
  return 12
}
