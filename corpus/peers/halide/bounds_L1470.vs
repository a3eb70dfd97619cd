# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1470
x: i32
max(3, x) - max(x, 63) --> max(min(x, 63), 3) + -63
