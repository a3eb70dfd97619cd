# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type f32: max(x, y)
# note: expected: left unchanged (check_inv)
x: f32
y: f32
max(x, y) --> max(x, y)
