# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 217
x: i32
x + 3 + 4 --> x + 7
