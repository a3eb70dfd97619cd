# expect-error: 3:6: a call cannot appear in a condition, loop bound, core count or type
func main(a: index) {
  if f(a) < 3 { call g(a) }
}
