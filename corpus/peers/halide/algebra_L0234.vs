# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 234
x: i32
y: i32
z: i32
((y * 8 - z) * 16 + (z * 16 + x)) * 4 --> (y * 128 + x) * 4
