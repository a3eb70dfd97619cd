# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 440
x: i32
y: i32
(x * 8 - y) % 4 --> (0 - y) % 4
