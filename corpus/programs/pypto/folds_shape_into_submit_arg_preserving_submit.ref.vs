# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestManualScopeSubmit::test_folds_shape_into_submit_arg_preserving_submit (the reference's expected program)
func kernel(t: tensor[[4, 8], f32]) -> (tensor[[4, 8], f32]) {
  return t
}

func main() {
  t: tensor[[4, 8], f32] = call create(4, 8)
  scope @manual {
    res: tensor[[4, 8], f32] = submit kernel(t)
  }
}
