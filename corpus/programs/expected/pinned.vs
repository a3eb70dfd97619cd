# vsimp simplify corpus/programs/pinned.vs (tests/test_prog_pass.c compares)
func main(n: index, t: tensor[[n, 64], f32], h: tensor[[8], f16]) -> (index) {
  pin o = t[10]
  q: index = n + 1
  pin p = h[q & 7]
  u: tensor[[n, 64], f32] = t
  pin r = u[n & 3]
  for i in range(0, 4) {
    pin s = t[i * 8 + 5]
    call use(s, o)
  }
  return p + r
}
