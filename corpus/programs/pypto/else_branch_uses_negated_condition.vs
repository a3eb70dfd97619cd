# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIfBranchConstraint::test_else_branch_uses_negated_condition
func main(out: tensor[[8], index]) {
  for i in range(8) {
    if i < 4 {
      y: index = i // 4
      call write(out, i, y)
    } else {
      y2: index = i // 8
      call write(out, i, y2)
    }
  }
}
