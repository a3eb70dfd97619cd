# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestTensorViewFolding::test_eliminates_identity_view (the reference's expected program)
func main(x: tensor[[8, 4], f32]) -> (tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)]) {
  same: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = x
  return same
}
