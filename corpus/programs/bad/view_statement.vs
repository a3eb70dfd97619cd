# expect-error: 3:8: a view with a shape or layout is a definition's value
func main(x: dtensor[[4, 8], f32]) {
  call view(x, [4, 8])
}
