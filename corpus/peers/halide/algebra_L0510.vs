# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 510
x: i32
y: i32
2 * x + (2 * x + y) // 5 --> (x * 12 + y) // 5
