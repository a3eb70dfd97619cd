# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1714
x: i32
x * 5 <= 5 --> x <= 1
