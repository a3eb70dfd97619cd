# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_not_propagated_when_assigned_in_branch
func main(flag: bool, out: tensor[[1], index]) {
  k: index = 7
  if flag {
    k = 5
  }
  y: index = k + 1
  call write(out, 0, y)
}
