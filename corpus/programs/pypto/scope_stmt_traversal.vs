# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_scope_stmt_traversal
func main(out: tensor[[8], index]) {
  for i in range(8) {
    scope @level(core_group) {
      y: index = i + 0
      call write(out, i, y)
    }
  }
}
