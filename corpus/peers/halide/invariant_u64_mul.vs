# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u64: x * y
# note: expected: left unchanged (check_inv)
x: u64
y: u64
x * y --> x * y
