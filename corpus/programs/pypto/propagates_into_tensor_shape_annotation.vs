# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_tensor_shape_annotation
func main() {
  N: index = 4
  _t: tensor[[N, 8], f32] = call create(N, 8)
}
