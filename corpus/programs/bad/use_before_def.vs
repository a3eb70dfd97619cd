# expect-error: 4:10: unknown variable
func main() {
  x: index = 1
  call f(y)
}
