# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1565
x: i32
x % 3 <= 0 --> x % 3 == 0
