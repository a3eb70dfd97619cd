# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1184
x: i32
min(8 - x, 2) --> 8 - max(x, 6)
