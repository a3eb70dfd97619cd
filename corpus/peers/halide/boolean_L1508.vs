# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1508
x: i32
y: i32
x - 2 < y + 3 --> x < y + 5
