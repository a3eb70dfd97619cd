# fuzz finding: unsound (concrete oracle), fixed
# detail: the result does not refine the source
# signature: unsound:store_gated
# rules: store_gated
# Found by a fuzz campaign over graph cases with the memory and dead_code rules trusted as if the
# ledger proved them (they do not fire yet in the built-in catalog, so `vsimp fuzz` of this file passes
# today; it fails once store_gated fires). Found as
#   store(index(b, select(y, 1, invalid)), select(y, select(tdiv(select(y, 1, invalid), 1) <= 1, ...)))
# (140 nodes, reduced to 32), reduced by hand to the case below.
# store_gated stores its value y unconditionally where the source, its mask false, only reloaded
# the element, so it needs no_ub(y); node_may_ub (src/analysis/may_ub.c) says the value is never UB,
# but it compares an INVALID index: `tdiv(select(y, 1, invalid), 2) < 1` is UB where y is false
# (docs/semantics.md, "The invalid index"), and may_ub takes no INVALID operand into account.
# counterexample:
#   x = 0_index
#   m = false
#   y = false
#   b = [0_index]
#   source leaves b = [0_index]
#   result = UB
# The recorded SOURCE --> RESULT is a wrong simplification: `vsimp check` must refute it.
# Fixed twice over: node_may_ub counts a comparison or cast of a possibly-INVALID index as UB, and the
# engine checks a graph rule's slots for INVALID even when the matched root (a store) hides it.
# expect: invalid
# `vsimp fuzz FILE` replays the source through every oracle: it must pass once fixed.
b: index[1]
m: bool
y: bool
x: index
store(index(b, x), select(m, index(tdiv(select(y, 1, invalid), 2) < 1), load(index(b, x)))) --> store(index(b, select(m, x, invalid)), index(tdiv(select(y, 1, invalid), 2) < 1))
