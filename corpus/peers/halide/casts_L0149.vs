# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 149
min(4000000023_u32, 1000) --> 1000
