# expect-error: 2:46: the view's stride has 1 entries, the shape 2
func main(t: tensor[[4, 8], f32, view(stride=[1])]) {
  call f(t)
}
