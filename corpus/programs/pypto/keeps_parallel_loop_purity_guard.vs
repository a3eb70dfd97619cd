# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSingleTripLoopCollapse::test_keeps_parallel_loop_purity_guard
func main() {
  for _i in parallel(1) {
    _t: tensor[[8], f32] = call create(8)
  }
}
