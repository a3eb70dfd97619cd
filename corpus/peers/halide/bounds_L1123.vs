# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1123
x: i32
min(x // 8 * 8, x) --> x // 8 * 8
