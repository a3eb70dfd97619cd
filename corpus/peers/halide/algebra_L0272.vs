# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 272
x: i32
(x + 3) // 8 * 8 < x --> 3 < (x + 3) % 8
