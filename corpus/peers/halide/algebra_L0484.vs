# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 484
x: i32
y: i32
(x + 17) // 3 - (x - y) // 3 --> (y - (x + 2) % 3 + 19) // 3
