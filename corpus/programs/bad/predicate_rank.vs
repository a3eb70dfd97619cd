# expect-error: 4:55: a dispatch predicate reads one element: 2 indices for 'rc'
func main(a: tensor[[4], f32], rc: tensor[[2, 2], i32]) {
  (o: i32, t) = submit fill(a)
  (p: i32, u) = submit fill(a) deps [t] predicate rc[0] > 0
}
