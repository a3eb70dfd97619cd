# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestDeadIfReturnVarsDCE::test_drops_dead_scalar_phi_from_unused_if_else_rebind (the reference's expected program)
func main(c: bool, out: tensor[[1], index]) {
  if c {
    t1_0: index = 1
    call write(out, 0, t1_0)
  } else {
    t1_1: index = 2
    call write(out, 0, t1_1)
  }
}
