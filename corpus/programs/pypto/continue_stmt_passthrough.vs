# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_continue_stmt_passthrough
func main(out: tensor[[4], index]) {
  for i in range(4) {
    y: index = i * 1
    call write(out, i, y)
    continue
  }
}
