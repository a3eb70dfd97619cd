# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 280
x: i32
3 * x * 4 --> x * 12
