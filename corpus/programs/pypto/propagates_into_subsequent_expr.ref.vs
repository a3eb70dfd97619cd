# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_subsequent_expr (the reference's expected program)
func main(out: tensor[[1], index]) {
  call write(out, 0, 513)
}
