# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestTensorViewFolding::test_preserves_substantive_layout_flip (the reference's expected program: the input, unchanged)
func main(x: tensor[[8, 4], f32]) -> (tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)]) {
  y: tensor[[4, 8], f32, view(stride=[1, 4], layout=dn)] = call view(x, layout=dn)
  return y
}
