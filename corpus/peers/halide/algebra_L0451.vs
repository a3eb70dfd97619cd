# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 451
x: i32
x // 3 * 3 + x % 3 --> x
