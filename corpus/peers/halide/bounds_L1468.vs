# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1468
x: i32
max(63, x) - max(3, x) --> 63 - max(min(x, 63), 3)
