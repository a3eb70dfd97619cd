# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_folds_nested_arithmetic_in_call_args (the reference's expected program)
func main(k: index) {
  _t: tensor[[1, 8], f32] = call create(1, 8)
}
