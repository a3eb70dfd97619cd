# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarDCE::test_keeps_call_rhs_even_if_lhs_unused
func main() {
  _t: tensor[[4], f32] = call create(4)
}
