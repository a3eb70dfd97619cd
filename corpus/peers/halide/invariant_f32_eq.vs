# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type f32: x == y
# note: expected: left unchanged (check_inv)
x: f32
y: f32
x == y --> x == y
