# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u8: x < y
# note: expected: left unchanged (check_inv)
x: u8
y: u8
x < y --> x < y
