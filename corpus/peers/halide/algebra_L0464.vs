# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 464
x: i32
x // 2 + x % 2 --> (x + 1) // 2
