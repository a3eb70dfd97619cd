# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1726
x: i32
4 - x <= 0 --> 4 <= x
