# expect-error: 3:18: 'call' starts a whole value; inside an expression write the call without it
func main(a: index) {
  x: index = 1 + call f(a)
}
