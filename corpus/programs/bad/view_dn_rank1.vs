# expect-error: 3:12: a dn view needs rank 2 or more, the view has rank 1
func main(x: tensor[[4, 8], f32]) {
  v = call view(x, [32], layout=dn)
  call f(v)
}
