# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u16: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: u16
x: u16
y: u16
z: u16
select(x == y, z, w) --> select(x == y, z, w)
