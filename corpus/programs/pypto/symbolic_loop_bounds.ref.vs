# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestNoChange::test_symbolic_loop_bounds (the reference's expected program)
func main(n: index, out: tensor[[8], index]) {
  for i in range(0, n) {
    y: index = i
    call write(out, i, y)
  }
}
