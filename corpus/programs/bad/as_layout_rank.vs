# expect-error: 3:53: as_layout gives a tensor of its operand's dtype and rank (a rank-2 tensor of f32), not a rank-3 tensor of f32 with a view
func main(t: tensor[[4, 8], f32]) {
  v: tensor[[4, 8, 1], f32, view(layout=dn)] = call as_layout(t)
  call f(v)
}
