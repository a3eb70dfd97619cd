# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestDeadIfReturnVarsDCE::test_drops_dead_tensor_phi_keeping_side_effect_ops (no expected program there: the test asserts one if with no result and both writes of each branch kept)
func main(c: bool, a: index, b: index, out: tensor[[1], index]) {
  if c {
    t_0: tensor[[1], index] = call create(1)
    call write(out, 0, a)
    call write(t_0, 0, a)
  } else {
    t_1: tensor[[1], index] = call create(1)
    call write(out, 0, b)
    call write(t_1, 0, b)
  }
}
