# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 146
4000000000_u32 // 5 --> 800000000
