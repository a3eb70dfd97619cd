# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 150
max(4000000023_u32, 1000) --> 4000000023
