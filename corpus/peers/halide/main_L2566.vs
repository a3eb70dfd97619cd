# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2566
18446744073709551615_u64 >> 63 --> 1
