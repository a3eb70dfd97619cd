# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_always_false_no_else_drops_if_entirely
func main(out: tensor[[8], index]) {
  for i in range(0, 8, 2) {
    if i == -1 {
      y: index = 99
      call write(out, i, y)
    }
    call write(out, i, i)
  }
}
