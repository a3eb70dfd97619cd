# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_iter_arg_type
func main() {
  N: index = 4
  acc: tensor[[N, 8], f32] = call create(N, 8)
  (r) = for _i in range(4) iter (acc_iter: tensor[[N, 8], f32] = acc) {
    yield call add(acc_iter, acc_iter)
  }
}
