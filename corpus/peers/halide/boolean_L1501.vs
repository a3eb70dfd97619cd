# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1501
x: i32
y: i32
x * 0 == y * 0 --> true
