# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1729
x: i32
x // 8 * 8 < x - 9 --> false
