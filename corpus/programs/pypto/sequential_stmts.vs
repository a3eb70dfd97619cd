# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_sequential_stmts
func main(out_y: tensor[[8], index], out_z: tensor[[8], index]) {
  for i in range(8) {
    y: index = i + 0
    z: index = i * 1
    call write(out_y, i, y)
    call write(out_z, i, z)
  }
}
