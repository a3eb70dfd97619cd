# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1190
x: i32
min(x, 2) - x --> 2 - max(x, 2)
