# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestIfBranchConstraint::test_nested_if_in_loop
func main(out: tensor[[16], index]) {
  for i in range(16) {
    if i < 8 {
      y: index = i // 8
      call write(out, i, y)
    } else {
      z: index = i // 16
      call write(out, i, z)
    }
  }
}
