# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 106
3_i32 --> 3
