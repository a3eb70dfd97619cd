# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i8: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: i8
x: i8
y: i8
z: i8
select(x == y, z, w) --> select(x == y, z, w)
