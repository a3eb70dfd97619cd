# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2556
9223372036854775807_i64 << 63 --> -9223372036854775808
