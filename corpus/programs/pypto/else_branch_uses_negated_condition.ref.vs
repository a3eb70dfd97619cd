# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIfBranchConstraint::test_else_branch_uses_negated_condition (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    if i < 4 {
      y: index = 0
      call write(out, i, y)
    } else {
      y2: index = 0
      call write(out, i, y2)
    }
  }
}
