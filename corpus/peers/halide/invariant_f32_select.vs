# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type f32: select(x == y, z, w)
# note: expected: left unchanged (check_inv)
w: f32
x: f32
y: f32
z: f32
select(x == y, z, w) --> select(x == y, z, w)
