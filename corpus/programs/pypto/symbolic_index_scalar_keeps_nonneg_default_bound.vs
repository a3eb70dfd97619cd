# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_symbolic_index_scalar_keeps_nonneg_default_bound
func main(a: index, b: index, out: tensor[[1], index]) {
  idx: index = a - b
  if idx < 0 {
    call write(out, 0, a)
  } else {
    call write(out, 0, idx)
  }
}
