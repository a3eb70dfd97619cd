# expect-error: 3:12: a tensor view is nd or dn
func main(x: tensor[[4, 8], f32]) {
  v = call view(x, layout=nz)
  call f(v)
}
