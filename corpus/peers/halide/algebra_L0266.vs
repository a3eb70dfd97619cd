# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 266
x: i32
x // 8 * 8 - x --> 0 - x % 8
