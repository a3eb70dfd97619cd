# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_scope_stmt_traversal (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    scope @level(core_group) {
      y: index = i
      call write(out, i, y)
    }
  }
}
