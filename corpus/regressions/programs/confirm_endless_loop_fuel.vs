# found by the program fuzzer (two-job campaign, `vsimp fuzz --target program -j 2 --seed 1`): hang
# detail: the while loop never ends (its condition is true), the induction query finds a difference in
# it, and the reference interpreter, asked to confirm the model, ran the loop to its default fuel of
# ten million statements, evaluating every call's result in the model and printing it into the report:
# minutes per model, six models per difference. The replay now runs on 200,000 statements (a million
# for the last model) and lists 64 call results at most. Reduced by hand from a 50-line program.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main() {
  for l8 in range(1, 4) {
    v15: index = max(l8 << 63, 10)
    (r13: index, r14: tensor[[v15], f16]) = while iter (w11: index = 1, c12: tensor[[v15], f16] = call f2(l8)) cond w11 < 3 || true {
      v16: u8 = call f3(u8(i32(7_u8 - 1 - (7 - 1) // 7 * 7)))
      v17: tensor[[v15], f16] = call view(c12, v15, 0)
      yield w11 + 1, call f0()
    }
  }
  return
}
