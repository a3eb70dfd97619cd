# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 309
x: i32
y: i32
(x * 2 - y) // 2 --> (0 - y) // 2 + x
