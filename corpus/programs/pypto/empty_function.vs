# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestNoChange::test_empty_function
func main() {
  pass
}
