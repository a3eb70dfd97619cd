# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_math, line 2052
ceil(0.98) --> 1.0
