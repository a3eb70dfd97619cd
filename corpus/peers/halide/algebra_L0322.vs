# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 322
x: i32
y: i32
z: i32
(x * 4 + y - z) // 2 --> (y - z) // 2 + x * 2
