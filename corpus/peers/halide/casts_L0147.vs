# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 147
800000000_u32 * 5 --> 4000000000
