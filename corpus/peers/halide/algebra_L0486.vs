# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 486
x: i32
y: i32
x // 3 - (x - y) // 3 --> (y - x % 3 + 2) // 3
