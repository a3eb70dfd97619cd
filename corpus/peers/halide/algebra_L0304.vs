# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 304
x: i32
x * 4 // 2 --> x * 2
