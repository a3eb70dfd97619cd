# expect-error: 3:33: the operands of view cannot call
func main(n: index, t: tensor[[n, 8], f32]) {
  v: tensor[[n, 8], f32] = call view(t, rows(n), 0)
}
