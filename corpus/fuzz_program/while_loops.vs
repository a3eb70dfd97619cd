# A while loop that never runs is removed; one with a symbolic condition is kept (a bounded proof).
func main(n: index) -> (index) {
  (w) = while iter (j: index = 10) cond j < 5 { yield j + 1 }
  (v) = while iter (j: index = w) cond j < n { call step(j) yield j + 1 }
  return v
}
