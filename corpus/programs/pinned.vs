# Pinned memory slots (docs/syntax.md, "Statements"; docs/pass.md, "Communication domains and pinned
# slots"): `pin o = t[i]` is an event with t's identity, the index and the byte offset i * 4 (f32);
# the pass folds the index before it becomes an offset (j * 2 with j = 5 is 10), keeps a scalar read
# only by an index (q), keeps the buffer a reference to the same tensor (the alias u is t), and never
# binds the offset. Expected output: corpus/programs/expected/pinned.vs.
func main(n: index, t: tensor[[n, 64], f32], h: tensor[[8], f16]) -> (index) {
  j: index = 5
  pin o = t[j * 2]
  q: index = n + 1
  pin p = h[q & 7]
  u: tensor[[n, 64], f32] = t
  pin r = u[(n & 3) + 0]
  for i in range(0, 4) {
    pin s = t[i * 8 + j]
    call use(s, o)
  }
  return p + r
}
