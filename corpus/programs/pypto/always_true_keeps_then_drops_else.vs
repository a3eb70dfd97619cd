# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_always_true_keeps_then_drops_else
func main(out: tensor[[8], index]) {
  for i in range(8) {
    if i < 100 {
      y: index = i + 1
      call write(out, i, y)
    } else {
      z: index = 99
      call write(out, i, z)
    }
  }
}
