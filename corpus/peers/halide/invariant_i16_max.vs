# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i16: max(x, y)
# note: expected: left unchanged (check_inv)
x: i16
y: i16
max(x, y) --> max(x, y)
