# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i8: min(x, y)
# note: expected: left unchanged (check_inv)
x: i8
y: i8
min(x, y) --> min(x, y)
