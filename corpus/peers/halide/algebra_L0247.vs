# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 247
x: i32
x + 3 - 2 --> x + 1
