# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 481
x: i32
y: i32
(x + y) // 3 - x // 3 --> (x % 3 + y) // 3
