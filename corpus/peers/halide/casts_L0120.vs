# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 120
4_i16 * -5 --> -20
