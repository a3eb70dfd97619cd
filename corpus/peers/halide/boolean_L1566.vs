# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1566
x: i32
0 < x % 4 --> x % 4 != 0
