# fuzz finding: unsound (concrete oracle), fixed
# detail: the result does not refine the source
# signature: unsound:where_on_load
# rules: where_on_load
# Found by a fuzz campaign over graph cases with the memory and dead_code rules trusted as if the
# ledger proved them (they do not fire yet in the built-in catalog: the ledger records no proof of
# them, so `vsimp fuzz` of this file passes today; it fails once where_on_load fires): two of the three
# distinct findings in 300,000 graph inputs have this cause (one after invalid_merge); reduced from
# 120 to 13 nodes by the reducer, then by hand.
# The fold moves the select's condition into the load's mask, but the pointer's buffer is
# after(b, E): a load through it runs E (here a store out of bounds: UB) whatever the mask, so the
# masked load is UB where the source, its condition false, evaluated nothing. The lemmas
# where_load_* hold for a buffer variable b; the fold binds b to an after whose effects may be UB.
# counterexample:
#   z = false
#   b = [0_u8]
#   source = 0_u8
#   result = UB
# The recorded SOURCE --> RESULT is a wrong simplification: `vsimp check` must refute it.
# Fixed: buffer variables bind declared buffers only, pointer variables elements of one (what their
# proofs build: rewrite/match.c), and where_on_load leaves loads through after alone.
# expect: invalid
# `vsimp fuzz FILE` replays the source through every oracle: it must pass once fixed.
b: u8[1]
z: bool
select(z, load(index(after(b, store(index(b, 1), 0)), 0)), 0) --> load(index(after(b, store(index(b, 1), 0)), select(z, 0, invalid)))
