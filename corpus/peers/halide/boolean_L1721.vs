# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1721
x: i32
6 <= x * 5 --> 2 <= x
