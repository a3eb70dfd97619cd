# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestDeadIfReturnVarsDCE::test_drops_dead_tensor_phi_keeping_side_effect_ops (the input after the reference's convert_to_ssa, which the test runs first)
func main(c: bool, a: index, b: index, out: tensor[[1], index]) {
  (t: tensor[[1], index]) = if c {
    t_0: tensor[[1], index] = call create(1)
    call write(out, 0, a)
    call write(t_0, 0, a)
    yield t_0
  } else {
    t_1: tensor[[1], index] = call create(1)
    call write(out, 0, b)
    call write(t_1, 0, b)
    yield t_1
  }
}
