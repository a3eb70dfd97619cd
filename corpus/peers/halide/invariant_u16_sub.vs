# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u16: x - y
# note: expected: left unchanged (check_inv)
x: u16
y: u16
x - y --> x - y
