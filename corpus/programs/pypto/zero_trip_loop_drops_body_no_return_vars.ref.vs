# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSingleTripLoopCollapse::test_zero_trip_loop_drops_body_no_return_vars (the reference's expected program)
func main() {
  pass
}
