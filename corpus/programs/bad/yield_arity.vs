# expect-error: 3:42: too many values
func main(c: bool) {
  (r) = if c { yield 1 } else { yield 2, 3 }
}
