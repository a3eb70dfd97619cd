# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSingleTripLoopCollapse::test_zero_trip_loop_drops_body_no_return_vars
func main() {
  for _i in range(0, 0) {
    _t: tensor[[16], f32] = call create(16)
  }
}
