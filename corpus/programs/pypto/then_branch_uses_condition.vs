# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIfBranchConstraint::test_then_branch_uses_condition
func main(out: tensor[[8], index]) {
  for i in range(8) {
    if i < 4 {
      y: index = i // 4
      call write(out, i, y)
    }
  }
}
