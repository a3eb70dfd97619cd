# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_math, line 2045
sqrt(4.0) --> 2.0
