# expect-error: 3:11: a slot is pinned in a tensor: 'x' is not one
func main(n: index, x: i32) {
  pin o = x[n]
}
