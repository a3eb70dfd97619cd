# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 469
x: i32
x - (x + 2) // 3 * 3 --> (x + 2) % 3 + -2
