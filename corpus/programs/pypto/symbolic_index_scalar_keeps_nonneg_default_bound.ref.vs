# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestConstantIfCollapse::test_symbolic_index_scalar_keeps_nonneg_default_bound (the reference's expected program)
func main(a: index, b: index, out: tensor[[1], index]) {
  idx: index = a - b
  call write(out, 0, idx)
}
