# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2553
9223372036854775807_i64 >> 62 --> 1
