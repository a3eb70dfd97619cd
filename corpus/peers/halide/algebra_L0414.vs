# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 414
x: i32
f32(x) / 4.0 --> f32(x) * 0.25
