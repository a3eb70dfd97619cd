# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSingleTripLoopCollapse::test_keeps_multi_iteration_loop (the reference's expected program)
func main() {
  for _i in range(0, 4) {
    _t: tensor[[8], f32] = call create(8)
  }
}
