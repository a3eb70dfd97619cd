# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_math, line 2051
floor(0.98) --> 0.0
