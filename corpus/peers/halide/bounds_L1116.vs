# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1116
x: i32
min(x, (x + 7) // 8 * 8) --> x
