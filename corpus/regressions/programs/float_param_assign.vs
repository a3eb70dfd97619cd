# fuzz finding: parse (parser oracle), program target
# detail: the program does not parse: cannot assign to 'p1': a parameter with a declared range is read-only
# signature: parse:parser
# A float parameter cannot have a declared range (docs/syntax.md: ranges are for integer and bool
# parameters), so, like any parameter without one, it may be assigned. The parser compared a float
# node's (meaningless) integer bounds with its dtype's integer range and rejected the assignment.
# `vsimp fuzz --target program FILE` replays the program through every oracle: it must pass once fixed.
func main(p0: index, p1: f32) {
  p1 = 1.5
  call f0(p1)
}
