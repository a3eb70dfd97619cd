# Calls inside expressions (docs/syntax.md, "Calls inside expressions"; docs/pass.md): each call is an
# event, run once, in text order (arguments first); the pass simplifies around them, never drops,
# repeats or reorders one, and dead-code removal keeps every value that calls.
func helper(a: index) -> (index) {
  return a * 2
}
func main(a: index, b: i32, n: index in [1, 64], c: bool) -> (index) {
  k: index = 3
  x: index = helper(a) + 1 + 2                # helper(a) + 3
  unused: index = helper(k * 2) * 0            # dead, but it calls: kept, and its call stays
  y: i32 = g(f(b), a + k)_i32 * 2              # f, then g; the argument a + k becomes a + 3
  s: index = select(c, p(a), 0) + q(n)         # p runs whatever c is
  w: index = r(a) - r(a)                       # two calls: not 0
  call sink(x + 0, m(y * 1)_i32, w)
  for i in range(0, n) {
    if i < 64 { call body(i, t(i)_i32 + b) }   # the guard folds; the call stays
  }
  (acc) = for j in range(0, 4) iter (v: index = h(k)) {
    yield v + u(j)
  }
  return x + acc + s
}
