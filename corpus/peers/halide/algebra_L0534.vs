# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 534
y: i32
1 - (1 + y) // 2 - 1 --> (0 - y) // 2
