# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1569
x: i32
5 < x % 7 --> x % 7 == 6
