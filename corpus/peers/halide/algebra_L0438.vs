# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 438
y: i32
(y - 8) % 4 --> y % 4
