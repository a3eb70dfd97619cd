# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestAsLayoutFolding::test_eliminates_identity_as_layout (an earlier version of the file, before the op was renamed tensor.view)
func main(x: tensor[[8, 4], f32]) -> (tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)]) {
  same: tensor[[8, 4], f32, view(stride=[4, 1], layout=nd)] = call as_layout(x)
  return same
}
