# vsimp simplify corpus/programs/domains.vs (tests/test_prog_pass.c compares)
func main(n: index, c: index) {
  domain [buf: 32, sig: n * 4, spare: 8] @group(world) {
    w: index = n + 1
    if n == 3 {
      call send(buf, 3)
    }
    call wait(sig, 16)
  }
  domain [b: w * 2] {
    call put(b)
  }
  if c == 2 {
    domain [d: 16] {
      call put(d, 2)
    }
  }
  domain [e: 16] {
    call put(e, 0)
  }
}
