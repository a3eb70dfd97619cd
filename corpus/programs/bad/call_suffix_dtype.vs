# expect-error: 3:14: unknown dtype 'q8' in a call's suffix
func main(a: index) {
  x: index = f(a)_q8 + 1
}
