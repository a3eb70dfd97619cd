# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 314
x: i32
y: i32
(f32(x) - f32(y)) * -2.0 --> (f32(y) - f32(x)) * 2.0
