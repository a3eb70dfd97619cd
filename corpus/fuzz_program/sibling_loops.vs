# Two sibling single-trip loops that test their loop variable: each lifted copy gets its own locals.
func main(x: index) {
  for i in range(0, 1) {
    a: index = x + i
    if i == 0 { call s1(a, i) }
  }
  for i in range(5, 6) {
    a: index = x + i
    if i == 5 { call s2(a, i) } else { call s3(a) }
  }
}
