# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type f64: x != y
# note: expected: left unchanged (check_inv)
x: f64
y: f64
x != y --> x != y
