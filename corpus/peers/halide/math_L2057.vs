# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_math, line 2057
x: i32
ceil(ceil(f32(x))) --> ceil(f32(x))
