# The example program of the program format (docs/syntax.md, "Programs").
func main(x: i32, n: index, t: tensor[[n, 64], f32]) -> (i32) {
  k: index = 512
  for i in range(0, 8) {                      # sequential; also parallel(...), unroll(...), pipeline(...)
    if i < 16 { call body(i) }
  }
  (s) = for ko in range(0, n, k) iter (acc: index = 0) {
    yield acc + ko
  }
  (r) = if x > 0 { yield x } else { yield 0 }
  (w) = while iter (j: index = 0) cond j < n { yield j + 1 }
  spmd(8 // 2) { call work(r) }
  v: tensor[[k // 32, 64], f32] = call view(t, k // 32, 0)
  return r
}
