# expect-error: 3:28: type mismatch: 'v' is a rank-2 tensor of f32, but 'd' is a tensor
func main(d: dtensor[[4, 8], f32]) {
  v: tensor[[4, 8], f32] = d
  call f(v)
}
