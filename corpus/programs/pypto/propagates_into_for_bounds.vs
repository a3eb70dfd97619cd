# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_for_bounds
func main() {
  CHUNK_K: index = 512
  for _i in range(0, 1024, CHUNK_K) {
    pass
  }
}
