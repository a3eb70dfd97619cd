# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1568
x: i32
x % 6 < 5 --> x % 6 != 5
