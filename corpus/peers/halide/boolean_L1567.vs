# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1567
x: i32
1 <= x % 5 --> x % 5 != 0
