# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1731
x: i32
x // 8 * 8 < x - 6 --> x % 8 == 7
