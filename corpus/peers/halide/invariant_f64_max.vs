# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type f64: max(x, y)
# note: expected: left unchanged (check_inv)
x: f64
y: f64
max(x, y) --> max(x, y)
