# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_always_false_via_loop_affine_scalar
func main(out: tensor[[8], index]) {
  for i in range(0, 8, 2) {
    off: index = i * 256 + 256
    if off == 0 {
      y: index = 99
      call write(out, i, y)
    } else {
      y2: index = i + 1
      call write(out, i, y2)
    }
  }
}
