# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 123
min(30000_i16, -123) --> -123
