# expect-error: 5:5: cannot assign to 'b': a domain's slots are read-only
func main(n: index) {
  domain [b: m * 4] {
    m: index = n
    b = m
  }
}
