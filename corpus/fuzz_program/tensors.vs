# Tensor shapes are index expressions: folded in parameter, result and definition types; a view that
# is the identity becomes an alias.
func main(n: index, t: tensor[[n, 2 * 32], f32]) -> (tensor[[n, 64], f32]) {
  k: index = 512
  v: tensor[[n, 64], f32] = call view(t, n, 0)
  w: tensor[[k // 32, 64], f32] = call view(t, k // 32, 0)
  u: tensor[[n, k // 8], f32] = call copy(v, w)
  return u
}
