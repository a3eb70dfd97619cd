# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 324
x: i32
y: i32
z: i32
(x * -2 - y - z) // 2 --> (0 - y - z) // 2 - x
