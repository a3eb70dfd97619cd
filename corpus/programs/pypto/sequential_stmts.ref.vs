# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestControlFlow::test_sequential_stmts (the reference's expected program)
func main(out_y: tensor[[8], index], out_z: tensor[[8], index]) {
  for i in range(0, 8) {
    y: index = i
    z: index = i
    call write(out_y, i, y)
    call write(out_z, i, z)
  }
}
