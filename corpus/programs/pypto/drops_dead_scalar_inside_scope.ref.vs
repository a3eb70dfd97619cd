# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_drops_dead_scalar_inside_scope (the reference's expected program)
func main() {
  scope @level(core_group) {
    _t: tensor[[4], f32] = call create(4)
  }
}
