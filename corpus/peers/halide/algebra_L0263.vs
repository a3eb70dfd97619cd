# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 263
x: i32
x * 2 % 6 --> x % 3 * 2
