# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1716
x: i32
4 < x * 5 --> 0 < x
