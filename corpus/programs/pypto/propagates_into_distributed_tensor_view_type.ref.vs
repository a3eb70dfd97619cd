# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_distributed_tensor_view_type (the reference's expected program, with the view's derived type)
func main(x: dtensor[[4, 8], f32]) {
  _viewed: dtensor[[4, 8], f32, view(stride=[8, 1], layout=nd)] = call view(x, [4, 8])
}
