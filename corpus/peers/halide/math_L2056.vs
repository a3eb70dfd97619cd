# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_math, line 2056
x: i32
floor(round(f32(x))) --> round(f32(x))
