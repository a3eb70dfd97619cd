# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2538
0_u16 << 15 --> 0
