# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1630
x: i32
21 <= x || x <= 20 --> true
