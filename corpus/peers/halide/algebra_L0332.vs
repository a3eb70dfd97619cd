# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 332
x: i32
(x * 3 + 5) // 9 --> (x + 1) // 3
