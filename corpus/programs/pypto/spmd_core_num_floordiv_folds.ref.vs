# PyPTO tests/ut/ir/transforms/test_simplify_pass.py, TestSpmdScopeCoreNum::test_spmd_core_num_floordiv_folds (the reference's expected program)
func kernel(x: tensor[[64], f32], out: tensor[[64], f32]) -> (tensor[[64], f32]) {
  x_tile: tile[[64], f32] = call load(x, 0, 64)
  out: tensor[[64], f32] = call store(x_tile, 0, out)
  return out
}

func main(x: tensor[[64], f32], out: tensor[[64], f32]) -> (tensor[[64], f32]) {
  spmd(4) {
    out: tensor[[64], f32] = call kernel(x, out)
  }
  return out
}
