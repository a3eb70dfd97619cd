# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_math, line 2053
round(0.6) --> 1.0
