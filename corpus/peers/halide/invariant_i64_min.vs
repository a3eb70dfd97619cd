# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type i64: min(x, y)
# note: expected: left unchanged (check_inv)
x: i64
y: i64
min(x, y) --> min(x, y)
