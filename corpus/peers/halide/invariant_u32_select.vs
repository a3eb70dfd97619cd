# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u32: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: u32
x: u32
y: u32
z: u32
select(x == y, z, w) --> select(x == y, z, w)
