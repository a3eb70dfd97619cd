# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 467
x: i32
(x + 2) // 3 * 3 - x --> (0 - x) % 3
