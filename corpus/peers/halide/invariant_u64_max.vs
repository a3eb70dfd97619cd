# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type u64: max(x, y)
# note: expected: left unchanged (check_inv)
x: u64
y: u64
max(x, y) --> max(x, y)
