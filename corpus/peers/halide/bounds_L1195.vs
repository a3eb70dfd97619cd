# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1195
x: i32
max(2, x) - x --> 2 - min(x, 2)
