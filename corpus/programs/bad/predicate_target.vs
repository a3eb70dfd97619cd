# expect-error: 3:45: a dispatch predicate compares with an integer literal
func main(a: tensor[[4], f32], rc: tensor[[4], i32], m: i32) {
  o: i32 = submit fill(a) predicate rc[0] > m
}
