# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSingleTripLoopCollapse::test_keeps_multi_iteration_loop
func main() {
  for _i in range(4) {
    _t: tensor[[8], f32] = call create(8)
  }
}
