# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 446
x: i32
(x + 3) % 14 == -1 --> false
