# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_always_false_no_else_drops_if_entirely (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8, 2) {
    call write(out, i, i)
  }
}
