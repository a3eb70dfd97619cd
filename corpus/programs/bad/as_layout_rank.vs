# expect-error: 3:53: as_layout gives a tensor of its operand's dtype and rank
func main(t: tensor[[4, 8], f32]) {
  v: tensor[[4, 8, 1], f32, view(layout=dn)] = call as_layout(t)
  call f(v)
}
