# expect-error: 5:7: 'yield' cannot end a domain body
func main(n: index) -> (index) {
  (r) = for i in range(0, n) iter (c: index = 0) {
    domain [b: 4] {
      yield c + b
    }
  }
  return r
}
