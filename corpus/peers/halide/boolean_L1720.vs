# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1720
x: i32
5 <= x * 5 --> 1 <= x
