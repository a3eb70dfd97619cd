# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 483
x: i32
(x + 17) // 3 - x // 3 --> (x % 3 + 17) // 3
