# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestManualScopeSubmit::test_submit_dep_keeps_taskid_scalar_alive (the reference's expected program: the input, unchanged)
func kernel(t: tensor[[4, 8], f32]) -> (tensor[[4, 8], f32]) {
  return t
}

func main() {
  t: tensor[[4, 8], f32] = call create(4, 8)
  scope @manual {
    (a: tensor[[4, 8], f32], a_tid: index) = submit kernel(t)
    res2: tensor[[4, 8], f32] = submit kernel(a) deps [a_tid]
  }
}
