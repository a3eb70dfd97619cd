# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 520
y: i32
(0 - y) // 5 + 1 --> (0 - y) // 5 + 1
