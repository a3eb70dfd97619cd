# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u64: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: u64
x: u64
y: u64
z: u64
select(x == y, z, w) --> select(x == y, z, w)
