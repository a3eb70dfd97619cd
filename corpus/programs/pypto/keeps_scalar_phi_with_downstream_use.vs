# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestDeadIfReturnVarsDCE::test_keeps_scalar_phi_with_downstream_use (the input after the reference's convert_to_ssa, which the test runs first)
func main(c: bool, out: tensor[[1], index]) {
  (t1: index) = if c {
    t1_0: index = 1
    yield t1_0
  } else {
    t1_1: index = 2
    yield t1_1
  }
  call write(out, 0, t1)
}
