# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_always_false_keeps_else (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8, 2) {
    y2: index = i + 1
    call write(out, i, y2)
  }
}
