# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type bool: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: bool
x: bool
y: bool
z: bool
select(x == y, z, w) --> select(x == y, z, w)
