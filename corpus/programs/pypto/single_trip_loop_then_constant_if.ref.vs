# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestFoldComposition::test_single_trip_loop_then_constant_if (the reference's expected program)
func main() {
  _t: tensor[[16], f32] = call create(16)
}
