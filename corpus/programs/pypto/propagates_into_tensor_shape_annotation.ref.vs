# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_tensor_shape_annotation (the reference's expected program)
func main() {
  _t: tensor[[4, 8], f32] = call create(4, 8)
}
