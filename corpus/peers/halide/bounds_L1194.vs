# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1194
x: i32
min(2, x) - x --> 2 - max(x, 2)
