# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 276
x: i32
x * 1 --> x
