# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_continue_stmt_passthrough (the reference's expected program)
func main(out: tensor[[4], index]) {
  for i in range(0, 4) {
    y: index = i
    call write(out, i, y)
    continue
  }
}
