# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIfBranchConstraint::test_nested_if_in_loop (the reference's expected program)
func main(out: tensor[[16], index]) {
  for i in range(0, 16) {
    if i < 8 {
      y: index = 0
      call write(out, i, y)
    } else {
      z: index = 0
      call write(out, i, z)
    }
  }
}
