# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1710
x: i32
x * 5 < 4 --> x < 1
