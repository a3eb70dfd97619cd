# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 468
x: i32
x - (x + 1) // 2 * 2 --> (x + 1) % 2 + -1
