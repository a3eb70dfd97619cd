# Loop carries and if results: dead slots pruned, live ones kept, a slot holding a call kept.
func main(c: bool, n: index) -> (index) {
  (r, s) = if c { yield 1, 2 } else { yield 3, 4 }
  (p, q) = for i in range(0, n) iter (a: index = 0, b: index = s) {
    call g(b)
    yield i, b + 1
  }
  (u) = for i in range(2, 3) iter (d: index = q) { yield d * i }
  (w) = for i in range(0, n) iter (k: index = 0) { yield call h(k) }
  return u
}
