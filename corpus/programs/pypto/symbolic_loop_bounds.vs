# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestNoChange::test_symbolic_loop_bounds
func main(n: index, out: tensor[[8], index]) {
  for i in range(n) {
    y: index = i + 0
    call write(out, i, y)
  }
}
