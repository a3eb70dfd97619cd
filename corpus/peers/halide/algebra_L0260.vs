# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 260
x: i32
y: i32
x * 8 - y * 4 --> (x * 2 - y) * 4
