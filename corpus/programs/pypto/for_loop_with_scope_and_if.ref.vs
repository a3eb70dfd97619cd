# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_for_loop_with_scope_and_if (the reference's expected program)
func main(out: tensor[[8], index]) {
  for i in range(0, 8) {
    scope @level(core_group) {
      if i < 4 {
        y: index = 0
        call write(out, i, y)
      }
    }
  }
}
