# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 477
x: i32
(x + 17) // 3 - (x + 7) // 3 --> ((x + 1) % 3 + 10) // 3
