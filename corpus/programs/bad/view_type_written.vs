# expect-error: 3:28: a view's type is derived
func main(x: tensor[[8, 4], f32]) {
  v: tensor[[8, 4], f32] = call view(x, layout=nd)
  call f(v)
}
