# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2519
-32768_i16 >> 14 --> -2
