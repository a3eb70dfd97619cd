# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 110
x: i32
f32(f64(x)) --> f32(x)
