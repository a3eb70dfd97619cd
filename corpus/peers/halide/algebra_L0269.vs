# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 269
x: i32
x // 8 * 8 < x --> x % 8 != 0
