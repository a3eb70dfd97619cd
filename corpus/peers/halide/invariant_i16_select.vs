# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i16: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: i16
x: i16
y: i16
z: i16
select(x == y, z, w) --> select(x == y, z, w)
