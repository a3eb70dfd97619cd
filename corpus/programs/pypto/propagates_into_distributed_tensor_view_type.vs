# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_distributed_tensor_view_type
func main(x: dtensor[[4, 8], f32]) {
  n: index = 2
  _viewed = call view(x, [n * 2, 8])
}
