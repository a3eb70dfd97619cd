# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 431
x: i32
y: i32
(x * 8 + y) % 4 --> y % 4
