# Communication-domain scopes (docs/syntax.md, "Statements"; docs/pass.md, "Communication domains and
# pinned slots"): the slot sizes are evaluated at the end of the body, so the pass folds them after
# walking it: from the body's unconditional bindings (m, then dead), never from a fact local to a
# branch inside it (n == 3 fixes n in the call under the branch, not in the size n * 4), but from a
# fact around the whole domain (c == 2). The slots keep their identity; an unread slot and a binding
# read only by a size (w) stay; expected output: corpus/programs/expected/domains.vs.
func main(n: index, c: index) {
  k: index = 2
  domain [buf: m * k, sig: n * 4, spare: 8 + 0] @group(world) {
    m: index = 16
    w: index = n + 1
    if n == 3 {
      call send(buf, n)
    }
    call wait(sig, m)
  }
  domain [b: w * 2] {
    call put(b)
  }
  if c == 2 {
    domain [d: c * 8] {
      call put(d, k)
    }
  }
  for i in range(0, 1) {
    domain [e: i + m] {
      call put(e, i)
    }
  }
}
