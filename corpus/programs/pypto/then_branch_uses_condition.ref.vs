# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIfBranchConstraint::test_then_branch_uses_condition (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    if i < 4 {
      y: index = 0
      call write(out, i, y)
    }
  }
}
