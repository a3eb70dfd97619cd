# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_for_bounds (the reference's expected program)
func main() {
  for _i in range(0, 1024, 512) {
    pass
  }
}
