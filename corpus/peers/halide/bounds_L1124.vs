# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1124
x: i32
min(x, x // 8 * 8) --> x // 8 * 8
