# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1467
x: i32
max(x, 63) - max(x, 3) --> 63 - max(min(x, 63), 3)
