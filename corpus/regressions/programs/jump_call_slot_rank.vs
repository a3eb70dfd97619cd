# found by the program fuzzer (while adding break and continue, issue 14): crash (segmentation fault)
# detail: the translation validator sized its event arrays from the slot of the statement owning each
# yield; a break holding a call sits in an if without results, whose slot 0 does not exist. A jump's
# call is typed by its loop's slot: the loop counts it.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(n: index) {
  (r) = for i in range(0, n) iter (t: tensor[[4], f32] = call mk()) {
    if i == 3 { break call mk2(i) }
    yield t
  }
  call use(r)
}
