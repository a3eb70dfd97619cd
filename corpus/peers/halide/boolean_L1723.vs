# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1723
x: i32
x // 4 < 3 --> x < 12
