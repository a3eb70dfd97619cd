# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestFoldComposition::test_single_trip_loop_then_constant_if
func main() {
  for ko in range(0, 128, 128) {
    if ko == 0 {
      _t: tensor[[16], f32] = call create(16)
    } else {
      _t2: tensor[[32], f32] = call create(32)
    }
  }
}
