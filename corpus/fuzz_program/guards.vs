# Guards the pass must keep: nothing makes an index non-negative by its dtype.
func main(a: index, base: index, lo: index) {
  if a < 0 { call f(a) }
  pos: index = base - 1
  if pos >= 0 {
    if pos < 8 { call g(pos) }
  }
  for i in range(lo, 10) {
    if i >= 0 { call h(i) }
  }
}
