# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type bool: x || y
# note: expected: left unchanged (check_inv)
x: bool
y: bool
x || y --> x || y
