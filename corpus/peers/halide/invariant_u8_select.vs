# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u8: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: u8
x: u8
y: u8
z: u8
select(x == y, z, w) --> select(x == y, z, w)
