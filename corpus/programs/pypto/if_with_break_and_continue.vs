# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_if_with_break_and_continue
func main(out: tensor[[8], index]) {
  for i in range(8) {
    if i < 4 {
      y: index = i // 4
      call write(out, i, y)
      break
    } else {
      y2: index = i + 0
      call write(out, i, y2)
      continue
    }
  }
}
