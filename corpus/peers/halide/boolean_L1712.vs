# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1712
x: i32
x * 5 < 6 --> x < 2
