# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_subsequent_expr
func main(out: tensor[[1], index]) {
  CHUNK_K: index = 512
  y: index = CHUNK_K + 1
  call write(out, 0, y)
}
