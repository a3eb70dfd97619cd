# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 2007
b0: bool
b1: bool
b0 && b1 || b0 --> b0
