# fuzz finding (100,000-program campaign, seed 20261204, 3 December 2026), fixed 3 December 2026
# signature: unsound:binding_removed,view_folded
# The identity-view fold (src/pass/pass_visit.c, view_is_identity) took the loop carry c10's declared
# shape [7, 2] for its runtime shape; c10 starts as t0, of shape [p0, 64], so view(c10, 7, 0) is not
# c10. A carry's (or a loop's or if's result's) shape is its value's: the fold now leaves such a view.
func main(p0: index, t0: tensor[[p0, 2 * 32], f32]) {
  v12: index = 7
  v15: index = 0
  (r11, r14) = for l9 in range(0, 1) iter (c10: tensor[[v12, 2], f32] = t0, c13: tensor[[v15 // 1, 1], i8] = call f2()) {
    v18: tensor[[v12, 2], f32] = call view(c10, v12, 0)
    yield call f0(), call f0()
  }
}
