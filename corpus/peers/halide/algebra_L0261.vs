# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 261
x: i32
y: i32
x * 4 - y * 8 --> (x - y * 2) * 4
