# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantFolding::test_add_constants (the reference's expected program)
func main() -> (index) {
  return 7
}
