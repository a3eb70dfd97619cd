# Trailing yields inside spmd and runtime scopes; scopes are kept (an emptied one prints `pass`).
func main(c: bool, n: index) -> (index) {
  (r) = if true { spmd(2) { call w() yield 3 } } else { yield 4 }
  (q) = if n > 0 { scope { yield r + 1 } } else { yield 0 }
  (z) = if true { spmd(8 // 2) { yield 5 } } else { yield 6 }
  spmd(r) { call work(q) }
  return q
}
