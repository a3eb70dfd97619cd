# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type f64: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: f64
x: f64
y: f64
z: f64
select(x == y, z, w) --> select(x == y, z, w)
