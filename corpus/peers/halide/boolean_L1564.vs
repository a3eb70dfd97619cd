# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1564
x: i32
x % 2 < 1 --> x % 2 == 0
