# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 466
x: i32
(x + 1) // 2 * 2 - x --> x % 2
