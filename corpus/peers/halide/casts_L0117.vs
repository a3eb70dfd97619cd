# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 117
53_u16 + 87 --> 140
