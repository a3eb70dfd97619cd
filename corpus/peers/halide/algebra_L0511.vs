# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 511
x: i32
y: i32
x + (x - y) // 4 --> (x * 5 - y) // 4
