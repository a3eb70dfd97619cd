# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1121
x: i32
max(x // 8 * 8, x) --> x
