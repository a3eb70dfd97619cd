# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 434
y: i32
(y * 16 - 13) % 2 --> 1
