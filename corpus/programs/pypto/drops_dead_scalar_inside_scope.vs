# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_drops_dead_scalar_inside_scope
func main() {
  scope @level(core_group) {
    dead: index = 7
    _t: tensor[[4], f32] = call create(4)
  }
}
