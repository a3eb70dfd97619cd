# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSingleTripLoopCollapse::test_single_iteration_lifts_body
func main() {
  for _i in range(1) {
    _t: tensor[[16], f32] = call create(16)
  }
}
