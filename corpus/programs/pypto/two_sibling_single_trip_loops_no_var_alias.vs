# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestFoldComposition::test_two_sibling_single_trip_loops_no_var_alias
func main() {
  for ko in range(0, 128, 128) {
    if ko == 0 {
      _t1: tensor[[16], f32] = call create(16)
    } else {
      _t2: tensor[[16], f32] = call create(16)
    }
    if ko + 64 == 0 {
      _t3: tensor[[16], f32] = call create(16)
    } else {
      _t4: tensor[[16], f32] = call create(16)
    }
  }
  for ko_1 in range(0, 128, 128) {
    if ko_1 == 0 {
      _t5: tensor[[32], f32] = call create(32)
    } else {
      _t6: tensor[[32], f32] = call create(32)
    }
    if ko_1 + 64 == 0 {
      _t7: tensor[[32], f32] = call create(32)
    } else {
      _t8: tensor[[32], f32] = call create(32)
    }
  }
}
