# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 447
x: i32
(x + 3) % 14 == 20 --> false
