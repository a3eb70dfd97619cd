# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i32: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: i32
x: i32
y: i32
z: i32
select(x == y, z, w) --> select(x == y, z, w)
