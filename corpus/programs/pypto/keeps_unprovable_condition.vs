# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_keeps_unprovable_condition
func main(out: tensor[[8], index]) {
  for i in range(8) {
    if i == 0 {
      a: index = i + 1
      call write(out, i, a)
    } else {
      b: index = i + 2
      call write(out, i, b)
    }
  }
}
