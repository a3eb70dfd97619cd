# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_if_with_break_and_continue (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    if i < 4 {
      y: index = 0
      call write(out, i, y)
      break
    } else {
      y2: index = i
      call write(out, i, y2)
      continue
    }
  }
}
