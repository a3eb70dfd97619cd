# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestFoldComposition::test_two_sibling_single_trip_loops_no_var_alias (the reference's expected program)
func main() {
  _t1: tensor[[16], f32] = call create(16)
  _t4: tensor[[16], f32] = call create(16)
  _t5: tensor[[32], f32] = call create(32)
  _t8: tensor[[32], f32] = call create(32)
}
