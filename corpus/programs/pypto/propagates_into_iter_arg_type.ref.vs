# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestScalarConstantPropagation::test_propagates_into_iter_arg_type (the reference's expected program)
func main() {
  acc: tensor[[4, 8], f32] = call create(4, 8)
  (r) = for _i in range(0, 4) iter (acc_iter: tensor[[4, 8], f32] = acc) {
    yield call add(acc_iter, acc_iter)
  }
}
