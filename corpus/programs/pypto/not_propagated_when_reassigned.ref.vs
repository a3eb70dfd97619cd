# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_not_propagated_when_reassigned (the reference's expected program)
func main(n: index) {
  (i) = while iter (i0: index = 0) cond i0 < n {
    yield i0 + 1
  }
}
