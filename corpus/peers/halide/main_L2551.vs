# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2551
-9223372036854775808_i64 << 63 --> 0
