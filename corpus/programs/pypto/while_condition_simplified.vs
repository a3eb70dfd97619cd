# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_while_condition_simplified
func main(n: index) {
  (i) = while iter (i0: index = 0) cond i0 < n + 0 {
    yield i0 + 1
  }
}
