# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i64: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: i64
x: i64
y: i64
z: i64
select(x == y, z, w) --> select(x == y, z, w)
