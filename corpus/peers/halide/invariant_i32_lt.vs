# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i32: x < y
# note: expected: left unchanged (check_inv)
x: i32
y: i32
x < y --> x < y
