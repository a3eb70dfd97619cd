# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 441
x: i32
(x + 31) % 32 == 31 --> x % 32 == 0
