# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1122
x: i32
max(x, x // 8 * 8) --> x
