# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: main, line 2521
-32768_i16 >> 15 --> -1
