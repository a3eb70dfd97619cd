# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestManualScopeSubmit::test_folds_shape_into_submit_arg_preserving_submit
func kernel(t: tensor[[4, 8], f32]) -> (tensor[[4, 8], f32]) {
  return t
}
func main() {
  N: index = 4
  t: tensor[[N, 8], f32] = call create(N, 8)
  scope @manual {
    res: tensor[[4, 8], f32] = submit kernel(t)
  }
}
