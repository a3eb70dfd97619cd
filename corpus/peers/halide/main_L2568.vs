# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2568
18446744073709551615_u64 << 63 --> 9223372036854775808
