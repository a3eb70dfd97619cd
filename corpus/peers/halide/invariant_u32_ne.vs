# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u32: x != y
# note: expected: left unchanged (check_inv)
x: u32
y: u32
x != y --> x != y
