# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1551
x: i32
(1.0 - f32(x)) * 6.0 < 3.0 --> 0.5 < f32(x)
