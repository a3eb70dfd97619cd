# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 442
x: i32
(x - 1) % 32 == 31 --> x % 32 == 0
